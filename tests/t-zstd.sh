# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- the zstd decoder (perf record -z) -----------------------------------
# tests/zstd.sh needs the zstd tool (test time only) and the driver built
# by make; it is skipped under an emulator (the host's run covers it).
if [ -n "$EMU" ]; then
	:
elif ! command -v zstd >/dev/null 2>&1; then
	skipped "zstd decoder" "no zstd tool (Debian: zstd)"
elif [ ! -x tests/zstd-test8-asan ]; then
	skipped "zstd decoder" "driver not built (make tests/zstd-test...)"
else
	sh tests/zstd.sh "$top/tests" "$W/perf" -q >"$W/zstd.log" 2>&1
	set -- $(tail -1 "$W/zstd.log")
	if [ "${2:-}" = passed, ]; then
		pass=$((pass + $1))
		fail=$((fail + $3))
		grep -A5 '^FAIL' "$W/zstd.log" | head -40
	else
		bad "zstd decoder" "$(tail -5 "$W/zstd.log")"
	fi
fi
