# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- the rules: docs/design.md's table is the code's -----------------------
# rules[] of perfmt.c, entry by entry ({ V_X, "code" }, after the comment
# lines that say when it holds, joined), as the rows of design.md's table
awk '
	/^} rules\[R_N\] = \{$/ { on = 1; next }
	on && /^};$/ { exit }
	on && /^\t\/\/ / { sub(/^\t\/\/ /, ""); when = when (when == "" ? "" : " ") $0; next }
	on && /^\t\{ V_[A-Z]+, "[^"]*" \},$/ {
		v = $2; sub(/^V_/, "", v); sub(/,$/, "", v)
		split($0, q, "\"")
		printf "| %d | `%s` | %s | %s |\n", ++n, q[2], tolower(v), when
		when = ""
	}' "$top/perfmt.c" >"$W/out"
sed -n '/^<!-- rules begin -->$/,/^<!-- rules end -->$/p' \
    "$top/docs/design.md" | sed '1,3d;$d' >"$T/doc"
n=$(wc -l <"$W/out")
[ "$n" -gt 20 ] && cmp -s "$W/out" "$T/doc" &&
    ok "rules: docs/design.md's table is rules[] ($n rules)" ||
    bad "rules: docs/design.md's table is rules[]" "$(diff "$T/doc" "$W/out" | head)"
# each rule is reached: -j's reason codes over the fixtures and the
# verdicts it gives are the table's
grep -o '`[a-z-]*` | [a-z]*' "$T/doc" | tr -d '`' | tr -s ' |' '  ' >"$T/pairs"
for f in "$P"/*.data; do
	HOME=$W/home "$PERFMT" check -a -j -i "$f" 2>/dev/null
done | sed -n 's/^{"verdict":"\([a-z]*\)","reason":"\([a-z-]*\)".*/\2 \1/p' |
    LC_ALL=C sort -u >"$T/seen"
LC_ALL=C sort -u "$T/pairs" >"$T/pairs.s"
LC_ALL=C comm -23 "$T/seen" "$T/pairs.s" >"$T/odd"
[ -s "$T/seen" ] && [ ! -s "$T/odd" ] &&
    ok "rules: every reason -j gives has the table's verdict ($(wc -l <"$T/seen") seen)" ||
    bad "rules: every reason -j gives has the table's verdict" "$(cat "$T/odd")"
