# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- a hostile sysroot: loops, chains, links out, things that are no files --
# Every row of local__x86_64__small.data meets something nasty; the run must
# end at once, open nothing that is not a regular file (a FIFO would block
# it, a device never end) and say what it met.
H=$W/hostile
L=$H/usr/lib/x86_64-linux-gnu
mkdir -p "$H/usr/bin" "$L"
mkfifo "$H/usr/bin/dash"
ln -s ls2 "$H/usr/bin/ls"
ln -s ls "$H/usr/bin/ls2"
i=0
while [ $i -lt 60 ]; do
	ln -s c$((i + 1)) "$L/c$i"
	i=$((i + 1))
done
ln -s c0 "$L/libselinux.so.1"
mkdir "$L/libz.so.1.2.13"
ln -s ../../../../../../../../etc/passwd "$L/libexpat.so.1.8.10"
ln -s /proc/self/exe "$H/usr/bin/python3.11"
ln -s ../../../../../../../../../dev/zero "$L/libc.so.6"
mknod "$L/libpcre2-8.so.0.11.2" c 1 5 2>/dev/null
command -v python3 >/dev/null 2>&1 && python3 -c "import socket
socket.socket(socket.AF_UNIX).bind('$L/libm.so.6')" 2>/dev/null
run env HOME="$W/home" "$PERFMT" check -a -p -s "$H" -i "$P/local__x86_64__small.data"
# (nothing of the profile's found in it: a mistake, trouble)
expect "hostile sysroot: ends, exit 2" 2 "holds none of the"
for want in "/usr/bin/dash	$H/usr/bin/dash is a FIFO, not a file" \
    "/usr/bin/ls	$H/usr/bin/ls: a symbolic link loop, or more than 40 links" \
    "libselinux.so.1	$L/c39: a symbolic link loop, or more than 40 links" \
    "libz.so.1.2.13	$L/libz.so.1.2.13 is a directory, not a file" \
    "libexpat.so.1.8.10	not found: $H/etc/passwd" \
    "/usr/bin/python3.11	not found: $H/proc/self/exe" \
    "libc.so.6	not found: $H/dev/zero"; do
	grep -q "^missing	.*$want" "$W/out" && ok "hostile sysroot: $want" ||
	    bad "hostile sysroot: $want" "$(cat "$W/out")"
done
if [ -c "$L/libpcre2-8.so.0.11.2" ]; then
	grep -q "^missing	.*is a device, not a file" "$W/out" &&
	    ok "hostile sysroot: a device is not read" ||
	    bad "hostile sysroot: a device is not read" "$(cat "$W/out")"
else
	skipped "hostile sysroot: a device" "mknod needs root"
fi
if [ -S "$L/libm.so.6" ]; then
	grep -q "^missing	.*is a socket, not a file" "$W/out" &&
	    ok "hostile sysroot: a socket is not opened" ||
	    bad "hostile sysroot: a socket is not opened" "$(cat "$W/out")"
else
	skipped "hostile sysroot: a socket" "no python3 to make one"
fi
run "$PERFMT" buildid "$H/usr/bin/dash"
expect "buildid of a FIFO: refused, not blocked" 2 "not a regular file"
run env HOME="$W/home" "$PERFMT" check -p -k "$H/usr/bin/dash" -i "$P/local__x86_64__small.data"
expect "-k FIFO: refused, not opened" 2 "not a regular file"

# ---- a sysroot of another architecture (rule other-arch) -----------------
# The aarch64 profiles' /usr/bin/busybox, found as an x86-64 file: what ran
# was for aarch64, so the file is not it, whatever its time says; an arm
# (32-bit) file at the path is one an aarch64 kernel runs, judged as usual.
rm -rf "$T/archroot" && mkdir -p "$T/archroot/usr/bin"
cp "$W/elf/local__w-sha1" "$T/archroot/usr/bin/busybox"
touch -d 2020-01-01 "$T/archroot/usr/bin/busybox"
run "$PERFMT" check -j -t 2021-01-01 -s "$T/archroot" -i "$P/aarch64__b-no-buildid-B.data"
# a sysroot that holds only another architecture's files is a mistake
expect "other-arch: an x86_64 file for an aarch64 -B profile, exit 2" 2 \
    "its files are for x86_64, the profile is from aarch64: give the recording system's root"
