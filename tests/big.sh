#!/bin/sh
# make test-big: perfmt archive of a file of 8 GiB and more, the size a
# ustar header's 11 octal digits cannot hold.  A reader that took 33 bits
# of it would read the rest of the file as tar entries of its own: an
# attacker's sysroot could forge .build-id links, JIT maps, or entries
# that write outside the directory.  The object: a real build's binary,
# made a sparse file of 8 GiB + 64 KiB with a tar of forged entries at
# 64 KiB (where a 33-bit size would end) and at 8 GiB.  Its archive, read
# by GNU tar and by busybox tar (when installed), must list exactly the
# entries archive said it put, hold the file byte for byte, and unpack
# nothing outside its directory.  No 8 GiB is ever written to the disk:
# the tar is streamed through the readers, three at a time (tee).
# Usage: big.sh PERFMT.  The last line is "N passed, N failed".
set -u
PERFMT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/.." && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/perfmt-big-XXXXXX")
trap 'rm -rf "$W"' EXIT
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; [ -z "${2:-}" ] || printf '%s\n' "$2" | head -20 | sed 's/^/     /'; }
skipped() {
	if [ -n "${PERFMT_TEST_STRICT:-}" ]; then bad "$1" "$2"; return; fi
	skip=$((skip + 1)); echo "skip $1: $2"
}
finish() { echo "$skip skipped"; echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit; }

for t in perf cc python3 tar; do
	command -v $t >/dev/null 2>&1 || { skipped "archive of 8 GiB" "no $t"; finish; }
done
cd "$W" || exit 2
cc -O1 -o w "$top/tests/data/elf/local__w.c" || { bad "cc"; finish; }
if ! perf record -q -o r.data ./w >/dev/null 2>&1; then
	skipped "archive of 8 GiB" "perf record fails here"
	finish
fi
# the sysroot: the binary at its path, 8 GiB + 64 KiB long, forged
# entries at 64 KiB and at 8 GiB
S=$W/sysroot
big=$S$W/w
mkdir -p "$S$W"
cp w "$big"
python3 - "$big" <<'EOF'
import io, sys, tarfile
b = io.BytesIO()
with tarfile.open(fileobj=b, mode="w", format=tarfile.USTAR_FORMAT) as t:
    for name, kind, link in ((".build-id/aa/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", tarfile.SYMTYPE, "/tmp"),
                             ("tmp/perf-1.map", tarfile.REGTYPE, ""),
                             ("FORGED", tarfile.SYMTYPE, "/"),
                             ("FORGED/escaped", tarfile.REGTYPE, "")):
        i = tarfile.TarInfo(name)
        i.type, i.linkname = kind, link
        data = b"0 1 forged\n" if kind == tarfile.REGTYPE else b""
        i.size = len(data)
        t.addfile(i, io.BytesIO(data))
forged = b.getvalue()
with open(sys.argv[1], "r+b") as f:
    for at in (64 << 10, 8 << 30):
        f.seek(at)
        f.write(forged)
    f.truncate((8 << 30) + (64 << 10))
EOF
size=$(stat -c %s "$big")
[ "$size" -gt $((8 << 30)) ] || { bad "a sparse file of 8 GiB + 64 KiB" "$size bytes"; finish; }
"$PERFMT" archive -s "$S" -i r.data -o - 2>"$W/put" | cat >/dev/null
if grep -q "^put .* $W/w\$" "$W/put"; then
	ok "archive: the file of $size bytes is put"
else
	bad "archive: the file of $size bytes is put" "$(cat "$W/put")"
	finish
fi
# what archive said it put: each object's entry and its .build-id link
sed -n 's/^put  *\([0-9a-f]*\) \/*\(.*\)/\2\/\1 \1/p' "$W/put" | while read -r e id; do
	case $e in \[vdso\]/*) leaf=vdso ;; \[kernel.kallsyms\]/*) leaf=kallsyms ;; *) leaf=elf ;; esac
	echo "$e/$leaf"
	rest=${id#??}
	echo ".build-id/${id%"$rest"}/$rest"
done | LC_ALL=C sort >"$W/want"

# readers: GNU tar, and busybox tar where it is installed
readers="tar"
if command -v busybox >/dev/null 2>&1 && busybox tar --help >/dev/null 2>&1; then
	readers="$readers busybox"
else
	skipped "busybox tar" "not installed (Debian: busybox)"
fi
mkfifo "$W/f1" "$W/f2"
for r in $readers; do
	case $r in busybox) tar="busybox tar" ;; *) tar=tar ;; esac
	name=$(grep "${W#/}/w/" "$W/want")
	rm -rf "$W/x"
	mkdir -p "$W/x/in"
	# one archive, read three ways at once: listed, the big file taken
	# out to be compared, the rest unpacked (busybox takes the names)
	$tar -tf "$W/f1" 2>"$W/terr1" | sed 's|/$||' | LC_ALL=C sort >"$W/got" &
	l=$!
	$tar -xOf "$W/f2" "$name" 2>"$W/terr2" | cmp -s - "$big" &
	c=$!
	"$PERFMT" archive -s "$S" -i r.data -o - 2>/dev/null | tee "$W/f1" "$W/f2" |
	    $tar -xf - -C "$W/x/in" $(grep -vF "$name" "$W/want") 2>"$W/terr3"
	wait $l
	wait $c
	same=$?
	if [ -s "$W/want" ] && cmp -s "$W/want" "$W/got"; then
		ok "$r tar: the entries archive put, and no other"
	else
		bad "$r tar: the entries archive put, and no other" "$(diff "$W/want" "$W/got"; cat "$W/terr1")"
	fi
	if [ $same = 0 ]; then
		ok "$r tar: the file of 8 GiB + 64 KiB, byte for byte"
	else
		bad "$r tar: the file of 8 GiB + 64 KiB, byte for byte" "$(cat "$W/terr2")"
	fi
	# everything lands in the directory, no link leads out of it
	(cd "$W/x" && find . | LC_ALL=C sort) >"$W/found"
	outside=$(grep -v '^\.$' "$W/found" | grep -v '^\./in' || :)
	escaped=$(find "$W/x/in" -type l \( -lname '/*' -o -lname '*../../../*' \) | head -3)
	if [ -z "$outside" ] && [ -z "$escaped" ] && [ ! -e /escaped ] &&
	    [ -L "$W/x/in/$(grep '^\.build-id/' "$W/want" | head -1)" ] &&
	    [ ! -e "$W/x/in/$name" ]; then
		ok "$r tar: unpacked, every entry inside the directory"
	else
		bad "$r tar: unpacked, every entry inside the directory" "$outside $escaped $(cat "$W/terr3")"
	fi
done
finish
