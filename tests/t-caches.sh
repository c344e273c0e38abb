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
	# a build_id_list is read once a pass, not once an object: the 345
	# objects with an ID of perf_kernel.data are each looked up in it, and
	# one of 100,000 lines (made here, ending with the short one's 10)
	# costs a read more; the last line names libc.so's copy
	kid=3a1df11a4578394874ce095dd2e4ea7900000000
	cache_elf $kid "$C/bc5/x/libc.so"
	awk -v id=$kid 'BEGIN { for (i = 1; i < 10; i++) printf "0x%040d=x/%d\n", i, i
	    printf "0x%s=x/libc.so\n", id }' >"$T/bid-short"
	awk 'BEGIN { for (i = 0; i < 100000; i++) printf "0x%08x%032d=x/%d\n", i + 16, 0, i }' \
	    >"$T/bid-long"
	cat "$T/bid-short" >>"$T/bid-long"
	once_a_pass "binary_cache: a build_id_list of 100,000 lines, 345 objects" \
	    "$C/bc5/build_id_list" "$T/bid-short" "$T/bid-long" env HOME="$C/home" \
	    "$PERFMT" check -a -p -c "$C/bc5" \
	    -i "$P/GrapheneOS__platform_system_extras__perf_kernel.data"
	grep -q "^ok	$kid	$kid	/apex/com.android.runtime/lib64/bionic/libc.so	build-ID matches: simpleperf binary_cache ($C/bc5/x/libc.so)$" \
	    "$W/out" && ok "binary_cache: the long build_id_list's last line, ok" ||
	    bad "binary_cache: the long build_id_list's last line, ok" "$(grep libc.so "$W/out")"
	rm -f "$T/bid-long"
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
	# until the server has scanned it; a miss is remembered by the client
	# (cache_miss_s), so each try starts from an empty cache
	i=0
	while [ $i -lt 60 ] && ! { rm -rf "$C/filled" && mkdir "$C/filled" &&
	    DEBUGINFOD_URLS=http://127.0.0.1:$port \
	    DEBUGINFOD_CACHE_PATH="$C/filled" debuginfod-find executable $bid \
	    >/dev/null 2>&1; }; do
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

# ---- libraries inside an APK (fmt §6.4) --------------------------------------
# simpleperf's has_embedded_native_libs_apk_perf.data maps
# /data/app/com.example.hellojni-1/base.apk!/lib/arm64-v8a/libhello-jni.so
# (8ed5755a...); APKs made here hold a stand-in with that ID, stored or
# deflated, under a sysroot.
if command -v python3 >/dev/null 2>&1; then
	aid=8ed5755a7fdc07586ca228b8ee21621bce2c7a97
	ap=data/app/com.example.hellojni-1/base.apk
	ae=lib/arm64-v8a/libhello-jni.so
	cache_elf $aid "$C/lib.so"
	cache_elf 0123456789abcdef0123456789abcdef01234567 "$C/other.so"
	# METHOD dup: the library stored twice under its name; lhname: its
	# local header names another entry (both refused by Android's
	# libziparchive); each APK dated before the profile's time
	mkapk() {	# ROOT METHOD(stored|deflated|none|junk|dup|lhname) [FILE]
		mkdir -p "$1/${ap%/*}"
		python3 - "$1/$ap" "$2" "${3:-$C/lib.so}" <<'PY'
import sys, warnings, zipfile
out, how, lib = sys.argv[1], sys.argv[2], sys.argv[3]
warnings.simplefilter('ignore')
if how == 'junk':
    open(out, 'wb').write(b'not a zip' * 10)
    sys.exit()
name = 'lib/arm64-v8a/libhello-jni.so'
with zipfile.ZipFile(out, 'w') as z:
    z.writestr('AndroidManifest.xml', b'<manifest/>' * 20, zipfile.ZIP_DEFLATED)
    for k in range({'none': 0, 'dup': 2}.get(how, 1)):
        z.writestr(name, open(lib, 'rb').read(),
                   zipfile.ZIP_DEFLATED if how == 'deflated' else zipfile.ZIP_STORED)
    z.writestr('lib/armeabi-v7a/libhello-jni.so', b'\0' * 64, zipfile.ZIP_STORED)
    z.comment = b'a comment after the end record'
    at = [i.header_offset for i in z.infolist() if i.filename == name]
if how == 'lhname':
    d = bytearray(open(out, 'rb').read())
    d[at[0] + 30 + len(name) - 1] = ord('X')
    open(out, 'wb').write(d)
PY
		touch -d 2026-01-01 "$1/$ap"
	}
	apkrow() {	# NAME VERDICT DETAIL [ARGS...]: the library's row
		name=$1 v=$2 d=$3
		shift 3
		run env HOME="$C/home" "$PERFMT" check -p -t 2026-11-30 "$@" \
		    -i "$P/GrapheneOS__platform_system_extras__has_embedded_native_libs_apk_perf.data"
		grep -q "^$v	$aid	[0-9a-f-]*	/$ap!/$ae	$d" "$W/out" && ok "$name" ||
		    bad "$name" "$(grep 'apk!' "$W/out"; cat "$W/err")"
	}
	mkapk "$C/a1" stored
	apkrow "APK: a stored library, its build-ID read in place: ok" ok \
	    "build-ID matches: APK ($C/a1/$ap)" -s "$C/a1"
	mkapk "$C/a2" stored "$C/other.so"
	apkrow "APK: another build stored: mismatch" mismatch \
	    "on disk: 0123456789abcdef0123456789abcdef01234567" -s "$C/a2"
	mkapk "$C/a3" deflated
	apkrow "APK: a deflated library cannot be told" unverified \
	    "compressed in the APK: its build-ID is not read in place; a copy of the library (-c) settles it ($C/a3/$ap)" -s "$C/a3"
	mkdir -p "$C/a3c/$ap!/$ae/$aid"
	cp "$C/lib.so" "$C/a3c/$ap!/$ae/$aid/elf"
	apkrow "APK: a deflated library, its extracted copy in a cache: ok" ok \
	    "build-ID matches: build-ID cache" -s "$C/a3" -c "$C/a3c"
	mkapk "$C/a4" none
	apkrow "APK: the library not in it: missing, said" missing \
	    "$C/a4/$ap: no entry $ae in the APK, nor in 1 more place" -s "$C/a4"
	run "$PERFMT" check -v -p -s "$C/a4" \
	    -i "$P/GrapheneOS__platform_system_extras__has_embedded_native_libs_apk_perf.data"
	grep -qF "APK $C/a4/$ap: no entry $ae in the APK" "$W/err" &&
	    ok "APK: -v says the entry is not there" ||
	    bad "APK: -v says the entry is not there" "$(grep apk "$W/err")"
	mkapk "$C/a5" junk
	run "$PERFMT" check -v -p -s "$C/a5" \
	    -i "$P/GrapheneOS__platform_system_extras__has_embedded_native_libs_apk_perf.data"
	grep -qF "APK $C/a5/$ap: offset 0: not a ZIP archive: no end of central directory record" "$W/err" &&
	    ok "APK: a file that is no ZIP, said" ||
	    bad "APK: a file that is no ZIP, said" "$(grep apk "$W/err")"
	# Android's reader refuses an APK that names the library twice, or
	# whose local header names another entry: so does perfmt, and the
	# library recorded is not found there (nor archived)
	mkapk "$C/a6" dup
	apkrow "APK: the library's name twice: missing, said" missing \
	    "$C/a6/$ap: offset 0x[0-9a-f]*: malformed APK: the entry's name is twice in its central directory, nor" -s "$C/a6"
	mkapk "$C/a7" lhname
	apkrow "APK: a local header naming another entry: missing, said" missing \
	    "$C/a7/$ap: offset 0x[0-9a-f]*: malformed APK: the entry's local header names another entry, nor" -s "$C/a7"
	for a in a6 a7; do
		run "$PERFMT" archive -s "$C/$a" -t 2026-11-30 \
		    -i "$P/GrapheneOS__platform_system_extras__has_embedded_native_libs_apk_perf.data" \
		    -o "$C/$a.tar"
		! tar -tf "$C/$a.tar" 2>/dev/null | grep -q 'apk!' &&
		    grep -q "^left .*apk!/$ae .*malformed APK" "$W/out" "$W/err" &&
		    ok "archive: a malformed APK's library is not packed ($a)" ||
		    bad "archive: a malformed APK's library is not packed ($a)" "$(cat "$W/out" "$W/err"; tar -tf "$C/$a.tar")"
	done
	# the same profile without the library's build-ID (its table entry
	# renamed): an APK without the library is no file of it, whatever
	# the APK's time; the library stored in it is unchanged by that time
	python3 -c 'import sys
