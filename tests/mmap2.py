#!/usr/bin/env python3
# mmap2.py IN OUT FIELD=VALUE...: IN's MMAP2 records (type 10, not those
# carrying a build-ID, misc bit 14) with fields set, written to OUT; the
# fields are maj, min, ino and gen (docs/format.md §3.4), a value N or +N
# (added to the recorded one).  A file-mode profile of either byte order.
import struct
import sys

d = bytearray(open(sys.argv[1], "rb").read())
e = "<" if d[:8] == b"PERFILE2" else ">"
at = {"maj": (40, "I"), "min": (44, "I"), "ino": (48, "Q"), "gen": (56, "Q")}
sets = [a.split("=", 1) for a in sys.argv[3:]]
off, size = struct.unpack_from(e + "QQ", d, 40)
p = off
while p + 8 <= off + size:
    t, misc, sz = struct.unpack_from(e + "IHH", d, p)
    if sz < 8:
        break
    if t == 10 and not misc & 0x4000:
        for name, v in sets:
            o, f = at[name]
            n = int(v)
            if v.startswith("+"):
                n += struct.unpack_from(e + f, d, p + o)[0]
            struct.pack_into(e + f, d, p + o, n)
    p += sz
open(sys.argv[2], "wb").write(d)
