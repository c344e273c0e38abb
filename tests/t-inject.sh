# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- inject: the build-IDs a profile lacks, in a new file -----------------
J=$T/inject
# under an emulator the recordings here are another arch's: -L says whose
LOC=${PERFMT_EMU:+-L}
# under qemu-user this process's vDSO is the emulator's, not the kernel's
case ${EMU:-} in qemu*) QEMU=$EMU ;; *) QEMU= ;; esac
rm -rf "$J"
mkdir -p "$J"
# compare FILE-A FILE-B: features.py's lines of each, but BUILD_ID's (2)
feat() { python3 "$top/tests/features.py" "$1" | grep -v '^2 '; }
HAVE_PY=
command -v python3 >/dev/null 2>&1 && HAVE_PY=1
# whole FILE WHAT PATTERN: perfmt header reads FILE, finds no damage, and
# prints a line PATTERN matches
whole() {
	run "$PERFMT" header -i "$1"
	if [ "$rc" = 0 ] && grep -q '^damage  *none' "$W/out" &&
	    grep -q "$3" "$W/out"; then
		ok "$2"
	else
		bad "$2" "rc $rc: $(grep -E '^(format|data|damage|features)' \
		    "$W/out") $(cat "$W/err")"
	fi
}

# qemu_vdso_left: the last run left out, under qemu, a sampled vDSO and
# nothing else (exit 3): there this process has no vDSO of its own, or one
# of the emulator's width, never the profiled one
qemu_vdso_left() {
	[ -n "$QEMU" ] && [ "$rc" = 3 ] && [ "$(grep -c '^left ' "$W/out")" = 1 ] &&
	    grep -q '^left .* \[vdso\]  skip: ' "$W/out"
}

# refusals: nothing is written, the input stays as it was
cp "$P/local__x86_64__small.data" "$J/a.data"
cp "$J/a.data" "$J/a.orig"
run "$PERFMT" inject -i "$J/a.data" -o "$J/a.data"
expect "inject: -o the input itself is refused" 2 "the input itself"
ln -s a.data "$J/link.data"
run "$PERFMT" inject -i "$J/a.data" -o "$J/link.data"
expect "inject: -o a symbolic link is refused" 2 "a symbolic link"
run "$PERFMT" inject -i "$J/link.data"
expect "inject: in place through a link is refused" 2 "a symbolic link"
run sh -c "cat '$J/a.data' | '$PERFMT' inject -i -"
expect "inject: standard input in place is refused" 2 "give -o FILE"
run "$PERFMT" inject -i "$J/a.data" --all -H
expect "inject: --all and --hits exclude each other" 2 "exclude each other"
run "$PERFMT" inject -n -i "$J/a.data" -o "$J/n.data"
[ ! -e "$J/n.data" ] && cmp -s "$J/a.data" "$J/a.orig" &&
    ok "inject -n writes nothing" || bad "inject -n writes nothing"
cmp -s "$J/a.data" "$J/a.orig" && [ ! -L "$J/a.data" ] &&
    ok "inject: refused runs leave the input as it was" ||
    bad "inject: refused runs leave the input as it was"
ls -a "$J" | grep -q perfmt-inject &&
    bad "inject: no temporary file is left" "$(ls -a "$J")" ||
    ok "inject: no temporary file is left"

# another system's profile: nothing is added, everything is said, and in
# place the file is not touched (its mtime neither)
touch -d 2020-01-01 "$J/a.data"
run "$PERFMT" inject -t 2026-01-01 -i "$P/aarch64__b-no-buildid-B.data" -o "$J/f.data"
if [ "$rc" = 3 ] && [ "$(grep -c '^left .*foreign' "$W/out")" = 2 ] &&
    ! grep -q '^add ' "$W/out"; then
	ok "inject: a foreign profile gains nothing, exit 3"
else
	bad "inject: a foreign profile gains nothing, exit 1" "rc $rc: $(head -5 "$W/out")"
fi
# one whose every object has its ID but a JIT's map, which none can
# describe: nothing to add, nothing left, exit 0
run "$PERFMT" inject -n -t 2026-01-01 -i "$P/google__perf_data_converter__perf.data.busy.1-3.8"
if [ "$rc" = 0 ] && grep -q '^has ' "$W/out" && ! grep -q 'perf-[0-9]*\.map' "$W/out" &&
    "$PERFMT" check -H -p -t 2026-01-01 -i "$P/google__perf_data_converter__perf.data.busy.1-3.8" 2>/dev/null |
    grep -q '/tmp/perf-[0-9]*\.map'; then
	ok "inject: a JIT's map is not listed, and alone it leaves nothing out"
else
	bad "inject: a JIT's map is not listed, and alone it leaves nothing out" "rc $rc: $(cat "$W/out")"
fi
cp -p "$P/google__perf_data_converter__perf.data.busy.1-3.8" "$J/g.data"
cp -p "$J/g.data" "$J/g.orig"
run "$PERFMT" inject -q -t 2026-01-01 -i "$J/g.data"
cmp -s "$J/g.data" "$J/g.orig" && [ "$J/g.data" -ot "$J/a.orig" ] &&
    ok "inject: in place, a profile that gains nothing is not rewritten" ||
    bad "inject: in place, a profile that gains nothing is not rewritten"

# the new file keeps every other byte: the attrs and ids, the records,
# each feature section but BUILD_ID, the mode and the mtime
if [ -n "$HAVE_PY" ]; then
	for n in local__x86_64__small.data local__s390x-inject__small.b.data \
	    google__perf_data_converter__perf.data.busy.1-3.8; do
		rm -f "$J/o.data"
		"$PERFMT" inject -L -t 2026-01-01 -i "$P/$n" -o "$J/o.data" \
		    >/dev/null 2>&1
		feat "$P/$n" >"$J/f1"
		feat "$J/o.data" >"$J/f2"
		[ -s "$J/f1" ] && cmp -s "$J/f1" "$J/f2" &&
		    ok "inject: every other byte kept: $n" ||
		    bad "inject: every other byte kept: $n" "$(diff "$J/f1" "$J/f2")"
		# the BUILD_ID section holds the old entries first, unchanged
		"$PERFMT" list -i "$P/$n" 2>/dev/null >"$J/l1"
		"$PERFMT" list -i "$J/o.data" 2>/dev/null >"$J/l2"
		[ -z "$(LC_ALL=C comm -23 "$J/l1" "$J/l2")" ] &&
		    ok "inject: the recorded build-IDs are kept: $n" ||
		    bad "inject: the recorded build-IDs are kept: $n" \
		    "$(LC_ALL=C comm -23 "$J/l1" "$J/l2")"
	done
	[ "$(stat -c %a.%Y "$J/o.data")" = \
	    "$(stat -c %a.%Y "$P/google__perf_data_converter__perf.data.busy.1-3.8")" ] &&
	    ok "inject: the new file keeps the mode and mtime" ||
	    bad "inject: the new file keeps the mode and mtime"
