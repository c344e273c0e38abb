# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- writes: what inject and archive may replace, and how ------------------
# docs/design.md "How perfmt writes": a new file beside the output, renamed
# over it when whole; never over a file this run reads, a link, a device or
# a FIFO, nor one a process writes; the replaced file's owner, group, mode
# and extended attributes kept.  (make test-inject-crash stops each write
# dead, or by a signal, at every step; make test-big: files past 8 GiB.)
X=$T/writes
rm -rf "$X"
mkdir -p "$X"
# a profile inject adds to here (-L -t now: this system's, recorded now)
now=$(date +%s)
ADD="-L -t $now"
cp "$P/local__exec-late.data" "$X/a.data"
cp "$X/a.data" "$X/a.orig"
# same_at FILE-A FILE-B INODE: A holds B's bytes, at the inode it had
same_at() { cmp -s "$1" "$2" && [ "$(stat -c %i "$1")" = "$3" ]; }
ino=$(stat -c %i "$X/a.data")
# refused NAME PATTERN FILE KEEP: the last run exited 2 saying PATTERN,
# and FILE holds KEEP's bytes
refused() {
	if [ "$rc" = 2 ] && grep -q -- "$2" "$W/err" && cmp -s "$3" "$4"; then
		ok "$1"
	else
		bad "$1" "rc $rc: $(cat "$W/err")"
	fi
}

# ---- what an output may be --------------------------------------------------
ln "$X/a.data" "$X/hard.data"
ln -s . "$X/dir"
for c in inject archive; do
	for o in "$X/a.data" "$X/hard.data" "$X/dir/a.data"; do
		run "$PERFMT" $c $ADD -i "$X/a.data" -o "$o"
		if [ "$rc" = 2 ] && grep -q 'the input itself' "$W/err" &&
		    same_at "$X/a.data" "$X/a.orig" "$ino"; then
			ok "$c: -o ${o#$X/}, the input itself, is refused"
		else
			bad "$c: -o ${o#$X/}, the input itself, is refused" "rc $rc: $(cat "$W/err")"
		fi
	done
