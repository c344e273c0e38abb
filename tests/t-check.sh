# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- check: committed profiles against sysroots made of committed files ---
# local__sized.data recorded /tmp/fix/w-{md5,id8,sha1,none} and the system's
# libraries; the sysroot gives each its case.  Times are pinned with -t and
# touch, and HOME points at an empty directory: no build-ID cache.
SR=$W/sr1
mkdir -p "$SR/tmp/fix" "$SR/usr/lib/x86_64-linux-gnu" "$SR/usr/bin" \
    "$SR/bin" "$SR/etc" "$SR/sys/kernel" "$W/home" "$W/sr-empty"
cp "$W/elf/local__w-md5" "$SR/tmp/fix/w-md5"	# ok, a 16-byte ID
cp "$W/elf/local__w-sha1" "$SR/tmp/fix/w-id8"	# mismatch
cp "$W/elf/local__w-none" "$SR/tmp/fix/w-none"	# no ID: a copy, unverified
ln -s usr/lib "$SR/lib"
# an absolute link resolves inside the sysroot, not on the host
cp "$W/elf/local__w-md5" "$SR/bin/dash-real"
ln -s /bin/dash-real "$SR/usr/bin/dash"
# ".." stops at the sysroot's top
cp "$W/elf/local__w-sha1" "$SR/etc/libc-outside"
ln -s ../../../../../../../../etc/libc-outside \
    "$SR/usr/lib/x86_64-linux-gnu/libc.so.6"
# the host's /proc/self/exe exists; the sysroot's does not
ln -s /proc/self/exe "$SR/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"
cp "$W/elf/edge__local__sys_kernel_notes" "$SR/sys/kernel/notes"
find "$SR" -type f -exec touch -d "2026-11-30 01:00:00 UTC" {} +
touch -d "2026-11-30 03:00:00 UTC" "$SR/tmp/fix/w-none"
for fmt in "" -p -j -q; do
	(cd "$W" && HOME=$W/home timeout 60 "$PERFMT" check $fmt \
	    -L -t 2026-11-30T02:00 -s sr1 -i perf/local__sized.data >"$W/out" \
	    2>"$W/err"; echo "exit $?" >>"$W/out")
	rc=0
	same "check -s sr1 $fmt local__sized.data" "$E/check-sysroot$fmt.out"
done
(cd "$W" && HOME=$W/home timeout 60 "$PERFMT" check -v -t 2026-11-30T02:00 \
    -s sr1 -i perf/local__sized.data >/dev/null 2>"$W/err")
grep -q "w-sha1: path sr1/tmp/fix/w-sha1: No such file" "$W/err" &&
    grep -q "ld-linux-x86-64.so.2: path sr1/proc/self/exe: No such file" "$W/err" &&
    ok "check -v names every place tried" ||
    bad "check -v names every place tried" "$(cat "$W/err")"
# the profile's time: CLOCK_DATA gives the last sample's wall-clock time
run "$PERFMT" check -i "$P/mstange__linux-perf-data__sleep.data"
grep -q "profile time 2025-11-08 12:23:01 UTC (the last sample, by CLOCK_DATA)" \
    "$W/out" && ok "check: profile time from CLOCK_DATA" ||
    bad "check: profile time from CLOCK_DATA" "$(tail -1 "$W/out")"
# an implausible time (a board without a clock) judges no mtime; an empty
# build-ID cache, so that what this machine's ~/.debug holds (the [vdso]
# of the kernel that recorded the fixture, or not) does not decide the
# status: 1 for what is missing
mkdir -p "$W/nocache"
run "$PERFMT" check -t 1990-01-01 -s "$SR" -c "$W/nocache" -i "$P/local__sized.data"
expect "check: implausible profile time" 1 "is implausible"
grep -q "^stale" "$W/out" && bad "implausible time: nothing stale" "$(cat "$W/out")" ||
    ok "implausible time: nothing stale"
# -r: the profile's time is another file's mtime
touch -d "2026-11-30 04:00:00 UTC" "$T/ref"
run "$PERFMT" check -r "$T/ref" -s "$SR" -i "$P/local__sized.data"
grep -q "profile time 2026-11-30 04:00:00 UTC (the mtime of the -r file)" "$W/out" &&
    ok "check -r FILE" || bad "check -r FILE" "$(cat "$W/out")"

