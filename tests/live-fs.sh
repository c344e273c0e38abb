#!/bin/sh
# Live tests of the file systems a board's binaries live on, run by
# tests/run.sh (t-oracles.sh) after tests/live.sh where perf works: real
# -B recordings (no build-ID to compare) of a program on loop-mounted
# images, A/B slots and btrfs subvolumes, then the image, the slot or the
# subvolume changed as updates change them.  No row may say ok or
# unchanged of a file that is not the one profiled, nor a changed
# verdict of one untouched.  Needs root and loop devices (mount -o loop);
# squashfs and btrfs where their tools are (squashfs-tools,
# btrfs-progs).  Prints "ok|WHAT|", "FAIL|WHAT|DETAIL" or "skip|WHAT|WHY"
# lines.  Usage: live-fs.sh PERFMT WORKDIR SOURCE
set -u
PERFMT=$1
L=$2
SRC=$3
ok() { echo "ok|$1|"; }
bad() { echo "FAIL|$1|$2"; }
skip() { echo "skip|$1|$2"; }

if [ "$(id -u)" -ne 0 ] || [ -n "${PERFMT_EMU:-}" ]; then
	skip "file systems" "not root, or under an emulator (no loop devices)"
	exit 0
fi
cc=$(command -v cc || command -v gcc || :)
rm -rf "$L"
mkdir -p "$L/a" "$L/b" "$L/m" || exit 2
cd "$L" || exit 2
if [ -z "$cc" ] || ! command -v mkfs.ext4 >/dev/null 2>&1; then
	skip "file systems" "no C compiler or no mkfs.ext4"
	exit 0
fi
# two builds of one program, another code each, with the same old times:
# an image's files carry the times the image gave them
"$cc" -O1 -Wl,--build-id=none -o a/prog "$SRC" &&
    "$cc" -O0 -Wl,--build-id=none -o b/prog "$SRC" || exit 2
touch -d 2026-01-01 a/prog b/prog
for s in a b; do
	truncate -s 8M $s.img && mkfs.ext4 -q -F -d $s $s.img 2>/dev/null || {
		skip "file systems" "mkfs.ext4 -d fails here"
		exit 0
	}
done
if ! mount -o loop,ro a.img m 2>/dev/null; then
	skip "file systems" "no loop mount here"
	exit 0
fi

# verdict PROFILE [OPTIONS]: "verdict|detail" of m/prog
verdict() {
	p=$1
	shift
	"$PERFMT" check -p "$@" -i "$p" 2>/dev/null |
	    awk -F'\t' -v d="$L/m/prog" '$4 == d { print $1 "|" $5 }'
}
# record PROFILE: a -B recording of m/prog, the perf.data beside, not in
# the image (a loop device's image written during the check is its own
# case)
record() {
	sleep 1.1
	perf record -N -q -B -o "$1" -- "$L/m/prog" 1 >/dev/null 2>&1
}
# loop_off: the mount gone, and its loop device (mount -o loop sets
# autoclear)
loop_off() {
	umount m
}

# ---- A/B slots and loop images (ext4 made by mkfs -d, read-only) ----
record ab.data
got=$(verdict ab.data)
case $got in "unchanged|"*) ok "a loop image attached before the recording: unchanged" ;;
*) bad "a loop image attached before the recording: unchanged" "got '$got'" ;; esac
# slot B mounted where slot A was: another image, the same inode number
# and times; perf mapped slot A's (on another loop device, or the same
# device number attached anew)
loop_off
mount -o loop,ro a.img "$L/b" 2>/dev/null	# slot A's loop device taken
mount -o loop,ro b.img m
got=$(verdict ab.data)
case $got in "unverified|"*"another file system holds the path"*|"unverified|"*"on a loop device attached after the recording began"*) ok "A/B: slot B where slot A was profiled: unverified" ;;
*) bad "A/B: slot B where slot A was profiled: unverified" "got '$got'" ;; esac
umount "$L/b"
loop_off
# slot A itself, attached anew (after a reboot, an update): no word of its
# image's times vouches for it, nor is it changed
mount -o loop,ro a.img m
got=$(verdict ab.data)
case $got in "unverified|"*) ok "A/B: slot A attached anew: unverified, not changed" ;;
*) bad "A/B: slot A attached anew: unverified, not changed" "got '$got'" ;; esac
loop_off
# a loop image rewritten with dd while mounted read-only: the same
# device, inode and times; its image file written after the recording
mount -o loop,ro a.img m
record dd.data
dd if=b.img of=a.img bs=64k conv=notrunc 2>/dev/null
got=$(verdict dd.data)
case $got in "unverified|"*"image file was written after the recording began"*) ok "a loop image rewritten by dd: unverified" ;;
*) bad "a loop image rewritten by dd: unverified" "got '$got'" ;; esac
loop_off
# a read-write loop mount: files written through it have times of their
# own, whatever writes back to the image (the perf.data in it)
truncate -s 8M rw.img && mkfs.ext4 -q -F rw.img 2>/dev/null &&
    mount -o loop rw.img m && cp a/prog m/prog && cp m/prog m/keep &&
    sleep 1.1 && perf record -N -q -B -o m/rw.data -- sh -c "$L/m/prog 1; $L/m/keep 1" \
    >/dev/null 2>&1