done
# a --threads directory: data and every data.N are the input, and a new
# file in it would be read as one more stream
# (given as the directory, as its data file, as a link to that, or on
# standard input)
rm -rf "$X/t.data"
cp -r "$P/local__threads.data" "$X/t.data"
(cd "$X/t.data" && ls -l) >"$X/t.ls"
ln -s t.data/data "$X/t.link"
for c in inject archive; do
	for i in "$X/t.data" "$X/t.data/data" "$X/t.link" "- <$X/t.data/data"; do
		case $i in
		-*) n="- <t.data/data" ;;
		*) n=${i#$X/} ;;
		esac
		for o in data data.0 data.1 data.7; do
			run sh -c "'$PERFMT' $c $ADD -i $i -o '$X/t.data/$o'"
			if [ "$rc" = 2 ] && grep -qE 'input itself|input directory|a stream of that directory' "$W/err" &&
			    (cd "$X/t.data" && ls -l) | cmp -s - "$X/t.ls"; then
				ok "$c -i $n: -o t.data/$o is refused, the directory as it was"
			else
				bad "$c -i $n: -o t.data/$o is refused, the directory as it was" "rc $rc: $(cat "$W/err")"
			fi
		done
	done
done
# a one-file profile named data: another name beside it is no stream
mkdir -p "$X/pd"
cp "$X/a.data" "$X/pd/data"
for c in inject archive; do
	rm -f "$X/pd/out"
	run "$PERFMT" $c $ADD -i "$X/pd/data" -o "$X/pd/out"
	if no_trouble && [ -s "$X/pd/out" ]; then
		ok "$c -i DIR/data (one file): -o DIR/out is written"
	else
		bad "$c -i DIR/data (one file): -o DIR/out is written" "rc $rc: $(cat "$W/err")"
	fi
done
# a file that is not of the command's kind (a binary, a log) is not
# replaced: inject replaces a profile, archive a tar, or an empty file
printf 'a log line\n' >"$X/log.txt"
cp "$X/log.txt" "$X/log.keep"
for c in inject archive; do
	for o in "$X/log.txt" "$PERFMT"; do
		[ "$o" = "$PERFMT" ] && { cp "$PERFMT" "$X/bin"; o=$X/bin; }
		cp "$o" "$X/o.keep"
		run "$PERFMT" $c $ADD -i "$X/a.data" -o "$o"
		refused "$c: -o ${o##*/}, no file of its kind, is refused" \
		    'only an empty file or one of that kind' "$o" "$X/o.keep"
	done
done
: >"$X/empty.out"
run "$PERFMT" archive $ADD -i "$X/a.data" -o "$X/empty.out"
no_trouble && tar -tf "$X/empty.out" >/dev/null 2>&1 &&
    ok "archive: -o an empty file is replaced" ||
    bad "archive: -o an empty file is replaced" "rc $rc: $(cat "$W/err")"
# zeros: an empty tar (one record, as tar -cf writes it) is replaced; a
# file of zeros larger than that (a disk image, a swap file) is not
tar -cf "$X/none.tar" -T /dev/null
head -c 1048576 /dev/zero >"$X/zero.img"
run "$PERFMT" archive $ADD -i "$X/a.data" -o "$X/none.tar"
no_trouble && tar -tf "$X/none.tar" >/dev/null 2>&1 &&
    ok "archive: -o an empty tar is replaced" ||
    bad "archive: -o an empty tar is replaced" "rc $rc: $(cat "$W/err")"
head -c 1048576 /dev/zero >"$X/zero.keep"
run "$PERFMT" archive $ADD -i "$X/a.data" -o "$X/zero.img"
refused "archive: -o a megabyte of zeros is refused" 'not a tar archive' \
    "$X/zero.img" "$X/zero.keep"
# nothing but a regular file is replaced: a device (as root, -o /dev/null
# would replace the system's: as root the test makes a node of its own),
# a FIFO (nor is it opened: no wait)
mkfifo "$X/fifo"
dev=/dev/null
mknod "$X/null" c 1 3 2>/dev/null && dev=$X/null
for c in inject archive; do
	for o in "$dev" "$X/fifo"; do
		run "$PERFMT" $c $ADD -i "$X/a.data" -o "$o"
		if [ "$rc" = 2 ] && grep -q 'only a regular file is replaced' "$W/err" &&
		    [ -c "$dev" ] && [ -p "$X/fifo" ]; then
			ok "$c: -o ${o##*/} is refused, left as it was"
		else
			bad "$c: -o ${o##*/} is refused, left as it was" "rc $rc: $(cat "$W/err")"
		fi
	done
done
# a run that fails leaves an output that was there as it was (an older
# profile, an older tar)
cp "$X/a.orig" "$X/old.data"
(cd "$X" && tar -cf old.tar log.keep)
for c in inject archive; do
	o=$X/old.data
	[ $c = archive ] && o=$X/old.tar
	cp "$o" "$X/old.keep"
	run "$PERFMT" $c $ADD -i "$X/no-such.data" -o "$o"
	if [ "$rc" = 2 ] && cmp -s "$o" "$X/old.keep" &&
	    ! ls -a "$X" | grep -q '^\.perfmt-'; then
		ok "$c: a run that fails leaves the old output, and no new file"
	else
		bad "$c: a run that fails leaves the old output, and no new file" "rc $rc: $(ls -a "$X")"
	fi
done
# a signal that ends it leaves no new file: SIGPIPE from a reader of what
# it says that went away (| head -1)
for c in inject archive; do
	o=$X/sp.data
	[ $c = archive ] && o=$X/sp.tar
	rm -f "$o"
	sh -c "'$PERFMT' $c $ADD -i '$P/local__x86_64__small.data' -o '$o' 2>&1 | head -c 1 >/dev/null; :"
	ls -a "$X" | grep -q '^\.perfmt-' &&
	    bad "$c: SIGPIPE on what it says leaves no new file" "$(ls -a "$X")" ||
	    ok "$c: SIGPIPE on what it says leaves no new file"
	rm -f "$X"/.perfmt-*
done
# a file past RLIMIT_FSIZE: the write fails and is said, the run is not
# killed (SIGXFSZ), and an archive to standard output leaves it empty.
# Under strace the limit binds strace's own log too, and strace dies of it
if [ "${PERFMT_EMU:-}" = strace ]; then
	skipped "archive -o -: past RLIMIT_FSIZE" "strace's log file is under the same limit"
else
	run sh -c "ulimit -f 4; '$PERFMT' archive $ADD -i '$P/local__x86_64__small.data' -o - >'$X/lim.tar'"
	if [ "$rc" = 2 ] && grep -q 'write error' "$W/err" && [ ! -s "$X/lim.tar" ] &&
	    ! grep -q 'changed while' "$W/err"; then
		ok "archive -o -: past RLIMIT_FSIZE, a write error said, standard output left empty"
	else
		bad "archive -o -: past RLIMIT_FSIZE, a write error said, standard output left empty" "rc $rc: $(cat "$W/err")"
	fi
fi
# -o -: standard output, the bytes -o FILE writes; what the command says
# goes to standard error
"$PERFMT" inject $ADD -i "$X/a.data" -o "$X/f.data" >"$X/f.txt" 2>&1
run sh -c "'$PERFMT' inject $ADD -i '$X/a.data' -o - >'$X/s.data'"
if [ "$rc" = 1 ] && cmp -s "$X/f.data" "$X/s.data" && grep -q '^add ' "$W/err" &&
    [ ! -s "$W/out" ] && ! cmp -s "$X/f.data" "$X/a.data"; then
	ok "inject -o -: the new profile on standard output, the rows on standard error"
else
	bad "inject -o -: the new profile on standard output, the rows on standard error" "rc $rc: $(cat "$W/err")"
fi
run sh -c "'$PERFMT' inject $ADD -i '$X/a.data' -o - >>'$X/a.data'"
if [ "$rc" = 2 ] && same_at "$X/a.data" "$X/a.orig" "$ino"; then
	ok "inject -o -: standard output that is the input is refused"
else
	bad "inject -o -: standard output that is the input is refused" "rc $rc: $(cat "$W/err")"
fi
"$PERFMT" archive $ADD -i "$X/a.data" -o "$X/f.tar" >/dev/null 2>&1
"$PERFMT" archive $ADD -i "$X/a.data" -o - >"$X/s.tar" 2>/dev/null
cmp -s "$X/f.tar" "$X/s.tar" && ok "archive -o -: the tar -o FILE writes" ||
    bad "archive -o -: the tar -o FILE writes"
# standard output an empty file whose descriptor is not at its start
# (written, then emptied by another): the output from byte 0, no hole
for c in inject archive; do
	run sh -c "{ printf abcd; : >'$X/h.out'; '$PERFMT' $c $ADD -i '$X/a.data' -o -; } >'$X/h.out'"
	[ $c = inject ] && whole=$X/f.data || whole=$X/f.tar
	if no_trouble && cmp -s "$X/h.out" "$whole"; then
		ok "$c -o -: an emptied file past its start gets the output from byte 0"
	else
		bad "$c -o -: an emptied file past its start gets the output from byte 0" \
		    "rc $rc: $(cmp "$X/h.out" "$whole" 2>&1)"
	fi
done
# standard output a file with data in it (<>, >>): a binary, a profile,
# a tar are not written over nor into
cp "$PERFMT" "$X/vict"
cp "$X/vict" "$X/vict.keep"
for c in inject archive; do
	for r in "1<>" ">>"; do
		run sh -c "'$PERFMT' $c $ADD -i '$X/a.data' -o - $r'$X/vict'"
		refused "$c -o - $r a binary: refused, left as it was" \
		    'a file with data in it' "$X/vict" "$X/vict.keep"
	done
done
# standard error where standard output goes (2>&1): what perfmt says
# would be in the profile or the tar
for c in inject archive; do
	run sh -c "'$PERFMT' $c $ADD -i '$X/a.data' -o - >'$X/both' 2>&1; echo \$? >'$X/both.rc'"
	run sh -c "'$PERFMT' $c $ADD -i '$X/a.data' -o - 2>&1 | cat >'$X/both2'"
	if [ "$(cat "$X/both.rc")" = 2 ] && grep -q 'standard error goes where' "$X/both" &&
	    grep -q 'standard error goes where' "$X/both2" &&
	    [ "$(head -c 8 "$X/both")" = "perfmt: " ] &&
	    [ "$(head -c 8 "$X/both2")" = "perfmt: " ]; then
		ok "$c -o - 2>&1: refused, to a file and to a pipe"
	else
		bad "$c -o - 2>&1: refused, to a file and to a pipe" "$(cat "$X/both" "$X/both2" | head -c 300)"
	fi
done
# TMPDIR that cannot hold the copy: said, with what to do
run sh -c "TMPDIR='$X/no-such-dir' '$PERFMT' inject $ADD -i '$X/a.data' -o - >'$X/t.out'"
if [ "$rc" = 2 ] && grep -q 'no-such-dir.*(set TMPDIR or give -o FILE)' "$W/err" &&
    [ ! -s "$X/t.out" ]; then
	ok "inject -o -: a TMPDIR that is not there, named with the remedy"
else
	bad "inject -o -: a TMPDIR that is not there, named with the remedy" "rc $rc: $(cat "$W/err")"
fi
# no file name (-o '', -o DIR/): said before anything is read
for o in "" "$X/"; do
	run "$PERFMT" inject $ADD -i "$X/a.data" -o "$o"
	refused "inject -o '${o#$X}': no file name, said" 'no file name' "$X/a.data" "$X/a.orig"
done
# -o - to a new data.N of the directory profile given: a file it reads
(cd "$X/t.data" && ls -l) >"$X/t.ls"
run sh -c "'$PERFMT' inject $ADD -i '$X/t.data' -o - >'$X/t.data/data.9'"
if [ "$rc" = 2 ] && grep -q 'a file this run reads' "$W/err" && [ ! -s "$X/t.data/data.9" ]; then
	ok "inject -i DIR -o - >DIR/data.9: refused, nothing in it"
else
	bad "inject -i DIR -o - >DIR/data.9: refused, nothing in it" "rc $rc: $(cat "$W/err")"
fi
rm -f "$X/t.data/data.9"
# the output's directory swapped for a link elsewhere while inject reads
# standard input: the new file goes where the directory was checked,
# nothing into the other
rm -rf "$X/sw" "$X/sw.real" "$X/victim"
mkdir "$X/sw" "$X/victim"
(head -c 16 "$X/a.data"; sleep 2; tail -c +17 "$X/a.data") |
    "$PERFMT" inject $ADD -q -i - -o "$X/sw/new.data" >"$W/out" 2>"$W/err" &
sleep 1
mv "$X/sw" "$X/sw.real" && ln -s victim "$X/sw"
wait $!
rc=$?
if no_trouble && [ -s "$X/sw.real/new.data" ] && [ -z "$(ls -A "$X/victim")" ]; then
	ok "inject -o DIR/FILE: DIR swapped for a link meanwhile, the file where DIR was"
else
	bad "inject -o DIR/FILE: DIR swapped for a link meanwhile, the file where DIR was" "rc $rc: $(ls -A "$X/victim" "$X/sw.real"; cat "$W/err")"
fi
# the output written by another process while perfmt makes the new file
# (stopped as it syncs it): the rename would throw away what was written,
# so the output is left as it is, the writes in it
if [ -n "${PERFMT_EMU:-}" ] || ! strace -qq -o /dev/null true 2>/dev/null; then
	skipped "writes: the output written meanwhile" "no strace that can trace here (or under an emulator)"
else
	for c in inject archive; do
		cp "$X/a.orig" "$X/wm.data"
		(cd "$X" && tar -cf wm.tar log.keep)
		f=$X/wm.data in=$X/wm.data o=
		[ $c = archive ] && f=$X/wm.tar in=$X/a.data o=$X/wm.tar
		run_stopped fsync 1 'printf "written meanwhile" >>"$f"' \
		    "$PERFMT" $c $ADD -q -i "$in" ${o:+-o "$o"}
		if [ "$rc" = 2 ] && grep -q 'changed while perfmt wrote' "$W/err" &&
		    grep -q 'written meanwhile' "$f" && ! ls -a "$X" | grep -q '^\.perfmt-'; then
			ok "$c: an output written meanwhile is left as it is"
		else
			bad "$c: an output written meanwhile is left as it is" "rc $rc: $(cat "$W/err")"
		fi
	done
	rm -f "$X/wm.data" "$X/wm.tar"
fi
# an output whose directory is not there: the output and its directory
# named, no temporary file; the messages whole, word for word (a path
# may hold any word, so none is looked for as absent)
run "$PERFMT" inject $ADD -i "$X/a.data" -o "$X/no-such-dir/x.data"
printf 'perfmt: -o %s: its directory %s: No such file or directory\nperfmt: %s: not injected: the profile is left as it was\n' \
    "$X/no-such-dir/x.data" "$X/no-such-dir/" "$X/a.data" >"$T/want"
if [ "$rc" = 2 ] && cmp -s "$W/err" "$T/want"; then
	ok "inject -o: a directory that is not there, named"
else
	bad "inject -o: a directory that is not there, named" "rc $rc: $(diff "$T/want" "$W/err")"
fi
# an append-only directory (chattr +a): a file made there can be neither
# renamed nor removed, so none is made: in place, with -o, and for -o -
# in TMPDIR, each run said and nothing left there
mkdir -p "$X/ap"
cp "$X/a.orig" "$X/ap/a.data"
if [ "$(id -u)" != 0 ] || ! chattr +a "$X/ap" 2>/dev/null; then
	strict_skip "writes: an append-only directory" "not root, or no chattr +a on this file system"
else
	n=0
	for c in "inject $ADD -i '$X/ap/a.data'" "inject $ADD -i '$X/a.orig' -o '$X/ap/o.data'" \
	    "archive $ADD -i '$X/a.orig' -o '$X/ap/o.tar'" \
	    "inject $ADD -i '$X/a.orig' -o - >/dev/null"; do
		run sh -c "TMPDIR='$X/ap' '$PERFMT' $c"
		[ "$rc" = 2 ] && grep -q 'append-only' "$W/err" && n=$((n + 1))
	done
	left=$(ls -A "$X/ap")
	chattr -a "$X/ap"
	if [ $n = 4 ] && [ "$left" = a.data ] && cmp -s "$X/ap/a.data" "$X/a.orig"; then
		ok "writes: an append-only directory is said, and nothing is left in it"
	else
		bad "writes: an append-only directory is said, and nothing is left in it" \
		    "$n of 4 said it; left: $left; $(cat "$W/err")"
	fi
fi

# a write that fails is said as one (not as a file that changed)
if [ -c /dev/full ]; then
	run sh -c "'$PERFMT' archive $ADD -i '$P/local__x86_64__small.data' -o - >/dev/full"
	if [ "$rc" = 2 ] && grep -q 'write error' "$W/err" && ! grep -q 'changed while' "$W/err"; then
		ok "archive -o - >/dev/full: a write error, said as one"
	else
		bad "archive -o - >/dev/full: a write error, said as one" "rc $rc: $(cat "$W/err")"
	fi
fi
# standard output closed: no file perfmt opens takes its place, and the
# new profile is the one a run with standard output writes
rm -f "$X/c.data"
sh -c "'$PERFMT' inject $ADD -i - -o '$X/c.data' <'$X/a.data' >&-" 2>/dev/null
sh -c "'$PERFMT' inject $ADD -i - -o '$X/c2.data' <'$X/a.data'" >/dev/null 2>&1
cmp -s "$X/c.data" "$X/c2.data" && ok "inject: standard output closed, the same new profile" ||
    bad "inject: standard output closed, the same new profile"

# ---- standard input: a header first ----------------------------------------
rm -f "$X/z.data"
run sh -c "timeout 20 '$PERFMT' inject $ADD -i - -o '$X/z.data' </dev/zero"
if [ "$rc" = 2 ] && grep -q 'not a perf.data stream' "$W/err" &&
    [ ! -e "$X/z.data" ] && ! ls -a "$X" | grep -q '^\.perfmt-'; then
	ok "inject -i -: a stream that is no profile is refused before it is copied"
else
	bad "inject -i -: a stream that is no profile is refused before it is copied" "rc $rc: $(cat "$W/err")"
fi

# ---- a signal as the new file is made ---------------------------------------
# SIGTERM delivered as the openat that makes the new file returns (strace
# injects it): the file is made before the handler could know its name,
# or unlink it (standard input's copy), unless signals wait for that: it
# ends by SIGTERM and leaves no file.  The openat's place among the run's
# own is counted in a first traced run.
if [ -n "${PERFMT_EMU:-}" ] || ! strace -qq -o /dev/null true 2>/dev/null; then
	skipped "writes: a signal as the new file is made" "no strace that can trace here (or under an emulator)"
else
	# the output's new file, then standard input's copy (unlinked)
	for in in "$X/a.data" -; do
		how="-i $in -o $X/sig.data" what="-i ${in#$X/}"
		rm -f "$X/sig.data" "$X/ol"
		strace -qq -e trace=openat -o "$X/ol" "$PERFMT" inject $ADD \
		    $how <"$X/a.orig" >/dev/null 2>&1
		k=$(grep 'openat(' "$X/ol" | grep -n 'O_CREAT' | head -1 |
		    cut -d: -f1)
		rm -f "$X/sig.data"
		strace -qq -o /dev/null -e trace=openat \
		    -e inject=openat:signal=TERM:when=${k:-1} "$PERFMT" inject \
		    $ADD $how <"$X/a.orig" >/dev/null 2>&1
		rc=$?
		if [ -n "$k" ] && [ $rc = 143 ] && ! ls -a "$X" | grep -q '^\.perfmt-'; then
			ok "writes: a signal as the new file is made ($what): no file left"
		else
			bad "writes: a signal as the new file is made ($what): no file left" \
			    "openat $k, rc $rc: $(ls -a "$X" | grep '^\.perfmt-')"
			rm -f "$X"/.perfmt-*
		fi
	done
fi

# ---- a pipe cut before its first record ------------------------------------
# HEADER_ATTR and HEADER_FEATURE records only: a file of data size 0 would
# read as a killed recording (docs/format.md §5.1), so nothing is written
if [ -n "${HAVE_PY:-}" ] || command -v python3 >/dev/null 2>&1; then
	python3 - "$P/local__pipe.data" "$X/cut.data" <<'EOF'
import struct, sys
d = open(sys.argv[1], "rb").read()
p = 16
while p + 8 <= len(d):
    t, size = struct.unpack_from("<I", d, p)[0], struct.unpack_from("<H", d, p + 6)[0]
    if t not in (64, 65, 66, 67, 80):
        break
    p += size + (struct.unpack_from("<I", d, p + 8)[0] if t == 66 else 0)
open(sys.argv[2], "wb").write(d[:p])
EOF
	rm -f "$X/cut.out"
	run "$PERFMT" inject $ADD -i "$X/cut.data" -o "$X/cut.out"
	if [ "$rc" = 2 ] && grep -q 'no records' "$W/err" && [ ! -e "$X/cut.out" ]; then
		ok "inject: a pipe cut before its first record writes nothing"
	else
		bad "inject: a pipe cut before its first record writes nothing" "rc $rc: $(cat "$W/err")"
	fi
else
	skipped "inject: a pipe cut before its first record" "no python3"
fi

# ---- writers: perf record still recording -----------------------------------
# a process holds the profile open for writing: refused in place and with
# -o, and as an output; once it is gone, taken
cp "$P/local__killed.data" "$X/k.data"
kino=$(stat -c %i "$X/k.data")
cp "$X/k.data" "$X/k.orig"
sh -c 'exec sleep 30' 3>>"$X/k.data" &
holder=$!
rm -f "$X/k2.data"
run "$PERFMT" inject $ADD -i "$X/k.data"
r1=$rc e1=$(cat "$W/err")
run "$PERFMT" inject $ADD -i "$X/k.data" -o "$X/k2.data"
r2=$rc
run "$PERFMT" archive $ADD -i "$X/a.data" -o "$X/k.data"
r3=$rc
kill "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
if [ "$r1$r2$r3" = 222 ] && echo "$e1" | grep -q 'has it open for writing' &&
    [ ! -e "$X/k2.data" ] && same_at "$X/k.data" "$X/k.orig" "$kino"; then
	ok "inject, archive: a file another process writes is neither read nor replaced"
else
	bad "inject, archive: a file another process writes is neither read nor replaced" "rc $r1 $r2 $r3: $e1"
fi
# where no lease can be had (NFS, FUSE: strace makes F_SETLEASE fail
# here), a profile of data size 0 as -o's output may be a recording perf
# still writes, as in place: refused, the file left to its writer
if [ -n "${PERFMT_EMU:-}" ] || ! strace -qq -o /dev/null true 2>/dev/null; then
	skipped "inject: -o a recording of data size 0, no lease" "no strace that can trace here (or under an emulator)"
else
	sh -c 'exec sleep 30' 3>>"$X/k.data" &
	holder=$!
	strace -qq -e trace=fcntl -o "$X/fl" "$PERFMT" inject $ADD -i "$X/a.data" \
	    -o "$X/k.data" >/dev/null 2>&1
	k=$(grep -n 'F_SETLEASE' "$X/fl" | head -1 | cut -d: -f1)
	run strace -qq -o /dev/null -e trace=fcntl \
	    -e inject=fcntl:error=EINVAL:when=${k:-1} "$PERFMT" inject $ADD \
	    -i "$X/a.data" -o "$X/k.data"
	kill "$holder" 2>/dev/null
	wait "$holder" 2>/dev/null
	if [ -n "$k" ] && [ "$rc" = 2 ] && grep -q 'data size 0: killed, or perf still writes it' "$W/err" &&
	    same_at "$X/k.data" "$X/k.orig" "$kino"; then
		ok "inject: -o a recording of data size 0, no lease: refused"
	else
		bad "inject: -o a recording of data size 0, no lease: refused" "fcntl $k, rc $rc: $(cat "$W/err")"
	fi
fi
run "$PERFMT" inject $ADD -q -i "$X/k.data"
if no_trouble && [ "$(stat -c %i "$X/k.data")" != "$kino" ] &&
    "$PERFMT" header -i "$X/k.data" 2>/dev/null | grep -q '^damage  *none'; then
	ok "inject: in place, a killed recording no process writes is taken"
else
	bad "inject: in place, a killed recording no process writes is taken" "rc $rc: $(cat "$W/err")"
fi

# ---- another user; owner, mode, extended attributes kept --------------------
# as root: a user's profile keeps its owner, group, mode (set-id bits too),
# ACL and other extended attributes; as another user (nobody): a file it
# cannot give its owner is not replaced, and whether a recording of data
# size 0 is still written cannot be told (no lease on another's file): in
# place refused, -o taken
# a file on standard output that fills up during the copy (ENOSPC on a
# 64 KiB tmpfs, as root in a mount namespace of its own): emptied again,
# as it was
if [ "$(id -u)" != 0 ] || ! unshare -m true 2>/dev/null; then
	strict_skip "inject -o - >FILE: a full file system" "not root, or no unshare -m here"
else
	mkdir -p "$X/full"
	run unshare -m sh -c "mount -t tmpfs -o size=64k perfmt-full '$X/full' &&
	    TMPDIR='$X' '$PERFMT' inject $ADD -i '$X/a.data' -o - >'$X/full/o.data';
	    r=\$?; ls -l '$X/full/o.data' >&2; echo size \$(stat -c %s '$X/full/o.data') >&2; exit \$r"
	if [ "$rc" = 2 ] && grep -q 'write error' "$W/err" && grep -q '^size 0$' "$W/err"; then
		ok "inject -o - >FILE: a full file system, the file empty again"
	else
		bad "inject -o - >FILE: a full file system, the file empty again" "rc $rc: $(cat "$W/err")"
	fi
fi
# -o - to a disk (1<> a block device: a node of the test's own for an
# unattached loop device) is refused before a byte is read
if [ "$(id -u)" != 0 ] || ! mknod "$X/blk" b 7 200 2>/dev/null ||
    ! sh -c ": 1<>'$X/blk'" 2>/dev/null; then
	strict_skip "inject -o - 1<>DISK" "not root, or no loop device node can be opened here"
else
	run sh -c "'$PERFMT' inject $ADD -i '$X/a.data' -o - 1<>'$X/blk'"
	if [ "$rc" = 2 ] && grep -q 'a block device' "$W/err"; then
		ok "inject -o - 1<>DISK: refused"
	else
		bad "inject -o - 1<>DISK: refused" "rc $rc: $(cat "$W/err")"
	fi
fi
rm -f "$X/blk"
NOBODY="setpriv --reuid=nobody --regid=nogroup --clear-groups"
# inject adds user.perfmt.birth (the recording's birth time, perfmt.1's
# inject): every attribute that was there stays, that one may be added
attrs() { getfattr -d -m - --absolute-names "$1" 2>/dev/null |
    grep -v -e '^# file' -e '^user\.perfmt\.birth='; }
if [ "$(id -u)" != 0 ]; then
	strict_skip "writes: owner, mode and attributes kept" "not root"
elif ! command -v setfattr >/dev/null 2>&1 || ! command -v setfacl >/dev/null 2>&1; then
	strict_skip "writes: owner, mode and attributes kept" "no setfattr or setfacl (Debian: attr, acl)"
elif ! touch "$X/x" || ! setfattr -n user.perfmt -v 1 "$X/x" 2>/dev/null ||
    ! setfacl -m u:daemon:r "$X/x" 2>/dev/null; then
	strict_skip "writes: owner, mode and attributes kept" "the file system here keeps no user attributes or ACLs"
else
	for c in inject archive; do
		cp "$X/a.orig" "$X/u.data"
		f=$X/u.data
		[ $c = archive ] && { (cd "$X" && tar -cf u.tar log.keep); f=$X/u.tar; }
		chown nobody:nogroup "$f"
		chmod 2640 "$f"
		setfattr -n user.perfmt -v "kept" "$f"
		setfacl -m u:daemon:r "$f"
		before="$(stat -c '%u:%g %a' "$f") $(attrs "$f")"
		fino=$(stat -c %i "$f")
		if [ $c = inject ]; then
			run "$PERFMT" inject $ADD -q -i "$f"
		else
			run "$PERFMT" archive $ADD -q -i "$X/a.data" -o "$f"
		fi
		after="$(stat -c '%u:%g %a' "$f") $(attrs "$f")"
		if no_trouble && [ "$(stat -c %i "$f")" != "$fino" ] &&
		    [ "$before" = "$after" ] && echo "$after" | grep -q 'user.perfmt="kept"' &&
		    echo "$after" | grep -q 'system.posix_acl_access'; then
			ok "$c as root: the new file keeps owner, group, mode (setgid too), ACL and attributes"
		else
			bad "$c as root: the new file keeps owner, group, mode (setgid too), ACL and attributes" \
			    "rc $rc: before $before; after $after; $(cat "$W/err")"
		fi
	done
	mkdir -p "$X/shared"
	chmod 777 "$X/shared"
	if [ "${EMU:-}" = strace ]; then
		skipped "writes: as another user" "under make test-readonly the trace's log directory is root's"
	elif ! command -v setpriv >/dev/null 2>&1; then
		strict_skip "writes: as another user" "no setpriv (Debian: util-linux)"
	elif ! $NOBODY sh -c "[ -x '$PERFMT' ] && [ -r '$X/a.orig' ] && [ -w '$X/shared' ]" 2>/dev/null; then
		strict_skip "writes: as another user" "nobody cannot reach $PERFMT or $X (a private directory on the way)"
	else
		cp "$X/a.orig" "$X/shared/r.data"
		cp "$P/local__killed.data" "$X/shared/k.data"
		chmod 644 "$X/shared/r.data" "$X/shared/k.data"
		rino=$(stat -c %i "$X/shared/r.data")
		kino=$(stat -c %i "$X/shared/k.data")
		run $NOBODY "$PERFMT" inject $ADD -q -i "$X/shared/r.data"
		if [ "$rc" = 2 ] && grep -q "cannot have the old one's owner and group 0:0" "$W/err" &&
		    same_at "$X/shared/r.data" "$X/a.orig" "$rino" &&
		    ! ls -a "$X/shared" | grep -q '^\.perfmt-'; then
			ok "inject as nobody: root's profile is not replaced by one of nobody's"
		else
			bad "inject as nobody: root's profile is not replaced by one of nobody's" "rc $rc: $(cat "$W/err")"
		fi
		run $NOBODY "$PERFMT" inject $ADD -q -i "$X/shared/k.data"
		r1=$rc
		grep -q 'no lease to tell' "$W/err" || r1=x
		run $NOBODY "$PERFMT" inject $ADD -q -i "$X/shared/k.data" -o "$X/shared/k2.data"
		if [ "$r1" = 2 ] && no_trouble && [ -s "$X/shared/k2.data" ] &&
		    same_at "$X/shared/k.data" "$P/local__killed.data" "$kino"; then
			ok "inject as nobody: data size 0 in another's file: in place refused, -o taken"
		else
			bad "inject as nobody: data size 0 in another's file: in place refused, -o taken" "rc $r1 $rc: $(cat "$W/err")"
		fi
		# nobody's own profile in root's directory: the directory named
		mkdir -p "$X/rodir"
		chmod 755 "$X/rodir"
		cp "$X/a.orig" "$X/rodir/n.data"
		chown nobody:nogroup "$X/rodir/n.data"
		nino=$(stat -c %i "$X/rodir/n.data")
		run $NOBODY "$PERFMT" inject $ADD -q -i "$X/rodir/n.data"
		if [ "$rc" = 2 ] && grep -qF "n.data: no new file can be made in its directory ($X/rodir/)" "$W/err" &&
		    grep -q "(-o FILE writes elsewhere): Permission denied" "$W/err" &&
		    same_at "$X/rodir/n.data" "$X/a.orig" "$nino"; then
			ok "inject as nobody: a directory it cannot write to is named"
		else
			bad "inject as nobody: a directory it cannot write to is named" "rc $rc: $(cat "$W/err")"
		fi
		# root's -o in a sticky directory anyone writes to (/tmp), at a
		# name nobody took first with an empty file of its own: not
		# replaced, which would give nobody root's profile or tar (the
		# kernel's kallsyms in it); root's own file there is
		mkdir -p "$X/sticky"
		chmod 1777 "$X/sticky"
		$NOBODY sh -c "umask 0; : >'$X/sticky/o.data'; : >'$X/sticky/o.tar'"
		for c in inject archive; do
			f=$X/sticky/o.data
			[ $c = archive ] && f=$X/sticky/o.tar
			run "$PERFMT" $c $ADD -q -i "$X/a.orig" -o "$f"
			if [ "$rc" = 2 ] && grep -q "another user's file" "$W/err" &&
			    [ ! -s "$f" ] && [ "$(stat -c %U "$f")" = nobody ] &&
			    ! ls -a "$X/sticky" | grep -q '^\.perfmt-'; then
				ok "$c -o as root: nobody's file in a sticky directory is not replaced"
			else
				bad "$c -o as root: nobody's file in a sticky directory is not replaced" \
				    "rc $rc: $(ls -l "$f"; cat "$W/err")"
			fi
		done
		: >"$X/sticky/r.data"
		run "$PERFMT" inject $ADD -q -i "$X/a.orig" -o "$X/sticky/r.data"
		no_trouble && [ -s "$X/sticky/r.data" ] &&
		    ok "inject -o as root: its own file in a sticky directory is replaced" ||
		    bad "inject -o as root: its own file in a sticky directory is replaced" "rc $rc: $(cat "$W/err")"
	fi
fi

# ---- live: perf record -F 1 of a sleeping process ---------------------------
# data size 0, and nothing written for seconds: still perf's
if ! command -v perf >/dev/null 2>&1; then
	skipped "writes live: a quiet recording" "perf not installed"
elif ! (cd "$X" && perf record -N -q -o probe.data -- true) >/dev/null 2>&1; then
	skipped "writes live: a quiet recording" "perf record fails here"
else
	rm -f "$X/q.data"
	# ended once perfmt has answered, however loaded the machine (perf
	# record ends on TERM as on ^C)
	perf record -N -F 1 -o "$X/q.data" -- sleep 60 >"$X/q.out" 2>&1 &
	rec=$!
	written "$X/q.data"
	sleep 1
	qino=$(stat -c %i "$X/q.data" 2>/dev/null)
	run "$PERFMT" inject -L -i "$X/q.data"
	r1=$rc
	run "$PERFMT" inject -L -i "$X/q.data" -o "$X/q2.data"
	kill -TERM "$rec"
	wait "$rec" 2>/dev/null
	if [ "$r1" = 2 ] && [ "$rc" = 2 ] && [ -n "$qino" ] &&
	    [ "$(stat -c %i "$X/q.data")" = "$qino" ] && [ ! -e "$X/q2.data" ] &&
	    grep -q 'Captured and wrote' "$X/q.out" &&
	    perf report -i "$X/q.data" --stdio >/dev/null 2>&1; then
		ok "writes live: a quiet recording perf still writes is left to it, and perf reads it after"
	else
		bad "writes live: a quiet recording perf still writes is left to it, and perf reads it after" \
		    "rc $r1 $rc: $(cat "$W/err" "$X/q.out")"
	fi
	# a FIFO put at an object's path after its verdict: archive opens
	# every file without waiting and copies only a regular one, whose
	# build-ID it reads again: a sysroot path swapped between the binary
	# and a FIFO while archive runs never hangs it, and what it puts is
	# the binary
	if cc -O1 -o "$X/fw" "$D/elf/local__w.c" 2>/dev/null &&
	    (cd "$X" && perf record -q -o fw.data ./fw) >/dev/null 2>&1; then
		S=$X/sr$X
		mkdir -p "$S"
		cp "$X/fw" "$S/fw.bin"
		cp "$X/fw" "$S/fw"
		mkfifo "$S/fw.fifo"
		(while :; do ln -f "$S/fw.fifo" "$S/t1" && mv -f "$S/t1" "$S/fw"
		    ln -f "$S/fw.bin" "$S/t2" && mv -f "$S/t2" "$S/fw"; done) &
		swap=$!
		n=0 hung=0 put=0 wrong=0
		while [ $n -lt 40 ]; do
			n=$((n + 1))
			timeout 10 "$PERFMT" archive -L -s "$X/sr" -i "$X/fw.data" \
			    -o "$X/fw.tar" 2>"$X/fw.err" >/dev/null
			r=$?
			[ $r -gt 3 ] && hung=$((hung + 1))
			if grep -q "^put .*/fw\$" "$X/fw.err"; then
				put=$((put + 1))
				tar -xOf "$X/fw.tar" --wildcards '*/fw/*/elf' | cmp -s - "$X/fw" ||
				    wrong=$((wrong + 1))
			fi
		done
		kill "$swap" 2>/dev/null
		wait "$swap" 2>/dev/null
		if [ $hung = 0 ] && [ $wrong = 0 ]; then
			ok "writes live: a path swapped with a FIFO: $n archives, none hung, $put put the binary whole"
		else
			bad "writes live: a path swapped with a FIFO" "$hung of $n hung or crashed, $wrong of $put put something else"
		fi
		# standard output appended to a binary the profile used: not
		# a byte reaches it, nor of the objects before it
		cp "$X/fw" "$X/fwv"
		if (cd "$X" && perf record -q -o fwv.data ./fwv) >/dev/null 2>&1; then
			run sh -c "'$PERFMT' archive -L -i '$X/fwv.data' -o - >>'$X/fwv'"
			if [ "$rc" = 2 ] && grep -q 'a file with data in it' "$W/err" &&
			    cmp -s "$X/fw" "$X/fwv"; then
				ok "writes live: archive -o - into a binary it archives: refused, the binary as it was"
			else
				bad "writes live: archive -o - into a binary it archives: refused, the binary as it was" \
				    "rc $rc: $(cat "$W/err")"
			fi
			run "$PERFMT" inject -L -t "$(date +%s)" -i "$X/fwv.data" -o "$X/fwv"
			[ "$rc" = 2 ] && cmp -s "$X/fw" "$X/fwv" &&
			    ok "writes live: inject -o a binary the profile used: refused" ||
			    bad "writes live: inject -o a binary the profile used: refused" "rc $rc: $(cat "$W/err")"
		fi
	else
		skipped "writes live: a path swapped with a FIFO" "no C compiler, or perf record fails"
	fi
fi
rm -rf "$X"
