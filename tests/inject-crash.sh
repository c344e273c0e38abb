#!/bin/sh
# make test-inject-crash: perfmt inject stopped dead after each of its
# write steps in turn (a build with PERFMT_TEST_HOOKS exits at step N of
# PERFMT_INJECT_STOP=N), in place and with -o: every stop must leave the
# output as it was before or as a whole run writes it, never anything
# between.  Usage: inject-crash.sh PERFMT-HOOKS PROFILE...
# The last line is "N passed, N failed".
set -u
bin=$1
shift
W=$(mktemp -d "${TMPDIR:-/tmp}/perfmt-crash-XXXXXX")
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
# the profile's time: now, after every file here was put in place (a
# file whose ctime is after the profile's time is not taken: docs/design.md)
now=$(date +%s)
for src in "$@"; do
	name=$(basename "$src")
	# the whole run, once, for the new file's bytes
	cp -p "$src" "$W/whole"
	"$bin" inject -q -L -t "$now" -i "$W/whole" >/dev/null 2>&1
	if cmp -s "$W/whole" "$src"; then
		fail=$((fail + 1))
		echo "FAIL $name: a whole run adds nothing, so no stop can be told"
		continue
	fi
	for mode in inplace out; do
		n=0 stops=0 bad=0
		while :; do
			n=$((n + 1))
			cp -p "$src" "$W/p.data"
			cp -p "$src" "$W/o.data"
			if [ $mode = inplace ]; then
				PERFMT_INJECT_STOP=$n "$bin" inject -q -L -t "$now" \
				    -i "$W/p.data" >/dev/null 2>&1
				rc=$? f=$W/p.data
			else
				PERFMT_INJECT_STOP=$n "$bin" inject -q -L -t "$now" \
				    -i "$W/p.data" -o "$W/o.data" >/dev/null 2>&1
				rc=$? f=$W/o.data
			fi
			rm -f "$W"/.perfmt-inject-*
			[ $rc = 99 ] || break
			stops=$((stops + 1))
			if ! cmp -s "$f" "$src" && ! cmp -s "$f" "$W/whole"; then
				bad=$((bad + 1))
				echo "FAIL $name ($mode): stopped at step $n, the output is neither the old profile nor the new"
			fi
			[ $n -lt 1000 ] || break
		done
		if [ $bad = 0 ] && [ $stops -ge 3 ] && cmp -s "$f" "$W/whole"; then
			pass=$((pass + 1))
			echo "ok   $name ($mode): $stops stops, each left the old profile or the new; the run to the end wrote the new"
		else
			[ $bad != 0 ] || echo "FAIL $name ($mode): $stops stops; the last run's output differs from a whole run's"
			fail=$((fail + 1))
		fi
	done
done
# A power cut is not a stop: the disk may hold writes in another order
# than they were made, unless a sync orders them.  In place, the new file
# must be synced before its rename over the profile, and the directory
# after it (the rename is durable then).  Each fixture's run is traced
# and its calls checked in that order; the check must fail a log without
# the syncs.
sync_order() {
	awk '
	function fd(line) { sub(/^[a-z0-9_]+\(/, "", line); sub(/[,)].*/, "", line); return line }
	/^open(at)?\(.*\.perfmt-inject-.*O_CREAT/ && match($0, /= [0-9]+$/) {
		tmp = substr($0, RSTART + 2); next }
	/^fsync\(/ && !renamed && fd($0) == tmp { synced = 1; next }
	/^rename(at2?)?\(.*\.perfmt-inject-/ { renamed = 1; before = synced; next }
	/^open(at)?\(.*\/", O_RDONLY/ && renamed && match($0, /= [0-9]+$/) {
		dir = substr($0, RSTART + 2); next }
	/^fsync\(/ && renamed && dir != "" && fd($0) == dir { after = 1 }
	END { print before && after ? "ordered" : "unordered" }'
}
if ! command -v strace >/dev/null 2>&1 || ! strace -qq -o /dev/null true 2>/dev/null; then
	if [ -n "${PERFMT_TEST_STRICT:-}" ]; then
		fail=$((fail + 1))
		echo "FAIL the sync order: strace is missing or cannot trace here"
	else
		echo "skip the sync order: strace is missing or cannot trace here"
	fi
else
	for src in "$@"; do
		name=$(basename "$src")
		cp -p "$src" "$W/p.data"
		strace -qq -o "$W/trace" -e trace=open,openat,fsync,rename,renameat,renameat2 \
		    "$bin" inject -q -L -t "$now" -i "$W/p.data" >/dev/null 2>&1
		if [ "$(sync_order <"$W/trace")" = ordered ] &&
		    [ "$(grep -v '^fsync' "$W/trace" | sync_order)" = unordered ]; then
			pass=$((pass + 1))
			echo "ok   $name: in place, the new file synced before its rename, the directory after"
		else
			fail=$((fail + 1))
			echo "FAIL $name: the syncs around the rename are missing or out of order"
			grep -E '^(fsync|rename)|perfmt-inject' "$W/trace" | head -5
		fi
	done
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
