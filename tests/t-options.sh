# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- usage, version, options --------------------------------------------
run "$PERFMT" -h
sed -n '/^<!-- usage begin -->$/,/^<!-- usage end -->$/p' README.md |
    sed '1,2d;$d' | sed '$d' >"$W/usage"
cp "$W/out" "$W/help"
sed '/^$/,$d' "$W/help" >"$W/out"
expect "-h exits 0" 0
same "-h's synopsis matches README" "$W/usage"
# the man page names every option and command the usage names
for o in $(sed -n 's/^  \(-[A-Za-z]\).*/\1/p' "$W/help" | sort -u) \
    --sysroot --symfs --hits --output --dry-run --all check list header \
    buildid inject archive; do
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
expect "no command, no perf.data: says how to give one" 2 \
    "no perf.data in this directory: give the profile, as perfmt check FILE or -i FILE"
run "$PERFMT" frobnicate
expect "unknown command: said, and the synopsis names the commands" 2 \
    "'frobnicate' is no command, nor a file here"
grep -q '^       perfmt archive ' "$W/err" && ok "unknown command: the synopsis follows" ||
    bad "unknown command: the synopsis follows" "$(cat "$W/err")"
# -s that is no directory: said, whatever it is
for s in /dev/null /etc/passwd; do
	run "$PERFMT" check -s $s -i "$W/perf/local__x86_64__small.data"
	expect "-s $s: not a directory, said" 2 "-s $s: not a directory"
done
run "$PERFMT" check -s "$W/tmp/none" -i "$W/perf/local__x86_64__small.data"
expect "-s that is not there: said" 2 "-s $W/tmp/none: No such file"
# list -k is perf buildid-list's running kernel, a kernel image here
run "$PERFMT" list -k
expect "list -k: names list --kernel" 2 \
    "list: unknown option -k (-k is a kernel image to check against; the running kernel's build-ID is list --kernel)"
run "$PERFMT" list -Z
expect "unknown option" 2 "perfmt: list: unknown option -Z"
run "$PERFMT" --bogus
expect "unknown long option, as written" 2 "perfmt: check: unknown option --bogus"
run "$PERFMT" check -i
expect "-i without its argument" 2 "perfmt: check: option -i needs an argument"
# a prefix of several long names is ambiguous, not unknown (musl's
# getopt_long calls it unknown); a control byte in an option is escaped
run "$PERFMT" check --s "$W/tmp"
expect "--s: ambiguous" 2 "perfmt: check: ambiguous option --s"
run "$PERFMT" check "-$(printf '\033')"
expect "an unknown letter's control byte escaped" 2 "perfmt: check: unknown option -\\x1b"
run "$PERFMT" check --all=1
expect "--all=1: takes no argument" 2 "perfmt: check: option --all takes no argument"
run "$PERFMT" header --js -i "$W/perf/local__x86_64__small.data"
expect "a prefix of one long name: --js" 0
# letters together, an argument attached, operands before options, --
f=$W/perf/local__x86_64__small.data
"$PERFMT" check -q -p -t 2026-11-30 -i "$f" >"$W/tmp/i" 2>"$W/tmp/ie"
cat "$W/tmp/ie" >>"$W/tmp/i"
run "$PERFMT" check -qpt2026-11-30 "-i$f"
cat "$W/err" >>"$W/out"
same "-qpt2026-11-30 -iFILE = -q -p -t 2026-11-30 -i FILE" "$W/tmp/i"
run "$PERFMT" check "$f" -qp -t 2026-11-30
cat "$W/err" >>"$W/out"
same "the profile before the options" "$W/tmp/i"
cp "$f" "$W/tmp/-q.data"
(cd "$W/tmp" && "$PERFMT" check -qp -t 2026-11-30 -- -q.data) >"$W/out" 2>"$W/err"
cat "$W/err" >>"$W/out"
sed "s|$f|-q.data|g" "$W/tmp/i" >"$W/tmp/i2"
same "-- ends the options: a profile named -q.data" "$W/tmp/i2"
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
# the profile as an operand: perfmt FILE, perfmt COMMAND FILE
for c in check list header; do
	t=
	[ $c = check ] && t="-t 2026-11-30"
	"$PERFMT" $c $t -i "$f" >"$W/tmp/i" 2>"$W/tmp/ie"
	cat "$W/tmp/ie" >>"$W/tmp/i"
	run "$PERFMT" $c $t "$f"
	cat "$W/err" >>"$W/out"
	same "$c FILE = $c -i FILE" "$W/tmp/i"
