#!/bin/sh
# The .mmaps oracle: the paths perf's own reader sees in MMAP and MMAP2
# records, sorted, one per line.  Usage: oracle-mmaps.sh FILE [PERF]
# (PERF defaults to perf).
# The committed .mmaps files were made with it: by perf 6.1 in
# tests/record-fixtures.sh, and for profiles perf 6.1 refuses by a newer
# Debian perf unpacked with tests/fetch-perf.sh (SOURCES.tsv says which):
#   sh tests/fetch-perf.sh sid /tmp/perf-sid
#   sh tests/oracle-mmaps.sh PROFILE /tmp/perf-sid/perf >PROFILE.mmaps
f=$1
perf=${2:-perf}
"$perf" script --show-mmap-events -i "$f" 2>/dev/null |
    grep -E 'PERF_RECORD_MMAP2? ' | sed 's/.*\]: //; s/^[-rwxps]\{4\} //;
    s/^x //; s/^\[kernel.kallsyms\]_text$/[kernel.kallsyms]/' |
    LC_ALL=C sort -u