grep -q '"verdict":"mismatch","reason":"other-arch".*"path":"/usr/bin/busybox".*"detail":"a file for x86_64, the profile from aarch64' "$W/out" &&
    ok "other-arch: mismatch, and the detail names both" ||
    bad "other-arch: mismatch, and the detail names both" "$(cat "$W/out")"
run "$PERFMT" check -p -s "$T/archroot" -i "$P/aarch64__a-default.data"
grep -q "^mismatch	.*/usr/bin/busybox	on disk: [0-9a-f]*, a file for x86_64, the profile from aarch64" "$W/out" &&
    ok "other-arch: a recorded build-ID's mismatch says the architectures differ" ||
    bad "other-arch: a recorded build-ID's mismatch says the architectures differ" "$(cat "$W/out")"
cp "$W/elf/armhf__libc6__libdl.so.2" "$T/archroot/usr/bin/busybox"
touch -d 2020-01-01 "$T/archroot/usr/bin/busybox"
run "$PERFMT" check -p -t 2021-01-01 -s "$T/archroot" -i "$P/aarch64__b-no-buildid-B.data"
# (a sysroot's copy with no ID recorded: unverified, whatever its time)
grep -q "^unverified	.*/usr/bin/busybox	.*a copy under the sysroot" "$W/out" &&
    ok "other-arch: an ARM file under an aarch64 profile is no other-arch" ||
    bad "other-arch: an ARM file under an aarch64 profile is no other-arch" "$(cat "$W/out")"
# a family, both widths: an i686 profile (a 32-bit perf, perhaps on a
# 64-bit kernel) judged by this x86_64 system's files is never other-arch;
# an armv7 one is (the profile names the arch the uname of its perf gave)
for a in i686:0 armv7:1; do
	run env HOME="$W/home" "$PERFMT" check -j -L -a \
	    -i "$P/google__perf_data_converter__perf.data.${a%:*}-3.4"
	n=$(grep -c '"reason":"other-arch"' "$W/out")
	if [ "$(uname -m)" != x86_64 ]; then
		skipped "other-arch: a ${a%:*} profile here" "this is no x86_64 system"
	elif { [ "${a#*:}" = 0 ] && [ "$n" = 0 ]; } ||
	    { [ "${a#*:}" = 1 ] && [ "$n" -gt 0 ]; }; then
		ok "other-arch: a ${a%:*} profile on x86_64 files ($n rows)"
	else
		bad "other-arch: a ${a%:*} profile on x86_64 files" "$n rows: $(head -3 "$W/out")"
	fi
done
# ---- a sysroot changed under the run (issue 45) ------------------------------
# Whoever owns a sysroot can swap a file it holds for a link to a file
# outside it while perfmt runs (renameat2's RENAME_EXCHANGE, over and
# over): what perfmt reads, prints and packs is the file its walk found
# inside, or nothing; never the outside file, however the swaps fall.
R=$W/race
lid=93ac61ec5a8eb1396f9fbd350e3169a558528a40
rl=$R/root/usr/lib/x86_64-linux-gnu
rm -rf "$R"
mkdir -p "$rl" "$R/out"
race_elf() {	# ID FILE: local__w-sha1 with its build-ID made ID
	python3 -c 'import sys
d = bytearray(open(sys.argv[1], "rb").read())
d[872:892] = bytes.fromhex(sys.argv[2])
open(sys.argv[3], "wb").write(d + b"OUTSIDE-THE-SYSROOT")' "$W/elf/local__w-sha1" "$1" "$2"
}
# swap A B STOP: exchanges A and B until STOP is there
swap() {
	python3 -c 'import ctypes, os, sys
f = ctypes.CDLL(None, use_errno=True).renameat2
a, b = sys.argv[1].encode(), sys.argv[2].encode()
while not os.path.exists(sys.argv[3]):
    f(-100, a, -100, b, 2)' "$@" &
	swapper=$!
}
if ! command -v python3 >/dev/null 2>&1 ||
    ! python3 -c 'import ctypes; ctypes.CDLL(None).renameat2' 2>/dev/null; then
	skipped "sysroot race" "no python3 with renameat2 to swap files"
