#!/usr/bin/env python3
# objects.py N OUT [ROUND [DISTINCT]]: a file-mode profile (docs/format.md
# §1-3) of N short processes that each run a binary of their own, the
# shape of a long recording of many objects (a build's tests, a CI
# machine's system-wide profile).  Each process has an MMAP2 of its
# binary at 0x400000 and one of a shared library, a sample in each, and
# EXIT; a FINISHED_ROUND closes every ROUND processes (default 64).  The
# binaries are DISTINCT paths (default N), of one length, taken in turn:
# with a few the profile has the same records and few objects.  The
# BUILD_ID table names each path once (perf up to 6.11's layout, names
# padded to 64), as perf record writes it for the objects sampled: each
# binary takes two table entries (docs/design.md, the tables), its
# table's and its MMAP2's without a build-ID.  No binary is on the disk:
# check calls each missing.  Sizes: 460 bytes a process, 100 an object;
# 46 MB for 100 k.
import hashlib
import struct
import sys

n, out = int(sys.argv[1]), sys.argv[2]
per_round = int(sys.argv[3]) if len(sys.argv) > 3 else 64
distinct = int(sys.argv[4]) if len(sys.argv) > 4 else n
shared = b"/usr/lib/libshared.so.1"
ATTR = 120				# a perf_event_attr of 120 bytes
# sample_type IP | TID | TIME | PERIOD; flags mmap, comm, task,
# sample_id_all, mmap2
ST = 1 | 2 | 4 | 256
FLAGS = 1 << 8 | 1 << 9 | 1 << 13 | 1 << 18 | 1 << 23
HDR = 104
DATA = HDR + ATTR + 16


def pad8(b):
    return b + b"\0" * (8 - len(b) % 8)


def name(i):
    return b"/tmp/perfmt-objects/bin%07d" % i


def trailer(pid, t):
    return struct.pack("<IIQ", pid, pid, t)


def mmap2(pid, start, nm, ino, t):
    body = struct.pack("<IIQQQIIQQII", pid, pid, start, 0x1000, 0, 8, 1, ino,
                       1, 5, 2) + pad8(nm) + trailer(pid, t)
    return struct.pack("<IHH", 10, 2, 8 + len(body)) + body


def sample(pid, ip, t):
    return struct.pack("<IHHQIIQQ", 9, 2, 40, ip, pid, pid, t, 1)


def exit_(pid, t):
    return struct.pack("<IHHIIIIQ", 4, 0, 48, pid, pid, pid, pid, t) + \
        trailer(pid, t)


round_ = struct.pack("<IHH", 68, 0, 8)
with open(out, "wb") as f:
    f.seek(DATA)
    size, buf, t = 0, bytearray(), 1000000000
    for i in range(n):
        pid = 1000 + i % 4000000
        buf += mmap2(pid, 0x7f0000000000, shared, 2, t)
        buf += mmap2(pid, 0x400000, name(i % distinct), 1000000 + i % distinct,
                     t + 1)
        buf += sample(pid, 0x400100, t + 2)
        buf += sample(pid, 0x7f0000000100, t + 3)
        buf += exit_(pid, t + 4)
        t += 10
        if i % per_round == per_round - 1:
            buf += round_
        if len(buf) > 1 << 20:
            f.write(buf)
            size += len(buf)
            buf = bytearray()
    buf += round_
    f.write(buf)
    size += len(buf)
    # BUILD_ID (bit 2): its slot, then the entries
    feat = DATA + size
    entries = 0
    f.seek(feat + 16)
    buf = bytearray()
    for nm in [shared] + [name(i) for i in range(min(n, distinct))]:
        padded = nm + b"\0" * (64 - len(nm) % 64)
        buf += struct.pack("<IHHi", 0, 2 | 1 << 15, 36 + len(padded), -1)
        buf += hashlib.sha1(nm).digest() + bytes([20, 0, 0, 0]) + padded
        if len(buf) > 1 << 20:
            f.write(buf)
            entries += len(buf)
            buf = bytearray()
    f.write(buf)
    entries += len(buf)
    f.seek(feat)
    f.write(struct.pack("<QQ", feat + 16, entries))
    # the header and the one attr
    f.seek(0)
    f.write(b"PERFILE2" + struct.pack("<QQQQQQQQ", HDR, ATTR + 16, HDR,
            ATTR + 16, DATA, size, 0, 0) + struct.pack("<QQQQ", 1 << 2, 0,
                                                        0, 0))
    attr = struct.pack("<IIQQQQQ", 1, ATTR, 0, 4000, ST, 0, FLAGS)
    f.write(attr + b"\0" * (ATTR - len(attr)) + struct.pack("<QQ", 0, 0))