d = bytearray(open(sys.argv[1], "rb").read())
i = d.rfind(b"libhello-jni.so")
d[i:i + 15] = b"libhello-jnX.so"
open(sys.argv[2], "wb").write(d)' "$P/GrapheneOS__platform_system_extras__has_embedded_native_libs_apk_perf.data" "$C/noid.data"
	noidrow() {	# NAME VERDICT DETAIL ROOT: the library's row, no ID
		run "$PERFMT" check -p -t 2026-11-30 -s "$4" -i "$C/noid.data"
		grep -q "^$2	-	[0-9a-f-]*	/$ap!/$ae	$3\$" "$W/out" && ok "$1" ||
		    bad "$1" "$(grep 'apk!' "$W/out"; cat "$W/err")"
	}
	mkapk "$C/a8" stored "$W/elf/arm64__zlib1g__libz.so.1.2.13"
	noidrow "APK, no build-ID: an arm64 library stored, read, a sysroot's copy" \
	    unverified "no build-ID recorded; a copy under the sysroot, whose times date the copy; record with build-IDs, or perfmt inject where it was recorded ($C/a8/$ap)" "$C/a8"
	noidrow "APK, no build-ID: no such entry in the APK: missing" missing \
	    "$C/a4/$ap: no entry $ae in the APK" "$C/a4"
	touch -d 2026-01-01 "$C/a5/$ap"
	noidrow "APK, no build-ID: not a ZIP archive: missing" missing \
	    "$C/a5/$ap: offset 0: not a ZIP archive: no end of central directory record" "$C/a5"
	noidrow "APK, no build-ID: the library's name twice: missing" missing \
	    "$C/a6/$ap: offset 0x[0-9a-f]*: malformed APK: the entry's name is twice in its central directory" "$C/a6"
	noidrow "APK, no build-ID: a local header naming another entry: missing" missing \
	    "$C/a7/$ap: offset 0x[0-9a-f]*: malformed APK: the entry's local header names another entry" "$C/a7"
	# archive packs the stored library as itself
	run "$PERFMT" archive -s "$C/a1" \
	    -i "$P/GrapheneOS__platform_system_extras__has_embedded_native_libs_apk_perf.data" \
	    -o "$C/apk.tar"
	tar -xOf "$C/apk.tar" "$ap!/$ae/$aid/elf" 2>/dev/null | cmp -s - "$C/lib.so" &&
	    ok "archive: an APK's stored library as PATH/ID/elf, its own bytes" ||
	    bad "archive: an APK's stored library as PATH/ID/elf, its own bytes" "$(grep apk "$W/err"; tar -tf "$C/apk.tar" | grep apk)"
fi