else
	skipped "inject: every other byte kept" "no python3"
fi

# a pipe-form profile becomes a file (fmt §1.8): each HEADER_FEATURE
# payload is the section of its bit, HEADER_TRACING_DATA's that of bit 1,
# each attr keeps its ids, the other records are kept as they are; the
# recorded IDs stay; from standard input too.  perf reads what it wrote.
# perf 6.1 reads no big-endian pipe (its feature ids unswapped) nor
# COMPRESSED2: features.py only
for n in local__pipe.data local__pipe.b.data local__zpipe.data \
    local__trace.pipe.data aarch64__p-pipe.data \
    google__perf_data_converter__perf.data.piped.target-3.4 \
    google__perf_data_converter__perf.data.piped.extrabyte-3.4 \
    google__perf_data_converter__perf.data.piped.header_features_aligned-6.12 \
    mstange__linux-perf-data__fibo.compressed2.pipe.data \
    local__s390x-inject__small.b.pipe.data; do
	rm -f "$J/o.data"
	# unpacked a moment ago, a pipe's file may be one perf still writes
	cp "$P/$n" "$J/in.data"
	touch -d 2026-01-01 "$J/in.data"
	run "$PERFMT" inject -L --all -t 2026-01-01 -i "$J/in.data" -o "$J/o.data"
	whole "$J/o.data" "inject: a pipe-form profile becomes a whole file: $n" \
	    '^format  *file mode'
	if [ -n "$HAVE_PY" ]; then
		python3 "$top/tests/features.py" "$P/$n" | grep -v '^2 ' >"$J/f1"
		feat "$J/o.data" | grep -v '^head' >"$J/f2"
		grep -q '^attr' "$J/f1" && cmp -s "$J/f1" "$J/f2" &&
		    ok "inject: the pipe's features, attrs and records: $n" ||
		    bad "inject: the pipe's features, attrs and records: $n" \
		    "$(diff "$J/f1" "$J/f2")"
	fi
	"$PERFMT" list -i "$P/$n" 2>/dev/null | LC_ALL=C sort >"$J/l1"
	"$PERFMT" list -i "$J/o.data" 2>/dev/null | LC_ALL=C sort >"$J/l2"
	[ -z "$(LC_ALL=C comm -23 "$J/l1" "$J/l2")" ] &&
	    ok "inject: a pipe's recorded build-IDs are kept: $n" ||
	    bad "inject: a pipe's recorded build-IDs are kept: $n" \
	    "$(LC_ALL=C comm -23 "$J/l1" "$J/l2")"
	# perf 6.1 reads neither COMPRESSED2 nor a big-endian pipe; it reads
	# 6.12's pipe, and the file made of it (its attrs at 128 bytes or
	# fewer: perfmt inject writes them at the size they need)
	case $n in *compressed2*|*s390x*) continue ;; esac
	command -v perf >/dev/null 2>&1 || continue
	perf_rows -i - --no-children <"$P/$n" >"$J/r1"
	perf_rows -i "$J/o.data" --no-children >"$J/r2"
	[ -s "$J/r1" ] && cmp -s "$J/r1" "$J/r2" &&
	    ok "inject: perf report of the file as of the pipe: $n" ||
	    bad "inject: perf report of the file as of the pipe: $n" \
	    "$(diff "$J/r1" "$J/r2" | head -5)"
done
if command -v perf >/dev/null 2>&1; then
	# the tracepoints' formats: HEADER_TRACING_DATA's payload, bit 1
	cp "$P/local__trace.pipe.data" "$J/in.data"
	touch -d 2026-01-01 "$J/in.data"
	"$PERFMT" inject -q -L --all -t 2026-01-01 -i "$J/in.data" \
	    -o "$J/t.data" >/dev/null 2>&1
	perf script -i - <"$P/local__trace.pipe.data" >"$J/s1" 2>/dev/null
	perf script -i "$J/t.data" >"$J/s2" 2>/dev/null
	[ -s "$J/s1" ] && cmp -s "$J/s1" "$J/s2" &&
	    ok "inject: perf script of a tracepoint pipe's file as of the pipe" ||
	    bad "inject: perf script of a tracepoint pipe's file as of the pipe" \
	    "$(diff "$J/s1" "$J/s2" | head -5)"
	# big-endian: perf cannot read the pipe, and reads the file
	cp "$P/local__s390x-inject__small.b.pipe.data" "$J/in.data"
	touch -d 2026-01-01 "$J/in.data"
	"$PERFMT" inject -q -L --all -t 2026-01-01 -i "$J/in.data" \
	    -o "$J/t.data" >/dev/null 2>&1
	perf report -i "$J/t.data" --stdio -g none --sort dso 2>/dev/null |
	    grep -q '%' && ok "inject: perf reads a big-endian pipe's file" ||
	    bad "inject: perf reads a big-endian pipe's file"
fi
rm -f "$J/o.data"
run sh -c "cat '$P/local__pipe.data' | '$PERFMT' inject -L -t 2026-01-01 -i - -o '$J/o.data'"
cp "$P/local__pipe.data" "$J/in.data"
touch -d 2026-01-01 "$J/in.data"
"$PERFMT" inject -L -t 2026-01-01 -i "$J/in.data" -o "$J/o2.data" >"$W/out2" 2>&1
if cmp -s "$J/o.data" "$J/o2.data" && ! ls -a "$J" | grep -q perfmt-inject; then
	ok "inject: from standard input, the file given by name, no copy left"
else
	bad "inject: from standard input, the file given by name, no copy left" "$(ls -a "$J"; cat "$W/err")"
fi
# what standard input held is read as a pipe: its copy's times are not the
# recording's, and without CLOCK_DATA or -t nothing is added
run sh -c "cat '$P/local__pipe.data' | '$PERFMT' inject -L -i - -o '$J/o.data'"
if [ "$rc" = 1 ] && ! grep -q '^add .*/' "$W/out" &&
    grep -q '^left .* unverified: .*give -t TIME' "$W/out"; then
	ok "inject: standard input without a time: the files are left out"
else
	bad "inject: standard input without a time: the files are left out" "rc $rc: $(cat "$W/out")"
