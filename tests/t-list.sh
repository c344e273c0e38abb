# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- list: byte-identical to perf buildid-list for table profiles --------
# TABLES names the profiles with a build-ID table and how perf orders them.
while read -r name order; do
	case $name in ''|'#'*) continue ;; esac
	run "$PERFMT" list -i "$W/perf/$name"
	if crashed || [ "$rc" = 2 ]; then
		bad "list $name = perf" "exit $rc: $(cat "$W/err")"
		continue
	fi
	want=$W/perf/$name.buildids
	if [ "$order" = table ]; then
		by_name "$want" >"$W/tmp/sorted"
		want=$W/tmp/sorted
	fi
	same "list $name = perf buildid-list ($order)" "$want"
done <"$D/perf/TABLES"

# ---- golden outputs: list and header of every profile --------------------
for f in "$W"/perf/*; do
	n=$(basename "$f")
	case $n in *.buildids) continue ;; esac
	for cmd in list header; do
		(cd "$W/perf" && timeout 60 "$PERFMT" $cmd -i "$n" >"$W/out" \
		    2>"$W/err"; echo "exit $?" >>"$W/out")
		rc=$(sed -n 's/^exit //p' "$W/out" | tail -1)
		if crashed; then
			bad "$cmd $n" "exit $rc: $(cat "$W/err")"
			continue
		fi
		# a time taken from the unpacked file's mtime is today's
		sed -i '/^profile time .*(the mtime of the perf\.data/d' "$W/out"
		same "$cmd $n golden" "$E/$n.$cmd"
	done
done
