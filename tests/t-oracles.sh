# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- oracles: readelf -n, perf buildid-list ------------------------------
if command -v readelf >/dev/null 2>&1; then
	while read -r name id; do
		[ "$(head -c 4 "$W/elf/$name" | od -An -c | tr -d ' ')" = '177ELF' ] ||
		    continue
		want=$(readelf -n "$W/elf/$name" 2>/dev/null |
		    awk '/Build ID:/ { print $3; exit }')
		got=$("$PERFMT" buildid "$W/elf/$name" 2>/dev/null | cut -d' ' -f1)
		[ "$got" = "$want" ] && ok "readelf -n agrees: $name" ||
		    bad "readelf -n agrees: $name" "perfmt '$got', readelf '$want'"
	done <"$D/elf/EXPECTED.tsv"
else
	skipped "readelf oracle" "readelf not installed"
fi

perf_works=
if command -v perf >/dev/null 2>&1 &&
    perf buildid-list -i "$P/local__x86_64__small.data" >/dev/null 2>&1; then
	perf_works=1
fi
if [ -n "$perf_works" ]; then
	while read -r name order; do
		case $name in ''|'#'*) continue ;; esac
		if ! perf buildid-list -f -i "$P/$name" >"$T/perf0" 2>/dev/null
		then
			skipped "perf buildid-list -i $name" "this perf cannot read it"
			continue
		fi
		# a perf before 6.9 prints the table's order
		if perf version 2>/dev/null | grep -q ' [1-5]\.\| 6\.[0-8]\.'; then
			by_name "$T/perf0" >"$T/perf"
		else
			cp "$T/perf0" "$T/perf"
		fi
		"$PERFMT" list -i "$P/$name" >"$W/out" 2>/dev/null
		same "perf buildid-list -i $name (live)" "$T/perf"
	done <"$D/perf/TABLES"
	# header fields against perf report --header-only
	for f in "$P"/*; do
		n=$(basename "$f")
		case $n in *.buildids) continue ;; esac
		perf report --header-only -i "$f" >"$T/hp" 2>/dev/null || continue
		# perf reads the feature table of a killed recording from
		# sample data, and the sections perf inject left unswapped in
		# a big-endian file as garbage (docs/format.md §4)
		grep -q '^# data size *: 0$' "$T/hp" && continue
		case $n in local__s390x-inject__*) continue ;; esac
		"$PERFMT" header -i "$f" >"$T/hm" 2>/dev/null
		for pair in "hostname:hostname" "os release:os release" \
		    "perf version:perf version" "arch:arch" "cpudesc:cpu" \
		    "cpuid:cpuid" "nrcpus online:cpus" "total memory:memory" \
		    "time of first sample:sample time"; do
			p=${pair%%:*}
			m=${pair#*:}
			sed -n "s/^# $p : //p" "$T/hp" >"$T/a"
			# perf prints empty and zero values; perfmt omits them
			grep -q . "$T/a" && ! grep -qx -e '(null)' -e '0.000000' \
			    "$T/a" || continue
			sed -n "s/^$m  *//p" "$T/hm" >"$W/out"
			case $m in
			cpus) sed -i 's/ online.*//' "$W/out" ;;
			memory) sed -i 's/ kB$//' "$T/a"; sed -i 's/ kB$//' "$W/out" ;;
			'sample time') sed -i 's/^\([0-9]*\.[0-9]\{6\}\).*/\1/' "$W/out" ;;
			esac
			same "header $m = perf report --header-only: $n" "$T/a"
		done
	done
	if [ -r /sys/kernel/notes ]; then
		run "$PERFMT" list --kernel
		perf buildid-list -k >"$T/perf" 2>/dev/null
		same "list --kernel = perf buildid-list -k" "$T/perf"
	else
		skipped "list --kernel" "/sys/kernel/notes not readable"
	fi
	sh "$top/tests/live.sh" "$PERFMT" "$T/live" "$D/elf/local__w.c" \
	    >"$T/live.log" 2>&1
	sh "$top/tests/live-fs.sh" "$PERFMT" "$T/live-fs" "$D/elf/local__w.c" \
	    >>"$T/live.log" 2>&1
	while IFS='|' read -r word what detail; do
		case $word in
		ok) ok "live: $what" ;;
		FAIL) bad "live: $what" "$detail" ;;
		skip) skipped "live: $what" "$detail" ;;
		esac
	done <"$T/live.log"
else
	skipped "perf oracle" "perf not installed or cannot read perf.data here"
	if [ -r /sys/kernel/notes ]; then
		run "$PERFMT" list --kernel
		"$PERFMT" buildid /sys/kernel/notes 2>/dev/null | cut -d' ' -f1 >"$T/k"
		same "list --kernel = buildid /sys/kernel/notes" "$T/k"
	fi
fi
