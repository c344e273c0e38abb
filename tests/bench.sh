#!/bin/sh
# make bench: perfmt against cat and perf on two big, realistic profiles.
#
# Generates them with this machine's perf record if they are not there yet
# (in $BENCH_DIR, default ./bench-data): a --call-graph dwarf profile of at
# least $BENCH_DWARF_MB (default 2048) and a frame-pointer (-g) profile at a
# high sample rate, millions of small records, of at least $BENCH_FP_MB
# (default 500), and the same without build-IDs (perf record -B), for the
# commands that add them.  The workload is process-heavy: many short compiler,
# assembler, linker, shell and interpreter processes over many shared
# objects.  Then it times, on a warm cache, $BENCH_RUNS (default 7) rounds
# over the commands in turn (tests/interleave.py: the clock read right
# around each command, no wrapper process timed with it) and prints each
# one's median wall time, its median ratio to cat's time in the same
# round, the throughput and the peak RSS (GNU time's %M, a run of its
# own) of:
#   cat FILE >/dev/null          the I/O floor
#   tests/floor.c FILE           reading and finding every record, no more
#   perfmt check (the scope: samples and callchains read), check -H,
#   check -a (every mapping: the samples stepped over)
#   perf buildid-list -i, perf buildid-list -H -i
#   perf inject -b -i FILE -o /tmp/x   (the nearest to perf record's pass)
# and, on a perf record -z profile of $BENCH_Z_MB (default 32), perfmt's
# zstd decoder against zstd -dc of the same stream (tests/perf_payloads.py
# takes it out of the profile).
# BENCH_PAR_MB=N (default 0: none) adds a profile of N MB, of a parallel
# build (16 compilers at a time, xargs -P 16, -g -F 20000).
# BENCH_FILES= limits the profiles timed (empty: only the zstd part).
# BENCH_INJECT=0 leaves out the inject part: perfmt inject -o against
# perf inject -b on the -B profile; BENCH_ARCHIVE=0 the archive part:
# perfmt archive against perf archive on fp.data.
# Usage: tests/bench.sh [PERFMT]
set -u
PERFMT=${1:-./perfmt}
DIR=${BENCH_DIR:-bench-data}
DWARF_MB=${BENCH_DWARF_MB:-2048}
SMALL_MB=${BENCH_SMALL_MB:-10}
FP_MB=${BENCH_FP_MB:-500}
RUNS=${BENCH_RUNS:-7}
PAR_MB=${BENCH_PAR_MB:-0}
ROUNDS="python3 $(dirname "$0")/interleave.py"

die() { echo "bench: $*" >&2; exit 2; }
command -v perf >/dev/null 2>&1 || die "perf is not installed"
command -v python3 >/dev/null 2>&1 || die "python3 is not installed"
[ -x /usr/bin/time ] || die "GNU time is not installed (Debian: apt-get install time)"
[ -x "$PERFMT" ] || die "no $PERFMT: run make first"
mkdir -p "$DIR/src" "$DIR/par" || exit 2
DIR=$(cd "$DIR" && pwd)

# ---- the workload ----------------------------------------------------------
# sources N: f0.c to fN-1.c here, each a function of its own
sources() {
	i=0
	while [ $i -lt "$1" ]; do
		cat >f$i.c <<EOF
#include <stdio.h>
#include <string.h>
#include <math.h>
static double g$i(int n) { double s = 0; int k; for (k = 1; k < n; k++) s += sqrt(k) / k; return s; }
int f$i(const char *s) { char b[64]; snprintf(b, sizeof b, "%s-%d", s, $i); return (int)strlen(b) + (int)g$i(2000); }
EOF
		i=$((i + 1))
	done
}

