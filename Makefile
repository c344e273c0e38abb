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
	PERFMT_MAXPEND PERFMT_MAXSTREAM PERFMT_ZWINDOW
BUDGET = $(foreach v,$(BUDGET_VARS),$(if $($(v)),-D$(v)=$($(v))))
ALL_CFLAGS = $(WFLAGS) $(CFLAGS) $(CPPFLAGS) $(BUDGET)
# A static binary is loaded at one address: code for a position-independent
# one (Debian's gcc default, its cross compilers' too) reached every table
# through a register, 5% more instructions for `check --hits` (cachegrind
# on the benchmark), and its tables of pointers stay writable data.
STATIC_CFLAGS = -fno-pie

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
	echo "$$cc $(ALL_CFLAGS) $(STATIC_CFLAGS) -static -o $@ perfmt.c $(LDFLAGS)"; \
	$$cc $(ALL_CFLAGS) $(STATIC_CFLAGS) -static -o $@ perfmt.c $(LDFLAGS)

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

# The zstd decoder's test driver (tests/zstd.sh): with the default window
# and with 8 MiB, each also under ASan and UBSan.
ZT = tests/zstd-test tests/zstd-test-asan tests/zstd-test8 tests/zstd-test8-asan
ZTFLAGS = $(WFLAGS) -Wno-unused-function $(CPPFLAGS)
tests/zstd-test: tests/zstd.c perfmt.c elf_min.h Makefile
	$(CC) $(ZTFLAGS) -O2 -o $@ tests/zstd.c
tests/zstd-test-asan: tests/zstd.c perfmt.c elf_min.h Makefile
	$(CC) $(ZTFLAGS) $(SAN) -o $@ tests/zstd.c
tests/zstd-test8: tests/zstd.c perfmt.c elf_min.h Makefile
	$(CC) $(ZTFLAGS) -O2 -DPERFMT_ZWINDOW=8388608 -o $@ tests/zstd.c
tests/zstd-test8-asan: tests/zstd.c perfmt.c elf_min.h Makefile
	$(CC) $(ZTFLAGS) $(SAN) -DPERFMT_ZWINDOW=8388608 -o $@ tests/zstd.c

# The truncation and bit-flip sweep (tests/sweep.c), plain and under ASan
# and UBSan.
tests/sweep: tests/sweep.c tests/fuzz.c perfmt.c elf_min.h Makefile
	$(CC) $(ZTFLAGS) -O2 -o $@ tests/sweep.c
tests/sweep-asan: tests/sweep.c tests/fuzz.c perfmt.c elf_min.h Makefile
	$(CC) $(ZTFLAGS) $(SAN) -o $@ tests/sweep.c

# make test cuts each fixture at every 8th offset of its head and tail
# (its 3-minute bound); make test-sweep, in CI, at every 2nd.
test check: perfmt perfmt-tiny tests/unit tests/unit-tiny $(ZT) tests/sweep
	PERFMT=./perfmt UNIT="tests/unit tests/unit-tiny" SWEEP="tests/sweep 8" \
	    sh tests/run.sh

test-sweep: perfmt tests/sweep
	PERFMT=./perfmt SWEEP="tests/sweep 2" sh tests/run.sh hostile

check-asan: perfmt-asan perfmt-tiny tests/unit-asan tests/unit-tiny-asan $(ZT) \
	    tests/sweep-asan
	ASAN_OPTIONS=detect_leaks=0 PERFMT=./perfmt-asan SWEEP="tests/sweep-asan 8" \
	    UNIT="tests/unit-asan tests/unit-tiny-asan" sh tests/run.sh

# The benchmark of the README: generates big profiles with perf record
# the first time (BENCH_DWARF_MB, BENCH_FP_MB), then times perfmt, cat and
# perf side by side (BENCH_RUNS runs each).
bench: perfmt
	sh tests/bench.sh ./perfmt

# ---- the boards: static cross builds, run under qemu-user ------------------
# tests/setup-cross.sh installs the compilers (Debian's musl wrappers; musl
# for riscv64 built from Debian's source) and qemu-user-static.
CROSS = aarch64 armhf armel riscv64 s390x
CC_x86_64 = $(MUSL_CC)
CC_aarch64 = aarch64-linux-musl-gcc
CC_armhf = arm-linux-musleabihf-gcc
CC_armel = arm-linux-musleabi-gcc
CC_riscv64 = riscv64-linux-musl-gcc
CC_s390x = s390x-linux-musl-gcc
QEMU = aarch64=qemu-aarch64-static armhf=qemu-arm-static \
	armel=qemu-arm-static riscv64=qemu-riscv64-static s390x=qemu-s390x-static
