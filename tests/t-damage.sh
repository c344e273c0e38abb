# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- damage and malformed input ------------------------------------------
run "$PERFMT" header -i "$P/GrapheneOS__platform_system_extras__invalid_perf.data"
expect "1 KiB of zeros: not perf.data" 2 "not a perf.data file"
run "$PERFMT" list -i "$P/GrapheneOS__platform_system_extras__perf_inject.data"
expect "a text file: not perf.data" 2 "not a perf.data file"
printf 'dummy\n' >"$T/dummy"
run "$PERFMT" list -i "$T/dummy"
expect "6 bytes: too short" 2 "dummy: offset 0: 6 bytes: not a perf.data file"
run sh -c '"$0" list -i - <"$1"' "$PERFMT" "$T/dummy"
expect "6 bytes on stdin: named <stdin>" 2 "<stdin>: offset 0: 6 bytes"
: >"$T/empty"
run "$PERFMT" list -i "$T/empty"
expect "empty file" 2 "empty"
run "$PERFMT" list -i "$T/nonexistent"
expect "missing file" 2 "No such file"
mkdir -p "$T/emptydir"
run "$PERFMT" list -i "$T/emptydir"
expect "directory without data" 2 "emptydir/data"
run "$PERFMT" list -i "$P/google__perf_data_converter__perf.data.piped.corrupted.zero_size_sample-3.2"
expect "record of size 0: error with the offset" 2 "offset 0xbfd0: record of SAMPLE has size 0"
run "$PERFMT" list -i "$P/google__perf_data_converter__perf.data.piped.extrabyte-3.4"
expect "a stray byte after the last record" 3 "offset 0x8d080: 1 stray bytes"
run "$PERFMT" header -i "$P/local__killed.data"
expect "killed recording: data size 0" 3 "data size is 0: perf record did not finish"
grep -q "^records  *[1-9][0-9]* " "$W/out" &&
    ok "killed recording: records read to the end" ||
    bad "killed recording: records read to the end" "$(cat "$W/out")"
# a killed recording whose last record is cut (perf itself crashes on these)
s=$(wc -c <"$P/local__killed.data")
head -c $((s - 13)) "$P/local__killed.data" >"$T/killed-cut.data"
run "$PERFMT" header -i "$T/killed-cut.data"
expect "killed and cut: last record cut short" 3 "is cut short by the end of the file"
# a finished file-mode profile cut inside its data section
head -c 4000 "$P/local__x86_64__small.data" >"$T/small-cut.data"
run "$PERFMT" header -i "$T/small-cut.data"
expect "file cut in the data section: truncated" 3 "ends past the end of the file"
grep -q "offset 0x30: data section of" "$W/out" &&
    ok "truncation is listed as damage" || bad "truncation is listed as damage" "$(cat "$W/out")"
# cut inside the feature table: what comes after is lost, and said
head -c 18000 "$P/local__x86_64__small.data" >"$T/small-cut2.data"
run "$PERFMT" list -i "$T/small-cut2.data"
expect "file cut in the feature area" 3 "past the end of the file"
# cut inside the header and the attrs
head -c 50 "$P/local__x86_64__small.data" >"$T/small-cut3.data"
run "$PERFMT" list -i "$T/small-cut3.data"
expect "file cut in the header" 2 "too short for a perf.data header"
head -c 200 "$P/local__x86_64__small.data" >"$T/small-cut4.data"
run "$PERFMT" list -i "$T/small-cut4.data"
expect "file cut in the attrs" 2 "past the end of the file"
# the 72-byte header of perf before its feature bitmap: the same file with
# header.size 72 has no features, and the same records
cp "$P/local__x86_64__small.data" "$T/h72.data"
printf '\110' | dd of="$T/h72.data" bs=1 seek=8 conv=notrunc 2>/dev/null
run "$PERFMT" header -i "$T/h72.data"
expect "72-byte header: read" 0
"$PERFMT" header -i "$P/local__x86_64__small.data" 2>/dev/null | grep '^records' >"$T/r"
grep -q "^format .*72-byte header" "$W/out" && grep -q "^features  *none" "$W/out" &&
    grep -qxF "$(cat "$T/r")" "$W/out" && ok "72-byte header: no features, all records" ||
    bad "72-byte header: no features, all records" "$(cat "$W/out")"
# a feature this perfmt does not know is named by its number
cp "$P/local__x86_64__small.data" "$T/f48.data"
printf '\001' | dd of="$T/f48.data" bs=1 seek=78 conv=notrunc 2>/dev/null
run "$PERFMT" header -i "$T/f48.data"
expect "an unknown feature: read" 0
grep -q "^features .* PMU_CAPS feature 48 (21)$" "$W/out" &&
    ok "an unknown feature named by its number" ||
    bad "an unknown feature named by its number" "$(grep features "$W/out")"
