# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- records that look like others, a record of size 0 ------------------
# a sample across the middle whose bytes look like records: the read steps
# over it by its size, and check says what it says of the profile; a
# record of size 0 stops the read there, said as damage
B=$P/local__x86_64__small.data
for what in over zero; do
	python3 - "$B" "$T/$what.data" "$what" <<'PY' || bad "make the $what profile"
import struct, sys
b = bytearray(open(sys.argv[1], 'rb').read())
start, size = struct.unpack_from('<QQ', b, 40)
mid = start + (size // 2 & ~7)
p = start
while True:
    t, m, s = struct.unpack_from('<IHH', b, p)
    if sys.argv[3] == 'zero' and p > start + size // 4 and t == 9:
        struct.pack_into('<H', b, p + 6, 0)
        break
    if p < mid < p + s:
        assert t == 9 and p + s - mid >= 24, (t, p, s, mid)
        struct.pack_into('<IHH', b, mid, 3, 0, 16)
        struct.pack_into('<IHH', b, mid + 16, 3, 0, 65528)
        break
    p += s
open(sys.argv[2], 'wb').write(b)
PY
done
for c in "check -t 2026-01-01 -a -p" "list"; do
	$PERFMT $c -i "$B" >"$T/o1" 2>"$T/e1"
	r1=$?
	$PERFMT $c -i "$T/over.data" >"$T/o2" 2>"$T/e2"
	r2=$?
	# (the messages name the file)
	sed -i "s|$T/over.data|$B|" "$T/e2"
	[ "$r1" = "$r2" ] && cmp -s "$T/o1" "$T/o2" && cmp -s "$T/e1" "$T/e2" &&
	    ok "over: read as the profile it came from ($c)" ||
	    bad "over: read as the profile it came from ($c)" \
	    "status $r1 / $r2; $(diff "$T/e1" "$T/e2" | head -5)"
done
run "$PERFMT" check -t 2026-01-01 -i "$T/zero.data"
expect "zero: the damage said" 2 "has size 0"
