# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- hostile names and inputs (issue 20) ----------------------------------
# Invisible format characters (Default_Ignorable_Code_Point) are escaped
# wherever a name is printed: a library named "lib" U+200B ".so" must not
# look like lib.so, on standard output or in a message.
zw=$(printf 'lib\342\200\213.so')
cp "$W/elf/local__w-sha1" "$T/$zw"
run "$PERFMT" buildid "$T/$zw"
expect "buildid: a name with U+200B" 0
grep -qF 'lib\xe2\x80\x8b.so' "$W/out" && ! grep -q "$zw" "$W/out" &&
    ok "buildid: U+200B in a name escaped" ||
    bad "buildid: U+200B in a name escaped" "$(od -c "$W/out" | head)"
# a tag character (4 bytes) and a word joiner in a message
tg=$(printf 'x\363\240\200\201y\342\201\240z')
run "$PERFMT" buildid "$T/$tg"
expect "buildid: a missing name with U+E0001, U+2060" 2
grep -qF 'x\xf3\xa0\x80\x81y\xe2\x81\xa0z' "$W/err" && ! grep -q "$tg" "$W/err" &&
    ok "buildid: invisible characters escaped in messages" ||
    bad "buildid: invisible characters escaped in messages" "$(od -c "$W/err" | head)"

# A zstd bomb: the -z pipe local__zpipe.data and COMPRESSED records whose
# blocks decode to records of an unknown type (63) of 65535 bytes each: a
# raw block of the 8-byte header, then a run-length block of the 65527
# zero bytes of the body, 15 bytes of zstd for 65535 (a ratio of 4,369).
# zbomb OUT RECORDS PAIRS: RECORDS records of PAIRS such pairs; PAIRS 0
# gives one run-length block of 128 KiB of 0x08 instead, whose records
# claim a size of 0x08080808 (fmt §3.1: a type over 32767 spreads a u32).
zbomb() {
	python3 - "$P/local__zpipe.data" "$@" <<'PY'
import struct, sys
d = bytearray(open(sys.argv[1], 'rb').read())
nrec, npair = int(sys.argv[3]), int(sys.argv[4])
def blk(kind, n):	# a zstd block header: size, type, not the last
    return struct.pack('<I', n << 3 | kind << 1)[:3]
pair = blk(0, 8) + struct.pack('<IHH', 63, 0, 65535) + blk(1, 65527) + b'\0'
body = pair * npair if npair else blk(1, 131072) + b'\x08'
rec = struct.pack('<IHH', 81, 0, 8 + len(body)) + body
open(sys.argv[2], 'wb').write(d + rec * nrec)
PY
}
if command -v python3 >/dev/null 2>&1; then
	# one record of 64 KiB decodes 286 MB: over the ring buffer it came from
	zbomb "$T/zbomb" 40 4368
	run timeout 10 "$PERFMT" header -i "$T/zbomb"
	expect "-z bomb: a record over its ring buffer, refused fast" 2 \
	    "offset 0x17e4: COMPRESSED record of 65520 bytes of zstd decodes to more than 659456 bytes, expected at most the ring buffer it was compressed from (528384 bytes by the COMPRESSED feature)"
	# records of 256 KiB each, within that, but 4,369 times their size
	zbomb "$T/zbomb" 2000 4
	run timeout 10 "$PERFMT" header -i "$T/zbomb"
	expect "-z bomb: the whole stream over 4096 times its size, refused" 2 \
	    "over 4096 times as many and a record's bound (659456): a decompression bomb"
	grep -q "offset 0x[0-9a-f]*: COMPRESSED data: [0-9]* bytes decoded" "$W/err" &&
	    ok "-z bomb: the record where the stream went over named" ||
	    bad "-z bomb: the record where the stream went over named" "$(cat "$W/err")"
	# a decoded record that claims 128 MiB is refused at once
	zbomb "$T/zbomb" 1 0
	run timeout 10 "$PERFMT" list -i "$T/zbomb"
	expect "-z bomb: a decoded record over any record's size" 2 \
	    "a record of type 134744072 of size 134744072, over what a record decoded from one can be"
else
	skipped "-z bombs" "no python3 to make them"
fi

