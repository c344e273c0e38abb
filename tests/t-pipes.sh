# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- pipe mode from standard input ---------------------------------------
for n in local__pipe.b.data local__s390x-inject__small.b.pipe.data; do
	"$PERFMT" list -i "$P/$n" >"$T/a" 2>/dev/null
	cat "$P/$n" | timeout 60 "$PERFMT" list -i - >"$W/out" 2>"$W/err"
	rc=$?
	expect "stdin pipe: $n" 0
	same "stdin pipe: $n = -i FILE" "$T/a"
done
cat "$P/local__x86_64__small.data" | timeout 60 "$PERFMT" list -i - \
    >"$W/out" 2>"$W/err"
rc=$?
expect "file mode through a pipe: refused" 2 "cannot be read from a pipe"
timeout 60 "$PERFMT" list -i - <"$P/local__x86_64__small.data" >"$W/out" \
    2>"$W/err"
rc=$?
expect "file mode on stdin as a file" 0
by_name "$P/local__x86_64__small.data.buildids" >"$T/sorted"
same "file mode on stdin as a file = -i FILE" "$T/sorted"
