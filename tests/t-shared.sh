# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- every real file in ../shared/testdata -------------------------------
if [ -d "$SHARED" ]; then
	for f in "$SHARED"/perfdata/* "$SHARED"/guest-aarch64/*.data; do
		case $f in *.buildids|*.tsv|*.md) continue ;; esac
		for cmd in list header; do
			run "$PERFMT" $cmd -i "$f"
			crashed && bad "shared $cmd $(basename "$f")" "exit $rc" ||
			    ok "shared $cmd $(basename "$f")"
		done
		run "$PERFMT" buildid "$f"
		expect "shared buildid of a profile $(basename "$f")" 2 "not an ELF"
		if [ -f "$f.buildids" ] && grep -q "	yes([1-9]" \
		    "$SHARED/perfdata/MANIFEST.tsv" 2>/dev/null &&
		    grep "^$(basename "$f")	" "$SHARED/perfdata/MANIFEST.tsv" |
		    grep -q "	yes([1-9]"; then
			"$PERFMT" list -i "$f" >"$W/out" 2>/dev/null
			cp "$f.buildids" "$T/s"
			if ! grep "^$(basename "$f")	" "$SHARED/perfdata/MANIFEST.tsv" |
			    grep -q "written by perf 6.12"; then
				by_name "$f.buildids" >"$T/s"
			fi
			same "shared list $(basename "$f") = its .buildids" "$T/s"
		fi
	done
	for f in "$SHARED"/elf/*/*; do
		case $f in *.tsv|*.md) continue ;; esac
		for cmd in list header; do
			run "$PERFMT" $cmd -i "$f"
			crashed && bad "shared $cmd of an ELF file $(basename "$f")" \
			    "exit $rc" || ok "shared $cmd of an ELF file $(basename "$f")"
		done
		run "$PERFMT" buildid "$f"
		want=$(awk -F'\t' -v n="$(basename "$f")" '$1 == n { print $8 }' \
		    "$(dirname "$f")/MANIFEST.tsv")
		got=$(cut -d' ' -f1 "$W/out")
		[ -n "$got" ] || got=none
		if crashed; then
			bad "shared buildid $f" "exit $rc"
		elif [ "$got" = "$want" ]; then
			ok "shared buildid $(basename "$f") = MANIFEST"
		else
			bad "shared buildid $f = MANIFEST" "got $got, want $want"
		fi
	done
	# the cross-system workflow end to end: arm64 guest profiles against
	# the guest's own files as a sysroot
	G=$SHARED/guest-aarch64
	if [ -f "$G/aarch64__sysroot.tar.xz" ]; then
		rm -rf "$W/gsr"
		mkdir -p "$W/gsr"
		xz -dc "$G/aarch64__sysroot.tar.xz" | (cd "$W/gsr" && tar -xf -)
		for n in a-default s-system-wide m-buildid-mmap; do
			# the copy's mtime is no recording time: -r vouches
			run env HOME="$W/home" "$PERFMT" check -p -s "$W/gsr" \
			    -r "$G/aarch64__$n.data" -i "$G/aarch64__$n.data"
			expect "guest $n against its sysroot: exit 0" 0
			for obj in '[kernel.kallsyms]' /usr/bin/busybox; do
				awk -F'\t' -v p="$obj" '$4 == p { print $1 }' \
				    "$W/out" >"$T/v"
				[ "$(cat "$T/v")" = ok ] && ok "guest $n: $obj ok" ||
				    bad "guest $n: $obj ok" "$(cat "$W/out")"
			done
		done
		awk -F'\t' '$4 == "[vdso]" { print $1 }' "$W/out" >"$T/v"
		[ "$(cat "$T/v")" = skip ] && ok "guest vDSO without an ID: skip" ||
		    bad "guest vDSO without an ID: skip" "$(cat "$W/out")"
		run env HOME="$W/home" "$PERFMT" check -p -s "$W/gsr" \
		    -i "$G/aarch64__a-default.data"
		grep -q '^ok	48bd5898dfecb20fb217e7deeb2c06ae02c439e6	.*	\[vdso\]	build-ID matches: build-ID cache' \
		    "$W/out" && ok "guest vDSO from the sysroot's .debug" ||
		    bad "guest vDSO from the sysroot's .debug" "$(cat "$W/out")"
	else
		skipped "guest sysroot" "no $G/aarch64__sysroot.tar.xz"
	fi
else
	skipped "shared sweep" "no $SHARED"
fi
