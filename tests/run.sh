#!/bin/sh
# The test suite: `make test` runs it as
#   PERFMT=./perfmt UNIT="tests/unit tests/unit-tiny" sh tests/run.sh
# Golden tests over the committed fixtures (tests/data), oracle tests
# against perf buildid-list and readelf -n when those exist (counted as
# skipped when not), the unit binaries, and a sweep over ../shared/testdata
# when it is there.  VERBOSE=1 prints every passing test too.  The last line
# is "N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
PERFMT=$(cd "$(dirname "${PERFMT:-./perfmt}")" && pwd)/$(basename "${PERFMT:-./perfmt}")
UNIT=${UNIT:-"tests/unit tests/unit-tiny"}
# make test-cross: PERFMT is a wrapper that runs a foreign binary under
# PERFMT_EMU (qemu-user), and every answer must equal PERFMT_HOST's
EMU=${PERFMT_EMU:-}
HOSTBIN=${PERFMT_HOST:-}
SHARED=${PERFMT_SHARED:-$top/../shared/testdata}
W=${PERFMT_WORK:-$top/tests/work}
D=$top/tests/data
E=$top/tests/expected
pass=0 fail=0 skip=0

ok() { pass=$((pass + 1)); [ -z "${VERBOSE:-}" ] || echo "ok   $1"; }
bad() {
	fail=$((fail + 1))
	echo "FAIL $1"
	[ -z "${2:-}" ] || printf '%s\n' "$2" | head -30 | sed 's/^/     /'
}
skipped() { skip=$((skip + 1)); echo "skip $1: $2"; }

# run CMD...: stdout in $W/out, stderr in $W/err, status in $rc; a signal
# (status above 128) or a hang (timeout's 124) is always a failure
run() {
	timeout 60 "$@" >"$W/out" 2>"$W/err"
	rc=$?
}
crashed() { [ "$rc" -gt 2 ]; }

# expect NAME STATUS [STDERR-SUBSTRING]: after run
expect() {
	if crashed; then
		bad "$1" "exit status $rc (crash or hang); stderr: $(cat "$W/err")"
	elif [ "$rc" -ne "$2" ]; then
		bad "$1" "exit status $rc, expected $2; stderr: $(cat "$W/err")"
	elif [ -n "${3:-}" ] && ! grep -qF -- "$3" "$W/err"; then
		bad "$1" "stderr lacks '$3': $(cat "$W/err")"
	else
		ok "$1"
	fi
}

# same NAME FILE: $W/out must equal FILE.  With REGEN=1 the golden files
# under tests/expected are written instead: review `git diff` before
# committing them.
same() {
	case ${REGEN:-}:$2 in
	1:"$E"/*) cp "$W/out" "$2" ;;
	esac
	if [ ! -f "$2" ]; then
		bad "$1" "no expected output $2"
	elif cmp -s "$W/out" "$2"; then
		ok "$1"
	else
		bad "$1" "$(diff "$2" "$W/out" | head -20)"
	fi
}

# perf 6.9 and later print buildid-list sorted by name (their dso list is a
# sorted array), as perfmt does; perf up to 6.8 prints the build-ID table's
# order.  by_name sorts an older perf's listing the newer way.
by_name() {
	LC_ALL=C awk '{ print substr($0, 42) "\t" $0 }' "$1" | LC_ALL=C sort -s \
	    -t "$(printf '\t')" -k1,1 | cut -f2-
}

# Checks that hold only for the musl build (no allocator linked, the size
# and RSS bounds, valgrind on a static binary) are skipped, with the
# reason, where make linked glibc (no musl-gcc); CI sets
# PERFMT_TEST_STRICT, and there such a skip fails.
MUSL=1
if grep -q GLIBC_TUNABLES "$PERFMT" 2>/dev/null; then
	MUSL=
fi
musl_only() {	# NAME: true if the check may run here, else said
	[ -n "$MUSL" ] && return 0
	if [ -n "${PERFMT_TEST_STRICT:-}" ]; then
		bad "$1" "the binary links glibc: make found no musl-gcc (Debian: musl-tools)"
	else
		skipped "$1" "the binary links glibc: make found no musl-gcc (Debian: musl-tools)"
	fi
	return 1
}

rm -rf "$W"
mkdir -p "$W/perf" "$W/elf" "$W/tmp"
if [ ! -x "$PERFMT" ]; then
	echo "FAIL no binary at $PERFMT (run make first)"
	echo "0 passed, 1 failed"
	exit 1
fi

# ---- fixtures ------------------------------------------------------------
for f in "$D"/perf/*.xz "$D"/elf/*.xz; do
	n=$(basename "$f" .xz)
	case $f in
	*/perf/*.tar.xz) xz -dc "$f" | (cd "$W/perf" && tar -xf -) ;;
	*/perf/*) xz -dc "$f" >"$W/perf/$n" ;;
	*) xz -dc "$f" >"$W/elf/$n" ;;
	esac
done
if [ -d "$W/perf/threads.data" ]; then
	mv "$W/perf/threads.data" "$W/perf/local__threads.data"
fi
cp "$D"/perf/*.buildids "$W/perf/"

# ---- unit tests ------------------------------------------------------------
for u in $UNIT; do
	if [ ! -x "$u" ]; then
		bad "unit $u" "not built"
		continue
	fi
	"$u" >"$W/unit.out" 2>"$W/unit.err"
	urc=$?
	while read -r word rest; do
		case $word in
		ok) ok "unit $(basename "$u"): $rest" ;;
		FAIL) bad "unit $(basename "$u"): $rest" ;;
		esac
	done <"$W/unit.out"
	[ "$urc" -le 1 ] || bad "unit $u" "exit status $urc"
done

# ---- hostile input: every fixture cut and bit-flipped (tests/sweep.c) -------
# SWEEP is "BINARY STEP" (make test: every 2nd offset; make check-asan: the
# ASan and UBSan build, every 8th).  perfmt's messages go to a log.
if [ -n "${SWEEP:-}" ] && [ -z "$EMU" ]; then
	set -- $SWEEP
	if [ -x "$1" ]; then
		files=
		for f in "$W"/perf/*; do
			[ -f "$f" ] && case $f in *.buildids) ;; *) files="$files $f" ;; esac
		done
		timeout 1800 "$@" $files >"$W/sweep.out" 2>"$W/sweep.err"
		src=$?
		while read -r word rest; do
			case $word in
			ok) ok "$rest" ;;
			FAIL) bad "$rest" ;;
			esac
		done <"$W/sweep.out"
		[ "$src" -le 1 ] || bad "sweep: exit $src (crash or sanitizer report)" \
		    "$(tail -20 "$W/sweep.err")"
	else
		skipped "sweep" "$1 not built"
	fi
fi
# and a sample under valgrind: a cut header, a cut feature area, a flipped
# byte in the records
if [ -z "$EMU" ] && command -v valgrind >/dev/null 2>&1 &&
    [ "$(basename "$PERFMT")" = perfmt ] && musl_only "valgrind sample"; then
	f=$W/perf/local__x86_64__small.data
	head -c 200 "$f" >"$W/tmp/vg1"
	head -c $(($(wc -c <"$f") - 700)) "$f" >"$W/tmp/vg2"
	cp "$f" "$W/tmp/vg3"
	printf '\377' | dd of="$W/tmp/vg3" bs=1 seek=3000 conv=notrunc 2>/dev/null
	for v in vg1 vg2 vg3; do
		timeout 120 valgrind -q --error-exitcode=99 "$PERFMT" check \
		    --hits=callchain -i "$W/tmp/$v" >/dev/null 2>"$W/tmp/$v.err"
		vrc=$?
		[ "$vrc" -le 2 ] && ok "valgrind: check of $v, exit $vrc" ||
		    bad "valgrind: check of $v" "exit $vrc: $(tail -5 "$W/tmp/$v.err")"
	done
else
	skipped "valgrind sample" "no valgrind, or not the static build"
fi

# ---- the zstd decoder (perf record -z) -----------------------------------
# tests/zstd.sh needs the zstd tool (test time only) and the driver built
# by make; it is skipped under an emulator (the host's run covers it).
if [ -n "$EMU" ]; then
	:
elif ! command -v zstd >/dev/null 2>&1; then
	skipped "zstd decoder" "no zstd tool (Debian: zstd)"
elif [ ! -x tests/zstd-test8-asan ]; then
	skipped "zstd decoder" "driver not built (make tests/zstd-test...)"
else
	sh tests/zstd.sh "$top/tests" "$W/perf" -q >"$W/zstd.log" 2>&1
	set -- $(tail -1 "$W/zstd.log")
	if [ "${2:-}" = passed, ]; then
		pass=$((pass + $1))
		fail=$((fail + $3))
		grep -A5 '^FAIL' "$W/zstd.log" | head -40
	else
		bad "zstd decoder" "$(tail -5 "$W/zstd.log")"
	fi
fi

# ---- usage, version, options --------------------------------------------
run "$PERFMT" -h
sed -n '/^<!-- usage begin -->$/,/^<!-- usage end -->$/p' README.md |
    sed '1,2d;$d' | sed '$d' >"$W/usage"
expect "-h exits 0" 0
same "-h matches README" "$W/usage"
# the man page names every option and command the usage names
for o in $(sed -n 's/^  \(-[A-Za-z]\).*/\1/p' "$W/usage" | sort -u) \
    --sysroot --symfs --hits check list header buildid; do
	grep -q -- "$(printf '%s' "$o" | sed 's/-/\\\\-/g')" perfmt.1 &&
	    ok "perfmt.1 names $o" || bad "perfmt.1 names $o"
done
if command -v groff >/dev/null 2>&1; then
	LC_ALL=C groff -man -Tutf8 -ww -z perfmt.1 >"$W/out" 2>&1
	[ ! -s "$W/out" ] && ok "perfmt.1: groff -ww has no warnings" ||
	    bad "perfmt.1: groff -ww has no warnings" "$(cat "$W/out")"
	# each option heading of the usage, as the man page renders it
	LC_ALL=C groff -man -Tascii -P-cbou perfmt.1 2>/dev/null |
	    sed -n 's/^       \(-.*\)/\1/p' >"$W/man"
	sed -n 's/^  \(-[^ ].*\)/\1/p' "$W/usage" | sed 's/   *.*//' |
	while IFS= read -r h; do
		awk -v h="$h" '$0 == h || index($0, h " ") == 1 { f = 1 }
		    END { exit !f }' "$W/man" || echo "$h"
	done >"$W/out"
	[ ! -s "$W/out" ] && ok "perfmt.1 renders each option as -h does" ||
	    bad "perfmt.1 renders each option as -h does" "$(cat "$W/out")"
else
	skipped "perfmt.1 lint" "no groff"
fi
# make install: binary and man page under DESTDIR/PREFIX, nothing else
if [ -z "$EMU" ] && command -v make >/dev/null 2>&1; then
	make -s install DESTDIR="$W/inst" PREFIX=/opt/pm >"$W/out" 2>&1
	(cd "$W/inst" && find . -type f | sort) >"$W/tmp/inst"
	printf './opt/pm/bin/perfmt\n./opt/pm/share/man/man1/perfmt.1\n' >"$W/tmp/want"
	cmp -s "$W/tmp/inst" "$W/tmp/want" && "$W/inst/opt/pm/bin/perfmt" -V |
	    grep -q "^perfmt [0-9]" && ok "make install DESTDIR= PREFIX=" ||
	    bad "make install DESTDIR= PREFIX=" "$(cat "$W/out" "$W/tmp/inst")"
	make -s uninstall DESTDIR="$W/inst" PREFIX=/opt/pm >/dev/null 2>&1
	[ -z "$(cd "$W/inst" && find . -type f)" ] && ok "make uninstall" ||
	    bad "make uninstall" "$(cd "$W/inst" && find . -type f)"
fi
run "$PERFMT" -V
expect "-V exits 0" 0
grep -q "^perfmt [0-9]" "$W/out" && grep -q PERFMT_MAXOBJ "$W/out" &&
    ok "-V prints version and budget" || bad "-V prints version and budget"
(cd "$W/tmp" && timeout 10 "$PERFMT" >"$W/out" 2>"$W/err")
rc=$?
expect "no command: check ./perf.data" 2 "perf.data: No such file"
run "$PERFMT" frobnicate
expect "unknown command" 2 "unknown command"
run "$PERFMT" list -Z
expect "unknown option" 2 "perfmt: list: unknown option -Z"
run "$PERFMT" --bogus
expect "unknown long option, as written" 2 "perfmt: check: unknown option --bogus"
run "$PERFMT" check -i
expect "-i without its argument" 2 "perfmt: check: option -i needs an argument"
run "$PERFMT" check --sysroot
expect "--sysroot without its argument" 2 "option --sysroot needs an argument"
run "$PERFMT" header -k
expect "-k with header" 2 "perfmt: header: unknown option -k"
run "$PERFMT" check -p -j -i "$W/perf/local__x86_64__small.data"
expect "-p with -j" 2 "exclude each other"
run "$PERFMT" check -t yesterday -i "$W/perf/local__x86_64__small.data"
expect "-t with a bad time" 2 "expected seconds since 1970"
run "$PERFMT" list -i "$W/perf/local__x86_64__small.data" extra
expect "stray argument" 2 "unexpected argument"
run "$PERFMT" buildid
expect "buildid without files" 2 "no FILE"
# perf's long forms: --help and --version for every command and none,
# --input for -i
"$PERFMT" -h >"$W/tmp/h" 2>&1
for c in "" check list header buildid; do
	run "$PERFMT" $c --help
	expect "${c:-no command} --help exits 0" 0
	same "${c:-no command} --help = -h" "$W/tmp/h"
	run "$PERFMT" $c --version
	expect "${c:-no command} --version exits 0" 0
	grep -q "^perfmt [0-9]" "$W/out" && ok "${c:-no command} --version" ||
	    bad "${c:-no command} --version" "$(cat "$W/out")"
done
f=$W/perf/local__x86_64__small.data
for c in check list header; do
	t=
	[ $c = check ] && t="-t 2026-11-30"
	"$PERFMT" $c $t -i "$f" >"$W/tmp/i" 2>"$W/tmp/ie"
	cat "$W/tmp/ie" >>"$W/tmp/i"
	run "$PERFMT" $c $t --input="$f"
	cat "$W/err" >>"$W/out"
	same "$c --input=FILE = -i FILE" "$W/tmp/i"
	run "$PERFMT" $c $t --input "$f"
	cat "$W/err" >>"$W/out"
	same "$c --input FILE = -i FILE" "$W/tmp/i"
done
run "$PERFMT" check --input
expect "--input without its argument" 2 "option --input needs an argument"
# an optional argument is only ever the attached one: a hint for the
# detached one
for a in callchain sample; do
	run "$PERFMT" check --hits $a -i "$f"
	expect "--hits $a: did you mean --hits=$a?" 2 "did you mean --hits=$a?"
	run "$PERFMT" list -H $a -i "$f"
	expect "list -H $a: did you mean --hits=$a?" 2 "did you mean --hits=$a?"
done
# -t names the field that is wrong
for tw in "2026-02-30|day 30: February 2026 has days 01 to 28" \
    "2024-02-30|day 30: February 2024 has days 01 to 29" \
    "2026-13-01|month 13: a month is 01 to 12" \
    "2026-01-01T24:00|hour 24: an hour is 00 to 23" \
    "2026-01-01T10:60|minute 60: a minute is 00 to 59" \
    "2026-01-01T10:00:61|second 61: a second is 00 to 60" \
    "2026-01-01x|\"x\" follows the time" \
    "1969-12-31|the year 1969 is before 1970"; do
	run "$PERFMT" check -t "${tw%%|*}" -i "$f"
	expect "-t ${tw%%|*}: ${tw#*|}" 2 "-t ${tw%%|*}: ${tw#*|}"
done
# an implausible time from -t or -r: no advice to give -t or -r
touch -d 1990-01-01 "$W/tmp/old"
for o in "-t 1990-01-01" "-r $W/tmp/old"; do
	run "$PERFMT" check -q $o -i "$f"
	grep -q "is implausible" "$W/err" && ! grep -q "give -t" "$W/err" &&
	    ok "${o%% *} implausible: no advice to give -t" ||
	    bad "${o%% *} implausible: no advice to give -t" "$(cat "$W/err")"
done
# list -j and header -j: JSON; every time in JSON is RFC 3339 UTC
for h in "" -H; do
	"$PERFMT" list $h -i "$f" 2>/dev/null | awk '{
		id = substr($0, 1, 1) == " " ? "null" : "\"" $1 "\""
		printf "{\"build_id\":%s,\"path\":\"%s\",\"guest\":null}\n",
		    id, substr($0, 42) }' >"$W/tmp/lj"
	run "$PERFMT" list $h -j -i "$f"
	same "list${h:+ $h} -j: build_id, path, guest as list${h:+ $h}" "$W/tmp/lj"
