#!/usr/bin/env python3
# features.py FILE: one line per feature section of a perf.data, "BIT SIZE
# SHA1" in bit order (docs/format.md §1.2, §1.6); "attr SHA1" of each attr
# (its fields, below) with its ids; "data SIZE SHA1" of its records; then "head SHA1" of a
# file's header and what lies before its data.  The inject tests compare
# two profiles with it.  Little- and big-endian writers alike.
#
# A pipe-form profile (§1.8) gives the same lines for what a file made of
# it holds: its HEADER_FEATURE payloads (HEADER_TRACING_DATA's as bit 1),
# its HEADER_ATTR records, its other records (§3.8), and no head; a
# directory, its data file's lines with the streams' records in "data".
import hashlib
import os
import struct
import sys

# a perf record --threads directory (§5.6): its data file, whose records
# are followed by each data.N stream's whole records
path, streams = sys.argv[1], b""
top = path
if os.path.isdir(path):
    path += "/data"
with open(path, "rb") as f:
    b = f.read()
be = b[:8] == b"2ELIFREP"
o = ">" if be else "<"
i = 0
while top != path and os.path.exists("%s/data.%d" % (top, i)):
    with open("%s/data.%d" % (top, i), "rb") as f:
        s = f.read()
    p = 0
    while p + 8 <= len(s):
        size = struct.unpack_from(o + "H", s, p + 6)[0]
        if size < 8 or p + size > len(s):
            break
        p += size
    streams += s[:p]
    i += 1
hdr = struct.unpack_from(o + "Q", b, 8)[0]


def sha(x):
    return hashlib.sha1(x).hexdigest()


# an attr as its fields say it, whatever size it was written at: its own
# size field left out, and the zeros at its end (a reader takes what an
# attr leaves out as zeros; perfmt inject writes a pipe's attrs at the
# smallest size that holds them, §1.4)
def attr(a):
    return (a[:4] + b"\0" * 4 + a[8:]).rstrip(b"\0")


if hdr == 16:
    feats, attrs, data = {}, [], []
    p = 16
    while p + 8 <= len(b):
        t, misc, size = struct.unpack_from(o + "IHH", b, p)
        if size < 8 or p + size > len(b):
            break
        extra = 0
        if t == 71:
            extra = struct.unpack_from(o + "Q", b, p + 8)[0]
        if t == 66:
            extra = struct.unpack_from(o + "I", b, p + 8)[0]
            feats[1] = b[p + size:p + size + extra]
        elif t == 80:
            bit = struct.unpack_from(o + "Q", b, p + 8)[0]
            if size > 16 and bit < 256:
                feats[bit] = b[p + 16:p + size]
        elif t == 64:
            n = struct.unpack_from(o + "I", b, p + 12)[0] or 64
            attrs.append(attr(b[p + 8:p + 8 + n]) + b[p + 8 + n:p + size])
        elif t not in (65, 67):
            data.append(b[p:p + size + extra])
        p += size + extra
    for bit in sorted(feats):
        print(bit, len(feats[bit]), sha(feats[bit]))
    for a in attrs:
        print("attr", sha(a))
    d = b"".join(data)
    print("data", len(d), sha(d))
    sys.exit(0)

asz = struct.unpack_from(o + "Q", b, 16)[0]
aoff, asize = struct.unpack_from(o + "QQ", b, 24)
doff, dsize = struct.unpack_from(o + "QQ", b, 40)
bits = []
if hdr == 104:
    words = struct.unpack_from(o + "4Q", b, 72)
    bits = [i for i in range(256) if words[i // 64] >> (i % 64) & 1]
tab = doff + dsize
for k, bit in enumerate(bits):
    off, size = struct.unpack_from(o + "QQ", b, tab + 16 * k)
    print(bit, size, sha(b[off:off + size]))
for a in range(aoff, aoff + asize - asz + 1, asz) if asz else ():
    ioff, isize = struct.unpack_from(o + "QQ", b, a + asz - 16)
    print("attr", sha(attr(b[a:a + asz - 16]) + b[ioff:ioff + isize]))
print("data", dsize + len(streams), sha(b[doff:doff + dsize] + streams))
head = b[:48] + b[56:72] + b[104:doff]
print("head", sha(head))
