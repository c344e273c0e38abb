# The helpers and variables every topic of the suite shares: tests/run.sh
# sources this file, then each topic file tests/t-TOPIC.sh, all in one
# shell (the counters add up across topics).  $top is the source tree, the
# working directory.
PERFMT=$(cd "$(dirname "${PERFMT:-./perfmt}")" && pwd)/$(basename "${PERFMT:-./perfmt}")
UNIT=${UNIT:-"tests/unit tests/unit-tiny"}
# make test-cross: PERFMT is a wrapper that runs a foreign binary under
# PERFMT_EMU (qemu-user), and every answer must equal PERFMT_HOST's
EMU=${PERFMT_EMU:-}
HOSTBIN=${PERFMT_HOST:-}
SHARED=${PERFMT_SHARED:-$top/../shared/testdata}
W=${PERFMT_WORK:-$top/tests/work}
D=$top/tests/data
E=$top/tests/expected
pass=0 fail=0 skip=0
# the unpacked profiles; scratch space for any topic
P=$W/perf
T=$W/tmp

ok() { pass=$((pass + 1)); [ -z "${VERBOSE:-}" ] || echo "ok   $1"; }
bad() {
	fail=$((fail + 1))
	echo "FAIL $1"
	[ -z "${2:-}" ] || printf '%s\n' "$2" | head -30 | sed 's/^/     /'
}
skipped() { skip=$((skip + 1)); echo "skip $1: $2"; }

# run CMD...: stdout in $W/out, stderr in $W/err, status in $rc; a signal
# (status above 128) or a hang (timeout's 124) is always a failure
run() {
	timeout 60 "$@" >"$W/out" 2>"$W/err"
	rc=$?
}
# run_stopped SYSCALL N ACTION CMD...: as run, but CMD stands still
# (strace injects SIGSTOP) at its Nth SYSCALL while the shell command
# ACTION runs, then goes on: a file changed at that very moment
run_stopped() {
	_sc=$1 _n=$2 _act=$3
	shift 3
	strace -qq -o /dev/null -e trace="$_sc" \
	    -e inject="$_sc":signal=STOP:when="$_n" "$@" >"$W/out" 2>"$W/err" &
	_sp=$! _i=0 _pid=
	while [ $_i -lt 100 ]; do
		_pid=$(pgrep -P $_sp)
		[ -n "$_pid" ] && [ "$(ps -o stat= -p "$_pid" | cut -c1)" = T ] && break
		sleep 0.1
		_i=$((_i + 1))
	done
	eval "$_act"
	[ -n "$_pid" ] && kill -CONT "$_pid"
	wait $_sp
	rc=$?
}
# vouch PROFILE: "-r PROFILE" under qemu-user, else nothing.  There
# perfmt reads no perf clock, which alone places a -B profile's file in
# time (docs/design.md, the profile's time: its age places nothing), and
# the tests of what follows from a placed time name its time as a user
# would: by the file perf wrote
vouch() { case ${EMU:-} in qemu*) printf '%s' "-r $1" ;; esac; }
# timed CMD...: as run, three times; $ms is the quickest, in milliseconds
# (a bound on work is a ratio of two such times, never a wall-clock limit)
timed() {
	ms=
	for _i in 1 2 3; do
		_t0=$(date +%s%N)
		run "$@"
		_t=$((($(date +%s%N) - _t0) / 1000000))
		[ -n "$ms" ] && [ "$ms" -le "$_t" ] || ms=$_t
	done
}
# written FILE: true once FILE holds bytes, within 20 s (a recording perf
# has begun writes its header first; a loaded machine may take seconds)
written() {
	_n=0
	while [ ! -s "$1" ] && [ "$_n" -lt 200 ]; do
		sleep 0.1
		_n=$((_n + 1))
	done
	[ -s "$1" ]
}
crashed() { [ "$rc" -gt 3 ]; }
# no_trouble: the last run ended 0, 1 or 3 (perfmt.1, EXIT STATUS)
no_trouble() { [ "$rc" = 0 ] || [ "$rc" = 1 ] || [ "$rc" = 3 ]; }