done
run "$PERFMT" header -j -i "$f"
[ "$(wc -l <"$W/out")" = 1 ] && grep -q '^{"file":' "$W/out" &&
    grep -q '"hostname":"vm","os_release":"6.18.44-fc-v782","arch":"x86_64"' "$W/out" &&
    grep -q '"records":100,"record_bytes":15208,"records_by_type":{"SAMPLE":67,"MMAP2":17,' "$W/out" &&
    grep -q '"sample_time_first_ns":3561299999250,"sample_time_first":null' "$W/out" &&
    ok "header -j: one object with the header's fields" ||
    bad "header -j: one object with the header's fields" "$(cat "$W/out" "$W/err")"
run "$PERFMT" header -j -i "$W/perf/mstange__linux-perf-data__sleep.data"
grep -q '"sample_time_first":"2025-11-08T12:23:01.453541721Z"' "$W/out" &&
    ok "header -j: sample times by CLOCK_DATA in RFC 3339" ||
    bad "header -j: sample times by CLOCK_DATA in RFC 3339" "$(cat "$W/out")"
if command -v python3 >/dev/null 2>&1; then
	for p in "$f" "$W/perf/mstange__linux-perf-data__sleep.data" \
	    "$W/perf/local__killed.data" "$W/perf/local__hostile.data"; do
		for c in "header -j" "list -j" "list -j -H" "check -j -t 2026-11-30"; do
			run "$PERFMT" $c -i "$p"
			[ "$rc" -le 1 ] && python3 -c '
import json, sys
for l in sys.stdin:
    json.loads(l)' <"$W/out" && ok "$c: JSON: $(basename "$p")" ||
			    bad "$c: JSON: $(basename "$p")"
		done
	done
else
	skipped "-j parsed as JSON" "no python3"
fi
run "$PERFMT" check -j -t 2026-11-30 -i "$f"
tail -1 "$W/out" | grep -q '"profile_time":"2026-11-30T00:00:00.000000000Z"' &&
    ok "check -j: profile_time in RFC 3339" ||
    bad "check -j: profile_time in RFC 3339" "$(tail -1 "$W/out")"
# the table names its columns above the first row (the ID beside the
# verdict is the recorded one); -q, -p and -j have no such line
run "$PERFMT" check -t 2026-11-30 -i "$f"
[ "$(head -1 "$W/out")" = "VERDICT    RECORDED-BUILD-ID                        OBJECT  DETAIL" ] &&
    [ "$(grep -c '^VERDICT ' "$W/out")" = 1 ] &&
    ok "check: a line names the table's columns" ||
    bad "check: a line names the table's columns" "$(head -3 "$W/out")"
for o in -q -p -j; do
	run "$PERFMT" check $o -t 2026-11-30 -i "$f"
	grep -q 'VERDICT\|RECORDED-BUILD-ID' "$W/out" &&
	    bad "check $o: no column line" "$(head -3 "$W/out")" ||
	    ok "check $o: no column line"
done
# exit 1 as -h says: each cause it names, and a case of it
mkdir -p "$W/tmp/exit1-root"
while IFS='|' read -r says cmd; do
	(cd "$W" && eval "timeout 60 $cmd" >"$W/out" 2>"$W/err")
	rc=$?
	grep -qF "$says" "$W/tmp/h" && [ "$rc" = 1 ] &&
	    ok "exit 1 as -h says: $says" ||
	    bad "exit 1 as -h says: $says" "exit $rc: $cmd"
done <<EOF
verdict above ok (check)|"\$PERFMT" check -t 2026-11-30 -s tmp/exit1-root -c tmp/exit1-root -i perf/local__sized.data
no build-ID at all (list without -H)|"\$PERFMT" list -i perf/aarch64__b-no-buildid-B.data
over 64 bytes (buildid)|"\$PERFMT" buildid elf/local__w-none
damaged or unfinished profile|"\$PERFMT" header -i perf/local__killed.data
a pipe or in header|cat perf/google__perf_data_converter__perf.data.piped.target-3.4 | "\$(dirname "\$PERFMT")/perfmt-tiny" list -i -
EOF

# ---- list: byte-identical to perf buildid-list for table profiles --------
# TABLES names the profiles with a build-ID table and how perf orders them.
while read -r name order; do
	case $name in ''|'#'*) continue ;; esac
	run "$PERFMT" list -i "$W/perf/$name"
	if crashed || [ "$rc" -gt 1 ]; then
		bad "list $name = perf" "exit $rc: $(cat "$W/err")"
		continue
	fi
	want=$W/perf/$name.buildids
	if [ "$order" = table ]; then
		by_name "$want" >"$W/tmp/sorted"
		want=$W/tmp/sorted
	fi
	same "list $name = perf buildid-list ($order)" "$want"
done <"$D/perf/TABLES"

