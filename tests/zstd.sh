#!/bin/sh
# The zstd decoder of perfmt.c (section 9), run by tests/run.sh: frames
# made by the zstd tool from several inputs, levels and options, fed in
# pieces of 1, 7, 4096, random and all bytes; windows larger than the
# build keeps; several and skippable frames; hand-made block forms;
# corrupt frames (an error or the right output, never a crash, under
# ASan and UBSan); and the zstd streams of the -z profiles in tests/data,
# fed record by record, whose output must be whole perf records.
#   usage: zstd.sh BINDIR PERFDIR [-q]
# BINDIR holds zstd-test, zstd-test-asan, zstd-test8 and zstd-test8-asan
# (make tests/zstd-test...); PERFDIR the unpacked fixtures.  Prints one
# line per failure and a closing "N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
B=$1
PD=$2
ncor=400
[ "${3:-}" = -q ] && ncor=60
ASAN_OPTIONS=detect_leaks=0:abort_on_error=0
UBSAN_OPTIONS=print_stacktrace=1
export ASAN_OPTIONS UBSAN_OPTIONS
T=${TMPDIR:-/tmp}/perfmt-zstd.$$
mkdir -p "$T/bin" || exit 2
trap 'rm -rf "$T"' EXIT INT TERM
pass=0
fail=0
command -v zstd >/dev/null || { echo "skip zstd tests: no zstd (Debian: zstd)"; exit 0; }
ln -s "$B/zstd-test" "$T/gcc"
ln -s "$B/zstd-test-asan" "$T/asan"
ln -s "$B/zstd-test8" "$T/gcc8"
ln -s "$B/zstd-test8-asan" "$T/asan8"

# t NAME RC PATTERN CMD...: CMD must exit RC within 120 s, and its stderr
# must match PATTERN when one is given
t() {
	name=$1 want=$2 pat=$3
	shift 3
	timeout 120 "$@" >"$T/out" 2>"$T/err"
	rc=$?
	if [ $rc = "$want" ] && { [ -z "$pat" ] || grep -q "$pat" "$T/err"; }
	then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $name: exit $rc, wanted $want${pat:+ and /$pat/}"
		head -5 "$T/err"
	fi
}

# ---- inputs ----------------------------------------------------------------
D=$T/in
mkdir -p "$D"
cat "$top/perfmt.c" "$top/README.md" 2>/dev/null |
    head -c 300000 >"$D/text"
[ -s "$D/text" ] || find /usr/share/doc -type f -name '*copyright*' \
    -exec cat {} + 2>/dev/null | head -c 300000 >"$D/text"
