#!/bin/sh
# make test-inject-crash: perfmt inject and archive stopped dead after
# each of their write steps in turn (a build with PERFMT_TEST_HOOKS exits at
# step N of PERFMT_WRITE_STOP=N), in place and with -o over a file: every
# stop must leave the output as it was before or as a whole run writes it,
# never anything between.  Each step again with a signal instead
# (PERFMT_WRITE_SIG: SIGTERM, SIGINT, SIGHUP in turn): the same, the
# process ended by that signal, and no new file left beside the output.
# Usage: inject-crash.sh PERFMT-HOOKS ARCHIVED PROFILE...: ARCHIVED a
# profile whose objects are on this system (archive puts them), each
# PROFILE one inject adds to.  The last line is "N passed, N failed".
set -u
bin=$1
archived=$2
shift 2
W=$(mktemp -d "${TMPDIR:-/tmp}/perfmt-crash-XXXXXX")
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
# the profile's time: now, after every file here was put in place (a
# file whose ctime is after the profile's time is not taken: docs/design.md)
now=$(date +%s)
# stops CMD SRC OUT NAME: CMD (a shell command with $STOP) run with a stop
# at each step until a run ends by itself; the output OUT starts as SRC
# each time and must end as SRC or as $W/whole
stops() {
	s_cmd=$1 s_src=$2 s_out=$3 s_name=$4
	n=0 stops=0 bad=0
	while :; do
		n=$((n + 1))
		for sig in "" $((n % 3 == 0 ? 15 : n % 3 == 1 ? 2 : 1)); do
			cp -p "$s_src" "$s_out"
			PERFMT_WRITE_STOP=$n PERFMT_WRITE_SIG=$sig sh -c "$s_cmd" >/dev/null 2>&1
			rc=$?
			[ -n "$sig" ] || [ $rc = 99 ] || break 2
			left=$(ls -a "$W" | grep '^\.perfmt-')
			if [ -z "$sig" ]; then
				stops=$((stops + 1))
				rm -f "$W"/.perfmt-*
			elif [ $rc != $((128 + sig)) ] || [ -n "$left" ]; then
				bad=$((bad + 1))
				echo "FAIL $s_name: signal $sig at step $n: exit $rc, left '$left'"
				rm -f "$W"/.perfmt-*
			fi
			if ! cmp -s "$s_out" "$s_src" && ! cmp -s "$s_out" "$W/whole"; then
				bad=$((bad + 1))
				echo "FAIL $s_name: stopped at step $n${sig:+ by signal $sig}, the output is neither the old one nor the new"
			fi
		done
		[ $n -lt 1000 ] || break
	done
	if [ $bad = 0 ] && [ $stops -ge 3 ] && cmp -s "$s_out" "$W/whole"; then
		pass=$((pass + 1))
		echo "ok   $s_name: $stops stops and as many signals, each left the old output or the new; the run to the end wrote the new"
	else
		[ $bad != 0 ] || echo "FAIL $s_name: $stops stops; the last run's output differs from a whole run's"
		fail=$((fail + 1))
	fi
}
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
	stops "'$bin' inject -q -L -t $now -i '$W/p.data'" "$src" "$W/p.data" "$name (in place)"
	cp -p "$src" "$W/p.data"
	stops "'$bin' inject -q -L -t $now -i '$W/p.data' -o '$W/o.data'" "$src" "$W/o.data" "$name (-o)"
done
# signals from outside: stopped at a step (SIGSTOP), sent SIGTERM, SIGINT,
# SIGHUP, SIGPWR or a real-time signal (36, 64: past the C libraries'
# own), then let go on: it ends by that signal, the output whole, no new
# file beside it
src=$1
cp -p "$src" "$W/whole"
"$bin" inject -q -L -t "$now" -i "$W/whole" >/dev/null 2>&1
stop=$(env kill -l STOP)
# stopped PID: waits (5 s at most) until PID stops at its step
stopped() {
	k=0
	while [ "$(cut -d' ' -f3 /proc/$1/stat 2>/dev/null)" != T ] &&
	    [ $k -lt 500 ]; do
		sleep 0.01
		k=$((k + 1))
	done
}
# ended_by NUM WHAT: the run ($rc) ended by signal NUM, no new file left
# beside the profile, which is the old one or the whole new one; else
# WHAT is said and counted in bad
ended_by() {
	[ $rc = $((128 + $1)) ] && ! ls -a "$W" | grep -q '^\.perfmt-' &&
	    { cmp -s "$W/p.data" "$src" || cmp -s "$W/p.data" "$W/whole"; } &&
	    return
	bad=$((bad + 1))
	echo "FAIL $2: exit $rc, $(ls -a "$W" | grep '^\.perfmt-')"
	rm -f "$W"/.perfmt-*
}
# tally WHAT: one test passed as WHAT if no run was bad
tally() {
	if [ $bad = 0 ]; then
		pass=$((pass + 1))
		echo "ok   $1"
	else
		fail=$((fail + 1))
	fi
}
sent=0 bad=0
for n in 1 5 20; do
	for sig in TERM INT HUP PWR 36 64; do
		case $sig in
		[0-9]*) num=$sig ;;
		*) num=$(env kill -l $sig) ;;
		esac
		cp -p "$src" "$W/p.data"
		# a job in the background starts with SIGINT and SIGQUIT
		# ignored (POSIX), and an ignored signal stays so
		PERFMT_WRITE_STOP=$n PERFMT_WRITE_SIG=$stop env --default-signal \
		    "$bin" inject -q -L -t "$now" -i "$W/p.data" >/dev/null 2>&1 &
		pid=$!
		stopped $pid
		env kill -s $num $pid
		env kill -s CONT $pid
		wait $pid 2>/dev/null
		rc=$?
		sent=$((sent + 1))
		ended_by $num "SIG$sig from outside at step $n"
	done