fi
# -n writes nothing, not even standard input's copy: it needs no -o, and
# says what the run that writes would add
ls -a "$J" >"$W/ls1"
now=$(date +%s)
run sh -c "cat '$P/local__pipe.data' | '$PERFMT' inject -n -L -t $now -i -"
ls -a "$J" >"$W/ls2"
"$PERFMT" inject -L -t "$now" -i "$J/in.data" -o "$J/o2.data" >"$W/out2" 2>&1
if cmp -s "$W/ls1" "$W/ls2" && grep -q 'nothing written' "$W/out" &&
    [ "$(grep -c '^add ' "$W/out")" = "$(grep -c '^add ' "$W/out2")" ] &&
    grep -q '^add ' "$W/out"; then
	ok "inject -n -i -: what would be added, nothing written"
else
	bad "inject -n -i -: what would be added, nothing written" "$(cat "$W/out" "$W/err")"
fi
run sh -c "printf 'PERFILE2\\020\\0\\0\\0\\0\\0\\0\\0' | '$PERFMT' inject -L -i - -o '$J/o3.data'"
if [ "$rc" = 2 ] && grep -q 'no HEADER_ATTR' "$W/err" && [ ! -e "$J/o3.data" ] &&
    ! ls -a "$J" | grep -q perfmt-inject; then
	ok "inject: a pipe without events is refused, no copy left"
else
	bad "inject: a pipe without events is refused, no copy left" "rc $rc: $(cat "$W/err"; ls -a "$J")"
fi

# a perf record --threads directory becomes one file (fmt §5.6): its data
# file's bytes, then each data.N stream's whole records, its sections but
# DIR_FORMAT; in place it is refused (a directory is no file to replace)
rm -rf "$J/thr.data" "$J/o.data"
cp -r "$P/local__threads.data" "$J/thr.data"
run "$PERFMT" inject -L -t 2026-11-30 -i "$J/thr.data"
expect "inject: a directory in place is refused" 2 "a directory becomes one file"
run "$PERFMT" inject -L -t 2026-11-30 -i "$J/thr.data" -o "$J/o.data"
whole "$J/o.data" "inject: a directory becomes one whole file" '^format  *file mode'
grep -q 'DIR_FORMAT' "$W/out" &&
    bad "inject: the joined file has no DIR_FORMAT" "$(grep features "$W/out")" ||
    ok "inject: the joined file has no DIR_FORMAT"
"$PERFMT" header -i "$J/thr.data" 2>/dev/null | sed -n 's/^records  *//p' >"$J/r1"
sed -n 's/^records  *//p' "$W/out" >"$J/r2"
cmp -s "$J/r1" "$J/r2" && ok "inject: the joined file has the directory's records" ||
    bad "inject: the joined file has the directory's records" "$(cat "$J/r1" "$J/r2")"
if [ -n "$HAVE_PY" ]; then
	feat "$J/thr.data" | grep -v '^24 \|^head' >"$J/f1"
	feat "$J/o.data" | grep -v '^head' >"$J/f2"
	cmp -s "$J/f1" "$J/f2" &&
	    ok "inject: a directory's sections, attrs and records, joined" ||
	    bad "inject: a directory's sections, attrs and records, joined" \
	    "$(diff "$J/f1" "$J/f2")"
fi
if command -v perf >/dev/null 2>&1; then
	perf report -i "$J/thr.data" --stdio 2>/dev/null | grep -v '^#' |
	    grep '%' >"$J/r1"
	perf report -i "$J/o.data" --stdio 2>/dev/null | grep -v '^#' |
	    grep '%' >"$J/r2"
	[ -s "$J/r1" ] && cmp -s "$J/r1" "$J/r2" &&
	    ok "inject: perf report of the joined file as of the directory" ||
	    bad "inject: perf report of the joined file as of the directory" \
	    "$(diff "$J/r1" "$J/r2" | head -5)"
fi
# the profile changed while inject reads it, perfmt stopped (strace) at
# an open and let go on after the change: refused, nothing written.  The
# walk and each pass open it by its name; the copy reads the file opened
# first.  Cases: another profile renamed to the name before the walk
# (the new file would hold the first's bytes with IDs judged from the
# other); a byte written after the walk, as the new file is made (the
# copy would hold bytes no walk judged); one written before the last
# pass of a profile of more objects than a table (perfmt-tiny); a
# directory's data.1 grown as inject opens data.0 to copy it
TINY=$(dirname "$PERFMT")/perfmt-tiny
if [ -n "${PERFMT_EMU:-}" ] || ! strace -qq -o /dev/null true 2>/dev/null; then
	skipped "inject: a profile changed while it is read" "no strace that can trace here (or under an emulator)"
else
	while IFS='|' read -r bin src at f what said; do
		[ "$bin" = tiny ] && bin=$TINY || bin=$PERFMT
		if [ ! -x "$bin" ]; then
			skipped "inject: a profile $what" "no perfmt-tiny"
			continue
		fi
		rm -rf "$J/rn.data" "$J/o.data"
		cp -r "$P/$src" "$J/rn.data"
		cp "$P/local__exec-late.data" "$J/other.data"
		strace -qq -e trace=openat -o "$J/ol" "$bin" inject -L \
		    -t "$(date +%s)" -i "$J/rn.data" -o "$J/o.data" >/dev/null 2>&1
		# the first or the last open of the profile, or the new file's
		k=$(grep 'openat(' "$J/ol" | grep -n "${at#* }" | ${at%% *} -1 |
		    cut -d: -f1)
		n=$(grep -c 'rn\.data"' "$J/ol")
		rm -f "$J/o.data"
		# a byte of f's records, or (a data.N) 8 more; the other then
		# takes the name
		act="printf X | dd of=\"$J/$f\" bs=1 seek=400 conv=notrunc 2>/dev/null"
		[ "$f" = rn.data/data.1 ] && act="printf xxxxxxxx >>\"$J/$f\""
		[ "$f" = other.data ] && act="$act; mv \"$J/other.data\" \"$J/rn.data\""
		run_stopped openat "${k:-1}" "$act" "$bin" inject -L \
		    -t "$(date +%s)" -i "$J/rn.data" -o "$J/o.data"
		if [ -n "$k" ] && { [ "$bin" = "$PERFMT" ] || [ "$n" -gt 3 ]; } &&
		    [ $rc = 2 ] && [ ! -e "$J/o.data" ] &&
		    grep -q "$said" "$W/err" &&
		    ! ls -a "$J" | grep -q '^\.perfmt-'; then
			ok "inject: a profile $what is refused"
		else
			bad "inject: a profile $what is refused" \
			    "openat $k of $n, rc $rc: $(cat "$W/err"; ls -a "$J" | grep '^\.perfmt-')"
		fi
		rm -rf "$J/rn.data" "$J/o.data" "$J/other.data"
	done <<'EOF'
