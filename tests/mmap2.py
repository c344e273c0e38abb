#!/usr/bin/env python3
# mmap2.py IN OUT [path=NAME] FIELD=VALUE...: IN's MMAP2 records (type 10,
# not those carrying a build-ID, misc bit 14) with fields set, written to
# OUT; with path=, only the records of the file NAME.  The fields are
# maj, min, ino and gen (docs/format.md §3.4), a value N, +N (added to
# the recorded one) or @FILE (FILE's own, as stat and FS_IOC_GETVERSION
# give it; a generation it cannot be asked is 0).  A file-mode profile of
# either byte order.
import fcntl
import os
import struct
import sys


def of_file(name, f):
    st = os.stat(f)
    if name == "maj":
        return os.major(st.st_dev)
    if name == "min":
        return os.minor(st.st_dev)
    if name == "ino":
        return st.st_ino
    try:
        fd = os.open(f, os.O_RDONLY)
        try:
            b = fcntl.ioctl(fd, 0x80087601, bytes(8))
        finally:
            os.close(fd)
        return struct.unpack("=I", b[:4])[0]
    except OSError:
        return 0


d = bytearray(open(sys.argv[1], "rb").read())
e = "<" if d[:8] == b"PERFILE2" else ">"
at = {"maj": (40, "I"), "min": (44, "I"), "ino": (48, "Q"), "gen": (56, "Q")}
sets = [a.split("=", 1) for a in sys.argv[3:]]
path = [v.encode() for k, v in sets if k == "path"]
sets = [(k, v) for k, v in sets if k != "path"]
off, size = struct.unpack_from(e + "QQ", d, 40)
p, n = off, 0
while p + 8 <= off + size:
    t, misc, sz = struct.unpack_from(e + "IHH", d, p)
    if sz < 8:
        break
    if t == 10 and not misc & 0x4000 and (not path or
                                          d[p + 72:p + sz].split(b"\0")[0] == path[0]):
        n += 1
        for name, v in sets:
            o, f = at[name]
            if v.startswith("@"):
                v = str(of_file(name, v[1:]))
            k = int(v)
            if v.startswith("+"):
                k += struct.unpack_from(e + f, d, p + o)[0]
            struct.pack_into(e + f, d, p + o, k)
    p += sz
if path and not n:
    sys.exit("mmap2.py: no MMAP2 record of %s in %s" % (path[0], sys.argv[1]))
open(sys.argv[2], "wb").write(d)
