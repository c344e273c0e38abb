#!/bin/sh
# Records the local__* fixtures in tests/data with this machine's perf.
# Run by hand (as root or with perf_event_paranoid <= 1), not by the test
# suite: recordings differ from run to run.  Usage: tests/record-fixtures.sh
# OUTDIR; then compress into tests/data/perf with xz -9e and copy the
# .buildids oracles (perf buildid-list -i) beside them.
set -eu
out=${1:?usage: record-fixtures.sh OUTDIR}
src=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
cd "$out"
cp "$src/data/elf/local__w.c" w.c
# the four kinds of build-ID a linker writes: md5 (16 bytes), a fixed
# 8-byte one (as lld --build-id=fast), sha1 (20) and none
gcc -O1 -Wl,--build-id=md5 -o w-md5 w.c
gcc -O1 -Wl,--build-id=0x0123456789abcdef -o w-id8 w.c
gcc -O1 -Wl,--build-id=sha1 -o w-sha1 w.c
gcc -O1 -Wl,--build-id=none -o w-none w.c
W='./w-md5; ./w-id8; ./w-sha1; ./w-none'
q() { "$@" >/dev/null 2>&1; }
q perf record -q -o sized.data -- sh -c "$W"
q perf record -q --buildid-mmap -o sized-mmap.data -- sh -c "$W"
q perf record -q -B -o nobid.data -- sh -c './w-sha1; ./w-md5'
q perf record -q -e sched:sched_process_exec -o trace.data -- sh -c './w-sha1; ./w-md5'
perf record -q -o - -- sh -c './w-md5; ./w-id8' 2>/dev/null > pipe.data
perf record -q -o - -- sh -c './w-md5; ./w-id8' 2>/dev/null | perf inject -b > pipe.b.data
perf record -q -e sched:sched_process_exec -e sched:sched_process_exit -o - \
    -- sh -c './w-sha1; ./w-md5' 2>/dev/null > trace.pipe.data
# perf 6.1 inject from a pipe file into a file: data.offset points at the
# id arrays and attrs
perf record -q -o - -- sh -c './w-sha1; ./w-md5' 2>/dev/null > pipe2.data
perf inject -b -i pipe2.data -o inj-from-pipe.data
# and with CLOCK_DATA (-k mono), over two seconds: its HEADER_FEATURE comes
# in the data section
perf record -q -F 200 -k mono -o - -- sh -c \
    './w-md5; ./w-sha1 1; sleep 1.5; ./w-sha1 1; ./w-sha1 1' 2>/dev/null \
    >pipe-clock.data
perf inject -i pipe-clock.data -o inj-clock.data
# a file named vmlinux in perf's working directory: perf names the kernel
# after it in the build-ID table (its ID stays the running kernel's)
mkdir -p kimage
cp w-sha1 kimage/vmlinux
(cd kimage && q perf record -q -o ../kimage.data -- ../w-md5)
rm -rf threads.data
q perf record -q --threads -o threads.data -- sh -c './w-sha1 1; ./w-md5'
tar -cf threads.data.tar threads.data
# perf record killed with SIGKILL: data.size stays 0, no feature table
for v in "" --buildid-mmap; do
	n=killed${v:+-mmap}.data
	rm -f "$n"
	perf record -q -F 2000 -m 1 -g $v -o "$n" -- \
	    sh -c './w-sha1; ./w-md5; while :; do ./w-id8 >/dev/null; done' \
	    >/dev/null 2>&1 &
	p=$!
	sleep 0.4
	kill -9 $p
	wait $p 2>/dev/null || :
	pkill -f 'while :; do ./w-id8' || :
done
for f in sized sized-mmap trace pipe.b inj-from-pipe kimage; do
	perf buildid-list -i $f.data > $f.data.buildids
done
perf buildid-list -i threads.data > threads.data.buildids
# perf record -z at three levels (zstd windows of 512 KiB, 2 MiB and 8
# MiB), with perf's own oracles: the mapped paths (perf script
# --show-mmap-events) and the objects samples fall in (buildid-list -H)
for l in 1 3 19; do
	n=z$l.data
	perf record -q -N -g -z --compression-level=$l -o "$n" -- \
	    sh -c './w-sha1 1; ./w-md5; ls /usr/lib >/dev/null' >/dev/null 2>&1
	sh "$src/oracle-mmaps.sh" "$n" >"$n.mmaps"
	perf buildid-list -H -i "$n" 2>/dev/null |
	    sed 's|/tmp/perf-vdso.so-......$|[vdso]|' | LC_ALL=C sort >"$n.hits"
done
# perf record -z into a pipe: COMPRESSED records behind in-stream
# HEADER_FEATUREs.  perf 6.1 buildid-list cannot read it back ("Couldn't
# decompress data"), perf script can: the objects samples fall in are the
# DSOs it names for the sampled addresses
perf record -q -N -g -z -o - -- sh -c './w-sha1 1; ls /usr/lib >/dev/null' \
    >zpipe.data 2>/dev/null
sh "$src/oracle-mmaps.sh" zpipe.data >zpipe.data.mmaps
perf script -G -F ip,dso -i zpipe.data 2>/dev/null | sed 's/.*(//; s/)$//' |
    LC_ALL=C sort -u >zpipe.data.sampled
# pids used again, in a pid namespace of 1000 pids (root: unshare -p, and
# pid_max set in the namespace, Linux 6.14 on): 1600 FORKs over 995 pids
cat >wl.sh <<'WL'
i=0
while [ $i -lt 200 ]; do
	echo "$i abc" | sed s/a/b/ | sort >/dev/null
	/bin/true; /bin/true; /bin/true; /bin/true; /bin/true
	i=$((i + 1))
done
WL
unshare -p -f --mount-proc sh -c 'echo 1000 >/proc/sys/kernel/pid_max &&
    perf record -N -q -m 8 -F 1000 -o pidwrap.data -- sh wl.sh' >/dev/null 2>&1
