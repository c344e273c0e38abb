# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- the progress line: only on a terminal ---------------------------------
# the progress line ends in ESC [ K (erase to the end of the line): perfmt
# escapes that byte in every name it prints, so no path brings it in, as
# a path may bring in "MB/s" ("100MB/src")
run env PERFMT_PROGRESS_DELAY=0 "$PERFMT" check -i "$P/google__perf_data_converter__perf.data.busy.1-3.8"
grep -q "$(printf '\033')\[K" "$W/err" && bad "no progress line when stderr is not a terminal" \
    "$(cat "$W/err")" || ok "no progress line when stderr is not a terminal"
if command -v script >/dev/null 2>&1; then
	PERFMT_PROGRESS_DELAY=0 script -qc "$PERFMT check -i \
	    $P/google__perf_data_converter__perf.data.busy.1-3.8 >/dev/null" \
	    /dev/null >"$W/out" 2>&1 </dev/null
	grep -q "MB/s" "$W/out" && tail -c 4 "$W/out" | od -An -c | grep -q '\\r 033' &&
	    ok "progress line on a terminal, erased at the end" ||
	    bad "progress line on a terminal, erased at the end" "$(od -c "$W/out" | head)"
else
	skipped "progress line on a terminal" "no script(1)"
fi