# perf found a file named vmlinux in its working directory and named the
# kernel after it in the build-ID table (local__kimage.data, see
# record-fixtures.sh): that row is the kernel, and its ID is the one of
# [kernel.kallsyms].  A sysroot where every object is as profiled: the
# committed ELF files with the profile's IDs written into their notes.
KS=$W/ksr
mkdir -p "$KS/sys/kernel" "$KS/tmp/fix" "$KS/usr/lib/x86_64-linux-gnu" \
    "$KS/c/[vdso]/b0af7178ba47aca58d16966d2c4d17c913589189"
cp "$W/elf/edge__local__sys_kernel_notes" "$KS/sys/kernel/notes"
cp "$W/elf/local__w-md5" "$KS/tmp/fix/w-md5"
# id_into ID FILE: local__w-sha1 with ID for its build-ID (at byte 872)
id_into() {
	python3 -c 'import sys
d = bytearray(open(sys.argv[1], "rb").read())
d[872:892] = bytes.fromhex(sys.argv[2])
open(sys.argv[3], "wb").write(d)' "$W/elf/local__w-sha1" "$1" "$2"
}
if command -v python3 >/dev/null 2>&1; then
	id_into 7ebc65e52f2bbea498b4040fa92f7238377aaba9 \
	    "$KS/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"
	id_into 93ac61ec5a8eb1396f9fbd350e3169a558528a40 \
	    "$KS/usr/lib/x86_64-linux-gnu/libc.so.6"
	id_into b0af7178ba47aca58d16966d2c4d17c913589189 \
	    "$KS/c/[vdso]/b0af7178ba47aca58d16966d2c4d17c913589189/vdso"
	# kimage OPTIONS...: check -p of it under $KS, HOME=${KHOME:-$W/home}
	kimage() { run env HOME="${KHOME:-$W/home}" "$PERFMT" check -a -p \
	    -s "$KS" "$@" -i "$P/local__kimage.data"; }
	kimage -c "$KS/c" -t 2026-11-30T02:00
	expect "check: the kernel named vmlinux, all ok" 0
	grep -q '^ok	85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26	85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26	vmlinux	build-ID matches' "$W/out" &&
	    grep -q '^ok	85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26	85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26	\[kernel.kallsyms\]	.*; the build-ID perf recorded for vmlinux$' "$W/out" &&
	    ok "check: a kernel named vmlinux lends [kernel.kallsyms] its ID" ||
	    bad "check: a kernel named vmlinux lends [kernel.kallsyms] its ID" \
	    "$(cat "$W/out")"
	# another build: an ELF file with the kernel's banner (exit 2: the
	# sysroot holds none of the profile's files)
	{ cat "$W/elf/local__w-sha1"; echo "Linux version 6.1.0-28-amd64 (x) #1"; } \
	    >"$T/vmlinux-b675"
	run env HOME="$W/home" "$PERFMT" check -a -p -s "$W/sr-empty" \
	    -k "$T/vmlinux-b675" -i "$P/local__kimage.data"
	[ "$rc" -eq 2 ] && [ "$(grep -c '^mismatch	85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26	b675b5371827a7690953ee2a36019dcf5d9f36c4	' "$W/out")" -eq 2 ] &&
	    ok "check -k: a kernel named vmlinux, another image" ||
	    bad "check -k: a kernel named vmlinux, another image" "$(cat "$W/out")"
	# a time that cannot be judged is said, and changes no exit status
	kimage -c "$KS/c" -t 1990-01-01
	expect "check: an implausible time, all ok: exit 0" 0 "is implausible"
	# the long forms of -s
	kimage -c "$KS/c" -t 2026-11-30T02:00
	cp "$W/out" "$T/short"
	for o in --sysroot --symfs; do
		run env HOME="$W/home" "$PERFMT" check -a -p "$o=$KS" -c "$KS/c" \
		    -t 2026-11-30T02:00 -i "$P/local__kimage.data"
		same "check $o=DIR as -s DIR" "$T/short"
	done
	# where else each is found: the default caches ($HOME/.debug, the
	# sysroot's .debug), /usr/lib/debug/.build-id, the sysroot's /boot
	mkdir -p "$KS/h"
	mv "$KS/c" "$KS/h/.debug"
	KHOME=$KS/h
	kimage -t 2026-11-30T02:00
	KHOME=
	# under a sysroot the profiled system's caches are searched, never
	# this host's: the vDSO in $HOME/.debug is not found
	expect "check -s: \$HOME/.debug is not searched" 1
	grep -q '^missing	b0af7178ba47aca58d16966d2c4d17c913589189	-	\[vdso\]' "$W/out" &&
	    ok "check -s: the vDSO in \$HOME/.debug is not taken" ||
	    bad "check -s: the vDSO in \$HOME/.debug is not taken" "$(cat "$W/out")"
	run env HOME="$KS/h" "$PERFMT" check -a -p -t 2026-11-30T02:00 -L \
	    -i "$P/local__kimage.data"
	grep -q '^ok	b0af7178ba47aca58d16966d2c4d17c913589189	.*	\[vdso\]	build-ID matches: build-ID cache' "$W/out" &&
	    ok "check: \$HOME/.debug is a cache by default" ||
	    bad "check: \$HOME/.debug is a cache by default" "$(cat "$W/out")"
	mkdir -p "$KS/root"
	mv "$KS/h/.debug" "$KS/root/.debug"
	kimage -t 2026-11-30T02:00
	expect "check -s: the sysroot's root/.debug is a cache by default" 0
	mv "$KS/root/.debug" "$KS/h/.debug"
	mv "$KS/h/.debug" "$KS/.debug"
	kimage -t 2026-11-30T02:00
	expect "check: the sysroot's .debug is a cache by default" 0
	d=$KS/usr/lib/debug/.build-id/93
	mkdir -p "$d" "$KS/boot"
	mv "$KS/usr/lib/x86_64-linux-gnu/libc.so.6" \
	    "$d/ac61ec5a8eb1396f9fbd350e3169a558528a40.debug"
	mv "$KS/sys/kernel/notes" "$T/notes"
	id_into 85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26 \
	    "$KS/boot/vmlinux-6.18.44-fc-v782"
	kimage -t 2026-11-30T02:00
	# a debug file with the ID gives symbols, but the binary is gone
	expect "check: from /usr/lib/debug/.build-id and /boot, the binary missing" 1
	grep -q '^missing	.*	/usr/lib/x86_64-linux-gnu/libc.so.6	not found: .*; symbols: the debug file .*/usr/lib/debug/.build-id/93/ac61ec5a8eb1396f9fbd350e3169a558528a40.debug has the recorded build-ID, not the binary$' "$W/out" &&
	    grep -q '	vmlinux	build-ID matches (.*/boot/vmlinux-6.18.44-fc-v782)$' "$W/out" &&
	    ok "check: a debug file is not the binary; a kernel image under /boot" ||
	    bad "check: a debug file is not the binary; a kernel image under /boot" "$(cat "$W/out")"
