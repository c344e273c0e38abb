#!/usr/bin/env python3
# far-features.py SRC DST: SRC (a little-endian file-mode perf.data) with
# its feature sections moved 5 GiB further into a sparse DST, the feature
# table pointing there: offsets past 4 GiB, as a 32-bit board meets in a
# big profile, without writing gigabytes (the hole takes no disk).
import sys, struct
src, dst = sys.argv[1], sys.argv[2]
d = open(src, 'rb').read()
doff, dsize = struct.unpack_from('<QQ', d, 40)
feat = d[72:104]
n = sum(bin(b).count('1') for b in feat)
t = doff + dsize
far = 5 << 30
with open(dst, 'wb') as f:
    f.write(d[:t])
    for i in range(n):
        off, size = struct.unpack_from('<QQ', d, t + 16 * i)
        f.seek(t + 16 * i)
        f.write(struct.pack('<QQ', off + far, size))
        f.seek(off + far)
        f.write(d[off:off + size])