perfmt|local__exec-late.data|head rn\.data"|other.data|renamed over between open and walk|replaced or written while it was read
perfmt|local__exec-late.data|head perfmt-inject-|rn.data|written between walk and copy|replaced or written while it was read
tiny|local__exec-late.data|tail rn\.data"|rn.data|written between two passes|replaced or written while it was read
perfmt|local__threads.data|tail data\.0"|rn.data/data.1|whose data.N is written between walk and copy|a data.N file was added, removed or changed since it was read
EOF
fi
# a data.N that is a link (anyone's directory profile, inject run as
# root) to a file whose bytes read as records: its file is not copied
# into the new profile, which would have the directory's data's mode
rm -rf "$J/thr.data" "$J/o.data"
cp -r "$P/local__threads.data" "$J/thr.data"
# records of type 1000, 64 bytes each
for i in 1 2 3; do
	printf '\350\003\000\000\000\000\100\000s3cret%050d' 0
done >"$J/sec"
rm -f "$J/thr.data/data.1"
ln -s "$J/sec" "$J/thr.data/data.1"
run "$PERFMT" inject -L -t 2026-11-30 -i "$J/thr.data" -o "$J/o.data"
if [ "$rc" = 2 ] && grep -q 'data.1: a symbolic link' "$W/err" && [ ! -e "$J/o.data" ]; then
	ok "inject: a data.N that is a link is not copied"
else
	bad "inject: a data.N that is a link is not copied" "rc $rc: $(cat "$W/err")"
fi
rm -rf "$J/thr.data" "$J/o.data" "$J/sec"
cp -r "$P/local__threads.data" "$J/thr.data"
# -i a FIFO a writer waits to open (perf record -o - >FIFO): refused
# without opening it, which would let the writer on into a pipe none
# reads (SIGPIPE); a reader after gets what it writes
rm -f "$J/ff" "$J/o.data"
mkfifo "$J/ff"
sh -c "exec >'$J/ff'; sleep 0.5; printf written" 2>/dev/null &
wpid=$!
sleep 0.2
run "$PERFMT" inject -i "$J/ff" -o "$J/o.data"
r1=$rc
sleep 1
got=$(timeout 5 cat "$J/ff")
wait $wpid
if [ "$r1" = 2 ] && grep -q 'ff: not a regular file' "$W/err" &&
    [ "$got" = written ] && [ ! -e "$J/o.data" ]; then
	ok "inject: -i a FIFO is refused, its writer left waiting"
else
	bad "inject: -i a FIFO is refused, its writer left waiting" "rc $r1, read '$got': $(cat "$W/err")"
fi
rm -f "$J/ff"
# a killed recording's stream may end in a cut record: joined up to the
# last whole one
truncate -s -5 "$J/thr.data/data.0"
rm -f "$J/o.data"
"$PERFMT" inject -L -t 2026-11-30 -i "$J/thr.data" -o "$J/o.data" >/dev/null 2>&1
whole "$J/o.data" "inject: a directory with a cut stream, joined whole" '^format  *file mode'
"$PERFMT" header -i "$P/local__threads.data" 2>/dev/null |
    sed -n 's/^records  *\([0-9]*\) .*/\1/p' >"$J/n1"
sed -n 's/^records  *\([0-9]*\) .*/\1/p' "$W/out" >"$J/n2"
[ "$(cat "$J/n2")" = "$(($(cat "$J/n1") - 1))" ] &&
    ok "inject: a cut stream's last record is left out, the rest kept" ||
    bad "inject: a cut stream's last record is left out, the rest kept" \
    "$(cat "$J/n1" "$J/n2")"

# a big-endian profile (s390x) given an ID: the entry in the writer's
# byte order, read back by perfmt and by perf.  Its MMAP2 records' inodes
# zeroed (a sysroot's copy gets no ID: only the file perf mapped, here
# this system's /usr/bin/ls, judged by its times, -L and -t now)
if [ -z "$HAVE_PY" ]; then
	skipped "inject: a big-endian profile's new entry" "no python3"
else
	n=local__s390x-inject__small.b.data
	rm -f "$J/be.data"
	python3 "$top/tests/mmap2.py" "$P/$n" "$J/be-in.data" ino=0 gen=0
	"$PERFMT" inject --all -L -t "$(date +%s)" -i "$J/be-in.data" -o "$J/be.data" \
	    >"$W/out" 2>/dev/null
	id=$("$PERFMT" buildid /usr/bin/ls 2>/dev/null | cut -d' ' -f1)
	if [ -n "$id" ] && grep -q "^add   $id /usr/bin/ls$" "$W/out" &&
	    "$PERFMT" list -i "$J/be.data" 2>/dev/null | grep -q "^$id /usr/bin/ls$"; then
		ok "inject: a big-endian profile's new entry, read back"
	else
		bad "inject: a big-endian profile's new entry, read back" "$(cat "$W/out")"
	fi
	if command -v perf >/dev/null 2>&1; then
		perf buildid-list -i "$J/be.data" 2>/dev/null | grep -q "^$id /usr/bin/ls$" &&
		    ok "inject: perf reads a big-endian profile's new entry" ||
		    bad "inject: perf reads a big-endian profile's new entry" \
		    "$(perf buildid-list -i "$J/be.data" 2>&1 | head -5)"
	fi
fi

# a killed recording (data size 0): the new profile ends at the last whole
# record and has a feature table; perfmt reads it without damage.  Written
# a moment ago (unpacked now) it is still taken: no process has it open for
# writing, which is what tells it from one perf record still writes
# (t-writes.sh)
for n in local__killed.data local__killed-mmap.data; do
	rm -f "$J/k.data"
	cp "$P/$n" "$J/killed.data"
	"$PERFMT" inject -L -t 2026-01-01 -i "$J/killed.data" -o "$J/k.data" \
	    >/dev/null 2>&1
	whole "$J/k.data" "inject: a killed recording becomes a whole one: $n" \
	    '^features  *BUILD_ID'
	"$PERFMT" header -i "$P/$n" 2>/dev/null | sed -n 's/^records  *//p' >"$J/r1"
	sed -n 's/^records  *//p' "$W/out" >"$J/r2"
	cmp -s "$J/r1" "$J/r2" && ok "inject: a killed recording keeps every whole record: $n" ||
	    bad "inject: a killed recording keeps every whole record: $n" "$(cat "$J/r1" "$J/r2")"
done

# ---- live: perf record -B, perfmt inject, perf as the oracle -----------------
if ! command -v perf >/dev/null 2>&1; then
	skipped "inject: live recordings" "perf not installed"
elif ! command -v cc >/dev/null 2>&1; then
	skipped "inject: live recordings" "no C compiler"
elif ! (cd "$J" && perf record -N -q -B -o probe.data -- true) >/dev/null 2>&1; then
	skipped "inject: live recordings" "perf record fails here"
