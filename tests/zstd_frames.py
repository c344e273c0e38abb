#!/usr/bin/env python3
"""Write zstd frames with block forms the zstd tool seldom emits.

usage: mkframes.py OUT.zst OUT.raw

One single-segment frame, three compressed blocks (RFC 8878 §3.1.1.3):
  1. RLE literals (§3.1.1.3.1.3) and no sequences;
  2. Huffman literals whose tree uses direct 4-bit weights (§4.2.1.1);
  3. 32517 sequences (the 3-byte Number_of_Sequences form), all three
     codes in RLE mode (§3.1.1.3.2.1.1), each a literal and a repeat-
     offset match of 3, so the bit stream is only its final byte.
OUT.raw receives what the frame decodes to.
"""
import random
import struct
import sys


def block(content, last):
    v = len(content) << 3 | 2 << 1 | (1 if last else 0)
    return struct.pack('<I', v)[:3] + content


def rle_literals():
    n = 20
    return bytes([n << 3 | 1, ord('Z'), 0]), b'Z' * n


def huffman_literals(rng):
    # symbols 'a' (0x61) and 'b': weights for 0..0x61 given directly, the
    # implied last weight is for 'b' = 0x62; both weight 1, so 1-bit codes
    # and 'a' < 'b' gets code 0 (§4.2.1.3)
    nw = 0x62
    w = [0] * nw
    w[0x61] = 1
    tree = bytes([127 + nw]) + bytes(
        (w[i] << 4) | (w[i + 1] if i + 1 < nw else 0)
        for i in range(0, nw, 2))
    lits = bytes(rng.choice(b'ab') for _ in range(700))
    # the decoder reads the last-written bit first: write in reverse
    bits = [1 if c == ord('b') else 0 for c in reversed(lits)] + [1]
    while len(bits) % 8:
        bits.append(0)
    stream = bytes(sum(bits[i + j] << j for j in range(8))
                   for i in range(0, len(bits), 8))
    csize = len(tree) + len(stream)
    v = 2 | 0 << 2 | len(lits) << 4 | csize << 14
    hdr = struct.pack('<I', v)[:3]
    return hdr + tree + stream + b'\0', lits


def many_sequences(rng):
    nseq = 0x7F00 + 5
    lits = bytes(rng.getrandbits(8) for _ in range(nseq))
    n = len(lits)
    hdr = bytes([3 << 2 | (n & 15) << 4, n >> 4 & 255, n >> 12])
    cnt = nseq - 0x7F00
    seqs = bytes([255, cnt & 255, cnt >> 8, 0x54, 1, 0, 0, 1])
    return hdr + lits + seqs, b''.join(bytes([c]) * 4 for c in lits)


def main():
    rng = random.Random(5)
    parts = [rle_literals(), huffman_literals(rng), many_sequences(rng)]
    out = b''.join(p[1] for p in parts)
    frame = struct.pack('<IB', 0xFD2FB528, 0xA0) + struct.pack('<I',
                                                                len(out))
    for i, (content, _) in enumerate(parts):
        frame += block(content, i == len(parts) - 1)
    open(sys.argv[1], 'wb').write(frame)
    open(sys.argv[2], 'wb').write(out)


main()
