# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- fuzz regression inputs: no crash, no hang, no sanitizer report -------
# tests/data/fuzz holds each input the fuzz targets (tests/fuzz.c, make
# fuzz) or a review found to crash, hang or trip a sanitizer.  Each is read
# as the targets read it: as a file and as a pipe by header, list and check
# --hits=callchain (under an empty sysroot), and by buildid.  Any of the
# exit statuses 0, 1 and 2 will do; a signal, a hang (10 s here) or a
# sanitizer's report (make check-asan) will not.
survived() {
	if crashed; then
		bad "$1" "exit status $rc (crash or hang); stderr: $(tail -5 "$W/err")"
	elif grep -qE 'Sanitizer|runtime error:' "$W/err"; then
		bad "$1" "sanitizer report: $(grep -E 'Sanitizer|runtime error:' "$W/err" | head -3)"
	else
		ok "$1"
	fi
}
mkdir -p "$T/fuzz-root"
for f in "$D"/fuzz/*; do
	[ -f "$f" ] || continue
	n="fuzz $(basename "$f")"
	for args in "header -i" "list -i" "list -H -i" \
	    "check --hits=callchain -s $T/fuzz-root -c $T/fuzz-root -i"; do
		timeout 10 "$PERFMT" $args "$f" >"$W/out" 2>"$W/err"
		rc=$?
		survived "$n: ${args%% -i}"
		cat "$f" | timeout 10 "$PERFMT" $args - >"$W/out" 2>"$W/err"
		rc=$?
		survived "$n: ${args%% -i} from a pipe"
	done
	timeout 10 "$PERFMT" buildid "$f" >"$W/out" 2>"$W/err"
	rc=$?
	survived "$n: buildid"
done
