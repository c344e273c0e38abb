# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- unit tests ------------------------------------------------------------
for u in $UNIT; do
	if [ ! -x "$u" ]; then
		bad "unit $u" "not built"
		continue
	fi
	"$u" >"$W/unit.out" 2>"$W/unit.err"
	urc=$?
	while read -r word rest; do
		case $word in
		ok) ok "unit $(basename "$u"): $rest" ;;
		FAIL) bad "unit $(basename "$u"): $rest" ;;
		esac
	done <"$W/unit.out"
	[ "$urc" -le 1 ] || bad "unit $u" "exit status $urc"
done