else
	cd "$J" || exit 2
	cc -O1 -o w "$D/elf/local__w.c" 2>/dev/null
	# qemu-s390x gives stat() whole seconds: w built within the second
	# the recording begins would read as modified while perf recorded
	[ "$EMU" = qemu-s390x-static ] && sleep 1.2
	# records that span 0.3 s: a cp takes less, and is told from the file
	# perf wrote (docs/design.md, the profile's time)
	perf record -N -q -B -g -o b.data -- sh -c './w; sleep 0.3; ./w' \
	    >/dev/null 2>&1
	sleep 0.3
	cp -p b.data b.orig
	run "$PERFMT" inject $LOC $(vouch b.data) -i b.data -o i.data
	# a vDSO left out under qemu has no ID in the new profile either
	qvdso= want=0
	qemu_vdso_left && qvdso='\[vdso\]' want=3
	expect "inject live: -B recording, every object with samples gets its ID" $want
	# the objects: those perf report uses, the samples' and their
	# callchains' (perf script names each entry's), with perf inject
	# -b's IDs
	perf script -i b.data -F ip,dso 2>/dev/null |
	    sed -n 's/.*(\(.*\))$/\1/p' | grep -v "^\\[unknown\\]\$${qvdso:+\\|^$qvdso\$}" |
	    LC_ALL=C sort -u >h.names
	perf buildid-list -i i.data 2>/dev/null | LC_ALL=C sort >i.ids
	awk '{ print $NF }' i.ids | LC_ALL=C sort >i.names
	[ -s h.names ] && cmp -s h.names i.names &&
	    ok "inject live: the objects of perf script's samples and callchains" ||
	    bad "inject live: the objects of perf script's samples and callchains" "$(diff h.names i.names)"
	perf inject -b -i b.data -o p.data 2>/dev/null
	perf buildid-list -i p.data 2>/dev/null | LC_ALL=C sort >p.ids
	LC_ALL=C join -j 2 -o 1.1,2.1 p.ids i.ids 2>/dev/null | awk '$1 != $2' >ids.diff
	[ -s p.ids ] && [ ! -s ids.diff ] &&
	    ok "inject live: the IDs perf inject -b gives" ||
	    bad "inject live: the IDs perf inject -b gives" "$(cat ids.diff p.ids)"
	perf_rows -i i.data >r.i
	perf_rows -i p.data >r.p
	[ -s r.i ] && cmp -s r.i r.p && ok "inject live: perf report as after perf inject -b" ||
	    bad "inject live: perf report as after perf inject -b" "$(diff r.p r.i | head)"
	perf report --header-only -i i.data >/dev/null 2>&1 &&
	    ok "inject live: perf report --header-only reads it" ||
	    bad "inject live: perf report --header-only reads it"
	run "$PERFMT" check $LOC -i i.data
	expect "inject live: check says ok for every object" 0
	grep -v "^ok \\|^VERDICT\\|objects: ${qvdso:+\\|^skip  *$qvdso }" "$W/out" >rest
	[ ! -s rest ] || bad "inject live: check says ok for every object" "$(cat rest)"
	# in place: the same bytes as with -o, the old mtime
	run "$PERFMT" inject $LOC $(vouch b.orig) -q -i b.data
	cmp -s b.data i.data && [ "$(stat -c %Y b.data)" = "$(stat -c %Y b.orig)" ] &&
	    ok "inject live: in place, the file -o wrote, the old mtime" ||
	    bad "inject live: in place, the file -o wrote, the old mtime"
	# too few descriptors to open the files (ulimit -n): they are there,
	# so unreadable, never missing; refused, the output is not made
	n=4 fds=
	while [ $n -le 12 ]; do
		rm -f f.data
		(ulimit -n $n && exec "$PERFMT" inject $LOC -r b.orig -i b.orig \
		    -o f.data) >"$W/out" 2>&1
		r=$?
		if [ $r = 2 ] && [ ! -e f.data ]; then
			:
		elif { [ $r = 0 ] || [ $r = 3 ]; } && [ -s f.data ] &&
		    ! grep -q "^left .*  missing" "$W/out"; then
			:
		else
			fds="$fds; ulimit -n $n: rc $r: $(cat "$W/out")"
		fi
		n=$((n + 1))
	done
	[ -z "$fds" ] && ok "inject live: no descriptor left is unreadable, not missing" ||
	    bad "inject live: no descriptor left is unreadable, not missing" "$fds"
	# a copy's mtime proves nothing: nothing is added, exit 1
	cp b.orig c.data
	run "$PERFMT" inject $LOC -i c.data -o ci.data
	if [ "$EMU" = qemu-s390x-static ]; then
		skipped "inject live: a cp copy" "qemu-s390x gives its guests' stat() no nanoseconds"
	elif [ "$rc" = 3 ] && ! grep -q '^add .*/w$' "$W/out" &&
	    grep -q '^left .*/w  unverified' "$W/out"; then
		ok "inject live: a cp copy's objects are left out, unverified"
	else
		bad "inject live: a cp copy's objects are left out, unverified" "rc $rc: $(cat "$W/out")"
	fi
	# a file changed in place without an mtime to show it (docs/design.md):
	# cp -p over it after the recording (its ctime says so), cp over it
	# while perf recorded (before it was mapped or after?), another
	# file at its path for a while (two inodes), cp -p over it while
	# perf recorded (its ctime again)
	cp w w1 && cp w w2 && cp w w3 && cp w w4 && cp w w6 && cp w w7 &&
	    cp w w8 && sleep 0.1
	perf record -N -q -B -o e.data -- sh -c './w1; ./w2; cp w w2; ./w3;
	    mv w3 w3.old; cp w w3; ./w3; mv -f w3.old w3; ./w4; cp -p w w4;
	    ./w6; ./w7; ./w8; sleep 0.2' >/dev/null 2>&1
	sleep 0.2
	cp -p w w1
	# a link made after moves the ctime too: one anywhere proves
	# nothing (w6); perf's build-ID cache links the files it caches,
	# and one it linked is the file it read (w7), unless changed since
	# (w8: cp -p of another build into the linked inode)
	rm -rf w6.l h && mkdir h && ln w6 w6.l
	cc -O2 -o w.o2 "$D/elf/local__w.c" 2>/dev/null && touch -r w w.o2
	# (the same build cached first at another path: the .build-id link
	# leads there, and w7's own entry is PATH/ID/elf)
	cp w w7b && HOME=$J/h perf buildid-cache -a w7b >/dev/null 2>&1
	HOME=$J/h perf buildid-cache -a w7 >/dev/null 2>&1
	HOME=$J/h perf buildid-cache -a w8 >/dev/null 2>&1 && sleep 0.05 &&
	    cp -p w.o2 w8
	run env HOME="$J/h" "$PERFMT" inject $LOC $(vouch e.data) -i e.data -o ei.data
	if [ "$EMU" = qemu-s390x-static ]; then
		skipped "inject live: files changed in place" "qemu-s390x gives its guests' stat() no nanoseconds"
	else
		for c in "w1  unverified: .*its inode changed after the recording began (ctime)" \
		    "w2  unverified: .*while perf recorded" \
		    "w3  replaced: replaced while recording: perf saw two inodes" \
		    "w4  unverified: .*its inode changed after the recording began (ctime)" \
		    "w6  unverified: .*its inode changed after the recording began (ctime)" \
		    "w8  unverified: .*its inode changed after the recording began (ctime)"; do
			if [ "$rc" = 1 ] && grep -q "^left .*/$c" "$W/out"; then
				ok "inject live: left out, ${c%%:*}"
			else
				bad "inject live: left out, ${c%%:*}" "rc $rc: $(cat "$W/out")"
			fi
		done
		if [ ! -e "h/.debug" ]; then
			skipped "inject live: a file perf's cache linked" "perf buildid-cache -a cached nothing"
		elif [ "$(stat -c %h w7)" != 2 ]; then
			skipped "inject live: a file perf's cache linked" "the cache copied it (another file system)"
		else
			grep -q "^add .*/w7$" "$W/out" && ok "inject live: a file perf's cache linked since is added" ||
			    bad "inject live: a file perf's cache linked since is added" "$(cat "$W/out")"
		fi
	fi
	# -r of the file perf wrote: its time is the recording's end, and its
	# start the span of every record back from it, not of the samples
	# alone (e.data ends in a sleep, without a sample)
	run env HOME="$J/h" "$PERFMT" inject $LOC -r e.data -n -i e.data
	if [ "$EMU" = qemu-s390x-static ]; then
		skipped "inject live: -r, the records' span" "qemu-s390x gives its guests' stat() no nanoseconds"
	elif grep -q "^left .*/w2  unverified: .*while perf recorded" "$W/out" &&
	    grep -q "^left .*/w4  unverified: .*(ctime)" "$W/out"; then
		ok "inject live: -r, the start by the span of every record"
	else
		bad "inject live: -r, the start by the span of every record" "rc $rc: $(cat "$W/out")"
	fi
	# a file made while perf recorded and then run: with CLOCK_DATA the
	# MMAP2 record's time shows it written before it was mapped
	rm -f w5
	perf record -N -q -B -k mono -o k.data -- sh -c 'cp w w5 && sleep 0.1 && ./w5' >/dev/null 2>&1
	run "$PERFMT" inject $LOC -n -i k.data
	if grep -q "^add .*/w5$" "$W/out"; then
		ok "inject live: a file made while perf recorded, then run"
	else
		bad "inject live: a file made while perf recorded, then run" "rc $rc: $(cat "$W/out")"
	fi
	# one path, two files on two devices (a chroot's, a container's),
	# no ID recorded (-B): perf report reads this system's file for both
	# processes' samples, and nothing here vouches for the other's, so
	# unverified (other-device), whichever ran first; inject adds no ID
	R=/dev/shm/perfmt-chroot.$$
	if [ "$(id -u)" = 0 ] && cc -static -O1 -o s1 "$D/elf/local__w.c" 2>/dev/null &&
	    cc -static -O2 -o s2 "$D/elf/local__w.c" 2>/dev/null &&
	    mkdir -p "$R$J" && cp s2 "$R$J/s1" && sleep 1.1 &&
	    perf record -N -q -B -o ch.data -- sh -c "./s1; chroot $R $J/s1" >/dev/null 2>&1; then
		# and in either order in the file: each CPU's records come in
		# turn, so the chroot's may come first (its two MMAP2 records
		# swapped, each with its own time)
		cp ch.data ch2.data
		[ -n "$HAVE_PY" ] && python3 - ch2.data "$J/s1" <<'EOF2'
