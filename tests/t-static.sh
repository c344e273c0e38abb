# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- static binary, no allocator -----------------------------------------
if grep -nE '\<(malloc|calloc|realloc|strdup|fopen|opendir)[[:space:]]*\(' \
    perfmt.c >"$T/grep"; then
	bad "no malloc/fopen in perfmt.c" "$(cat "$T/grep")"
else
	ok "no malloc/fopen in perfmt.c"
fi
# one mmap, of a perf event's two-page ring (perf_clock_now): perf's
# clock is read nowhere else; memory it is not
grep -nE '\<mmap[[:space:]]*\(' perfmt.c >"$T/grep"
[ "$(wc -l <"$T/grep")" -eq 1 ] &&
    awk '/^perf_clock_now\(/, /^}/' perfmt.c | grep -q 'mmap(NULL, 2 \* (size_t)pg,' &&
    ok "mmap only for perf's ring, in perf_clock_now" ||
    bad "mmap only for perf's ring, in perf_clock_now" "$(cat "$T/grep")"
# the source's shape (docs/design.md, the state): at most 30 file-scope
# objects in writable data (nm of an -O0 object as cc builds it by
# default: b, d symbols; tables of pointers too, which position-
# independent code keeps writable), and no function over 100 lines
if command -v cc >/dev/null 2>&1 && command -v nm >/dev/null 2>&1 &&
    cc -std=c99 -O0 -D_FILE_OFFSET_BITS=64 \
    -D_POSIX_C_SOURCE=200809L -c -o "$T/shape.o" "$top/perfmt.c" 2>/dev/null; then
	nm "$T/shape.o" | awk '$2 ~ /^[bBdD]$/ && $3 !~ /\./ { print $3 }' >"$T/mut"
	n=$(wc -l <"$T/mut")
	[ "$n" -gt 10 ] && [ "$n" -le 30 ] &&
	    ok "perfmt.c: $n file-scope objects in writable data, at most 30" ||
	    bad "perfmt.c: at most 30 file-scope objects in writable data" "$n: $(tr '\n' ' ' <"$T/mut")"
else
	skipped "perfmt.c: at most 30 file-scope objects in writable data" "no cc or nm to build and read an object"
fi
awk '/^[a-z_][a-z_0-9]*\(/ { name = $0; start = NR }
	/^}/ && start { if (NR - start > 100) print NR - start, name; start = 0 }' \
    "$top/perfmt.c" >"$T/long"
[ -s "$T/long" ] &&
    bad "perfmt.c: no function over 100 lines" "$(cat "$T/long")" ||
    ok "perfmt.c: no function over 100 lines"
case $EMU:$(basename "$PERFMT") in
:perfmt)
	if command -v readelf >/dev/null 2>&1; then
		readelf -lW "$PERFMT" | grep -q INTERP &&
		    bad "perfmt is static" "it has a PT_INTERP" ||
		    ok "perfmt is static"
	fi
	if command -v nm >/dev/null 2>&1 && nm "$PERFMT" >/dev/null 2>&1 &&
	    musl_only "no allocator linked"; then
		nm "$PERFMT" | grep -E ' (malloc|calloc|realloc|free|strdup|fopen|opendir|aligned_alloc|posix_memalign|brk|sbrk)$' >"$T/nm" &&
		    bad "no allocator linked" "$(cat "$T/nm")" ||
		    ok "no allocator linked"
	fi
	# no warning from either compiler, with the flags the Makefile uses
	flags="$(sed -n 's/^WFLAGS = //p; s/^CPPFLAGS += //p' "$top/Makefile")"
	for c in gcc clang musl-gcc; do
		command -v $c >/dev/null 2>&1 || continue
		$c $flags -Werror -fsyntax-only "$top/perfmt.c" >"$T/cc" 2>&1 &&
		    ok "$c -std=c99 -pedantic -Wall -Wextra: no warning" ||
		    bad "$c -std=c99 -pedantic -Wall -Wextra: no warning" "$(cat "$T/cc")"
	done
	# a machine without musl-gcc: said, and a static build with cc; a
	# budget given to make reaches the binary
	if command -v make >/dev/null 2>&1 && command -v cc >/dev/null 2>&1; then
		rm -rf "$T/fb"
		mkdir -p "$T/fb"
		cp "$top/Makefile" "$top/perfmt.c" "$top/elf_min.h" "$T/fb/"
		make -s -C "$T/fb" MUSL_CC=no-such-musl-gcc PERFMT_MAXOBJ=100 \
		    >"$T/fb.out" 2>"$T/fb.err"
		run "$T/fb/perfmt" -V
		grep -q "no-such-musl-gcc not found (Debian: apt-get install musl-tools)" "$T/fb.err" &&
		    ! readelf -lW "$T/fb/perfmt" | grep -q INTERP &&
		    grep -q '^  objects  *100 ' "$W/out" &&
		    ok "without musl-gcc: said, static with cc, make PERFMT_MAXOBJ=100" ||
		    bad "without musl-gcc: said, static with cc, make PERFMT_MAXOBJ=100" \
		    "$(cat "$T/fb.err" "$W/out")"
	fi
	;;
esac