done
"$PERFMT" -t 2026-11-30 -i "$f" >"$W/tmp/i" 2>"$W/tmp/ie"
cat "$W/tmp/ie" >>"$W/tmp/i"
run "$PERFMT" "$f" -t 2026-11-30
cat "$W/err" >>"$W/out"
same "perfmt FILE = perfmt check -i FILE" "$W/tmp/i"
run "$PERFMT" check -i "$f" "$f"
expect "-i FILE and FILE: refused" 2 "unexpected argument '$f': the profile is given once"
# every short option has a long form, perf's spelling where perf has one
# (-k: an ELF file with the kernel's banner is a kernel image)
{ cat "$W/elf/local__w-sha1"; echo "Linux version 6.1.0 (x) #1"; } >"$W/tmp/vmlinux"
for p in "-j|--json" "-p|--porcelain" "-q|--quiet" "-v|--verbose" \
    "-L|--local" "-a|--all" "-H|--with-hits" "-t 2026-11-30|--date=2026-11-30" \
    "-r $f|--reference=$f" "-c $W/tmp|--buildid-dir=$W/tmp" \
    "-s $W/tmp|--symfs=$W/tmp" "-k $W/tmp/vmlinux|--vmlinux=$W/tmp/vmlinux"; do
	"$PERFMT" check ${p%%|*} -i "$f" >"$W/tmp/i" 2>"$W/tmp/ie"
	echo "exit $?" >>"$W/tmp/ie"
	cat "$W/tmp/ie" >>"$W/tmp/i"
	run "$PERFMT" check ${p#*|} -i "$f"
	{ cat "$W/err"; echo "exit $rc"; } >>"$W/out"
	same "check ${p#*|} = ${p%%|*}" "$W/tmp/i"
done
if [ -r /sys/kernel/notes ]; then
	"$PERFMT" buildid /sys/kernel/notes | cut -d' ' -f1 >"$W/tmp/i"
	run "$PERFMT" list --kernel
	same "list --kernel: the running kernel's build-ID" "$W/tmp/i"
else
	skipped "list --kernel" "/sys/kernel/notes not readable"
fi
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
# the text's facts are the JSON's: the profile time and the compression
z=$W/perf/KDAB__perfparser__vector_static_gcc_perf.data.zstd
run "$PERFMT" header -i "$z"
zt=$(sed -n 's/^profile time  \([^ ]* [^ ]*\) .*/\1/p' "$W/out" | tr ' ' T)
zc=$(sed -n 's/^compressed    zstd level \([0-9]*\), \([0-9]*\) COMPRESSED records.*/\1 \2/p' "$W/out")
run "$PERFMT" header -j -i "$z"
if [ -n "$zt" ] && [ -n "$zc" ] &&
    grep -q "\"profile_time\":\"${zt}Z\",\"profile_time_source\":\"" "$W/out" &&
    grep -q "\"compressed\":{\"method\":\"zstd\",\"level\":${zc% *},\"records\":${zc#* }," "$W/out"; then
	ok "header -j: the profile time and the compression, as the text says"
else
	bad "header -j: the profile time and the compression, as the text says" \
	    "text: '$zt' '$zc'; $(cat "$W/out")"
fi
if command -v python3 >/dev/null 2>&1; then
	for p in "$f" "$W/perf/mstange__linux-perf-data__sleep.data" \
	    "$W/perf/local__killed.data" "$W/perf/local__hostile.data"; do
		for c in "header -j" "list -j" "list -j -H" "check -j -t 2026-11-30"; do
			run "$PERFMT" $c -i "$p"
			[ "$rc" != 2 ] && python3 -c '
import json, sys
for l in sys.stdin:
    json.loads(l)' <"$W/out" && ok "$c: JSON: $(basename "$p")" ||
			    bad "$c: JSON: $(basename "$p")"
		done
	done
else
	skipped "-j parsed as JSON" "no python3"
fi
# -j: every row carries every key perfmt.1 lists for a row, and so does
# the summary, its counts one per verdict of the README's table (null
# where nothing is known: no time, a host not foreign, a file not
# there).  The keys are compared with the lists, not the rows with each
# other: a key every row lacks is missed
if command -v python3 >/dev/null 2>&1; then
	for p in "$f" "$W/perf/local__pipe.data" "$W/perf/aarch64__b-no-buildid-B.data" \
	    "$W/perf/local__killed.data"; do
		for t in "" "-t 2026-11-30"; do
			"$PERFMT" check -j $t -i "$p" 2>/dev/null
		done
	done >"$T/j"
	python3 -c '
import json, re, sys
man = " ".join(open("perfmt.1").read().split())
verdicts = re.findall(r"^\| `([a-z]+)` \|", open("README.md").read(), re.M)
def listed(pat):
    m = re.search(pat, man)
    if not m:
        sys.exit("perfmt.1 does not say: " + pat)
    return [k for k in re.split(r", | and ", m.group(1)) if k]
row = listed(r"prints one object per row \(([a-z_, ]+)\)")
counts = listed(r"with the counts \(([a-z_, ]+)\)")
top = ["summary"] + listed(r"with the counts \([^)]*\), and ([a-z_, ]+)\.")
if "one per verdict" not in counts or len(verdicts) != 11:
    sys.exit("no verdicts to count: %s, README: %s" % (counts, verdicts))
i = counts.index("one per verdict")
counts[i:i + 1] = verdicts
n = 0
for l in open(sys.argv[1]):
    d = json.loads(l)
    want, got = (top, d) if "summary" in d else (row, d)
    if sorted(got) != sorted(want):
        sys.exit("keys %s, perfmt.1 lists %s" % (sorted(got), sorted(want)))
    if "summary" in d and sorted(d["summary"]) != sorted(counts):
        sys.exit("counts %s, documented %s" % (sorted(d["summary"]), sorted(counts)))
    n += 1
sys.exit(0 if n > 8 else "only %d lines" % n)' "$T/j" 2>"$W/err" &&
	    ok "check -j: every row and summary with the keys perfmt.1 lists" ||
	    bad "check -j: every row and summary with the keys perfmt.1 lists" "$(cat "$W/err")"
fi
run "$PERFMT" check -j -t 2026-11-30 -i "$f"
tail -1 "$W/out" | grep -q '"profile_time":"2026-11-30T00:00:00.000000000Z"' &&
    ok "check -j: profile_time in RFC 3339" ||
    bad "check -j: profile_time in RFC 3339" "$(tail -1 "$W/out")"
# the table names its columns above the first row, and they align: each
# row's recorded ID starts under RECORDED-BUILD-ID, its detail under
# DETAIL; a row that says "build-ID matches" fits 120 columns; -q, -p
# and -j have no such line
run "$PERFMT" check -a -t 2026-11-30 -i "$f"
head -1 "$W/out" | grep -q '^VERDICT    OBJECT  *RECORDED-BUILD-ID  *DETAIL$' &&
    [ "$(grep -c '^VERDICT ' "$W/out")" = 1 ] &&
    awk 'NR == 1 { id = index($0, "RECORDED"); d = index($0, "DETAIL"); next }
	/ objects: / { exit }
	substr($0, id - 1, 1) != " " || substr($0, id, 1) == " " ||
	    substr($0, d - 2, 2) != "  " || substr($0, d, 1) == " " { bad = 1 }
	/ build-ID matches$/ && length($0) > 120 { bad = 1 }
	END { exit bad }' "$W/out" &&
    ok "check: a line names the table's columns, and they align" ||
    bad "check: a line names the table's columns, and they align" "$(head -5 "$W/out")"
for o in -q -p -j; do
	run "$PERFMT" check $o -t 2026-11-30 -i "$f"
	grep -q 'VERDICT\|RECORDED-BUILD-ID' "$W/out" &&
	    bad "check $o: no column line" "$(head -3 "$W/out")" ||
	    ok "check $o: no column line"
done
# exit 1 and 3 as -h says: each cause it names, and a case of it.  The
# sysroot holds something of each profile's (one with none is a mistake,
# exit 2): another build of /tmp/fix/w-md5 (mismatch), an aarch64 file at
# /usr/bin/busybox with no ID recorded (a copy: unverified)
mkdir -p "$W/tmp/exit1-root/tmp/fix" "$W/tmp/exit1-root/usr/bin" \
    "$W/tmp/exit2-root" "$W/tmp/exit2-arch/usr/bin"
cp "$W/elf/local__w-sha1" "$W/tmp/exit1-root/tmp/fix/w-md5"
cp "$W/elf/arm64__libc6__libdl.so.2" "$W/tmp/exit1-root/usr/bin/busybox"
cp "$W/elf/local__w-sha1" "$W/tmp/exit2-arch/usr/bin/busybox"
while IFS='|' read -r want says cmd; do
	(cd "$W" && eval "timeout 60 $cmd" >"$W/out" 2>"$W/err")
	rc=$?
	grep -qF "$says" "$W/tmp/h" && [ "$rc" = "$want" ] &&
	    ok "exit $want as -h says: $says" ||
	    bad "exit $want as -h says: $says" "exit $rc: $cmd"
done <<EOF
1|a verdict missing, mismatch,|"\$PERFMT" check -t 2026-11-30 -s tmp/exit1-root -c tmp/exit1-root -i perf/local__sized.data
1|an object inject or archive left out for|"\$PERFMT" inject -n -t 2026-11-30 -s tmp/exit1-root -c tmp/exit1-root -i perf/local__sized.data
3|verdict unreadable, foreign or unverified|"\$PERFMT" check -i perf/aarch64__b-no-buildid-B.data
3|no build-ID (list without -H)|"\$PERFMT" list -i perf/aarch64__b-no-buildid-B.data
3|one over 64 bytes (buildid)|"\$PERFMT" buildid elf/local__w-none
3|damaged or unfinished profile|"\$PERFMT" header -i perf/local__killed.data
3|what did not fit a table|cat perf/google__perf_data_converter__perf.data.piped.target-3.4 | "\$(dirname "\$PERFMT")/perfmt-tiny" list -i -
2|a -s that holds none of the|"\$PERFMT" check -i perf/aarch64__b-no-buildid-B.data -s tmp/exit2-root
2|or only another|"\$PERFMT" check -t 2026-11-30 -i perf/aarch64__b-no-buildid-B.data -s tmp/exit2-arch
2|a -k that is no kernel image|"\$PERFMT" check -k /etc/passwd -i perf/local__sized.data
EOF
# "2 comes before 1, and 1 before 3": a run with causes of two or three
# statuses exits with the first.  Each cause is asserted in its run, so
# that a case without one cannot pass: under exit1-root the kernel is
# missing (1) and busybox a copy, unverified (3); the same profile with a
# record of size 0 after 999 whole ones is malformed (2) where it stops,
# and the rows of what was read are the same
says="2 comes before 1, and 1 before 3"
if ! grep -qxF "$says" "$W/tmp/h"; then
	bad "exit as -h says: $says" "-h does not say it"
elif ! command -v python3 >/dev/null 2>&1; then
	skipped "exit as -h says: $says" "no python3 to write a record of size 0"
else
	python3 -c 'import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
p = struct.unpack_from("<Q", d, 40)[0]
for i in range(999):
    p += struct.unpack_from("<H", d, p + 6)[0]
struct.pack_into("<H", d, p + 6, 0)
open(sys.argv[2], "wb").write(d)' "$W/perf/aarch64__b-no-buildid-B.data" \
	    "$W/tmp/size0.data"
	for c in "1 perf/aarch64__b-no-buildid-B.data 1 and 3" \
	    "2 tmp/size0.data 2, 1 and 3"; do
		want=${c%% *} c=${c#* }
		in=${c%% *} causes=${c#* }
		(cd "$W" && timeout 60 "$PERFMT" check -s tmp/exit1-root \
		    -i "$in" >"$W/out" 2>"$W/err")
		rc=$?
		if [ "$rc" = "$want" ] && grep -q '^missing  *\[kernel.kallsyms\] ' "$W/out" &&
		    grep -q '^unverified  */usr/bin/busybox ' "$W/out" &&
		    { [ "$want" = 1 ] || grep -q ': record of SAMPLE has size 0, below its own 8-byte header: cannot step past it; 999 records read$' "$W/err"; }; then
			ok "exit $want as -h says: $says (causes of $causes)"
		else
			bad "exit $want as -h says: $says (causes of $causes)" "exit $rc: $(cat "$W/out" "$W/err")"
		fi
	done
fi