import struct, sys
f, path = sys.argv[1], sys.argv[2].encode()
d = bytearray(open(f, "rb").read())
off, size = struct.unpack_from("<QQ", d, 40)
p, found = off, []
while p + 8 <= off + size:
    t, sz = struct.unpack_from("<I", d, p)[0], struct.unpack_from("<H", d, p + 6)[0]
    if sz < 8:
        break
    if t == 10 and d[p + 72:p + sz].split(b"\0")[0] == path:
        found.append((p, sz))
    p += sz
if len(found) == 2 and found[0][1] == found[1][1]:
    (a, n), (b, _) = found
    d[a:a + n], d[b:b + n] = d[b:b + n], d[a:a + n]
open(f, "wb").write(d)
EOF2
		# the chroot's run first in time, too
		perf record -N -q -B -o chf.data -- sh -c "chroot $R $J/s1; ./s1" >/dev/null 2>&1
		# ch2.data is a copy (written anew): the time is ch.data's
		for c in ch.data ch2.data chf.data; do
			r=$(vouch $c)
			[ $c = ch2.data ] && r="-r ch.data"
			run "$PERFMT" check $LOC $r -p -i $c
			got=$(awk -F'\t' -v f="$J/s1" '$4 == f { print $1 "|" $5 }' "$W/out")
			case $got in "unverified|"*"not shown to be the file mapped"*"another device too"*|"unverified|"*"another file system"*"another device too"*) ok "inject live: a path a chroot also holds, no ID: unverified ($c)" ;;
			*) bad "inject live: a path a chroot also holds, no ID: unverified ($c)" "got '$got'" ;; esac
			run "$PERFMT" inject $LOC $r -n -i $c
			grep -q "^left .*/s1  unverified" "$W/out" &&
			    ok "inject live: a path a chroot also holds, no ID: left out ($c)" ||
			    bad "inject live: a path a chroot also holds, no ID: left out ($c)" "$(grep s1 "$W/out")"
		done
		[ -n "$HAVE_PY" ] && cmp -s ch.data ch2.data && bad "inject live: the chroot's MMAP2 put first" "no two MMAP2 records of $J/s1 of one size"
		# a default recording: perf's pass reads $J/s1 in its own
		# namespace, the host's file, and records that ID for what
		# the chroot ran (another build): the ID is no evidence, never
		# ok.  Likewise a bind mount in a private mount namespace (the
		# same device, another inode).  A file put there after the
		# recording with the same build (reinstalled) stays ok.
		perf record -N -q -o cd.data -- chroot $R $J/s1 >/dev/null 2>&1
		row_is() {	# NAME PROFILE OBJECT VERDICT|REASON, by -j
			got=$("$PERFMT" check $LOC -j -i "$2" 2>/dev/null | sed -n \
			    "s|^{\"verdict\":\"\([a-z]*\)\",\"reason\":\"\([a-z-]*\)\",\"kind\":\"user\",\"path\":\"$3\".*|\1\|\2|p")
			[ "$got" = "$4" ] && ok "inject live: $1" ||
			    bad "inject live: $1" "got '$got'"
		}
		row_is "a chroot's program, the host's ID recorded: not ok" \
		    cd.data "$J/s1" "unverified|id-not-mapped"
		"$PERFMT" inject $LOC -n -i cd.data >"$W/out" 2>&1
		grep -q "^add .*/s1$" "$W/out" && bad "inject live: a chroot's program: no ID" "$(cat "$W/out")"
		if command -v unshare >/dev/null 2>&1 && cp s1 s4 &&
		    perf record -N -q -o bm.data -- unshare -m sh -c \
		    "mount --bind $J/s2 $J/s4 && $J/s4" >/dev/null 2>&1; then
			row_is "a bind mount over the path, the host's ID recorded: not ok" \
			    bm.data "$J/s4" "unverified|id-not-mapped"
			# the host's program first, then the bind mount's at
			# its path: two files mapped there, one ID
			perf record -N -q -o b2.data -- sh -c "$J/s4; unshare -m \
			    sh -c 'mount --bind $J/s2 $J/s4 && $J/s4'" >/dev/null 2>&1
			row_is "the path's program, then a bind mount's: not ok" \
			    b2.data "$J/s4" "unverified|id-not-mapped"
		else
			skipped "inject live: a bind mount over the path" "unshare -m fails here"
		fi
		# (after the profile's time, by more than a second: qemu-s390x
		# gives whole-second mtimes)
		cp s1 s5 && perf record -N -q -o ri.data -- ./s5 >/dev/null 2>&1 &&
		    sleep 2.1 && cp s5 s5.new && mv s5.new s5
		row_is "the same build put there after the recording: ok" \
		    ri.data "$J/s5" "ok|id-matches"
	else
		skipped "inject live: a path a chroot also holds" "not root, no static libc, or perf cannot record a chroot"
	fi
	rm -rf "$R"
	# overlayfs: a program copied up to the upper layer before the
	# recording, its hidden lower copy replaced after: the merged path
	# is still the file mapped (perf report reads it right), though its
	# inode number moved from the lower copy's to the upper's
	O=$J/ov
	mkdir -p "$O/lo" "$O/up" "$O/wk" "$O/m"
	if [ "$(id -u)" = 0 ] && cp w "$O/lo/p" &&
	    mount -t overlay overlay -o "lowerdir=$O/lo,upperdir=$O/up,workdir=$O/wk" \
	    "$O/m" 2>/dev/null; then
		touch -r w "$O/m/p" && sleep 1.1 &&
		perf record -N -q -B -o ov.data -- "$O/m/p" >/dev/null 2>&1
		perf record -N -q -o ovd.data -- "$O/m/p" >/dev/null 2>&1
		cc -O2 -o "$O/lo/p.new" "$D/elf/local__w.c" 2>/dev/null &&
		    mv "$O/lo/p.new" "$O/lo/p"
		for c in "ov.data unchanged" "ovd.data ok"; do
			run "$PERFMT" check $LOC $(vouch ${c% *}) -p -i ${c% *}
			got=$(awk -F'\t' -v f="$O/m/p" '$4 == f { print $1 }' "$W/out")
			[ "$got" = "${c#* }" ] &&
			    ok "inject live: overlayfs, the lower copy replaced: ${c#* } (${c% *})" ||
			    bad "inject live: overlayfs, the lower copy replaced: ${c#* } (${c% *})" "$(cat "$W/out")"
		done
		umount "$O/m"
	else
		skipped "inject live: overlayfs" "not root, or no overlayfs here"
	fi
	rm -rf "$O"
	# a tmpfs made anew at the same place gives its files the device and
	# inode numbers of the old one's: a program put back there with
	# cp -p (an older mtime, a second link) is no file perf saw
	Tm=$J/tm
	mkdir -p "$Tm"
	if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=4m tmpfs "$Tm" 2>/dev/null; then
		cp -p w "$Tm/p" && sleep 1.1 &&
		    perf record -N -q -B -o tm.data -- "$Tm/p" >/dev/null 2>&1
		i1=$(stat -c %d:%i "$Tm/p")
		cc -O2 -o tq "$D/elf/local__w.c" 2>/dev/null && touch -r w tq
		umount "$Tm" && mount -t tmpfs -o size=4m tmpfs "$Tm" &&
		    cp -p tq "$Tm/p" && ln "$Tm/p" "$Tm/p.l"
		i2=$(stat -c %d:%i "$Tm/p")
		run "$PERFMT" check $LOC -p -i tm.data
		got=$(awk -F'\t' -v f="$Tm/p" '$4 == f { print $1 }' "$W/out")
		case $i1:$got in
		"$i2":unverified) ok "inject live: a tmpfs made anew ($i1 again): not unchanged (ctime)" ;;
		*:unverified|*:replaced) ok "inject live: a tmpfs made anew ($i1, then $i2): not unchanged" ;;
		*) bad "inject live: a tmpfs made anew ($i1, then $i2): not unchanged" "$(cat "$W/out")" ;;
		esac
		umount "$Tm"
	else
		skipped "inject live: a tmpfs made anew" "not root, or no tmpfs here"
	fi
	rmdir "$Tm" 2>/dev/null
	# records without times (or a file system without birth times): the
	# perf.data's mtime is unconfirmed, and an ID written would keep no
	# word of it; -r with the file perf wrote vouches for it
	perf record -N -q -B --no-timestamp -o nt.data -- ./w >/dev/null 2>&1
	run "$PERFMT" inject $LOC -n -i nt.data
	if [ "$rc" = 3 ] && grep -q "^left .*/w  unverified: .*but that is unconfirmed: its records hold no times" "$W/out"; then
		ok "inject live: nothing added by an unconfirmed time"
	else
		bad "inject live: nothing added by an unconfirmed time" "rc $rc: $(cat "$W/out")"
	fi
	run "$PERFMT" inject $LOC -n -r nt.data -i nt.data
	grep -q "^add .*/w$" "$W/out" && ok "inject live: -r vouches for an unconfirmed time" ||
	    bad "inject live: -r vouches for an unconfirmed time" "rc $rc: $(cat "$W/out")"
	# the vDSO: the running one, unless a process of another width had
	# its own (its map below 4 GiB, moved there by hand: --all, as no
	# sample falls in it then)
	cat >v.c <<'EOC'