# A small C project built over and over (cc1, as, collect2, ld and their
# libraries), with shell, perl and python in between.
workload() {
	cd "$DIR/src" || exit 2
	sources 20
	printf 'int main(void) { return 0; }\n' >main.c
	while :; do
		for f in f*.c main.c; do
			cc -O2 -g -c "$f" -o "${f%.c}.o" 2>/dev/null
		done
		cc -o prog ./*.o -lm 2>/dev/null
		./prog
		perl -e 'my %h; $h{$_} = $_ * 2 for 1 .. 20000; print scalar(keys %h), "\n"' >/dev/null
		python3 -c 'import json, re; print(len(json.dumps({str(i): i for i in range(20000)})))' >/dev/null
		sh -c 'for i in 1 2 3 4 5; do echo $i | sed s/1/2/ | sort >/dev/null; done'
		ls -R /usr/include >/dev/null
	done
}

# The same sources compiled 16 at a time, as make -j16 would, each
# compiler followed by a short pipeline: many processes run at once.
workload_par() {
	cd "$DIR/par" || exit 2
	sources 48
	while :; do
		ls f*.c | xargs -P 16 -n 1 sh -c 'cc -O2 -g -c "$0" -o "${0%.c}.o" 2>/dev/null; echo "$0" | sed s/f/g/ | sort >/dev/null'
	done
}

# perf record runs each workload as a script of its own
for w in workload workload_par; do
	{
		echo 'DIR=$1'
		sed -n "/^sources() {\$/,/^}\$/p; /^$w() {\$/,/^}\$/p" "$0"
		echo "$w"
	} >"$DIR/$w.sh"
done
# record FILE MB WORKLOAD OPTIONS...: perf record until FILE reaches MB,
# then stop
record() {
	file=$1 mb=$2 WORKLOAD_SH=$DIR/$3.sh
	shift 3
	[ -f "$DIR/$file" ] && return
	echo "bench: recording $file (>= $mb MB) with perf record $*" >&2
	perf record -N -q "$@" -o "$DIR/$file.tmp" -- sh "$WORKLOAD_SH" "$DIR" \
	    >/dev/null 2>&1 &
	pid=$!
	while kill -0 $pid 2>/dev/null; do
		sz=$(stat -c %s "$DIR/$file.tmp" 2>/dev/null || echo 0)
		[ "$sz" -ge $((mb * 1024 * 1024)) ] && break
		sleep 1
	done
	kill -INT $pid 2>/dev/null
	wait $pid 2>/dev/null
	pkill -f "$WORKLOAD_SH" 2>/dev/null
	mv "$DIR/$file.tmp" "$DIR/$file" || die "recording $file failed"
}

record dwarf.data "$DWARF_MB" workload --call-graph dwarf -F 1000
record fp.data "$FP_MB" workload -g -F 20000
record small.data "$SMALL_MB" workload -g -F 2000
record fpB.data "$FP_MB" workload -B -g -F 20000
record z.data "${BENCH_Z_MB:-32}" workload -z --call-graph dwarf -F 1000
PAR=
if [ "$PAR_MB" -gt 0 ]; then
	record par.data "$PAR_MB" workload_par -g -F 20000
	PAR=par.data
fi

# ---- timing ----------------------------------------------------------------

# the floor of any reader that must find every record: read as perfmt
# reads, step by each record's size, nothing else (tests/floor.c)
cc -std=c99 -O2 -o "$DIR/floor" "$(dirname "$0")/floor.c" ||
    die "cannot build tests/floor.c"

# The commands, by number, for one file; NAMES in the same order.
NCMD=8
NAMES="cat|read + walk (tests/floor.c)|perfmt check|perfmt check -H|perfmt check -a|perf buildid-list -i|perf buildid-list -H -i|perf inject -b -i FILE -o /tmp/x"

# rows NAME...: a table of $DIR/times, one row per name in order, the
# throughput by $mb
rows() {
	echo "| command                            |     median |  x cat |  throughput |   peak RSS |"
	echo "| ---------------------------------- | ---------- | ------ | ----------- | ---------- |"
	k=1
	for name in "$@"; do
		sed -n "${k}p" "$DIR/times" | awk -v n="$name" -v mb="$mb" '{
			printf "| %-34s | %8.4f s | %6.2f | %7.0f MB/s | %8.1f MiB |\n",
			    n, $1, $2, ($1 > 0 ? mb / $1 : 0), $3 / 1024 }'
		k=$((k + 1))
	done
}

# The runs go round the commands, A B C ... B C ... A ..., so that a noisy
# moment of the shared machine falls on all of them alike and none always
# follows the same one (a place in the round moved a time by a few
# percent); with 7 rounds each command has each place once.  Each row
# gives the median wall time, and the median of the per-round ratios to
# cat.
# perf inject's output is written back to the disk in the background: it
# is dropped and synced, untimed, after each command, so that the
# writeback does not fall on the next one.
bench_file() {
	k=1
	set --
	while [ $k -le $NCMD ]; do
		set -- "$@" "$(command_words $k)"
		k=$((k + 1))
	done
	$ROUNDS -w -m -r -a "rm -f $DIR/inject.out $DIR/inject.out.old; sync" \
	    "$RUNS" "$@" >"$DIR/times" || die "timing failed"
	mb=$(($(stat -c %s "$file") / 1048576))
	ifs=$IFS
	IFS='|'
	set -- $NAMES
	IFS=$ifs
	rows "$@"
}

# the words of command k (paths here have no blanks: bench-data is ours)
command_words() {
	case $1 in
	1) echo cat "$file" ;;
	2) echo "$DIR/floor" "$file" ;;
	3) echo "$PERFMT" check -i "$file" ;;
	4) echo "$PERFMT" check -H -i "$file" ;;
	5) echo "$PERFMT" check -a -i "$file" ;;
	6) echo perf buildid-list -i "$file" ;;
	7) echo perf buildid-list -H -i "$file" ;;
	8) echo perf inject -b -i "$file" -o "$DIR/inject.out" ;;
	esac
}

echo "$(date -u +%Y-%m-%d), $(uname -m), $(nproc) CPUs" \
    "($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1))," \
    "$(awk '/MemTotal/ { printf "%d GiB", $2 / 1048576 }' /proc/meminfo)," \
    "Linux $(uname -r), $(perf version), warm cache, median of $RUNS" \
    "rounds over the commands in turn; x cat: median of per-round ratios"
for f in ${BENCH_FILES-dwarf.data fp.data small.data $PAR}; do
	file=$DIR/$f
	recs=$("$PERFMT" header -i "$file" 2>/dev/null |
	    sed -n 's/^records  *\([0-9]*\) .*/\1/p')
	echo
	echo "$f: $(($(stat -c %s "$file") / 1048576)) MB, $recs records"
	echo
	bench_file
	rm -f "$DIR/inject.out" "$DIR/inject.out.old"
	# the same objects as perf buildid-list -H (a vDSO perf extracts has
	# a temporary name; perf lists a path once per inode)
	"$PERFMT" list -H -i "$file" 2>/dev/null | LC_ALL=C sort -u >"$DIR/h1"
	perf buildid-list -H -i "$file" 2>/dev/null |
	    sed 's|/tmp/perf-vdso.so-......$|[vdso]|' | LC_ALL=C sort -u >"$DIR/h2"
	if cmp -s "$DIR/h1" "$DIR/h2"; then
		echo
		echo "perfmt list -H = perf buildid-list -H: $(wc -l <"$DIR/h1") objects"
	else
		echo
		echo "perfmt list -H differs from perf buildid-list -H:"
		diff "$DIR/h2" "$DIR/h1"
	fi
done

# ---- inject: the -B profile given its build-IDs, perfmt inject -o against
# perf inject -b (the outputs removed and synced, untimed, after each run:
# neither command's own time includes a sync)
if [ "${BENCH_INJECT:-1}" = 1 ] && [ -f "$DIR/fpB.data" ]; then
	file=$DIR/fpB.data
	out=$DIR/inject.out
	$ROUNDS -w -m -r -a "rm -f $out $out.old; sync" "$RUNS" "cat $file" \
	    "$PERFMT inject -q -i $file -o $out" \
	    "perf inject -b -i $file -o $out" >"$DIR/times" ||
	    die "timing failed"
	mb=$(($(stat -c %s "$file") / 1048576))
	echo
	echo "fpB.data (perf record -B): $mb MB, $("$PERFMT" header -i "$file" 2>/dev/null |
	    sed -n 's/^records  *\([0-9]*\) .*/\1/p') records"
	echo
	rows cat "perfmt inject -i FILE -o OUT" "perf inject -b -i FILE -o OUT"
	a=$(sed -n 2p "$DIR/times" | cut -d' ' -f1)
	b=$(sed -n 3p "$DIR/times" | cut -d' ' -f1)
	"$PERFMT" inject -q -i "$file" -o "$out" >/dev/null 2>&1
	n1=$(perf buildid-list -i "$out" 2>/dev/null | wc -l)
	perf inject -b -i "$file" -o "$out" 2>/dev/null
	n2=$(perf buildid-list -i "$out" 2>/dev/null | wc -l)
	rm -f "$out" "$out.old"
	awk -v a="$a" -v b="$b" -v n1="$n1" -v n2="$n2" 'BEGIN {
		printf "\nperfmt inject is %.1f times as fast as perf inject -b;" \
		    " build-IDs written: %d and %d\n", b / a, n1, n2 }'