# ---- golden outputs: list and header of every profile --------------------
for f in "$W"/perf/*; do
	n=$(basename "$f")
	case $n in *.buildids) continue ;; esac
	for cmd in list header; do
		(cd "$W/perf" && timeout 60 "$PERFMT" $cmd -i "$n" >"$W/out" \
		    2>"$W/err"; echo "exit $?" >>"$W/out")
		rc=$(sed -n 's/^exit //p' "$W/out" | tail -1)
		if crashed; then
			bad "$cmd $n" "exit $rc: $(cat "$W/err")"
			continue
		fi
		# a time taken from the unpacked file's mtime is today's
		sed -i '/^profile time .*(the mtime of the perf\.data/d' "$W/out"
		same "$cmd $n golden" "$E/$n.$cmd"
	done
done

# ---- damage and malformed input ------------------------------------------
P=$W/perf
T=$W/tmp
run "$PERFMT" header -i "$P/GrapheneOS__platform_system_extras__invalid_perf.data"
expect "1 KiB of zeros: not perf.data" 2 "not a perf.data file"
run "$PERFMT" list -i "$P/GrapheneOS__platform_system_extras__perf_inject.data"
expect "a text file: not perf.data" 2 "not a perf.data file"
printf 'dummy\n' >"$T/dummy"
run "$PERFMT" list -i "$T/dummy"
expect "6 bytes: too short" 2 "dummy: offset 0: 6 bytes: not a perf.data file"
run sh -c '"$0" list -i - <"$1"' "$PERFMT" "$T/dummy"
expect "6 bytes on stdin: named <stdin>" 2 "<stdin>: offset 0: 6 bytes"
: >"$T/empty"
run "$PERFMT" list -i "$T/empty"
expect "empty file" 2 "empty"
run "$PERFMT" list -i "$T/nonexistent"
expect "missing file" 2 "No such file"
mkdir -p "$T/emptydir"
run "$PERFMT" list -i "$T/emptydir"
expect "directory without data" 2 "emptydir/data"
run "$PERFMT" list -i "$P/google__perf_data_converter__perf.data.piped.corrupted.zero_size_sample-3.2"
expect "record of size 0: error with the offset" 2 "offset 0xbfd0: record of SAMPLE has size 0"
run "$PERFMT" list -i "$P/google__perf_data_converter__perf.data.piped.extrabyte-3.4"
expect "a stray byte after the last record" 1 "offset 0x8d080: 1 stray bytes"
run "$PERFMT" header -i "$P/local__killed.data"
expect "killed recording: data size 0" 1 "data size is 0: perf record did not finish"
grep -q "^records  *[1-9][0-9]* " "$W/out" &&
    ok "killed recording: records read to the end" ||
    bad "killed recording: records read to the end" "$(cat "$W/out")"
# a killed recording whose last record is cut (perf itself crashes on these)
s=$(wc -c <"$P/local__killed.data")
head -c $((s - 13)) "$P/local__killed.data" >"$T/killed-cut.data"
run "$PERFMT" header -i "$T/killed-cut.data"
expect "killed and cut: last record cut short" 1 "is cut short by the end of the file"
# a finished file-mode profile cut inside its data section
head -c 4000 "$P/local__x86_64__small.data" >"$T/small-cut.data"
run "$PERFMT" header -i "$T/small-cut.data"
expect "file cut in the data section: truncated" 1 "ends past the end of the file"
grep -q "offset 0x30: data section of" "$W/out" &&
    ok "truncation is listed as damage" || bad "truncation is listed as damage" "$(cat "$W/out")"
# cut inside the feature table: what comes after is lost, and said
head -c 18000 "$P/local__x86_64__small.data" >"$T/small-cut2.data"
run "$PERFMT" list -i "$T/small-cut2.data"
expect "file cut in the feature area" 1 "past the end of the file"
# cut inside the header and the attrs
head -c 50 "$P/local__x86_64__small.data" >"$T/small-cut3.data"
run "$PERFMT" list -i "$T/small-cut3.data"
expect "file cut in the header" 2 "too short for a perf.data header"
head -c 200 "$P/local__x86_64__small.data" >"$T/small-cut4.data"
run "$PERFMT" list -i "$T/small-cut4.data"
expect "file cut in the attrs" 2 "past the end of the file"
# the 72-byte header of perf before its feature bitmap: the same file with
# header.size 72 has no features, and the same records
cp "$P/local__x86_64__small.data" "$T/h72.data"
printf '\110' | dd of="$T/h72.data" bs=1 seek=8 conv=notrunc 2>/dev/null
run "$PERFMT" header -i "$T/h72.data"
expect "72-byte header: read" 0
"$PERFMT" header -i "$P/local__x86_64__small.data" 2>/dev/null | grep '^records' >"$T/r"
grep -q "^format .*72-byte header" "$W/out" && grep -q "^features  *none" "$W/out" &&
    grep -qxF "$(cat "$T/r")" "$W/out" && ok "72-byte header: no features, all records" ||
    bad "72-byte header: no features, all records" "$(cat "$W/out")"
# a feature this perfmt does not know is named by its number
cp "$P/local__x86_64__small.data" "$T/f48.data"
printf '\001' | dd of="$T/f48.data" bs=1 seek=78 conv=notrunc 2>/dev/null
run "$PERFMT" header -i "$T/f48.data"
expect "an unknown feature: read" 0
grep -q "^features .* PMU_CAPS feature 48 (21)$" "$W/out" &&
    ok "an unknown feature named by its number" ||
    bad "an unknown feature named by its number" "$(grep features "$W/out")"
# offsets past 4 GiB (-D_FILE_OFFSET_BITS=64 on 32-bit boards): the feature
# sections 5 GiB into a sparse file read as in the original
if command -v python3 >/dev/null 2>&1 &&
    python3 "$top/tests/far-features.py" "$P/local__x86_64__small.data" \
    "$T/far.data" 2>"$T/far.err"; then
	for c in list header; do
		"$PERFMT" $c -i "$P/local__x86_64__small.data" 2>&1 |
		    grep -v -e '^file ' -e '^profile time ' >"$T/near"
		"$PERFMT" $c -i "$T/far.data" 2>&1 | grep -v -e '^file ' -e '^profile time ' >"$W/out"
		same "$c: feature sections past 4 GiB" "$T/near"
	done
	rm -f "$T/far.data"
else
	skipped "feature sections past 4 GiB" "no python3, or no sparse file: $(cat "$T/far.err" 2>/dev/null)"
fi
run "$PERFMT" buildid "$P/local__x86_64__small.data"
expect "buildid of a perf.data: not ELF" 2 "not an ELF file"
# program headers past the end, the build-ID in a section: printed, and
# the damage said
cp "$W/elf/local__w-sha1" "$T/ph-far"
printf '\377\377\377\177' | dd of="$T/ph-far" bs=1 seek=36 conv=notrunc 2>/dev/null
run "$PERFMT" buildid "$T/ph-far"
expect "buildid: program headers past the end" 2 \
    "program headers at 0x7fffffff00000040 run past the end of the file"
grep -q "^b675b5371827a7690953ee2a36019dcf5d9f36c4 " "$W/out" &&
    ok "buildid: the ID from the sections all the same" ||
    bad "buildid: the ID from the sections all the same" "$(cat "$W/out")"
run "$PERFMT" list -i "$W/elf/local__w-sha1"
expect "list of an ELF file: not perf.data" 2 "not a perf.data file"
run "$PERFMT" header -i "$P/local__inj-from-pipe.data"
expect "perf inject output from a pipe file: records read" 0 \
    "the ids and attrs lie over the start of the data section"
grep -q "^records  *[1-9]" "$W/out" && ok "inject output: records found" ||
    bad "inject output: records found" "$(cat "$W/out")"
# the same, recorded with -k mono: CLOCK_DATA comes in the stream, after
# the reader set out; the profile time is still the last sample's with --hits
for o in "" -H; do
	"$PERFMT" check $o -j -i "$P/local__inj-clock.data" 2>/dev/null |
	    tail -1 | grep -o '"profile_time":"[^"]*","profile_time_source":"[^"]*"'
done >"$T/ptime"
[ "$(sort -u "$T/ptime" | wc -l)" = 1 ] &&
    grep -q "last sample, by CLOCK_DATA" "$T/ptime" &&
    ok "in-stream CLOCK_DATA: the same profile time with --hits" ||
    bad "in-stream CLOCK_DATA: the same profile time with --hits" "$(cat "$T/ptime")"

# ---- fuzz regression inputs: no crash, no hang, no sanitizer report -------
# tests/data/fuzz holds each input the fuzz targets (tests/fuzz.c, make
# fuzz) or a review found to crash, hang or trip a sanitizer.  Each is read
# as the targets read it: as a file and as a pipe by header, list and check
# --hits=callchain (under an empty sysroot), and by buildid.  Any of the
# exit statuses 0, 1 and 2 will do; a signal, a hang (10 s here) or a
# sanitizer's report (make check-asan) will not.
survived() {
	if crashed; then
		bad "$1" "exit status $rc (crash or hang); stderr: $(tail -5 "$W/err")"
	elif grep -qE 'Sanitizer|runtime error:' "$W/err"; then
		bad "$1" "sanitizer report: $(grep -E 'Sanitizer|runtime error:' "$W/err" | head -3)"
	else
		ok "$1"
	fi
}
mkdir -p "$T/fuzz-root"
for f in "$D"/fuzz/*; do
	[ -f "$f" ] || continue
	n="fuzz $(basename "$f")"
	for args in "header -i" "list -i" "list -H -i" \
	    "check --hits=callchain -s $T/fuzz-root -c $T/fuzz-root -i"; do
		timeout 10 "$PERFMT" $args "$f" >"$W/out" 2>"$W/err"
		rc=$?
		survived "$n: ${args%% -i}"
		cat "$f" | timeout 10 "$PERFMT" $args - >"$W/out" 2>"$W/err"
		rc=$?
		survived "$n: ${args%% -i} from a pipe"
	done
	timeout 10 "$PERFMT" buildid "$f" >"$W/out" 2>"$W/err"
	rc=$?
	survived "$n: buildid"
done

# ---- pipe mode from standard input ---------------------------------------
for n in local__pipe.b.data local__s390x-inject__small.b.pipe.data; do
	"$PERFMT" list -i "$P/$n" >"$T/a" 2>/dev/null
	cat "$P/$n" | timeout 60 "$PERFMT" list -i - >"$W/out" 2>"$W/err"
	rc=$?
	expect "stdin pipe: $n" 0
	same "stdin pipe: $n = -i FILE" "$T/a"
done
cat "$P/local__x86_64__small.data" | timeout 60 "$PERFMT" list -i - \
    >"$W/out" 2>"$W/err"
rc=$?
expect "file mode through a pipe: refused" 2 "cannot be read from a pipe"
timeout 60 "$PERFMT" list -i - <"$P/local__x86_64__small.data" >"$W/out" \
    2>"$W/err"
rc=$?
expect "file mode on stdin as a file" 0
by_name "$P/local__x86_64__small.data.buildids" >"$T/sorted"
same "file mode on stdin as a file = -i FILE" "$T/sorted"

# ---- perf record -z: the records perf sees ----------------------------------
# The mapped paths (every object, the path column of -p), sorted as
# tests/oracle-mmaps.sh sorts perf's, into $W/out.  Usage: mapped_paths IN
# (IN may be -, read from standard input).
mapped_paths() {
	HOME=$W/home "$PERFMT" check -a -p -i "$1" 2>/dev/null | cut -f4 |
	    LC_ALL=C sort -u >"$W/out"
}
# The mapped paths must be what perf script --show-mmap-events printed, the
# objects samples fall in what perf buildid-list -H printed (the .mmaps and
# .hits oracles, made by tests/record-fixtures.sh), at levels 1, 3 and 19.
for l in 1 3 19; do
	n=local__z$l.data
	mapped_paths "$P/$n"
	same "-z $l: mapped paths = perf script --show-mmap-events" "$D/perf/$n.mmaps"
	"$PERFMT" list -H -i "$P/$n" 2>/dev/null | LC_ALL=C sort >"$W/out"
	same "-z $l: list -H = perf buildid-list -H" "$D/perf/$n.hits"
	run "$PERFMT" header -i "$P/$n"
	grep -q "^compressed    zstd level $l, [0-9]* COMPRESSED records, [0-9]* bytes, decoded to [0-9]* bytes in [0-9]* records (ratio [0-9.]*)" \
	    "$W/out" && grep -q '^damage        none' "$W/out" &&
	    ok "-z $l: header gives the ratio, no damage" ||
	    bad "-z $l: header gives the ratio, no damage" "$(cat "$W/out")"
done
# -z profiles of perf 4.18 (perfparser's test data), of perf 6.5 on
# aarch64 and a COMPRESSED2 pipe (mstange's; their oracles by perf 6.12.95
# and 7.2.13, as perf 6.1 refuses the 152-byte attr and 6.12 stops at the
# first COMPRESSED2), and the mapped paths
for n in KDAB__perfparser__vector_static_gcc_perf.data.zstd \
    mstange__linux-perf-data__sleep.compressed.data \
    mstange__linux-perf-data__fibo.compressed2.pipe.data; do
	mapped_paths "$P/$n"
	same "-z $n: mapped paths = perf script --show-mmap-events" "$D/perf/$n.mmaps"
done
# perf record -z into a pipe, read from a file and from standard input: the
# mapped paths and the objects samples fall in are what perf script shows
# (perf's own buildid-list cannot read this file back)
n=local__zpipe.data
for how in file stdin; do
	if [ $how = file ]; then in=$P/$n; else in=-; fi
	mapped_paths "$in" <"$P/$n"
	same "-z pipe ($how): mapped paths = perf script --show-mmap-events" \
	    "$D/perf/$n.mmaps"
	"$PERFMT" list -H -i "$in" <"$P/$n" 2>/dev/null | cut -c42- |
	    LC_ALL=C sort >"$W/out"
	same "-z pipe ($how): list -H = the DSOs of perf script's samples" \
	    "$D/perf/$n.sampled"
done
run "$PERFMT" header -i "$P/$n"
grep -q '^format        pipe mode' "$W/out" &&
    grep -q '^compressed    zstd level 1, 2 COMPRESSED records, 2892 bytes, decoded to 14152 bytes in 139 records (ratio 4.89)' "$W/out" &&
    ok "-z pipe: header gives the ratio" || bad "-z pipe: header gives the ratio" "$(cat "$W/out")"
# a -z stream cut inside a COMPRESSED record, and one with a byte changed:
# damage named, never a crash
n=$P/local__z1.data
sz=$(wc -c <"$n")
head -c $((sz * 2 / 5)) "$n" >"$T/zcut"
run "$PERFMT" header -i "$T/zcut"
expect "-z cut: truncation" 1 "the last record (COMPRESSED, 2507 bytes) is cut short"
cp "$n" "$T/zflip"
printf '\377\377\377\377' | dd of="$T/zflip" bs=1 seek=900 conv=notrunc 2>/dev/null
run "$PERFMT" header -i "$T/zflip"
expect "-z changed: the zstd offset named" 2 \
    "offset 0x218: COMPRESSED data: offset 0x52: Huffman-coded literals do not decode"

# ---- either byte order: the same answers -----------------------------------
for pair in "local__x86_64__small.data local__s390x-inject__small.b.data" \
    "local__x86_64__small.data local__s390x-inject__small.b.perf612.data" \
    "local__x86_64__buildidmmap.data local__s390x-inject__buildidmmap.data" \
    "local__x86_64__threads.data local__s390x-inject__threads.b.data"; do
	set -- $pair
	"$PERFMT" list -i "$P/$1" >"$T/le" 2>/dev/null
	"$PERFMT" list -i "$P/$2" >"$W/out" 2>/dev/null
	case $2 in *perf612*) by_name "$T/le" >"$T/le2"; mv "$T/le2" "$T/le" ;; esac
	same "big-endian $2 lists as $1" "$T/le"
	# the whole header but what perf inject changed: the file, its
	# format and size, its command line, the build-ID records -b adds
	# (records, build-ids) and the note on little-endian features
	injected='^(file|format|data|command line|records|build-ids|notes|profile time) '
	"$PERFMT" header -i "$P/$1" 2>/dev/null | grep -vE "$injected" >"$T/le"
	"$PERFMT" header -i "$P/$2" 2>/dev/null | grep -vE "$injected" >"$W/out"
	if [ "$(wc -l <"$T/le")" -gt 10 ]; then
		same "big-endian $2 header as $1" "$T/le"
	else
		bad "big-endian $2 header as $1" "too short: $(cat "$T/le")"
	fi
	"$PERFMT" header -i "$P/$2" 2>/dev/null | grep '^format ' >"$W/out"
	grep -q '^format  *file mode, big-endian, ' "$W/out" &&
	    ok "big-endian $2 header says big-endian" ||
	    bad "big-endian $2 header says big-endian" "$(cat "$W/out")"
	# the same verdicts, in any order (perf 6.12 orders its table by name)
	for o in "" --hits --hits=callchain; do
		HOME=$W/home "$PERFMT" check -p $o -t 2026-01-01 -i "$P/$1" \
		    2>/dev/null | LC_ALL=C sort >"$T/le"
		HOME=$W/home "$PERFMT" check -p $o -t 2026-01-01 -i "$P/$2" \
		    2>/dev/null | LC_ALL=C sort >"$W/out"
		same "big-endian $2 check $o as $1" "$T/le"
	done
done

# ---- check: committed profiles against sysroots made of committed files ---
# local__sized.data recorded /tmp/fix/w-{md5,id8,sha1,none} and the system's
# libraries; the sysroot gives each its case.  Times are pinned with -t and
# touch, and HOME points at an empty directory: no build-ID cache.
SR=$W/sr1
mkdir -p "$SR/tmp/fix" "$SR/usr/lib/x86_64-linux-gnu" "$SR/usr/bin" \
    "$SR/bin" "$SR/etc" "$SR/sys/kernel" "$W/home" "$W/sr-empty"
cp "$W/elf/local__w-md5" "$SR/tmp/fix/w-md5"	# ok, a 16-byte ID
cp "$W/elf/local__w-sha1" "$SR/tmp/fix/w-id8"	# mismatch
cp "$W/elf/local__w-none" "$SR/tmp/fix/w-none"	# stale: newer, no ID
ln -s usr/lib "$SR/lib"
# an absolute link resolves inside the sysroot, not on the host
cp "$W/elf/local__w-md5" "$SR/bin/dash-real"
ln -s /bin/dash-real "$SR/usr/bin/dash"
# ".." stops at the sysroot's top
cp "$W/elf/local__w-sha1" "$SR/etc/libc-outside"
ln -s ../../../../../../../../etc/libc-outside \
    "$SR/usr/lib/x86_64-linux-gnu/libc.so.6"
# the host's /proc/self/exe exists; the sysroot's does not
ln -s /proc/self/exe "$SR/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"
cp "$W/elf/edge__local__sys_kernel_notes" "$SR/sys/kernel/notes"
find "$SR" -type f -exec touch -d "2026-11-30 01:00:00 UTC" {} +
touch -d "2026-11-30 03:00:00 UTC" "$SR/tmp/fix/w-none"
for fmt in "" -p -j -q; do
	(cd "$W" && HOME=$W/home timeout 60 "$PERFMT" check $fmt \
	    -L -t 2026-11-30T02:00 -s sr1 -i perf/local__sized.data >"$W/out" \
	    2>"$W/err"; echo "exit $?" >>"$W/out")
	rc=0
	same "check -s sr1 $fmt local__sized.data" "$E/check-sysroot$fmt.out"
done
(cd "$W" && HOME=$W/home timeout 60 "$PERFMT" check -v -t 2026-11-30T02:00 \
    -s sr1 -i perf/local__sized.data >/dev/null 2>"$W/err")
grep -q "w-sha1: path sr1/tmp/fix/w-sha1: No such file" "$W/err" &&
    grep -q "ld-linux-x86-64.so.2: path sr1/proc/self/exe: No such file" "$W/err" &&
    ok "check -v names every place tried" ||
    bad "check -v names every place tried" "$(cat "$W/err")"
# the profile's time: CLOCK_DATA gives the last sample's wall-clock time
run "$PERFMT" check -i "$P/mstange__linux-perf-data__sleep.data"
grep -q "profile time 2025-11-08 12:23:01 UTC (the last sample, by CLOCK_DATA)" \
    "$W/out" && ok "check: profile time from CLOCK_DATA" ||
    bad "check: profile time from CLOCK_DATA" "$(tail -1 "$W/out")"
# an implausible time (a board without a clock) judges no mtime; an empty
# build-ID cache, so that what this machine's ~/.debug holds (the [vdso]
# of the kernel that recorded the fixture, or not) does not decide the
# status: 1 for what is missing
mkdir -p "$W/nocache"
run "$PERFMT" check -t 1990-01-01 -s "$SR" -c "$W/nocache" -i "$P/local__sized.data"
expect "check: implausible profile time" 1 "is implausible"
grep -q "^stale" "$W/out" && bad "implausible time: nothing stale" "$(cat "$W/out")" ||
    ok "implausible time: nothing stale"
# -r: the profile's time is another file's mtime
touch -d "2026-11-30 04:00:00 UTC" "$T/ref"
run "$PERFMT" check -r "$T/ref" -s "$SR" -i "$P/local__sized.data"
grep -q "w-none  no build-ID recorded; not modified since the profile" "$W/out" &&
    ok "check -r FILE" || bad "check -r FILE" "$(cat "$W/out")"

# perf found a file named vmlinux in its working directory and named the
# kernel after it in the build-ID table (local__kimage.data, see
# record-fixtures.sh): that row is the kernel, and its ID is the one of
# [kernel.kallsyms].  A sysroot where every object is as profiled: the
# committed ELF files with the profile's IDs written into their notes.
KS=$W/ksr
mkdir -p "$KS/sys/kernel" "$KS/tmp/fix" "$KS/usr/lib/x86_64-linux-gnu" \
    "$KS/c/[vdso]/b0af7178ba47aca58d16966d2c4d17c913589189"
cp "$W/elf/edge__local__sys_kernel_notes" "$KS/sys/kernel/notes"
cp "$W/elf/local__w-md5" "$KS/tmp/fix/w-md5"
# id_into ID FILE: local__w-sha1 with ID for its build-ID (at byte 872)
id_into() {
	python3 -c 'import sys
d = bytearray(open(sys.argv[1], "rb").read())
d[872:892] = bytes.fromhex(sys.argv[2])
open(sys.argv[3], "wb").write(d)' "$W/elf/local__w-sha1" "$1" "$2"
}
if command -v python3 >/dev/null 2>&1; then
	id_into 7ebc65e52f2bbea498b4040fa92f7238377aaba9 \
	    "$KS/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"
	id_into 93ac61ec5a8eb1396f9fbd350e3169a558528a40 \
	    "$KS/usr/lib/x86_64-linux-gnu/libc.so.6"
	id_into b0af7178ba47aca58d16966d2c4d17c913589189 \
	    "$KS/c/[vdso]/b0af7178ba47aca58d16966d2c4d17c913589189/vdso"
	# kimage OPTIONS...: check -p of it under $KS, HOME=${KHOME:-$W/home}
	kimage() { run env HOME="${KHOME:-$W/home}" "$PERFMT" check -p \
	    -s "$KS" "$@" -i "$P/local__kimage.data"; }
	kimage -c "$KS/c" -t 2026-11-30T02:00
	expect "check: the kernel named vmlinux, all ok" 0
	grep -q '^ok	85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26	85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26	vmlinux	build-ID matches' "$W/out" &&
	    grep -q '^ok	85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26	85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26	\[kernel.kallsyms\]	.*; the build-ID perf recorded for vmlinux$' "$W/out" &&
	    ok "check: a kernel named vmlinux lends [kernel.kallsyms] its ID" ||
	    bad "check: a kernel named vmlinux lends [kernel.kallsyms] its ID" \
	    "$(cat "$W/out")"
	run env HOME="$W/home" "$PERFMT" check -p -s "$W/sr-empty" \
	    -k "$W/elf/local__w-sha1" -i "$P/local__kimage.data"
	[ "$rc" -eq 1 ] && [ "$(grep -c '^mismatch	85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26	b675b5371827a7690953ee2a36019dcf5d9f36c4	' "$W/out")" -eq 2 ] &&
	    ok "check -k: a kernel named vmlinux, another image" ||
	    bad "check -k: a kernel named vmlinux, another image" "$(cat "$W/out")"
	# a time that cannot be judged is said, and changes no exit status
	kimage -c "$KS/c" -t 1990-01-01
	expect "check: an implausible time, all ok: exit 0" 0 "is implausible"
	# the long forms of -s
	kimage -c "$KS/c" -t 2026-11-30T02:00
	cp "$W/out" "$T/short"
	for o in --sysroot --symfs; do
		run env HOME="$W/home" "$PERFMT" check -p "$o=$KS" -c "$KS/c" \
		    -t 2026-11-30T02:00 -i "$P/local__kimage.data"
		same "check $o=DIR as -s DIR" "$T/short"
	done
	# where else each is found: the default caches ($HOME/.debug, the
	# sysroot's .debug), /usr/lib/debug/.build-id, the sysroot's /boot
	mkdir -p "$KS/h"
	mv "$KS/c" "$KS/h/.debug"
	KHOME=$KS/h
	kimage -t 2026-11-30T02:00
	KHOME=
	# under a sysroot the profiled system's caches are searched, never
	# this host's: the vDSO in $HOME/.debug is not found
	expect "check -s: \$HOME/.debug is not searched" 1
	grep -q '^missing	b0af7178ba47aca58d16966d2c4d17c913589189	-	\[vdso\]' "$W/out" &&
	    ok "check -s: the vDSO in \$HOME/.debug is not taken" ||
	    bad "check -s: the vDSO in \$HOME/.debug is not taken" "$(cat "$W/out")"
	run env HOME="$KS/h" "$PERFMT" check -p -t 2026-11-30T02:00 -L \
	    -i "$P/local__kimage.data"
	grep -q '^ok	b0af7178ba47aca58d16966d2c4d17c913589189	.*	\[vdso\]	build-ID matches: build-ID cache' "$W/out" &&
	    ok "check: \$HOME/.debug is a cache by default" ||
	    bad "check: \$HOME/.debug is a cache by default" "$(cat "$W/out")"
	mkdir -p "$KS/root"
	mv "$KS/h/.debug" "$KS/root/.debug"
	kimage -t 2026-11-30T02:00
	expect "check -s: the sysroot's root/.debug is a cache by default" 0
	mv "$KS/root/.debug" "$KS/h/.debug"
	mv "$KS/h/.debug" "$KS/.debug"
	kimage -t 2026-11-30T02:00
	expect "check: the sysroot's .debug is a cache by default" 0
	d=$KS/usr/lib/debug/.build-id/93
	mkdir -p "$d" "$KS/boot"
	mv "$KS/usr/lib/x86_64-linux-gnu/libc.so.6" \
	    "$d/ac61ec5a8eb1396f9fbd350e3169a558528a40.debug"
	mv "$KS/sys/kernel/notes" "$T/notes"
	id_into 85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26 \
	    "$KS/boot/vmlinux-6.18.44-fc-v782"
	kimage -t 2026-11-30T02:00
	expect "check: from /usr/lib/debug/.build-id and /boot" 0
	grep -q '	/usr/lib/x86_64-linux-gnu/libc.so.6	build-ID matches: debug file (.*/usr/lib/debug/.build-id/93/ac61ec5a8eb1396f9fbd350e3169a558528a40.debug)$' "$W/out" &&
	    grep -q '	vmlinux	build-ID matches (.*/boot/vmlinux-6.18.44-fc-v782)$' "$W/out" &&
	    ok "check: a debug file, a kernel image under /boot" ||
	    bad "check: a debug file, a kernel image under /boot" "$(cat "$W/out")"