# expect NAME STATUS [STDERR-SUBSTRING]: after run
expect() {
	if crashed; then
		bad "$1" "exit status $rc (crash or hang); stderr: $(cat "$W/err")"
	elif [ "$rc" -ne "$2" ]; then
		bad "$1" "exit status $rc, expected $2; stderr: $(cat "$W/err")"
	elif [ -n "${3:-}" ] && ! grep -qF -- "$3" "$W/err"; then
		bad "$1" "stderr lacks '$3': $(cat "$W/err")"
	else
		ok "$1"
	fi
}

# same NAME FILE: $W/out must equal FILE.  With REGEN=1 the golden files
# under tests/expected are written instead: review `git diff` before
# committing them.
same() {
	case ${REGEN:-}:$2 in
	1:"$E"/*) cp "$W/out" "$2" ;;
	esac
	if [ ! -f "$2" ]; then
		bad "$1" "no expected output $2"
	elif cmp -s "$W/out" "$2"; then
		ok "$1"
	else
		bad "$1" "$(diff "$2" "$W/out" | head -20)"
	fi
}

# perf 6.9 and later print buildid-list sorted by name (their dso list is a
# sorted array), as perfmt does; perf up to 6.8 prints the build-ID table's
# order.  by_name sorts an older perf's listing the newer way.
by_name() {
	LC_ALL=C awk '{ print substr($0, 42) "\t" $0 }' "$1" | LC_ALL=C sort -s \
	    -t "$(printf '\t')" -k1,1 | cut -f2-
}

# perf_rows [OPTION...]: perf report's rows by object and symbol, as
# percentages, sorted (rows of equal share come in either order); the
# options name the input (-i FILE, or -i - with it on standard input) and
# add to the view.  Give another HOME in a subshell: (export HOME=...; ...)
perf_rows() {
	perf report --stdio -g none --sort dso,sym "$@" 2>/dev/null |
	    grep -v '^#' | grep '%' | LC_ALL=C sort
}

# strict_skip NAME REASON: a check this machine cannot run is skipped,
# with the reason; CI sets PERFMT_TEST_STRICT, where it must run, and there
# the skip fails.
strict_skip() {
	if [ -n "${PERFMT_TEST_STRICT:-}" ]; then bad "$1" "$2"; else skipped "$1" "$2"; fi
}

# Checks that hold only for the musl build (no allocator linked, the size
# and RSS bounds, valgrind on a static binary) are skipped, with the
# reason, where make linked glibc (no musl-gcc); CI sets
# PERFMT_TEST_STRICT, and there such a skip fails.
MUSL=1
if grep -q GLIBC_TUNABLES "$PERFMT" 2>/dev/null; then
	MUSL=
fi
musl_only() {	# NAME: true if the check may run here, else said
	[ -n "$MUSL" ] && return 0
	if [ -n "${PERFMT_TEST_STRICT:-}" ]; then
		bad "$1" "the binary links glibc: make found no musl-gcc (Debian: musl-tools)"
	else
		skipped "$1" "the binary links glibc: make found no musl-gcc (Debian: musl-tools)"
	fi
	return 1
}

# once_a_pass NAME LIST SHORT LONG CMD...: CMD with the file SHORT at LIST,
# then LONG, which ends with SHORT's lines: the same answers, and the long
# list read once, not once an object: its time at most 10 times the short
# one's and 10 ms (a ratio: no time a machine must keep)
once_a_pass() {
	_n=$1 _l=$2
	cp "$3" "$_l"
	shift 2
	_g=$2
	shift 2
	# (under an emulator the answers only: its time is the emulator's)
	_tm=timed ms=
	[ -z "$EMU" ] || _tm=run
	$_tm "$@"
	_s=$ms
	cp "$W/out" "$T/once.out"
	cp "$_g" "$_l"
	$_tm "$@"
	rm -f "$_l"
	if crashed || ! cmp -s "$W/out" "$T/once.out"; then
		bad "$_n: the same answers" "$(diff "$T/once.out" "$W/out" | head -5)"
	elif [ -n "$EMU" ]; then
		skipped "$_n: the time" "under $EMU the time is the emulator's"
	elif [ "$ms" -le $((10 * _s + 10)) ]; then
		ok "$_n: $ms ms, $_s ms with the short list"
	else
		bad "$_n: the time" "$ms ms, $_s ms with the short list"
	fi
}