# offsets past 4 GiB (-D_FILE_OFFSET_BITS=64 on 32-bit boards): the feature
# sections 5 GiB into a sparse file read as in the original
if command -v python3 >/dev/null 2>&1 &&
    python3 "$top/tests/far-features.py" "$P/local__x86_64__small.data" \
    "$T/far.data" 2>"$T/far.err"; then
	for c in list header; do
		"$PERFMT" $c -i "$P/local__x86_64__small.data" 2>&1 |
		    grep -v -e '^file ' -e '^profile time ' >"$T/near"
		"$PERFMT" $c -i "$T/far.data" 2>&1 | grep -v -e '^file ' -e '^profile time ' >"$W/out"
		same "$c: feature sections past 4 GiB" "$T/near"
	done
	rm -f "$T/far.data"
else
	skipped "feature sections past 4 GiB" "no python3, or no sparse file: $(cat "$T/far.err" 2>/dev/null)"
fi
run "$PERFMT" buildid "$P/local__x86_64__small.data"
expect "buildid of a perf.data: not ELF" 2 "not an ELF file"
# program headers past the end, the build-ID in a section: printed, and
# the damage said
cp "$W/elf/local__w-sha1" "$T/ph-far"
printf '\377\377\377\177' | dd of="$T/ph-far" bs=1 seek=36 conv=notrunc 2>/dev/null
run "$PERFMT" buildid "$T/ph-far"
expect "buildid: program headers past the end" 2 \
    "program headers at 0x7fffffff00000040 run past the end of the file"
grep -q "^b675b5371827a7690953ee2a36019dcf5d9f36c4 " "$W/out" &&
    ok "buildid: the ID from the sections all the same" ||
    bad "buildid: the ID from the sections all the same" "$(cat "$W/out")"
# the profiled binary under a sysroot, its last note segment one byte
# short (t-buildid): malformed, a mismatch, never the recorded ID; the
# segment whole to the end of the file: ok
mkdir -p "$T/cutsr/tmp/fix" "$W/home"
for n in 923 924; do
	head -c $n "$W/elf/local__w-sha1" >"$T/cutsr/tmp/fix/w-sha1"
	touch -d "2026-11-30 01:00:00 UTC" "$T/cutsr/tmp/fix/w-sha1"
	run env HOME="$W/home" "$PERFMT" check -p -t 2026-11-30T02:00 \
	    -s "$T/cutsr" -i "$P/local__sized.data"
	grep "	/tmp/fix/w-sha1	" "$W/out" >"$T/row"
	case $n in
	923) want="mismatch	b675b5371827a7690953ee2a36019dcf5d9f36c4	-	/tmp/fix/w-sha1	on disk: a malformed ELF file ($T/cutsr/tmp/fix/w-sha1)" ;;
	924) want="ok	b675b5371827a7690953ee2a36019dcf5d9f36c4	b675b5371827a7690953ee2a36019dcf5d9f36c4	/tmp/fix/w-sha1	build-ID matches ($T/cutsr/tmp/fix/w-sha1)" ;;
	esac
	[ "$(cat "$T/row")" = "$want" ] &&
	    ok "check -s: the binary cut at $n bytes: ${want%%	*}" ||
	    bad "check -s: the binary cut at $n bytes: ${want%%	*}" "rc $rc: $(cat "$T/row" "$W/err")"
done
run "$PERFMT" list -i "$W/elf/local__w-sha1"
expect "list of an ELF file: not perf.data" 2 "not a perf.data file"
run "$PERFMT" header -i "$P/local__inj-from-pipe.data"
expect "perf inject output from a pipe file: records read" 0 \
    "the ids and attrs lie over the start of the data section"
grep -q "^records  *[1-9]" "$W/out" && ok "inject output: records found" ||
    bad "inject output: records found" "$(cat "$W/out")"
# the same, recorded with -k mono: CLOCK_DATA comes in the stream, after
# the reader set out; the profile time is still the last sample's with --hits
for o in "" -H; do
	"$PERFMT" check $o -j -i "$P/local__inj-clock.data" 2>/dev/null |
	    tail -1 | grep -o '"profile_time":"[^"]*","profile_time_source":"[^"]*"'
done >"$T/ptime"
[ "$(sort -u "$T/ptime" | wc -l)" = 1 ] &&
    grep -q "last sample, by CLOCK_DATA" "$T/ptime" &&
    ok "in-stream CLOCK_DATA: the same profile time with --hits" ||
    bad "in-stream CLOCK_DATA: the same profile time with --hits" "$(cat "$T/ptime")"