#include <time.h>
int main(void) { struct timespec t; long i; for (i = 0; i < 3000000; i++) clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_nsec < 0; }
EOC
	if [ -n "$QEMU" ]; then
		skipped "inject live: the vDSO" "under $QEMU this process's vDSO is the emulator's"
	elif [ -n "$HAVE_PY" ] && cc -O1 -o v v.c 2>/dev/null &&
	    perf record -N -q -B -o vb.data -- ./v >/dev/null 2>&1; then
		sleep 0.3
		run "$PERFMT" inject $LOC -n -i vb.data
		grep -q '^add .* \[vdso\]$' "$W/out" &&
		    ok "inject live: the running vDSO's ID" ||
		    bad "inject live: the running vDSO's ID" "$(cat "$W/out")"
		python3 - vb.data v32.data <<'EOP'
import struct, sys
b = bytearray(open(sys.argv[1], "rb").read())
doff, dsize = struct.unpack_from("<QQ", b, 40)
p, end = doff, doff + dsize
while p + 8 <= end:
    t, misc, size = struct.unpack_from("<IHH", b, p)
    if size < 8:
        break
    if t == 10 and b[p + 72:p + 79] == b"[vdso]\0":
        struct.pack_into("<Q", b, p + 16, 0xf7f00000)
    p += size