else
	skipped "check: the kernel named vmlinux" "no python3 to write IDs"
fi

# simpleperf and autofdo profiles with their own test binaries, right and
# wrong (shared/testdata/elf/edge)
pair() {	# NAME PROFILE RECORDED-PATH ELF VERDICT
	rm -rf "$W/sr2"
	mkdir -p "$W/sr2/$(dirname "$3")"
	cp "$W/elf/$4" "$W/sr2/$3"
	run env HOME="$W/home" "$PERFMT" check -a -p -t 2026-01-01 -s "$W/sr2" \
	    -i "$P/$2"
	crashed && { bad "$1" "exit $rc"; return; }
	awk -F'\t' -v p="$3" '$4 == p { print $1 }' "$W/out" >"$T/v"
	[ "$(cat "$T/v")" = "$5" ] && ok "$1" ||
	    bad "$1" "verdict '$(cat "$T/v")', expected $5: $(cat "$W/out")"
}
G=GrapheneOS__platform_system_extras_
pair "check simpleperf: the right binary" ${G}_perf_for_build_id_check.data \
    /elf_for_build_id_check edge__${G}_elf_for_build_id_check.correct ok
pair "check simpleperf: the wrong binary" ${G}_perf_for_build_id_check.data \
    /elf_for_build_id_check edge__${G}_elf_for_build_id_check.wrong mismatch
pair "check simpleperf: a binary without a build-ID" \
    ${G}_perf_for_build_id_check.data /elf_for_build_id_check \
    edge__${G}_symfs_without_build_id_elf mismatch
grep -q '	/elf_for_build_id_check	on disk: no build-ID' "$W/out" &&
    ok "check simpleperf: 'on disk: no build-ID' said" ||
    bad "check simpleperf: 'on disk: no build-ID' said" "$(cat "$W/out")"
pair "check simpleperf: /data/t2" ${G}_perf_with_symbols.data /data/t2 \
    edge__${G}_t2 ok
pair "check simpleperf: a 16-byte ID, zero-padded in the profile" \
    ${G}_perf_etm.data /data/local/tmp/etm_test_loop edge__${G}_etm_test_loop ok
pair "check autofdo: an 8-byte ID, zero-padded in the profile" \
    google__autofdo__ro_sample.perf \
    /usr/local/google/home/shenhan/copt2/libro_sample.so \
    edge__google__autofdo__libro_sample.so ok
