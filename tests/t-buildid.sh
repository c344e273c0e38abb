# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- buildid: every ELF fixture ------------------------------------------
while read -r name id; do
	run "$PERFMT" buildid "$W/elf/$name"
	if [ "$id" = none ]; then
		expect "buildid $name: none" 3 "no GNU build-ID note"
		[ ! -s "$W/out" ] && ok "buildid $name: no output" ||
		    bad "buildid $name: no output" "$(cat "$W/out")"
	else
		expect "buildid $name" 0
		echo "$id $W/elf/$name" >"$T/want"
		same "buildid $name = $id" "$T/want"
	fi
done <"$D/elf/EXPECTED.tsv"
run "$PERFMT" buildid "$W/elf/local__w-sha1" "$W/elf/local__w-none" \
    "$W/elf/local__w-md5"
expect "buildid of several: 3 when one lacks an ID" 3
[ "$(wc -l <"$W/out")" -eq 2 ] && ok "buildid of several: two lines" ||
    bad "buildid of several: two lines" "$(cat "$W/out")"
# a file and a directory that are not ELF files (as the damage topic makes
# them: each topic runs alone too)
printf 'dummy\n' >"$T/dummy"
mkdir -p "$T/emptydir"
run "$PERFMT" buildid "$W/elf/local__w-sha1" "$T/dummy" "$W/elf/local__w-none"
expect "buildid: not ELF is trouble, exit 2" 2 "dummy: not an ELF file"
run "$PERFMT" buildid "$T/emptydir"
expect "buildid of a directory" 2 "not a regular file"
# a file cut inside its note: the offset is named
head -c 900 "$W/elf/local__w-sha1" >"$T/w-cut"
run "$PERFMT" buildid "$T/w-cut"
expect "buildid of a cut ELF: offset named" 2 "past the end of the file"
# its last note segment (PT_NOTE at 0x358, 68 bytes: the build-ID note,
# then the ABI tag) one byte short: the file ends inside a note area, which
# is malformed, even though the build-ID note before the cut is whole; a
# byte more and the segment ends where the file does, and is read
head -c 923 "$W/elf/local__w-sha1" >"$T/w-923"
run "$PERFMT" buildid "$T/w-923"
expect "buildid: the last note segment cut by one byte" 2 "past the end of the file"
[ ! -s "$W/out" ] && ok "buildid: the last note segment cut by one byte: no ID" ||
    bad "buildid: the last note segment cut by one byte: no ID" "$(cat "$W/out")"
head -c 924 "$W/elf/local__w-sha1" >"$T/w-924"
run "$PERFMT" buildid "$T/w-924"
expect "buildid: the last note segment ends where the file does" 0
echo "b675b5371827a7690953ee2a36019dcf5d9f36c4 $T/w-924" >"$T/want"
same "buildid: the last note segment ends where the file does: the ID" "$T/want"
