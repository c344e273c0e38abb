#!/usr/bin/env python3
"""apk_seeds.py ELFDIR OUTDIR: seeds for the apk fuzz target (tests/fuzz.c,
target 6): APKs holding ELF files of ELFDIR as lib/arm64-v8a/libx.so,
stored and deflated, beside another entry, with and without a comment."""
import os
import sys
import zipfile

src, out = sys.argv[1], sys.argv[2]
for i, name in enumerate(sorted(os.listdir(src))[:12]):
    with open(os.path.join(src, name), 'rb') as f:
        lib = f.read(16384)
    how = zipfile.ZIP_DEFLATED if i % 3 == 0 else zipfile.ZIP_STORED
    with zipfile.ZipFile(os.path.join(out, 'a%d' % i), 'w') as z:
        z.writestr('classes.dex', b'dex\n' * 8, zipfile.ZIP_DEFLATED)
        z.writestr('lib/arm64-v8a/libx.so', lib, how)
        z.comment = b'c' * (i % 2)