else
	bad=badc0debadc0debadc0debadc0debadc0debadc0
	race_elf $lid "$rl/libc.so.6"
	sed 's/OUTSIDE-THE-SYSROOT//' "$rl/libc.so.6" >"$rl/libc.in"
	mv "$rl/libc.in" "$rl/libc.so.6"
	race_elf $bad "$R/out/other"
	race_elf $lid "$R/out/same"
	# (under an emulator each run is slower, and the walk the same code)
	case ${EMU:-} in qemu*) runs=30 ;; *) runs=150 ;; esac
	# check: another build-ID outside; archive: the recorded one, outside
	for cmd in check archive; do
		[ $cmd = check ] && o=$R/out/other || o=$R/out/same
		rm -f "$rl/swp" "$R/stop"
		ln -s "$o" "$rl/swp"
		swap "$rl/libc.so.6" "$rl/swp" "$R/stop"
		i=0 seen=
		while [ $i -lt $runs ] && [ -z "$seen" ]; do
			if [ $cmd = check ]; then
				run "$PERFMT" check -a -p -v -s "$R/root" -i "$P/local__x86_64__small.data"
				grep -q $bad "$W/out" "$W/err" && seen="run $i: $(grep $bad "$W/out" "$W/err")"
			else
				rm -f "$R/a.tar"
				run "$PERFMT" archive -s "$R/root" -i "$P/local__x86_64__small.data" -o "$R/a.tar"
				[ -f "$R/a.tar" ] && grep -q OUTSIDE-THE-SYSROOT "$R/a.tar" &&
				    seen="run $i: the outside file is in the tar"
			fi
			crashed && seen="run $i: rc $rc: $(cat "$W/err")"
			i=$((i + 1))
		done
		touch "$R/stop"
		wait $swapper
		[ -z "$seen" ] && ok "sysroot race: $cmd, $i runs, nothing from outside" ||
		    bad "sysroot race: $cmd, nothing from outside" "$seen"
	done
fi

# ---- modules.dep, read once a pass -------------------------------------------
# KDAB's vector_static_gcc profile maps 91 modules "[name]" (-a), each looked
# up in the sysroot's modules.dep: one of 100,000 lines (made here, ending
# with the short one's 3) costs a read more, not one a module; its last
# lines name cdrom's file and xhci_hcd's ('-' read as '_'), not there
MS=$T/depsr
M=$MS/lib/modules/5.6.15-arch1-1
mkdir -p "$M/kernel/drivers/cdrom"
cp "$W/elf/local__w-sha1" "$M/kernel/drivers/cdrom/cdrom.ko"
printf '%s\n' "kernel/fs/a.ko: kernel/b.ko" "kernel/drivers/cdrom/cdrom.ko:" \
    "kernel/x/xhci-hcd.ko.xz: kernel/y.ko" >"$T/dep-short"
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "kernel/drivers/x/m%d.ko.xz: kernel/y.ko.xz\n", i }' \
    >"$T/dep-long"
cat "$T/dep-short" >>"$T/dep-long"
once_a_pass "modules.dep of 100,000 lines, 91 modules" "$M/modules.dep" \
    "$T/dep-short" "$T/dep-long" env HOME="$W/home" "$PERFMT" check -a -p \
    -s "$MS" -i "$P/KDAB__perfparser__vector_static_gcc_perf.data.zstd"
grep -q "^unverified	-	[0-9a-f]*	\[cdrom\]	.*($M/kernel/drivers/cdrom/cdrom.ko)$" "$W/out" &&
    grep -q "^missing	-	-	\[xhci_hcd\]	not found: $M/kernel/x/xhci-hcd.ko.xz$" "$W/out" &&
    ok "modules.dep: the long list's last lines name the files" ||
    bad "modules.dep: the long list's last lines name the files" "$(grep -E 'cdrom|xhci' "$W/out")"
rm -f "$T/dep-long"
