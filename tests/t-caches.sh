# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- build-ID caches in every layout (fmt §7.4) ----------------------------
# local__x86_64__small.data records libc.so.6 as 93ac61ec...; an x86-64
# file given that ID (cache_elf) stands for it in each layout, under an
# empty sysroot, so that only the cache can find it.
C=$T/caches
rm -rf "$C"
mkdir -p "$C/root"
lid=93ac61ec5a8eb1396f9fbd350e3169a558528a40
lib=/usr/lib/x86_64-linux-gnu/libc.so.6
cache_elf() {	# ID FILE: local__w-sha1 with its build-ID made ID
	mkdir -p "$(dirname "$2")"
	python3 -c 'import sys
d = bytearray(open(sys.argv[1], "rb").read())
d[872:892] = bytes.fromhex(sys.argv[2])
open(sys.argv[3], "wb").write(d)' "$W/elf/local__w-sha1" "$1" "$2"
}
cached() {	# NAME VERDICT DETAIL [PERFMT ARGS...]: libc's row
	name=$1 v=$2 d=$3
	shift 3
	run env HOME="$C/home" "$PERFMT" check -p -t 2026-11-30 -s "$C/root" "$@" \
	    -i "$P/local__x86_64__small.data"
	grep -q "^$v	$lid	[0-9a-f-]*	$lib	$d" "$W/out" && ok "$name" ||
	    bad "$name" "$(grep libc "$W/out"; cat "$W/err")"
}
if ! command -v python3 >/dev/null 2>&1; then
	skipped "caches" "no python3 to write build-IDs"
else
	# the debuginfod client's: ID/executable is the binary
	cache_elf $lid "$C/dbgd/$lid/executable"
	cached "debuginfod cache -c: ID/executable, ok" ok \
	    "build-ID matches: debuginfod cache ($C/dbgd/$lid/executable)" -c "$C/dbgd"
	# by default, where the client keeps it: the arm64 guest's busybox,
	# which is not this system's (no -s: a sysroot has its own caches)
	bid=2d0361f90c8817f80eb486e1ccf7f5177cdd2883
	cache_elf $bid "$C/d1/$bid/executable"
	mkdir -p "$C/xdg" "$C/home/.cache"
	cache_elf $bid "$C/xdg/debuginfod_client/$bid/executable"
	cache_elf $bid "$C/home/.cache/debuginfod_client/$bid/executable"
	for e in "DEBUGINFOD_CACHE_PATH=$C/d1|$C/d1" \
	    "XDG_CACHE_HOME=$C/xdg|$C/xdg/debuginfod_client" \
	    "PERFMT_NONE=|$C/home/.cache/debuginfod_client"; do
		run env -u DEBUGINFOD_CACHE_PATH -u XDG_CACHE_HOME HOME="$C/home" \
		    "${e%%|*}" "$PERFMT" check -p -v -i "$P/aarch64__a-default.data"
		d=${e#*|}
		grep -q "^ok	$bid	$bid	/usr/bin/busybox	build-ID matches: debuginfod cache ($d/$bid/executable)" "$W/out" &&
		    grep -q "^perfmt: /usr/bin/busybox: debuginfod cache $d/$bid/executable: build-ID $bid" "$W/err" &&
		    ok "debuginfod cache by default: $d, -v names it" ||
		    bad "debuginfod cache by default: $d, -v names it" "$(cat "$W/out" "$W/err")"
	done
	rm -rf "$C/home/.cache"
	run "$PERFMT" archive -t 2026-11-30 -s "$C/root" -c "$C/dbgd" \
	    -i "$P/local__x86_64__small.data" -o "$C/a.tar"
	tar -xOf "$C/a.tar" "${lib#/}/$lid/elf" 2>/dev/null | cmp -s - "$C/dbgd/$lid/executable" &&
	    ok "archive: a debuginfod cache's executable as PATH/ID/elf" ||
	    bad "archive: a debuginfod cache's executable as PATH/ID/elf" "$(cat "$W/err"; tar -tf "$C/a.tar")"
	# a debug file with the ID: symbols, not the binary
	cache_elf $lid "$C/dbgi/$lid/debuginfo"
	cached "debuginfod's debuginfo alone: the binary missing, the debug file named" missing \
	    "not found: .*; symbols: the debug file $C/dbgi/$lid/debuginfo has the recorded build-ID, not the binary" -c "$C/dbgi"
	# simpleperf's binary_cache: the device's paths, and build_id_list
	cache_elf $lid "$C/bc$lib"
	cached "binary_cache: a file at its device path, ok" ok \
	    "build-ID matches: simpleperf binary_cache ($C/bc$lib)" -c "$C/bc"
	cache_elf $lid "$C/bc2/$lid/libc.so.6"
	printf '0x%s=%s\n' 0123456789abcdef0123456789abcdef01234567 x/y "$lid" "$lid/libc.so.6" \
	    >"$C/bc2/build_id_list"
	cached "binary_cache: a file its build_id_list names by ID, ok" ok \
	    "build-ID matches: simpleperf binary_cache ($C/bc2/$lid/libc.so.6)" -c "$C/bc2"
	cache_elf 0123456789abcdef0123456789abcdef01234567 "$C/bc3$lib"
	cached "binary_cache: another build at the device path, mismatch" mismatch \
	    "on disk: 0123456789abcdef0123456789abcdef01234567 ($C/bc3$lib)" -c "$C/bc3"
	# a list that leads out of the cache is walked inside it
	mkdir -p "$C/bc4"
	printf '0x%s=../../../..%s\n' "$lid" "$C/bc/usr/lib/x86_64-linux-gnu/libc.so.6" >"$C/bc4/build_id_list"
	cached "binary_cache: a build_id_list path with .. stays inside the cache" missing \
	    "not found" -c "$C/bc4"
fi
# a cache the debuginfod client filled: debuginfod serves the busybox
# stand-in, debuginfod-find fetches it by its build-ID
if ! command -v python3 >/dev/null 2>&1; then
	:
elif ! command -v debuginfod >/dev/null 2>&1 || ! command -v debuginfod-find >/dev/null 2>&1; then
	strict_skip "debuginfod-find: a cache it fills" "no debuginfod, debuginfod-find (Debian: debuginfod)"
else
	rm -rf "$C/srv" "$C/filled"
	mkdir -p "$C/srv" "$C/filled"
	cp "$C/d1/$bid/executable" "$C/srv/busybox"
	port=$((20000 + $$ % 20000))
	debuginfod -F -p $port -d "$C/db.sqlite" -t 1 "$C/srv" >"$C/srv.log" 2>&1 &
	srv=$!
	i=0
	while [ $i -lt 30 ] && ! DEBUGINFOD_URLS=http://127.0.0.1:$port \
	    DEBUGINFOD_CACHE_PATH="$C/filled" debuginfod-find executable $bid \
	    >/dev/null 2>&1; do
		sleep 1
		i=$((i + 1))
	done
	kill $srv 2>/dev/null
	wait $srv 2>/dev/null
	run env -u XDG_CACHE_HOME HOME="$C/home" DEBUGINFOD_CACHE_PATH="$C/filled" \
	    "$PERFMT" check -p -i "$P/aarch64__a-default.data"
	grep -q "^ok	$bid	$bid	/usr/bin/busybox	build-ID matches: debuginfod cache ($C/filled/$bid/executable)" "$W/out" &&
	    ok "debuginfod-find: the cache it filled, ok by default" ||
	    bad "debuginfod-find: the cache it filled, ok by default" "$(cat "$W/out" "$C/srv.log" | tail -5)"
fi