fi

# ---- archive: the binaries a profile needs, for another machine: perfmt
# archive -o against perf archive, which packs them (tar, bzip2) from a
# build-ID cache: one is filled first, untimed, in $DIR/home with perf
# buildid-cache -a for each object the samples fall in
if [ "${BENCH_ARCHIVE:-1}" = 1 ] && [ -f "$DIR/fp.data" ]; then
	file=$DIR/fp.data
	mkdir -p "$DIR/home"
	perf buildid-list -H -i "$file" 2>/dev/null | awk '{ print $2 }' |
	while read -r obj; do
		[ -f "$obj" ] && HOME=$DIR/home perf buildid-cache -a "$obj" \
		    >/dev/null 2>&1
	done
	$ROUNDS -w -m -r -a "rm -f $file.tar.bz2 $DIR/a.tar; sync" "$RUNS" \
	    "cat $file" "$PERFMT archive -q -i $file -o $DIR/a.tar" \
	    "env HOME=$DIR/home perf archive $file" >"$DIR/times" ||
	    die "timing failed"
	mb=$(($(stat -c %s "$file") / 1048576))
	echo
	echo "fp.data: archive, $mb MB"
	echo
	rows cat "perfmt archive -i FILE -o OUT" "perf archive FILE (filled cache)"
	"$PERFMT" archive -q -i "$file" -o "$DIR/a.tar" 2>/dev/null
	HOME=$DIR/home perf archive "$file" >/dev/null 2>&1
	n1=$(tar -tf "$DIR/a.tar" 2>/dev/null | grep -c '^\.build-id/')
	n2=$(tar -tjf "$file.tar.bz2" 2>/dev/null | grep -c '^\.build-id/')
	echo
	echo "build-IDs packed: perfmt archive $n1 ($(($(stat -c %s "$DIR/a.tar") / 1048576)) MB)," \
	    "perf archive $n2 ($(($(stat -c %s "$file.tar.bz2") / 1048576)) MB, bzip2)"
	rm -f "$file.tar.bz2" "$DIR/a.tar"