else
	skipped "check: the kernel named vmlinux" "no python3 to write IDs"
fi

# simpleperf and autofdo profiles with their own test binaries, right and
# wrong (shared/testdata/elf/edge)
pair() {	# NAME PROFILE RECORDED-PATH ELF VERDICT
	rm -rf "$W/sr2"
	mkdir -p "$W/sr2/$(dirname "$3")"
	cp "$W/elf/$4" "$W/sr2/$3"
	run env HOME="$W/home" "$PERFMT" check -p -t 2026-01-01 -s "$W/sr2" \
	    -i "$P/$2"
	crashed && { bad "$1" "exit $rc"; return; }
	awk -F'\t' -v p="$3" '$4 == p { print $1 }' "$W/out" >"$T/v"
	[ "$(cat "$T/v")" = "$5" ] && ok "$1" ||
	    bad "$1" "verdict '$(cat "$T/v")', expected $5: $(cat "$W/out")"
}
G=GrapheneOS__platform_system_extras_
pair "check simpleperf: the right binary" ${G}_perf_for_build_id_check.data \
    /elf_for_build_id_check edge__${G}_elf_for_build_id_check.correct ok
pair "check simpleperf: the wrong binary" ${G}_perf_for_build_id_check.data \
    /elf_for_build_id_check edge__${G}_elf_for_build_id_check.wrong mismatch
pair "check simpleperf: a binary without a build-ID" \
    ${G}_perf_for_build_id_check.data /elf_for_build_id_check \
    edge__${G}_symfs_without_build_id_elf mismatch
grep -q '	/elf_for_build_id_check	on disk: no build-ID' "$W/out" &&
    ok "check simpleperf: 'on disk: no build-ID' said" ||
    bad "check simpleperf: 'on disk: no build-ID' said" "$(cat "$W/out")"
pair "check simpleperf: /data/t2" ${G}_perf_with_symbols.data /data/t2 \
    edge__${G}_t2 ok
pair "check simpleperf: a 16-byte ID, zero-padded in the profile" \
    ${G}_perf_etm.data /data/local/tmp/etm_test_loop edge__${G}_etm_test_loop ok
pair "check autofdo: an 8-byte ID, zero-padded in the profile" \
    google__autofdo__ro_sample.perf \
    /usr/local/google/home/shenhan/copt2/libro_sample.so \
    edge__google__autofdo__libro_sample.so ok
pair "check autofdo: another binary at the path" \
    google__autofdo__ro_sample.perf \
    /usr/local/google/home/shenhan/copt2/libro_sample.so \
    edge__${G}_t2 mismatch

# build-ID caches in both of perf's layouts (-c), and a kernel image (-k)
C=$W/cache1
mkdir -p "$C/.build-id/b6" "$C/store/sha1" \
    "$W/cache2/tmp/fix/w-id8/0123456789abcdef" "$W/cache2/.build-id/04"
cp "$W/elf/local__w-sha1" "$C/store/sha1/elf"
ln -s ../../store/sha1 "$C/.build-id/b6/75b5371827a7690953ee2a36019dcf5d9f36c4"
cp "$W/elf/local__w-id8" "$W/cache2/tmp/fix/w-id8/0123456789abcdef/elf"
cp "$W/elf/local__w-md5" "$W/cache2/md5-file"
ln -s ../../md5-file "$W/cache2/.build-id/04/f85c799e0f8939503220682d82820d"
run env HOME="$W/home" "$PERFMT" check -p -t 2026-11-30T02:00 -s "$W/sr-empty" \
    -c "$C" -c "$W/cache2" -k "$W/elf/edge__local__sys_kernel_notes" \
    -i "$P/local__sized.data"
