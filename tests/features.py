#!/usr/bin/env python3
# features.py FILE: one line per feature section of a file-mode perf.data,
# "BIT SIZE SHA1" in bit order (docs/format.md §1.2, §1.6), then "data
# OFFSET SIZE SHA1" of its data section; the inject tests compare two
# profiles' sections with it.  Little- and big-endian writers alike.
import hashlib
import struct
import sys

with open(sys.argv[1], "rb") as f:
    b = f.read()
be = b[:8] == b"2ELIFREP"
o = ">" if be else "<"
hdr = struct.unpack_from(o + "Q", b, 8)[0]
doff, dsize = struct.unpack_from(o + "QQ", b, 40)
bits = []
if hdr == 104:
    words = struct.unpack_from(o + "4Q", b, 72)
    bits = [i for i in range(256) if words[i // 64] >> (i % 64) & 1]
tab = doff + dsize
for k, bit in enumerate(bits):
    off, size = struct.unpack_from(o + "QQ", b, tab + 16 * k)
    print(bit, size, hashlib.sha1(b[off:off + size]).hexdigest())
print("data", doff, dsize, hashlib.sha1(b[doff:doff + dsize]).hexdigest())
head = b[:48] + b[56:72] + b[104:doff]
print("head", hashlib.sha1(head).hexdigest())