pair "check autofdo: another binary at the path" \
    google__autofdo__ro_sample.perf \
    /usr/local/google/home/shenhan/copt2/libro_sample.so \
    edge__${G}_t2 mismatch

# an inode generation wider than the kernel's u32 (the synthesized MMAP2
# records of this perf inject --itrace output) is no generation: libc
# mapped with a real one and with such bytes was not replaced (fmt §3.4)
run "$PERFMT" check -p -i "$P/google__autofdo__perf-kernel.data"
grep "	/lib/libc-2.32.so	" "$W/out" >"$W/row"
[ -s "$W/row" ] && ! grep -q "^replaced	" "$W/row" &&
    ok "check: stray bytes in ino_generation are no other file" ||
    bad "check: stray bytes in ino_generation are no other file" "rc $rc: $(cat "$W/row")"

# build-ID caches in both of perf's layouts (-c), and a kernel image (-k)
C=$W/cache1
mkdir -p "$C/.build-id/b6" "$C/store/sha1" \
    "$W/cache2/tmp/fix/w-id8/0123456789abcdef" "$W/cache2/.build-id/04"
cp "$W/elf/local__w-sha1" "$C/store/sha1/elf"
ln -s ../../store/sha1 "$C/.build-id/b6/75b5371827a7690953ee2a36019dcf5d9f36c4"
cp "$W/elf/local__w-id8" "$W/cache2/tmp/fix/w-id8/0123456789abcdef/elf"
cp "$W/elf/local__w-md5" "$W/cache2/md5-file"
ln -s ../../md5-file "$W/cache2/.build-id/04/f85c799e0f8939503220682d82820d"
# the kernel: an ELF file with its build-ID and banner (id_into)
if ! command -v python3 >/dev/null 2>&1; then
	skipped "check -c/-k" "no python3 to write a build-ID"
else
	id_into 85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26 "$T/vmlinux-85c7"
	echo "Linux version 6.1.0-28-amd64 (x) #1" >>"$T/vmlinux-85c7"
	run env HOME="$W/home" "$PERFMT" check -p -t 2026-11-30T02:00 \
	    -s "$W/sr-empty" -c "$C" -c "$W/cache2" -k "$T/vmlinux-85c7" \
	    -i "$P/local__sized.data"
	for want in "ok	b675b5371827a7690953ee2a36019dcf5d9f36c4	b675b5371827a7690953ee2a36019dcf5d9f36c4	/tmp/fix/w-sha1	build-ID matches: build-ID cache ($C/store/sha1/elf)" \
	    "ok	0123456789abcdef	0123456789abcdef	/tmp/fix/w-id8	build-ID matches: build-ID cache ($W/cache2/tmp/fix/w-id8/0123456789abcdef/elf)" \
	    "ok	04f85c799e0f8939503220682d82820d	04f85c799e0f8939503220682d82820d	/tmp/fix/w-md5	build-ID matches: build-ID cache ($W/cache2/md5-file)" \
	    "ok	85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26	85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26	[kernel.kallsyms]	build-ID matches ($T/vmlinux-85c7)"; do
		grep -qxF "$want" "$W/out" && ok "check -c/-k: ${want%%	build-ID*}" ||
		    bad "check -c/-k: ${want%%	build-ID*}" "$(cat "$W/out")"
	done
fi

# check reads a pipe on standard input; without CLOCK_DATA its time is
# unknown, which it says, judging no mtime
cat "$P/local__pipe.b.data" | HOME=$W/home timeout 60 "$PERFMT" check -p -i - \
    >"$W/out" 2>"$W/err"
rc=$?
expect "check -i - (a pipe): time unknown, said" 3 "the profile's time is unknown (a pipe without CLOCK_DATA)"
grep -q "^foreign	" "$W/out" && ok "check -i -: another system's profile" ||
    bad "check -i -: another system's profile" "$(cat "$W/out")"
cat "$P/local__pipe.b.data" | HOME=$W/home timeout 60 "$PERFMT" check -a -L -p \
    -i - >"$W/out" 2>"$W/err"
grep -q "^unverified	.*the profile's time is unknown" "$W/out" &&
    ! grep -q "^unchanged	" "$W/out" &&
    ok "check -i -: without a time, nothing is unchanged" ||
    bad "check -i -: without a time, nothing is unchanged" "$(cat "$W/out")"