for want in "ok	b675b5371827a7690953ee2a36019dcf5d9f36c4	b675b5371827a7690953ee2a36019dcf5d9f36c4	/tmp/fix/w-sha1	build-ID matches: build-ID cache ($C/store/sha1/elf)" \
    "ok	0123456789abcdef	0123456789abcdef	/tmp/fix/w-id8	build-ID matches: build-ID cache ($W/cache2/tmp/fix/w-id8/0123456789abcdef/elf)" \
    "ok	04f85c799e0f8939503220682d82820d	04f85c799e0f8939503220682d82820d	/tmp/fix/w-md5	build-ID matches: build-ID cache ($W/cache2/md5-file)" \
    "ok	85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26	85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26	[kernel.kallsyms]	build-ID matches ($W/elf/edge__local__sys_kernel_notes)"; do
	grep -qxF "$want" "$W/out" && ok "check -c/-k: ${want%%	build-ID*}" ||
	    bad "check -c/-k: ${want%%	build-ID*}" "$(cat "$W/out")"
done

# check reads a pipe on standard input; without CLOCK_DATA its time is
# unknown, which it says, judging no mtime
cat "$P/local__pipe.b.data" | HOME=$W/home timeout 60 "$PERFMT" check -p -i - \
    >"$W/out" 2>"$W/err"
rc=$?
expect "check -i - (a pipe): time unknown, said" 1 "the profile's time is unknown"
grep -q "^foreign	" "$W/out" && ok "check -i -: another system's profile" ||
    bad "check -i -: another system's profile" "$(cat "$W/out")"
cat "$P/local__pipe.b.data" | HOME=$W/home timeout 60 "$PERFMT" check -L -p \
    -i - >"$W/out" 2>"$W/err"
grep -q "^unverified	.*the profile's time is unknown" "$W/out" &&
    ! grep -q "^unchanged	" "$W/out" &&
    ok "check -i -: without a time, nothing is unchanged" ||
    bad "check -i -: without a time, nothing is unchanged" "$(cat "$W/out")"

# -a: data mappings too; -L: the profile is from this host
n1=$(HOME=$W/home "$PERFMT" check -p -t 2026-01-01 -i "$P/google__perf_data_converter__perf.data.weight_struct" 2>/dev/null | wc -l)
n2=$(HOME=$W/home "$PERFMT" check -a -p -t 2026-01-01 -i "$P/google__perf_data_converter__perf.data.weight_struct" 2>/dev/null | wc -l)
[ "$n2" -gt "$n1" ] && ok "check -a adds data mappings ($n1 -> $n2)" ||
    bad "check -a adds data mappings" "$n1 -> $n2"
run env HOME="$W/home" "$PERFMT" check -j -L -t 2026-01-01 -i "$P/local__sized.data"
grep -q '"same_host":true' "$W/out" && ok "check -L: same host" ||
    bad "check -L: same host" "$(tail -1 "$W/out")"

# a cache or an image that is not there is an error, not a place skipped
run "$PERFMT" check -c "$W/no-such-cache" -i "$P/local__x86_64__small.data"
expect "check -c DIR that is not there: exit 2" 2 "-c $W/no-such-cache: No such file"
run "$PERFMT" check -c "$P/local__x86_64__small.data" -i "$P/local__x86_64__small.data"
expect "check -c FILE: not a directory" 2 "not a directory"
run "$PERFMT" check -k "$W/no-such-vmlinux" -i "$P/local__x86_64__small.data"
expect "check -k FILE that is not there: exit 2" 2 "-k $W/no-such-vmlinux: No such file"
# the README's first command: a profile recorded on another system
# (another kernel release) is said to be so, row by row, never compared
# with this system's kernel and vDSO
if [ "$(uname -r)" != 6.18.44-fc-v782 ]; then
	run env HOME="$W/home" "$PERFMT" -i examples/small.data
	expect "examples/small.data: exit 1" 1
	grep -q '^foreign  *85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26 \[kernel.kallsyms\]  recorded on another system (kernel release 6.18.44-fc-v782, not ' "$W/out" &&
	    grep -q '^foreign  *b0af7178ba47aca58d16966d2c4d17c913589189 \[vdso\]  recorded on another system' "$W/out" &&
	    ! grep -q '^mismatch' "$W/out" &&
	    grep -q '^the profile is from another system: kernel release 6.18.44-fc-v782, not ' "$W/out" &&
	    ok "examples/small.data: another system's kernel and vDSO are foreign" ||
	    bad "examples/small.data: another system's kernel and vDSO are foreign" "$(cat "$W/out")"
	run env HOME="$W/home" "$PERFMT" -j -i examples/small.data
	tail -1 "$W/out" | grep -q '"host":"foreign","same_host":false,"host_differs":"kernel release 6.18.44-fc-v782, not ' &&
	    ok "examples/small.data -j: host foreign" ||
	    bad "examples/small.data -j: host foreign" "$(tail -1 "$W/out")"
else
	skipped "examples/small.data is foreign" "this is the kernel that recorded it"
fi

# kernel modules under a sysroot: by their recorded path, and "[name]"
# through lib/modules/RELEASE/modules.dep ('-' and '_' alike, compressed)
pair "check a module by its path (8-byte ID)" \
    ${G}_perf_kernel.data /vendor/lib/modules/rq_stats.ko \
    edge__${G}_rq_stats.ko ok
M=$W/sr3/lib/modules/3.13.0-93-generic
mkdir -p "$M/kernel/drivers/video" "$M/updates/dkms"
printf '%s\n' "kernel/drivers/video/nvidia.ko: kernel/x.ko" \
    "updates/dkms/nvidia-uvm.ko.xz: kernel/drivers/video/nvidia.ko" >"$M/modules.dep"
cp "$W/elf/edge__${G}_rq_stats.ko" "$M/kernel/drivers/video/nvidia.ko"
printf 'not really xz' >"$M/updates/dkms/nvidia-uvm.ko.xz"
find "$W/sr3" -type f -exec touch -d "2015-01-01 00:00:00 UTC" {} +
run env HOME="$W/home" "$PERFMT" check -p -s "$W/sr3" -t 2016-06-01 \
    -i "$P/${G}_generated_by_linux_perf.data"
grep -q "^unchanged	-	a535d7222f9f01d1	\[nvidia\]	.*(.*sr3/lib/modules/3.13.0-93-generic/kernel/drivers/video/nvidia.ko)$" \
    "$W/out" && ok "check: module [name] found through modules.dep" ||
    bad "check: module [name] found through modules.dep" "$(grep nvidia "$W/out")"
grep -q "^unchanged	.*	\[nvidia_uvm\]	.*compressed: its build-ID is not read$" \
    "$W/out" && ok "check: compressed module found, ID not read" ||
    bad "check: compressed module found, ID not read" "$(grep nvidia "$W/out")"
# no modules.dep under the sysroot: said, not "give -s"
run env HOME="$W/home" "$PERFMT" check -p -s "$W/sr-empty" \
    -i "$P/${G}_generated_by_linux_perf.data"
grep -q "^missing	-	-	\[nvidia\]	not listed in .*sr-empty/lib/modules/3.13.0-93-generic/modules.dep, or it is missing" \
    "$W/out" && ok "check: a module, no modules.dep under the sysroot" ||
    bad "check: a module, no modules.dep under the sysroot" "$(grep nvidia "$W/out")"

# untrusted names: escaped in the table, porcelain and JSON, never raw
for fmt in "" -p -j; do
	run env HOME="$W/home" "$PERFMT" check $fmt -t 2026-11-30 \
	    -i "$P/local__hostile.data"
	if tr -d '\t\n' <"$W/out" | LC_ALL=C grep -q '[[:cntrl:]]'; then
		bad "check $fmt: no control bytes out of a hostile name" \
		    "$(od -c "$W/out" | head)"
	else
		ok "check $fmt: no control bytes out of a hostile name"
	fi
	case $fmt in
	-j) want='"path":"/tmp/\\x1b[31m\\x09\"\\\\\\xff\\x0a"' ;;
	*) want='/tmp/\x1b[31m\x09"\\\xff\x0a' ;;
	esac
	grep -qF -- "$want" "$W/out" && ok "check $fmt: the name escaped" ||
	    bad "check $fmt: the name escaped" "want $want in: $(grep tmp/ "$W/out")"
done
if command -v python3 >/dev/null 2>&1; then
	run "$PERFMT" check -j -i "$P/local__hostile.data"
	python3 -c 'import json, sys; [json.loads(l) for l in sys.stdin]' \
	    <"$W/out" 2>"$W/err" && ok "check -j: every line is JSON" ||
	    bad "check -j: every line is JSON" "$(cat "$W/err")"
else
	skipped "check -j is JSON" "no python3 to parse it"
fi

# ---- a hostile sysroot: loops, chains, links out, things that are no files --
# Every row of local__x86_64__small.data meets something nasty; the run must
# end at once, open nothing that is not a regular file (a FIFO would block
# it, a device never end) and say what it met.
H=$W/hostile
L=$H/usr/lib/x86_64-linux-gnu
mkdir -p "$H/usr/bin" "$L"
mkfifo "$H/usr/bin/dash"
ln -s ls2 "$H/usr/bin/ls"
ln -s ls "$H/usr/bin/ls2"
i=0
while [ $i -lt 60 ]; do
	ln -s c$((i + 1)) "$L/c$i"
	i=$((i + 1))
done
ln -s c0 "$L/libselinux.so.1"
mkdir "$L/libz.so.1.2.13"
ln -s ../../../../../../../../etc/passwd "$L/libexpat.so.1.8.10"
ln -s /proc/self/exe "$H/usr/bin/python3.11"
ln -s ../../../../../../../../../dev/zero "$L/libc.so.6"
mknod "$L/libpcre2-8.so.0.11.2" c 1 5 2>/dev/null
command -v python3 >/dev/null 2>&1 && python3 -c "import socket
socket.socket(socket.AF_UNIX).bind('$L/libm.so.6')" 2>/dev/null
run env HOME="$W/home" "$PERFMT" check -p -s "$H" -i "$P/local__x86_64__small.data"
expect "hostile sysroot: ends, exit 1" 1
for want in "/usr/bin/dash	$H/usr/bin/dash is a FIFO, not a file" \
    "/usr/bin/ls	$H/usr/bin/ls: a symbolic link loop, or more than 40 links" \
    "libselinux.so.1	$L/c39: a symbolic link loop, or more than 40 links" \
    "libz.so.1.2.13	$L/libz.so.1.2.13 is a directory, not a file" \
    "libexpat.so.1.8.10	not found: $H/etc/passwd" \
    "/usr/bin/python3.11	not found: $H/proc/self/exe" \
    "libc.so.6	not found: $H/dev/zero"; do
	grep -q "^missing	.*$want" "$W/out" && ok "hostile sysroot: $want" ||
	    bad "hostile sysroot: $want" "$(cat "$W/out")"
done
if [ -c "$L/libpcre2-8.so.0.11.2" ]; then
	grep -q "^missing	.*is a device, not a file" "$W/out" &&
	    ok "hostile sysroot: a device is not read" ||
	    bad "hostile sysroot: a device is not read" "$(cat "$W/out")"
else
	skipped "hostile sysroot: a device" "mknod needs root"
fi
if [ -S "$L/libm.so.6" ]; then
	grep -q "^missing	.*is a socket, not a file" "$W/out" &&
	    ok "hostile sysroot: a socket is not opened" ||
	    bad "hostile sysroot: a socket is not opened" "$(cat "$W/out")"
else
	skipped "hostile sysroot: a socket" "no python3 to make one"
fi
run "$PERFMT" buildid "$H/usr/bin/dash"
expect "buildid of a FIFO: refused, not blocked" 2 "not a regular file"
run env HOME="$W/home" "$PERFMT" check -p -k "$H/usr/bin/dash" -i "$P/local__x86_64__small.data"
expect "-k FIFO: refused, not opened" 2 "not a regular file"

# ---- --hits: the objects samples fall in ------------------------------------
# The .buildids of a profile without a build-ID table is perf buildid-list
# -H's list (perf 6.1 processes the samples then); perf names a vDSO it
# extracts /tmp/perf-vdso.so-XXXXXX, and may list one path once per inode.
norm_hits() {
	sed 's|/tmp/perf-vdso.so-......$|[vdso]|' "$1" | LC_ALL=C sort -u
}
for n in google__perf_data_converter__perf.data.piped.target-3.4 \
    google__perf_data_converter__perf.data.piped.extrabyte-3.4 \
    google__perf_data_converter__perf.data.piped.header_features_aligned-6.12 \
    local__x86_64__buildidmmap.data local__s390x-inject__buildidmmap.data \
    aarch64__b-no-buildid-B.data aarch64__m-buildid-mmap.data \
    aarch64__p-pipe.data local__reordered.data local__late-parent.data \
    local__exec-late.data KDAB__perfparser__vector_static_gcc_perf.data.zstd; do
	"$PERFMT" list -H -i "$P/$n" >"$T/h" 2>/dev/null
	norm_hits "$T/h" >"$W/out"
	norm_hits "$P/$n.buildids" >"$T/hp"
	same "list -H $n = perf buildid-list -H" "$T/hp"
