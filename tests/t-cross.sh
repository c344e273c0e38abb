# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- the same answers as the host build (make test-cross) -----------------
# Every command over every fixture: stdout, stderr and exit status must be
# byte-identical to the host binary's; on s390x this is the proof that no
# code depends on the host's byte order.
if [ -n "$HOSTBIN" ]; then
	# agree NAME ARGS...: the emulated and the host binary, same answers
	agree() {
		nm=$1
		shift
		(cd "$W" && env HOME="$W/home" timeout 120 "$PERFMT" "$@" \
		    >"$T/c.out" 2>"$T/c.err" <"${IN:-/dev/null}"; echo $? >"$T/c.rc")
		(cd "$W" && env HOME="$W/home" "$HOSTBIN" "$@" \
		    >"$T/h.out" 2>"$T/h.err" <"${IN:-/dev/null}"; echo $? >"$T/h.rc")
		# the time a header takes from the file's mtime and birth
		# (statx) is the emulator's to give: compared elsewhere
		for o in "$T/c.out" "$T/h.out"; do
			sed '/^profile time .*(the mtime of the perf\.data/d' "$o" >"$T/x"
			mv "$T/x" "$o"
		done
		# qemu-s390x (7.2) gives its guests' stat() no nanoseconds
		if [ "$EMU" = qemu-s390x-static ]; then
			for o in "$T/c.out" "$T/h.out"; do
				sed 's/\("mtime":"[^".]*\)\.[0-9]*Z"/\1Z"/g' "$o" >"$T/x"
				mv "$T/x" "$o"
			done
		fi
		if cmp -s "$T/c.out" "$T/h.out" && cmp -s "$T/c.err" "$T/h.err" &&
		    cmp -s "$T/c.rc" "$T/h.rc"; then
			ok "same as the host: $nm"
		else
			bad "same as the host: $nm" "status $(cat "$T/c.rc") vs \
$(cat "$T/h.rc"); $(diff "$T/h.out" "$T/c.out" | head -5) \
$(diff "$T/h.err" "$T/c.err" | head -5)"
		fi
	}
	for f in "$W"/perf/*; do
		n=$(basename "$f")
		case $n in *.buildids) continue ;; esac
		agree "list $n" list -i "$f"
		agree "list -H $n" list -H -i "$f"
		agree "header $n" header -i "$f"
		# -s /: the files of this host, but not the running vDSO,
		# which is the emulator's (qemu-user gives its guests none);
		# -L: the emulator's uname is another arch than the host's
		agree "check $n" check -p -L -s / -t 2026-01-01 -i "$f"
		agree "check --hits=callchain $n" check -j -L -s / \
		    --hits=callchain -t 2026-01-01 -i "$f"
		if [ -f "$f" ]; then
			IN=$f
			agree "list of stdin $n" list -i -
			IN=
		fi
	done
	for f in "$W"/elf/*; do
		agree "buildid $(basename "$f")" buildid "$f"
	done
	# the inputs the fuzzers found, each through every reader
	for f in "$D"/fuzz/*; do
		n=fuzz/$(basename "$f")
		agree "header $n" header -i "$f"
		agree "check $n" check -p -a -L -s / -t 2026-01-01 -i "$f"
		agree "check -H $n" check -p -H -L -s / -t 2026-01-01 -i "$f"
		agree "buildid $n" buildid "$f"
	done
	# and without a sysroot, the vDSO row says what it lacks (qemu 7.2
	# gives its guests no vDSO) or names the emulator's
	run env HOME="$W/home" "$PERFMT" check -a -p -L -i "$P/local__x86_64__small.data"
	grep -q -e '^missing	b0af7178ba47aca58d16966d2c4d17c913589189	-	\[vdso\]	this process has no vDSO to compare with' \
	    -e '	[0-9a-f]\{16,\}	\[vdso\]	.*running vDSO' "$W/out" &&
	    ok "under $EMU: the vDSO row says what it compared" ||
	    bad "under $EMU: the vDSO row says what it compared" "$(grep vdso "$W/out")"
fi
