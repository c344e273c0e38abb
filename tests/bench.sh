#!/bin/sh
# make bench: perfmt against cat and perf on two big, realistic profiles.
#
# Generates them with this machine's perf record if they are not there yet
# (in $BENCH_DIR, default ./bench-data): a --call-graph dwarf profile of at
# least $BENCH_DWARF_MB (default 1024) and a frame-pointer (-g) profile at a
# high sample rate, millions of small records, of at least $BENCH_FP_MB
# (default 500).  The workload is process-heavy: many short compiler,
# assembler, linker, shell and interpreter processes over many shared
# objects.  Then it times, on a warm cache, $BENCH_RUNS (default 5) runs of
# each command and prints the median wall time, the throughput and the
# peak RSS (GNU time's %M) of:
#   cat FILE >/dev/null          the I/O floor
#   perfmt check, perfmt check --hits
#   perf buildid-list -i, perf buildid-list -H -i
#   perf inject -b -i FILE -o /tmp/x   (the nearest to perf record's pass)
# Usage: tests/bench.sh [PERFMT]
set -u
PERFMT=${1:-./perfmt}
DIR=${BENCH_DIR:-bench-data}
DWARF_MB=${BENCH_DWARF_MB:-2048}
SMALL_MB=${BENCH_SMALL_MB:-10}
FP_MB=${BENCH_FP_MB:-500}
RUNS=${BENCH_RUNS:-7}
TIME=/usr/bin/time

die() { echo "bench: $*" >&2; exit 2; }
command -v perf >/dev/null 2>&1 || die "perf is not installed"
[ -x "$TIME" ] || die "GNU time is not installed (Debian: apt-get install time)"
[ -x "$PERFMT" ] || die "no $PERFMT: run make first"
mkdir -p "$DIR/src" || exit 2
DIR=$(cd "$DIR" && pwd)

# ---- the workload ----------------------------------------------------------
# A small C project built over and over (cc1, as, collect2, ld and their
# libraries), with shell, perl and python in between.
workload() {
	cd "$DIR/src" || exit 2
	i=0
	while [ $i -lt 20 ]; do
		cat >f$i.c <<EOF
#include <stdio.h>
#include <string.h>
#include <math.h>
static double g$i(int n) { double s = 0; int k; for (k = 1; k < n; k++) s += sqrt(k) / k; return s; }
int f$i(const char *s) { char b[64]; snprintf(b, sizeof b, "%s-%d", s, $i); return (int)strlen(b) + (int)g$i(2000); }
EOF
		i=$((i + 1))
	done
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

# perf record runs the workload as a script of its own
WORKLOAD_SH=$DIR/workload.sh
{
	echo 'DIR=$1'
	sed -n '/^workload() {$/,/^}$/p' "$0"
	echo 'workload'
} >"$WORKLOAD_SH"
# record FILE MB OPTIONS...: perf record until FILE reaches MB, then stop
record() {
	file=$1 mb=$2
	shift 2
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

record dwarf.data "$DWARF_MB" --call-graph dwarf -F 1000
record fp.data "$FP_MB" -g -F 20000
record small.data "$SMALL_MB" -g -F 2000

# ---- timing ----------------------------------------------------------------
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# bench NAME FILE COMMAND...: RUNS runs after a warm-up; prints a row
bench() {
	name=$1 file=$2
	shift 2
	"$@" >/dev/null 2>&1
	: >"$DIR/times"
	i=0
	# wall time in ns around GNU time, which gives the peak RSS (its own
	# %e has 10 ms steps); the few ms time itself takes are in every row
	while [ $i -lt "$RUNS" ]; do
		t0=$(date +%s%N)
		$TIME -f '%M' -o "$DIR/t1" "$@" >/dev/null 2>&1
		t1=$(date +%s%N)
		echo "$(( (t1 - t0) / 1000 )) $(tail -1 "$DIR/t1")" |
		    awk '{ printf "%.6f %s\n", $1 / 1e6, $2 }' >>"$DIR/times"
		i=$((i + 1))
	done
	t=$(cut -d' ' -f1 "$DIR/times" | median)
	m=$(cut -d' ' -f2 "$DIR/times" | median)
	mb=$(($(stat -c %s "$file") / 1048576))
	awk -v n="$name" -v t="$t" -v m="$m" -v mb="$mb" -v c="$CAT" 'BEGIN {
		printf "| %-34s | %8.4f s | %6.2f | %7.0f MB/s | %8.1f MiB |\n",
		    n, t, (c > 0 ? t / c : 1), (t > 0 ? mb / t : 0), m / 1024 }'
	[ "$name" = cat ] && CAT=$t
	return 0
}

echo "$(date -u +%Y-%m-%d), $(uname -m), $(nproc) CPUs" \
    "($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1))," \
    "$(awk '/MemTotal/ { printf "%d GiB", $2 / 1048576 }' /proc/meminfo)," \
    "Linux $(uname -r), $(perf version), warm cache, median of $RUNS runs"
for f in dwarf.data fp.data small.data; do
	file=$DIR/$f
	CAT=0
	recs=$("$PERFMT" header -i "$file" 2>/dev/null |
	    sed -n 's/^records  *\([0-9]*\) .*/\1/p')
	echo
	echo "$f: $(($(stat -c %s "$file") / 1048576)) MB, $recs records"
	echo
	echo "| command                            |     median |  x cat |  throughput |   peak RSS |"
	echo "| ---------------------------------- | ---------- | ------ | ----------- | ---------- |"
	cat "$file" >/dev/null
	bench cat "$file" cat "$file"
	bench "perfmt check" "$file" "$PERFMT" check -i "$file"
	bench "perfmt check --hits" "$file" "$PERFMT" check --hits -i "$file"
	bench "perfmt check --hits=callchain" "$file" "$PERFMT" check \
	    --hits=callchain -i "$file"
	bench "perf buildid-list -i" "$file" perf buildid-list -i "$file"
	bench "perf buildid-list -H -i" "$file" perf buildid-list -H -i "$file"
	bench "perf inject -b -i FILE -o /tmp/x" "$file" perf inject -b -i "$file" \
	    -o "$DIR/inject.out"
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