done
run env HOME="$W/home" "$PERFMT" check -p --hits -t 2026-11-30 \
    -i "$P/local__x86_64__buildidmmap.data"
[ "$(cut -f4 "$W/out" | LC_ALL=C sort | tr '\n' ' ')" = \
    "/usr/bin/python3.11 /usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 /usr/lib/x86_64-linux-gnu/libc.so.6 [kernel.kallsyms] " ] &&
    ok "check --hits: the objects with samples only" ||
    bad "check --hits: the objects with samples only" "$(cat "$W/out")"
run "$PERFMT" list --hits=callchain -i "$P/local__x86_64__small.data"
n1=$(wc -l <"$W/out")
run "$PERFMT" list --hits -i "$P/local__x86_64__small.data"
n2=$(wc -l <"$W/out")
[ "$n1" -ge "$n2" ] && [ "$n2" -gt 0 ] &&
    ok "--hits=callchain finds at least what --hits does ($n1 >= $n2)" ||
    bad "--hits=callchain finds at least what --hits does" "$n1 < $n2"
run "$PERFMT" check --hits=frames -i "$P/local__x86_64__small.data"
expect "--hits=frames: usage error" 2 "expected sample or callchain"

# ---- tables full: more objects than fit, in passes or said -------------------
TINY=$(dirname "$PERFMT")/perfmt-tiny
if [ -x "$TINY" ]; then
	for n in google__perf_data_converter__perf.data.busy.1-3.8 \
	    google__perf_data_converter__perf.data.weight_struct \
	    aarch64__s-system-wide.data local__sized.data; do
		for h in "" --hits; do
			HOME=$W/home "$PERFMT" check $h -p -t 2026-11-30 \
			    -i "$P/$n" 2>/dev/null | LC_ALL=C sort >"$T/big"
			HOME=$W/home timeout 60 "$TINY" check $h -p -t 2026-11-30 \
			    -i "$P/$n" 2>"$W/err" | LC_ALL=C sort >"$W/out"
			if cmp -s "$W/out" "$T/big" || [ -z "$h" ]; then
				same "tiny tables, in passes: check $h $n" "$T/big"
				continue
			fi
			# a system-wide profile has more live processes than 8
			# slots: what is missing must be named as maybe missed
			cut -f4 "$T/big" | LC_ALL=C sort -u >"$T/bigp"
			cut -f4 "$W/out" >"$T/tinyp"
			sed -n 's/^perfmt:   //p' "$W/err" >>"$T/tinyp"
			LC_ALL=C sort -u -o "$T/tinyp" "$T/tinyp"
			LC_ALL=C comm -23 "$T/bigp" "$T/tinyp" >"$T/lost"
			[ ! -s "$T/lost" ] &&
			    ok "tiny tables: check $h $n: every hit kept or named" ||
			    bad "tiny tables: check $h $n: every hit kept or named" \
			    "$(cat "$T/lost")"
		done
	done
	"$PERFMT" list -i "$P/google__perf_data_converter__perf.data.busy.1-3.8" |
	    LC_ALL=C sort >"$T/big"
	"$TINY" list -i "$P/google__perf_data_converter__perf.data.busy.1-3.8" \
	    2>/dev/null | LC_ALL=C sort >"$W/out"
	same "tiny tables, in passes: list" "$T/big"
	# a pipe cannot be read twice: every object not kept is named
	cat "$P/google__perf_data_converter__perf.data.piped.target-3.4" |
	    HOME=$W/home "$TINY" check -p -t 2026-11-30 -i - >"$W/out" 2>"$W/err"
	rc=$?
	expect "tiny tables, a pipe: exit 1, said" 1 "not checked, the object table is full: "
	kept=$(wc -l <"$W/out")
	said=$(grep -c "not checked, the object table is full: " "$W/err")
	all=$(HOME=$W/home "$PERFMT" check -p -t 2026-11-30 -i \
	    "$P/google__perf_data_converter__perf.data.piped.target-3.4" 2>/dev/null |
	    wc -l)
	[ $((kept + said)) -ge "$all" ] &&
	    ok "tiny tables, a pipe: kept $kept + named $said covers all $all" ||
	    bad "tiny tables, a pipe: everything kept or named" \
	    "kept $kept, named $said, of $all"
	# --hits with too few process slots: which objects may lack hits
	run env HOME="$W/home" "$TINY" check --hits -t 2026-11-30 \
	    -i "$P/google__perf_data_converter__perf.data.busy.1-3.8"
	expect "tiny process table: objects maybe under-counted are named" 1 \
	    "may have hits not counted"
	# samples whose maps are not known when read wait in a table of 4
	# here: what it gave up is said once, not once a pass
	n=$(grep -c "had no map when read and were given up" "$W/err")
	[ "$n" = 1 ] && ok "tiny waiting table: what it gave up is said once" ||
	    bad "tiny waiting table: what it gave up is said once" "said $n times"
	"$PERFMT" check --hits -t 2026-11-30 -i \
	    "$P/google__perf_data_converter__perf.data.busy.1-3.8" >/dev/null 2>"$T/e"
	grep -q "had no map when read" "$T/e" &&
	    bad "default waiting table: nothing given up" "$(cat "$T/e")" ||
	    ok "default waiting table: nothing given up"
else
	skipped "tiny tables" "no perfmt-tiny (make perfmt-tiny)"
fi

# ---- records that look like others, a record of size 0 ------------------
# a sample across the middle whose bytes look like records: the read steps
# over it by its size, and check says what it says of the profile; a
# record of size 0 stops the read there, said as damage
B=$P/local__x86_64__small.data
for what in over zero; do
	python3 - "$B" "$T/$what.data" "$what" <<'PY' || bad "make the $what profile"
import struct, sys
b = bytearray(open(sys.argv[1], 'rb').read())
start, size = struct.unpack_from('<QQ', b, 40)
mid = start + (size // 2 & ~7)
p = start
while True:
    t, m, s = struct.unpack_from('<IHH', b, p)
    if sys.argv[3] == 'zero' and p > start + size // 4 and t == 9:
        struct.pack_into('<H', b, p + 6, 0)
        break
    if p < mid < p + s:
        assert t == 9 and p + s - mid >= 24, (t, p, s, mid)
        struct.pack_into('<IHH', b, mid, 3, 0, 16)
        struct.pack_into('<IHH', b, mid + 16, 3, 0, 65528)
        break
    p += s
open(sys.argv[2], 'wb').write(b)
PY
done
for c in "check -t 2026-01-01 -a -p" "list"; do
	$PERFMT $c -i "$B" >"$T/o1" 2>"$T/e1"
	r1=$?
	$PERFMT $c -i "$T/over.data" >"$T/o2" 2>"$T/e2"
	r2=$?
	[ "$r1" = "$r2" ] && cmp -s "$T/o1" "$T/o2" && cmp -s "$T/e1" "$T/e2" &&
	    ok "over: read as the profile it came from ($c)" ||
	    bad "over: read as the profile it came from ($c)" \
	    "status $r1 / $r2; $(diff "$T/e1" "$T/e2" | head -5)"
done
run "$PERFMT" check -t 2026-01-01 -i "$T/zero.data"
expect "zero: the damage said" 2 "has size 0"

# ---- hostile names and inputs (issue 20) ----------------------------------
# Invisible format characters (Default_Ignorable_Code_Point) are escaped
# wherever a name is printed: a library named "lib" U+200B ".so" must not
# look like lib.so, on standard output or in a message.
zw=$(printf 'lib\342\200\213.so')
cp "$W/elf/local__w-sha1" "$T/$zw"
run "$PERFMT" buildid "$T/$zw"
expect "buildid: a name with U+200B" 0
grep -qF 'lib\xe2\x80\x8b.so' "$W/out" && ! grep -q "$zw" "$W/out" &&
    ok "buildid: U+200B in a name escaped" ||
    bad "buildid: U+200B in a name escaped" "$(od -c "$W/out" | head)"
# a tag character (4 bytes) and a word joiner in a message
tg=$(printf 'x\363\240\200\201y\342\201\240z')
run "$PERFMT" buildid "$T/$tg"
expect "buildid: a missing name with U+E0001, U+2060" 2
grep -qF 'x\xf3\xa0\x80\x81y\xe2\x81\xa0z' "$W/err" && ! grep -q "$tg" "$W/err" &&
    ok "buildid: invisible characters escaped in messages" ||
    bad "buildid: invisible characters escaped in messages" "$(od -c "$W/err" | head)"

# A zstd bomb: the -z pipe local__zpipe.data and COMPRESSED records of
# run-length blocks, each 4 bytes for 128 KiB of records of 2056 bytes.
# zbomb OUT RECORDS BLOCKS [MMAP_LEN]: RECORDS records of BLOCKS blocks;
# MMAP_LEN replaces the ring buffer size the COMPRESSED feature records.
zbomb() {
	python3 - "$P/local__zpipe.data" "$@" <<'PY'
import struct, sys
d = bytearray(open(sys.argv[1], 'rb').read())
nrec, nblk = int(sys.argv[3]), int(sys.argv[4])
if len(sys.argv) > 5:	# HEADER_FEATURE (80) of COMPRESSED (27): mmap_len
    off = 16
    while off + 8 <= len(d):
        t, m, s = struct.unpack_from('<IHH', d, off)
        if t == 80 and struct.unpack_from('<Q', d, off + 8)[0] == 27:
            struct.pack_into('<I', d, off + 32, int(sys.argv[5]))
        off += s
blk = struct.pack('<I', 131072 << 3 | 1 << 1)[:3] + b'\x08'
rec = struct.pack('<IHH', 81, 0, 8 + 4 * nblk) + blk * nblk
open(sys.argv[2], 'wb').write(d + rec * nrec)
PY
}
if command -v python3 >/dev/null 2>&1; then
	# one record of 64 KiB decodes 2 GiB: over the ring buffer it came from
	zbomb "$T/zbomb" 40 16381
	run timeout 10 "$PERFMT" header -i "$T/zbomb"
	expect "-z bomb: a record over its ring buffer, refused fast" 2 \
	    "offset 0x17e4: COMPRESSED record of 65524 bytes of zstd decodes to more than 659456 bytes, expected at most the ring buffer it was compressed from (528384 bytes by the COMPRESSED feature)"
	# records of 512 KiB each, within that, but 32,768 times their size
	zbomb "$T/zbomb" 100000 4
	run timeout 10 "$PERFMT" header -i "$T/zbomb"
	expect "-z bomb: the whole stream over 4096 times its size, refused" 2 \
	    "bytes decoded from 3340 bytes of zstd, over 4096 times as many and a record's bound (659456): a decompression bomb"
	grep -q "offset 0x1a6c: COMPRESSED data: [0-9]* bytes decoded" "$W/err" &&
	    ok "-z bomb: the record where the stream went over named" ||
	    bad "-z bomb: the record where the stream went over named" "$(cat "$W/err")"
	# a ring buffer of 4 GiB claimed: 1 GiB is believed
	zbomb "$T/zbomb" 1 16381 4294967295
	run timeout 10 "$PERFMT" list -i "$T/zbomb"
	expect "-z bomb: a ring buffer of 4 GiB is not believed" 2 \
	    "decodes to more than 1073872896 bytes, expected at most the ring buffer it was compressed from (1073741824 bytes, the most believed)"
else
	skipped "-z bombs" "no python3 to make them"
fi

# -i DIR reads regular files only: a FIFO, a device or a link to one as
# data or data.N is named and not opened or read (it would block or never
# end); a link to a regular file is read.  tdir KIND FILE: a copy of
# local__threads.data with FILE made a KIND (fifo, urandom, null, link)
tdir() {
	rm -rf "$T/tdir"
	cp -R "$P/local__threads.data" "$T/tdir"
	case $1 in
	fifo) rm "$T/tdir/$2" && mkfifo "$T/tdir/$2" ;;
	urandom|null) ln -sf "/dev/$1" "$T/tdir/$2" ;;
	link) mv "$T/tdir/$2" "$T/$2.real" && ln -s "$T/$2.real" "$T/tdir/$2" ;;
	esac
}
for k in fifo urandom null; do
	what="a device"
	[ $k = fifo ] && what="a FIFO"
	tdir $k data.1
	run timeout 10 "$PERFMT" header -i "$T/tdir"
	expect "-i DIR: data.1 $what ($k), not read" 1 \
	    "tdir/data.1: $what, not a regular file: not read"
	grep -q "^streams       1 data.N files, 4304 bytes" "$W/out" &&
	    ok "-i DIR: data.1 $what ($k): data.0 read" ||
	    bad "-i DIR: data.1 $what ($k): data.0 read" "$(cat "$W/out")"
	tdir $k data
	run timeout 10 "$PERFMT" list -i "$T/tdir"
	expect "-i DIR: data $what ($k), trouble" 2 \
	    "tdir/data: $what, not a regular file: not read"
