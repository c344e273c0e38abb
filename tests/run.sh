#!/bin/sh
# The test suite: `make test` runs it as
#   PERFMT=./perfmt UNIT="tests/unit tests/unit-tiny" sh tests/run.sh
# Golden tests over the committed fixtures (tests/data), oracle tests
# against perf buildid-list and readelf -n when those exist (counted as
# skipped when not), the unit binaries, and a sweep over ../shared/testdata
# when it is there.  VERBOSE=1 prints every passing test too.  The last line
# is "N passed, N failed".
#
# Usage: run.sh [TOPIC...]: the fixtures, then the topics named (all when
# none is), in the order of TOPICS.  Each topic is a file tests/t-TOPIC.sh,
# sourced into this shell after the shared helpers of tests/lib.sh; a line
# "== TOPIC" says when it starts.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
. "$top/tests/lib.sh"

TOPICS="fixtures unit hostile zstd options list damage fuzz pipes compressed \
byteorder check rules sysroot caches hits tables records names progress memory initramfs \
buildid oracles inject archive writes static cross shared"
for a in "$@"; do
	case " $TOPICS " in
	*" $a "*) ;;
	*) echo "run.sh: no topic $a; the topics: $TOPICS" >&2; exit 2 ;;
	esac
done
todo=
for topic in $TOPICS; do
	case $#:" $* " in
	0:*|*" $topic "*) todo="$todo $topic" ;;
	*:*) [ "$topic" = fixtures ] && todo="$todo $topic" ;;
	esac
done

rm -rf "$W"
mkdir -p "$W/perf" "$W/elf" "$W/tmp"
if [ ! -x "$PERFMT" ]; then
	echo "FAIL no binary at $PERFMT (run make first)"
	echo "0 passed, 1 failed"
	exit 1
fi
# a topic file that is in no run would be tests that never run
for f in "$top"/tests/t-*.sh; do
	topic=${f##*/t-}
	topic=${topic%.sh}
	case " $TOPICS " in
	*" $topic "*) ;;
	*) bad "tests/t-$topic.sh is not in TOPICS of tests/run.sh" ;;
	esac
done

for topic in $todo; do
	echo "== $topic"
	. "$top/tests/t-$topic.sh"
done

echo "$skip skipped"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
