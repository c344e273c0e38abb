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
		# (s-system-wide's libc has no ID, and a sysroot's copy of it
		# cannot be vouched for by its times: exit 3)
		for n in a-default:0 s-system-wide:3 m-buildid-mmap:0; do
			x=${n#*:}
			n=${n%:*}
			# the copy's mtime is no recording time: -r vouches
			run env HOME="$W/home" "$PERFMT" check -p -s "$W/gsr" \
			    -r "$G/aarch64__$n.data" -i "$G/aarch64__$n.data"
			expect "guest $n against its sysroot: exit $x" $x
			for obj in '[kernel.kallsyms]' /usr/bin/busybox; do
				awk -F'\t' -v p="$obj" '$4 == p { print $1 }' \
				    "$W/out" >"$T/v"
				[ "$(cat "$T/v")" = ok ] && ok "guest $n: $obj ok" ||
				    bad "guest $n: $obj ok" "$(cat "$W/out")"
			done
		done
		# the board's system-wide profile, copied (its time a copy's):
		# the objects its samples and callchains reach are judged, the
		# two dozen others counted; libc, which only callchains reach
		# and perf's pass gave no ID, cannot be told (exit 3), and no
		# row says changed
		run env HOME="$W/home" "$PERFMT" check -p -s "$W/gsr" \
		    -i "$G/aarch64__s-system-wide.data"
		n=$(grep -vc '^ok	' "$W/out")
		[ "$rc" = 3 ] && [ "$n" = 1 ] &&
		    grep -q '^unverified	-	.*	/usr/lib/aarch64-linux-gnu/libc.so.6	' "$W/out" &&
		    ok "guest system-wide: what the report uses, libc cannot be told" ||
		    bad "guest system-wide: what the report uses, libc cannot be told" "exit $rc: $(cat "$W/out")"
		# no sample falls in the vDSO: -a judges it
		run env HOME="$W/home" "$PERFMT" check -a -p -s "$W/gsr" \
		    -r "$G/aarch64__m-buildid-mmap.data" \
		    -i "$G/aarch64__m-buildid-mmap.data"
		awk -F'\t' '$4 == "[vdso]" { print $1 }' "$W/out" >"$T/v"
		[ "$(cat "$T/v")" = skip ] && ok "guest vDSO without an ID: skip" ||
		    bad "guest vDSO without an ID: skip" "$(cat "$W/out")"
		run env HOME="$W/home" "$PERFMT" check -a -p -s "$W/gsr" \
		    -i "$G/aarch64__a-default.data"
		grep -q '^ok	48bd5898dfecb20fb217e7deeb2c06ae02c439e6	.*	\[vdso\]	build-ID matches: build-ID cache' \
		    "$W/out" && ok "guest vDSO from the sysroot's .debug" ||
		    bad "guest vDSO from the sysroot's .debug" "$(cat "$W/out")"
		# a board's -B profile: a sysroot's copies are not the files
		# perf mapped, and their times are the copy's: inject on the
		# host adds nothing, and says to inject where it was recorded
		f=$G/aarch64__b-no-buildid-B.data
		run env HOME="$W/home" "$PERFMT" inject -s "$W/gsr" -r "$f" -i "$f" \
		    -o "$W/b.data"
		if [ "$rc" = 3 ] && grep -q '^left  -  *\/usr\/bin\/busybox  unverified: no build-ID recorded; a copy under the sysroot.*perfmt inject where it was recorded' "$W/out" &&
		    grep -q '^left .* \[kernel.kallsyms\]  ' "$W/out" &&
		    ! grep -q '^add ' "$W/out"; then
			ok "guest -B inject -s: a sysroot's copies give no ID"
		else
			bad "guest -B inject -s: a sysroot's copies give no ID" \
			    "rc $rc: $(cat "$W/out")"
		fi
		# a board's system-wide profile: archive the recorded IDs from
		# the sysroot (libc, which only callchains reach, has none:
		# perf's pass left it out); perf report over the unpacked
		# archive names what it names with --symfs (and the vDSO, from
		# the sysroot's cache, too), but libc's functions
		f=$G/aarch64__s-system-wide.data
		rm -rf "$W/gw"
		mkdir -p "$W/gw/h/.debug" "$W/gw/h0"
		cp "$f" "$W/gw/s.data"
		run env HOME="$W/home" "$PERFMT" archive --hits=callchain -s "$W/gsr" \
		    -r "$f" -i "$W/gw/s.data" -o "$W/gw/s.tar"
		if [ "$rc" = 3 ] && [ "$(grep -c '^put ' "$W/err")" = 3 ] &&
		    grep -q '^left .* \[kernel.kallsyms\]  ' "$W/err" &&
		    grep -q '^left  - /usr/lib/aarch64-linux-gnu/libc.so.6  no build-ID recorded' "$W/err" &&
		    (cd "$W/gw/h/.debug" && tar -xf "$W/gw/s.tar"); then
			ok "guest archive -s: busybox, perf, the vDSO; not the kernel, nor libc"
		else
			bad "guest archive -s: busybox, perf, the vDSO; not the kernel, nor libc" "rc $rc: $(cat "$W/err")"
		fi
		run env HOME="$W/home" "$PERFMT" check -c "$W/gw/h/.debug" --hits=callchain \
		    -r "$f" -i "$W/gw/s.data" -p
		if [ "$(grep -c '^ok	' "$W/out")" = 3 ]; then
			ok "guest check -c over the unpacked archive: ok for all put"
		else
			bad "guest check -c over the unpacked archive: ok for all put" "$(cat "$W/out")"
		fi
		if command -v perf >/dev/null 2>&1; then
			for how in cache symfs bare; do
				case $how in
				cache) h=$W/gw/h o= ;;
				symfs) h=$W/gw/h0 o=--symfs=$W/gsr ;;
				bare) h=$W/gw/h0 o= ;;
				esac
				(export HOME="$h"; perf_rows $o -i "$W/gw/s.data") \
				    >"$W/gw/rep.$how"
			done
			grep -v '\[vdso\]\|libc\.so\.6' "$W/gw/rep.cache" >"$W/gw/c"
			grep -v '\[vdso\]\|libc\.so\.6' "$W/gw/rep.symfs" >"$W/gw/s"
			if [ -s "$W/gw/c" ] && cmp -s "$W/gw/c" "$W/gw/s" &&
			    grep -q 'libc\.so\.6 *\[\.\] __poll$' "$W/gw/rep.symfs" &&
			    ! grep -q '__poll$' "$W/gw/rep.cache" &&
			    grep -q '\[vdso\] *\[\.\] __kernel_rt_sigreturn$' "$W/gw/rep.cache"; then
				ok "guest perf report over the archive: as with --symfs, the vDSO named, libc not"
			else
				bad "guest perf report over the archive: as with --symfs, the vDSO named, libc not" \
				    "$(diff "$W/gw/rep.cache" "$W/gw/rep.symfs" | head -5)"
			fi
		else
			skipped "guest perf report over the archive" "perf not installed"
		fi
	else
		skipped "guest sysroot" "no $G/aarch64__sysroot.tar.xz"
	fi
else
	skipped "shared sweep" "no $SHARED"
fi