# a file whose CLOCK_DATA is not taken (its reference 10 s before the
# first record) and whose mtime is 0 says so, not that it is a pipe; so
# does one with no CLOCK_DATA
python3 -c 'import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
v = struct.pack("<Q", 43392588100333)
i = d.index(v)
d[i:i + 8] = struct.pack("<Q", 43392588100333 - 10**10)
open(sys.argv[2], "wb").write(d)' "$P/local__inj-clock.data" "$T/clk-far.data"
cp "$P/local__x86_64__small.data" "$T/noclk.data"
touch -d @0 "$T/clk-far.data" "$T/noclk.data"
for c in "clk-far:its CLOCK_DATA is not taken, and its file's mtime is 0" \
    "noclk:its file's mtime is 0"; do
	run "$PERFMT" check -i "$T/${c%%:*}.data"
	expect "check: time unknown, why: ${c#*:}" "$rc" "the profile's time is unknown (${c#*:})"
done

# -a: data mappings too; -L: the profile is from this host
n1=$(HOME=$W/home "$PERFMT" check -p -t 2026-01-01 -i "$P/google__perf_data_converter__perf.data.weight_struct" 2>/dev/null | wc -l)
n2=$(HOME=$W/home "$PERFMT" check -a -p -t 2026-01-01 -i "$P/google__perf_data_converter__perf.data.weight_struct" 2>/dev/null | wc -l)
[ "$n2" -gt "$n1" ] && ok "check -a adds data mappings ($n1 -> $n2)" ||
    bad "check -a adds data mappings" "$n1 -> $n2"
run env HOME="$W/home" "$PERFMT" check -j -L -t 2026-01-01 -i "$P/local__sized.data"
grep -q '"same_host":true' "$W/out" && ok "check -L: same host" ||
    bad "check -L: same host" "$(tail -1 "$W/out")"

# a cache or an image that is not there is an error, not a place skipped
run "$PERFMT" check -c "$W/no-such-cache" -i "$P/local__x86_64__small.data"
expect "check -c DIR that is not there: exit 2" 2 "-c $W/no-such-cache: No such file"
run "$PERFMT" check -c "$P/local__x86_64__small.data" -i "$P/local__x86_64__small.data"
expect "check -c FILE: not a directory" 2 "not a directory"
run "$PERFMT" check -k "$W/no-such-vmlinux" -i "$P/local__x86_64__small.data"
expect "check -k FILE that is not there: exit 2" 2 "-k $W/no-such-vmlinux: No such file"
# -k names a kernel image (fmt §6.5): an ELF vmlinux or a raw arm64 or
# riscv64 Image with the kernel's banner.  Anything else is a user's
# mistake, exit 2 before anything is judged; a compressed kernel is
# refused with the command that unpacks it.
for k in /etc/passwd /bin/sh "$W/elf/local__w-sha1"; do
	run env HOME="$W/home" "$PERFMT" check -k "$k" -i "$P/aarch64__a-default.data"
	expect "check -k $k: no kernel image, exit 2" 2 \
	    "-k $k: not a kernel image (an ELF vmlinux, or an arm64 or riscv64 Image with a \"Linux version\" banner)"
done
run env HOME="$W/home" "$PERFMT" check -k "$W/elf/guest__aarch64__sys_kernel_notes.bin" \
    -i "$P/aarch64__a-default.data"
expect "check -k NOTES: a file of notes, exit 2" 2 \
    "a file of ELF notes, not a kernel image: give it as SYSROOT/sys/kernel/notes with -s SYSROOT"
if ! command -v python3 >/dev/null 2>&1; then
	skipped "check -k: raw Images" "no python3 to write one"
