#!/usr/bin/env python3
"""Extract the zstd stream of a perf.data file (file or pipe mode).

usage: perf_payloads.py PERF.DATA OUT.zst OUT.sizes

Writes the COMPRESSED (81) and COMPRESSED2 (83) payloads, in file order,
to OUT.zst and each payload's length, one a line, to OUT.sizes.  Record
layout from docs/format.md (§1.2, §3.8).
"""
import struct
import sys


def records(buf, off, end):
    while off + 8 <= end:
        typ, misc, size = struct.unpack_from('<IHH', buf, off)
        if size < 8 or off + size > end:
            raise SystemExit('bad record at 0x%x: type %d size %d' %
                             (off, typ, size))
        extra = 0
        if typ == 66:       # HEADER_TRACING_DATA: size bytes follow
            extra = struct.unpack_from('<I', buf, off + 8)[0]
        elif typ == 71:     # AUXTRACE: size bytes of AUX data follow
            extra = struct.unpack_from('<Q', buf, off + 8)[0]
        yield typ, off, size
        off += size + extra


def main():
    buf = open(sys.argv[1], 'rb').read()
    if buf[:8] != b'PERFILE2':
        raise SystemExit('not a little-endian PERFILE2 file')
    hsize = struct.unpack_from('<Q', buf, 8)[0]
    if hsize == 16:                       # pipe mode
        off, end = 16, len(buf)
    else:
        off, size = struct.unpack_from('<QQ', buf, 40)
        end = off + size
    out, sizes = bytearray(), []
    for typ, roff, size in records(buf, off, end):
        if typ == 81:
            p = buf[roff + 8:roff + size]
        elif typ == 83:
            n = struct.unpack_from('<Q', buf, roff + 8)[0]
            if 16 + n > size:
                raise SystemExit('COMPRESSED2 at 0x%x: data_size %d > %d'
                                 % (roff, n, size - 16))
            p = buf[roff + 16:roff + 16 + n]
        else:
            continue
        out += p
        sizes.append(len(p))
    open(sys.argv[2], 'wb').write(out)
    open(sys.argv[3], 'w').write(''.join('%d\n' % n for n in sizes))
    print('%s: %d compressed records, %d bytes' %
          (sys.argv[1], len(sizes), len(out)))


main()
