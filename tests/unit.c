/* Unit tests of perfmt's byte, bounds, note and table layers.
 *
 * Built twice by the Makefile: with the default budget and with a tiny one
 * (PERFMT_MAXOBJ=4 ...) so that the table-full paths run.  Prints one line
 * per test, "ok NAME" or "FAIL NAME (line N)", for tests/run.sh to count.
 * jsmn's harness, in spirit: a check returns the failing line.
 */
#define PERFMT_NO_MAIN
#include "../perfmt.c"

#define check(c) do { if (!(c)) return __LINE__; } while (0)

/* hit() as sample_hits asks it: pid's maps in cpumode, no time known */
static int
hit_at(int32_t pid, unsigned cpumode, uint64_t addr, uint8_t how)
{
	return hit(hit_proc(pid, cpumode), addr, how, 0);
}

static int failures;

static void
test(int (*fn)(void), const char *name)
{
	int line = fn();

	if (line) {
		failures++;
		printf("FAIL %s (line %d)\n", name, line);
	} else {
		printf("ok %s\n", name);
	}
	fflush(stdout);
}

static void
put16(unsigned char *p, uint32_t v, int be)
{
	p[be ? 0 : 1] = (unsigned char)(v >> 8);
	p[be ? 1 : 0] = (unsigned char)v;
}

static void
put32(unsigned char *p, uint32_t v, int be)
{
	int i;

	for (i = 0; i < 4; i++)
		p[be ? 3 - i : i] = (unsigned char)(v >> (8 * i));
}

static void
put64(unsigned char *p, uint64_t v, int be)
{
	int i;

	for (i = 0; i < 8; i++)
		p[be ? 7 - i : i] = (unsigned char)(v >> (8 * i));
}

static char tmpdir[] = "/tmp/perfmt-unit-XXXXXX";

static const char *
tmpfile_with(const char *name, const unsigned char *p, size_t n)
{
	static char path[2][256];
	static int k;
	FILE *f;

	k ^= 1;
	snprintf(path[k], sizeof path[k], "%s/%s", tmpdir, name);
	f = fopen(path[k], "wb");	/* test code: stdio is fine here */
	if (!f || fwrite(p, 1, n, f) != n || fclose(f))
		return NULL;
	return path[k];
}

/* ---- bytes ------------------------------------------------------------ */

static int
t_get(void)
{
	static const unsigned char b[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };

	check(get16(b, 0) == 0x0201 && get16(b, 1) == 0x0102);
	check(get32(b, 0) == 0x04030201u && get32(b, 1) == 0x01020304u);
	check(get64(b, 0) == 0x0807060504030201ull);
	check(get64(b, 1) == 0x0102030405060708ull);
	check(align_up(13, 4) == 16 && align_up(16, 8) == 16);
	check(popcount64(0) == 0 && popcount64(~0ull) == 64);
	return 0;
}

static int
t_escape(void)
{
	char out[64];

	esc_into(out, sizeof out, "a\nb\\c\x1b[2J", 9);
	check(!strcmp(out, "a\\x0ab\\\\c\\x1b[2J"));
	esc_into(out, sizeof out, "caf\xc3\xa9", 5);	/* valid UTF-8 kept */
	check(!strcmp(out, "caf\xc3\xa9"));
	esc_into(out, sizeof out, "\xc3(\xff\xed\xa0\x80", 6);	/* invalid */
	check(!strcmp(out, "\\xc3(\\xff\\xed\\xa0\\x80"));
	/* C1 CSI, a line separator and a right-to-left override: escaped */
	esc_into(out, sizeof out, "a\xc2\x9b" "2Jb\xe2\x80\xa8" "c\xe2\x80\xae" "d", 14);
	check(!strcmp(out, "a\\xc2\\x9b2Jb\\xe2\\x80\\xa8c\\xe2\\x80\\xae" "d"));
	esc_into(out, sizeof out, "\xc2\xa0\xe2\x80\xa7", 5);	/* NBSP, U+2027 kept */
	check(!strcmp(out, "\xc2\xa0\xe2\x80\xa7"));
	esc_into(out, sizeof out, "\xe2\x82", 2);	/* cut sequence */
	check(!strcmp(out, "\\xe2\\x82"));
	esc_into(out, 8, "abcdefghijkl", 12);		/* too long: marked */
	check(strlen(out) < 8 && strstr(out, "..."));
	return 0;
}