done
tdir none
run "$PERFMT" header -i "$T/tdir"
sed -e 1d -e "/^profile time /d" "$W/out" >"$T/tdir.header"
tdir link data.1
run "$PERFMT" header -i "$T/tdir"
sed -e 1d -e "/^profile time /d" "$W/out" >"$T/tdir.h2" && mv "$T/tdir.h2" "$W/out"
same "-i DIR: data.1 a link to a regular file is read" "$T/tdir.header"

# Times past 2262, where int64_t ns end: a file modified in 2445 (ext4
# holds up to 2446) is newer than the profile, stale, not unchanged, and
# its date is said as the bound it lies past; the perf.data's own mtime
# there is an implausible profile time; -t 9999-12-31 is refused, the
# field named (make check-asan runs these under UBSan)
rm -rf "$T/farsr"
mkdir -p "$T/farsr/tmp/fix" "$W/nocache"
cp "$W/elf/local__w-none" "$T/farsr/tmp/fix/w-none"
if touch -d @15000000000 "$T/farsr/tmp/fix/w-none" 2>/dev/null &&
    [ "$(stat -c %Y "$T/farsr/tmp/fix/w-none")" = 15000000000 ]; then
	for fmt in -p -j; do
		run env HOME="$W/home" "$PERFMT" check $fmt -t 2026-11-30T02:00 \
		    -s "$T/farsr" -c "$W/nocache" -i "$P/local__sized.data"
		crashed && bad "check $fmt: a file of 2445" "exit $rc: $(cat "$W/err")"
		grep '/tmp/fix/w-none' "$W/out" >"$T/far.row"
		case $fmt in
		-p) grep -q '^stale	-	-	/tmp/fix/w-none	modified after 2262-04-11 23:47:16 UTC, more than [0-9]* days after the profile' "$T/far.row" ;;
		-j) grep -q '^{"verdict":"stale",.*"detail":"modified after 2262-04-11 23:47:16 UTC, more than' "$T/far.row" &&
		    ! grep -q '"mtime"' "$T/far.row" ;;
		esac && ok "check $fmt: a file modified in 2445 is stale" ||
		    bad "check $fmt: a file modified in 2445 is stale" "$(cat "$T/far.row")"
	done
	cp "$P/local__sized.data" "$T/far.data"
	touch -d @15000000000 "$T/far.data"
	run env HOME="$W/home" "$PERFMT" check -s "$T/farsr" -c "$W/nocache" \
	    -i "$T/far.data"
	expect "check: a perf.data modified in 2445, an implausible time" 1 \
	    "the profile's time, after 2262-04-11 23:47:16 UTC (from the mtime of the perf.data), is implausible"
else
	skipped "files modified in 2445" "this file system holds no such mtime"
fi
run "$PERFMT" check -t 9999-12-31 -i "$P/local__sized.data"
expect "-t 9999-12-31: refused, the year named" 2 \
    "-t 9999-12-31: the year: past 2262-04-11 23:47:16 UTC"

# ---- the progress line: only on a terminal ---------------------------------
run env PERFMT_PROGRESS_DELAY=0 "$PERFMT" check -i "$P/google__perf_data_converter__perf.data.busy.1-3.8"
grep -q "MB/s" "$W/err" && bad "no progress line when stderr is not a terminal" \
    "$(cat "$W/err")" || ok "no progress line when stderr is not a terminal"
if command -v script >/dev/null 2>&1; then
	PERFMT_PROGRESS_DELAY=0 script -qc "$PERFMT check -i \
	    $P/google__perf_data_converter__perf.data.busy.1-3.8 >/dev/null" \
	    /dev/null >"$W/out" 2>&1 </dev/null
	grep -q "MB/s" "$W/out" && tail -c 4 "$W/out" | od -An -c | grep -q '\\r 033' &&
	    ok "progress line on a terminal, erased at the end" ||
	    bad "progress line on a terminal, erased at the end" "$(od -c "$W/out" | head)"
else
	skipped "progress line on a terminal" "no script(1)"
fi

# ---- fixed memory: peak RSS -------------------------------------------------
if [ -n "$EMU" ]; then
	skipped "peak RSS" "under $EMU the RSS is the emulator's"
elif [ "$(basename "$PERFMT")" != perfmt ]; then
	skipped "peak RSS" "not the static build (a sanitizer build has shadow memory)"
elif ! musl_only "peak RSS"; then
	:
elif [ -x /usr/bin/time ]; then
	for n in local__x86_64__small.data GrapheneOS__platform_system_extras__generated_by_linux_perf.data \
	    mstange__linux-perf-data__fibo.compressed2.pipe.data; do
		/usr/bin/time -f %M -o "$T/rss" "$PERFMT" check --hits=callchain \
		    -i "$P/$n" >/dev/null 2>&1
		kb=$(tail -1 "$T/rss")
		[ "$kb" -le 2048 ] && ok "peak RSS ${kb} KiB <= 2 MiB: $n" ||
		    bad "peak RSS <= 2 MiB: $n" "$kb KiB"
	done
else
	skipped "peak RSS" "no GNU time (Debian: time)"
fi
# the bound whatever the input: every page of the program and its static
# tables touched, with 64 KiB left for the stack
if [ -z "$EMU" ] && [ "$(basename "$PERFMT")" = perfmt ] &&
    command -v size >/dev/null 2>&1 && musl_only "the size bound"; then
	# the zstd state is touched only by -z profiles (their RSS is
	# measured above)
	z=$("$PERFMT" -V | awk '/zstd state/ { print $3 }')
	sz=$(size "$PERFMT" | awk -v z="${z:-0}" 'NR == 2 { print $1 + $2 + $3 - z }')
	[ "$sz" -le $((2048 * 1024 - 65536)) ] &&
	    ok "text + data + bss but zstd $sz bytes: under 2 MiB with a 64 KiB stack" ||
	    bad "text + data + bss but zstd under 2 MiB - 64 KiB" "$sz bytes"
else
	skipped "static size bound" "not the host's static build, or no size(1)"
fi

# ---- an initramfs: an empty root, only the binary and a profile ------------
# No /proc, /sys, /etc or shared library: the static binary must still
# answer, and say what is missing where /sys is needed.
BIN=${PERFMT_BIN:-$PERFMT}
CHROOT=
if [ "$(id -u)" -eq 0 ]; then
	CHROOT=chroot
elif unshare -r true >/dev/null 2>&1; then
	CHROOT="unshare -r chroot"
elif sudo -n true >/dev/null 2>&1; then
	CHROOT="sudo -n chroot"
fi
if [ -z "$CHROOT" ] && [ -n "${PERFMT_TEST_STRICT:-}" ]; then
	# CI sets it: there this test must run, not be skipped
	bad "empty root" "neither root, user namespaces (unshare -r) nor sudo"
elif [ -z "$CHROOT" ]; then
	skipped "empty root" "neither root, user namespaces (unshare -r) nor sudo"
elif ! command -v readelf >/dev/null 2>&1 || readelf -lW "$BIN" | grep -q INTERP; then
	skipped "empty root" "$(basename "$BIN") is not a static binary"
elif [ -n "$EMU" ] && readelf -lW "$(command -v "$EMU")" | grep -q INTERP; then
	skipped "empty root" "$EMU is not a static binary"
else
	R=$W/root
	rm -rf "$R"
	mkdir -p "$R"
	cp "$BIN" "$R/perfmt"
	cp "$P/local__x86_64__small.data" "$R/p.data"
	in_root="$CHROOT $R"
	if [ -n "$EMU" ]; then
		cp "$(command -v "$EMU")" "$R/emu"
		in_root="$in_root /emu"
	fi
	run $in_root /perfmt list -i /p.data
	expect "empty root: list" 0
	"$PERFMT" list -i "$P/local__x86_64__small.data" >"$T/want" 2>/dev/null
	same "empty root: list as outside" "$T/want"
	run $in_root /perfmt header -i /p.data
	expect "empty root: header" 0
	run $in_root /perfmt list -k
	expect "empty root: list -k says /sys is not mounted" 2 \
	    "/sys/kernel/notes: No such file or directory (/sys is not mounted"
	# -L: the profile is taken as this system's (it is another's, which
	# without -L gives every row foreign)
	run $in_root /perfmt check -p -i /p.data
	[ "$(grep -vc '^foreign	' "$W/out")" -eq 0 ] &&
	    ok "empty root: another system's profile: foreign" ||
	    bad "empty root: another system's profile: foreign" "$(cat "$W/out")"
	run $in_root /perfmt check -L -p -i /p.data
	expect "empty root: check finds nothing" 1
	grep -q '^missing	[0-9a-f]*	-	\[kernel.kallsyms\]	not found: /sys/kernel/notes (/sys is not mounted' \
	    "$W/out" && ok "empty root: the kernel row says /sys is not mounted" ||
	    bad "empty root: the kernel row says /sys is not mounted" "$(cat "$W/out")"
	# (the vDSO is read from memory: under qemu-user there is none)
	[ "$(grep -v '	\[vdso\]	' "$W/out" | grep -c '^missing	')" -eq 11 ] &&
	    ok "empty root: every file missing" ||
	    bad "empty root: every file missing" "$(cat "$W/out")"
	mkdir -p "$R/sr/usr/bin"
	cp "$W/elf/local__w-sha1" "$R/sr/usr/bin/python3.11"
	run $in_root /perfmt check -p -s /sr -i /p.data
	grep -q '^mismatch	571d98e01096d5c1c32420d229a6731a0a50d2a0	' "$W/out" &&
	    ok "empty root: a sysroot inside it" ||
	    bad "empty root: a sysroot inside it" "$(cat "$W/out" "$W/err")"
fi

# ---- buildid: every ELF fixture ------------------------------------------
while read -r name id; do
	run "$PERFMT" buildid "$W/elf/$name"
	if [ "$id" = none ]; then
		expect "buildid $name: none" 1 "no GNU build-ID note"
		[ ! -s "$W/out" ] && ok "buildid $name: no output" ||
		    bad "buildid $name: no output" "$(cat "$W/out")"
	else
		expect "buildid $name" 0
		echo "$id $W/elf/$name" >"$T/want"
		same "buildid $name = $id" "$T/want"
	fi
done <"$D/elf/EXPECTED.tsv"
run "$PERFMT" buildid "$W/elf/local__w-sha1" "$W/elf/local__w-none" \
    "$W/elf/local__w-md5"
expect "buildid of several: 1 when one lacks an ID" 1
[ "$(wc -l <"$W/out")" -eq 2 ] && ok "buildid of several: two lines" ||
    bad "buildid of several: two lines" "$(cat "$W/out")"
run "$PERFMT" buildid "$W/elf/local__w-sha1" "$T/dummy" "$W/elf/local__w-none"
expect "buildid: not ELF is trouble, exit 2" 2 "dummy: not an ELF file"
run "$PERFMT" buildid "$T/emptydir"
expect "buildid of a directory" 2 "not a regular file"
# a file cut inside its note: the offset is named
head -c 900 "$W/elf/local__w-sha1" >"$T/w-cut"
run "$PERFMT" buildid "$T/w-cut"
expect "buildid of a cut ELF: offset named" 2 "past the end of the file"

# ---- oracles: readelf -n, perf buildid-list ------------------------------
if command -v readelf >/dev/null 2>&1; then
	while read -r name id; do
		[ "$(head -c 4 "$W/elf/$name" | od -An -c | tr -d ' ')" = '177ELF' ] ||
		    continue
		want=$(readelf -n "$W/elf/$name" 2>/dev/null |
		    awk '/Build ID:/ { print $3; exit }')
		got=$("$PERFMT" buildid "$W/elf/$name" 2>/dev/null | cut -d' ' -f1)
		[ "$got" = "$want" ] && ok "readelf -n agrees: $name" ||
		    bad "readelf -n agrees: $name" "perfmt '$got', readelf '$want'"
	done <"$D/elf/EXPECTED.tsv"
else
	skipped "readelf oracle" "readelf not installed"
fi

perf_works=
if command -v perf >/dev/null 2>&1 &&
    perf buildid-list -i "$P/local__x86_64__small.data" >/dev/null 2>&1; then
	perf_works=1