open(sys.argv[2], "wb").write(b)
EOP
		touch -r vb.data v32.data
		run "$PERFMT" inject $LOC -n --all -t "$(stat -c %Y vb.data)" -i v32.data
		grep -q '^left .* \[vdso\]  .*another width' "$W/out" &&
		    ok "inject live: no vDSO ID where a process of another width ran" ||
		    bad "inject live: no vDSO ID where a process of another width ran" "$(cat "$W/out")"
	else
		skipped "inject live: the vDSO" "no python3, or perf cannot record ./v"
	fi
	# perf record -o - | perfmt inject -i - -o FILE: with CLOCK_DATA (-k)
	# the profile's time is known; perf reads the file as it read the pipe
	perf record -N -q -k mono -g -o - -- sh -c './w; sleep 0.3; ./w' \
	    2>/dev/null | tee lp.pipe | "$PERFMT" inject $LOC -i - -o lp.data \
	    >"$W/out" 2>"$W/err"
	if grep -q "^add   $("$PERFMT" buildid w | cut -d' ' -f1) $J/w\$" "$W/out" &&
	    ! grep -q '^left .*/' "$W/out" &&
	    perf buildid-list -i lp.data 2>/dev/null | grep -q " $J/w\$"; then
		ok "inject live: from perf record -o -, every file's ID"
	else
		bad "inject live: from perf record -o -, every file's ID" "$(cat "$W/out" "$W/err")"
	fi
	perf_rows -i - --no-children <lp.pipe >r.p
	perf_rows -i lp.data --no-children >r.i
	[ -s r.p ] && cmp -s r.p r.i &&
	    perf report --header-only -i lp.data >/dev/null 2>&1 &&
	    ok "inject live: perf report of the file as of the pipe" ||
	    bad "inject live: perf report of the file as of the pipe" "$(diff r.p r.i | head)"
	run "$PERFMT" check $LOC -i lp.data
	expect "inject live: check of the pipe's file says ok" 0
	ls -a | grep -q perfmt-inject &&
	    bad "inject live: no copy of the pipe is left" "$(ls -a)" ||
	    ok "inject live: no copy of the pipe is left"
	# perf record --threads -B: the directory joined into one file that
	# perf reads as it reads the directory, with the objects' IDs
	rm -rf tb.data
	if perf record -N -q -B --threads -g -o tb.data -- sh -c \
	    './w; sleep 0.3; ./w' >/dev/null 2>&1 && [ -d tb.data ]; then
		run "$PERFMT" inject $LOC $(vouch tb.data/data) -i tb.data -o tj.data
		if { [ "$rc" = 0 ] || qemu_vdso_left; } &&
		    grep -q "^add .* $J/w\$" "$W/out"; then
			ok "inject live: a --threads directory joined, every ID added"
		else
			bad "inject live: a --threads directory joined, every ID added" \
			    "rc $rc: $(cat "$W/out" "$W/err")"
		fi
		perf script -i tb.data 2>/dev/null >s.d
		perf script -i tj.data 2>/dev/null >s.j
		[ -s s.d ] && cmp -s s.d s.j &&
		    ok "inject live: perf script of the joined file as of the directory" ||
		    bad "inject live: perf script of the joined file as of the directory" \
		    "$(diff s.d s.j | head -5)"
		# with -z each data.N is a zstd stream of its own: refused
		rm -rf tz.data
		perf record -N -q -z -B --threads -o tz.data -- ./w >/dev/null 2>&1
		run "$PERFMT" inject $LOC -i tz.data -o tzj.data
		[ "$rc" = 2 ] && grep -q 'zstd stream of its own' "$W/err" &&
		    [ ! -e tzj.data ] &&
		    ok "inject live: a -z --threads directory is refused" ||
		    bad "inject live: a -z --threads directory is refused" "rc $rc: $(cat "$W/err")"
	else
		skipped "inject live: a --threads directory" "perf record --threads fails here"
	fi
	# a recording perf is still writing (data size 0, growing): refused
	# the workload runs until perfmt has answered, however loaded the machine
	rm -f live.data
	: >live.go
	perf record -N -q -F 20000 -g -o live.data -- sh -c \
	    'while [ -e live.go ]; do :; done' >/dev/null 2>&1 &
	pid=$!
	written live.data
	run "$PERFMT" inject $LOC -i live.data -o li.data
	rm -f live.go
	wait $pid
	if [ "$rc" = 2 ] && grep -q "has it open for writing" "$W/err" &&
	    [ ! -e li.data ]; then
		ok "inject live: a recording perf still writes is refused"
	else
		bad "inject live: a recording perf still writes is refused" "rc $rc: $(cat "$W/err")"
	fi
	# the binary changed in place after the recording: left out, stale;
	# rebuilt (a new inode): replaced
	sleep 0.05
	touch w
	cp -p b.orig s.data
	run "$PERFMT" inject $LOC -i s.data -o si.data
	if [ "$rc" = 1 ] && grep -q '^left .*/w  stale' "$W/out"; then
		ok "inject live: a binary changed since is left out, stale"
	else
		bad "inject live: a binary changed since is left out, stale" "rc $rc: $(cat "$W/out")"
	fi
	cc -O2 -o w2 "$D/elf/local__w.c" 2>/dev/null && mv w2 w
	run "$PERFMT" inject $LOC -i s.data -o si.data
	if [ "$rc" = 1 ] && grep -q '^left .*/w  replaced' "$W/out"; then
		ok "inject live: a rebuilt binary is left out, replaced"
	else
		bad "inject live: a rebuilt binary is left out, replaced" "rc $rc: $(cat "$W/out")"
	fi
	cd "$top" || exit 2
fi
