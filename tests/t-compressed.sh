# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- perf record -z: the records perf sees ----------------------------------
# The mapped paths (every object, the path column of -p), sorted as
# tests/oracle-mmaps.sh sorts perf's, into $W/out.  Usage: mapped_paths IN
# (IN may be -, read from standard input).
mapped_paths() {
	HOME=$W/home "$PERFMT" check -a -p -i "$1" 2>/dev/null | cut -f4 |
	    LC_ALL=C sort -u >"$W/out"
}
# The mapped paths must be what perf script --show-mmap-events printed, the
# objects samples fall in what perf buildid-list -H printed (the .mmaps and
# .hits oracles, made by tests/record-fixtures.sh), at levels 1, 3 and 19.
for l in 1 3 19; do
	n=local__z$l.data
	mapped_paths "$P/$n"
	same "-z $l: mapped paths = perf script --show-mmap-events" "$D/perf/$n.mmaps"
	"$PERFMT" list -H -i "$P/$n" 2>/dev/null | LC_ALL=C sort >"$W/out"
	same "-z $l: list -H = perf buildid-list -H" "$D/perf/$n.hits"
	run "$PERFMT" header -i "$P/$n"
	grep -q "^compressed    zstd level $l, [0-9]* COMPRESSED records, [0-9]* bytes, decoded to [0-9]* bytes in [0-9]* records (ratio [0-9.]*)" \
	    "$W/out" && grep -q '^damage        none' "$W/out" &&
	    ok "-z $l: header gives the ratio, no damage" ||
	    bad "-z $l: header gives the ratio, no damage" "$(cat "$W/out")"
done
# -z profiles of perf 4.18 (perfparser's test data), of perf 6.5 on
# aarch64 and a COMPRESSED2 pipe (mstange's; their oracles by perf 6.12.95
# and 7.2.13, as perf 6.1 refuses the 152-byte attr and 6.12 stops at the
# first COMPRESSED2), and the mapped paths
for n in KDAB__perfparser__vector_static_gcc_perf.data.zstd \
    mstange__linux-perf-data__sleep.compressed.data \
    mstange__linux-perf-data__fibo.compressed2.pipe.data; do
	mapped_paths "$P/$n"
	same "-z $n: mapped paths = perf script --show-mmap-events" "$D/perf/$n.mmaps"
done
# perf record -z into a pipe, read from a file and from standard input: the
# mapped paths and the objects samples fall in are what perf script shows
# (perf's own buildid-list cannot read this file back)
n=local__zpipe.data
for how in file stdin; do
	if [ $how = file ]; then in=$P/$n; else in=-; fi
	mapped_paths "$in" <"$P/$n"
	same "-z pipe ($how): mapped paths = perf script --show-mmap-events" \
	    "$D/perf/$n.mmaps"
	"$PERFMT" list -H -i "$in" <"$P/$n" 2>/dev/null | cut -c42- |
	    LC_ALL=C sort >"$W/out"
	same "-z pipe ($how): list -H = the DSOs of perf script's samples" \
	    "$D/perf/$n.sampled"
done
run "$PERFMT" header -i "$P/$n"
grep -q '^format        pipe mode' "$W/out" &&
    grep -q '^compressed    zstd level 1, 2 COMPRESSED records, 2892 bytes, decoded to 14152 bytes in 139 records (ratio 4.89)' "$W/out" &&
    ok "-z pipe: header gives the ratio" || bad "-z pipe: header gives the ratio" "$(cat "$W/out")"
# a -z stream cut inside a COMPRESSED record, and one with a byte changed:
# damage named, never a crash
n=$P/local__z1.data
sz=$(wc -c <"$n")
head -c $((sz * 2 / 5)) "$n" >"$T/zcut"
run "$PERFMT" header -i "$T/zcut"
expect "-z cut: truncation" 3 "the last record (COMPRESSED, 2507 bytes) is cut short"
cp "$n" "$T/zflip"
printf '\377\377\377\377' | dd of="$T/zflip" bs=1 seek=900 conv=notrunc 2>/dev/null
run "$PERFMT" header -i "$T/zflip"
expect "-z changed: the zstd offset named" 2 \
    "offset 0x218: COMPRESSED data: offset 0x52: Huffman-coded literals do not decode"