else
	# kimg OUT KIND ID [RELEASE]: a raw Image of KIND (arm64, arm64be,
	# riscv: booting.rst, boot-image-header.rst) whose loaded bytes hold
	# the GNU build-ID note and the banner; or a compressed kernel's
	# header (bzImage, zImage, zboot: its payload zstd)
	kimg() {
		python3 - "$@" <<'PY'
import struct, sys
out, kind, bid = sys.argv[1], sys.argv[2], bytes.fromhex(sys.argv[3])
rel = sys.argv[4] if len(sys.argv) > 4 else '6.1.0-50-arm64'
be = kind.endswith('be')
h = bytearray(0x400)
if kind.startswith('arm64'):
    h[0:2] = b'MZ'
    struct.pack_into('<QQQ', h, 8, 0, 0x200000, 0xa | be)
    h[56:60] = b'ARM\x64'
elif kind == 'riscv':
    struct.pack_into('<QQQI', h, 8, 0x200000, 0x200000, 0, 2)
    h[48:56] = b'RISCV\0\0\0'
    h[56:60] = b'RSC\x05'
elif kind == 'bzImage':
    h[0x1fe:0x206] = b'\x55\xaaxxHdrS'
elif kind == 'zImage':
    h[0x24:0x28] = struct.pack('<I', 0x016f2818)
elif kind == 'zboot':
    h[0:8] = b'MZ\0\0zimg'
    struct.pack_into('<II', h, 8, 0x1000, 0x2345)
    h[24:30] = b'zstd22'
img = h + bytes(0x10000 + 12)
if kind in ('arm64', 'arm64be', 'riscv'):
    img += struct.pack('>III' if be else '<III', 4, len(bid), 3) + b'GNU\0' + bid
    img += bytes(0x10000)
    img += b'Linux version ' + rel.encode() + b' (debian-kernel@lists.debian.org) #1 SMP\n\0'
open(out, 'wb').write(img)
PY
	}
	K=$T/kimg
	mkdir -p "$K"
	kid=338d20205ee321570ed1bbd998bf2e1a2b8aa92c
	oid=0123456789abcdef0123456789abcdef01234567
	kimg "$K/Image" arm64 $kid
	kimg "$K/Image-be" arm64be $kid
	kimg "$K/Image-rv" riscv $kid
	kimg "$K/Image-other" arm64 $oid
	kimg "$K/Image-old" arm64 $kid 6.1.0-49-arm64
	# krow NAME PROFILE ROW [-k IMAGE | -s DIR]: the kernel's row
	krow() {
		name=$1 prof=$2 want=$3
		shift 3
		run env HOME="$W/home" "$PERFMT" check -p "$@" -i "$P/$prof"
		grep -q "^$want" "$W/out" && ok "$name" ||
		    bad "$name" "$(grep kallsyms "$W/out"; cat "$W/err")"
	}
	A=aarch64__a-default.data B=aarch64__b-no-buildid-B.data
	krow "check -k Image: a raw arm64 Image's build-ID, ok" $A \
	    "ok	$kid	$kid	\[kernel.kallsyms\]	build-ID matches ($K/Image)" -k "$K/Image"
	krow "check -k Image: a big-endian one, by its header's flag" $A \
	    "ok	$kid	$kid	\[kernel.kallsyms\]	build-ID matches" -k "$K/Image-be"
	krow "check -k Image: a riscv64 one" $A \
	    "ok	$kid	$kid	\[kernel.kallsyms\]	build-ID matches" -k "$K/Image-rv"
	krow "check -k Image: another build, mismatch" $A \
	    "mismatch	$kid	$oid	\[kernel.kallsyms\]	on disk: $oid ($K/Image-other)" -k "$K/Image-other"
	krow "check -k Image, no build-ID: its release, as profiled, unverified" $B \
	    "unverified	-	$kid	\[kernel.kallsyms\]	no build-ID recorded; $K/Image is release 6.1.0-50-arm64, as profiled, but an image's release does not name its build: a kernel rebuilt keeps its release (record with build-IDs)" -k "$K/Image"
	krow "check -k Image, no build-ID: another release, stale" $B \
	    "stale	-	$kid	\[kernel.kallsyms\]	no build-ID recorded; $K/Image-old is release 6.1.0-49-arm64, the profile's is 6.1.0-50-arm64" -k "$K/Image-old"
	run "$PERFMT" buildid "$K/Image" "$K/Image-be" "$K/Image-rv"
	[ "$(cut -d' ' -f1 "$W/out" | sort -u)" = $kid ] && [ "$(wc -l <"$W/out")" = 3 ] &&
	    ok "buildid: raw Images' notes, either order" ||
	    bad "buildid: raw Images' notes, either order" "$(cat "$W/out" "$W/err")"
	# compressed: refused with the command that unpacks it
	gzip -c "$K/Image" >"$K/Image.gz"
	run "$PERFMT" check -k "$K/Image.gz" -i "$P/$A"
	expect "check -k Image.gz: exit 2, how to unpack it" 2 \
	    "-k $K/Image.gz: gzip-compressed: give it unpacked: gunzip -c $K/Image.gz >Image"
	if command -v xz >/dev/null 2>&1; then
		xz -c "$K/Image" >"$K/Image.xz"
		run "$PERFMT" check -k "$K/Image.xz" -i "$P/$A"
		expect "check -k Image.xz: exit 2, how to unpack it" 2 \
		    "xz-compressed: give it unpacked: unxz -c $K/Image.xz >Image"
	fi
	# the compressed forms told by their own headers: FILE|KIND|WHAT|SAYS
	while IFS='|' read -r f kind what says; do
		kimg "$K/$f" "$kind" 00
		run "$PERFMT" check -k "$K/$f" -i "$P/$A"
		expect "check -k $what: exit 2" 2 "$says"
	done <<EOF