# -Os and unused sections dropped: a board's storage holds the binary.  No
# unwind tables: C without exceptions never unwinds.  norelro: musl's
# static start-up never write-protects RELRO, and the linker pads the
# file to a page for it (64 KiB on aarch64).
XOPT = -Os
XFLAGS = $(XOPT) -ffunction-sections -fdata-sections \
	-fno-asynchronous-unwind-tables -fno-unwind-tables
XLDFLAGS = -static -Wl,--gc-sections -Wl,-z,norelro -s
# armel (ARMv5TE) in Thumb, the compact instruction set it has: its ARM
# code is over the bound (musl itself stays ARM; v5TE interworks)
XARCH_armel = -mthumb
# the limit of the board binaries, stripped, in bytes: 192 KiB
MAXSIZE = 196608

# A static binary for a board: no PT_INTERP, no PT_DYNAMIC (a forgotten
# -static or Debian's -static-pie give a dynamic one without a word).
build/%/perfmt: perfmt.c elf_min.h Makefile
	@mkdir -p $(@D)
	$(CC_$*) $(WFLAGS) $(XFLAGS) $(STATIC_CFLAGS) $(XARCH_$*) $(CPPFLAGS) \
	    $(BUDGET) $(XLDFLAGS) -o $@ perfmt.c
	@if readelf -lW $@ | grep -qE '^ *(INTERP|DYNAMIC) '; then \
	    echo "$@: dynamically linked, a board could not run it" >&2; \
	    rm -f $@; exit 1; fi
	@sz=$$(wc -c <$@); if [ $$sz -gt $(MAXSIZE) ]; then \
	    echo "$@: $$sz bytes, over the $(MAXSIZE) limit" >&2; \
	    rm -f $@; exit 1; fi

build/%/perfmt-tiny: perfmt.c elf_min.h Makefile
	@mkdir -p $(@D)
	$(CC_$*) $(WFLAGS) -O2 $(CPPFLAGS) -DPERFMT_MAXOBJ=16 -DPERFMT_ARENA=2048 \
	    -DPERFMT_MAXMAP=64 -DPERFMT_MAXPROC=8 -DPERFMT_MAXPEND=4 -static \
	    -o $@ perfmt.c

build/%/unit: tests/unit.c perfmt.c elf_min.h Makefile
	@mkdir -p $(@D)
	$(CC_$*) $(WFLAGS) -O1 $(CPPFLAGS) -static -o $@ tests/unit.c

build/%/unit-tiny: tests/unit.c perfmt.c elf_min.h Makefile
	@mkdir -p $(@D)
	$(CC_$*) $(WFLAGS) -O1 $(CPPFLAGS) $(TINY) -static -o $@ tests/unit.c

cross: $(foreach a,$(CROSS),build/$(a)/perfmt)

CROSS_ALL = $(foreach a,$(CROSS),build/$(a)/perfmt build/$(a)/perfmt-tiny \
	build/$(a)/unit build/$(a)/unit-tiny)

# The whole suite under qemu for each board, answers compared with the
# host build's on every fixture.
test-cross: perfmt $(CROSS_ALL)
	sh tests/cross.sh ./perfmt $(foreach a,$(CROSS),$(filter $(a)=%,$(QEMU)))

# The suite with every run traced: perfmt opens for reading only, creates,
# changes and removes nothing, writes only to standard output and error.
test-readonly: perfmt perfmt-tiny tests/unit tests/unit-tiny
	sh tests/readonly.sh ./perfmt

# perfmt inject and archive stopped after each write step, dead or by a
# signal (a build with the test hook): every stop leaves the old output or
# the new one, and a signal no new file beside it.
perfmt-hooks: perfmt.c elf_min.h Makefile
	$(CC) $(WFLAGS) -O2 $(CPPFLAGS) -DPERFMT_TEST_HOOKS -o $@ perfmt.c

test-inject-crash: perfmt-hooks
	@mkdir -p build
	@xz -dc tests/data/perf/local__x86_64__small.data.xz >build/crash-s.data
	@xz -dc tests/data/perf/local__exec-late.data.xz >build/crash-a.data
	@xz -dc tests/data/perf/local__z1.data.xz >build/crash-z.data
	@xz -dc tests/data/perf/local__pipe.data.xz >build/crash-p.data
	@touch -d 2026-01-01 build/crash-p.data
	sh tests/inject-crash.sh ./perfmt-hooks build/crash-s.data build/crash-a.data \
	    build/crash-z.data build/crash-p.data

# An archive of a file of 8 GiB and more (sparse), read by GNU tar and
# busybox tar: the entries archive put and no other, nothing outside.
test-big: perfmt
	sh tests/big.sh ./perfmt