sleep 1.1
"$cc" -O2 -Wl,--build-id=none -o m/prog.new "$SRC" && mv m/prog.new m/prog
sync
got="$(verdict m/rw.data | cut -d'|' -f1) $("$PERFMT" check -p -i m/rw.data 2>/dev/null |
    awk -F'\t' -v d="$L/m/keep" '$4 == d { print $1 }')"
[ "$got" = "replaced unchanged" ] &&
    ok "a read-write loop mount: a file rebuilt replaced, one untouched unchanged" ||
    bad "a read-write loop mount: a file rebuilt replaced, one untouched unchanged" "got '$got'"
loop_off

# ---- squashfs: an image swapped for a new one ---------------------------
if command -v mksquashfs >/dev/null 2>&1 &&
    mksquashfs a sa.sqfs -quiet -noappend >/dev/null 2>&1 &&
    mksquashfs b sb.sqfs -quiet -noappend >/dev/null 2>&1 &&
    cp sa.sqfs s.sqfs && mount -o loop,ro s.sqfs m 2>/dev/null; then
	record sq.data
	got=$(verdict sq.data)
	case $got in "unchanged|"*) ok "squashfs attached before the recording: unchanged" ;;
	*) bad "squashfs attached before the recording: unchanged" "got '$got'" ;; esac
	loop_off
	cp sb.sqfs s.sqfs
	mount -o loop,ro s.sqfs m
	got=$(verdict sq.data)
	case $got in "unverified|"*) ok "squashfs swapped for a new image: unverified" ;;
	*) bad "squashfs swapped for a new image: unverified" "got '$got'" ;; esac
	loop_off
else
	skip "squashfs" "no mksquashfs (Debian: squashfs-tools), or no squashfs mount"
fi

# ---- btrfs: subvolumes made anew, snapshots put back --------------------
# (nodiscard, noatime: nothing writes the image after the recording)
if command -v mkfs.btrfs >/dev/null 2>&1 && truncate -s 300M bt.img &&
    mkfs.btrfs -q bt.img >/dev/null 2>&1 &&
    mount -o loop,noatime,nodiscard bt.img m 2>/dev/null; then
	btrfs subvolume create m/sv >/dev/null &&
	    cp a/prog m/sv/prog && btrfs subvolume snapshot m/sv m/old >/dev/null
	# build B written over the file in place: its inode and generation
	cp b/prog m/sv/prog
	sync
	sleep 1.1
	perf record -N -q -B -o bt.data -- m/sv/prog 1 >/dev/null 2>&1
	bv() { "$PERFMT" check -p -i bt.data 2>/dev/null |
	    awk -F'\t' -v d="$L/m/sv/prog" '$4 == d { print $1 "|" $5 }'; }
	got=$(bv)
	case $got in "unchanged|"*"by number and generation"*) ok "btrfs: a subvolume's file, untouched: unchanged by its generation" ;;
	*) bad "btrfs: a subvolume's file, untouched: unchanged by its generation" "got '$got'" ;; esac
	# the snapshot put back: build A, its inode, generation and times
	mv m/sv m/sv.bad
	btrfs subvolume snapshot m/old m/sv >/dev/null
	got=$(bv)
	case $got in "unverified|"*"btrfs subvolume was made after the recording began"*) ok "btrfs: a snapshot put back: unverified" ;;
	*) bad "btrfs: a snapshot put back: unverified" "got '$got'" ;; esac
	# a container made anew from another image: the same inode number,
	# another generation
	btrfs subvolume delete m/sv >/dev/null
	btrfs subvolume create m/sv >/dev/null && cp -p a/prog m/sv/prog
	got=$(bv)
	case $got in "replaced|"*"another generation"*) ok "btrfs: a subvolume made anew: replaced (another generation)" ;;
	*) bad "btrfs: a subvolume made anew: replaced (another generation)" "got '$got'" ;; esac
	loop_off
else
	skip "btrfs" "no mkfs.btrfs (Debian: btrfs-progs), or no btrfs mount"
fi
exit 0
