# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- fixed memory: peak RSS -------------------------------------------------
if [ -n "$EMU" ]; then
	skipped "peak RSS" "under $EMU the RSS is the emulator's"
elif [ "$(basename "$PERFMT")" != perfmt ]; then
	skipped "peak RSS" "not the static build (a sanitizer build has shadow memory)"
elif ! musl_only "peak RSS"; then
	:
elif [ -x /usr/bin/time ]; then
	for n in local__x86_64__small.data GrapheneOS__platform_system_extras__generated_by_linux_perf.data \
	    mstange__linux-perf-data__fibo.compressed2.pipe.data; do
		/usr/bin/time -f %M -o "$T/rss" "$PERFMT" check --hits=callchain \
		    -i "$P/$n" >/dev/null 2>&1
		kb=$(tail -1 "$T/rss")
		[ "$kb" -le 2048 ] && ok "peak RSS ${kb} KiB <= 2 MiB: $n" ||
		    bad "peak RSS <= 2 MiB: $n" "$kb KiB"
	done
else
	skipped "peak RSS" "no GNU time (Debian: time)"
fi
# the bound whatever the input: every page of the program and its static
# tables touched, with 64 KiB left for the stack
if [ -z "$EMU" ] && [ "$(basename "$PERFMT")" = perfmt ] &&
    command -v size >/dev/null 2>&1 && musl_only "the size bound"; then
	# the zstd state is touched only by -z profiles (their RSS is
	# measured above)
	z=$("$PERFMT" -V | awk '/zstd state/ { print $3 }')
	sz=$(size "$PERFMT" | awk -v z="${z:-0}" 'NR == 2 { print $1 + $2 + $3 - z }')
	[ "$sz" -le $((2048 * 1024 - 65536)) ] &&
	    ok "text + data + bss but zstd $sz bytes: under 2 MiB with a 64 KiB stack" ||
	    bad "text + data + bss but zstd under 2 MiB - 64 KiB" "$sz bytes"
else
	skipped "static size bound" "not the host's static build, or no size(1)"
fi
