#!/bin/sh
# make test-cross: the whole suite once per board, each binary of
# build/ARCH run under its qemu-user emulator, every answer compared with
# the host build's.  Usage: cross.sh HOSTPERFMT ARCH=EMULATOR...
# The last line is "N passed, N failed" over all the runs.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
host=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
passed=0 failed=0 runs=
mkdir -p "$top/build"
# the guard of make cross: a binary linked without -static is refused
if command -v aarch64-linux-musl-gcc >/dev/null 2>&1; then
	# (without -fno-pie too: its code links only into a static binary)
	if make -s -C "$top" build/guard/perfmt CC_guard=aarch64-linux-musl-gcc \
	    XLDFLAGS=-s STATIC_CFLAGS= >"$top/build/guard.log" 2>&1 ||
	    ! grep -q "dynamically linked" "$top/build/guard.log" ||
	    [ -e "$top/build/guard/perfmt" ]; then
		echo "FAIL make cross lets a dynamic binary through"
		failed=$((failed + 1))
	else
		passed=$((passed + 1))
		runs="${runs}make cross refuses a dynamic binary
"
	fi
	rm -rf "$top/build/guard"
elif [ -n "${PERFMT_TEST_STRICT:-}" ]; then
	echo "FAIL make cross's guard untested: no aarch64-linux-musl-gcc"
	failed=$((failed + 1))
else
	echo "skip make cross refuses a dynamic binary: no aarch64-linux-musl-gcc"
fi
# the suites, two at a time (each in its own work directory): the machine
# has two CPUs and qemu uses one
n=0
for pair in "$@"; do
	arch=${pair%%=*}
	emu=${pair#*=}
	b=$top/build/$arch
	command -v "$emu" >/dev/null 2>&1 || continue
	# wrappers, so that the suite runs them as it runs ./perfmt
	mkdir -p "$b/qemu"
	for p in perfmt perfmt-tiny unit unit-tiny; do
		printf '#!/bin/sh\nexec %s %s "$@"\n' "$emu" "$b/$p" >"$b/qemu/$p"
		chmod +x "$b/qemu/$p"
	done
	echo "== $arch under $emu"
	PERFMT_EMU=$emu PERFMT_HOST=$host PERFMT=$b/qemu/perfmt PERFMT_BIN=$b/perfmt \
	    PERFMT_WORK=$b/work UNIT="$b/qemu/unit $b/qemu/unit-tiny" \
	    sh "$top/tests/run.sh" >"$b/test.log" 2>&1 &
	n=$((n + 1))
	[ $((n % 2)) -ne 0 ] || wait
done
wait
for pair in "$@"; do
	arch=${pair%%=*}
	emu=${pair#*=}
	b=$top/build/$arch
	if ! command -v "$emu" >/dev/null 2>&1; then
		echo "FAIL $arch: no $emu (sh tests/setup-cross.sh installs it)"
		failed=$((failed + 1))
		continue
	fi
	grep -E '^(FAIL|skip) ' "$b/test.log"
	last=$(tail -1 "$b/test.log")
	echo "$arch: $last"
	runs="$runs$arch: $last
"
	set -- $last
	case ${1:-x}${3:-x} in
	*[!0-9]*) failed=$((failed + 1)) ;;
	*) passed=$((passed + $1)) failed=$((failed + $3)) ;;
	esac
done
# a big-endian profile made now by perf itself (s390x perf under qemu):
# the same answers as its little-endian source
le=$top/build/le-small.data
xz -dc "$top/tests/data/perf/local__x86_64__small.data.xz" >"$le"
be=$top/build/be-small.data
if [ -f "$le" ] && sh "$top/tests/make-bigendian.sh" "$le" "$be" -b \
    >"$top/build/be.log" 2>&1; then
	same=1
	for c in "list" "check -p -t 2026-01-01" "check -p --hits -t 2026-01-01"; do
		HOME=/nonexistent "$host" $c -i "$le" 2>/dev/null | LC_ALL=C sort >"$be.le"
		HOME=/nonexistent "$host" $c -i "$be" 2>/dev/null | LC_ALL=C sort >"$be.be"
		cmp -s "$be.le" "$be.be" || { same=; echo "FAIL big-endian now: $c differs"; }
	done
	if [ -n "$same" ] && [ "$(head -c 8 "$be")" = 2ELIFREP ]; then
		passed=$((passed + 1))
		runs="${runs}big-endian profile made now by s390x perf: same answers
"
	else
		failed=$((failed + 1))
	fi
else
	echo "skip big-endian profile made now: $(tail -1 "$top/build/be.log" 2>/dev/null)"
fi
printf '%s' "$runs"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
