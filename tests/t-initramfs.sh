# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- an initramfs: an empty root, only the binary and a profile ------------
# No /proc, /sys, /etc or shared library: the static binary must still
# answer, and say what is missing where /sys is needed.
BIN=${PERFMT_BIN:-$PERFMT}
CHROOT=
if [ "$(id -u)" -eq 0 ]; then
	CHROOT=chroot
elif unshare -r true >/dev/null 2>&1; then
	CHROOT="unshare -r chroot"
elif sudo -n true >/dev/null 2>&1; then
	CHROOT="sudo -n chroot"
fi
if [ -z "$CHROOT" ] && [ -n "${PERFMT_TEST_STRICT:-}" ]; then
	# CI sets it: there this test must run, not be skipped
	bad "empty root" "neither root, user namespaces (unshare -r) nor sudo"
elif [ -z "$CHROOT" ]; then
	skipped "empty root" "neither root, user namespaces (unshare -r) nor sudo"
elif ! command -v readelf >/dev/null 2>&1 || readelf -lW "$BIN" | grep -q INTERP; then
	skipped "empty root" "$(basename "$BIN") is not a static binary"
elif [ -n "$EMU" ] && readelf -lW "$(command -v "$EMU")" | grep -q INTERP; then
	skipped "empty root" "$EMU is not a static binary"
else
	R=$W/root
	rm -rf "$R"
	mkdir -p "$R"
	cp "$BIN" "$R/perfmt"
	cp "$P/local__x86_64__small.data" "$R/p.data"
	in_root="$CHROOT $R"
	if [ -n "$EMU" ]; then
		cp "$(command -v "$EMU")" "$R/emu"
		in_root="$in_root /emu"
	fi
	run $in_root /perfmt list -i /p.data
	expect "empty root: list" 0
	"$PERFMT" list -i "$P/local__x86_64__small.data" >"$T/want" 2>/dev/null
	same "empty root: list as outside" "$T/want"
	run $in_root /perfmt header -i /p.data
	expect "empty root: header" 0
	run $in_root /perfmt list --kernel
	expect "empty root: list --kernel says /sys is not mounted" 2 \
	    "/sys/kernel/notes: No such file or directory (/sys is not mounted"
	# -L: the profile is taken as this system's (it is another's, which
	# without -L gives every row foreign)
	run $in_root /perfmt check -p -i /p.data
	[ "$(grep -vc '^foreign	' "$W/out")" -eq 0 ] &&
	    ok "empty root: another system's profile: foreign" ||
	    bad "empty root: another system's profile: foreign" "$(cat "$W/out")"
	run $in_root /perfmt check -L -p -i /p.data
	expect "empty root: check finds nothing" 1
	# without /sys the running kernel cannot be asked: not a changed one
	grep -q '^unverified	[0-9a-f]*	-	\[kernel.kallsyms\]	/sys is not mounted: mount -t sysfs sysfs /sys, or give -k VMLINUX$' \
	    "$W/out" && ok "empty root: the kernel row says /sys is not mounted" ||
	    bad "empty root: the kernel row says /sys is not mounted" "$(cat "$W/out")"
	# the 3 files its samples fall in (the vDSO is read from memory:
	# under qemu-user there is none)
	[ "$(grep -v '	\[vdso\]	' "$W/out" | grep -c '^missing	')" -eq 3 ] &&
	    ok "empty root: every file missing" ||
	    bad "empty root: every file missing" "$(cat "$W/out")"
	mkdir -p "$R/sr/usr/bin"
	cp "$W/elf/local__w-sha1" "$R/sr/usr/bin/python3.11"
	run $in_root /perfmt check -p -s /sr -i /p.data
	grep -q '^mismatch	571d98e01096d5c1c32420d229a6731a0a50d2a0	' "$W/out" &&
	    ok "empty root: a sysroot inside it" ||
	    bad "empty root: a sysroot inside it" "$(cat "$W/out" "$W/err")"
fi