/* UTF-8 of code point c into p; its length */
static size_t
utf8_put(unsigned char *p, uint32_t c)
{
	if (c < 0x80) {
		p[0] = (unsigned char)c;
		return 1;
	}
	if (c < 0x800) {
		p[0] = (unsigned char)(0xc0 | c >> 6);
		p[1] = (unsigned char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		p[0] = (unsigned char)(0xe0 | c >> 12);
		p[1] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
		p[2] = (unsigned char)(0x80 | (c & 0x3f));
		return 3;
	}
	p[0] = (unsigned char)(0xf0 | c >> 18);
	p[1] = (unsigned char)(0x80 | (c >> 12 & 0x3f));
	p[2] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
	p[3] = (unsigned char)(0x80 | (c & 0x3f));
	return 4;
}

/* "a", c, "b" escaped: 1 if c comes out as \xNN escapes, 0 if raw, -1 if
 * neither */
static int
escaped(uint32_t c)
{
	unsigned char in[8];
	char out[64], want[64];
	size_t n, i, o = 0;

	in[0] = 'a';
	n = 1 + utf8_put(in + 1, c);
	in[n++] = 'b';
	esc_into(out, sizeof out, (const char *)in, n);
	want[o++] = 'a';
	for (i = 1; i + 1 < n; i++)
		o += (size_t)sprintf(want + o, "\\x%02x", in[i]);
	want[o++] = 'b';
	want[o] = 0;
	if (!strcmp(out, want))
		return 1;
	return out[0] == 'a' && !memcmp(out + 1, in + 1, n - 2) &&
	    out[n - 1] == 'b' && !out[n] ? 0 : -1;
}

static int
t_invisible(void)
{
	/* the invisible format characters named by the issue, and the rest
	 * of Default_Ignorable_Code_Point: every code point escaped */
	static const uint32_t hidden[][2] = {
		{ 0x200b, 0x200f }, { 0x061c, 0x061c }, { 0xfeff, 0xfeff },
		{ 0x00ad, 0x00ad }, { 0x2060, 0x2064 }, { 0xe0001, 0xe007f },
		{ 0x2028, 0x202e }, { 0x2066, 0x2069 }, { 0x034f, 0x034f },
		{ 0x115f, 0x1160 }, { 0x3164, 0x3164 }, { 0xffa0, 0xffa0 },
		{ 0x180b, 0x180f }, { 0x17b4, 0x17b5 }, { 0xfe00, 0xfe0f },
		{ 0xfff9, 0xfffb }, { 0xe0100, 0xe01ef }, { 0x1bca0, 0x1bca3 },
		{ 0x1d173, 0x1d17a }, { 0x80, 0x9f },
	};
	/* visible neighbours and ordinary text: kept */
	static const uint32_t shown[] = {
		0xa0, 0xac, 0xae, 0x34e, 0x350, 0x61b, 0x61d, 0x115e, 0x1161,
		0x200a, 0x2010, 0x2027, 0x202f, 0x205f, 0x2070, 0x3163, 0x3165,
		0xfdff, 0xfe10, 0xfefe, 0xff9f, 0xffa1, 0xfffc, 0xfffd,
		0x1f600, 0xdffff, 0xe1000, 0x10fffd, 0xe9, 0x4e2d,
	};
	size_t i;
	uint32_t c;

	for (i = 0; i < sizeof hidden / sizeof hidden[0]; i++)
		for (c = hidden[i][0]; c <= hidden[i][1]; c++)
			check(escaped(c) == 1);
	for (i = 0; i < sizeof shown / sizeof shown[0]; i++)
		check(escaped(shown[i]) == 0);
	return 0;
}

static int
t_hex(void)
{
	static const unsigned char id[3] = { 0x01, 0xab, 0xff };
	char out[8];

	hex_into(out, id, 3);
	check(!strcmp(out, "01abff"));
	return 0;
}

static int
t_civil(void)
{
	char buf[64];
	int64_t y;
	unsigned m, d;

	civil_from_days(0, &y, &m, &d);
	check(y == 1970 && m == 1 && d == 1);
	civil_from_days(11016, &y, &m, &d);	/* 2000-02-29 */
	check(y == 2000 && m == 2 && d == 29);
	civil_from_days(20787, &y, &m, &d);	/* 2026-11-30 */
	check(y == 2026 && m == 11 && d == 30);
	civil_from_days(-1, &y, &m, &d);
	check(y == 1969 && m == 12 && d == 31);
	/* the ends of int64 ns, and just before the epoch (a CLOCK_DATA
	 * time of day of 2^63 overflowed: tests/data/fuzz/perf-clock-tod-min) */
	utc_into(buf, sizeof buf, INT64_MIN, 9);
	check(!strcmp(buf, "1677-09-21 00:12:43.145224192 UTC"));
	utc_into(buf, sizeof buf, INT64_MAX, 1);
	check(!strcmp(buf, "2262-04-11T23:47:16.854775807Z"));
	utc_into(buf, sizeof buf, -1, 9);
	check(!strcmp(buf, "1969-12-31 23:59:59.999999999 UTC"));
	utc_into(buf, sizeof buf, -1000000000, 0);
	check(!strcmp(buf, "1969-12-31 23:59:59 UTC"));
	return 0;
}

/* ---- reader ----------------------------------------------------------- */

static int
t_rd_mem(void)
{
	static const unsigned char b[10] = "0123456789";
	const unsigned char *p;
	struct rd r;

	rd_mem(&r, b, 10, 100);
	check(rd_tell(&r) == 100 && rd_left(&r) == 10);
	check((p = rd_peek(&r, 10)) && p[9] == '9');
	check(!rd_peek(&r, 11));
	check(rd_skip(&r, 4) && rd_tell(&r) == 104);
	check((p = rd_peek(&r, 6)) && p[0] == '4');
	check(!rd_skip(&r, 7));			/* past the window */
	check(rd_left(&r) == 0 && !rd_peek(&r, 1));
	check(rd_seek(&r, 102) && rd_peek(&r, 1)[0] == '2');
	return 0;
}

static int
t_rd_file(void)
{
	unsigned char data[100], buf[16];
	const unsigned char *p;
	const char *path;
	struct rd r;
	int fd, i;

	for (i = 0; i < 100; i++)
		data[i] = (unsigned char)i;
	check((path = tmpfile_with("rd", data, 100)));
	check((fd = open(path, O_RDONLY)) >= 0);
	/* a 16-byte buffer over [10, 90): refills, compaction, window end */
	rd_file(&r, fd, 1, buf, sizeof buf, 10, 90);
	check((p = rd_peek(&r, 12)) && p[0] == 10 && p[11] == 21);
	check(rd_skip(&r, 10));
	check((p = rd_peek(&r, 16)) && p[0] == 20 && p[15] == 35);
	check(!rd_peek(&r, 17));		/* larger than the buffer */
	check(rd_skip(&r, 60) && rd_tell(&r) == 80);
	check((p = rd_peek(&r, 10)) && p[9] == 89);
	check(!rd_peek(&r, 11));		/* the window ends at 90 */
	check(!rd_skip(&r, 11) && rd_tell(&r) == 90);
	/* a window past the end of the file: reads stop at EOF */
	rd_file(&r, fd, 1, buf, sizeof buf, 95, 200);
	check((p = rd_peek(&r, 5)) && p[4] == 99 && !rd_peek(&r, 6));
	close(fd);
	return 0;
}

/* A file through a buffer that holds a few steps: every step gives the
 * file's bytes, a seek back before what the buffer keeps reads again, a
 * seek forward past it reads from there, and the window's end holds. */
static int
t_rd_seek(void)
{
	static unsigned char data[4000], buf[512];
	const unsigned char *p;
	const char *path;
	struct rd r;
	uint64_t off;
	int fd, i;

	for (i = 0; i < 4000; i++)
		data[i] = (unsigned char)(i * 7 + i / 256);
	check((path = tmpfile_with("rd-seek", data, sizeof data)));
	check((fd = open(path, O_RDONLY)) >= 0);
	rd_file(&r, fd, 1, buf, sizeof buf, 13, 3990);
	for (off = 13; off + 300 <= 3990; off += 137) {
		check(rd_tell(&r) == off);
		check((p = rd_peek(&r, 300)) && !memcmp(p, data + off, 300));
		check(rd_skip(&r, 137));
	}
	/* back to a byte before the first one kept: read again */
	check(rd_seek(&r, off - 200));
	check((p = rd_peek(&r, 250)) && !memcmp(p, data + off - 200, 250));
	/* forward, past what is held */
	check(rd_seek(&r, 3900) && (p = rd_peek(&r, 90)) &&
	    !memcmp(p, data + 3900, 90) && !rd_peek(&r, 91));
	close(fd);
	return 0;
}

/* Records for the reader: a header of type and size, nothing else. */
static size_t
put_rec(unsigned char *b, size_t at, uint32_t type, uint32_t size)
{
	memset(b + at, 0, size);
	put32(b + at, type, 0);
	put16(b + at + 4, 2, 0);
	put16(b + at + 6, size, 0);
	return at + size;
}

/* check reads records without their samples: each sample counted with
 * its bytes, the others read in order, up to a record the buffer cuts. */
static int
t_skip_samples(void)
{
	static unsigned char b[16384];
	struct rd r;
	size_t at = 0, i, n = 0, samples = 0;
	int hits = plan.hits, times = plan.times, span = plan.span;

	for (i = 0; at + 64 <= 12000; i++) {
		if (i % 10 == 9) {
			at = put_rec(b, at, R_COMM, 16);
			n++;
		} else {
			at = put_rec(b, at, R_SAMPLE, 32);
			samples++;
		}
	}
	put_rec(b, at, R_SAMPLE, 32);
	pf_reset("t");
	rpt.status = 0;
	plan.hits = plan.times = plan.span = 0;	/* no sample wanted */
	rd_mem(&r, b, at + 20, 0);
	scan_records(&r, 1);
	plan.hits = hits;
	plan.times = times;
	plan.span = span;
	check(pf.type_n[R_SAMPLE] == samples && pf.type_n[R_COMM] == n);
	check(pf.nrec == samples + n && pf.recbytes == at && rpt.status == 1);
	rpt.status = 0;
	return 0;
}

static int
t_rd_pipe(void)
{
	unsigned char data[64], buf[16];
	const unsigned char *p;
	struct rd r;
	int fds[2], i;

	for (i = 0; i < 64; i++)
		data[i] = (unsigned char)i;
	check(!pipe(fds));
	check(write(fds[1], data, 64) == 64);
	close(fds[1]);
	rd_file(&r, fds[0], 0, buf, sizeof buf, 0, RD_OPEN);
	check((p = rd_peek(&r, 8)) && p[7] == 7);
	check(rd_skip(&r, 40) && rd_tell(&r) == 40);	/* read and dropped */
	check((p = rd_peek(&r, 4)) && p[0] == 40);
	check(!rd_skip(&r, 100));			/* EOF first */
	close(fds[0]);
	return 0;
}

static int
t_rd_string(void)
{
	unsigned char b[80];
	char s[8];
	struct rd r;
	int cut;

	memset(b, 0, sizeof b);
	put32(b, 8, 1);
	memcpy(b + 4, "vm", 3);
	rd_mem(&r, b, 12, 0);
	check(rd_string(&r, s, sizeof s, 1, &cut) && !strcmp(s, "vm") && !cut);
	check(rd_left(&r) == 0);
	put32(b, 64, 0);			/* longer than the window */
	rd_mem(&r, b, 12, 0);
	check(!rd_string(&r, s, sizeof s, 0, &cut));
	put32(b, 0xffffffffu, 0);		/* absurd */
	rd_mem(&r, b, 80, 0);
	check(!rd_string(&r, s, sizeof s, 0, &cut));
	put32(b, 16, 0);			/* kept part is cut */
	memcpy(b + 4, "0123456789abcde", 16);
	rd_mem(&r, b, 20, 0);
	check(rd_string(&r, s, sizeof s, 0, &cut) && cut && !strcmp(s, "0123456"));
	return 0;
}

/* range_ok(off, len, size): [off, off + len) lies in a file of size
 * bytes.  Every bound of a section, a table or a note area from a file
 * goes through it, so it is tried at its edges and where off + len
 * would wrap around. */
static int
t_range_ok(void)
{
	const uint64_t max = UINT64_MAX;

	check(range_ok(0, 0, 0) && !range_ok(0, 1, 0));
	/* off at the end: an empty range is there, a byte is not */
	check(range_ok(100, 0, 100) && !range_ok(100, 1, 100));
	check(!range_ok(101, 0, 100));
	/* len up to the end, and one past it */
	check(range_ok(10, 90, 100) && !range_ok(10, 91, 100));
	check(range_ok(0, 100, 100) && !range_ok(0, 101, 100));
	check(range_ok(99, 1, 100) && !range_ok(99, 2, 100));
	/* the note segment of local__w-sha1 (0x358, 68 bytes) in the file
	 * cut at 924 and at 923 bytes */
	check(range_ok(0x358, 68, 924) && !range_ok(0x358, 68, 923));
	/* huge values */
	check(range_ok(0, max, max) && range_ok(max, 0, max));
	check(range_ok(1, max - 1, max) && !range_ok(1, max, max));
	check(!range_ok(max, 1, max) && !range_ok(max, 0, max - 1));
	check(!range_ok(0, max, max - 1));
	/* off + len wraps around to a small number */
	check(!range_ok(8, max - 7, 16) && !range_ok(max, 2, 100));
	check(!range_ok(max - 1, 2, max) && !range_ok(16, max, 32));
	return 0;
}

/* ---- object table ------------------------------------------------------ */

static int
t_id_same(void)
{
	static const unsigned char a[20] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	static const unsigned char b[20] = { 1, 2, 3, 4, 5, 6, 7, 9 };

	check(id_same(a, 8, a, 20));		/* zero padding is no change */
	check(id_same(a, 20, a, 8));
	check(!id_same(a, 8, b, 8));
	check(!id_same(a, 0, a, 8) && id_same(a, 0, b, 0));
	check(!id_same(a, 7, a, 8));		/* a[7] is nonzero */
	return 0;
}

static int
t_obj(void)
{
	static const unsigned char i1[20] = { 1 }, i2[20] = { 2 };
	struct obj *o;
	uint32_t i;

	pf_reset("t");
	o = obj_add(-1, "/bin/a", 6, i1, 20, SRC_TABLE, MISC_USER);
	check(o && ot.nobj == 1);
	/* the table keeps one entry per machine and name: the last ID wins */
	check(obj_add(-1, "/bin/a", 6, i2, 20, SRC_TABLE, MISC_USER) == o);
	check(o->id[0] == 2 && ot.nobj == 1);
	/* a mapping with the same ID joins it, another ID is another object */
	check(obj_add(-1, "/bin/a", 6, i2, 20, SRC_MMAP, MISC_USER) == o);
	check(o->src == (SRC_TABLE | SRC_MMAP));
	o = obj_add(-1, "/bin/a", 6, i1, 20, SRC_MMAP2ID, MISC_USER);
	check(o && ot.nobj == 2);
	/* machines are apart */
	check(obj_add(0, "/bin/a", 6, i1, 20, SRC_MMAP, MISC_USER) != o);
	/* filling the table drops and counts, never overruns */
	for (i = 0; i < PERFMT_MAXOBJ + 5; i++) {
		char name[32];

		snprintf(name, sizeof name, "/lib/%u", i);
		obj_add(-1, name, strlen(name), NULL, 0, SRC_MMAP, MISC_USER);
	}
	check(ot.nobj <= PERFMT_MAXOBJ && ot.obj_dropped >= 5);
	check(ot.arena_used <= sizeof ot.arena);
	rpt.status = 0;
	return 0;
}

/* A path of two builds: the ID judged is the last one the report uses
 * (a sample in its maps), not the last one met (build_used, rec_gather) */
static int
t_builds_used(void)
{
	static const unsigned char i1[20] = { 1 }, i2[20] = { 2 };
	struct rec rc;
	int all = opt.all, hits = plan.hits;

	pf_reset("t");
	sc.hits_unplaced = 0;
	plan.hits = HITS_CALLCHAIN;
	opt.all = 0;
	check(obj_add(-1, "/bin/a", 6, i1, 20, SRC_MMAP2ID, MISC_USER));
	check(obj_add(-1, "/bin/a", 6, i2, 20, SRC_MMAP2ID, MISC_USER));
	check(ot.nobj == 2 && ot.objs[1].group == 0);
	ot.objs[0].hit = HIT_SAMPLE;
	check(build_used(0, 0) && !build_used(0, 1));
	rec_gather(0, &rc);
	check(rc.nids == 2 && rc.id == ot.objs[0].id);
	check(path_hit(0) == HIT_SAMPLE);
	/* every build counts where the scope cannot tell (-a) */
	opt.all = 1;
	check(build_used(0, 1));
	rec_gather(0, &rc);
	check(rc.id == ot.objs[1].id);
	opt.all = all;
	plan.hits = hits;
	return 0;
}

static int
t_id_map(void)
{
	uint64_t i, kept = 0;

	pf_reset("t");
	pf.nattr = 2;
	for (i = 1; i <= PERFMT_MAXID + 3; i++)
		id_map(i * 977, (uint32_t)(i & 1));
	for (i = 1; i <= PERFMT_MAXID + 3; i++)
		kept += id_find(i * 977) != NULL;
	/* probing is bounded (ID_PROBES): a nearly full table may drop an
	 * id before the last slot is taken, never keep more than it holds */
	check(kept <= PERFMT_MAXID && kept >= PERFMT_MAXID - PERFMT_MAXID / 8);
	check(id_find(977) == &pf.attrs[1] && id_find(2 * 977) == &pf.attrs[0]);
	check(!id_find(5));
	return 0;
}

/* ---- build-ID table ---------------------------------------------------- */

/* A record header of the given size, the rest zeroed. */
static size_t
rec_put(unsigned char *p, uint32_t type, unsigned misc, size_t size, int be)
{
	memset(p, 0, size);
	put32(p, type, be);
	put16(p + 4, misc, be);
	put16(p + 6, (uint32_t)size, be);
	return size;
}

/* One entry in the new layout, padded to pad bytes of name. */
static size_t
bid_put(unsigned char *p, int be, unsigned misc, int32_t pid,
    unsigned char idbyte, int size, const char *name, size_t pad)
{
	size_t n = 36 + align_up(strlen(name) + 1, pad);

	rec_put(p, 0, misc, n, be);
	put32(p + 8, (uint32_t)pid, be);
	memset(p + 12, idbyte, size > 0 ? (size_t)size : 20);
	if (size > 0)
		p[32] = (unsigned char)size;
	memcpy(p + 36, name, strlen(name));
	return n;
}

static int
t_bid_table(void)
{
	unsigned char t[1024];
	size_t n = 0;
	struct rd r;
	int be;

	for (be = 0; be < 2; be++) {
		pf_reset("t");
		pf.be = be;
		n = bid_put(t, be, 0x8001, -1, 0xaa, 20, "[kernel.kallsyms]", 64);
		n += bid_put(t + n, be, 0x8002, -1, 0xbb, 16, "/bin/md5", 8);
		n += bid_put(t + n, be, 0x0002, -1, 0xcc, 0, "/bin/old", 64);
		n += bid_put(t + n, be, 0x0003, -1, 0xdd, 0, "/hv", 8);
		n += bid_put(t + n, be, 0x0005, 7, 0xee, 0, "/guest", 8);
		rd_mem(&r, t, n, 0);
		feat_build_id(&r);
		check(pf.n_table == 4 && pf.n_bid_ignored == 1);
		check(ot.nobj == 4);
		check(ot.objs[1].idlen == 16 && ot.objs[1].id[0] == 0xbb);
		check(ot.objs[2].idlen == 20);
		check(ot.objs[3].machine == 7 && !strcmp(obj_name(&ot.objs[3]), "/guest"));
	}
	rpt.status = 0;
	return 0;
}

static int
t_bid_old_abi(void)
{
	unsigned char t[256];
	size_t n = 32 + 64;
	struct rd r;

	/* before Linux 2.6.35: no pid, the ID at 8 and the name at 32 */
	pf_reset("t");
	memset(t, 0, sizeof t);
	put16(t + 4, 1, 0);
	put16(t + 6, (uint32_t)n, 0);
	memset(t + 8, 0x11, 20);
	memcpy(t + 32, "[kernel.kallsyms]", 17);
	rd_mem(&r, t, n, 0);
	feat_build_id(&r);
	check(ot.nobj == 1 && ot.objs[0].machine == -1 && ot.objs[0].id[0] == 0x11);
	check(!strcmp(obj_name(&ot.objs[0]), "[kernel.kallsyms]"));
	return 0;
}

/* Parses n bytes of t as a BUILD_ID section from a clean state; returns
 * the exit status the damage raised. */
static int
bid_parse(const unsigned char *t, size_t n)
{
	struct rd r;
	int st;

	pf_reset("t");
	rpt.status = 0;
	rd_mem(&r, t, n, 0);
	feat_build_id(&r);
	st = rpt.status;
	rpt.status = 0;
	return st;
}

static int
t_bid_bad(void)
{
	unsigned char t[512];
	size_t n;

	/* perf 6.12.0 wrote 36 zero bytes after each entry: skipped */
	n = bid_put(t, 0, 0x8002, -1, 0x01, 20, "/a", 8);
	memset(t + n, 0, 36);
	n += 36;
	n += bid_put(t + n, 0, 0x8002, -1, 0x02, 20, "/b", 8);
	check(bid_parse(t, n) == 1 && ot.nobj == 2);
	/* a size below the entry header, then an entry running past the end */
	n = bid_put(t, 0, 0x8002, -1, 0x01, 20, "/a", 8);
	put16(t + 6, 20, 0);
	check(bid_parse(t, n) == 2 && ot.nobj == 0);
	put16(t + 6, 400, 0);
	check(bid_parse(t, n) == 2 && ot.nobj == 0);
	/* a name without its NUL */
	n = bid_put(t, 0, 0x8002, -1, 0x01, 20, "/abcdefg", 8);
	memset(t + 36, 'x', n - 36);
	check(bid_parse(t, n) == 2 && ot.nobj == 0);
	return 0;
}

/* ---- records ------------------------------------------------------------ */

static int
t_records(void)
{
	unsigned char s[512];
	size_t n = 0;
	struct rd r;

	pf_reset("t");
	/* an MMAP2 with an inline 16-byte build-ID */
	n += rec_put(s, R_MMAP2, MISC_USER | MISC_MMAP_BUILD_ID, 80, 0);
	s[40] = 16;
	memset(s + 44, 0x5a, 16);
	put32(s + 64, 5, 0);
	memcpy(s + 72, "/bin/x", 7);
	/* AUXTRACE with 24 bytes of payload, skipped */
	rec_put(s + n, R_AUXTRACE, 0, 48, 0);
	put64(s + n + 8, 24, 0);
	n += 48 + 24;
	/* a simpleperf record whose size needs more than 16 bits is skipped;
	 * here its high half is 0 */
	rec_put(s + n, R_SIMPLEPERF + 1, 0, 16, 0);
	n += 16;
	/* a data mapping (MMAP with MMAP_DATA) */
	n += rec_put(s + n, R_MMAP, MISC_USER | MISC_MMAP_DATA, 48, 0);
	memcpy(s + n - 8, "/d", 3);
	rd_mem(&r, s, n, 0);
	scan_records(&r, 1);
	check(pf.nrec == 4 && rpt.status == 0);
	check(pf.aux_bytes == 24 && pf.n_mmapid == 1 && pf.n_mmap == 2);
	check(pf.n_mmap_exec == 1);
	check(ot.nobj == 2 && ot.objs[0].idlen == 16 && ot.objs[0].id[15] == 0x5a);
	check((ot.objs[0].src & SRC_EXEC) && !(ot.objs[1].src & SRC_EXEC));
	check(pf.type_n[R_MMAP2] == 1 && pf.nother == 1);
	return 0;
}

static int
t_records_bad(void)
{
	unsigned char s[64];
	struct rd r;

	/* size 0: an error that names the offset, and the walk stops */
	pf_reset("t");
	memset(s, 0, sizeof s);
	rec_put(s, R_SAMPLE, 0, 16, 0);
	put32(s + 16, R_SAMPLE, 0);
	rd_mem(&r, s, 24, 0x1000);
	scan_records(&r, 1);
	check(pf.nrec == 1 && rpt.status == 2 && strstr(pf.damage[0].text, "0x1010"));
	/* a record cut by the end of the file: truncation, status 1 */
	pf_reset("t");
	rpt.status = 0;
	rec_put(s, R_SAMPLE, 0, 16, 0);
	rec_put(s + 16, R_SAMPLE, 0, 40, 0);
	rd_mem(&r, s, 32, 0);
	scan_records(&r, 1);
	check(pf.nrec == 1 && rpt.status == 1);
	/* the same inside a data section: malformed, status 2 */
	pf_reset("t");
	rpt.status = 0;
	rd_mem(&r, s, 32, 0);
	scan_records(&r, 0);
	check(rpt.status == 2);
	/* stray bytes after the last record */
	pf_reset("t");
	rpt.status = 0;
	rd_mem(&r, s, 19, 0);
	scan_records(&r, 1);
	check(pf.nrec == 1 && rpt.status == 1);
	/* an AUXTRACE payload larger than the rest of the file */
	pf_reset("t");
	rpt.status = 0;
	rec_put(s, R_AUXTRACE, 0, 48, 0);
	put64(s + 8, 0xffffffffffffffffull, 0);
	rd_mem(&r, s, 64, 0);
	scan_records(&r, 1);
	check(pf.nrec == 1 && rpt.status == 1);
	rpt.status = 0;
	return 0;
}

/* ---- ELF notes --------------------------------------------------------- */

/* A note at p: returns its size with align. */
static size_t
note_put(unsigned char *p, int be, const char *name, uint32_t type,
    const unsigned char *desc, uint32_t descsz, size_t align)
{
	uint32_t namesz = (uint32_t)strlen(name) + 1;
	size_t doff = align_up(12 + namesz, align), n = align_up(doff + descsz, align);

	memset(p, 0, n);
	put32(p, namesz, be);
	put32(p + 4, descsz, be);
	put32(p + 8, type, be);
	memcpy(p + 12, name, namesz);
	memcpy(p + doff, desc, descsz);
	return n;
}

static int
t_notes(void)
{
	static const unsigned char id[20] = { 0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4 };
	unsigned char b[256];
	struct elfid e;
	struct rd r;
	size_t n;
	int be;

	for (be = 0; be < 2; be++) {
		/* an 8-aligned property note, a Go note, then the build-ID */
		n = note_put(b, be, "GNU", 5, id, 16, 8);
		n += note_put(b + n, be, "Go", 4, id, 7, 8);
		n += note_put(b + n, be, "GNU", 3, id, 8, 8);
		memset(&e, 0, sizeof e);
		rd_mem(&r, b, n, 0);
		check(note_walk(&r, be, 8, &e) == 1 && e.len == 8 && e.id[0] == 0xde);
		/* "GNU" with another type, and type 3 with another owner */
		n = note_put(b, be, "GNU", 1, id, 16, 4);
		n += note_put(b + n, be, "CORE", 3, id, 20, 4);
		rd_mem(&r, b, n, 0);
		check(note_walk(&r, be, 4, &e) == 0);
	}
	/* sizes that would wrap: namesz 0xffffffff */
	n = note_put(b, 0, "GNU", 3, id, 20, 4);
	put32(b, 0xffffffffu, 0);
	rd_mem(&r, b, n, 0);
	check(note_walk(&r, 0, 4, &e) == -1 && strstr(e.why, "overruns"));
	/* descsz past the area */
	n = note_put(b, 0, "GNU", 3, id, 20, 4);
	put32(b + 4, 4096, 0);
	rd_mem(&r, b, n, 0);
	check(note_walk(&r, 0, 4, &e) == -1);
	/* an empty build-ID */
	n = note_put(b, 0, "GNU", 3, id, 0, 4);
	rd_mem(&r, b, n, 0);
	check(note_walk(&r, 0, 4, &e) == -1 && strstr(e.why, "empty"));
	return 0;
}

/* A small ELF: header, phdrs, shdrs, a note area.  phnote/shnote say
 * whether a PT_NOTE / SHT_NOTE covers the notes. */
static size_t
elf_put(unsigned char *b, int is64, int be, int phnote, int shnote,
    const unsigned char *notes, size_t nn)
{
	size_t eh = is64 ? 64 : 52, ph = is64 ? 56 : 32, sh = is64 ? 64 : 40;
	size_t phoff = eh, shoff = phoff + ph, noff = shoff + 2 * sh;

	memset(b, 0, noff + nn);
	memcpy(b, ELFMAG, 4);
	b[EI_CLASS] = is64 ? ELFCLASS64 : ELFCLASS32;
	b[EI_DATA] = be ? ELFDATA2MSB : ELFDATA2LSB;
	b[EI_VERSION] = EV_CURRENT;
	put16(b + 16, 2, be);
	put16(b + 18, 0x1234, be);
	if (is64) {
		put64(b + 32, phoff, be);
		put64(b + 40, shoff, be);
	} else {
		put32(b + 28, (uint32_t)phoff, be);
		put32(b + 32, (uint32_t)shoff, be);
	}
	put16(b + (is64 ? 54 : 42), (uint32_t)ph, be);
	put16(b + (is64 ? 56 : 44), 1, be);
	put16(b + (is64 ? 58 : 46), (uint32_t)sh, be);
	put16(b + (is64 ? 60 : 48), 2, be);
	/* phdr 0 */
	put32(b + phoff, phnote ? PT_NOTE : 1, be);
	if (is64) {
		put64(b + phoff + 8, noff, be);
		put64(b + phoff + 32, nn, be);
		put64(b + phoff + 48, 4, be);
	} else {
		put32(b + phoff + 4, (uint32_t)noff, be);
		put32(b + phoff + 16, (uint32_t)nn, be);
		put32(b + phoff + 28, 4, be);
	}
	/* shdr 1 (shdr 0 is the null section) */
	put32(b + shoff + sh + 4, shnote ? SHT_NOTE : 1, be);
	if (is64) {
		put64(b + shoff + sh + 24, noff, be);
		put64(b + shoff + sh + 32, nn, be);
		put64(b + shoff + sh + 48, 4, be);
	} else {
		put32(b + shoff + sh + 16, (uint32_t)noff, be);
		put32(b + shoff + sh + 20, (uint32_t)nn, be);
		put32(b + shoff + sh + 32, 4, be);
	}
	memcpy(b + noff, notes, nn);
	return noff + nn;
}

static int
t_elf(void)
{
	static const unsigned char id[20] = { 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 9,
		8, 7, 6, 5, 4, 3, 2, 1, 0x42 };
	unsigned char b[1024], notes[64];
	const char *path;
	struct elfid e;
	struct stat est;
	size_t n, nn;
	int is64, be, ph, rc;

	for (is64 = 0; is64 < 2; is64++)
		for (be = 0; be < 2; be++)
			for (ph = 0; ph < 3; ph++) {
				/* ph: 0 PT_NOTE, 1 SHT_NOTE only, 2 neither */
				nn = note_put(notes, be, "GNU", 3, id, 20, 4);
				n = elf_put(b, is64, be, ph == 0, ph == 1, notes, nn);
				check((path = tmpfile_with("elf", b, n)));
				rc = elf_buildid(NULL, path, NULL, &e, &est);
				if (ph == 2) {
					check(rc == 1);
					continue;
				}
				check(rc == 0 && e.len == 20 && e.id[19] == 0x42);
				check(e.is64 == is64 && e.be == be && e.machine == 0x1234);
			}
	/* a program header table past the end of the file */
	nn = note_put(notes, 0, "GNU", 3, id, 20, 4);
	n = elf_put(b, 1, 0, 1, 0, notes, nn);
	put64(b + 32, 1u << 30, 0);
	check((path = tmpfile_with("elf", b, n)));
	check(elf_buildid(NULL, path, NULL, &e, &est) == 2 && strstr(e.why, "past the end"));
	/* phentsize too small for an ELF64 program header */
	n = elf_put(b, 1, 0, 1, 0, notes, nn);
	put16(b + 54, 8, 0);
	check((path = tmpfile_with("elf", b, n)));
	check(elf_buildid(NULL, path, NULL, &e, &est) == 2 && strstr(e.why, "entry size"));
	/* PN_XNUM: the count lives in section 0's sh_info */
	nn = note_put(notes, 1, "GNU", 3, id, 20, 4);
	n = elf_put(b, 1, 1, 1, 0, notes, nn);
	put16(b + 56, PN_XNUM, 1);
	put32(b + 64 + 56 + 44, 1, 1);
	check((path = tmpfile_with("elf", b, n)));
	check(elf_buildid(NULL, path, NULL, &e, &est) == 0);
	/* bad class, short file, not ELF */
	n = elf_put(b, 1, 0, 1, 0, notes, nn);
	b[EI_CLASS] = 3;
	check((path = tmpfile_with("elf", b, n)));
	check(elf_buildid(NULL, path, NULL, &e, &est) == 2 && strstr(e.why, "class"));
	check((path = tmpfile_with("elf", b, 20)));
	b[EI_CLASS] = ELFCLASS64;
	check((path = tmpfile_with("elf", b, 20)));
	check(elf_buildid(NULL, path, NULL, &e, &est) == 2 && strstr(e.why, "too short"));
	/* cut inside e_ident: class, data and version are not read (fuzz:
	 * tests/data/fuzz/elf-cut-ident), from a file or from memory */
	check((path = tmpfile_with("elf", (const unsigned char *)"\177ELF\1",
	    6)));
	check(elf_buildid(NULL, path, NULL, &e, &est) == 2 && strstr(e.why, "too short"));
	{
		static const unsigned char cut[6] = { 0x7f, 'E', 'L', 'F', 1, 0 };
		struct img m = { -1, cut, 0, sizeof cut };

		memset(&e, 0, sizeof e);
		check(elf_parse(&m, &e) == 2 && strstr(e.why, "too short"));
	}
	check((path = tmpfile_with("elf", (const unsigned char *)"dummy\n", 6)));
	check(elf_buildid(NULL, path, NULL, &e, &est) == 2 && strstr(e.why, "not an ELF"));
	/* a raw note blob, either byte order */
	for (be = 0; be < 2; be++) {
		nn = note_put(notes, be, "GNU", 3, id, 8, 4);
		check((path = tmpfile_with("blob", notes, nn)));
		check(elf_buildid(NULL, path, NULL, &e, &est) == 0 && e.len == 8 &&
		    !memcmp(e.id, id, 8));
	}
	check(elf_buildid(NULL, tmpdir, NULL, &e, &est) == 2 && strstr(e.why, "regular"));
	return 0;
}

/* ---- check --------------------------------------------------------------- */

static int
t_sr_resolve(void)
{
	char root[64], out[PATHMAX], p[2048];
	int rc;

	snprintf(root, sizeof root, "%s/sr", tmpdir);
	snprintf(p, sizeof p, "mkdir -p %s/usr/lib %s/etc && touch %s/usr/lib/f "
	    "%s/etc/passwd && ln -s usr/lib %s/lib && ln -s /usr/lib/f %s/abs "
	    "&& ln -s ../../../../../etc/passwd %s/usr/lib/up && ln -s loop1 "
	    "%s/loop2 && ln -s loop2 %s/loop1", root, root, root, root, root,
	    root, root, root, root);
	check(!system(p));
	check(!sr_resolve(root, "/lib/f", out, sizeof out));
	snprintf(p, sizeof p, "%s/usr/lib/f", root);
	check(!strcmp(out, p));
	check(!sr_resolve(root, "/abs", out, sizeof out) && !strcmp(out, p));
	/* ".." stops at the top: this is the sysroot's passwd */
	check(!sr_resolve(root, "/usr/lib/up", out, sizeof out));
	snprintf(p, sizeof p, "%s/etc/passwd", root);
	check(!strcmp(out, p));
	check(!sr_resolve(root, "/../../../etc/passwd", out, sizeof out));
	check(!strcmp(out, p));
	rc = sr_resolve(root, "/loop1", out, sizeof out);
	if (rc != ELOOP)
		printf("# sr_resolve /loop1: %d %s\n", rc, out);
	check(rc == ELOOP);
	check(sr_resolve(root, "/nope/x", out, sizeof out) == ENOENT);
	check(sr_resolve(root, "/lib/f", out, 10) == ENAMETOOLONG);
	return 0;
}

/* open_in opens what the walk found, and nothing a link put in since
 * leads to: each name of the resolved path opened from the one before,
 * none followed */
static int
t_open_in(void)
{
	char root[64], out[PATHMAX], p[2048];
	struct stat st, f;
	int fd;

	snprintf(root, sizeof root, "%s/oi", tmpdir);
	snprintf(p, sizeof p, "mkdir -p %s/r/usr/lib %s/out/usr/lib && "
	    "echo in >%s/r/usr/lib/f && echo out >%s/out/usr/lib/f && "
	    "mkfifo %s/r/usr/lib/fifo && ln -s f %s/r/usr/lib/l", root, root,
	    root, root, root, root);
	check(!system(p));
	snprintf(p, sizeof p, "%s/r", root);
	check(!sr_resolve(p, "/usr/lib/l", out, sizeof out));
	fd = open_in(p, out, 0, &st);
	check(fd >= 0 && !stat(out, &f) && f.st_ino == st.st_ino);
	if (fd >= 0)
		close(fd);
	/* the root given with a slash after it, as sr_resolve takes it */
	strcat(p, "/");
	fd = open_in(p, out, 0, &st);
	check(fd >= 0);
	if (fd >= 0)
		close(fd);
	/* a FIFO is not opened: EINVAL, its stat given */
	check(!sr_resolve(p, "/usr/lib/fifo", out, sizeof out));
	check(open_in(p, out, 0, &st) < 0 && errno == EINVAL &&
	    S_ISFIFO(st.st_mode));
	check(!stat_in(p, out, &st) && S_ISFIFO(st.st_mode));
	/* a directory swapped for a link out after the walk: not opened */
	check(!sr_resolve(p, "/usr/lib/f", out, sizeof out));
	snprintf(p, sizeof p, "mv %s/r/usr %s/r/usr.in && ln -s %s/out/usr "
	    "%s/r/usr", root, root, root, root);
	check(!system(p));
	snprintf(p, sizeof p, "%s/r", root);
	/* (a link opened as a directory, O_NOFOLLOW: ENOTDIR) */
	check(open_in(p, out, 0, &st) < 0 && errno == ENOTDIR);
	check(stat_in(p, out, &st) < 0 && errno == ENOTDIR);
	/* and the file itself, swapped for a link */
	snprintf(p, sizeof p, "rm %s/r/usr && mv %s/r/usr.in %s/r/usr && "
	    "mv %s/r/usr/lib/f %s/r/usr/lib/f.in && ln -s %s/out/usr/lib/f "
	    "%s/r/usr/lib/f", root, root, root, root, root, root, root);
	check(!system(p));
	snprintf(p, sizeof p, "%s/r", root);
	check(open_in(p, out, 0, &st) < 0 && errno == ELOOP);
	/* a host path is a host path: its links followed, unless asked */
	fd = open_in(NULL, out, 0, &st);
	check(fd >= 0);
	if (fd >= 0)
		close(fd);
	check(open_in(NULL, out, O_NOFOLLOW, &st) < 0 && errno == ELOOP);
	return 0;
}

static int
t_parse_time(void)
{
	int64_t ns;

	check(parse_time("0", &ns) && ns == 0);
	check(parse_time("1700000000", &ns) && ns == 1700000000000000000LL);
	check(parse_time("2026-11-30", &ns) && ns / 1000000000 == 1795996800);
	check(parse_time("2026-11-30T01:02:03", &ns) &&
	    ns / 1000000000 == 1795996800 + 3723);
	check(parse_time("2000-03-01 00:00", &ns) &&
	    ns / 1000000000 == 951868800);
	/* an 8-digit number is seconds since 1970, not a date */
	check(!parse_time("2026-11-30T", &ns) && parse_time("20261130", &ns));
	check(!parse_time("2026-13-01", &ns) && !parse_time("yesterday", &ns));
	check(!parse_time("99999999999999999999", &ns));
	/* a day the month has: no rolling over into the next */
	check(!parse_time("2026-02-29", &ns) && parse_time("2028-02-29", &ns));
	check(!parse_time("2100-02-29", &ns) && parse_time("2000-02-29", &ns));
	check(!parse_time("2026-04-31", &ns) && parse_time("2026-12-31", &ns));
	check(!parse_time("2026-02-31T23:59:60", &ns));
	return 0;
}

/* A perf.data modified past 2262 or before 1677 (its mtime saturated by
 * ts_ns): whether it is the file perf wrote is asked without an overflow
 * (UBSan stops the asan build at one), and the answers are those of the
 * exact sums. */
static int
t_far_mtime(void)
{
	int need = plan.times, span = plan.span;

	pf_reset("t");
	pf.has_btime = 1;
	pf.btime = (int64_t)1700000000 * 1000000000;
	pf.time_slack = 2000000000;
	pf.r_first = 1000;
	pf.r_last = 5000000000u;	/* records over 5 s */
	plan.times = 0;
	plan.span = 1;
	pf.mtime = INT64_MAX;		/* born long before it: perf's file */
	check(want_times());
	pt.trust_span = record_span();	/* as profile_time does */
	mtime_trust();
	/* by its age, no copy; no clock of this boot dates its records */
	check(pt.trust == PT_AGED && pt.trust_clock == -1);
	pt.same_host = 1;			/* nor of this one: born before it */
	mtime_trust();
	check(pt.trust == PT_AGED && pt.trust_clock == -1);
	pt.same_host = 0;
	pf.mtime = INT64_MIN;		/* born after it: a copy's */
	check(!want_times());
	mtime_trust();
	check(pt.trust == PT_COPY);
	plan.times = need;
	plan.span = span;
	pf_reset("t");
	return 0;
}

/* Each file of perf record --switch-output carries in SAMPLE_TIME the
 * first file's first sample time (perf 6.x); where the samples were
 * read, their own times make the span. */
static int
t_span_samples(void)
{
	pf_reset("t");
	pf.sample_first = 1000000000;	/* the first file's */
	pf.sample_last = 6000000000u;
	check(record_span() == 5000000000u);
	pf.n_timed = 10;
	pf.t_first = 5000000000u;
	pf.t_last = 6000000000u;
	check(record_span() == 1000000000 && pt.rec_lo == 5000000000u &&
	    pt.rec_hi == 6000000000u);
	pf_reset("t");
	return 0;
}

static int
t_far_times(void)
{
	struct timespec t;
	char buf[64];
	int64_t ns;

	/* file times past what int64_t ns hold saturate, and compare and
	 * print as the bound they lie past */
	t.tv_sec = 15000000000;		/* 2445 */
	t.tv_nsec = 0;
	check(ts_ns(&t) == INT64_MAX);
	t.tv_sec = 9223372036;
	t.tv_nsec = 854775807;		/* INT64_MAX itself */
	check(ts_ns(&t) == INT64_MAX);
	t.tv_nsec = 854775806;
	check(ts_ns(&t) == INT64_MAX - 1);
	t.tv_nsec = 854775808;
	check(ts_ns(&t) == INT64_MAX);
	t.tv_sec = INT64_MAX;
	t.tv_nsec = 999999999;
	check(ts_ns(&t) == INT64_MAX);
	t.tv_sec = -9223372036;
	t.tv_nsec = 0;
	check(ts_ns(&t) == -9223372036000000000);
	t.tv_sec = -9223372037;
	t.tv_nsec = 999999999;
	check(ts_ns(&t) == INT64_MIN);
	t.tv_sec = INT64_MIN;
	check(ts_ns(&t) == INT64_MIN);
	t.tv_sec = 1700000000;
	t.tv_nsec = 5;
	check(ts_ns(&t) == 1700000000000000005);
	time_into(buf, sizeof buf, INT64_MAX, 0);
	check(!strcmp(buf, "after 2262-04-11 23:47:16 UTC"));
	time_into(buf, sizeof buf, INT64_MIN, 1);
	check(!strcmp(buf, "before 1677-09-21 00:12:44 UTC"));
	time_into(buf, sizeof buf, INT64_MAX - 1, 9);
	check(!strcmp(buf, "2262-04-11 23:47:16.854775806 UTC"));
	/* -t past the range: refused, the field named, no overflow */
	check(!parse_time("9999-12-31", &ns) && !strncmp(opt.time_why, "the year: past", 14));
	check(!parse_time("2262-05-01", &ns) && !strncmp(opt.time_why, "the month: past", 15));
	check(!parse_time("2262-04-12", &ns) && !strncmp(opt.time_why, "the day: past", 13));
	check(!parse_time("2262-04-11T23:47:17", &ns) &&
	    !strncmp(opt.time_why, "the time of day: past", 21));
	check(!parse_time("9223372037", &ns) && !strncmp(opt.time_why, "the seconds: past", 17));
	check(!parse_time("2026-13-01", &ns) && !strncmp(opt.time_why, "month 13", 8));
	check(parse_time("2262-04-11T23:47:16", &ns) &&
	    ns == 9223372036000000000);
	check(parse_time("9223372036", &ns) && ns == 9223372036000000000);
	return 0;
}

static int
t_classify(void)
{
	static const struct { const char *name; unsigned cpumode; int kind; } c[] = {
		{ "[kernel.kallsyms]", 1, K_KERNEL }, { "[vdso]", 2, K_VDSO },
		{ "/lib/modules/6.1/kernel/x.ko.xz", 1, K_MODULE },
		{ "[nf_tables]", 1, K_MODULE }, { "[heap]", 2, K_PSEUDO },
		{ "//anon", 2, K_PSEUDO }, { "/memfd:x (deleted)", 2, K_PSEUDO },
		{ "/usr/bin/x (deleted)", 2, K_USER },
		{ "/tmp/perf-123.map", 2, K_JIT }, { "/usr/bin/x", 2, K_USER },
		{ "/SYSV00000000", 2, K_PSEUDO }, { "x.so", 2, K_PSEUDO },
		/* a kernel-mode MMAP of another name is not the kernel */
		{ "vmlinux", 1, K_PSEUDO }
	};
	/* the build-ID table names the kernel after the image perf found */
	static const struct { const char *name; unsigned cpumode; int kind; } t[] = {
		{ "vmlinux", 1, K_KERNEL },
		{ "/usr/lib/debug/boot/vmlinux-6.1.0-9-amd64", 1, K_KERNEL },
		{ "/lib/modules/6.1/kernel/x.ko", 1, K_MODULE },
		{ "vmlinux", 2, K_PSEUDO }
	};
	/* what the memory was, before "(deleted)" */
	static const struct { const char *name, *why; } w[] = {
		{ "/memfd:jit (deleted)", "a memfd" },
		{ "/SYSV0000abcd (deleted)", "SysV shared memory" },
		{ "/dev/zero (deleted)", "anonymous memory" }
	};
	/* a file's "(deleted)" and a path under /dev are judged as files */
	static const struct { const char *name; size_t len; } f[] = {
		{ "/usr/bin/x (deleted)", 10 }, { "/dev/shm/lib.so", 0 },
		{ "/dev/shm/lib.so (deleted)", 15 }, { " (deleted)", 0 }
	};
	const char *why;
	unsigned i;
	struct obj *o;

	pf_reset("t");
	for (i = 0; i < sizeof c / sizeof *c && i < PERFMT_MAXOBJ; i++) {
		o = obj_add(-1, c[i].name, strlen(c[i].name), NULL, 0,
		    SRC_MMAP, c[i].cpumode);
		check(o && classify(o, &why) == c[i].kind);
		check(c[i].kind != K_PSEUDO || why);
		pf_reset("t");
	}
	for (i = 0; i < sizeof t / sizeof *t; i++) {
		o = obj_add(-1, t[i].name, strlen(t[i].name), NULL, 0,
		    SRC_TABLE, t[i].cpumode);
		check(o && classify(o, &why) == t[i].kind);
		pf_reset("t");
	}
	for (i = 0; i < sizeof w / sizeof *w; i++) {
		o = obj_add(-1, w[i].name, strlen(w[i].name), NULL, 0,
		    SRC_MMAP, 2);
		check(o && classify(o, &why) == K_PSEUDO && why &&
		    !strcmp(why, w[i].why));
		pf_reset("t");
	}
	for (i = 0; i < sizeof f / sizeof *f; i++) {
		o = obj_add(-1, f[i].name, strlen(f[i].name), NULL, 0,
		    SRC_MMAP, 2);
		check(o && classify(o, &why) == (f[i].name[0] == '/' ? K_USER :
		    K_PSEUDO) && deleted_len(o) == f[i].len);
		pf_reset("t");
	}
	o = obj_add(0, "/usr/bin/x", 10, NULL, 0, SRC_MMAP, 5);
	check(o && classify(o, &why) == K_PSEUDO && strstr(why, "guest"));
	return 0;
}

/* Executable /dev/zero is named /tmp/perf-PID.map, as perf does; the
 * inode in its MMAP2 is /dev/zero's, not the map file's. */
static int
t_jit_inode(void)
{
	unsigned char r[96];
	struct obj *o;
	uint32_t i;

	pf_reset("t");
	memset(r, 0, sizeof r);
	put32(r + 8, 4242, 0);			/* pid */
	put64(r + 16, 0x7f0000000000, 0);	/* addr */
	put64(r + 24, 4096, 0);			/* len */
	put32(r + 40, 0, 0);			/* maj */
	put32(r + 44, 6, 0);			/* min */
	put64(r + 48, 4, 0);			/* ino */
	put32(r + 64, 7, 0);			/* prot rwx */
	memcpy(r + 72, "/dev/zero", 10);
	rec_mmap(R_MMAP2, MISC_USER, r, sizeof r, 0);
	for (o = NULL, i = 0; i < ot.nobj; i++)
		if (!strcmp(obj_name(&ot.objs[i]), "/tmp/perf-4242.map"))
			o = &ot.objs[i];
	check(o && o->inodes == 0);
	/* a file keeps its inode */
	memcpy(r + 72, "/usr/bin/x", 11);
	rec_mmap(R_MMAP2, MISC_USER, r, sizeof r, 0);
	for (o = NULL, i = 0; i < ot.nobj; i++)
		if (!strcmp(obj_name(&ot.objs[i]), "/usr/bin/x"))
			o = &ot.objs[i];
	check(o && o->inodes == 1 && o->ino == 4);
	return 0;
}

/* The names perf gives executable anonymous memory (map.c:
 * is_anon_memory, is_no_dso_memory): whole names and prefixes. */
static int
t_anon_exec(void)
{
	static const struct {
		const char *s;
		int anon;
	} w[] = { { "//anon", 1 }, { "[heap]", 1 }, { "/dev/zero", 1 },
		{ "/dev/zero (deleted)", 1 }, { "/anon_hugepage", 1 },
		{ "/anon_hugepage (deleted)", 1 }, { "[stack]", 1 },
		{ "[stack:42]", 1 }, { "/SYSV00000000", 1 }, { "/SYSV", 1 },
		{ "//anon2", 0 }, { "//ano", 0 }, { "[heap", 0 },
		{ "[heap]x", 0 }, { "/dev/zer", 0 }, { "/anon_hugepag", 0 },
		{ "[stac", 0 }, { "/SYS", 0 }, { "/usr/lib/libc.so.6", 0 },
		{ "/dev/null", 0 }, { "/sysv", 0 }, { "/", 0 }, { "", 0 },
		{ "/s", 0 }, { "xdev/zero", 0 } };
	size_t i;

	for (i = 0; i < sizeof w / sizeof *w; i++)
		check(anon_exec((const unsigned char *)w[i].s,
		    strlen(w[i].s)) == w[i].anon);
	return 0;
}

static int
t_rec_gather(void)
{
	static const unsigned char i1[20] = { 1 }, i2[20] = { 2 };
	struct obj *a, *b;
	struct rec rc;

	/* a path seen with two build-IDs and two inodes */
	pf_reset("t");
	a = obj_add(-1, "/x", 2, i1, 20, SRC_MMAP2ID | SRC_MMAP, 2);
	obj_add(-1, "/y", 2, NULL, 0, SRC_MMAP, 2);
	b = obj_add(-1, "/x", 2, i2, 20, SRC_MMAP2ID | SRC_MMAP, 2);
	check(a && b && b->group == a->group);
	obj_inode(obj_add(-1, "/x", 2, NULL, 0, SRC_MMAP, 2), 8, 1, 100, 0, 0);
	obj_inode(obj_add(-1, "/x", 2, NULL, 0, SRC_MMAP, 2), 8, 1, 200, 0, 0);
	rec_gather(0, &rc);
	check(rc.nids == 2 && rc.inodes == 2 && rc.idlen == 20);
	/* the table's ID is the one compared with */
	obj_add(-1, "/x", 2, i2, 20, SRC_TABLE, 2);
	rec_gather(0, &rc);
	check(rc.id[0] == 2);
	check(ot.objs[0].gsrc == (SRC_MMAP2ID | SRC_MMAP | SRC_TABLE));
	/* two devices: the file seen first in time is kept, whichever came
	 * first in the file */
	pf_reset("t");
	a = obj_add(-1, "/z", 2, NULL, 0, SRC_MMAP, 2);
	obj_inode(a, 0, 40, 7, 0, 0);
	obj_inode(a, 8, 1, 9, 0, 1);
	obj_inode(a, 0, 40, 7, 0, 0);
	check(a->inodes == 3 && a->maj == 8 && a->min == 1 && a->ino == 9);
	obj_inode(a, 8, 1, 10, 0, 0);
	check(a->inodes == 2);
	/* one inode number, two generations: a file deleted and another
	 * made on its number; generation 0 (perf's synthesized records) is
	 * unknown, never another file */
	pf_reset("t");
	a = obj_add(-1, "/g", 2, NULL, 0, SRC_MMAP, 2);
	obj_inode(a, 8, 1, 5, 0, 0);
	obj_inode(a, 8, 1, 5, 77, 0);
	obj_inode(a, 8, 1, 5, 77, 0);
	check(a->inodes == 1 && a->gen == 77);
	obj_inode(a, 8, 1, 5, 0, 0);
	check(a->inodes == 1);
	obj_inode(a, 8, 1, 5, 78, 0);
	check(a->inodes == 2);
	/* and across the entries of one path */
	pf_reset("t");
	obj_inode(obj_add(-1, "/g", 2, NULL, 0, SRC_MMAP, 2), 8, 1, 5, 77, 0);
	obj_inode(obj_add(-1, "/g", 2, i1, 20, SRC_TABLE, 2), 8, 1, 5, 0, 0);
	rec_gather(0, &rc);
	check(rc.inodes == 1);
	obj_inode(obj_add(-1, "/g", 2, i2, 20, SRC_TABLE, 2), 8, 1, 5, 78, 0);
	rec_gather(0, &rc);
	check(rc.inodes == 2);
	return 0;
}

/* --hits: records out of time order (zombies, waiting samples, late FORK) */
static uint32_t
maps_of(int32_t pid, uint64_t *out, uint32_t max)
{
	struct proc *p = proc_find(pid);
	uint32_t m, n = 0;

	if (!p)
		return UINT32_MAX;
	for (m = p->maps; m != NOMAP && n < max / 3; m = sc.maps[m].next) {
		out[3 * n] = sc.maps[m].start;
		out[3 * n + 1] = sc.maps[m].end;
		out[3 * n++ + 2] = sc.maps[m].obj;
	}
	return n;
}

/* what sample_hits does with one user address at time t */
static int
user_hit(int32_t pid, uint64_t addr, uint8_t how, uint64_t t)
{
	if (hit(hit_proc(pid, MISC_USER), addr, how, t))
		return 1;
	hit_miss(pid, MISC_USER, addr, how, t, 1);
	return 0;
}

/* A map over 4 GiB (a kernel's): lookups find it far inside, again
 * there, at its start and just below its end, and nothing just before it
 * or at its last address, which [start, end) leaves out. */
static int
t_hits_long_map(void)
{
	struct obj *k;
	uint64_t base = 0xffff800080000000u, far = base + ((uint64_t)5 << 32);

	pf_reset("t");
	k = obj_add(-1, "[kernel.kallsyms]", 17, NULL, 0, SRC_MMAP,
	    MISC_KERNEL);
	check(k);
	hits_mmap(-1, MISC_KERNEL, base, UINT64_MAX - base, k->group, 0);
	check(hit_at(-1, MISC_KERNEL, far, HIT_SAMPLE) == 1);
	check(k->hit == HIT_SAMPLE);
	check(hit_at(-1, MISC_KERNEL, far + 8, HIT_SAMPLE) == 1);
	check(hit_at(-1, MISC_KERNEL, far - ((uint64_t)3 << 30), HIT_SAMPLE) == 1);
	check(hit_at(-1, MISC_KERNEL, base + 8, HIT_SAMPLE) == 1);
	check(hit_at(-1, MISC_KERNEL, base - 8, HIT_SAMPLE) != 1);
	check(hit_at(-1, MISC_KERNEL, UINT64_MAX - 1, HIT_SAMPLE) == 1);
	check(hit_at(-1, MISC_KERNEL, UINT64_MAX - 1, HIT_SAMPLE) == 1);
	check(hit_at(-1, MISC_KERNEL, UINT64_MAX, HIT_SAMPLE) != 1);
	return 0;
}

/* A new map over part of one that lookups have found: lookups there find
 * the new object (marked by that lookup, so not answered from before),
 * the rest of the old map still the old one, a map elsewhere changes
 * nothing; after an exec, nothing is found. */
static int
t_hits_remap(void)
{
	struct obj *a, *b, *c;

	pf_reset("t");
	a = obj_add(-1, "/a", 2, NULL, 0, SRC_MMAP, MISC_USER);
	b = obj_add(-1, "/b", 2, NULL, 0, SRC_MMAP, MISC_USER);
	c = obj_add(-1, "/c", 2, NULL, 0, SRC_MMAP, MISC_USER);
	check(a && b && c);
	hits_mmap(30, MISC_USER, 0x400000, 0x10000, a->group, 0);
	check(hit_at(30, MISC_USER, 0x400100, HIT_SAMPLE) == 1);
	check(hit_at(30, MISC_USER, 0x408100, HIT_SAMPLE) == 1);
	check(a->hit == HIT_SAMPLE);
	hits_mmap(30, MISC_USER, 0x7f0000000000, 0x10000, b->group, 0);
	check(hit_at(30, MISC_USER, 0x400100, HIT_SAMPLE) == 1 && !b->hit);
	hits_mmap(30, MISC_USER, 0x408000, 0x1000, c->group, 0);
	check(hit_at(30, MISC_USER, 0x408100, HIT_SAMPLE) == 1);
	check(c->hit == HIT_SAMPLE && !b->hit);
	check(hit_at(30, MISC_USER, 0x400100, HIT_SAMPLE) == 1);
	check(hit_at(30, MISC_USER, 0x40a000, HIT_SAMPLE) == 1);
	hits_exec(30, 0);
	check(hit_at(30, MISC_USER, 0x400100, HIT_SAMPLE) != 1);
	check(hit_at(30, MISC_USER, 0x408100, HIT_SAMPLE) != 1);
	return 0;
}

/* The kernel (pid -1) and a process with a map at the same place: each
 * lookup finds only its own maps and marks only its own object. */
static int
t_hits_kernel_row(void)
{
	struct obj *k, *u;
	uint64_t kaddr = 0xffffffff81000100u, uaddr;

	pf_reset("t");
	k = obj_add(-1, "[kernel.kallsyms]", 17, NULL, 0, SRC_MMAP,
	    MISC_KERNEL);
	u = obj_add(-1, "/u", 2, NULL, 0, SRC_MMAP, MISC_USER);
	check(k && u);
	uaddr = 0x7f0000200100u;
	hits_mmap(-1, MISC_KERNEL, 0xffffffff81000000u, 0x1000000, k->group,
	    0);
	hits_mmap(63, MISC_USER, uaddr & ~(uint64_t)0xfff, 0x1000, u->group,
	    0);
	check(hit_at(-1, MISC_KERNEL, kaddr, HIT_SAMPLE) == 1);
	check(k->hit == HIT_SAMPLE && !u->hit);
	check(hit_at(63, MISC_USER, kaddr, HIT_SAMPLE) != 1 && !u->hit);
	check(hit_at(63, MISC_USER, uaddr, HIT_SAMPLE) == 1);
	check(u->hit == HIT_SAMPLE);
	check(hit_at(-1, MISC_KERNEL, uaddr, HIT_SAMPLE) != 1);
	check(hit_at(-1, MISC_KERNEL, kaddr, HIT_SAMPLE) == 1);
	return 0;
}

/* archive: a profile's name as a path in the tar, relative and without
 * empty, "." or ".." parts; the rest left out. */
static int
t_ar_name(void)
{
	static const char *const good[][2] = {
		{ "/usr/lib/libc.so.6", "usr/lib/libc.so.6" },
		{ "[kernel.kallsyms]", "[kernel.kallsyms]" },
		{ "//x/..y/.z", "x/..y/.z" },
		{ "/a/.build-id/x", "a/.build-id/x" },
		{ "/.build-idx/y", ".build-idx/y" },
	};
	static const char *const bad[] = { "/", "/a/../b", "/a/./b", "/a//b",
		"/a/", "..", "/..", "/a/..", ".", "/.build-id/ab/cdef",
		".build-id/x", "/.build-id" };
	struct obj *o;
	const char *r;
	size_t i;

	for (i = 0; i < sizeof good / sizeof *good; i++) {
		pf_reset("t");
		o = obj_add(-1, good[i][0], strlen(good[i][0]), NULL, 0,
		    SRC_MMAP, MISC_USER);
		check(o && (r = ar_name(o)) && !strcmp(r, good[i][1]));
	}
	for (i = 0; i < sizeof bad / sizeof *bad; i++) {
		pf_reset("t");
		o = obj_add(-1, bad[i], strlen(bad[i]), NULL, 0, SRC_MMAP,
		    MISC_USER);
		check(o && !ar_name(o));
	}
	return 0;
}

/* A number a ustar field cannot hold in octal (a size of 8 GiB or more)
 * goes in base-256 and in a pax "size" record: a reader that took 33
 * bits of it would read the rest of the file as entries of its own. */
static int
t_ar_size(void)
{
	static const uint64_t sizes[] = { 0, 8589934591ull, 8589934592ull,
		8589934597ull, UINT64_MAX };
	unsigned char h[512], f[12];
	char pax[64], want[64];
	size_t i, k;
	uint64_t v;
	int fd;

	check(ar_number(f, 12, 8589934591ull) && !memcmp(f, "77777777777", 12));
	for (i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		fd = open(tmpfile_with("tar", NULL, 0), O_RDWR | O_TRUNC);
		check(fd >= 0);
		wr_reset();
		wr.fd = fd;
		snprintf(wr.tmp, sizeof wr.tmp, "t");
		check(ar_entry("a/b", NULL, sizes[i]));
		check(pread(fd, h, 512, 0) == 512);
		if (sizes[i] < 8589934592ull) {
			close(fd);
			check(h[156] == '0' && !(h[124] & 0x80));
			continue;
		}
		// the pax header, its "size" record, then the entry's header
		// with the size in base-256
		check(h[156] == 'x' && pread(fd, pax, sizeof pax, 512) > 0);
		k = (size_t)snprintf(want, sizeof want, "size=%" PRIu64 "\n",
		    sizes[i]);
		check(strstr(pax, want) && strstr(pax, want)[k - 1] == '\n');
		check(pread(fd, h, 512, 1024) == 512 && h[156] == '0');
		close(fd);
		for (v = 0, k = 1; k < 12; k++)
			v = v << 8 | h[124 + k];
		check(h[124] == 0x80 && v == sizes[i]);
	}
	return 0;
}

/* A FIFO or a directory at a path to read is never waited on nor kept. */
static int
t_open_regular(void)
{
	char p[300];
	struct stat st;

	snprintf(p, sizeof p, "%s/fifo", tmpdir);
	check(!mkfifo(p, 0600));
	check(open_regular(AT_FDCWD, p, 0, &st) < 0 && errno == EINVAL);
	check(open_regular(AT_FDCWD, tmpdir, 0, &st) < 0 && errno == EINVAL);
	check(open_regular(AT_FDCWD, "/nonexistent/x", 0, &st) < 0 && errno == ENOENT);
	unlink(p);
	return 0;
}

/* A new file is made in the directory held open, under a name of its
 * own each time, 0600, and one made to go leaves no name. */
static int
t_wr_mktemp(void)
{
	char a[PATHMAX], b[PATHMAX], c[PATHMAX];
	struct stat st;
	int fa, fb, fc;

	wr_reset();
	wr.path = "out";
	check(wr_dir(tmpdir, strlen(tmpdir)));
	fa = wr_mktemp(a, "t", 1);
	fb = wr_mktemp(b, "t", 1);
	fc = wr_mktemp(c, "t", 0);
	check(fa >= 0 && fb >= 0 && fc >= 0 && strcmp(a, b));
	check(!strncmp(a, tmpdir, strlen(tmpdir)) && strstr(a, "/.perfmt-t-"));
	check(!lstat(a, &st) && S_ISREG(st.st_mode) && (st.st_mode & 0777) == 0600);
	check(lstat(c, &st) && errno == ENOENT);
	unlink(a);
	unlink(b);
	close(fa);
	close(fb);
	close(fc);
	close(wr.dfd);
	wr_reset();
	return 0;
}

/* A pipe's attrs go in a file at the smallest size of the ABI that
 * holds them: perf up to 6.2 refuses a file's 136-byte attrs. */
static int
t_attr_fit(void)
{
	unsigned char a[200];

	memset(a, 0, sizeof a);
	a[4] = 136;
	check(attr_fit(a, 136) == 64);
	a[100] = 1;
	check(attr_fit(a, 136) == 104 && attr_fit(a, 128) == 104);
	a[127] = 1;
	check(attr_fit(a, 136) == 128);
	a[128] = 1;
	check(attr_fit(a, 136) == 136);
	a[99] = 1;
	check(attr_fit(a, 100) == 100);	// no ABI size between: as it is
	a[150] = 1;
	check(attr_fit(a, 200) == 200);
	check(attr_fit(a, 72) == 64);	// zeros past the size field
	return 0;
}

/* A sample waiting for its MMAP: the FORK that copies the parent's map
 * to its process settles it; pages of one region wait in one entry, and
 * each is looked up on its own; one on the last page of the address
 * space waits, and two rounds on it is unknown; a user address from 2^56
 * up, which no map holds, is unknown at once. */
static int
t_pend_wait(void)
{
	struct obj *a, *b;
	int mode = plan.hits;

	pf_reset("t");
	plan.hits = HITS_SAMPLE;
	a = obj_add(-1, "/a", 2, NULL, 0, SRC_MMAP, MISC_USER);
	check(a);
	hits_mmap(82, MISC_USER, 0x40000000, 0x1000, a->group, 7);
	check(!user_hit(83, 0x40000010, HIT_SAMPLE, 9));
	check(sc.npend == 1 && !a->hit);
	hits_fork(83, 82, 8);
	pend_retry(0, 0, 83);
	check(sc.npend == 0 && a->hit == HIT_SAMPLE);
	check(user_hit(83, 0x40000020, HIT_SAMPLE, 9));
	b = obj_add(-1, "/b", 2, NULL, 0, SRC_MMAP, MISC_USER);
	check(b);
	check(!user_hit(85, 0x50001010, HIT_SAMPLE, 9));
	check(!user_hit(85, 0x50003010, HIT_SAMPLE, 9));
	check(sc.npend == 1);
	hits_mmap(85, MISC_USER, 0x50001000, 0x1000, b->group, 8);
	check(sc.npend == 1 && b->hit == HIT_SAMPLE);
	hits_mmap(85, MISC_USER, 0x50003000, 0x1000, a->group, 8);
	check(sc.npend == 0);
	hit_miss(84, MISC_KERNEL, UINT64_MAX - 0xff0, HIT_SAMPLE, 5, 1);
	check(sc.npend == 1 && sc.hits_unknown == 0);
	check(!user_hit(84, (uint64_t)1 << 56, HIT_CALLCHAIN, 5));
	check(sc.npend == 1 && sc.hits_unknown == 1);
	zombies_round();
	zombies_round();
	check(sc.npend == 0 && sc.hits_unknown == 2);
	plan.hits = mode;
	return 0;
}

static int
t_hits_order(void)
{
	struct obj *a, *b;
	uint64_t v[12];
	uint32_t i;
	int k;

	pf_reset("t");
	a = obj_add(-1, "/a", 2, NULL, 0, SRC_MMAP, MISC_USER);
	b = obj_add(-1, "/b", 2, NULL, 0, SRC_MMAP, MISC_USER);
	check(a && b);
	/* a sample after its process's EXIT still finds the map, for two
	 * rounds; then the process is gone and its samples are unknown */
	hits_mmap(10, MISC_USER, 0x1000, 0x1000, a->group, 0);
	proc_exit(10, 100);
	check(user_hit(10, 0x1800, HIT_SAMPLE, 90));
	check(a->hit == HIT_SAMPLE && sc.npend == 0);
	zombies_round();
	check(proc_find(10));
	zombies_round();
	check(!proc_find(10));
	check(!user_hit(10, 0x1800, HIT_CALLCHAIN, 90));
	check(sc.npend == 1 && !(a->hit & HIT_CALLCHAIN));
	zombies_round();
	zombies_round();
	check(sc.npend == 0 && sc.hits_unknown == 1);
	/* a sample before its MMAP waits for it, once per page; the MMAP
	 * settles it at once */
	user_hit(20, 0x5010, HIT_SAMPLE, 0);
	user_hit(20, 0x5020, HIT_SAMPLE, 0);
	check(sc.npend == 1 && !b->hit);
	hits_mmap(20, MISC_USER, 0x5000, 0x1000, b->group, 0);
	check(b->hit == HIT_SAMPLE && sc.npend == 0);
	/* in time order, FORK copies what the parent had before it */
	hits_mmap(40, MISC_USER, 0x8000, 0x2000, a->group, 10);
	hits_mmap(40, MISC_USER, 0xc000, 0x1000, a->group, 60);
	hits_fork(45, 40, 50);
	check(maps_of(45, v, 12) == 1 && v[0] == 0x8000 && v[2] == a->group);
	/* a FORK read after the child's own MMAP: the parent's older maps
	 * go under the child's when a sample needs them, not newer ones,
	 * and not for a sample from after the child's exec */
	hits_mmap(30, MISC_USER, 0x9000, 0x1000, b->group, 70);
	hits_exec(30, 65);
	hits_fork(30, 40, 50);
	check(maps_of(30, v, 12) == 1);
	check(!user_hit(30, 0x8008, HIT_SAMPLE, 66));
	pend_retry(0, 1, PEND_ALL);
	check(user_hit(30, 0x8008, HIT_SAMPLE, 55));
	check(maps_of(30, v, 12) == 2 && v[0] == 0x8000 && v[1] == 0x9000);
	check(v[2] == a->group && v[3] == 0x9000 && v[5] == b->group);
	check(!user_hit(30, 0xc008, HIT_SAMPLE, 55));
	pend_retry(0, 1, PEND_ALL);
	/* a FORK read after the child's EXIT, but before it in time, keeps
	 * the child; one after the EXIT in time is a new process */
	hits_mmap(50, MISC_USER, 0x9000, 0x1000, b->group, 0);
	proc_exit(50, 200);
	hits_fork(50, 40, 150);
	check(maps_of(50, v, 12) == 1 && v[2] == b->group);
	hits_fork(50, 40, 300);
	check(maps_of(50, v, 12) == 2 && v[2] == a->group);
	/* an exec keeps the maps that are newer than it in time, though
	 * read before it; an older MMAP read after it goes under only */
	hits_mmap(70, MISC_USER, 0x1000, 0x1000, a->group, 100);
	hits_mmap(70, MISC_USER, 0x3000, 0x1000, b->group, 300);
	hits_exec(70, 200);
	check(maps_of(70, v, 12) == 1 && v[0] == 0x3000);
	/* a sample from before the exec, read after it: the old image */
	a->hit = 0;
	check(user_hit(70, 0x1008, HIT_SAMPLE, 150) && a->hit == HIT_SAMPLE);
	check(!user_hit(70, 0x1008, HIT_SAMPLE, 250));
	pend_retry(0, 1, PEND_ALL);
	hits_mmap(70, MISC_USER, 0x2000, 0x2000, a->group, 150);
	check(maps_of(70, v, 12) == 2 && v[0] == 0x2000 && v[1] == 0x3000);
	check(v[2] == a->group && v[5] == b->group);
	/* execs read out of order: the last in time stays the one */
	hits_exec(70, 400);
	hits_exec(70, 300);
	check(proc_find(70)->exec_time == 400);
	hits_exec(70, 0);
	check(maps_of(70, v, 12) == 0);
	/* an exec read before the process's FORK: the exec time stays */
	hits_exec(90, 500);
	check(proc_find(90) && proc_find(90)->exec_time == 500);
	/* a FORK whose parent is not known yet: the child takes the
	 * parent's map when a sample first needs it */
	hits_fork(80, 81, 400);
	hits_mmap(81, MISC_USER, 0x7000, 0x1000, b->group, 0);
	b->hit = 0;
	check(user_hit(80, 0x7008, HIT_SAMPLE, 410));
	check(b->hit == HIT_SAMPLE && sc.npend == 0);
	/* execve's own end, before the new image's first MMAP: its user
	 * stack is the old image's, which perf still has (it drops no map
	 * at an exec); once a map of the new image is there, nothing.  The
	 * old image from the FORK's copy, and from the parent where the
	 * FORK is read after the exec */
	hits_fork(100, 40, 450);
	hits_exec(100, 500);
	check(maps_of(100, v, 12) == 0);
	a->hit = 0;
	check(user_hit(100, 0x8008, HIT_CALLCHAIN, 510));
	check(a->hit == HIT_CALLCHAIN);
	hits_mmap(100, MISC_USER, 0x20000, 0x1000, b->group, 520);
	check(!user_hit(100, 0xc008, HIT_CALLCHAIN, 530));
	pend_retry(0, 1, PEND_ALL);
	hits_exec(101, 600);
	hits_fork(101, 40, 590);
	a->hit = 0;
	check(user_hit(101, 0xc008, HIT_CALLCHAIN, 610));
	check(a->hit == HIT_CALLCHAIN);
	check(!user_hit(101, 0x5008, HIT_CALLCHAIN, 610));
	pend_retry(0, 1, PEND_ALL);
	/* more waiting regions than the table holds: half the share stays;
	 * where another pass reads the rest nothing is given up, else the
	 * rest is, counted */
	for (k = 0; k < 2; k++) {
		ps.passes_ok = !k;
		sc.pend_n = sc.pend_read = 1;
		sc.hits_unresolved = 0;
		for (i = 0; i <= PERFMT_MAXPEND; i++)
			user_hit(60, (0x100000 + (uint64_t)i) << PEND_SHIFT,
			    HIT_SAMPLE, 0);
		check(sc.pend_n >= 2 && sc.npend <= PERFMT_MAXPEND);
		check(k ? sc.hits_unresolved > 0 : sc.hits_unresolved == 0);
		for (i = 0; i < sc.npend; i++)
			check(pend_mine(&sc.pend[i], sc.pend_n));
		pend_retry(0, 1, PEND_ALL);
		check(sc.npend == 0);
	}
	ps.passes_ok = 0;
	sc.pend_n = sc.pend_read = 1;
	return 0;
}

/* ---- absurd sizes: fail fast, with the offset named --------------------- */

/* A file-mode header (fmt §1.2) with one attr of 128 bytes at 104 whose
 * ids are {ioff, isize}, and the data section at 232. */
static size_t
pf_put(unsigned char *b, uint64_t attrs_size, uint64_t data_off,
    uint64_t data_size, uint64_t feat0, uint64_t ioff, uint64_t isize)
{
	memset(b, 0, 232);
	memcpy(b, "PERFILE2", 8);
	put64(b + 8, 104, 0);
	put64(b + 16, 128, 0);
	put64(b + 24, 104, 0);
	put64(b + 32, attrs_size, 0);
	put64(b + 40, data_off, 0);
	put64(b + 48, data_size, 0);
	put64(b + 72, feat0, 0);
	put32(b + 104 + 4, 112, 0);
	put64(b + 104 + 112, ioff, 0);
	put64(b + 104 + 120, isize, 0);
	return 232;
}

static int
damaged(const char *text)
{
	uint32_t i;

	for (i = 0; i < pf.ndamage; i++)
		if (strstr(pf.damage[i].text, text))
			return 1;
	return 0;
}

/* Loads b as a file; 1 if it did so quickly (well under a second). */
static int
load_quick(const unsigned char *b, size_t n)
{
	const char *path = tmpfile_with("absurd.data", b, n);
	clock_t t0 = clock();

	rpt.status = 0;
	if (!path)
		return 0;
	pf_load(path);
	return clock() - t0 < CLOCKS_PER_SEC / 4;
}

static int
t_absurd_perf(void)
{
	static unsigned char b[4096];
	size_t n, k;

	/* sections past the end, 2^64-1 lengths: the header's offset named */
	n = pf_put(b, UINT64_MAX, 232, 0, 0, 0, 0);
	check(load_quick(b, n) && rpt.status == 2 && damaged("offset 0x18: attrs"));
	n = pf_put(b, 128, UINT64_MAX - 7, 8, 0, 0, 0);
	check(load_quick(b, n) && rpt.status == 2 && damaged("offset 0x28: data"));
	n = pf_put(b, 128, 232, UINT64_MAX, 0, 0, 0);
	check(load_quick(b, n) && rpt.status == 1 && damaged("offset 0x30: data"));
	/* ids of 2^64-1 bytes, and ids past the end */
	n = pf_put(b, 128, 232, 0, 0, 8, UINT64_MAX);
	check(load_quick(b, n) && rpt.status == 2 && damaged("offset 0x68: ids"));
	n = pf_put(b, 128, 232, 0, 0, UINT64_MAX, 8);
	check(load_quick(b, n) && rpt.status == 2 && damaged("offset 0x68: ids"));
	/* 30 events whose ids all lie over the whole file: read once */
	n = 104 + 30 * 128;
	pf_put(b, 30 * 128, n, 0, 0, 0, 0);
	for (k = 0; k < 30; k++) {
		memcpy(b + 104 + 128 * k, b + 104, 128);
		put64(b + 104 + 128 * k + 120, 4096, 0);
	}
	check(load_quick(b, 4096) && damaged("offset 0xe8: ids of event 1"));
	check(pf.nattr == (30 < PERFMT_MAXATTR ? 30 : PERFMT_MAXATTR));
	check(pf.attrs[0].nids == 512 && pf.attrs[1].nids == 0);
	/* a feature section at 2^64-1 of 2^64-1 bytes: its table slot named
	 * (the table follows the 8-byte data section) */
	n = pf_put(b, 128, 232, 8, (uint64_t)1 << FT_HOSTNAME, 0, 0);
	rec_put(b + 232, R_FINISHED_ROUND, 0, 8, 0);
	put64(b + 240, UINT64_MAX, 0);
	put64(b + 248, UINT64_MAX, 0);
	check(load_quick(b, 256) && rpt.status == 1 && damaged("offset 0xf0: HOSTNAME"));
	/* CMDLINE and EVENT_DESC counting billions in a few bytes: the walk
	 * ends with the section, the offset named */
	n = pf_put(b, 128, 232, 8, (uint64_t)1 << FT_CMDLINE |
	    (uint64_t)1 << FT_EVENT_DESC, 0, 0);
	put64(b + 240, 272, 0);
	put64(b + 248, 8, 0);
	put64(b + 256, 280, 0);
	put64(b + 264, 8, 0);
	put32(b + 272, UINT32_MAX, 0);
	put32(b + 276, 0, 0);
	put32(b + 280, UINT32_MAX, 0);
	put32(b + 284, UINT32_MAX, 0);
	check(load_quick(b, 288) && rpt.status == 2);
	check(damaged("offset 0x110: CMDLINE section: argument 1 of 4294967295"));
	check(damaged("offset 0x118: EVENT_DESC section: event 0 of 4294967295"));
	/* records of size 0 and 7: no step past them, the offset named */
	n = pf_put(b, 128, 232, 16, 0, 0, 0);
	put32(b + 232, R_MMAP, 0);
	put16(b + 238, 7, 0);
	check(load_quick(b, 248) && rpt.status == 2 && pf.nrec == 0 &&
	    damaged("offset 0xe8: record of MMAP has size 7"));
	put16(b + 238, 0, 0);
	check(load_quick(b, 248) && rpt.status == 2 &&
	    damaged("offset 0xe8: record of MMAP has size 0"));
	/* a billion records' worth of data size, a record header of 64 KiB
	 * in 16 bytes */
	n = pf_put(b, 128, 232, UINT64_MAX, 0, 0, 0);
	put32(b + 232, R_SAMPLE, 0);
	put16(b + 238, 0xffff, 0);
	check(load_quick(b, 248) && rpt.status == 1 && pf.nrec == 0);
	rpt.status = 0;
	return 0;
}

static int
t_absurd_elf(void)
{
	static const unsigned char id[20] = { 1 };
	unsigned char b[4096], notes[64];
	struct elfid e;
	struct img m = { -1, b, 0, 0 };
	size_t n, nn, k;

	/* e_shnum 0 and section 0's sh_size 2^64-1 (the count escape) */
	nn = note_put(notes, 0, "GNU", 3, id, 20, 4);
	n = elf_put(b, 1, 0, 0, 1, notes, nn);
	put16(b + 60, 0, 0);
	put64(b + 64 + 56 + 32, UINT64_MAX, 0);
	m.size = n;
	memset(&e, 0, sizeof e);
	check(elf_parse(&m, &e) == 2 && strstr(e.why, "run past the end"));
	/* e_phnum PN_XNUM and sh_info 2^32-1 */
	n = elf_put(b, 1, 0, 1, 0, notes, nn);
	put16(b + 56, PN_XNUM, 0);
	put32(b + 64 + 56 + 44, UINT32_MAX, 0);
	m.size = n;
	memset(&e, 0, sizeof e);
	check(elf_parse(&m, &e) == 2 && strstr(e.why, "run past the end"));
	/* a note whose rounded size wraps a u32: namesz 2^32-3 rounds to
	 * 2^32, descsz 2^32-1 */
	n = elf_put(b, 1, 0, 1, 0, notes, nn);
	put32(b + n - nn, UINT32_MAX - 2, 0);
	put32(b + n - nn + 4, UINT32_MAX, 0);
	m.size = n;
	memset(&e, 0, sizeof e);
	check(elf_parse(&m, &e) == 2 && strstr(e.why, "overruns"));
	/* billions of notes asked for by a segment of 2^64-1 bytes */
	n = elf_put(b, 1, 0, 1, 0, notes, nn);
	put64(b + 64 + 32, UINT64_MAX, 0);
	m.size = n;
	memset(&e, 0, sizeof e);
	check(elf_parse(&m, &e) == 2 && strstr(e.why, "past the end"));
	/* 30 program headers over the same 600 bytes of notes (50 empty
	 * ones): stopped once they cover the file twice (2 x 2344 bytes),
	 * at the eighth, which is named */
	n = elf_put(b, 1, 0, 1, 0, notes, 0);
	put64(b + 40, 0, 0);
	put16(b + 60, 0, 0);
	put16(b + 56, 30, 0);
	for (k = 1; k < 30; k++)
		memcpy(b + 64 + 56 * k, b + 64, 56);
	for (k = 0; k < 30; k++) {
		put64(b + 64 + 56 * k + 8, 64 + 30 * 56, 0);
		put64(b + 64 + 56 * k + 32, 600, 0);
	}
	n = 64 + 30 * 56 + 600;
	memset(b + 64 + 30 * 56, 0, 600);
	m.size = n;
	memset(&e, 0, sizeof e);
	check(elf_parse(&m, &e) == 2 && strstr(e.why, "PT_NOTE segment 7 at "
	    "0x6d0 (600 bytes) overlaps"));
	return 0;
}

int
main(void)
{
	char cmd[64];

	state_init();	/* as perfmt's main */
	/* the commands are tested through the binary by tests/run.sh */
	(void)cmd_list;
	(void)cmd_check;
	(void)check_options;
	(void)wr_signals;
	(void)find_command;
	(void)cmd_list_kernel;
	(void)cmd_header;
	(void)cmd_buildid;
	(void)cmd_inject;
	(void)cmd_archive;
	(void)finish;
	(void)print_version;

	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 2;
	}
	test(t_get, "get16/32/64, align, popcount");
	test(t_escape, "escaping of untrusted names");
	test(t_invisible, "invisible format characters escaped, visible kept");
	test(t_hex, "hex");
	test(t_civil, "days to dates");
	test(t_rd_mem, "reader over memory");
	test(t_rd_file, "reader over a file with a small buffer");
	test(t_rd_seek, "reader over a file: steps and seeks back and forward");
	test(t_rd_pipe, "reader over a pipe");
	test(t_skip_samples, "records read, samples counted and stepped over");
	test(t_rd_string, "header strings");
	test(t_range_ok, "range_ok: a range in a file, at its edges and wrapping");
	test(t_id_same, "build-ID comparison");
	test(t_obj, "object table, table full");
	test(t_builds_used, "a path of two builds: the one the report uses");
	test(t_id_map, "sample id map, map full");
	test(t_bid_table, "build-ID table both byte orders");
	test(t_bid_old_abi, "build-ID table old ABI");
	test(t_bid_bad, "build-ID table damage");
	test(t_records, "records");
	test(t_records_bad, "records damage");
	test(t_absurd_perf, "absurd sizes in perf.data: fast, offset named");
	test(t_notes, "ELF notes");
	test(t_elf, "ELF files and note blobs");
	test(t_absurd_elf, "absurd sizes in ELF: fast, offset named");
	test(t_sr_resolve, "sysroot resolution stays inside");
	test(t_open_in, "open_in opens what the walk found, nothing else");
	test(t_parse_time, "-t times");
	test(t_far_times, "times past 2262 and before 1677: saturated, said");
	test(t_far_mtime, "a perf.data mtime past 2262 or before 1677: no overflow");
	test(t_span_samples, "the records' span: the samples read, not SAMPLE_TIME");
	test(t_classify, "object classes");
	test(t_jit_inode, "a JIT map has no inode of its own");
	test(t_anon_exec, "anonymous executable memory by its name");
	test(t_rec_gather, "a path's recorded identity");
	test(t_hits_order, "--hits: records out of time order");
	test(t_hits_remap, "--hits: a new map over a found one is found there");
	test(t_hits_long_map, "--hits: a map over 4 GiB, inside and at its ends");
	test(t_hits_kernel_row, "--hits: the kernel and a process find only their own maps");
	test(t_pend_wait, "--hits: a sample waiting for its MMAP, settled by a FORK or unknown");
	test(t_ar_name, "archive: names as tar paths, never absolute or with .., "
	    "never under .build-id");
	test(t_ar_size, "archive: a size of 8 GiB or more in base-256 and pax");
	test(t_open_regular, "a FIFO or a directory is neither waited on nor read");
	test(t_wr_mktemp, "a new file: in the directory held open, a name of its own, 0600");
	test(t_attr_fit, "a pipe's attrs at the smallest ABI size that holds them");
	snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
	if (system(cmd))
		return 2;
	return failures ? 1 : 0;
}