bzImage|bzImage|bzImage, extract-vmlinux|an x86 bzImage, compressed: give the vmlinux, or scripts/extract-vmlinux $K/bzImage >vmlinux
zImage|zImage|zImage|an ARM zImage, compressed: give the vmlinux the kernel was built as
vmlinuz.efi|zboot|an EFI zboot image, its payload unpacked|an EFI zboot image, its Image zstd-compressed: give it unpacked: tail -c +4097 $K/vmlinuz.efi | head -c 9029 | unzstd -c >Image
EOF
	# under a sysroot: a kernel image's place (/boot/vmlinux-RELEASE)
	# holding no kernel image is passed over, as perf report passes it
	# over: with nothing else, what ran cannot be told, no mismatch
	KB=$K/sr/boot/vmlinux-6.1.0-50-arm64
	mkdir -p "$K/sr/boot"
	cp "$K/Image" "$KB"
	krow "check -s: a raw Image at /boot/vmlinux-RELEASE, ok" $A \
	    "ok	$kid	$kid	\[kernel.kallsyms\]	build-ID matches ($KB)" -s "$K/sr"
	for f in "$K/Image.gz" /bin/sh; do
		cp "$f" "$KB"
		krow "check -s: ${f##*/} at /boot/vmlinux-RELEASE: unverified" $A \
		    "unverified	$kid	-	\[kernel.kallsyms\]	no kernel image perfmt reads (-v says why); a copy of the image unpacked (-k) settles it ($KB)" \
		    -s "$K/sr"
		run env HOME="$W/home" "$PERFMT" check -p -v -s "$K/sr" -i "$P/$B"
		grep -q "^unverified	-	-	\[kernel.kallsyms\]	no build-ID recorded, and $KB names no release: nothing to compare\$" "$W/out" &&
		    grep -qF "[kernel.kallsyms]: $KB: not a kernel image, passed over" "$W/err" &&
		    ok "check -s -v, no build-ID: ${f##*/} at /boot/vmlinux-RELEASE, passed over: unverified" ||
		    bad "check -s -v, no build-ID: ${f##*/} at /boot/vmlinux-RELEASE, passed over: unverified" "$(grep kallsyms "$W/out" "$W/err")"
	done
	# the sysroot's copy of /sys/kernel/notes decides after it
	cp "$K/Image.gz" "$KB"
	mkdir -p "$K/sr/sys/kernel"
	cp "$W/elf/guest__aarch64__sys_kernel_notes.bin" "$K/sr/sys/kernel/notes"
	krow "check -s: a gzip at /boot/vmlinux-RELEASE, the notes ok, no other build named" $A \
	    "ok	$kid	$kid	\[kernel.kallsyms\]	build-ID matches ($K/sr/sys/kernel/notes)\$" -s "$K/sr"
fi
# another system's profile: the most decisive fact that differs is named
# (arch before the release and the host)
# (not under an emulator, whose guests see its arch)
run "$PERFMT" check -i "$P/aarch64__b-no-buildid-B.data"
if [ -z "$EMU" ] && [ "$(uname -m)" != aarch64 ]; then
	grep -q "^the profile is from another system: arch aarch64, not $(uname -m)\$" "$W/out" &&
	    grep -q "^foreign .*recorded on another system, not judged" "$W/out" &&
	    ok "another arch's profile: the arch named first" ||
	    bad "another arch's profile: the arch named first" "$(tail -2 "$W/out")"
fi
# the README's first command: a profile recorded on another system
# (another kernel release) is said to be so, row by row, never compared
# with this system's kernel (the fact named first: the release,
# or under an emulator the arch its guests see)
fact='(kernel release 6.18.44-fc-v782|arch x86_64), not '
if [ "$(uname -r)" != 6.18.44-fc-v782 ]; then
	run env HOME="$W/home" "$PERFMT" examples/small.data
	expect "examples/small.data: exit 3 (foreign: cannot be told)" 3
	grep -Eq "^foreign  *\[kernel.kallsyms\]  *85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26  recorded on another system, not judged by this one's kernel" "$W/out" &&
	    grep -q '^4 objects: 1 foreign, 3 ok; 8 mapped objects no sample reaches, not judged; ' "$W/out" &&
	    ! grep -q '^mismatch' "$W/out" &&
	    grep -Eq "^the profile is from another system: $fact" "$W/out" &&
	    ok "examples/small.data: another system's kernel is foreign" ||
	    bad "examples/small.data: another system's kernel is foreign" "$(cat "$W/out")"
	run env HOME="$W/home" "$PERFMT" -j -i examples/small.data
	tail -1 "$W/out" | grep -Eq "\"host\":\"foreign\",\"same_host\":false,\"host_differs\":\"$fact" &&
	    ok "examples/small.data -j: host foreign" ||
	    bad "examples/small.data -j: host foreign" "$(tail -1 "$W/out")"
