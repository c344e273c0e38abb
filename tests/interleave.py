#!/usr/bin/env python3
# Times shell commands in interleaved rounds (each command once per round,
# in turn, so a noisy moment of a shared machine falls on all alike) and
# prints each one's median wall time and the median of its per-round ratio
# to the first command.  Usage: tests/interleave.py ROUNDS CMD [CMD...]
# e.g. tests/interleave.py 25 "cat F" "./perfmt check -i F" "./perfmt check -H -i F"
import subprocess, sys, time, statistics, os
rounds = int(sys.argv[1]); cmds = sys.argv[2:]
t = {c: [] for c in cmds}
dn = open(os.devnull, 'w')
for r in range(rounds):
    for c in cmds:
        a = time.perf_counter(); subprocess.run(c, shell=True, stdout=dn, stderr=dn); t[c].append(time.perf_counter() - a)
base = cmds[0]
for c in cmds:
    ratios = [x / y for x, y in zip(t[c], t[base])]
    print("%8.4f s  x%.3f  %s" % (statistics.median(t[c]), statistics.median(ratios), c))
