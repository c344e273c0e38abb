# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- the rules: docs/design.md's table is the code's -----------------------
# rules[] of perfmt.c, entry by entry ({ V_X, P_X, T_X, "code", F(X) |
# ..., words }, its lines joined, after the comment lines that say when it
# holds), as the rows of design.md's table: the facts it needs, as words
awk '
	/^} rules\[R_N\] = \{$/ { on = 1; next }
	on && /^};$/ { exit }
	on && row == "" && /^\t\/\/ / { sub(/^\t\/\/ /, ""); when = when (when == "" ? "" : " ") $0; next }
	on && (row != "" || /^\t\{ V_[A-Z]+, P_[A-Z]+, /) {
		row = row " " $0
		if (row !~ /\},$/)
			next
		split(row, t, " ")
		v = t[2]; sub(/^V_/, "", v); sub(/,$/, "", v)
		split(row, q, "\"")
		facts = ""
		while (match(row, /F\([A-Z_]+\)/)) {
			f = tolower(substr(row, RSTART + 2, RLENGTH - 3))
			gsub(/_/, "-", f)
			facts = facts (facts == "" ? "" : ", ") f
			row = substr(row, RSTART + RLENGTH)
		}
		printf "| %d | `%s` | %s | %s | %s |\n", ++n, q[2], tolower(v),
		    facts == "" ? "none" : facts, when
		when = row = ""
	}' "$top/perfmt.c" >"$W/out"
sed -n '/^<!-- rules begin -->$/,/^<!-- rules end -->$/p' \
    "$top/docs/design.md" | sed '1,3d;$d' >"$T/doc"
n=$(wc -l <"$W/out")
[ "$n" -gt 20 ] && cmp -s "$W/out" "$T/doc" &&
    ok "rules: docs/design.md's table is rules[] ($n rules)" ||
    bad "rules: docs/design.md's table is rules[]" "$(diff "$T/doc" "$W/out" | head)"
# every reason -j gives over the fixtures comes with the table's verdict
# for it (the cases below reach each rule)
grep -o '`[a-z-]*` | [a-z]*' "$T/doc" | tr -d '`' | tr -s ' |' '  ' >"$T/pairs"
for f in "$P"/*.data; do
	HOME=$W/home "$PERFMT" check -a -j -i "$f" 2>/dev/null
done | sed -n 's/^{"verdict":"\([a-z]*\)","reason":"\([a-z-]*\)".*/\2 \1/p' |
    LC_ALL=C sort -u >"$T/seen"
LC_ALL=C sort -u "$T/pairs" >"$T/pairs.s"
LC_ALL=C comm -23 "$T/seen" "$T/pairs.s" >"$T/odd"
[ -s "$T/seen" ] && [ ! -s "$T/odd" ] &&
    ok "rules: every reason -j gives has the table's verdict ($(wc -l <"$T/seen") seen)" ||
    bad "rules: every reason -j gives has the table's verdict" "$(cat "$T/odd")"

# ---- each rule reached, by a case of its own --------------------------------
# Every rule of the table gets a case made here of the fixtures: the names
# a profile recorded made the ones the case needs (tests/rename.py, no
# longer than they were), its MMAP2 records given the device and inode
# of a file the case makes (tests/mmap2.py), files put in a sysroot or in
# a directory of this system, their times set by touch.  A rule whose
# case needs what this machine lacks is skipped with the reason; the
# table's codes that no case reaches fail.
R=$T/rules
rm -rf "$R"
mkdir -p "$R/home" "$R/empty"
: >"$T/reached"
: >"$T/unreached"
# reach CODE OBJECT OPTION...: check -j -a with the options (HOME an
# empty directory: no build-ID cache but those named) gives OBJECT the
# reason CODE, with the table's verdict for it; reach_by CODE OBJECT
# CMD...: CMD, a check -j, does.  $how, if set, is said after OBJECT
reach() {
	_c=$1 _o=$2
	shift 2
	reach_by "$_c" "$_o" env HOME="$R/home" "$PERFMT" check -j -a "$@"
}
reach_by() {
	_code=$1 _obj=$2
	shift 2
	run "$@"
	_got=$(grep -F "\"path\":\"$_obj\"," "$W/out" | sed -n \
	    's/^{"verdict":"\([a-z]*\)","reason":"\([a-z-]*\)".*/\2 \1/p')
	_want="$_code $(awk -v c="$_code" '$1 == c { print $2; exit }' "$T/pairs")"
	if [ "$_got" = "$_want" ]; then
		ok "rules: $_code reached ($_obj$how)"
		echo "$_code" >>"$T/reached"
	else
		bad "rules: $_code reached ($_obj$how)" "got '$_got', want '$_want' (exit $rc): $(grep -F "$_obj" "$W/out"; cat "$W/err")"
	fi
}
unreached() {
	skipped "rules: $1 reached${how:+ (}${how#, }${how:+)}" "$2"
	echo "$1" >>"$T/unreached"
}
how=
now=$(date +%s)
boot=$((now - $(cut -d. -f1 /proc/uptime)))
# the fixtures as they are reach six: pseudo and vdso-no-id (skip),
# foreign, id-matches, missing and id-differs
for c in pseudo vdso-no-id foreign id-matches missing id-differs; do
	grep -qx "$c [a-z]*" "$T/seen" && echo "$c" >>"$T/reached"
