# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- --hits: the objects samples fall in ------------------------------------
# The .buildids of a profile without a build-ID table is perf buildid-list
# -H's list (perf 6.1 processes the samples then); perf names a vDSO it
# extracts /tmp/perf-vdso.so-XXXXXX, and may list one path once per inode.
norm_hits() {
	sed 's|/tmp/perf-vdso.so-......$|[vdso]|' "$1" | LC_ALL=C sort -u
}
for n in google__perf_data_converter__perf.data.piped.target-3.4 \
    google__perf_data_converter__perf.data.piped.extrabyte-3.4 \
    google__perf_data_converter__perf.data.piped.header_features_aligned-6.12 \
    local__x86_64__buildidmmap.data local__s390x-inject__buildidmmap.data \
    aarch64__b-no-buildid-B.data aarch64__m-buildid-mmap.data \
    aarch64__p-pipe.data local__reordered.data local__late-parent.data \
    local__exec-late.data KDAB__perfparser__vector_static_gcc_perf.data.zstd; do
	"$PERFMT" list -H -i "$P/$n" >"$T/h" 2>/dev/null
	norm_hits "$T/h" >"$W/out"
	norm_hits "$P/$n.buildids" >"$T/hp"
	same "list -H $n = perf buildid-list -H" "$T/hp"
done
run env HOME="$W/home" "$PERFMT" check -p --hits -t 2026-11-30 \
    -i "$P/local__x86_64__buildidmmap.data"
[ "$(cut -f4 "$W/out" | LC_ALL=C sort | tr '\n' ' ')" = \
    "/usr/bin/python3.11 /usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 /usr/lib/x86_64-linux-gnu/libc.so.6 [kernel.kallsyms] " ] &&
    ok "check --hits: the objects with samples only" ||
    bad "check --hits: the objects with samples only" "$(cat "$W/out")"
# --hits=callchain: the objects samples fall in and those their call
# chains pass through.  In local__z3.data (perf record -g) ls faults on
# a page of libpcre2's code: the sample's address is the kernel's, and its
# call chain holds the libpcre2 address (perf script shows it in no
# sample's own address, in one call chain).  That library is the one
# more, and every object --hits finds is found
run "$PERFMT" list --hits -i "$P/local__z3.data"
LC_ALL=C sort "$W/out" >"$T/hits.sample"
run "$PERFMT" list --hits=callchain -i "$P/local__z3.data"
LC_ALL=C sort "$W/out" >"$T/hits.chain"
LC_ALL=C comm -13 "$T/hits.sample" "$T/hits.chain" >"$T/hits.more"
LC_ALL=C comm -23 "$T/hits.sample" "$T/hits.chain" >"$T/hits.lost"
printf '%40s %s\n' "" /usr/lib/x86_64-linux-gnu/libpcre2-8.so.0.11.2 >"$T/hits.want"
[ "$rc" = 0 ] && [ -s "$T/hits.sample" ] && [ ! -s "$T/hits.lost" ] &&
    cmp -s "$T/hits.more" "$T/hits.want" &&
    ok "--hits=callchain: what --hits finds, and the library only call chains reach" ||
    bad "--hits=callchain: what --hits finds, and the library only call chains reach" \
    "rc $rc; more: $(cat "$T/hits.more"); lost: $(cat "$T/hits.lost")"
run "$PERFMT" check --hits=frames -i "$P/local__x86_64__small.data"
expect "--hits=frames: usage error" 2 "expected sample or callchain"
