/* The truncation and bit-flip sweep of the suite (tests/run.sh runs it over
 * every perf.data fixture; make check-asan runs it under ASan and UBSan).
 * Each fixture is read as a file by what header, list and check
 * --hits=callchain run, and every 8th input written by inject -o and
 * archive -o (the fuzz harness of tests/fuzz.c, target 1):
 * cut at every STEP-th offset of its first 1 KiB (header, attrs, ids) and
 * of its last 2 KiB (the feature sections at the end of a file-mode
 * profile), at 63 offsets spread over the rest, and with 64 single-bit
 * flips from a fixed seed.  After each run perfmt's exit status must be 0,
 * 1 or 2 and a run must take under 10 s; a crash or a sanitizer report ends
 * the program.  perfmt's messages go to standard error.
 *   usage: sweep STEP FILE...   prints "ok sweep NAME: ..." or "FAIL ..."
 */
#define FUZZ_TARGET 1
#include "fuzz.c"

#include <stdlib.h>
#include <time.h>

static double
now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int bad_runs, out_fd = 1;
static size_t step = 1;

/* One run over data[0, n): its status and its time. */
static void
sweep_one(const char *name, const unsigned char *data, size_t n,
    const char *what, size_t at)
{
	static unsigned runs;
	double t0 = now_s();

	// inject and archive write a file each: every 8th input, to keep
	// make test's time
	fz_writers = runs++ % 8 == 0;
	LLVMFuzzerTestOneInput(data, n);
	if (rpt.status > 2 || now_s() - t0 > 10.0) {
		if (bad_runs++ < 5)
			dprintf(out_fd, "FAIL sweep %s: %s at %zu: status %d, "
			    "%.2f s\n", name, what, at, rpt.status, now_s() - t0);
	}
}

static void
sweep_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char *d, *c;
	size_t n = 0, cap = 1 << 16, k, i;
	uint64_t seed = 0x9e3779b97f4a7c15u;
	const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	int before = bad_runs, cuts = 0;

	if (!f || !(d = malloc(cap))) {
		dprintf(out_fd, "FAIL sweep %s: cannot read it\n", name);
		bad_runs++;
		return;
	}
	while ((k = fread(d + n, 1, cap - n, f)) > 0) {
		n += k;
		if (n == cap && !(d = realloc(d, cap *= 2)))
			abort();
	}
	fclose(f);
	// cuts: the head and the tail byte by byte (small files only: each
	// run writes the whole input again), and 64 spread over the middle
	for (i = 0; n <= (1 << 20) && i < n && i < 1024; i += step, cuts++)
		sweep_one(name, d, i, "cut", i);
	for (i = n > 3072 ? n - 2048 : 1024; n <= (1 << 20) && i < n;
	    i += step, cuts++)
		sweep_one(name, d, i, "cut", i);
	for (i = 1; i < 64; i++, cuts++)
		sweep_one(name, d, n / 64 * i, "cut", n / 64 * i);
	if (!(c = malloc(n ? n : 1)))
		abort();
	for (i = 0; n && i < 64; i++) {
		size_t at;

		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		at = (size_t)(seed % n);
		memcpy(c, d, n);
		c[at] ^= (unsigned char)(1u << (seed >> 32) % 8);
		sweep_one(name, c, n, "bit flip", at);
	}
	if (bad_runs == before)
		dprintf(out_fd, "ok sweep %s: %d cuts, %d bit flips\n", name,
		    cuts, n ? 64 : 0);
	free(c);
	free(d);
}

int
main(int argc, char **argv)
{
	int i;

	int out = dup(1);

	// the harness sends perfmt's output to /dev/null; the results go to
	// the real standard output, perfmt's messages nowhere (a sanitizer
	// report still reaches standard error)
	LLVMFuzzerInitialize(&argc, &argv);
	if (out < 0 || argc < 2 || !(step = strtoul(argv[1], NULL, 10)))
		return 2;
	out_fd = out;
	for (i = 2; i < argc; i++)
		sweep_file(argv[i]);
	return bad_runs ? 1 : 0;
}
