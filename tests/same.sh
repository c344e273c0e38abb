#!/bin/sh
# Same answers as before a change that should change none (`make
# test-same`): builds perfmt as it was at commit BASE beside the tree's,
# both the same way, and runs both over every fixture (tests/data) and any
# profile named, with each command and scope: the output, the status and
# every file written (inject -o, archive -o) must be equal byte for byte.
#
# Usage: tests/same.sh [-b BASE] [PROFILE...]
#   BASE defaults to the commit named in tests/same.base (the last commit
#   before a change that should change no answer); a profile named is
#   compared too (the bench's: tests/bench.sh leaves them in BENCH_DIR).
# The last line is "N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
base=$(sed -n 's/^\([0-9a-f]\{7,40\}\).*/\1/p' tests/same.base | head -1)
if [ "${1:-}" = -b ]; then
	base=$2
	shift 2
fi
W=${PERFMT_WORK:-$top/tests/work}/same
rm -rf "$W"
mkdir -p "$W/old" "$W/new" "$W/perf" "$W/out"
pass=0 fail=0

if ! git cat-file -e "$base:perfmt.c" 2>/dev/null; then
	echo "FAIL same: commit $base is not in this clone (a shallow clone?)"
	echo "0 passed, 1 failed"
	exit 1
fi
git show "$base:perfmt.c" >"$W/old/perfmt.c"
git show "$base:elf_min.h" >"$W/old/elf_min.h"
cp perfmt.c elf_min.h "$W/new/"
# SAME_CFLAGS adds to both builds: a tiny budget runs the table-full paths
flags="-std=c99 -O2 -D_FILE_OFFSET_BITS=64 -D_POSIX_C_SOURCE=200809L ${SAME_CFLAGS:-}"
for v in old new; do
	# shellcheck disable=SC2086
	${CC:-cc} $flags -o "$W/$v/perfmt" "$W/$v/perfmt.c" || {
		echo "FAIL same: the $v tree does not build"
		echo "0 passed, 1 failed"
		exit 1
	}
done

# perf's clock places a profile by the moment it is read, and two runs a
# moment apart may place it on either side of a margin: both run where it
# cannot be read (tests/nopmu.c), where a seccomp filter can be set
NOPMU=
if ${CC:-cc} -o "$W/nopmu" tests/nopmu.c 2>/dev/null && "$W/nopmu" true; then
	NOPMU=$W/nopmu
fi

for f in tests/data/perf/*.xz; do
	n=$(basename "$f" .xz)
	case $f in
	*.tar.xz) xz -dc "$f" | (cd "$W/perf" && tar -xf -) ;;
	*) xz -dc "$f" >"$W/perf/$n" ;;
	esac
done
for f in tests/data/fuzz/*; do
	cp "$f" "$W/perf/fuzz-$(basename "$f")"
done

# one: NAME ARGS...: the old and the new binary with ARGS, where a word
# @OUT is a file each writes (compared too); with PIPE=FILE, FILE comes
# through a pipe on standard input
one() {
	name=$1
	shift
	# a file an earlier command wrote is not this one's
	rm -f "$W/out/old.file" "$W/out/new.file"
	for v in old new; do
		args=
		for a in "$@"; do
			case $a in
			@OUT) a=$W/out/$v.file; rm -f "$a" ;;
			esac
			args="$args $(printf '%s' "$a" | sed "s/'/'\\\\''/g; s/^/'/; s/\$/'/")"
		done
		# the binary's own path never shows: both run as "perfmt"
		if [ -n "${PIPE:-}" ]; then
			cat "$PIPE" | (cd "$W/$v" && eval "timeout 300 $NOPMU ./perfmt $args" \
			    >"$W/out/$v.out" 2>"$W/out/$v.err")
		else
			(cd "$W/$v" && eval "timeout 300 $NOPMU ./perfmt $args" \
			    >"$W/out/$v.out" 2>"$W/out/$v.err" </dev/null)
		fi
		echo "status $?" >>"$W/out/$v.out"
	done
	sed -i "s|$W/out/old.file|OUT|g" "$W/out/old.out" "$W/out/old.err"
	sed -i "s|$W/out/new.file|OUT|g" "$W/out/new.out" "$W/out/new.err"
	if [ -n "${SUPERSET:-}" ] && ! superset "$W/out/old.out" "$W/out/new.out"; then
		fail=$((fail + 1))
		echo "FAIL $name: the new JSON lacks or changes what the old held"
	elif [ -z "${SUPERSET:-}" ] && ! cmp -s "$W/out/old.out" "$W/out/new.out"; then
		fail=$((fail + 1))
		echo "FAIL $name: stdout or status differs"
		diff "$W/out/old.out" "$W/out/new.out" | head -12 | sed 's/^/     /'
	elif [ -z "${SUPERSET:-}" ] && ! cmp -s "$W/out/old.err" "$W/out/new.err"; then
		fail=$((fail + 1))
		echo "FAIL $name: stderr differs"
		diff "$W/out/old.err" "$W/out/new.err" | head -12 | sed 's/^/     /'
	elif [ -e "$W/out/old.file" ] && ! cmp -s "$W/out/old.file" "$W/out/new.file"; then
		fail=$((fail + 1))
		echo "FAIL $name: the file written differs"
	else
		pass=$((pass + 1))
		[ -z "${VERBOSE:-}" ] || echo "ok   $name"
	fi
}

# superset OLD NEW: every line of OLD is JSON that NEW's line holds too,
# with every member equal (header -j gains members the old lacked: the
# profile's time among them, settled as the text settles it, with the
# text's messages on standard error)
superset() {
	python3 - "$1" "$2" <<'PY'
import json, sys
def holds(a, b):
    if isinstance(a, dict):
        return isinstance(b, dict) and all(k in b and holds(v, b[k])
                                           for k, v in a.items())
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and \
            all(holds(x, y) for x, y in zip(a, b))
    return a == b
old = open(sys.argv[1]).read().splitlines()
new = open(sys.argv[2]).read().splitlines()
if len(old) != len(new):
    sys.exit(1)
for o, n in zip(old, new):
    if o == n:
        continue
    try:
        if not holds(json.loads(o), json.loads(n)):
            sys.exit(1)
    except ValueError:
        sys.exit(1)
PY
}

profiles=
for p in "$W"/perf/*; do
	case $p in *.buildids|*.mmaps|*.header|*.list) continue ;; esac
	profiles="$profiles $p"
done
for p in $profiles "$@"; do
	n=$(basename "$p")
	for scope in "" -H -a --hits=sample; do
		# shellcheck disable=SC2086
		one "$n check $scope" check $scope -i "$p"
		# shellcheck disable=SC2086
		one "$n check -j -L $scope" check -j -L $scope -i "$p"
		# shellcheck disable=SC2086
		one "$n inject -o $scope" inject -L $scope -i "$p" -o @OUT
		# shellcheck disable=SC2086
		one "$n archive $scope" archive -L $scope -i "$p" -o @OUT
	done
	one "$n check -p -v" check -p -v -i "$p"
	one "$n list" list -i "$p"
	one "$n list -j -H" list -j -H -i "$p"
	one "$n list --hits=callchain" list --hits=callchain -i "$p"
	one "$n header" header -i "$p"
	SUPERSET=1 one "$n header -j" header -j -i "$p"
	one "$n inject -n" inject -n -i "$p"
	if [ -f "$p" ]; then
		PIPE=$p one "$n check from a pipe" check -i -
		PIPE=$p one "$n inject from a pipe" inject -L -i - -o @OUT
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
