# perfmt: one C99 file, static, musl.  `make` builds ./perfmt; `make test`
# runs every test; `make check-asan` runs them against a sanitizer build.
VERSION = 0.1.0
PREFIX ?= /usr/local
CC ?= cc
MUSL_CC ?= musl-gcc
CFLAGS ?= -O2
WFLAGS = -std=c99 -pedantic -Wall -Wextra -Wshadow -Wcast-align
CPPFLAGS += -D_FILE_OFFSET_BITS=64 -D_POSIX_C_SOURCE=200809L
LDFLAGS ?=

# The memory budget: `make PERFMT_MAXOBJ=100000` and so on.
BUDGET_VARS = PERFMT_BUF PERFMT_FEATBUF PERFMT_ELFBUF PERFMT_MAXOBJ \
	PERFMT_ARENA PERFMT_MAXATTR PERFMT_MAXID PERFMT_MAXPROC PERFMT_MAXMAP \
	PERFMT_MAXPEND PERFMT_MAXSTREAM
BUDGET = $(foreach v,$(BUDGET_VARS),$(if $($(v)),-D$(v)=$($(v))))
ALL_CFLAGS = $(WFLAGS) $(CFLAGS) $(CPPFLAGS) $(BUDGET)

# A tiny budget, so that the unit tests run the table-full paths.
TINY = -DPERFMT_MAXOBJ=4 -DPERFMT_ARENA=64 -DPERFMT_MAXATTR=2 \
	-DPERFMT_MAXID=4 -DPERFMT_MAXSTREAM=2 -DPERFMT_ELFBUF=256 \
	-DPERFMT_MAXPEND=4

SAN = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all

all: perfmt

perfmt: perfmt.c elf_min.h
	@if command -v $(MUSL_CC) >/dev/null 2>&1; then cc="$(MUSL_CC)"; else \
	    echo "perfmt: $(MUSL_CC) not found (Debian: apt-get install musl-tools);" \
	        "building with $(CC) -static against the system libc" >&2; \
	    cc="$(CC)"; fi; \
	echo "$$cc $(ALL_CFLAGS) -static -o $@ perfmt.c $(LDFLAGS)"; \
	$$cc $(ALL_CFLAGS) -static -o $@ perfmt.c $(LDFLAGS)

perfmt-asan: perfmt.c elf_min.h Makefile
	$(CC) $(WFLAGS) $(SAN) $(CPPFLAGS) $(BUDGET) -o $@ perfmt.c

# The same binary with tables of a few entries: the suite runs the
# table-full paths (several passes, what a pipe could not keep) with it.
perfmt-tiny: perfmt.c elf_min.h Makefile
	$(CC) $(WFLAGS) -O2 $(CPPFLAGS) -DPERFMT_MAXOBJ=16 -DPERFMT_ARENA=2048 \
	    -DPERFMT_MAXMAP=64 -DPERFMT_MAXPROC=8 -DPERFMT_MAXPEND=4 -o $@ perfmt.c

tests/unit: tests/unit.c perfmt.c elf_min.h Makefile
	$(CC) $(WFLAGS) -O1 -g $(CPPFLAGS) -o $@ tests/unit.c

tests/unit-tiny: tests/unit.c perfmt.c elf_min.h Makefile
	$(CC) $(WFLAGS) -O1 -g $(CPPFLAGS) $(TINY) -o $@ tests/unit.c

tests/unit-asan: tests/unit.c perfmt.c elf_min.h Makefile
	$(CC) $(WFLAGS) $(SAN) $(CPPFLAGS) -o $@ tests/unit.c

tests/unit-tiny-asan: tests/unit.c perfmt.c elf_min.h Makefile
	$(CC) $(WFLAGS) $(SAN) $(CPPFLAGS) $(TINY) -o $@ tests/unit.c

test check: perfmt perfmt-tiny tests/unit tests/unit-tiny
	PERFMT=./perfmt UNIT="tests/unit tests/unit-tiny" sh tests/run.sh

check-asan: perfmt-asan perfmt-tiny tests/unit-asan tests/unit-tiny-asan
	ASAN_OPTIONS=detect_leaks=0 PERFMT=./perfmt-asan \
	    UNIT="tests/unit-asan tests/unit-tiny-asan" sh tests/run.sh

# The benchmark of the README: generates big profiles with perf record
# the first time (BENCH_DWARF_MB, BENCH_FP_MB), then times perfmt, cat and
# perf side by side (BENCH_RUNS runs each).
bench: perfmt
	sh tests/bench.sh ./perfmt

clean:
	rm -f perfmt perfmt-asan perfmt-tiny tests/unit tests/unit-tiny tests/unit-asan \
	    tests/unit-tiny-asan
	rm -rf tests/work

.PHONY: all test check check-asan bench clean