# The answers of the commit in tests/same.base, unchanged: run after a
# change that should change none (tests/same.sh; BENCH_DIR's profiles too).
test-same:
	sh tests/same.sh $(if $(BENCH_DIR),$(wildcard $(BENCH_DIR)/*.data))

# The stripped size of each binary, beside what perf needs for the job.
size: build/x86_64/perfmt cross
	sh tests/size.sh build/x86_64/perfmt $(foreach a,$(CROSS),build/$(a)/perfmt)

install: perfmt perfmt.1
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	cp perfmt $(DESTDIR)$(PREFIX)/bin/perfmt.tmp
	strip $(DESTDIR)$(PREFIX)/bin/perfmt.tmp 2>/dev/null || :
	chmod 755 $(DESTDIR)$(PREFIX)/bin/perfmt.tmp
	mv $(DESTDIR)$(PREFIX)/bin/perfmt.tmp $(DESTDIR)$(PREFIX)/bin/perfmt
	cp perfmt.1 $(DESTDIR)$(PREFIX)/share/man/man1/perfmt.1
	chmod 644 $(DESTDIR)$(PREFIX)/share/man/man1/perfmt.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/perfmt $(DESTDIR)$(PREFIX)/share/man/man1/perfmt.1

clean:
	rm -f perfmt perfmt-asan perfmt-tiny perfmt-hooks tests/unit tests/unit-tiny tests/unit-asan \
	    tests/unit-tiny-asan $(ZT) tests/sweep tests/sweep-asan
	rm -rf tests/work build

.PHONY: all test check check-asan bench cross test-cross test-readonly size install test-same \
	test-inject-crash test-big test-sweep \
	uninstall clean

# ---- fuzzing ----------------------------------------------------------------
# tests/fuzz.c: seven targets of one source (FUZZ_TARGET): perf.data read
# as a file (1), as a pipe (2), ELF notes (3), the zstd decoder (4),
# archive's tar names and sizes (5), a library inside an APK (6) and the
# sysroot walk, with a link swapped in between walk and open (7).
# `make fuzz` builds them for libFuzzer (clang; Debian: clang and
# libclang-rt-14-dev) and runs each in turn for FUZZ_SECONDS over the
# seeds (every fixture of tests/data, decompressed, and the regression
# inputs of tests/data/fuzz; for tar, the object names of the fixtures'
# build-ID lists) and the corpus it keeps in
# build/fuzz/corpus-*.  A crash, a hang (FUZZ_TIMEOUT seconds) or a
# sanitizer report fails it and leaves the input in
# build/fuzz/out-TARGET/.  FUZZ_FLAGS adds libFuzzer options (-runs=N ...).
# `make fuzz-short` is the CI run: a fresh corpus, 60 s each.
# `make fuzz-afl` builds the same targets for AFL++ (Debian: afl++).
FUZZ_CC = clang
FUZZ_SECONDS = 60
FUZZ_TIMEOUT = 5
FUZZ_MAXLEN = 65536
FUZZ_FLAGS =
FUZZ_TARGETS = perf-file perf-pipe elf zstd tar apk walk
FUZZ_OPT = -O2 -g -fno-omit-frame-pointer -fno-sanitize-recover=all
FUZZ_ID_perf-file = 1
FUZZ_ID_perf-pipe = 2
FUZZ_ID_elf = 3
FUZZ_ID_zstd = 4
FUZZ_ID_tar = 5
FUZZ_ID_apk = 6
FUZZ_ID_walk = 7

build/fuzz/%: tests/fuzz.c perfmt.c elf_min.h Makefile
	@mkdir -p $(@D)
	@command -v $(FUZZ_CC) >/dev/null 2>&1 || { echo "make fuzz: needs" \
	    "$(FUZZ_CC) (Debian: apt-get install clang)" >&2; exit 1; }
	$(FUZZ_CC) $(WFLAGS) $(FUZZ_OPT) $(CPPFLAGS) \
	    -fsanitize=fuzzer,address,undefined -DFUZZ_TARGET=$(FUZZ_ID_$*) \
	    -o $@ tests/fuzz.c

fuzz-seeds:
	@for kind in perf elf; do \
	    d=build/fuzz/seeds-$$kind; rm -rf $$d; mkdir -p $$d || exit 1; \
	    for f in tests/data/$$kind/*.xz; do \
	        xz -dc "$$f" >"$$d/$$(basename "$$f" .xz)" || exit 1; done; \
	    cp tests/data/fuzz/* $$d/ || exit 1; \
	done
	@# the zstd streams of the -z fixtures, behind a byte that picks the
	@# piece size
	@d=build/fuzz/seeds-zstd; rm -rf $$d; mkdir -p $$d || exit 1; \
	for f in build/fuzz/seeds-perf/*; do \
	    python3 tests/perf_payloads.py "$$f" $$d/z.tmp $$d/s.tmp \
	        >/dev/null 2>&1 && [ -s $$d/z.tmp ] || continue; \
	    for b in 0 7 100; do \
	        { printf "\\$$(printf %o $$b)"; cat $$d/z.tmp; } \
	            >"$$d/$$(basename "$$f").$$b"; done; \
	done; rm -f $$d/z.tmp $$d/s.tmp
	@# object names, one per file, as the fixtures' perf record them
	@d=build/fuzz/seeds-tar; rm -rf $$d; mkdir -p $$d || exit 1; \
	cat tests/expected/*.list 2>/dev/null | sed 's/^[0-9a-f]* //' | \
	    LC_ALL=C sort -u | head -200 | { k=0; while IFS= read -r n; do \
	    printf '%s' "$$n" >$$d/n$$k; k=$$((k + 1)); done; }; \
	printf '/%0300d' 0 >$$d/long; printf '/a/../b' >$$d/dots; \
	printf '/usr/lib/big.so\000\000\000\000\002\000\000\000\005' >$$d/size8g
	@# APKs holding the ELF fixtures (tests/apk_seeds.py)
	@d=build/fuzz/seeds-apk; rm -rf $$d; mkdir -p $$d || exit 1; \
	python3 tests/apk_seeds.py build/fuzz/seeds-elf $$d
	@# paths under target 7's sysroot, behind the byte that picks a swap
	@d=build/fuzz/seeds-walk; rm -rf $$d; mkdir -p $$d || exit 1; k=0; \
	for p in /lib/f /abs /usr/lib/up /loop1 /out/usr/lib/f /esc/top \
	    /usr/lib/self/self/f /d/../top /fifo; do \
	    for b in 000 001 003 005 007; do \
	        printf "\\$$b%s" "$$p" >$$d/w$$k; k=$$((k + 1)); done; done

fuzz: fuzz-seeds $(FUZZ_TARGETS:%=build/fuzz/%)
	@for t in $(FUZZ_TARGETS); do \
	    case $$t in elf|zstd|tar|apk|walk) s=$$t;; *) s=perf;; esac; \
	    mkdir -p build/fuzz/corpus-$$t build/fuzz/out-$$t || exit 1; \
	    echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
	    ASAN_OPTIONS=detect_leaks=0 build/fuzz/$$t \
	        -max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAXLEN) \
	        -timeout=$(FUZZ_TIMEOUT) -close_fd_mask=2 \
	        -print_final_stats=1 -artifact_prefix=build/fuzz/out-$$t/ \
	        $(FUZZ_FLAGS) build/fuzz/corpus-$$t build/fuzz/seeds-$$s \
	        || { echo "fuzz: $$t failed; the input is in" \
	            "build/fuzz/out-$$t/" >&2; exit 1; }; \
	done

fuzz-short:
	rm -rf build/fuzz/corpus-perf-file build/fuzz/corpus-perf-pipe \
	    build/fuzz/corpus-elf build/fuzz/corpus-zstd build/fuzz/corpus-tar \
	    build/fuzz/corpus-apk build/fuzz/corpus-walk
	$(MAKE) fuzz FUZZ_SECONDS=60

# AFL++: afl-clang-fast, LLVMFuzzerTestOneInput driven by libAFLDriver.
AFL_CC = afl-clang-fast
AFL_DRIVER = /usr/lib/afl/libAFLDriver.a

fuzz-afl:
	@command -v $(AFL_CC) >/dev/null 2>&1 || { echo "make fuzz-afl:" \
	    "$(AFL_CC) not found (Debian: apt-get install afl++)" >&2; exit 1; }
	@[ -f $(AFL_DRIVER) ] || { echo "make fuzz-afl: no $(AFL_DRIVER)" \
	    "(set AFL_DRIVER=)" >&2; exit 1; }
	@mkdir -p build/afl
	@for ti in $(foreach t,$(FUZZ_TARGETS),$(t):$(FUZZ_ID_$(t))); do \
	    t=$${ti%%:*}; id=$${ti#*:}; \
	    echo "AFL_USE_ASAN=1 AFL_USE_UBSAN=1 $(AFL_CC) -DFUZZ_TARGET=$$id" \
	        "-o build/afl/$$t tests/fuzz.c $(AFL_DRIVER)"; \
	    AFL_USE_ASAN=1 AFL_USE_UBSAN=1 $(AFL_CC) $(WFLAGS) -O2 -g \
	        $(CPPFLAGS) -DFUZZ_TARGET=$$id -o build/afl/$$t tests/fuzz.c \
	        $(AFL_DRIVER) || exit 1; \
	done
	@echo "run, after make fuzz-seeds: afl-fuzz -i build/fuzz/seeds-perf" \
	    "-o build/afl/out-perf-file -- build/afl/perf-file"

.PHONY: fuzz fuzz-seeds fuzz-short fuzz-afl