# -i DIR reads regular files only: a FIFO, a device or a link to one as
# data or data.N is named and not opened or read (it would block or never
# end); a link to a regular file is read.  tdir KIND FILE: a copy of
# local__threads.data with FILE made a KIND (fifo, urandom, null, link)
tdir() {
	rm -rf "$T/tdir"
	cp -R "$P/local__threads.data" "$T/tdir"
	case $1 in
	fifo) rm "$T/tdir/$2" && mkfifo "$T/tdir/$2" ;;
	urandom|null) ln -sf "/dev/$1" "$T/tdir/$2" ;;
	link) mv "$T/tdir/$2" "$T/$2.real" && ln -s "$T/$2.real" "$T/tdir/$2" ;;
	esac
}
for k in fifo urandom null; do
	what="a device"
	[ $k = fifo ] && what="a FIFO"
	tdir $k data.1
	run timeout 10 "$PERFMT" header -i "$T/tdir"
	expect "-i DIR: data.1 $what ($k), not read" 3 \
	    "tdir/data.1: $what, not a regular file: not read"
	grep -q "^streams       1 data.N files, 4304 bytes" "$W/out" &&
	    ok "-i DIR: data.1 $what ($k): data.0 read" ||
	    bad "-i DIR: data.1 $what ($k): data.0 read" "$(cat "$W/out")"
	tdir $k data
	run timeout 10 "$PERFMT" list -i "$T/tdir"
	expect "-i DIR: data $what ($k), trouble" 2 \
	    "tdir/data: $what, not a regular file: not read"
done
tdir none
run "$PERFMT" header -i "$T/tdir"
sed -e 1d -e "/^profile time /d" "$W/out" >"$T/tdir.header"
tdir link data.1
run "$PERFMT" header -i "$T/tdir"
sed -e 1d -e "/^profile time /d" "$W/out" >"$T/tdir.h2" && mv "$T/tdir.h2" "$W/out"
same "-i DIR: data.1 a link to a regular file is read" "$T/tdir.header"

# Times past 2262, where int64_t ns end: a file modified in 2445 (ext4
# holds up to 2446), a sysroot's copy, is judged (unverified: a copy's
# times date nothing) and its mtime given as null in -j (tests/live.sh
# has the words of a time in the future); the perf.data's own mtime
# there is an implausible profile time; -t 9999-12-31 is refused, the
# field named (make check-asan runs these under UBSan)
rm -rf "$T/farsr"
mkdir -p "$T/farsr/tmp/fix" "$W/nocache"
cp "$W/elf/local__w-none" "$T/farsr/tmp/fix/w-none"
if touch -d @15000000000 "$T/farsr/tmp/fix/w-none" 2>/dev/null &&
    [ "$(stat -c %Y "$T/farsr/tmp/fix/w-none")" = 15000000000 ]; then
	for fmt in -p -j; do
		run env HOME="$W/home" "$PERFMT" check $fmt -t 2026-11-30T02:00 \
		    -s "$T/farsr" -c "$W/nocache" -i "$P/local__sized.data"
		crashed && bad "check $fmt: a file of 2445" "exit $rc: $(cat "$W/err")"
		grep '/tmp/fix/w-none' "$W/out" >"$T/far.row"
		case $fmt in
		-p) grep -q '^unverified	-	-	/tmp/fix/w-none	no build-ID recorded; a copy under the sysroot' "$T/far.row" ;;
		-j) grep -q '^{"verdict":"unverified","reason":"copy",' "$T/far.row" &&
		    grep -q '"mtime":null' "$T/far.row" ;;
		esac && ok "check $fmt: a file modified in 2445" ||
		    bad "check $fmt: a file modified in 2445" "$(cat "$T/far.row")"
	done
	cp "$P/local__sized.data" "$T/far.data"
	touch -d @15000000000 "$T/far.data"
	run env HOME="$W/home" "$PERFMT" check -s "$T/farsr" -c "$W/nocache" \
	    -i "$T/far.data"
	expect "check: a perf.data modified in 2445, an implausible time" 1 \
	    "the profile's time, after 2262-04-11 23:47:16 UTC (from the mtime of the perf.data), is implausible"
else
	skipped "files modified in 2445" "this file system holds no such mtime"
fi
run "$PERFMT" check -t 9999-12-31 -i "$P/local__sized.data"
expect "-t 9999-12-31: refused, the year named" 2 \
    "-t 9999-12-31: the year: past 2262-04-11 23:47:16 UTC"
# a detail holds names escaped once, as -p prints them; -j's is the same
# text as a JSON string, not escaped a second time
e=$(printf '\033')
mkdir -p "$T/esc${e}[1m"
run env HOME="$W/home" "$PERFMT" check -p -s "$T/esc${e}[1m" -i "$P/local__x86_64__small.data"
cut -f5 "$W/out" >"$T/esc.p"
run env HOME="$W/home" "$PERFMT" check -j -s "$T/esc${e}[1m" -i "$P/local__x86_64__small.data"
if ! command -v python3 >/dev/null 2>&1; then
	skipped "-j: a detail escaped once" "no python3 to read JSON"
elif python3 -c 'import json, sys
for l in open(sys.argv[1]):
    d = json.loads(l)
    if "detail" in d:
        print(d["detail"])' "$W/out" | cmp -s - "$T/esc.p" &&
    grep -q 'esc\\x1b\[1m' "$T/esc.p"; then
	ok "-j: a detail escaped once, as -p gives it"
else
	bad "-j: a detail escaped once, as -p gives it" "$(head -2 "$T/esc.p"; head -2 "$W/out")"
fi