done
[ "$(wc -l <"$T/reached")" = 6 ] &&
    ok "rules: the fixtures reach pseudo, vdso-no-id, foreign, id-matches, missing, id-differs" ||
    bad "rules: the fixtures reach pseudo, vdso-no-id, foreign, id-matches, missing, id-differs" "$(cat "$T/seen")"
S=$P/local__sized.data
B=$P/aarch64__b-no-buildid-B.data
ren() { python3 "$top/tests/rename.py" "$@"; }
mm2() { python3 "$top/tests/mmap2.py" "$@"; }
# a mount namespace of its own: as root, else as root of a user
# namespace where this kernel lets a user make one
NS="unshare -m"
[ "$(id -u)" = 0 ] || NS="unshare -rm"
$NS sh -c 'mount -t tmpfs none "$1"' sh "$R/empty" 2>/dev/null || NS=
# files of this system (-L) at the paths a profile names: a directory of
# three letters, as long as the "fix" of the recorded /tmp/fix/, where
# the file system compares inodes (not overlayfs); HT on tmpfs
H= HT=
for d in /tmp /dev/shm; do
	case $(stat -f -c %T "$d" 2>/dev/null) in
	""|overlayfs) ;;
	tmpfs) [ -n "$HT" ] || HT=$(mktemp -d "$d/XXX") ;;
	*) [ -n "$H" ] || H=$(mktemp -d "$d/XXX") ;;
	esac
done
H=${H:-$HT}

if ! command -v python3 >/dev/null 2>&1; then
	for c in $(cut -d' ' -f1 "$T/pairs.s"); do
		grep -qx "$c" "$T/reached" || unreached "$c" "no python3 to edit a profile"
	done
