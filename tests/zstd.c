/* zstd-test: feed a zstd stream to perfmt.c's decoder (section 9) in pieces and check
 * what comes out.
 *
 * usage: zstd-test [-c N | -r SEED] [-s SIZES] [-e EXPECTED] [-o] [-p] FILE
 *   -c N       feed N bytes at a time (default: the whole file at once)
 *   -r SEED    feed pieces of random size 1..9000
 *   -s SIZES   feed pieces of the sizes listed in SIZES, one a line
 *              (perf record payloads)
 *   -e FILE    compare the output with FILE byte for byte
 *   -o         write the output to stdout
 *   -p         check that the output is a sequence of perf records
 *   -b         benchmark: stream the file in -c pieces (default 64 KiB)
 *   -x N       with -e: decode N truncated and N changed copies instead;
 *              each must end in an error or the right output
 * A stream that stops between blocks of an unfinished frame is an error
 * except with -p: perf leaves its stream so.
 * exit: 0 decoded (and equal), 1 decoder error, 2 output differs or bad
 * perf records, 3 usage or I/O trouble
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PERFMT_NO_MAIN
#include "../perfmt.c"

static unsigned char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *p = NULL;
	size_t cap = 0, n = 0, k;

	if (!f) {
		perror(path);
		exit(3);
	}
	for (;;) {
		if (n == cap) {
			cap = cap ? cap * 2 : 1 << 16;
			p = realloc(p, cap);
			if (!p)
				exit(3);
		}
		k = fread(p + n, 1, cap - n, f);
		if (!k)
			break;
		n += k;
	}
	fclose(f);
	*len = n;
	return p;
}

static unsigned char *expect;
static size_t expect_len, outpos;
static int differs, to_stdout, perf, quiet;

/* perf record walker across drains: header bytes, then skip */
static unsigned char phdr[8];
static size_t phave, pskip;
static unsigned long precs, pbad, ptypes[128];

static void
perf_walk(const unsigned char *p, size_t n)
{
	while (n) {
		if (pskip) {
			size_t k = pskip < n ? pskip : n;

			pskip -= k;
			p += k;
			n -= k;
			continue;
		}
		phdr[phave++] = *p++;
		n--;
		if (phave < 8)
			continue;
		phave = 0;
		{
			uint32_t type = get32(phdr, 0);
			unsigned size = get16(phdr + 6, 0);

			if (size < 8 || type == 0 || (type > 30 && type < 64) ||
			    type > 100) {
				if (!pbad)
					fprintf(stderr, "bad perf record at "
					    "output offset %zu: type %u size %u\n",
					    outpos - n - 8, (unsigned)type, size);
				pbad++;
				size = 8;
			}
			ptypes[type < 128 ? type : 0]++;
			precs++;
			pskip = size - 8;
		}
	}
}

static void
sink(const unsigned char *p, size_t n)
{
	if (to_stdout)
		fwrite(p, 1, n, stdout);
	if (expect && !differs) {
		if (outpos + n > expect_len ||
		    memcmp(expect + outpos, p, n)) {
			size_t i = 0;

			while (outpos + i < expect_len && i < n &&
			    expect[outpos + i] == p[i])
				i++;
			if (!quiet)
				fprintf(stderr, "output differs at byte %zu\n",
				    outpos + i);
			differs = 1;
		}
	}
	outpos += n;
	if (perf)
		perf_walk(p, n);
}

static void
drain(void)
{
	static unsigned char buf[65536];
	size_t k;

	while ((k = zs_read(buf, sizeof buf)) > 0)
		sink(buf, k);
}

/* feed one piece, draining whenever the decoder asks */
static int
feed(const unsigned char *p, size_t n)
{
	int k;

	do {
		k = zs_feed(p, n);
		if (k < 0)
			return -1;
		p += k;
		n -= (size_t)k;
		drain();
	} while (n);
	return 0;
}

static size_t piece;
static uint64_t seed;
static FILE *sf;

static size_t
next_piece(size_t left)
{
	unsigned long v;
	size_t k;

	if (sf) {
		if (fscanf(sf, "%lu", &v) != 1)
			v = left;
		k = v;
	} else if (seed) {
		seed = seed * 6364136223846793005u + 1442695040888963407u;
		k = 1 + (size_t)(seed >> 33) % 9000;
	} else {
		k = piece ? piece : left;
	}
	return k < left ? k : left;
}

/* decode in[0..len) from a fresh stream; returns zs_finish()'s verdict
 * or -1 */
static int
run(const unsigned char *in, size_t len)
{
	size_t at = 0, k;
	int r = 0;

	outpos = 0;
	differs = 0;
	zs_reset();
	while (at < len && !r) {
		k = next_piece(len - at);
		r = feed(in + at, k);
		at += k;
	}
	if (!r)
		r = zs_finish();
	drain();
	return r;
}

static unsigned long
rnd(void)
{
	static uint64_t x = 88172645463325252u;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return (unsigned long)(x >> 11);
}

/* which errors corrupt input met: the messages without their offsets
 * and numbers */
static char kinds[32][48];
static unsigned long kindn[32];

static void
tally(const char *m)
{
	char k[48];
	size_t i, j = 0;
	const char *p = strstr(m, ": ");

	// drop the words that start with a digit
	for (p = p ? p + 2 : m; *p && j < sizeof k - 1; p++) {
		if (*p >= '0' && *p <= '9' && (p == m || p[-1] == ' ' ||
		    p[-1] == '(')) {
			while (p[1] && p[1] != ' ')
				p++;
			continue;
		}
		k[j++] = *p;
	}
	k[j] = 0;
	for (i = 0; i < 32 && kinds[i][0]; i++)
		if (!strcmp(kinds[i], k))
			break;
	if (i == 32)
		return;
	if (!kinds[i][0])
		strcpy(kinds[i], k);
	kindn[i]++;
}