else
	skipped "examples/small.data is foreign" "this is the kernel that recorded it"
fi

# kernel modules under a sysroot: by their recorded path, and "[name]"
# through lib/modules/RELEASE/modules.dep ('-' and '_' alike, compressed)
pair "check a module by its path (8-byte ID)" \
    ${G}_perf_kernel.data /vendor/lib/modules/rq_stats.ko \
    edge__${G}_rq_stats.ko ok
M=$W/sr3/lib/modules/3.13.0-93-generic
mkdir -p "$M/kernel/drivers/video" "$M/updates/dkms"
printf '%s\n' "kernel/drivers/video/nvidia.ko: kernel/x.ko" \
    "updates/dkms/nvidia-uvm.ko.xz: kernel/drivers/video/nvidia.ko" >"$M/modules.dep"
# an x86-64 ELF file, as the profile's modules were (rule other-arch)
cp "$W/elf/local__w-sha1" "$M/kernel/drivers/video/nvidia.ko"
printf 'not really xz' >"$M/updates/dkms/nvidia-uvm.ko.xz"
find "$W/sr3" -type f -exec touch -d "2015-01-01 00:00:00 UTC" {} +
run env HOME="$W/home" "$PERFMT" check -a -p -s "$W/sr3" -t 2016-06-01 \
    -i "$P/${G}_generated_by_linux_perf.data"
# (a sysroot's copy, no ID recorded: unverified, whatever its time)
grep -q "^unverified	-	[0-9a-f]*	\[nvidia\]	.*a copy under the sysroot.*(.*sr3/lib/modules/3.13.0-93-generic/kernel/drivers/video/nvidia.ko)$" \
    "$W/out" && ok "check: module [name] found through modules.dep" ||
    bad "check: module [name] found through modules.dep" "$(grep nvidia "$W/out")"
grep -q "^unverified	.*	\[nvidia_uvm\]	.*compressed: its build-ID is not read$" \
    "$W/out" && ok "check: compressed module found, ID not read" ||
    bad "check: compressed module found, ID not read" "$(grep nvidia "$W/out")"
# no modules.dep under the sysroot: said, not "give -s"
run env HOME="$W/home" "$PERFMT" check -a -p -s "$W/sr-empty" \
    -i "$P/${G}_generated_by_linux_perf.data"
grep -q "^missing	-	-	\[nvidia\]	not listed in .*sr-empty/lib/modules/3.13.0-93-generic/modules.dep, or it is missing" \
    "$W/out" && ok "check: a module, no modules.dep under the sysroot" ||
    bad "check: a module, no modules.dep under the sysroot" "$(grep nvidia "$W/out")"

# untrusted names: escaped in the table, porcelain and JSON, never raw
for fmt in "" -p -j; do
	run env HOME="$W/home" "$PERFMT" check $fmt -t 2026-11-30 \
	    -i "$P/local__hostile.data"
	if tr -d '\t\n' <"$W/out" | LC_ALL=C grep -q '[[:cntrl:]]'; then
		bad "check $fmt: no control bytes out of a hostile name" \
		    "$(od -c "$W/out" | head)"
	else
		ok "check $fmt: no control bytes out of a hostile name"
	fi
	case $fmt in
	-j) want='"path":"/tmp/\\x1b[31m\\x09\"\\\\\\xff\\x0a"' ;;
	*) want='/tmp/\x1b[31m\x09"\\\xff\x0a' ;;
	esac
	grep -qF -- "$want" "$W/out" && ok "check $fmt: the name escaped" ||
	    bad "check $fmt: the name escaped" "want $want in: $(grep tmp/ "$W/out")"
done
if command -v python3 >/dev/null 2>&1; then
	run "$PERFMT" check -j -i "$P/local__hostile.data"
	python3 -c 'import json, sys; [json.loads(l) for l in sys.stdin]' \
	    <"$W/out" 2>"$W/err" && ok "check -j: every line is JSON" ||
	    bad "check -j: every line is JSON" "$(cat "$W/err")"
else
	skipped "check -j is JSON" "no python3 to parse it"
fi