else
	# a path that is a device; one perf saw deleted (-L: this system's,
	# else it is foreign first)
	ren "$S" "$R/dev.data" /tmp/fix/w-none=/dev/null
	reach device /dev/null -t 2026-11-30 -i "$R/dev.data"
	ren "$S" "$R/del.data" "/tmp/fix/w-none=/w (deleted)"
	reach deleted "/w (deleted)" -L -t 2026-11-30 -i "$R/del.data"
	# the aarch64 profile's busybox, no ID recorded, under a sysroot: an
	# x86-64 file, and an aarch64 one (a copy); its kernel, no ID
	# recorded (release 6.1.0-50-arm64), as an aarch64 ELF file with
	# another release's banner and with its own, and as a gzip file
	mkdir -p "$R/arch/usr/bin" "$R/copy/usr/bin" "$R/k/boot"
	cp "$W/elf/local__w-sha1" "$R/arch/usr/bin/busybox"
	reach other-arch /usr/bin/busybox -t 2026-11-30 -s "$R/arch" -i "$B"
	cp "$W/elf/arm64__libc6__libdl.so.2" "$R/copy/usr/bin/busybox"
	reach copy /usr/bin/busybox -t 2026-11-30 -s "$R/copy" -i "$B"
	K=$R/k/boot/vmlinux-6.1.0-50-arm64
	{ cat "$W/elf/arm64__libc6__libdl.so.2"; echo "Linux version 6.1.0-99-arm64 (x) #1"; } >"$K"
	reach release-differs "[kernel.kallsyms]" -t 2026-11-30 -s "$R/k" -i "$B"
	{ cat "$W/elf/arm64__libc6__libdl.so.2"; echo "Linux version 6.1.0-50-arm64 (x) #1"; } >"$K"
	reach release-only "[kernel.kallsyms]" -t 2026-11-30 -s "$R/k" -i "$B"
	gzip -c "$W/elf/arm64__libc6__libdl.so.2" >"$K"
	reach no-release "[kernel.kallsyms]" -t 2026-11-30 -s "$R/k" -i "$B"
	# a kernel with a recorded ID, a gzip file at its image's place
	mkdir -p "$R/kz/boot"
	gzip -c "$W/elf/local__w-sha1" >"$R/kz/boot/vmlinux-6.18.44-fc-v782"
	reach deflated "[kernel.kallsyms]" -t 2026-11-30 -s "$R/kz" -i "$S"
	# an object with a recorded ID whose name ends in .gz, in a
	# simpleperf binary_cache by that name: compressed, no ID to read,
	# and no file with times of its own
	ren "$S" "$R/gz.data" /tmp/fix/w-id8=/tmp/fix/w.gz
	mkdir -p "$R/bc/tmp/fix"
	gzip -c "$W/elf/local__w-id8" >"$R/bc/tmp/fix/w.gz"
	reach nothing-to-compare /tmp/fix/w.gz -t 2026-11-30 \
	    -s "$R/empty" -c "$R/bc" -i "$R/gz.data"
	# two build-IDs recorded at one path (w-id8's MMAP2 record renamed
	# w-md5's: --buildid-mmap's records carry the ID), its samples the
	# report's: the sysroot holds w-md5's build, id8's is nowhere
	ren "$P/local__sized-mmap.data" "$R/ids.data" mmap2 /tmp/fix/w-id8=/tmp/fix/w-md5
	mkdir -p "$R/ids/tmp/fix"
	cp "$W/elf/local__w-md5" "$R/ids/tmp/fix/w-md5"
	reach other-id-nowhere /tmp/fix/w-md5 -t 2026-11-30 -s "$R/ids" \
	    -i "$R/ids.data"
	# a JIT's map (a name /tmp/perf-PID.map) in a sysroot: no copy, judged
	# by its time.  Written before the recording began by the profile's
	# CLOCK_DATA; and, with no CLOCK_DATA, older than the profile's time
	# where that is a copy's mtime (born after it), and where it cannot be
	# placed (born an hour before its mtime: a slow copy, or the file perf
	# wrote, which another system's perf clock cannot tell)
	mkdir -p "$R/jit/tmp"
	echo "1000 10 jitted" >"$R/jit/tmp/perf-1.map"
	ren "$P/local__inj-clock.data" "$R/jc.data" \
	    /usr/lib/x86_64-linux-gnu/libc.so.6=/tmp/perf-1.map
	touch -d "2026-11-30 12:00:00 UTC" "$R/jit/tmp/perf-1.map"
	reach jit-earlier /tmp/perf-1.map -s "$R/jit" -i "$R/jc.data"
	ren "$S" "$R/js.data" /tmp/fix/w-none=/tmp/perf-1.map
	touch -d "2026-11-30 03:00:00 UTC" "$R/js.data"
	touch -d "2026-11-30 02:00:00 UTC" "$R/jit/tmp/perf-1.map"
	if [ "$(stat -c %W "$R/js.data")" = 0 ]; then
		unreached copy-time "this file system keeps no birth time, by which a copy is told"
	else
		reach copy-time /tmp/perf-1.map -s "$R/jit" -i "$R/js.data"
	fi
	cp "$R/js.data" "$R/ja.data"
	touch -d "@$((now + 3600))" "$R/ja.data"
	reach unplaced /tmp/perf-1.map -s "$R/jit" -i "$R/ja.data"
	# no /sys (an initramfs): the running kernel cannot be asked
	if [ -z "$NS" ]; then
		unreached no-sysfs "needs root or a user namespace: a mount over /sys"
	else
		reach_by no-sysfs "[kernel.kallsyms]" $NS sh -c 'mount -t tmpfs none /sys &&
		    env HOME="$1" "$2" check -j -a -L -t 2026-11-30 -i "$3"' sh \
		    "$R/home" "$PERFMT" "$S"
	fi
	# the running kernel, of the profile's release (the fixture's
	# OSRELEASE made this one's), in the boot that recorded it: perf's
	# clock places records no later than it is now
	if [ ! -r /sys/kernel/notes ]; then
		unreached release-same "no /sys/kernel/notes to read the running kernel by"
	elif [ $((now - boot)) -lt 800 ]; then
		unreached release-same "this boot is $((now - boot)) s old, younger than the fixture's records (755 s): perf's clock places them in another boot"
	elif ! ren "$P/local__nobid.data" "$R/rs.data" osrelease="$(uname -r)"; then
		unreached release-same "this kernel's release does not fit in the fixture's OSRELEASE"
	else
		reach release-same "[kernel.kallsyms]" -L -t $((now + 60)) \
		    -i "$R/rs.data"
	fi