done
tally "$(basename "$src"): $sent signals from outside, each ended the run by itself, the profile whole, no file left"
# the same signal sent again while the run takes it (timeout sends it to
# the process and to its group; ^C pressed twice): stopped at a step,
# sent SIGTERM over and over by another process, then let go on: it
# ends by SIGTERM, the profile whole, no new file beside it
runs=0 bad=0
for n in 1 5 20; do
	for i in 1 2 3 4 5 6 7; do
		cp -p "$src" "$W/p.data"
		PERFMT_WRITE_STOP=$n PERFMT_WRITE_SIG=$stop env --default-signal \
		    "$bin" inject -q -L -t "$now" -i "$W/p.data" >/dev/null 2>&1 &
		pid=$!
		stopped $pid
		(while kill -s TERM $pid 2>/dev/null; do :; done) &
		spam=$!
		sleep 0.05
		env kill -s CONT $pid
		wait $pid 2>/dev/null
		rc=$?
		wait $spam 2>/dev/null
		runs=$((runs + 1))
		ended_by 15 "SIGTERM again and again at step $n"
	done
done
tally "$(basename "$src"): SIGTERM sent again and again, $runs runs: each ended by it, the profile whole, no file left"
# a signal the caller ignores (nohup: SIGHUP) stays ignored: the run goes
# on to the stop (exit 99) instead of ending by it
cp -p "$src" "$W/p.data"
PERFMT_WRITE_STOP=5 PERFMT_WRITE_SIG=$stop sh -c "trap '' HUP; exec '$bin' inject \
    -q -L -t '$now' -i '$W/p.data'" >/dev/null 2>&1 &
pid=$!
stopped $pid
env kill -s HUP $pid
env kill -s CONT $pid
wait $pid
rc=$?
rm -f "$W"/.perfmt-*
if [ $rc = 99 ]; then
	pass=$((pass + 1))
	echo "ok   SIGHUP ignored by the caller (nohup) stays ignored"
else
	fail=$((fail + 1))
	echo "FAIL SIGHUP ignored by the caller (nohup) stays ignored: exit $rc"
fi
# archive -o over an older archive: the old tar, or the new one whole
(cd "$W" && echo "an older archive" >old.txt && tar -cf old.tar old.txt)
rm -f "$W/whole"
"$bin" archive -q -L -t "$now" -i "$archived" -o "$W/whole" >/dev/null 2>&1
stops "'$bin' archive -q -L -t $now -i '$archived' -o '$W/a.tar'" "$W/old.tar" \
    "$W/a.tar" "archive $(basename "$archived") (-o over a tar)"
# archive -o - to a file: SIGTERM at each step, in the copy out of the
# new file too, leaves the file empty (as > made it) or whole
"$bin" archive -q -L -t "$now" -i "$archived" -o - >"$W/whole.tar" 2>/dev/null
n=0 bad=0
while :; do
	n=$((n + 1))
	PERFMT_WRITE_STOP=$n PERFMT_WRITE_SIG=15 "$bin" archive -q -L -t "$now" \
	    -i "$archived" -o - >"$W/s.tar" 2>/dev/null
	rc=$?
	[ $rc = 143 ] || break
	if [ -s "$W/s.tar" ] && ! cmp -s "$W/s.tar" "$W/whole.tar"; then
		bad=$((bad + 1))
		echo "FAIL archive -o - >FILE: SIGTERM at step $n left $(stat -c %s "$W/s.tar") bytes"
	fi
done
if [ $bad = 0 ] && [ $n -gt 3 ] && cmp -s "$W/s.tar" "$W/whole.tar"; then
	pass=$((pass + 1))
	echo "ok   archive -o - >FILE: SIGTERM at each of $((n - 1)) steps left the file empty or whole"
else
	fail=$((fail + 1))
	[ $bad != 0 ] || echo "FAIL archive -o - >FILE: $n steps, rc $rc; the last output differs from a whole run's"
fi
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
	/^open(at)?\(.*O_DIRECTORY/ && match($0, /= [0-9]+$/) {
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
