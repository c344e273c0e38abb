# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- either byte order: the same answers -----------------------------------
for pair in "local__x86_64__small.data local__s390x-inject__small.b.data" \
    "local__x86_64__small.data local__s390x-inject__small.b.perf612.data" \
    "local__x86_64__buildidmmap.data local__s390x-inject__buildidmmap.data" \
    "local__x86_64__threads.data local__s390x-inject__threads.b.data"; do
	set -- $pair
	"$PERFMT" list -i "$P/$1" >"$T/le" 2>/dev/null
	"$PERFMT" list -i "$P/$2" >"$W/out" 2>/dev/null
	case $2 in *perf612*) by_name "$T/le" >"$T/le2"; mv "$T/le2" "$T/le" ;; esac
	same "big-endian $2 lists as $1" "$T/le"
	# the whole header but what perf inject changed: the file, its
	# format and size, its command line, the build-ID records -b adds
	# (records, build-ids) and the note on little-endian features
	injected='^(file|format|data|command line|records|build-ids|notes|profile time) '
	"$PERFMT" header -i "$P/$1" 2>/dev/null | grep -vE "$injected" >"$T/le"
	"$PERFMT" header -i "$P/$2" 2>/dev/null | grep -vE "$injected" >"$W/out"
	if [ "$(wc -l <"$T/le")" -gt 10 ]; then
		same "big-endian $2 header as $1" "$T/le"
	else
		bad "big-endian $2 header as $1" "too short: $(cat "$T/le")"
	fi
	"$PERFMT" header -i "$P/$2" 2>/dev/null | grep '^format ' >"$W/out"
	grep -q '^format  *file mode, big-endian, ' "$W/out" &&
	    ok "big-endian $2 header says big-endian" ||
	    bad "big-endian $2 header says big-endian" "$(cat "$W/out")"
	# the same verdicts, in any order (perf 6.12 orders its table by name)
	for o in "" --hits --hits=callchain; do
		HOME=$W/home "$PERFMT" check -p $o -t 2026-01-01 -i "$P/$1" \
		    2>/dev/null | LC_ALL=C sort >"$T/le"
		HOME=$W/home "$PERFMT" check -p $o -t 2026-01-01 -i "$P/$2" \
		    2>/dev/null | LC_ALL=C sort >"$W/out"
		same "big-endian $2 check $o as $1" "$T/le"
	done
done
