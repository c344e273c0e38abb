#!/usr/bin/env python3
# Times commands in interleaved rounds (each command once per round, in
# turn, so that a noisy moment of a shared machine falls on all alike;
# each round starts one command later, so that none always follows the
# same one) and prints, for each, its median wall time and the median of
# its per-round ratios to the first command.  The clock is read right
# around the command's own spawn and wait: no shell, no GNU time, no
# date process is timed with it (those added 15 ms to every figure of
# make bench, a fifth of cat's time on the 500 MB profile).  Commands are
# words split as the shell would, without redirections or pipes; their
# output goes to /dev/null.
# Usage: tests/interleave.py [-w] [-m] [-r] [-a CMD] ROUNDS CMD [CMD...]
#   -w      run each command once first, untimed (a warm cache)
#   -m      and the peak RSS of each, from GNU time in a run of its own,
#           untimed (a child of python starts with python's own memory
#           counted: wait4 cannot tell)
#   -a CMD  a shell command run, untimed, after each command (with rounds
#           that rotate, a command that leaves work behind, as perf inject's
#           writeback, would else fall on whichever follows it)
#   -r      print "seconds ratio peak-KiB" per command, in order (KiB 0
#           without -m)
# e.g. tests/interleave.py 25 "cat F" "./perfmt check -i F" "./perfmt check -H -i F"
import os, shlex, statistics, subprocess, sys, time

def run(words, devnull):
    """Wall seconds of one run."""
    t0 = time.perf_counter()
    subprocess.run(words, stdin=subprocess.DEVNULL, stdout=devnull,
                   stderr=devnull)
    return time.perf_counter() - t0

def peak_rss(words, devnull):
    """Peak RSS in KiB, by GNU time's %M."""
    out = os.path.join('/tmp', 'interleave.%d' % os.getpid())
    subprocess.run(['/usr/bin/time', '-f', '%M', '-o', out] + words,
                   stdin=subprocess.DEVNULL, stdout=devnull, stderr=devnull)
    with open(out) as f:
        k = int(f.read().split()[-1])
    os.unlink(out)
    return k

def main(argv):
    warm, raw, rss, after = False, False, False, None
    while argv and argv[0].startswith('-'):
        opt = argv.pop(0)
        if opt == '-w':
            warm = True
        elif opt == '-m':
            rss = True
        elif opt == '-r':
            raw = True
        elif opt == '-a' and argv:
            after = argv.pop(0)
        else:
            argv = []
            break
    if len(argv) < 2:
        sys.exit("usage: interleave.py [-w] [-m] [-r] [-a CMD] ROUNDS CMD...")
    rounds, cmds = int(argv[0]), argv[1:]
    words = [shlex.split(c) for c in cmds]
    t = [[] for _ in cmds]
    m = [0 for _ in cmds]
    with open(os.devnull, 'w') as dn:
        def settle():
            if after:
                subprocess.run(after, shell=True)
        if warm:
            for w in words:
                run(w, dn)
                settle()
        for r in range(rounds):
            # each round starts one command further on: the same command
            # in three places of a round measured 1.275, 1.324 and 1.269
            # times cat, the same for every round
            for j in range(len(words)):
                i = (r + j) % len(words)
                t[i].append(run(words[i], dn))
                settle()
        if rss:
            for i, w in enumerate(words):
                m[i] = peak_rss(w, dn)
                settle()
    for i, c in enumerate(cmds):
        x = statistics.median(a / b for a, b in zip(t[i], t[0]))
        s = statistics.median(t[i])
        if raw:
            print("%.6f %.4f %d" % (s, x, m[i]))
        elif rss:
            print("%8.4f s  x%.3f  %8.1f MiB  %s" % (s, x, m[i] / 1024, c))
        else:
            print("%8.4f s  x%.3f  %s" % (s, x, c))

if __name__ == '__main__':
    main(sys.argv[1:])