fi

# ---- the zstd decoder: perfmt header (decodes every COMPRESSED record and
# walks the records inside) against zstd -dc of the same stream
z=$DIR/z.data
if command -v zstd >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1 &&
    python3 "$(dirname "$0")/perf_payloads.py" "$z" "$DIR/z.zst" "$DIR/z.sizes" \
    >/dev/null 2>&1; then
	out=$("$PERFMT" header -i "$z" 2>/dev/null | sed -n 's/.*decoded to \([0-9]*\) bytes.*/\1/p')
	$ROUNDS -w -r "$RUNS" "zstd -dc $DIR/z.zst" "$PERFMT header -i $z" \
	    >"$DIR/zt" || die "timing failed"
	a=$(sed -n 1p "$DIR/zt" | cut -d' ' -f1)
	b=$(sed -n 2p "$DIR/zt" | cut -d' ' -f1)
	echo
	echo "z.data: $(($(stat -c %s "$z") / 1048576)) MB, perf record -z" \
	    "(zstd level 1), $((${out:-0} / 1048576)) MB decoded"
	echo
	echo "| command                            |     median |           throughput |"
	echo "| ---------------------------------- | ---------- | -------------------- |"
	awk -v a="$a" -v b="$b" -v mb="$((${out:-0} / 1048576))" 'BEGIN {
		printf "| %-34s | %8.4f s | %8.0f MB/s decoded |\n",
		    "zstd -dc (the stream alone)", a, mb / a
		printf "| %-34s | %8.4f s | %8.0f MB/s decoded |\n",
		    "perfmt header (decode and walk)", b, mb / b
		printf "\nperfmt decodes at %.2f times the speed of zstd -dc\n", a / b }'
else
	echo
	echo "zstd part skipped: no zstd or python3, or no -z profile"
fi
