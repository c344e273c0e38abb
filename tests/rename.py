#!/usr/bin/env python3
# rename.py IN OUT [mmap2] OLD=NEW... [osrelease=RELEASE]: IN with each
# name OLD, ended by a NUL, made NEW (no longer than OLD: NUL bytes fill
# the rest, so that no offset or size moves), written to OUT.  Names end
# in a NUL wherever perf keeps them: MMAP and MMAP2 records, the build-ID
# table, the command line (docs/format.md §3.4, §2.1, §1.7).  With
# "mmap2" only MMAP2 records are changed (a file-mode profile, §1.2).
# osrelease= sets the OSRELEASE feature's string within the bytes perf
# padded it to (a little-endian file-mode profile, §1.6, §1.7).
import struct
import sys

d = bytearray(open(sys.argv[1], "rb").read())
e = "<" if d[:8] == b"PERFILE2" else ">"
args = sys.argv[3:]
only_mmap2 = "mmap2" in args
spans = [(0, len(d))]
if only_mmap2:
    off, size = struct.unpack_from(e + "QQ", d, 40)
    spans, p = [], off
    while p + 8 <= off + size:
        t, misc, sz = struct.unpack_from(e + "IHH", d, p)
        if sz < 8:
            break
        if t == 10:
            spans.append((p + 8, p + sz))
        p += sz
for a in args:
    if a == "mmap2" or a.startswith("osrelease="):
        continue
    old, new = (s.encode() for s in a.split("=", 1))
    if len(new) > len(old):
        sys.exit("rename.py: %s is longer than %s" % (new, old))
    want, put = old + b"\0", new + b"\0" * (len(old) - len(new) + 1)
    n = 0
    for lo, hi in spans:
        i = d.find(want, lo, hi)
        while i >= 0:
            d[i:i + len(want)] = put
            n += 1
            i = d.find(want, i + len(want), hi)
    if not n:
        sys.exit("rename.py: no name %s in %s" % (old, sys.argv[1]))
for a in args:
    if not a.startswith("osrelease="):
        continue
    rel = a.split("=", 1)[1].encode()
    # the feature sections follow the data, one {offset, size} for each
    # bit of the header's bitmap (at 72) below the one asked for
    off, size = struct.unpack_from(e + "QQ", d, 40)
    if e != "<":
        sys.exit("rename.py: osrelease= of a big-endian profile")
    bits = int.from_bytes(d[72:104], "little")
    if not bits >> 4 & 1:
        sys.exit("rename.py: no OSRELEASE feature in " + sys.argv[1])
    at = off + size + 16 * bin(bits & 0xF).count("1")
    foff, fsize = struct.unpack_from(e + "QQ", d, at)
    room = struct.unpack_from(e + "I", d, foff)[0]
    if len(rel) >= room or 4 + room > fsize:
        sys.exit("rename.py: %s does not fit in %d bytes" % (rel, room))
    d[foff + 4:foff + 4 + room] = rel + b"\0" * (room - len(rel))
open(sys.argv[2], "wb").write(d)
