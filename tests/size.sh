#!/bin/sh
# make size: the stripped size of each static perfmt, and what the same
# job costs with perf on this machine (its binary and the shared libraries
# it loads).  Usage: size.sh BINARY...  (build/ARCH/perfmt)
set -u
printf '| %-8s | %11s | %9s | %9s | %7s | %9s |\n' arch "file bytes" KiB text \
    data bss
printf '| %-8s | %11s | %9s | %9s | %7s | %9s |\n' -------- ----------- \
    --------- --------- ------- ---------
for b in "$@"; do
	arch=$(basename "$(dirname "$b")")
	bytes=$(wc -c <"$b")
	set -- $(size "$b" | awk 'NR == 2 { print $1, $2, $3 }')
	printf '| %-8s | %11s | %9s | %9s | %7s | %9s |\n' "$arch" "$bytes" \
	    "$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1024 }')" "$1" "$2" "$3"
done
echo
p=$(command -v perf 2>/dev/null) || { echo "no perf here to compare with"; exit 0; }
# Debian's perf may be a wrapper script that runs perf_VERSION
real=$(readlink -f "$p")
if [ "$(head -c 4 "$real" | tail -c 3)" != ELF ]; then
	real=$(ls /usr/bin/perf_[0-9]* 2>/dev/null | tail -1)
fi
libs=0 n=0
for l in $(ldd "$real" 2>/dev/null | awk '$3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'); do
	libs=$((libs + $(wc -c <"$(readlink -f "$l")")))
	n=$((n + 1))
done
all=$(($(wc -c <"$real") + libs))
echo "perf ($(perf version 2>/dev/null)): $(wc -c <"$real") bytes ($real)" \
    "+ $n shared libraries of $libs bytes = $all bytes" \
    "($(awk -v b="$all" 'BEGIN { printf "%.1f", b / 1048576 }') MiB)"