fi

if ! command -v python3 >/dev/null 2>&1; then
	:
elif [ -z "$H" ]; then
	for c in id-not-mapped two-inodes other-inode other-fs no-time newer \
	    during ctime unchanged unreadable other-device image snapshot; do
		unreached $c "no /tmp or /dev/shm here that is not overlayfs"
	done
else
	chmod 755 "$H"
	cp "$W/elf/local__w-none" "$H/n"
	cp "$W/elf/local__w-md5" "$H/m"
	ren "$S" "$R/h.data" /tmp/fix/w-none="$H/n" /tmp/fix/w-md5="$H/m"
	# the recorded ID is the file's at the path, where perf mapped
	# another inode, and the file was there before the profile's time
	reach id-not-mapped "$H/m" -L -t $((now + 60)) -i "$R/h.data"
	# two inodes perf mapped at the path (w-id8's MMAP2 record renamed
	# w-none's)
	ren "$R/h.data" "$R/h2.data" mmap2 /tmp/fix/w-id8="$H/n"
	reach two-inodes "$H/n" -L -t $((now + 60)) -i "$R/h2.data"
	# another inode on the device perf mapped: another number, and
	# where the file system gives generations, another generation of
	# the number; another block device
	mm2 "$R/h.data" "$R/hi.data" path="$H/n" maj=@"$H/n" min=@"$H/n" ino=1 \
	    gen=@"$H/n"
	reach other-inode "$H/n" -L -t $((now + 60)) -i "$R/hi.data"
	gen=$(python3 -c 'import fcntl, os, struct, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
print(struct.unpack("=I", fcntl.ioctl(fd, 0x80087601, bytes(8))[:4])[0])' \
	    "$H/n" 2>/dev/null)
	how=", another generation"
	if [ "${gen:-0}" = 0 ]; then
		unreached other-inode "no inode generation on $(stat -f -c %T "$H")"
	else
		mm2 "$R/h.data" "$R/hg.data" path="$H/n" maj=@"$H/n" \
		    min=@"$H/n" ino=@"$H/n" gen=$((gen ^ 1))
		reach other-inode "$H/n" -L -t $((now + 60)) -i "$R/hg.data"
	fi
	how=
	mm2 "$R/h.data" "$R/hf.data" path="$H/n" maj=4095 min=4095 ino=@"$H/n"
	reach other-fs "$H/n" -L -t $((now + 60)) -i "$R/hf.data"
	# the inode perf mapped: the profile's time decides
	mm2 "$R/h.data" "$R/hs.data" path="$H/n" maj=@"$H/n" min=@"$H/n" \
	    ino=@"$H/n" gen=@"$H/n"
	reach no-time "$H/n" -L -t 1990-01-01 -i "$R/hs.data"
	reach newer "$H/n" -L -t $((now - 3600)) -i "$R/hs.data"
	# modified within the records' span (0.019 s) before the time
	touch -d "@$((now - 3601)).995" "$H/n"
	if [ "${EMU:-}" = qemu-s390x-static ]; then
		unreached during "qemu-s390x gives its guests' stat() no nanoseconds"
	else
		reach during "$H/n" -L -t $((now - 3600)) -i "$R/hs.data"
	fi
	# an mtime before it, set back: the ctime is the touch's
	touch -d "@$((now - 7200))" "$H/n"
	reach ctime "$H/n" -L -t $((now - 3600)) -i "$R/hs.data"
	reach unchanged "$H/n" -L -t $((now + 60)) -i "$R/hs.data"
	# a file that cannot be read: as another user where this one is
	# root, who reads any
	chmod 000 "$H/n"
	cp "$R/hs.data" "$H/hs.data"
	chmod 644 "$H/hs.data"
	if [ "$(id -u)" != 0 ]; then
		reach unreadable "$H/n" -L -t $((now + 60)) -i "$H/hs.data"
	elif [ "${EMU:-}" = strace ]; then
		unreached unreadable "root reads any file, and under make test-readonly the trace's log directory is root's"
	elif command -v setpriv >/dev/null 2>&1 &&
	    setpriv --reuid=nobody --regid=nogroup --clear-groups \
	    test -x "$PERFMT" -a -r "$H/hs.data" 2>/dev/null; then
		reach_by unreadable "$H/n" setpriv --reuid=nobody --regid=nogroup \
		    --clear-groups env HOME="$R/home" "$PERFMT" check -j -a -L \
		    -t $((now + 60)) -i "$H/hs.data"
	else
		unreached unreadable "root reads any file: no setpriv, or nobody cannot run $PERFMT"
	fi
	chmod 644 "$H/n"
	# on an anonymous device (tmpfs) where perf mapped another one
	if [ -z "$HT" ]; then
		unreached other-device "no tmpfs at /tmp or /dev/shm: the case needs a file on an anonymous device"
	else
		chmod 755 "$HT"
		cp "$W/elf/local__w-none" "$HT/n"
		ren "$S" "$R/ht.data" /tmp/fix/w-none="$HT/n"
		mm2 "$R/ht.data" "$R/hd.data" path="$HT/n" maj=0 min=1048575 ino=1
		reach other-device "$HT/n" -L -t $((now + 60)) -i "$R/hd.data"
	fi
	# a read-only file system (a tmpfs mounted over the directory, the
	# file put in, remounted read-only) and a profile's time before this
	# boot: an image another boot may have replaced
	if [ -z "$NS" ]; then
		unreached image "needs root or a user namespace: a read-only mount"
	else
		reach_by image "$H/n" $NS sh -c 'mount -t tmpfs none "$1" &&
		    cp "$2" "$1/n" && python3 "$3" "$4" "$5" path="$1/n" maj=@"$1/n" \
		    min=@"$1/n" ino=@"$1/n" gen=@"$1/n" &&
		    mount -o remount,ro -t tmpfs none "$1" &&
		    env HOME="$6" "$7" check -j -a -L -t "$8" -i "$5"' sh "$H" \
		    "$W/elf/local__w-none" "$top/tests/mmap2.py" "$R/h.data" \
		    "$R/img.data" "$R/home" "$PERFMT" $((boot - 60))
	fi
	# a btrfs subvolume made after the recording began, mounted over the
	# directory
	if [ "$(id -u)" != 0 ] || [ ! -e /dev/loop-control ] ||
	    ! command -v mkfs.btrfs >/dev/null 2>&1 ||
	    ! command -v btrfs >/dev/null 2>&1; then
		unreached snapshot "needs root, a loop device and btrfs-progs: a btrfs subvolume"
	elif ! truncate -s 128M "$R/bt.img" || ! mkdir -p "$R/bt" ||
	    ! mkfs.btrfs -q "$R/bt.img" >/dev/null 2>&1 ||
	    ! unshare -m sh -c 'mount -o loop "$1" "$2"' sh "$R/bt.img" \
	    "$R/bt" 2>/dev/null; then
		unreached snapshot "no btrfs file system made and mounted here (a loop device, the kernel's module)"
	else
		reach_by snapshot "$H/n" unshare -m sh -c 'mount -o loop "$1" "$2" &&
		    btrfs -q subvolume create "$2/s" && umount "$2" &&
		    mount -o loop,subvol=s "$1" "$3" && cp "$4" "$3/n" &&
		    python3 "$5" "$6" "$7" path="$3/n" maj=@"$3/n" \
		    min=@"$3/n" ino=@"$3/n" gen=@"$3/n" &&
		    env HOME="$8" "$9" check -j -a -L -t "${10}" -i "$7"' sh \
		    "$R/bt.img" "$R/bt" "$H" "$W/elf/local__w-none" \
		    "$top/tests/mmap2.py" "$R/h.data" "$R/snap.data" \
		    "$R/home" "$PERFMT" $((now - 60))
	fi
	rm -f "$R/bt.img"
fi
[ -z "$H$HT" ] || rm -rf "$H" ${HT:+"$HT"}

# every code of the table reached by a case, or skipped with the reason
for c in $(cut -d' ' -f1 "$T/pairs.s"); do
	grep -qx "$c" "$T/reached" "$T/unreached" || echo "$c"
done >"$T/none"
[ "$(wc -l <"$T/pairs.s")" -gt 20 ] && [ ! -s "$T/none" ] &&
    ok "rules: every rule of the table has a case ($(LC_ALL=C sort -u "$T/reached" | wc -l) reached, $(wc -l <"$T/unreached") skipped)" ||
    bad "rules: every rule of the table has a case" "none reaches: $(cat "$T/none")"