head -c 900000 /usr/bin/zstd /usr/bin/gcc /usr/bin/* 2>/dev/null \
    >"$D/bin.all"
head -c 900000 "$D/bin.all" >"$D/bin"
head -c 600000 /dev/urandom >"$D/rand"
head -c 1000000 /dev/zero >"$D/zeros"
: >"$D/empty"
printf x >"$D/one"
# larger than the default window: need a stream (no content size)
find /usr/lib/python3* -name '*.py' 2>/dev/null | sort | head -400 |
    xargs cat 2>/dev/null | head -c 4000000 >"$D/bigtext"
tar cf - /usr/lib/x86_64-linux-gnu 2>/dev/null | head -c 5000000 \
    >"$D/bigbin"
head -c 3000000 /dev/zero >"$D/bigzeros"

Z=$T/z
mkdir -p "$Z"
# ---- frames the default build must decode, every way of feeding ---------
for f in text bin rand zeros empty one; do
	for o in -1 -3 -19 --fast=3; do
		for c in --check --no-check; do
			z=$Z/$f$o$c.zst
			zstd -q -f $o $c "$D/$f" -o "$z" || echo "zstd $o $c $f?"
			for b in gcc asan; do
				for feed in "-c 0" "-c 1" "-c 7" "-c 4096" \
				    "-r 7"; do
					t "$b $f $o $c $feed" 0 "" \
					    "$T/$b" $feed -e "$D/$f" "$z"
				done
			done
		done
	done
done

# ---- streams (no content size): level 1 fits the 1 MiB window ----------
for f in bigtext bigbin bigzeros; do
	zstd -q -1 <"$D/$f" >"$Z/$f-1.zst"
	for b in gcc asan; do
		for feed in "-c 0" "-c 7" "-r 3"; do
			t "$b $f -1 stream $feed" 0 "" \
			    "$T/$b" $feed -e "$D/$f" "$Z/$f-1.zst"
		done
	done
done

# ---- windows larger than PERFMT_ZWINDOW ----------------------------------
# A larger window is taken on trust (a match cannot reach further back
# than what was decoded): bigrep repeats 1.5 MB of random bytes, so at -3
# (a 2 MiB window) its second half matches 1.5 MB back and the default
# build must refuse it by name; the 8 MiB build decodes everything.
head -c 1500000 /dev/urandom >"$D/half"
cat "$D/half" "$D/half" >"$D/bigrep"
zstd -q -3 <"$D/bigrep" >"$Z/bigrep-3.zst"
for b in gcc asan; do
	t "$b bigrep -3 refused" 1 \
	    "further than the 1048576 this build keeps (the frame's window is 2097152): rebuild with make PERFMT_ZWINDOW=2097152" \
	    "$T/$b" -e "$D/bigrep" "$Z/bigrep-3.zst"
done
for f in bigtext bigbin bigrep; do
	zstd -q -3 <"$D/$f" >"$Z/$f-3.zst"
	zstd -q -19 <"$D/$f" >"$Z/$f-19.zst"
	zstd -q -1 --long=23 <"$D/$f" >"$Z/$f-long.zst"
	for v in 3 19 long; do
		for b in gcc8 asan8; do
			for feed in "-c 0" "-c 1" "-r 11"; do
				t "$b $f $v $feed" 0 "" \
				    "$T/$b" $feed -e "$D/$f" "$Z/$f-$v.zst"
			done
		done
	done
done
# a small stream at a large window decodes in the default build
zstd -q -19 <"$D/text" >"$Z/text-19-stream.zst"
t "gcc small stream, 8 MiB window" 0 "" "$T/gcc" -c 7 -e "$D/text" \
    "$Z/text-19-stream.zst"

# ---- several frames, skippable frames ---------------------------------------
cat "$Z/text-1--check.zst" "$Z/bin-19--no-check.zst" \
    "$Z/empty-3--check.zst" "$Z/one--fast=3--check.zst" \
    "$Z/zeros-3--check.zst" >"$Z/multi.zst"
cat "$D/text" "$D/bin" "$D/one" "$D/zeros" >"$D/multi"
{ printf '\120\052\115\030\005\000\000\000hello'
  cat "$Z/text-3--check.zst"
  printf '\137\052\115\030\000\000\000\000'
  cat "$Z/bin-1--check.zst"
  printf '\125\052\115\030\003\000\000\000abc'
} >"$Z/skip.zst"
cat "$D/text" "$D/bin" >"$D/skip"
for m in multi skip; do
	for b in gcc asan; do
		for feed in "-c 0" "-c 1" "-c 7" "-c 4096" "-r 5"; do
			t "$b $m $feed" 0 "" "$T/$b" $feed -e "$D/$m" \
			    "$Z/$m.zst"
		done
	done
done

# ---- block forms the zstd tool seldom writes (see mkframes.py) ----------
python3 "$top/tests/zstd_frames.py" "$Z/crafted.zst" "$D/crafted"
for b in gcc asan; do
	for feed in "-c 0" "-c 1" "-c 7" "-r 13"; do
		t "$b crafted $feed" 0 "" "$T/$b" $feed -e "$D/crafted" \
		    "$Z/crafted.zst"
	done
done

# ---- errors with clear messages ---------------------------------------------
printf '\050\265\057\375\041\001\000\001\000\000' >"$Z/dict.zst"
t "dictionary refused" 1 "offset 0x5: frame needs dictionary 1" \
    "$T/asan" "$Z/dict.zst"
printf 'hello world' >"$Z/notzstd"
t "not zstd" 1 "offset 0x0: expected a zstd frame" "$T/asan" "$Z/notzstd"
head -c 100 "$Z/text-3--check.zst" >"$Z/cut.zst"
t "truncated" 1 "stream ends inside a block" "$T/asan" "$Z/cut.zst"

# ---- corrupt frames: an error or the right output, never a crash --------
for z in text-19--check text-1--check bin-3--check bin--fast=3--check \
    rand-3--check zeros-19--check; do
	f=${z%%-*}
	t "corrupt $z" 0 "" "$T/asan" -r 9 -e "$D/$f" -x $ncor "$Z/$z.zst"
	t "corrupt $z whole" 0 "" "$T/gcc" -e "$D/$f" -x $ncor "$Z/$z.zst"
done
# flips in a frame without a checksum may go unseen: check every frame
cat "$Z/text-1--check.zst" "$Z/bin-19--check.zst" "$Z/one-1--check.zst" \
    >"$Z/multic.zst"
cat "$D/text" "$D/bin" "$D/one" >"$D/multic"
t "corrupt multi" 0 "" "$T/asan" -r 3 -e "$D/multic" -x $ncor \
    "$Z/multic.zst"
t "corrupt skip" 0 "" "$T/asan" -e "$D/skip" -x $ncor "$Z/skip.zst"

# ---- perf record -z streams ------------------------------------------------
for f in "$PD"/*; do
	[ -f "$f" ] || continue
	name=$(basename "$f")
	case $name in *.buildids) continue ;; esac
	s=$T/$name
	python3 "$top/tests/perf_payloads.py" "$f" "$s.zst" "$s.sizes" \
	    >/dev/null 2>&1 || continue
	[ -s "$s.zst" ] || continue
	# zstd -dc decodes perf's unfinished frame, then complains
	zstd -dc "$s.zst" >"$s.ref" 2>/dev/null
	for b in gcc asan; do
		t "$b perf $name records" 0 "0 bad" "$T/$b" -p \
		    -s "$s.sizes" -e "$s.ref" "$s.zst"
		t "$b perf $name 1-byte" 0 "0 bad" "$T/$b" -p -c 1 \
		    -e "$s.ref" "$s.zst"
	done
done

echo "$pass passed, $fail failed"
[ $fail = 0 ]