static void
print_tally(void)
{
	size_t i;

	for (i = 0; i < 32 && kinds[i][0]; i++)
		fprintf(stderr, "  %6lu  %s\n", kindn[i], kinds[i]);
}

/* corrupt copies of in: n truncations, then n single-byte changes; each
 * must end in an error or in the right output (a prefix, if truncated) */
static int
corrupt(const unsigned char *in, size_t len, unsigned long n)
{
	unsigned char *c = malloc(len ? len : 1);
	unsigned long i, err = 0, good = 0, bad = 0;
	size_t cut, at;
	int r;

	if (!c)
		return 3;
	quiet = 1;
	for (i = 0; i < 2 * n; i++) {
		memcpy(c, in, len);
		if (i < n) {	// spread the cuts over the whole stream
			cut = (size_t)((double)len * i / n);
			r = run(c, cut);
			// a cut between frames decodes cleanly to a prefix
			if (differs)
				bad++, fprintf(stderr, "truncated at %zu: "
				    "output is not a prefix\n", cut);
			else
				r ? err++ : good++;
		} else {	// change 1 to 4 bytes, mostly close together
			unsigned long j, nb = 1 + rnd() % 4;

			at = rnd() % len;
			for (j = 0; j < nb; j++) {
				size_t a = j ? (at + rnd() % 64) % len : at;

				c[a] ^= (unsigned char)(1 + rnd() % 255);
			}
			r = run(c, len);
			if (r == 1)
				r = -1;
			if (!r && (differs || outpos != expect_len))
				bad++, fprintf(stderr, "byte %zu changed: "
				    "wrong output, no error\n", at);
			else
				r ? err++ : good++;
		}
		if (r < 0)
			tally(zs_error());
	}
	print_tally();
	fprintf(stderr, "corrupt: %lu cases, %lu errors, %lu correct, "
	    "%lu wrong\n", 2 * n, err, good, bad);
	free(c);
	return bad ? 2 : 0;
}

/* -b: read the file in pieces of -c bytes (default 64 KiB, a perf
 * record's worth) and feed them as they come, as perfmt would */
static int
stream(const char *path)
{
	static unsigned char buf[1 << 20];
	FILE *f = fopen(path, "rb");
	size_t k, n = piece && piece < sizeof buf ? piece : 65536;
	int r = 0;

	if (!f) {
		perror(path);
		return 3;
	}
	zs_reset();
	while (!r && (k = fread(buf, 1, n, f)) > 0)
		r = feed(buf, k);
	fclose(f);
	if (!r)
		r = zs_finish();
	drain();
	if (r) {
		fprintf(stderr, "test_zstd: %s\n", zs_error());
		return 1;
	}
	fprintf(stderr, "%zu bytes\n", outpos);
	return fflush(stdout) || ferror(stdout) ? 3 : 0;
}

int
main(int argc, char **argv)
{
	unsigned char *in;
	size_t len;
	const char *sizes = NULL;
	unsigned long ncorrupt = 0;
	int c, r, bench = 0;

	while ((c = getopt(argc, argv, "bc:r:s:e:opx:")) != -1) {
		switch (c) {
		case 'b': bench = 1; break;
		case 'c': piece = strtoul(optarg, NULL, 0); break;
		case 'r': seed = strtoul(optarg, NULL, 0) | 1; break;
		case 's': sizes = optarg; break;
		case 'e': expect = slurp(optarg, &expect_len); break;
		case 'o': to_stdout = 1; break;
		case 'p': perf = 1; break;
		case 'x': ncorrupt = strtoul(optarg, NULL, 0); break;
		default: return 3;
		}
	}
	if (optind + 1 != argc || (ncorrupt && !expect)) {
		fprintf(stderr, "usage: test_zstd [-c N | -r SEED] [-s SIZES] "
		    "[-e FILE [-x N]] [-o] [-p] FILE\n");
		return 3;
	}
	if (bench)
		return stream(argv[optind]);
	in = slurp(argv[optind], &len);
	if (sizes && !(sf = fopen(sizes, "r"))) {
		perror(sizes);
		return 3;
	}
	if (ncorrupt) {
		r = corrupt(in, len, ncorrupt);
		free(in);
		free(expect);
		return r;
	}
	r = run(in, len);
	free(in);
	if (r == 1 && perf)	// perf never ends its frame
		r = 0;
	if (r) {
		fprintf(stderr, "test_zstd: %s\n", zs_error());
		return 1;
	}
	if (expect && !differs && outpos != expect_len) {
		fprintf(stderr, "output is %zu bytes, expected %zu\n", outpos,
		    expect_len);
		differs = 1;
	}
	if (perf) {
		int t;

		fprintf(stderr, "perf: %lu records, %lu bad, %zu bytes%s;",
		    precs, pbad, outpos,
		    phave || pskip ? " (last cut short)" : "");
		for (t = 0; t < 128; t++)
			if (ptypes[t])
				fprintf(stderr, " %d:%lu", t, ptypes[t]);
		fprintf(stderr, "\n");
		if (pbad || phave || pskip)
			return 2;
	}
	free(expect);
	if (fflush(stdout) || ferror(stdout))
		return 3;
	return differs ? 2 : 0;
}