fi
if [ -n "$perf_works" ]; then
	while read -r name order; do
		case $name in ''|'#'*) continue ;; esac
		if ! perf buildid-list -f -i "$P/$name" >"$T/perf0" 2>/dev/null
		then
			skipped "perf buildid-list -i $name" "this perf cannot read it"
			continue
		fi
		# a perf before 6.9 prints the table's order
		if perf version 2>/dev/null | grep -q ' [1-5]\.\| 6\.[0-8]\.'; then
			by_name "$T/perf0" >"$T/perf"
		else
			cp "$T/perf0" "$T/perf"
		fi
		"$PERFMT" list -i "$P/$name" >"$W/out" 2>/dev/null
		same "perf buildid-list -i $name (live)" "$T/perf"
	done <"$D/perf/TABLES"
	# header fields against perf report --header-only
	for f in "$P"/*; do
		n=$(basename "$f")
		case $n in *.buildids) continue ;; esac
		perf report --header-only -i "$f" >"$T/hp" 2>/dev/null || continue
		# perf reads the feature table of a killed recording from
		# sample data, and the sections perf inject left unswapped in
		# a big-endian file as garbage (docs/format.md §4)
		grep -q '^# data size *: 0$' "$T/hp" && continue
		case $n in local__s390x-inject__*) continue ;; esac
		"$PERFMT" header -i "$f" >"$T/hm" 2>/dev/null
		for pair in "hostname:hostname" "os release:os release" \
		    "perf version:perf version" "arch:arch" "cpudesc:cpu" \
		    "cpuid:cpuid" "nrcpus online:cpus" "total memory:memory" \
		    "time of first sample:sample time"; do
			p=${pair%%:*}
			m=${pair#*:}
			sed -n "s/^# $p : //p" "$T/hp" >"$T/a"
			# perf prints empty and zero values; perfmt omits them
			grep -q . "$T/a" && ! grep -qx -e '(null)' -e '0.000000' \
			    "$T/a" || continue
			sed -n "s/^$m  *//p" "$T/hm" >"$W/out"
			case $m in
			cpus) sed -i 's/ online.*//' "$W/out" ;;
			memory) sed -i 's/ kB$//' "$T/a"; sed -i 's/ kB$//' "$W/out" ;;
			'sample time') sed -i 's/^\([0-9]*\.[0-9]\{6\}\).*/\1/' "$W/out" ;;
			esac
			same "header $m = perf report --header-only: $n" "$T/a"
		done
	done
	if [ -r /sys/kernel/notes ]; then
		run "$PERFMT" list -k
		perf buildid-list -k >"$T/perf" 2>/dev/null
		same "list -k = perf buildid-list -k" "$T/perf"
	else
		skipped "list -k" "/sys/kernel/notes not readable"
	fi
	sh "$top/tests/live.sh" "$PERFMT" "$T/live" "$D/elf/local__w.c" \
	    >"$T/live.log" 2>&1
	while IFS='|' read -r word what detail; do
		case $word in
		ok) ok "live: $what" ;;
		FAIL) bad "live: $what" "$detail" ;;
		skip) skipped "live: $what" "$detail" ;;
		esac
	done <"$T/live.log"
else
	skipped "perf oracle" "perf not installed or cannot read perf.data here"
	if [ -r /sys/kernel/notes ]; then
		run "$PERFMT" list -k
		"$PERFMT" buildid /sys/kernel/notes 2>/dev/null | cut -d' ' -f1 >"$T/k"
		same "list -k = buildid /sys/kernel/notes" "$T/k"
	fi
fi

# ---- static binary, no allocator -----------------------------------------
if grep -nE '\<(malloc|calloc|realloc|strdup|fopen|mmap|opendir)[[:space:]]*\(' \
    perfmt.c >"$T/grep"; then
	bad "no malloc/fopen/mmap in perfmt.c" "$(cat "$T/grep")"
else
	ok "no malloc/fopen/mmap in perfmt.c"
fi
case $EMU:$(basename "$PERFMT") in
:perfmt)
	if command -v readelf >/dev/null 2>&1; then
		readelf -lW "$PERFMT" | grep -q INTERP &&
		    bad "perfmt is static" "it has a PT_INTERP" ||
		    ok "perfmt is static"
	fi
	if command -v nm >/dev/null 2>&1 && nm "$PERFMT" >/dev/null 2>&1 &&
	    musl_only "no allocator linked"; then
		nm "$PERFMT" | grep -E ' (malloc|calloc|realloc|free|mmap|strdup|fopen|opendir|aligned_alloc|posix_memalign)$' >"$T/nm" &&
		    bad "no allocator linked" "$(cat "$T/nm")" ||
		    ok "no allocator linked"
	fi
	# no warning from either compiler, with the flags the Makefile uses
	flags="$(sed -n 's/^WFLAGS = //p; s/^CPPFLAGS += //p' "$top/Makefile")"
	for c in gcc clang musl-gcc; do
		command -v $c >/dev/null 2>&1 || continue
		$c $flags -Werror -fsyntax-only "$top/perfmt.c" >"$T/cc" 2>&1 &&
		    ok "$c -std=c99 -pedantic -Wall -Wextra: no warning" ||
		    bad "$c -std=c99 -pedantic -Wall -Wextra: no warning" "$(cat "$T/cc")"
	done
	# a machine without musl-gcc: said, and a static build with cc; a
	# budget given to make reaches the binary
	if command -v make >/dev/null 2>&1 && command -v cc >/dev/null 2>&1; then
		rm -rf "$T/fb"
		mkdir -p "$T/fb"
		cp "$top/Makefile" "$top/perfmt.c" "$top/elf_min.h" "$T/fb/"
		make -s -C "$T/fb" MUSL_CC=no-such-musl-gcc PERFMT_MAXOBJ=100 \
		    >"$T/fb.out" 2>"$T/fb.err"
		run "$T/fb/perfmt" -V
		grep -q "no-such-musl-gcc not found (Debian: apt-get install musl-tools)" "$T/fb.err" &&
		    ! readelf -lW "$T/fb/perfmt" | grep -q INTERP &&
		    grep -q '^  objects  *100 ' "$W/out" &&
		    ok "without musl-gcc: said, static with cc, make PERFMT_MAXOBJ=100" ||
		    bad "without musl-gcc: said, static with cc, make PERFMT_MAXOBJ=100" \
		    "$(cat "$T/fb.err" "$W/out")"
	fi
	;;
esac

# ---- the same answers as the host build (make test-cross) -----------------
# Every command over every fixture: stdout, stderr and exit status must be
# byte-identical to the host binary's; on s390x this is the proof that no
# code depends on the host's byte order.
if [ -n "$HOSTBIN" ]; then
	# agree NAME ARGS...: the emulated and the host binary, same answers
	agree() {
		nm=$1
		shift
		(cd "$W" && env HOME="$W/home" timeout 120 "$PERFMT" "$@" \
		    >"$T/c.out" 2>"$T/c.err" <"${IN:-/dev/null}"; echo $? >"$T/c.rc")
		(cd "$W" && env HOME="$W/home" "$HOSTBIN" "$@" \
		    >"$T/h.out" 2>"$T/h.err" <"${IN:-/dev/null}"; echo $? >"$T/h.rc")
		# the time a header takes from the file's mtime and birth
		# (statx) is the emulator's to give: compared elsewhere
		for o in "$T/c.out" "$T/h.out"; do
			sed '/^profile time .*(the mtime of the perf\.data/d' "$o" >"$T/x"
			mv "$T/x" "$o"
		done
		# qemu-s390x (7.2) gives its guests' stat() no nanoseconds
		if [ "$EMU" = qemu-s390x-static ]; then
			for o in "$T/c.out" "$T/h.out"; do
				sed 's/\("mtime":"[^".]*\)\.[0-9]*Z"/\1Z"/g' "$o" >"$T/x"
				mv "$T/x" "$o"
			done
		fi
		if cmp -s "$T/c.out" "$T/h.out" && cmp -s "$T/c.err" "$T/h.err" &&
		    cmp -s "$T/c.rc" "$T/h.rc"; then
			ok "same as the host: $nm"
		else
			bad "same as the host: $nm" "status $(cat "$T/c.rc") vs \
$(cat "$T/h.rc"); $(diff "$T/h.out" "$T/c.out" | head -5) \
$(diff "$T/h.err" "$T/c.err" | head -5)"
		fi
	}
	for f in "$W"/perf/*; do
		n=$(basename "$f")
		case $n in *.buildids) continue ;; esac
		agree "list $n" list -i "$f"
		agree "list -H $n" list -H -i "$f"
		agree "header $n" header -i "$f"
		# -s /: the files of this host, but not the running vDSO,
		# which is the emulator's (qemu-user gives its guests none);
		# -L: the emulator's uname is another arch than the host's
		agree "check $n" check -p -L -s / -t 2026-01-01 -i "$f"
		agree "check --hits=callchain $n" check -j -L -s / \
		    --hits=callchain -t 2026-01-01 -i "$f"
		if [ -f "$f" ]; then
			IN=$f
			agree "list of stdin $n" list -i -
			IN=
		fi
	done
	for f in "$W"/elf/*; do
		agree "buildid $(basename "$f")" buildid "$f"
	done
	# the inputs the fuzzers found, each through every reader
	for f in "$D"/fuzz/*; do
		n=fuzz/$(basename "$f")
		agree "header $n" header -i "$f"
		agree "check $n" check -p -a -H -L -s / -t 2026-01-01 -i "$f"
		agree "buildid $n" buildid "$f"
	done
	# and without a sysroot, the vDSO row says what it lacks (qemu 7.2
	# gives its guests no vDSO) or names the emulator's
	run env HOME="$W/home" "$PERFMT" check -p -L -i "$P/local__x86_64__small.data"
	grep -q -e '^missing	b0af7178ba47aca58d16966d2c4d17c913589189	-	\[vdso\]	this process has no vDSO to compare with' \
	    -e '	[0-9a-f]\{16,\}	\[vdso\]	.*running vDSO' "$W/out" &&
	    ok "under $EMU: the vDSO row says what it compared" ||
	    bad "under $EMU: the vDSO row says what it compared" "$(grep vdso "$W/out")"
fi

# ---- every real file in ../shared/testdata -------------------------------
if [ -d "$SHARED" ]; then
	for f in "$SHARED"/perfdata/* "$SHARED"/guest-aarch64/*.data; do
		case $f in *.buildids|*.tsv|*.md) continue ;; esac
		for cmd in list header; do
			run "$PERFMT" $cmd -i "$f"
			crashed && bad "shared $cmd $(basename "$f")" "exit $rc" ||
			    ok "shared $cmd $(basename "$f")"
		done
		run "$PERFMT" buildid "$f"
		expect "shared buildid of a profile $(basename "$f")" 2 "not an ELF"
		if [ -f "$f.buildids" ] && grep -q "	yes([1-9]" \
		    "$SHARED/perfdata/MANIFEST.tsv" 2>/dev/null &&
		    grep "^$(basename "$f")	" "$SHARED/perfdata/MANIFEST.tsv" |
		    grep -q "	yes([1-9]"; then
			"$PERFMT" list -i "$f" >"$W/out" 2>/dev/null
			cp "$f.buildids" "$T/s"
			if ! grep "^$(basename "$f")	" "$SHARED/perfdata/MANIFEST.tsv" |
			    grep -q "written by perf 6.12"; then
				by_name "$f.buildids" >"$T/s"
			fi
			same "shared list $(basename "$f") = its .buildids" "$T/s"
		fi
	done
	for f in "$SHARED"/elf/*/*; do
		case $f in *.tsv|*.md) continue ;; esac
		for cmd in list header; do
			run "$PERFMT" $cmd -i "$f"
			crashed && bad "shared $cmd of an ELF file $(basename "$f")" \
			    "exit $rc" || ok "shared $cmd of an ELF file $(basename "$f")"
		done
		run "$PERFMT" buildid "$f"
		want=$(awk -F'\t' -v n="$(basename "$f")" '$1 == n { print $8 }' \
		    "$(dirname "$f")/MANIFEST.tsv")
		got=$(cut -d' ' -f1 "$W/out")
		[ -n "$got" ] || got=none
		if crashed; then
			bad "shared buildid $f" "exit $rc"
		elif [ "$got" = "$want" ]; then
			ok "shared buildid $(basename "$f") = MANIFEST"
		else
			bad "shared buildid $f = MANIFEST" "got $got, want $want"
		fi
	done
	# the cross-system workflow end to end: arm64 guest profiles against
	# the guest's own files as a sysroot
	G=$SHARED/guest-aarch64
	if [ -f "$G/aarch64__sysroot.tar.xz" ]; then
		rm -rf "$W/gsr"
		mkdir -p "$W/gsr"
		xz -dc "$G/aarch64__sysroot.tar.xz" | (cd "$W/gsr" && tar -xf -)
		for n in a-default s-system-wide m-buildid-mmap; do
			# the copy's mtime is no recording time: -r vouches
			run env HOME="$W/home" "$PERFMT" check -p -s "$W/gsr" \
			    -r "$G/aarch64__$n.data" -i "$G/aarch64__$n.data"
			expect "guest $n against its sysroot: exit 0" 0
			for obj in '[kernel.kallsyms]' /usr/bin/busybox; do
				awk -F'\t' -v p="$obj" '$4 == p { print $1 }' \
				    "$W/out" >"$T/v"
				[ "$(cat "$T/v")" = ok ] && ok "guest $n: $obj ok" ||
				    bad "guest $n: $obj ok" "$(cat "$W/out")"
			done
		done
		awk -F'\t' '$4 == "[vdso]" { print $1 }' "$W/out" >"$T/v"
		[ "$(cat "$T/v")" = skip ] && ok "guest vDSO without an ID: skip" ||
		    bad "guest vDSO without an ID: skip" "$(cat "$W/out")"
		run env HOME="$W/home" "$PERFMT" check -p -s "$W/gsr" \
		    -i "$G/aarch64__a-default.data"
		grep -q '^ok	48bd5898dfecb20fb217e7deeb2c06ae02c439e6	.*	\[vdso\]	build-ID matches: build-ID cache' \
		    "$W/out" && ok "guest vDSO from the sysroot's .debug" ||
		    bad "guest vDSO from the sysroot's .debug" "$(cat "$W/out")"
	else
		skipped "guest sysroot" "no $G/aarch64__sysroot.tar.xz"
	fi
else
	skipped "shared sweep" "no $SHARED"
fi

echo "$skip skipped"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
