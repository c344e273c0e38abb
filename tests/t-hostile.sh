# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- hostile input: every fixture cut and bit-flipped (tests/sweep.c) -------
# SWEEP is "BINARY STEP" (make test and make check-asan, the ASan and
# UBSan build: every 8th offset; make test-sweep, in CI: every 2nd).
# perfmt's messages go to a log.
if [ -n "${SWEEP:-}" ] && [ -z "$EMU" ]; then
	set -- $SWEEP
	if [ -x "$1" ]; then
		files=
		for f in "$W"/perf/*; do
			[ -f "$f" ] && case $f in *.buildids) ;; *) files="$files $f" ;; esac
		done
		timeout 1800 "$@" $files >"$W/sweep.out" 2>"$W/sweep.err"
		src=$?
		while read -r word rest; do
			case $word in
			ok) ok "$rest" ;;
			FAIL) bad "$rest" ;;
			esac
		done <"$W/sweep.out"
		[ "$src" -le 1 ] || bad "sweep: exit $src (crash or sanitizer report)" \
		    "$(tail -20 "$W/sweep.err")"
	else
		skipped "sweep" "$1 not built"
	fi
fi
# and a sample under valgrind: a cut header, a cut feature area, a flipped
# byte in the records
if [ -z "$EMU" ] && command -v valgrind >/dev/null 2>&1 &&
    [ "$(basename "$PERFMT")" = perfmt ] && musl_only "valgrind sample"; then
	f=$W/perf/local__x86_64__small.data
	head -c 200 "$f" >"$W/tmp/vg1"
	head -c $(($(wc -c <"$f") - 700)) "$f" >"$W/tmp/vg2"
	cp "$f" "$W/tmp/vg3"
	printf '\377' | dd of="$W/tmp/vg3" bs=1 seek=3000 conv=notrunc 2>/dev/null
	for v in vg1 vg2 vg3; do
		timeout 120 valgrind -q --error-exitcode=99 "$PERFMT" check \
		    --hits=callchain -i "$W/tmp/$v" >/dev/null 2>"$W/tmp/$v.err"
		vrc=$?
		[ "$vrc" -le 3 ] && ok "valgrind: check of $v, exit $vrc" ||
		    bad "valgrind: check of $v" "exit $vrc: $(tail -5 "$W/tmp/$v.err")"
	done
else
	skipped "valgrind sample" "no valgrind, or not the static build"
fi
