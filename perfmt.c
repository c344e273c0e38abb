/* perfmt - are the binaries behind a perf.data profile still the ones profiled?
 *
 * The design is docs/design.md; the format rules, docs/format.md, are cited
 * at the line as "fmt §N".  Where to start: main (section 17) runs a
 * command (section 16); rec_next (section 10) reads the next record for
 * every walk over records (a profile's, -z's decoded ones, the ring of
 * perf_clock_now); note_walk (section 12) walks the notes of an ELF
 * file; rules[] (section 14) is the table of rules that give each object
 * its verdict, decide() the walk over it.  A run's
 * state is a few named structs: rpt (2), opt (3), bufs (5), ot, ps (6),
 * pf, plan (7), zs (9), sc, zr (10), input (11), lk (13), jd, pt (14),
 * wr, inj, ar (16); state_init (17) sets their defaults.
 *
 * Sections
 *   1. Limits and version                  10. perf.data: records
 *   2. Diagnostics                         11. perf.data: opening a profile
 *   3. Usage                               12. ELF notes
 *   4. Bytes and text                      13. Finding the files
 *   5. Bounded reader                      14. Verdicts
 *   6. Object table                        15. Reports
 *   7. perf.data: header and attributes    16. Commands
 *   8. perf.data: feature sections         17. main
 *   9. zstd decoder (RFC 8878)
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/timex.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "elf_min.h"

/* <sys/auxv.h> drags in <elf.h>, whose macros clash with elf_min.h */
unsigned long getauxval(unsigned long);
/* <unistd.h> declares it only beyond POSIX */
long syscall(long, ...);
/* a directory opened to walk from, not to read; glibc lacks O_SEARCH */
#ifndef O_SEARCH
#define O_SEARCH O_RDONLY
#endif

/* ==== 1. Limits and version =============================================
 * The PERFMT_* sizes: docs/design.md, Memory budget; `make PERFMT_X=n`
 * overrides one.  A record is at most 64 KiB (fmt §3.1).
 */
#define PERFMT_VERSION "0.1.0"

#ifndef PERFMT_BUF
#define PERFMT_BUF (192 * 1024)
#endif
#ifndef PERFMT_FEATBUF
#define PERFMT_FEATBUF (64 * 1024 + 64)
#endif
#ifndef PERFMT_ELFBUF
#define PERFMT_ELFBUF 4096
#endif
#ifndef PERFMT_MAXOBJ
#define PERFMT_MAXOBJ 4096
#endif
#ifndef PERFMT_ARENA
#define PERFMT_ARENA (208 * 1024)
#endif
#ifndef PERFMT_MAXATTR
#define PERFMT_MAXATTR 256
#endif
#ifndef PERFMT_MAXID
#define PERFMT_MAXID 8192
#endif
#ifndef PERFMT_MAXPROC
#define PERFMT_MAXPROC 2048
#endif
#ifndef PERFMT_MAXMAP
#define PERFMT_MAXMAP 6144
#endif
#ifndef PERFMT_MAXPEND
#define PERFMT_MAXPEND 1024
#endif
#ifndef PERFMT_MAXSTREAM
#define PERFMT_MAXSTREAM 1024
#endif

#if PERFMT_BUF < 65536 + 64 || PERFMT_FEATBUF < 65536 + 64
#error "PERFMT_BUF and PERFMT_FEATBUF must hold a 64 KiB record"
#endif
#if PERFMT_ELFBUF < 256
#error "PERFMT_ELFBUF must be at least 256"
#endif
#if PERFMT_MAXPEND < 1
#error "PERFMT_MAXPEND must be at least 1"
#endif

#define IDMAX 20		/* perf keeps at most 20 build-ID bytes */
#define ELFIDMAX 64		/* longest build-ID note printed in full */
#define STRMAX 256		/* kept bytes of a header string */
#define CMDMAX 1024		/* kept bytes of the recorded command line */
#define NAMEW 24		/* a name table's width: names, read-only */
#define PATHMAX 4096		/* a path perfmt makes, to look for a file */
#define MAXDAMAGE 8		/* damage notes kept for `header` */
#define NOPOS UINT64_MAX
/* ns a file time may lag: the kernel's coarse clock, a tick at HZ=100 */
#define FILE_TICK 10000000

/* ==== 2. Diagnostics ====================================================
 * A message ending in ':' gets strerror(errno) appended.  level raises
 * rpt.status: 0 a note, 1 something cannot be told, 2 trouble; finish
 * (section 17) makes the exit status of it and rpt.changed
 * (verdict_status).  rpt holds what the run prints and its status.
 */
static struct {
	int status;
	int changed;
	int msg_mute;	/* a pass after the first says nothing again */
	char detail[3 * PATHMAX];	/* a row's (detail_for, section 15) */
	size_t dlen;
	int table_named;	/* the table's columns are named */
	int name_w;	/* the OBJECT column's width (check_pass) */
	int hj;		/* header -j */
	unsigned hn;	/* JSON members printed so far */
} rpt;

static void
vmsg(int level, int e, const char *who, const char *fmt, va_list ap)
{
	size_t n = strlen(fmt);

	if (level > rpt.status)
		rpt.status = level;
	if (rpt.msg_mute)
		return;

	fputs("perfmt: ", stderr);
	if (who)
		fprintf(stderr, "%s: ", who);
	vfprintf(stderr, fmt, ap);
	if (n && fmt[n - 1] == ':')
		fprintf(stderr, " %s", strerror(e));
	fputc('\n', stderr);
}

static void
msg(int level, const char *fmt, ...)
{
	va_list ap;
	int e = errno;

	va_start(ap, fmt);
	vmsg(level, e, NULL, fmt, ap);
	va_end(ap);
}

/* ==== 3. Usage ========================================================== */
/* Four parts, as C99 promises string literals of only 4095 bytes; README.md
 * repeats the first, the synopsis. */
static const char *const usage_text[4] = {
"usage: perfmt [check] [-Lqpjv] [-i FILE] [-s DIR] [-c DIR]... [-k FILE]\n"
"              [-t TIME | -r FILE] [-a | -H | --hits[=sample|callchain]]\n"
"              [--kallsyms FILE] [FILE]\n"
"       perfmt list [-j] [-H | --hits[=sample|callchain]] [-i FILE | FILE]\n"
"       perfmt list [-j] --kernel\n"
"       perfmt header [-j] [-i FILE | FILE]\n"
"       perfmt buildid FILE...\n"
"       perfmt inject [-nLqv] [-i FILE | FILE] [-o FILE] [-s DIR]\n"
"              [-c DIR]... [-t TIME | -r FILE]\n"
"              [-a | -H | --hits[=sample|callchain]]\n"
"       perfmt archive [-Lqv] [-i FILE | FILE] [-o FILE] [-s DIR]\n"
"              [-c DIR]... [-t TIME | -r FILE]\n"
"              [-a | -H | --hits[=sample|callchain]] [--kallsyms FILE]\n"
"       perfmt -h | -V\n",

"\n"
"Tells whether the binaries behind a Linux perf.data profile are still the\n"
"ones that were profiled.\n"
"\n"
"commands:\n"
"  check     (the default) give each object the report uses a verdict\n"
"  list      print \"<build-id> <object>\" for each object the profile has\n"
"            a build-ID for, as perf buildid-list does\n"
"  header    where and how the profile was recorded, its records by type,\n"
"            any damage\n"
"  buildid   print \"<build-id> <file>\" for ELF and note files\n"
"  inject    add the build-IDs a profile lacks (perf record -B) for the\n"
"            objects check finds unchanged; over the profile or to -o\n"
"  archive   write a tar, laid out as perf's build-ID cache, of the files\n"
"            that carry the recorded build-IDs, and JIT maps unchanged\n"
"            since the profile; on the host, tar -xf FILE -C ~/.debug\n"
"\n",

"options:\n"
"  -i FILE, --input=FILE, or FILE after the options\n"
"            the profile: a perf.data file, a perf record --threads\n"
"            directory, or - for standard input (default: perf.data)\n"
"  -s DIR, --sysroot=DIR, --symfs=DIR\n"
"            look for the profile's files under DIR, as if it were /\n"
"  -c DIR, --buildid-dir=DIR\n"
"            a build-ID cache, up to 8 times: perf's, debuginfod's, a\n"
"            binary_cache (default: ~/.debug, debuginfod's; under -s,\n"
"            DIR/.debug and DIR/root/.debug)\n"
"  -k FILE, --vmlinux=FILE\n"
"            the kernel image to compare with: its vmlinux (ELF), or a\n"
"            raw arm64 or riscv64 Image\n"
"  --kallsyms=FILE\n"
"            the recording system's /proc/kallsyms, for archive (under\n"
"            -s: DIR/proc/kallsyms, if there)\n"
"  -t TIME, --date=TIME\n"
"            the profile's time: seconds since 1970 or\n"
"            YYYY-MM-DD[THH:MM[:SS]] UTC (default: its last sample by\n"
"            CLOCK_DATA, else the perf.data file's mtime)\n"
"  -r FILE, --reference=FILE\n"
"            the profile's time is FILE's mtime\n"
"  -L, --local\n"
"            the profile was recorded on this system\n"
"  -o FILE, --output=FILE\n"
"            (inject) the new profile, not over the input; (archive) the\n"
"            tar (default: standard output); - for standard output; an\n"
"            empty FILE or one of its kind, replaced whole (perfmt(1))\n"
"  -n, --dry-run\n"
"            (inject) say what would be added; write nothing\n"
"  -a, --all every object the profile maps, data mappings too, not\n"
"            only those the report uses (check, inject, archive)\n"
"  -q, --quiet\n"
"            print problems only: no column line, no summary\n"
"  -p, --porcelain\n"
"            verdict, recorded-id, disk-id, path, detail, tab-separated,\n"
"            '-' for empty\n"
"  -j, --json\n"
"            JSON Lines, one object a line (check: then a summary)\n"
"  -v, --verbose\n"
"            say every place looked in and what it held\n"
"  -H, --with-hits, --hits[=sample|callchain]\n"
"            only the objects samples fall in (as perf buildid-list -H);\n"
"            =callchain: those the report uses, check's scope\n"
"  --kernel  (list) print the running kernel's build-ID and nothing else\n"
"  -h, --help\n"
"            print this help and exit\n"
"  -V, --version\n"
"            print the version and the memory budget and exit\n"
"\n",

"verdicts (perfmt(1) gives every case), problems first:\n"
"  missing    no file found where the object is looked for\n"
"  mismatch   the file's build-ID or architecture is not the recorded one\n"
"  replaced   no build-ID; the file's inode is not the one perf mapped\n"
"  stale      no build-ID; the file is newer than the profile\n"
"  deleted    perf saw the file deleted, and its build-ID is nowhere\n"
"  unreadable the file is there but cannot be read\n"
"  foreign    the profile is from another system: give -s DIR (-k, -c)\n"
"  unverified no build-ID, and nothing that vouches for the file\n"
"  ok         the file's build-ID is the recorded one\n"
"  unchanged  no build-ID; the file is older than the recording\n"
"  skip       not a file (anonymous memory, heap, stack, a device...)\n"
"\n"
"exit status: 0 all good; 1 a file changed: a verdict missing, mismatch,\n"
"replaced, stale or deleted (an object inject or archive left out for\n"
"it too); 3 nothing shown changed, but something cannot be told: a\n"
"verdict unreadable, foreign or unverified, no build-ID (list without -H),\n"
"none or one over 64 bytes (buildid), a damaged or unfinished profile,\n"
"what did not fit a table (perfmt(1) names them); 2 trouble: bad usage,\n"
"a -c, -k or -s that names nothing, a -k that is no kernel image,\n"
"a -s that holds none of the profile's files or only another\n"
"architecture's, unreadable or malformed input, a profile inject cannot\n"
"complete or an output refused (left as it was).\n"
"2 comes before 1, and 1 before 3\n"
};

static void
usage_exit(int code)
{
	int i;

	if (code)
		fprintf(stderr, "%s\nperfmt -h tells more\n", usage_text[0]);
	for (i = 0; !code && i < 4; i++)
		fputs(usage_text[i], stdout);
	exit(code);
}

/* The options, as main (section 17) parses them. */
#define MAXCACHE 8

static struct opt {
	const char *input, *output;
	const char *sysroot, *vmlinux, *kallsyms, *reffile, *timearg;
	const char *ksroot;	/* the root kallsyms lies in, or NULL */
	const char *cache[MAXCACHE];
	int ncache, local, quiet, porcelain, json, verbose, all, dry, hits;
	int kernel;
	// the paths perfmt names where no option does: the caches looked in
	// by default (cache_defaults), a sysroot's kallsyms (check_kallsyms)
	char cache_dir[2][PATHMAX], kallsyms_path[PATHMAX];
	char time_why[160];	/* the field parse_time refused */
} opt;

/* ==== 4. Bytes and text =================================================
 * be is the writer's byte order (1: big-endian), never the host's (fmt §4).
 */
static inline uint16_t
get16(const unsigned char *p, int be)
{
	return be ? (uint16_t)(p[0] << 8 | p[1]) : (uint16_t)(p[1] << 8 | p[0]);
}

static inline uint32_t
get32(const unsigned char *p, int be)
{
	if (be)
		return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		    (uint32_t)p[2] << 8 | p[3];
	return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[1] << 8 | p[0];
}

static inline uint64_t
get64(const unsigned char *p, int be)
{
	uint64_t a = get32(p, be), b = get32(p + 4, be);

	return be ? a << 32 | b : b << 32 | a;
}

/* The same in the other direction, for the profiles inject writes. */
static void
put_n(unsigned char *p, uint64_t v, int n, int be)
{
	int i;

	for (i = 0; i < n; i++)
		p[be ? n - 1 - i : i] = (unsigned char)(v >> 8 * i);
}

static int
popcount64(uint64_t v)
{
	int n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

static uint64_t
align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) / a * a;
}

/* Valid UTF-8 escaped all the same, as each lets one path pass for
 * another: the C1 controls, which some terminals obey; Unicode 15's
 * Default_Ignorable_Code_Point (zero-width, bidirectional controls,
 * variation selectors, fillers, tags); U+2028, U+2029, U+FFF9-U+FFFB. */
static const uint32_t unshown[][2] = {
	{ 0x0080, 0x009f }, { 0x00ad, 0x00ad }, { 0x034f, 0x034f },
	{ 0x061c, 0x061c }, { 0x115f, 0x1160 }, { 0x17b4, 0x17b5 },
	{ 0x180b, 0x180f }, { 0x200b, 0x200f }, { 0x2028, 0x202e },
	{ 0x2060, 0x206f }, { 0x3164, 0x3164 }, { 0xfe00, 0xfe0f },
	{ 0xfeff, 0xfeff }, { 0xffa0, 0xffa0 }, { 0xfff0, 0xfffb },
	{ 0x1bca0, 0x1bca3 }, { 0x1d173, 0x1d17a }, { 0xe0000, 0xe0fff },
};

/* Length of the UTF-8 sequence at s; 0 if invalid or unshown[]. */
static size_t
utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	uint32_t c;

	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 0;
	len = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : 2;
	if (len > n)
		return 0;
	c = s[0] & (0x7f >> len);
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		return 0;
	for (i = 0; i < sizeof unshown / sizeof unshown[0]; i++)
		if (c >= unshown[i][0] && c <= unshown[i][1])
			return 0;
	return len;
}

/* Names come from untrusted files: all but printable ASCII and shown UTF-8
 * is escaped, so that a name never drives a terminal and is one line. */
static size_t
esc_into(char *dst, size_t cap, const char *src, size_t n)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t i = 0, o = 0, u;

	while (i < n && o + 5 < cap) {
		if (s[i] >= 0x20 && s[i] < 0x7f && s[i] != '\\') {
			dst[o++] = (char)s[i++];
		} else if (s[i] == '\\') {
			dst[o++] = '\\';
			dst[o++] = '\\';
			i++;
		} else if (s[i] >= 0x80 && (u = utf8_len(s + i, n - i))) {
			if (o + u + 1 >= cap)
				break;
			memcpy(dst + o, s + i, u);
			o += u;
			i += u;
		} else {
			o += (size_t)sprintf(dst + o, "\\x%02x", s[i++]);
		}
	}
	if (i < n && o + 4 < cap) {
		memcpy(dst + o, "...", 3);
		o += 3;
	}
	dst[o] = 0;
	return o;
}

/* An escaped copy for messages; two live at a time. */
static const char *
esc(const char *s)
{
	static char ring[2][1100];
	static int k;

	k ^= 1;
	esc_into(ring[k], sizeof ring[k], s, strlen(s));
	return ring[k];
}

/* A name escaped, printed if print; the columns it takes either way. */
static size_t
out_name(const char *s, size_t n, int print)
{
	char buf[4 * 4096 + 8], *b;
	size_t i = 0, len, cols = 0;

	while (i < n) {
		len = n - i > 4096 ? 4096 : n - i;
		while (len > 1 && i + len < n &&
		    ((unsigned char)s[i + len] & 0xc0) == 0x80)
			len--;	// do not split a UTF-8 sequence
		esc_into(buf, sizeof buf, s + i, len);
		if (print)
			fputs(buf, stdout);
		for (b = buf; *b; b++)
			cols += ((unsigned char)*b & 0xc0) != 0x80;
		i += len;
	}
	return cols;
}

static void
hex_into(char *dst, const unsigned char *id, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < n; i++) {
		dst[2 * i] = digits[id[i] >> 4];
		dst[2 * i + 1] = digits[id[i] & 15];
	}
	dst[2 * n] = 0;
}

/* The name of v in the tables t (NULL in their holes), else what and the
 * number.  Two live at a time. */
struct names { const char (*name)[NAMEW]; uint32_t base, n; };

static const char *
tab_name(const struct names *t, size_t nt, uint32_t v, const char *what)
{
	static char tmp[2][NAMEW];
	static int k;
	size_t i;

	for (i = 0; i < nt; i++)	// below base v - base wraps past n
		if (v - t[i].base < t[i].n && t[i].name[v - t[i].base][0])
			return t[i].name[v - t[i].base];
	k ^= 1;
	snprintf(tmp[k], sizeof tmp[k], "%s %" PRIu32, what, v);
	return tmp[k];
}

/* a / b rounded down, *rem in 0 to b - 1; not by a - q * b, which
 * overflows for an a near -2^63 (tests/data/fuzz/perf-clock-tod-min). */
static int64_t
floor_div(int64_t a, int64_t b, int64_t *rem)
{
	*rem = a % b + (a % b < 0 ? b : 0);
	return a / b - (a % b < 0);
}

/* H. Hinnant's civil-from-days.  Not gmtime_r: in musl it links __tz.c,
 * and with it an allocator (tests/t-static.sh). */
static void
civil_from_days(int64_t z, int64_t *y, unsigned *m, unsigned *d)
{
	int64_t doe, era = floor_div(z + 719468, 146097, &doe), yoe, doy, mp;

	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (unsigned)(doy - (153 * mp + 2) / 5 + 1);
	*m = (unsigned)(mp < 10 ? mp + 3 : mp - 9);
	*y = yoe + era * 400 + (*m <= 2);
}

/* The inverse: Hinnant's days-from-civil. */
static int64_t
days_from_civil(int64_t y, unsigned m, unsigned d)
{
	int64_t yoe, era = floor_div(y - (m <= 2), 400, &yoe), doy, doe;

	doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* "YYYY-MM-DD HH:MM:SS UTC" with frac (0 or 9) decimals of the second;
 * frac 1: JSON's "YYYY-MM-DDTHH:MM:SS.nnnnnnnnnZ". */
static void
utc_into(char *buf, size_t cap, int64_t ns, int frac)
{
	int64_t sub, sod, y;
	unsigned m, d;
	int n;

	civil_from_days(floor_div(floor_div(ns, 1000000000, &sub), 86400,
	    &sod), &y, &m, &d);
	n = snprintf(buf, cap, "%04" PRId64 "-%02u-%02u%c%02u:%02u:%02u", y, m,
	    d, frac == 1 ? 'T' : ' ', (unsigned)(sod / 3600),
	    (unsigned)(sod / 60 % 60), (unsigned)(sod % 60));
	if (n < 0 || (size_t)n >= cap)
		return;
	if (frac)
		snprintf(buf + n, cap - (size_t)n, ".%09" PRId64 "%s", sub,
		    frac == 1 ? "Z" : " UTC");
	else
		snprintf(buf + n, cap - (size_t)n, " UTC");
}

static const char *
span(int64_t ns)
{
	static const struct { int64_t below, per; char unit[5]; } u[] = {
		{ 120, 1, "s" }, { 7200, 60, "min" }, { 172800, 3600, "h" },
		{ INT64_MAX, 86400, "days" } };
	static char buf[32];
	int64_t s = ns / 1000000000;
	int i = 0;

	while (s >= u[i].below)
		i++;
	snprintf(buf, sizeof buf, "%" PRId64 " %s", s / u[i].per, u[i].unit);
	return buf;
}

/* strstr by a plain loop: k is a few bytes. */
static const char *
find(const char *s, const char *k)
{
	size_t n = strlen(k);

	for (; *s; s++)
		if (!strncmp(s, k, n))
			return s;
	return NULL;
}

/* The digits at s, at most max: their end, or NULL.  Not strtoull, which
 * takes a sign and spaces and brings musl's whole number scanner. */
static const char *
dec_run(const char *s, uint64_t max, uint64_t *v)
{
	uint64_t x = 0;
	unsigned d;

	if (*s < '0' || *s > '9')
		return NULL;
	for (; *s >= '0' && *s <= '9'; s++) {
		d = (unsigned)(*s - '0');
		if (x > max / 10 || (x == max / 10 && d > max % 10))
			return NULL;
		x = x * 10 + d;
	}
	*v = x;
	return s;
}

static int
dec_value(const char *s, uint64_t max, uint64_t *v)
{
	s = dec_run(s, max, v);
	return s && !*s;
}

static int
digits(const char **s, int n)
{
	int v = 0;

	for (; n; n--, (*s)++) {
		if (**s < '0' || **s > '9')
			return -1;
		v = v * 10 + (**s - '0');
	}
	return v;
}


static int
time_bad(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(opt.time_why, sizeof opt.time_why, fmt, ap);
	va_end(ap);
	return 0;
}

/* -t's "SECONDS" or "YYYY-MM-DD[THH:MM[:SS]]" UTC, to ns; a time past
 * 2262-04-11, where int64_t ns end, is refused, not wrapped.  No sscanf:
 * musl's drags in realloc. */
static int
parse_time(const char *s, int64_t *ns)
{
	int y, mo, d, h = 0, mi = 0, se = 0, last;
	int64_t secs;
	uint64_t v;
	static const char form[] = "expected seconds since 1970 or "
	    "YYYY-MM-DD[THH:MM[:SS]]";
	static const char past[] = "past 2262-04-11 23:47:16 UTC, the last "
	    "time perfmt holds";
	static const unsigned char mdays[12] = { 31, 28, 31, 30, 31, 30, 31,
		31, 30, 31, 30, 31 };
	static const char months[12][10] = { "January", "February",
		"March", "April", "May", "June", "July", "August", "September",
		"October", "November", "December" };

	if (*s >= '0' && *s <= '9' && !strchr(s, '-')) {
		if (!dec_value(s, INT64_MAX / 1000000000, &v))
			return strspn(s, "0123456789") == strlen(s) ?
			    time_bad("the seconds: %s", past) :
			    time_bad("%s", form);
		*ns = (int64_t)v * 1000000000;
		return 1;
	}
	if ((y = digits(&s, 4)) < 0 || *s++ != '-' ||
	    (mo = digits(&s, 2)) < 0 || *s++ != '-' || (d = digits(&s, 2)) < 0)
		return time_bad("%s", form);
	if (*s == 'T' || *s == ' ') {
		s++;
		if ((h = digits(&s, 2)) < 0 || *s++ != ':' ||
		    (mi = digits(&s, 2)) < 0)
			return time_bad("%s", form);
		if (*s == ':' && (s++, (se = digits(&s, 2)) < 0))
			return time_bad("%s", form);
	}
	if (y < 1970)
		return time_bad("the year %d is before 1970", y);
	if (mo < 1 || mo > 12)
		return time_bad("month %02d: a month is 01 to 12", mo);
	// a day the month has: 2026-02-30 would count as March 2
	last = mdays[mo - 1] + (mo == 2 && !(y % 4) && (y % 100 || !(y % 400)));
	if (d < 1 || d > last)
		return time_bad("day %02d: %s %d has days 01 to %d", d,
		    months[mo - 1], y, last);
	if (h > 23)
		return time_bad("hour %02d: an hour is 00 to 23", h);
	if (mi > 59)
		return time_bad("minute %02d: a minute is 00 to 59", mi);
	if (se > 60)
		return time_bad("second %02d: a second is 00 to 60", se);
	if (*s)
		return time_bad("\"%s\" follows the time; %s", esc(s), form);
	secs = days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400 +
	    h * 3600 + mi * 60 + se;
	if (secs > INT64_MAX / 1000000000)
		return time_bad("the %s: %s", y > 2262 ? "year" : mo > 4 ?
		    "month" : d > 11 ? "day" : "time of day", past);
	*ns = secs * 1000000000;
	return 1;
}

/* ==== 5. Bounded reader =================================================
 * A struct rd is a window [at, end) of a file, a pipe or memory: rd_peek(n)
 * gives n contiguous bytes or NULL, never past the window, so a size field
 * read from the input cannot lead outside it (docs/design.md, The
 * bounded reader).
 */
#define RD_OPEN UINT64_MAX

/* The buffers readers read into: perf.data's records, its feature
 * sections, ELF tables and notes. */
static struct {
	unsigned char data[PERFMT_BUF];
	unsigned char feat[PERFMT_FEATBUF];
	unsigned char tab[PERFMT_ELFBUF], note[PERFMT_ELFBUF];
} bufs;

struct rd {
	int fd;			/* -1: a window over bytes in memory */
	int seekable;
	unsigned char *wbuf;	/* the buffer filled, NULL for memory */
	const unsigned char *buf;
	size_t cap, pos, len;
	uint64_t at;		/* stream offset of buf[0] */
	uint64_t end;		/* stream offset the window ends at */
	int err;		/* errno of a failed read, 0 if none */
};

/* Opens path to read: O_NONBLOCK, as a FIFO put at the path would block
 * the open; and kept only if a regular file once open, as the stat that
 * chose it may have seen another.  -1, errno EINVAL, where it is not. */
static int
open_regular(int dfd, const char *path, int flags, struct stat *st)
{
	int fd = openat(dfd, path, O_RDONLY | O_NOCTTY | O_NONBLOCK | flags), e;

	if (fd < 0)
		return -1;
	if (fstat(fd, st))
		e = errno;
	else if (!S_ISREG(st->st_mode))
		e = EINVAL;
	else
		return fd;
	close(fd);
	errno = e;
	return -1;
}

/* read(2) at off, or (off < 0) where fd stands, again after EINTR: for
 * the readers, and for what no window serves (copies, a kallsyms). */
static ssize_t
read_at(int fd, void *p, size_t n, int64_t off)
{
	ssize_t k;

	while ((k = off < 0 ? read(fd, p, n) : pread(fd, p, n, (off_t)off)) < 0
	    && errno == EINTR)
		;
	return k;
}

static void
rd_file(struct rd *r, int fd, int seekable, unsigned char *buf, size_t cap,
    uint64_t off, uint64_t end)
{
	*r = (struct rd){ .fd = fd, .seekable = seekable, .wbuf = buf,
	    .buf = buf, .cap = cap, .at = off, .end = end < off ? off : end };
}

static void
rd_mem(struct rd *r, const unsigned char *p, size_t n, uint64_t off)
{
	rd_file(r, -1, 0, NULL, n, off, off + n);
	r->buf = p;
	r->len = n;
}

static uint64_t
rd_tell(const struct rd *r)
{
	return r->at + r->pos;
}

static uint64_t
rd_left(const struct rd *r)
{
	return r->end == RD_OPEN ? RD_OPEN : r->end - rd_tell(r);
}

static int
rd_fill(struct rd *r, size_t n)
{
	size_t have = r->len - r->pos, want;
	uint64_t next;
	ssize_t got;

	if (have >= n)
		return 1;
	if (r->fd < 0 || n > r->cap)
		return 0;
	if (r->pos) {
		memmove(r->wbuf, r->wbuf + r->pos, have);
		r->at += r->pos;
		r->pos = 0;
		r->len = have;
	}
	while (r->len - r->pos < n) {
		next = r->at + r->len;
		if (next >= r->end)
			break;
		want = r->cap - r->len;
		if (want > r->end - next)
			want = (size_t)(r->end - next);
		// a file's offsets are below 2^63 (st_size)
		got = read_at(r->fd, r->wbuf + r->len, want, r->seekable ?
		    (int64_t)next : -1);
		if (got < 0) {
			r->err = errno;
			break;
		}
		if (got == 0)
			break;
		r->len += (size_t)got;
	}
	return r->len - r->pos >= n;
}

static const unsigned char *
rd_peek(struct rd *r, size_t n)
{
	return rd_fill(r, n) ? r->buf + r->pos : NULL;
}

/* Skips n bytes; 0 if the window or the stream ended first. */
static int
rd_skip(struct rd *r, uint64_t n)
{
	size_t have = r->len - r->pos, k;

	if (n <= have) {
		r->pos += (size_t)n;
		return 1;
	}
	if (r->fd < 0) {
		r->pos = r->len;
		return 0;
	}
	n -= have;
	r->at += r->len;
	r->pos = r->len = 0;
	if (n > r->end - r->at) {
		r->at = r->end == RD_OPEN ? r->at : r->end;
		return 0;
	}
	if (r->seekable) {
		r->at += n;
		return 1;
	}
	for (; n; n -= k) {
		k = n < r->cap ? (size_t)n : r->cap;
		if (!rd_fill(r, k)) {
			r->pos = r->len;
			return 0;
		}
		r->pos += k;
	}
	return 1;
}

/* The next line, without its newline; one longer than cap - 1 bytes is
 * cut, its rest read as the next line.  0 at the end. */
static int
rd_line(struct rd *r, char *line, size_t cap)
{
	const unsigned char *p, *nl;
	size_t n = rd_left(r) < cap ? (size_t)rd_left(r) : cap - 1;

	if (!n || !(p = rd_peek(r, n)))
		return 0;
	nl = memchr(p, '\n', n);
	n = nl ? (size_t)(nl - p) : n;
	memcpy(line, p, n);
	line[n] = 0;
	rd_skip(r, n + (nl != NULL));
	return 1;
}

static int
rd_seek(struct rd *r, uint64_t off)
{
	if (off >= r->at && off - r->at <= r->len) {
		r->pos = (size_t)(off - r->at);
		return 1;
	}
	if (!r->seekable)
		return 0;
	r->at = off;
	r->pos = r->len = 0;
	return 1;
}

/* A perf_header_string (fmt §1.7), kept up to its NUL; *cut where dst
 * cannot hold it. */
static int
rd_string(struct rd *r, char *dst, size_t cap, int be, int *cut)
{
	const unsigned char *p = rd_peek(r, 4), *z;
	uint32_t len;
	size_t take;

	if (!p)
		return 0;
	len = get32(p, be);
	if (len > rd_left(r) - 4)
		return 0;
	rd_skip(r, 4);
	take = len < cap ? len : cap;
	if (!(p = rd_peek(r, take)))
		return 0;
	if ((z = memchr(p, 0, take)))
		take = (size_t)(z - p);
	*cut = take == cap;	// no NUL in the cap bytes dst could hold
	if (*cut)
		take--;
	memcpy(dst, p, take);
	dst[take] = 0;
	return rd_skip(r, len);
}

/* ==== 6. Object table ===================================================
 * One entry per (machine, name, build-ID), in the order first met, hashed
 * by (machine, name).
 */
enum {
	SRC_TABLE = 1,		/* HEADER_BUILD_ID feature section */
	SRC_RECORD = 2,		/* PERF_RECORD_HEADER_BUILD_ID (67) */
	SRC_MMAP2ID = 4,	/* MMAP2 carrying a build-ID */
	SRC_MMAP = 8,		/* any MMAP or MMAP2 */
	SRC_EXEC = 16		/* at least one executable mapping */
};

struct obj {
	uint32_t name;		/* in arena */
	union {
		uint32_t next;	/* while read: hash chain, index + 1 */
		uint32_t line;	/* then: its list line, offset + 1 */
	} u;
	uint32_t group;		/* index of the first entry of this path */
	uint32_t gnext;		/* next entry of the same path: index + 1 */
	int32_t machine;	/* -1 host, 0 default guest, > 0 guest pid */
	uint32_t maptime;	/* obj_maptime */
	uint64_t ino;		/* and maj, min, gen: obj_inode */
	uint32_t maj, min;
	uint32_t gen;		/* its ino_generation, 0 unknown */
	uint16_t namelen;
	uint8_t idlen;
	uint8_t src;
	uint8_t cpumode;
	uint8_t inodes;		/* seen: 0 none, 1 one, 2 inodes, 3 devices */
	uint8_t gsrc;		/* leader: the sources of the whole path */
	uint8_t hit;		/* HIT_*: its own maps' (path_hit) */
	unsigned char id[IDMAX];
};

#define OBJ_HASH (PERFMT_MAXOBJ + PERFMT_MAXOBJ / 2 + 1)
#define OBJ_OTHER PERFMT_MAXOBJ	/* objs[]: every name of another share */

/* The object table of a pass: the objects, their name hash chains and
 * the arena of their names. */
static struct {
	struct obj objs[PERFMT_MAXOBJ + 1];
	uint32_t obj_head[OBJ_HASH];
	uint32_t nobj;
	uint32_t obj_dropped;	/* records whose object found no room */
	char arena[PERFMT_ARENA];
	size_t arena_used;
	uint64_t map_base;	/* obj_maptime's: a second before its first */
} ot;

/* Equal up to zero padding: perf zero-pads short IDs (fmt §2.1). */
static int
id_same(const unsigned char *a, size_t alen, const unsigned char *b,
    size_t blen)
{
	size_t i, min = alen < blen ? alen : blen, max = alen + blen - min;
	const unsigned char *longer = alen < blen ? b : a;

	if (!alen || !blen)
		return alen == blen;
	if (memcmp(a, b, min))
		return 0;
	for (i = min; i < max; i++)
		if (longer[i])
			return 0;
	return 1;
}

static const char *
obj_name(const struct obj *o)
{
	return ot.arena + o->name;
}

static void
obj_set_id(struct obj *o, const unsigned char *id, size_t idlen)
{
	if (idlen)
		memcpy(o->id, id, idlen);
	o->idlen = (uint8_t)idlen;
}

/* The share of name hashes a pass takes, [part_lo, part_hi) (next_pass);
 * a part's pk of pn are section 10's pend_k of pend_n. */
#define PART_ALL ((uint64_t)1 << 32)
struct part {
	uint32_t pk, pn;
};

/* The passes over a profile whose objects do not fit the tables: one
 * that overflowed is read again for the lower half of its share of name
 * hashes, one that fit is followed by the next (part_width).  Each pass
 * must read the first pass's file, or it would give shares of two
 * profiles (pass_sig). */
static struct {
	uint64_t part_lo, part_hi;
	struct part parts[64];
	int nparts, npasses, nreads;
	int passes_ok;		/* plan.passes, and the input is read again */
	int others_mapped;	/* another share's maps go to OBJ_OTHER */
	uint32_t dropped_seen[1024];
	uint64_t pass_sig[2];	/* the first's file_sig, streams_sig */
	uint8_t hits_kept[PERFMT_MAXOBJ];	/* a share's, over its passes */
} ps;

static uint32_t
name_hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static void
obj_dropped_name(const char *name, size_t n)
{
	uint32_t h = name_hash(name, n) | 1, i, k;
	char buf[1100];

	for (i = 0, k = h % 1024; i < 1024; i++, k = (k + 1) % 1024) {
		if (ps.dropped_seen[k] == h)
			return;
		if (!ps.dropped_seen[k]) {
			ps.dropped_seen[k] = h;
			break;
		}
	}
	esc_into(buf, sizeof buf, name, n);
	msg(1, "not checked, the object table is full: %s", buf);
}

/* A table's name keeps its last ID, as perf's dso list (fmt §2.1) */
static struct obj *
obj_add(int32_t machine, const char *name, size_t n, const unsigned char *id,
    size_t idlen, unsigned src, unsigned cpumode)
{
	uint32_t nh = name_hash(name, n), h, i, group = ot.nobj;
	struct obj *o;

	// another share's maps take OBJ_OTHER: their samples wait for none
	if (nh < ps.part_lo || nh >= ps.part_hi)
		return ps.others_mapped ? &ot.objs[OBJ_OTHER] : NULL;
	h = (nh ^ (uint32_t)machine) % OBJ_HASH;
	for (i = ot.obj_head[h]; i; i = o->u.next) {
		o = &ot.objs[i - 1];
		if (o->machine != machine || o->namelen != n ||
		    memcmp(obj_name(o), name, n))
			continue;
		group = o->group;
		// a table's entry the table names again, or one of this ID
		if (!((src & SRC_TABLE) && (o->src & SRC_TABLE)) &&
		    !id_same(o->id, o->idlen, id, idlen))
			continue;
		// list shows the table's ID, else a build-ID record's
		if ((src & SRC_TABLE) || ((src & SRC_RECORD) &&
		    !(o->src & SRC_TABLE)))
			obj_set_id(o, id, idlen);
		o->src |= (uint8_t)src;
		ot.objs[o->group].gsrc |= (uint8_t)src;
		return o;
	}
	if (ot.nobj == PERFMT_MAXOBJ || n > 65535 ||
	    n + 1 > sizeof ot.arena - ot.arena_used) {
		if (!ot.obj_dropped++ && !ps.passes_ok)
			msg(1, "object table full (%u objects, %u name bytes): "
			    "the rest are not kept; give the profile as a "
			    "file, or build with more PERFMT_MAXOBJ, "
			    "PERFMT_ARENA", PERFMT_MAXOBJ, PERFMT_ARENA);
		if (!ps.passes_ok)
			obj_dropped_name(name, n);
		return NULL;
	}
	o = &ot.objs[ot.nobj];
	*o = (struct obj){ .name = (uint32_t)ot.arena_used,
	    .u.next = ot.obj_head[h], .group = group, .machine = machine,
	    .namelen = (uint16_t)n, .src = (uint8_t)src,
	    .cpumode = (uint8_t)cpumode };
	memcpy(ot.arena + ot.arena_used, name, n);
	ot.arena[ot.arena_used + n] = 0;
	ot.arena_used += n + 1;
	obj_set_id(o, id, idlen);
	ot.objs[group].gsrc |= (uint8_t)src;
	if (group != ot.nobj) {
		o->gnext = ot.objs[group].gnext;
		ot.objs[group].gnext = ot.nobj + 1;
	}
	ot.obj_head[h] = ++ot.nobj;
	return o;
}

/* o's earliest mapping time, in 1024 ns steps after map_base, plus
 * 1, rounded down; 1 for no time or one out of range; 0 none.  map_base is
 * a second before the first time met, or SAMPLE_TIME's first if earlier:
 * an idle CPU's records reach the file a second and more late. */
static void
obj_maptime(struct obj *o, uint64_t t, uint64_t first)
{
	uint64_t d = 0, b = t;
	uint32_t v = 1;

	if (!o)
		return;
	if (first && first < t && t - first < (uint64_t)1 << 41)
		b = first;
	if (t && !ot.map_base)
		ot.map_base = b > 1000000000 ? b - 1000000000 : 1;
	if (t >= ot.map_base && (d = (t - ot.map_base) >> 10) < UINT32_MAX - 1)
		v = (uint32_t)d + 1;
	if (!o->maptime || v < o->maptime)
		o->maptime = v;
}

/* Another inode, or generation (a rebuilt file took the number); 0, of
 * perf's synthesized records, is unknown. */
static int
ino_other(uint64_t a, uint32_t agen, uint64_t b, uint32_t bgen)
{
	return a != b || (agen && bgen && agen != bgen);
}

/* Another inode on the device: replaced while perf recorded (inodes 2).
 * Another device: another mount namespace's file (3, unless 2); the one
 * kept is the earliest in time, as records come out of time order. */
static void
obj_inode(struct obj *o, uint32_t maj, uint32_t min, uint64_t ino,
    uint32_t gen, int earlier)
{
	if (!o || !ino)
		return;
	if (o->inodes && (o->maj != maj || o->min != min)) {
		if (o->inodes == 1)
			o->inodes = 3;
		if (!earlier)
			return;
	} else if (o->inodes) {
		if (ino_other(o->ino, o->gen, ino, gen))
			o->inodes = 2;
		else if (!o->gen)
			o->gen = gen;
		return;
	} else {
		o->inodes = 1;
	}
	o->maj = maj;
	o->min = min;
	o->ino = ino;
	o->gen = gen;
}

/* ==== 7. perf.data: header and attributes ===============================
 * fmt §1.2-1.4.  Offsets in messages count from the file's or pipe's start.
 */
enum { MODE_FILE, MODE_PIPE, MODE_DIR };

/* perf_event_attr.sample_type bits (uapi) */
#define S_IP		(1u << 0)
#define S_TID		(1u << 1)
#define S_TIME		(1u << 2)
#define S_ADDR		(1u << 3)
#define S_ID		(1u << 6)
#define S_IDENTIFIER	(1u << 16)

#define S_READ		(1u << 4)
#define S_CALLCHAIN	(1u << 5)
#define S_CPU		(1u << 7)
#define S_PERIOD	(1u << 8)
#define S_STREAM_ID	(1u << 9)
#define S_BRANCH_STACK	(1u << 11)
#define S_STACK_USER	(1u << 13)

/* perf_event_attr.read_format bits */
#define RF_ENABLED	1
#define RF_RUNNING	2
#define RF_ID		4
#define RF_GROUP	8
#define RF_LOST		16

/* perf_event_attr flag bits, in the little-endian numbering */
#define F_SAMPLE_ID_ALL	18
#define F_USE_CLOCKID	25
#define F_BUILD_ID	34

/* pf.clock of events on several clocks, or of -k's clock not written */
#define CLOCK_MIXED	UINT32_MAX

#define MISC_CPUMODE		7
#define MISC_KERNEL		1
#define MISC_USER		2
#define MISC_GUEST_KERNEL	4
#define MISC_GUEST_USER		5
#define MISC_MMAP_DATA		0x2000	/* MMAP*; COMM_EXEC for COMM */
#define MISC_COMM_EXEC		0x2000
#define MISC_MMAP_BUILD_ID	0x4000
#define MISC_BUILD_ID_SIZE	0x8000

/* record types (fmt §3.2, §3.8) */
#define R_MMAP		1
#define R_COMM		3
#define R_EXIT		4
#define R_FORK		7
#define R_SAMPLE	9
#define R_MMAP2		10
#define R_ATTR		64
#define R_EVENT_TYPE	65
#define R_TRACING_DATA	66
#define R_BUILD_ID	67
#define R_FINISHED_ROUND 68
#define R_AUXTRACE	71
#define R_FEATURE	80
#define R_COMPRESSED	81
#define R_COMPRESSED2	83
#define R_SIMPLEPERF	32768	/* simpleperf's own types start here */

/* feature bits (fmt §1.7) */
#define FT_BUILD_ID	2
#define FT_HOSTNAME	3
#define FT_OSRELEASE	4
#define FT_VERSION	5
#define FT_ARCH		6
#define FT_NRCPUS	7
#define FT_CPUDESC	8
#define FT_CPUID	9
#define FT_TOTAL_MEM	10
#define FT_CMDLINE	11
#define FT_EVENT_DESC	12
#define FT_SAMPLE_TIME	21
#define FT_CLOCKID	23
#define FT_DIR_FORMAT	24
#define FT_COMPRESSED	27
#define FT_CLOCK_DATA	29
#define FT_LAST_61	32	/* end marker of perf <= 6.1x pipes */

struct attr {
	uint64_t sample_type, flags, config, read_format;
	uint32_t type, nids;
	/* offsets in a SAMPLE (fmt §3.7); -1 absent; cc_off -2: after a
	 * group READ, of variable size */
	int ip_off, tid_off, time_off, read_off, cc_off;
	char name[64];
};

struct typecount {
	uint32_t type;
	uint64_t n;
};

static struct pf {
	const char *path;
	const char *cur;	/* file being read, for messages */
	int fd, be, mode, legacy;
	uint64_t fsize;		/* of the file being read; 0 for a pipe */
	int64_t mtime;		/* of the perf.data (ns), 0 if unknown */
	int64_t btime;		/* its birth time (ns), if has_btime */
	int64_t time_slack;	/* the mtime's resolution, for the two */
	int has_btime;
	int rewritten;		/* btime is the one perfmt inject kept */
	uint64_t file_sig;	/* stream_sig as opened; 0 for a pipe */
	uint64_t hdr_size, attr_size, attrs_off, attrs_size;
	uint64_t data_off, data_size;
	uint64_t meta_lo, meta_hi;	/* ids and attrs, where they touch */
	uint64_t feat[4];	/* feature bitmap (file) or features seen (pipe) */
	int unfinished;		/* data.size 0: a killed perf record's */
	uint32_t clock;		/* 0 perf's own, else -k's clockid + 1 */
	int bitmap32;		/* the bitmap is u32 words (fmt §4) */
	uint64_t walk_end;
	uint64_t vdso_low;	/* [vdso] maps below 4 GiB (32-bit processes) */
	uint64_t vdso_high;	/* and above */
	uint64_t feat_swapped;	/* strings found in the other byte order */
	int features_read;

	struct attr attrs[PERFMT_MAXATTR];
	uint32_t nattr, attr_dropped;
	int same_layout;	/* all attrs share one sample_type */
	uint64_t id_key[PERFMT_MAXID];
	uint16_t id_attr[PERFMT_MAXID];	/* attr index + 1; 0: free */

	char hostname[STRMAX], osrelease[STRMAX], version[STRMAX];
	char arch[STRMAX], cpudesc[STRMAX], cpuid[STRMAX];
	char cmdline[CMDMAX];
	int cmdline_cut;
	uint32_t cpus_avail, cpus_online;
	uint64_t total_mem;
	uint64_t sample_first, sample_last;	/* SAMPLE_TIME, ns */
	uint64_t clock_res;			/* CLOCKID, ns */
	uint32_t clock_ver, clock_id;		/* CLOCK_DATA */
	uint64_t clock_tod, clock_ns;
	int has_clock_data;
	uint64_t dir_version;
	uint32_t z_type, z_level, z_mmap_len;

	uint64_t nrec, recbytes;
	uint64_t type_n[128];
	struct typecount other[32];
	uint32_t nother;
	uint64_t other_dropped;
	uint64_t t_first, t_last, n_timed;	/* sample times seen */
	uint64_t r_first, r_last;	/* other records' times (sample_id_all) */
	uint64_t z_records, z_bytes, aux_bytes, tracing_bytes;
	uint64_t z_out, z_recs;	/* bytes and records decoded from them */
	uint64_t n_table, n_bidrec, n_mmapid, n_bid_ignored;
	uint64_t n_mmap, n_mmap_exec;
	uint32_t nstreams;
	uint64_t stream_bytes;
	uint64_t streams_sig;	/* stream_sig of the data.N read */

	struct {
		int level;
		char text[320];
	} damage[MAXDAMAGE];
	uint32_t ndamage, damage_more;
} pf;

static const char *
pf_shown(void)
{
	return strcmp(pf.path, "-") ? pf.path : "<stdin>";
}

enum { HITS_NONE, HITS_SAMPLE, HITS_CALLCHAIN };

/* What a command reads of a profile, set by read_plan (section 16) before
 * the first byte: hits, the scope's samples; times, every sample's time;
 * span, the records' first and last times; data_maps, non-code mappings
 * without a build-ID, most of a dwarf profile's MMAP2s (fmt §3.4), kept
 * only where shown; passes, the objects may be reported a share at a
 * time. */
static struct {
	int hits, times, span, data_maps, passes;
} plan = { HITS_NONE, 1, 0, 1, 0 };

/* A copy that kept the mtime (cp -p, tar, rsync).  The slack comes off
 * btime, a real date, as the mtime may be saturated (ts_ns). */
static int
born_after(void)
{
	return pf.has_btime && pf.btime - pf.time_slack > pf.mtime;
}

/* Asked as records come: a pipe's features arrive among them. */
static int
want_times(void)
{
	return plan.times || (pf.has_clock_data && !pf.sample_last) ||
	    (plan.span && !pf.has_clock_data && pf.has_btime && !born_after());
}

static int
want_samples(void)
{
	return plan.hits || want_times();
}

/* Said at once, and kept for `header`. */
static void
damage(int level, uint64_t off, const char *fmt, ...)
{
	char text[200];
	va_list ap;
	int n = 0;

	if (off != NOPOS)
		n = snprintf(text, sizeof text, "offset %#" PRIx64 ": ", off);
	va_start(ap, fmt);
	vsnprintf(text + n, sizeof text - (size_t)n, fmt, ap);
	va_end(ap);
	msg(level, "%s: %s", esc(pf.cur), text);
	if (pf.ndamage < MAXDAMAGE) {
		pf.damage[pf.ndamage].level = level;
		snprintf(pf.damage[pf.ndamage++].text, sizeof pf.damage[0].text,
		    "%.100s%s%s", strcmp(pf.cur, pf.path) ? pf.cur : "",
		    strcmp(pf.cur, pf.path) ? ": " : "", text);
	} else {
		pf.damage_more++;
	}
}

/* fmt §4: a big-endian writer's flag bits are reversed */
static uint64_t
attr_flags(const unsigned char *p, int be)
{
	uint64_t v = get64(p, be), r = 0;
	int i;

	if (!be)
		return v;
	for (i = 0; i < 64; i++)
		if (v >> (63 - i) & 1)
			r |= (uint64_t)1 << i;
	return r;
}

/* Unbounded, a full table costs PERFMT_MAXID probes an id
 * (tests/data/fuzz/perf-ids-overlap): past ID_PROBES an id is dropped. */
#define ID_PROBES (PERFMT_MAXID < 64 ? PERFMT_MAXID : 64)

static int
id_slot(uint64_t id)
{
	uint32_t h = (uint32_t)((id * 0x9e3779b97f4a7c15ull) >> 40) % PERFMT_MAXID;
	uint32_t i;

	for (i = 0; i < ID_PROBES; i++, h = (h + 1) % PERFMT_MAXID)
		if (!pf.id_attr[h] || pf.id_key[h] == id)
			return (int)h;
	return -1;
}

static void
id_map(uint64_t id, uint32_t attr)
{
	int h = id_slot(id);

	if (h >= 0) {
		pf.id_key[h] = id;
		pf.id_attr[h] = (uint16_t)(attr + 1);
	}
}

static const struct attr *
id_find(uint64_t id)
{
	int h = id_slot(id);

	return h >= 0 && pf.id_attr[h] ? &pf.attrs[pf.id_attr[h] - 1] : NULL;
}

/* fmt §3.7 */
static void
attr_layout(struct attr *a)
{
	uint64_t st = a->sample_type, rf = a->read_format;
	int off = 8;

	off += st & S_IDENTIFIER ? 8 : 0;
	a->ip_off = st & S_IP ? off : -1;
	off += st & S_IP ? 8 : 0;
	a->tid_off = st & S_TID ? off : -1;
	off += st & S_TID ? 8 : 0;
	a->time_off = st & S_TIME ? off : -1;
	off += st & S_TIME ? 8 : 0;
	off += 8 * popcount64(st & (S_ADDR | S_ID | S_STREAM_ID | S_CPU |
	    S_PERIOD));
	a->read_off = st & S_READ ? off : -1;
	if (st & S_READ) {
		if (rf & RF_GROUP)
			off = -2;
		else
			off += 8 + 8 * popcount64(rf & (RF_ENABLED | RF_RUNNING |
			    RF_ID | RF_LOST));
	}
	a->cc_off = st & S_CALLCHAIN ? off : -1;
}

static int
attr_add(const unsigned char *p, size_t n, uint64_t off)
{
	struct attr *a;
	uint32_t c;

	if (n < 64) {	// PERF_ATTR_SIZE_VER0, fmt §1.4
		damage(2, off, "event attribute of %zu bytes, expected at "
		    "least 64", n);
		return -1;
	}
	if (pf.nattr == PERFMT_MAXATTR) {
		if (!pf.attr_dropped++)
			msg(1, "%s: more than %d events; sample times use the "
			    "first %d", esc(pf.cur), PERFMT_MAXATTR,
			    PERFMT_MAXATTR);
		return -1;
	}
	a = &pf.attrs[pf.nattr];
	memset(a, 0, sizeof *a);
	a->type = get32(p, pf.be);
	a->config = get64(p + 8, pf.be);
	a->sample_type = get64(p + 24, pf.be);
	a->read_format = get64(p + 32, pf.be);
	a->flags = attr_flags(p + 40, pf.be);
	// clockid at 92 (PERF_ATTR_SIZE_VER3 and on)
	c = !(a->flags >> F_USE_CLOCKID & 1) ? 0 : n < 96 ||
	    get32(p + 92, pf.be) >= CLOCK_MIXED - 1 ? CLOCK_MIXED :
	    get32(p + 92, pf.be) + 1;
	pf.clock = pf.nattr && pf.clock != c ? CLOCK_MIXED : c;
	attr_layout(a);
	pf.same_layout = !pf.nattr ||
	    (pf.same_layout && a->sample_type == pf.attrs[0].sample_type);
	return (int)pf.nattr++;
}

static void
attr_ids(int ai, const unsigned char *p, uint64_t n)
{
	uint64_t i;

	if (ai < 0)
		return;
	for (i = 0; i < n; i++)
		id_map(get64(p + 8 * i, pf.be), (uint32_t)ai);
	pf.attrs[ai].nids += (uint32_t)n;
}

#define ATTR_ABI_MAX 136	/* the newest perf_event_attr (fmt §1.4) */

/* A pipe's attr's size in a file: the smallest ABI size that holds all but
 * its trailing zeros, as perf refuses a file's attrs larger than its own
 * struct and reads what an attr leaves out as zeros. */
static uint32_t
attr_fit(const unsigned char *a, uint32_t asz)
{
	static const unsigned char abi[] = { 64, 72, 80, 96, 104, 112, 120,
	    128, ATTR_ABI_MAX };
	uint32_t n = asz;
	unsigned i;

	while (n > 0 && !a[n - 1])
		n--;
	for (i = 0; i < sizeof abi / sizeof *abi; i++)
		if (abi[i] >= n)
			return abi[i] < asz ? abi[i] : asz;
	return asz;
}

/* The ids and attrs, together where they touch (pf_file_data) */
static void
meta_span(uint64_t off, uint64_t size)
{
	if (!size)
		return;
	if (pf.meta_hi && (off + size < pf.meta_lo || off > pf.meta_hi)) {
		if (off > pf.meta_lo)
			return;	// keep the first run
		pf.meta_hi = 0;
	}
	if (!pf.meta_hi || off < pf.meta_lo)
		pf.meta_lo = off;
	if (!pf.meta_hi || off + size > pf.meta_hi)
		pf.meta_hi = off + size;
}

/* fmt §1.4 */
static int
read_attrs(unsigned char *buf, size_t cap)
{
	struct rd r, ids;
	const unsigned char *p, *q;
	uint64_t nr, i, ioff, isize, idbytes = 0;
	int ai, overlap = 0;

	if (pf.attr_size < 64 + 16 || pf.attr_size > 65536) {
		damage(2, 16, "attribute size %" PRIu64 ", expected 80 to 65536",
		    pf.attr_size);
		return 0;
	}
	nr = pf.attrs_size / pf.attr_size;
	meta_span(pf.attrs_off, pf.attrs_size);
	if (pf.attrs_size % pf.attr_size)
		damage(1, 32, "attrs section of %" PRIu64 " bytes is not a "
		    "multiple of the attribute size %" PRIu64, pf.attrs_size,
		    pf.attr_size);
	rd_file(&r, pf.fd, 1, buf, cap, pf.attrs_off, pf.attrs_off +
	    nr * pf.attr_size);
	for (i = 0; i < nr; i++) {
		if (!(p = rd_peek(&r, (size_t)pf.attr_size))) {
			damage(2, rd_tell(&r), "event attribute %" PRIu64
			    " is cut short by the end of the file", i);
			return 0;
		}
		ai = attr_add(p, (size_t)pf.attr_size - 16, rd_tell(&r));
		ioff = get64(p + pf.attr_size - 16, pf.be);
		isize = get64(p + pf.attr_size - 8, pf.be);
		meta_span(ioff, isize);
		if (ioff > pf.fsize || isize > pf.fsize - ioff) {
			damage(2, rd_tell(&r), "ids of event %" PRIu64 " at %#"
			    PRIx64 " (%" PRIu64 " bytes) lie past the end of "
			    "the file", i, ioff, isize);
			isize = 0;
		}
		// id arrays that add up to more than the file overlap: perf
		// writes them one after another, and each is read once
		if (isize > pf.fsize - idbytes) {
			if (!overlap++)
				damage(2, rd_tell(&r), "ids of event %" PRIu64
				    " at %#" PRIx64 " (%" PRIu64 " bytes) and "
				    "those before them add up to more than the "
				    "file: overlapping id arrays not read", i,
				    ioff, isize);
			isize = 0;
		}
		idbytes += isize;
		if (ai < 0)
			isize = 0;	// an event not kept
		rd_file(&ids, pf.fd, 1, bufs.tab, sizeof bufs.tab, ioff,
		    ioff + isize / 8 * 8);
		while ((q = rd_peek(&ids, 8)) != NULL) {
			attr_ids(ai, q, 1);
			rd_skip(&ids, 8);
		}
		rd_skip(&r, pf.attr_size);
	}
	return 1;
}

/* ==== 8. perf.data: feature sections ====================================
 * fmt §1.6-1.7; a pipe's arrive as HEADER_FEATURE records (§1.8).
 */
static const char feat_names[][NAMEW] = {
	[1] = "TRACING_DATA", "BUILD_ID", "HOSTNAME", "OSRELEASE", "VERSION",
	"ARCH", "NRCPUS", "CPUDESC", "CPUID", "TOTAL_MEM", "CMDLINE",
	"EVENT_DESC", "CPU_TOPOLOGY", "NUMA_TOPOLOGY", "BRANCH_STACK",
	"PMU_MAPPINGS", "GROUP_DESC", "AUXTRACE", "STAT", "CACHE",
	"SAMPLE_TIME", "MEM_TOPOLOGY", "CLOCKID", "DIR_FORMAT",
	"BPF_PROG_INFO", "BPF_BTF", "COMPRESSED", "CPU_PMU_CAPS",
	"CLOCK_DATA", "HYBRID_TOPOLOGY", "PMU_CAPS", "CPU_DOMAIN_INFO"
};

/* simpleperf's, from 128 */
static const char sp_feat_names[][NAMEW] = {
	"SP_FILE", "SP_META_INFO", "SP_DEBUG_UNWIND", "SP_DEBUG_UNWIND_FILE",
	"SP_FILE2", "SP_ETM_BRANCH_LIST"
};

static const char *
feat_name(unsigned bit)
{
	static const struct names t[] = { { feat_names, 0, sizeof feat_names /
	    sizeof *feat_names }, { sp_feat_names, 128, sizeof sp_feat_names /
	    sizeof *sp_feat_names } };

	return tab_name(t, 2, bit, "feature");
}

static int
feat_has(unsigned bit)
{
	return bit < 256 && (pf.feat[bit / 64] >> (bit % 64) & 1);
}

/* perf inject -b's name of the vDSO, shown as perf shows it (fmt §2.1) */
static size_t
vdso_temp_name(const unsigned char *s, size_t n, const unsigned char **out)
{
	static const char tmp[3][22] = { "/tmp/perf-vdso.so-",
		"/tmp/perf-vdso32.so-", "/tmp/perf-vdsox32.so-" };
	static const char as[3][10] = { "[vdso]", "[vdso32]", "[vdsox32]" };
	size_t i, k;

	for (i = 0; i < 3; i++) {
		k = strlen(tmp[i]);
		if (n == k + 6 && !memcmp(s, tmp[i], k)) {
			*out = (const unsigned char *)as[i];
			return strlen(as[i]);
		}
	}
	return n;
}

/* One build-ID entry (fmt §2.1; old_abi: §2.4) */
static void
bid_entry(const unsigned char *p, size_t size, int old_abi, unsigned src,
    uint64_t off)
{
	uint16_t misc = get16(p + 4, pf.be);
	unsigned cpumode = misc & MISC_CPUMODE;
	size_t nameoff = old_abi ? 32 : 36, idlen = IDMAX;
	const unsigned char *name = p + nameoff, *z;
	int32_t machine;
	size_t n;

	if (old_abi)
		machine = misc == MISC_GUEST_USER || misc == MISC_GUEST_KERNEL ?
		    0 : -1;
	else
		machine = (int32_t)get32(p + 8, pf.be);
	if (!old_abi && (misc & MISC_BUILD_ID_SIZE)) {
		idlen = p[32];
		if (idlen > IDMAX) {
			damage(1, off, "build-ID size %zu is over 20; using 20",
			    idlen);
			idlen = IDMAX;
		}
	}
	if (!(z = memchr(name, 0, size - nameoff))) {
		damage(2, off, "build-ID entry: file name not terminated within "
		    "its %zu bytes", size);
		return;
	}
	// fmt §2.1: perf skips other cpumodes
	if (cpumode != MISC_KERNEL && cpumode != MISC_USER &&
	    cpumode != MISC_GUEST_KERNEL && cpumode != MISC_GUEST_USER) {
		pf.n_bid_ignored++;
		return;
	}
	if (src == SRC_TABLE)
		pf.n_table++;
	else
		pf.n_bidrec++;
	n = vdso_temp_name(name, (size_t)(z - name), &name);
	obj_add(machine, (const char *)name, n, p + (old_abi ? 8 : 12), idlen,
	    src, cpumode);
}

static int
all_zero(const unsigned char *p, size_t n)
{
	while (n--)
		if (*p++)
			return 0;
	return 1;
}

/* A BUILD_ID section, by each entry's size (fmt §2.1).  dry: only whether
 * it is in the old layout, by perf's test (fmt §2.4). */
static int
bid_walk(struct rd *r, int old_abi, int dry)
{
	size_t hdr = old_abi ? 32 : 36;
	const unsigned char *p;
	uint64_t off;
	unsigned size;
	int zeros = 0;

	while (rd_left(r) > 0) {
		off = rd_tell(r);
		if (rd_left(r) < hdr) {
			p = rd_peek(r, (size_t)rd_left(r));
			if (!dry && !(p && all_zero(p, (size_t)rd_left(r))))
				damage(2, off, "%" PRIu64 " stray bytes at the end "
				    "of the build-ID table", rd_left(r));
			return 0;
		}
		if (!(p = rd_peek(r, hdr))) {
			if (!dry)
				damage(1, off, "build-ID table cut short by the "
				    "end of the file");
			return 0;
		}
		size = get16(p + 6, pf.be);
		if (size < hdr && all_zero(p, hdr)) {	// perf 6.12.0's
			if (!dry && !zeros++)
				damage(1, off, "zero bytes between build-ID "
				    "entries (perf 6.12.0 wrote these); "
				    "skipped");
			rd_skip(r, hdr);
			continue;
		}
		if (size < hdr || size > rd_left(r)) {
			if (!dry)
				damage(2, off, "build-ID entry of %u bytes, "
				    "expected %zu to %" PRIu64, size, hdr,
				    rd_left(r));
			return 0;
		}
		if (!(p = rd_peek(r, size)))
			return 0;
		if (dry && !old_abi && !memcmp(p + 36, "nel.kallsyms]",
		    size - 36 < 13 ? size - 36 : 13))
			return size - 36 >= 13;
		if (!dry)
			bid_entry(p, size, old_abi, SRC_TABLE, off);
		rd_skip(r, size);
	}
	return 0;
}

static void
feat_build_id(struct rd *r)
{
	uint64_t start = rd_tell(r);
	int old_abi = bid_walk(r, 0, 1);

	if (!rd_seek(r, start))
		return;
	bid_walk(r, old_abi, 0);
}

/* perf inject copies some sections unswapped (fmt §4): a string whose
 * length fits only in the other byte order is read so, and said. */
static void
feat_string(struct rd *r, unsigned feat, char *dst, size_t cap)
{
	uint64_t off = rd_tell(r);
	int cut = 0;

	if (!rd_string(r, dst, cap, pf.be, &cut)) {
		if (!rd_seek(r, off) || !rd_string(r, dst, cap, !pf.be, &cut)) {
			damage(2, off, "%s section holds no valid string",
			    feat_name(feat));
			return;
		}
		pf.feat_swapped |= (uint64_t)1 << feat;
	}
	if (cut)
		damage(0, off, "%s string longer than %zu bytes; cut",
		    feat_name(feat), cap - 1);
}

static void
feat_cmdline(struct rd *r, const unsigned char *p)
{
	uint64_t off = rd_tell(r);
	uint32_t nr, i;
	size_t used = 0;
	char arg[CMDMAX];
	int cut;

	nr = get32(p, pf.be);
	rd_skip(r, 4);
	for (i = 0; i < nr; i++) {
		if (!rd_string(r, arg, sizeof arg, pf.be, &cut)) {
			damage(2, off, "CMDLINE section: argument %u of %u is "
			    "missing or runs past the section", i, nr);
			return;
		}
		if (used + strlen(arg) + 2 > sizeof pf.cmdline || cut) {
			pf.cmdline_cut = 1;
			break;
		}
		used += (size_t)snprintf(pf.cmdline + used,
		    sizeof pf.cmdline - used, "%s%s", i ? " " : "", arg);
	}
}

/* only the names are kept */
static void
feat_event_desc(struct rd *r, const unsigned char *p)
{
	uint64_t off = rd_tell(r);
	uint32_t nr, asz, nids, i;
	char name[64];
	int cut;

	nr = get32(p, pf.be);
	asz = get32(p + 4, pf.be);
	rd_skip(r, 8);
	for (i = 0; i < nr; i++) {
		if (!rd_skip(r, asz) || !(p = rd_peek(r, 4)))
			break;
		nids = get32(p, pf.be);
		rd_skip(r, 4);
		if (!rd_string(r, name, sizeof name, pf.be, &cut) ||
		    !rd_skip(r, (uint64_t)nids * 8))
			break;
		if (i < pf.nattr)
			memcpy(pf.attrs[i].name, name, sizeof name);
	}
	if (i < nr)
		damage(2, off, "EVENT_DESC section: event %u of %u runs past "
		    "the section", i, nr);
}

/* Fixed-size payloads: fmt §1.7 */
static void
feat_fixed(unsigned feat, const unsigned char *p)
{
	static const struct {
		unsigned char feat, at, size;
		void *field;
	} f[] = {
		{ FT_NRCPUS, 0, 4, &pf.cpus_avail },
		{ FT_NRCPUS, 4, 4, &pf.cpus_online },
		{ FT_TOTAL_MEM, 0, 8, &pf.total_mem },
		{ FT_SAMPLE_TIME, 0, 8, &pf.sample_first },
		{ FT_SAMPLE_TIME, 8, 8, &pf.sample_last },
		{ FT_CLOCKID, 0, 8, &pf.clock_res },
		{ FT_DIR_FORMAT, 0, 8, &pf.dir_version },
		{ FT_COMPRESSED, 4, 4, &pf.z_type },
		{ FT_COMPRESSED, 8, 4, &pf.z_level },
		{ FT_COMPRESSED, 16, 4, &pf.z_mmap_len },
		{ FT_CLOCK_DATA, 0, 4, &pf.clock_ver },
		{ FT_CLOCK_DATA, 4, 4, &pf.clock_id },
		{ FT_CLOCK_DATA, 8, 8, &pf.clock_tod },
		{ FT_CLOCK_DATA, 16, 8, &pf.clock_ns }
	};
	// sections perf inject copies unswapped follow the strings' order
	int be = pf.feat_swapped && feat != FT_SAMPLE_TIME ? !pf.be : pf.be;
	unsigned i;

	for (i = 0; i < sizeof f / sizeof *f; i++) {
		if (f[i].feat != feat)
			continue;
		if (f[i].size == 4)
			*(uint32_t *)f[i].field = get32(p + f[i].at, be);
		else
			*(uint64_t *)f[i].field = get64(p + f[i].at, be);
	}
	pf.has_clock_data |= feat == FT_CLOCK_DATA;
}

/* need[]: the bytes a layout (fmt §1.7) begins with; the one place a
 * section too short for it is caught. */
static void
feat_parse(unsigned feat, struct rd *r)
{
	static const struct {
		char *s;
		size_t cap;
	} str[] = {
		[FT_HOSTNAME] = { pf.hostname, sizeof pf.hostname },
		[FT_OSRELEASE] = { pf.osrelease, sizeof pf.osrelease },
		[FT_VERSION] = { pf.version, sizeof pf.version },
		[FT_ARCH] = { pf.arch, sizeof pf.arch },
		[FT_CPUDESC] = { pf.cpudesc, sizeof pf.cpudesc },
		[FT_CPUID] = { pf.cpuid, sizeof pf.cpuid }
	};
	static const unsigned char need[FT_CLOCK_DATA + 1] = {
		[FT_NRCPUS] = 8, [FT_TOTAL_MEM] = 8, [FT_CMDLINE] = 4,
		[FT_EVENT_DESC] = 8, [FT_SAMPLE_TIME] = 16, [FT_CLOCKID] = 8,
		[FT_DIR_FORMAT] = 8, [FT_COMPRESSED] = 20, [FT_CLOCK_DATA] = 24
	};
	const unsigned char *p;

	if (feat == FT_BUILD_ID)
		feat_build_id(r);
	else if (feat < sizeof str / sizeof *str && str[feat].s)
		feat_string(r, feat, str[feat].s, str[feat].cap);
	else if (feat >= sizeof need || !need[feat])
		return;		// a section perfmt does not read
	else if (!(p = rd_peek(r, need[feat])))
		damage(2, rd_tell(r), "%s section of %" PRIu64 " bytes is too "
		    "short (%u expected)", feat_name(feat), rd_left(r),
		    (unsigned)need[feat]);
	else if (feat == FT_CMDLINE)
		feat_cmdline(r, p);
	else if (feat == FT_EVENT_DESC)
		feat_event_desc(r, p);
	else
		feat_fixed(feat, p);
}

static void
read_features(void)
{
	uint64_t at, off, size;
	const unsigned char *p;
	struct rd t, s;
	unsigned bit;

	rd_file(&t, pf.fd, 1, bufs.tab, sizeof bufs.tab, pf.data_off +
	    pf.data_size, pf.fsize);
	for (bit = 0; bit < 256; bit++) {
		if (!feat_has(bit))
			continue;
		at = rd_tell(&t);
		if (!(p = rd_peek(&t, 16))) {
			damage(1, at, "feature table cut short by the end of "
			    "the file: %s and later sections lost",
			    feat_name(bit));
			return;
		}
		off = get64(p, pf.be);
		size = get64(p + 8, pf.be);
		rd_skip(&t, 16);
		if (off > pf.fsize || size > pf.fsize - off) {
			damage(1, at, "%s section at %#" PRIx64 " (%" PRIu64
			    " bytes) lies past the end of the file",
			    feat_name(bit), off, size);
			continue;
		}
		rd_file(&s, pf.fd, 1, bufs.feat, sizeof bufs.feat, off,
		    off + size);
		feat_parse(bit, &s);
	}
	pf.features_read = 1;
	if (pf.feat_swapped)
		damage(0, NOPOS, "some feature sections are %s-endian in this "
		    "%s-endian file, as perf inject copies them; read that way",
		    pf.be ? "little" : "big", pf.be ? "big" : "little");
}

/* ==== 9. zstd decoder (RFC 8878) ========================================
 * perf record -z writes one zstd stream per data file, cut into COMPRESSED
 * (81) and COMPRESSED2 (83) records wherever it flushed: a block may lie
 * across records and a perf record across blocks.  So the decoder takes
 * the stream in pieces of any size and hands back the output in pieces of
 * any size, in fixed memory (the static struct zs: PERFMT_ZWINDOW and
 * about 400 KiB).
 *
 *   zs_reset()       start a new stream; forgets any error.
 *   zs_feed(in, n)   take up to n more compressed bytes; returns how many
 *                    it took, or -1 on error.  It takes fewer than n only
 *                    when output is waiting (or n > 2^30): call zs_read()
 *                    until it returns 0, then feed the rest.  With
 *                    nothing waiting it takes at least one byte.
 *   zs_read(out, n)  copy up to n bytes of output; returns the count, 0
 *                    when nothing is waiting or after an error.
 *   zs_finish()      the stream has ended: 0 between frames, 1 between
 *                    blocks of an unfinished frame (as perf leaves it),
 *                    else -1 and an error naming where it was cut.
 *   zs_error()       NULL, or the first error, "offset 0x1234: ...", the
 *                    offset counted from the first byte after zs_reset().
 * After an error every call fails until zs_reset().  The rest of the
 * section is private to it.
 *
 * Subset: every frame the reference encoder writes (§3.1.1), checksums
 * checked, skippable frames (§3.1.2).  Refused with a message:
 * dictionaries, matches further back than PERFMT_ZWINDOW, legacy frames.
 */
#ifndef PERFMT_ZWINDOW
#define PERFMT_ZWINDOW (1024 * 1024)	/* the zstd history kept */
#endif
#if PERFMT_ZWINDOW < 1024
#error "PERFMT_ZWINDOW must be at least 1 KiB, the smallest zstd window"
#endif

#define ZS_BLOCK (128 * 1024)	/* §3.1.1.2.4: Block_Maximum_Size cap */
#define ZS_SLACK 32		/* wild 16-byte copies may overrun this much */
/* the window or the undrained output, whichever is larger, and room for
 * one more block and its wild copies */
#define ZS_RING ((size_t)PERFMT_ZWINDOW + ZS_BLOCK + 64)
#define ZS_MAGIC 0xFD2FB528u	/* §3.1.1 */
#define ZS_HUFBITS 11		/* §4.2.1: Max_Number_of_Bits */

/* what the next unit of input is */
enum { ZS_MAGICWAIT, ZS_FHDR1, ZS_FHDR2, ZS_SKIPSIZE, ZS_SKIP, ZS_BHDR,
	ZS_BLK, ZS_CKSUM };

/* an FSE decoding cell (§4.1.1); for sequences the code's baseline and
 * extra bits are folded in, so one lookup gives all of it */
struct zs_cell {
	uint32_t base;		/* value baseline, or the symbol */
	uint16_t next;		/* next state before the bits read are added */
	uint8_t nbits;		/* bits to read for the next state */
	uint8_t xbits;		/* extra value bits */
};

struct zs_fse {
	struct zs_cell cell[512];
	unsigned log;
	int ok;			/* usable by Repeat mode (§3.1.1.3.2.1.1) */
};

/* backward bit stream (§4.1): c holds the 8 bytes at p, or all of a
 * shorter stream; n counts the bits of c already used, from the top */
struct zs_br {
	const unsigned char *start, *p;
	uint64_t c;
	unsigned n;
};

static struct {
	unsigned char in[ZS_BLOCK];	/* the unit being gathered */
	size_t have, need;
	uint64_t pos;		/* stream offset of the unit's first byte */
	uint64_t skip;		/* skippable bytes left; an RLE block's size */
	int state, failed;
	char err[256];

	uint64_t fcs, wsize, fout;	/* the frame (§3.1.1.1) */
	size_t bmax;
	int has_fcs, has_sum, last;
	unsigned desc, btype, didsz, fcssz;
	uint32_t rep[3];

	struct zs_fse ll, of, ml, wt;	/* kept between a frame's blocks */
	uint16_t huf[1 << ZS_HUFBITS];	/* symbol << 8 | bits */
	unsigned hufbits;
	int huf_ok;
	unsigned char lit[ZS_BLOCK + ZS_SLACK];

	uint64_t xacc[4], xlen;	/* XXH64 of the frame's content */
	unsigned char xbuf[32];
	size_t xn;

	unsigned char win[ZS_RING + ZS_SLACK];	/* the output ring */
	size_t wpos, pend;	/* history and undrained bytes end at wpos */
} zs;

/* ---- Z.1 errors and bytes --------------------------------------------- */
static int
zs_fail(size_t rel, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (zs.failed)
		return -1;
	zs.failed = 1;
	k = snprintf(zs.err, sizeof zs.err, "offset 0x%" PRIx64 ": ",
	    zs.pos + rel);
	va_start(ap, fmt);
	vsnprintf(zs.err + k, sizeof zs.err - k, fmt, ap);
	va_end(ap);
	return -1;
}

static const char *
zs_error(void)
{
	return zs.failed ? zs.err : NULL;
}

static unsigned
zs_hibit(uint32_t v)	/* index of the highest set bit; v != 0 */
{
	unsigned r = 0;

	while (v >>= 1)
		r++;
	return r;
}

static uint64_t
zs_le(const unsigned char *p, size_t n)	/* n <= 8 little-endian bytes */
{
	uint64_t v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

/* ---- Z.2 XXH64 -----------------------------------------------------------
 * The content checksum is the low 32 bits of XXH64 with seed 0 (§3.1.1),
 * as the xxHash specification computes it.
 */
#define ZS_P1 0x9E3779B185EBCA87u
#define ZS_P2 0xC2B2AE3D27D4EB4Fu
#define ZS_P3 0x165667B19E3779F9u
#define ZS_P4 0x85EBCA77C2B2AE63u
#define ZS_P5 0x27D4EB2F165667C5u

static uint64_t
zs_rotl(uint64_t x, unsigned r)
{
	return x << r | x >> (64 - r);
}

static uint64_t
zs_xround(uint64_t acc, uint64_t in)
{
	return zs_rotl(acc + in * ZS_P2, 31) * ZS_P1;
}

/* whole 32-byte stripes go through xbuf, so any split hashes the same */
static void
zs_xupdate(const unsigned char *p, size_t n)
{
	size_t k;
	int i;

	zs.xlen += n;
	while (n) {
		k = 32 - zs.xn < n ? 32 - zs.xn : n;
		memcpy(zs.xbuf + zs.xn, p, k);
		zs.xn += k;
		p += k;
		n -= k;
		if (zs.xn < 32)
			break;
		for (i = 0; i < 4; i++)
			zs.xacc[i] = zs_xround(zs.xacc[i],
			    get64(zs.xbuf + 8 * i, 0));
		zs.xn = 0;
	}
}

static uint64_t
zs_xdigest(void)
{
	const unsigned char *p = zs.xbuf;
	size_t n = zs.xn;
	uint64_t h = ZS_P5;
	int i;

	if (zs.xlen >= 32) {
		h = zs_rotl(zs.xacc[0], 1) + zs_rotl(zs.xacc[1], 7) +
		    zs_rotl(zs.xacc[2], 12) + zs_rotl(zs.xacc[3], 18);
		for (i = 0; i < 4; i++)
			h = (h ^ zs_xround(0, zs.xacc[i])) * ZS_P1 + ZS_P4;
	}
	h += zs.xlen;
	for (; n >= 8; p += 8, n -= 8)
		h = zs_rotl(h ^ zs_xround(0, get64(p, 0)), 27) * ZS_P1 + ZS_P4;
	if (n >= 4) {
		h = zs_rotl(h ^ get32(p, 0) * ZS_P1, 23) * ZS_P2 + ZS_P3;
		p += 4;
		n -= 4;
	}
	for (; n; p++, n--)
		h = zs_rotl(h ^ *p * ZS_P5, 11) * ZS_P1;
	h = (h ^ h >> 33) * ZS_P2;
	h = (h ^ h >> 29) * ZS_P3;
	return h ^ h >> 32;
}

/* ---- Z.3 output ring --------------------------------------------------- */
static size_t
zs_back(size_t off)	/* ring index off bytes behind wpos; off <= ZS_RING */
{
	return zs.wpos >= off ? zs.wpos - off : zs.wpos + ZS_RING - off;
}

static void
zs_put(const unsigned char *s, size_t n)
{
	size_t k = ZS_RING - zs.wpos < n ? ZS_RING - zs.wpos : n;

	memcpy(zs.win + zs.wpos, s, k);
	memcpy(zs.win, s + k, n - k);
	zs.wpos = (zs.wpos + n) % ZS_RING;
}

/* The history kept: the frame's window, or PERFMT_ZWINDOW if less.  A
 * larger window is taken on trust: a stream shorter than what is kept
 * decodes exactly, and a match that reaches further is refused. */
static uint64_t
zs_hold(void)
{
	return zs.wsize < PERFMT_ZWINDOW ? zs.wsize : PERFMT_ZWINDOW;
}

/* Can a whole block be decoded without overwriting undrained output or
 * the history it may refer back to? */
static int
zs_room(void)
{
	size_t hist = zs.fout < zs_hold() ? (size_t)zs.fout : (size_t)zs_hold();
	size_t keep = zs.pend > hist ? zs.pend : hist;

	return keep + ZS_BLOCK + 64 <= ZS_RING;
}

/* the block of n bytes ending at wpos is done: checksum it, count it,
 * and let the consumer have it */
static int
zs_produced(size_t n)
{
	size_t at = zs_back(n);
	size_t k = ZS_RING - at < n ? ZS_RING - at : n;

	if (zs.has_sum) {
		zs_xupdate(zs.win + at, k);
		zs_xupdate(zs.win, n - k);
	}
	zs.fout += n;
	zs.pend += n;
	if (zs.has_fcs && zs.fout > zs.fcs)
		return zs_fail(0, "frame decodes to more than its content "
		    "size of %" PRIu64 " bytes", zs.fcs);
	return 0;
}

static size_t
zs_read(unsigned char *out, size_t cap)
{
	size_t n = zs.pend < cap ? zs.pend : cap;
	size_t at, k;

	if (zs.failed || !n)
		return 0;
	at = zs_back(zs.pend);
	k = ZS_RING - at < n ? ZS_RING - at : n;
	memcpy(out, zs.win + at, k);
	memcpy(out + k, zs.win, n - k);
	zs.pend -= n;
	return n;
}

/* ---- Z.4 bit streams --------------------------------------------------- */
/* §4.1: read backwards from the last byte, whose highest set bit marks
 * the start; a stream under 8 bytes lies in the low bytes of c, the top
 * counted as used */
static int
zs_br_init(struct zs_br *b, const unsigned char *s, size_t len)
{
	size_t k = len < 8 ? len : 8;

	if (!len || !s[len - 1])
		return -1;
	b->start = s;
	b->p = s + len - k;
	b->c = zs_le(b->p, k);
	b->n = 8 * (8 - (unsigned)k) + 8 - zs_hibit(s[len - 1]);
	return 0;
}

/* Past the stream's start (n over 64) this yields junk, never a bad
 * shift; callers bound their loops by counts and check n or
 * zs_br_done(). */
static inline uint64_t
zs_br_peek(const struct zs_br *b, unsigned nb)
{
	return (b->c << (b->n & 63)) >> 1 >> (63 - nb);
}

static inline uint64_t
zs_br_get(struct zs_br *b, unsigned nb)
{
	uint64_t v = zs_br_peek(b, nb);

	b->n += nb;
	return v;
}

/* Moves p back by the whole bytes used, no further than the start; a
 * stream under 8 bytes has p at the start and is never reloaded. */
static inline void
zs_br_reload(struct zs_br *b)
{
	size_t k = b->n >> 3, room = (size_t)(b->p - b->start);

	if (!room)
		return;
	if (k > room)
		k = room;
	b->p -= k;
	b->n -= 8 * (unsigned)k;
	b->c = get64(b->p, 0);
}

static int
zs_br_done(const struct zs_br *b)
{
	return b->p == b->start && b->n == 64;
}

/* forward little-endian bits (§4.1.1), up to 24 at a time; past the end
 * reads zeros, and the caller checks *pos against 8 * len */
static unsigned
zs_fwd(const unsigned char *s, size_t len, size_t *pos, unsigned nb)
{
	size_t i = *pos >> 3;
	uint64_t v = i < len ? zs_le(s + i, len - i < 4 ? len - i : 4) : 0;

	*pos += nb;
	return (v >> ((*pos - nb) & 7)) & ((1u << nb) - 1);
}

/* ---- Z.5 FSE tables ---------------------------------------------------- */
/* §4.1.1: spread the symbols over the table, "less than 1" ones (-1) in
 * the last cells, then give every cell the state it leads to.  norm sums
 * to the table size (zs_fse_read checks it), so every cell is filled. */
static void
zs_fse_build(struct zs_fse *t, const short *norm, unsigned nsym,
    unsigned log)
{
	uint16_t next[64];
	unsigned size = 1u << log, step = (size >> 1) + (size >> 3) + 3;
	unsigned s, u, x, nb, pos = 0, high = size - 1;
	int i;

	for (s = 0; s < nsym; s++) {
		next[s] = norm[s] == -1 ? 1 : (uint16_t)norm[s];
		if (norm[s] == -1)
			t->cell[high--].base = s;
	}
	for (s = 0; s < nsym; s++) {
		for (i = 0; i < norm[s]; i++) {
			t->cell[pos].base = s;
			do
				pos = (pos + step) & (size - 1);
			while (pos > high);
		}
	}
	for (u = 0; u < size; u++) {
		x = next[t->cell[u].base]++;
		nb = log - zs_hibit(x);
		t->cell[u].nbits = (uint8_t)nb;
		t->cell[u].next = (uint16_t)((x << nb) - size);
	}
	t->log = log;
	t->ok = 1;
}

/* §4.1.1: read a table description of at most len bytes; sets *used */
static int
zs_fse_read(struct zs_fse *t, const unsigned char *s, size_t len,
    unsigned maxsym, unsigned maxlog, size_t *used)
{
	short norm[64];
	size_t pos = 0;
	unsigned log, sym = 0, bits, r;
	int remaining, threshold, max, v;

	memset(norm, 0, sizeof norm);
	log = zs_fwd(s, len, &pos, 4) + 5;
	if (log > maxlog)
		return -1;
	remaining = (1 << log) + 1;
	threshold = 1 << log;
	bits = log + 1;
	while (remaining > 1 && sym <= maxsym) {
		max = 2 * threshold - 1 - remaining;
		v = (int)zs_fwd(s, len, &pos, bits - 1);
		if (v >= max) {
			pos -= bits - 1;
			v = (int)zs_fwd(s, len, &pos, bits);
			if (v >= threshold)
				v -= max;
		}
		norm[sym++] = (short)(v - 1);
		remaining -= v ? v - 1 : 1;
		if (v == 1) {	// a zero: 2-bit repeat counts follow
			do {
				r = zs_fwd(s, len, &pos, 2);
				sym += r;
			} while (r == 3 && sym <= maxsym + 1);
		}
		if (pos > 8 * len || sym > maxsym + 1)
			return -1;
		while (remaining > 1 && remaining < threshold) {
			bits--;
			threshold >>= 1;
		}
	}
	if (remaining != 1)
		return -1;
	*used = (pos + 7) >> 3;
	zs_fse_build(t, norm, sym, log);
	return 0;
}

/* ---- Z.6 literals (§3.1.1.3.1) ----------------------------------------- */
/* §4.2.1.3: weights to a table read with Max_Number_of_Bits bits: lighter
 * weights (longer codes) first, then by symbol, 2^(w-1) cells each; the
 * last symbol's weight is the one that completes a power of two */
static int
zs_huf_build(unsigned char *w, unsigned nw)
{
	uint32_t sum = 0, rest, i, pos = 0;
	unsigned s, k, maxbits;

	for (s = 0; s < nw; s++) {
		if (w[s] > ZS_HUFBITS)
			return -1;
		if (w[s])
			sum += 1u << (w[s] - 1);
	}
	if (!sum || (maxbits = zs_hibit(sum) + 1) > ZS_HUFBITS)
		return -1;
	rest = (1u << maxbits) - sum;
	if (rest & (rest - 1))
		return -1;
	w[nw] = (unsigned char)(zs_hibit(rest) + 1);
	for (k = 1; k <= ZS_HUFBITS; k++)
		for (s = 0; s <= nw; s++)
			for (i = 0; w[s] == k && i < 1u << (k - 1); i++)
				zs.huf[pos++] = (uint16_t)(s << 8 |
				    (maxbits + 1 - k));
	zs.hufbits = maxbits;
	zs.huf_ok = 1;
	return 0;
}

/* §4.2.1: Huffman_Tree_Description; returns its size or -1 */
static long
zs_huf_tree(const unsigned char *s, size_t len)
{
	const struct zs_cell *c;
	unsigned char w[256];
	unsigned nw = 0, i = 0, st[2];
	struct zs_br b;
	size_t sz, used;
	int last = 0;

	if (!len)
		return -1;
	if (s[0] >= 128) {	// 4-bit weights, two to a byte, high first
		nw = s[0] - 127u;
		sz = (nw + 1) / 2;
		if (sz > len - 1)
			return -1;
		for (i = 0; i < nw; i++)
			w[i] = s[1 + i / 2] >> (i & 1 ? 0 : 4) & 15;
	} else {	// §4.2.1.2: FSE-coded, two states taking turns
		sz = s[0];
		if (!sz || sz > len - 1 ||
		    zs_fse_read(&zs.wt, s + 1, sz, 12, 6, &used) ||
		    used >= sz || zs_br_init(&b, s + 1 + used, sz - used))
			return -1;
		st[0] = (unsigned)zs_br_get(&b, zs.wt.log);
		st[1] = (unsigned)zs_br_get(&b, zs.wt.log);
		for (;;) {
			c = &zs.wt.cell[st[i]];
			if (nw >= 255)
				return -1;
			w[nw++] = (unsigned char)c->base;
			if (last)
				break;
			st[i] = c->next + (unsigned)zs_br_get(&b, c->nbits);
			zs_br_reload(&b);
			i ^= 1;
			// past the stream's start the other state has the last
			last = b.n > 64;
		}
	}
	return zs_huf_build(w, nw) ? -1 : (long)sz + 1;
}

/* §3.1.1.3.1.5: one stream, or four behind a 6-byte jump table, each
 * (regen + 3) / 4 symbols but the last; each stream must be used up
 * exactly (§4.2.2) */
static int
zs_huf_lits(const unsigned char *s, size_t len, size_t regen, int four)
{
	struct zs_br b;
	unsigned char *o = zs.lit;
	size_t seg = regen, at = 0, sz, n, i;
	unsigned e;
	int k, nst = four ? 4 : 1;

	if (four) {
		seg = (regen + 3) / 4;
		if (len < 6 || 3 * seg > regen)
			return -1;
		at = 6;
	}
	for (k = 0; k < nst; k++) {	// the last stream takes the rest
		sz = k < nst - 1 ? get16(s + 2 * k, 0) : len - at;
		if (sz > len - at || zs_br_init(&b, s + at, sz))
			return -1;
		at += sz;
		n = k < nst - 1 ? seg : regen - (size_t)k * seg;
		for (i = 0; i < n; i++) {
			zs_br_reload(&b);
			e = zs.huf[zs_br_peek(&b, zs.hufbits)];
			b.n += e & 255;
			*o++ = (unsigned char)(e >> 8);
		}
		zs_br_reload(&b);
		if (!zs_br_done(&b))
			return -1;
	}
	return 0;
}

/* §3.1.1.3.1: decode the literals section into zs.lit; returns its size
 * in the block, or -1; *nlit gets the literal count */
static long
zs_literals(const unsigned char *s, size_t len, size_t *nlit)
{
	// §3.1.1.3.1.1: by Size_Format, the header's bytes and the bits of
	// its size (raw, RLE) or of each of its two sizes (Huffman)
	static const unsigned char hbytes[2][4] = {
		{ 1, 2, 1, 3 }, { 3, 3, 4, 5 }
	};
	static const unsigned char hbits[2][4] = {
		{ 5, 12, 5, 20 }, { 10, 10, 14, 18 }
	};
	unsigned type, fmt, w;
	size_t regen, csize, hsz;
	uint64_t v;
	long tree = 0;

	if (!len)
		return zs_fail(0, "expected a literals section header");
	type = s[0] & 3;
	fmt = s[0] >> 2 & 3;	// for Huffman, 0 means one stream
	hsz = hbytes[type >> 1][fmt];
	w = hbits[type >> 1][fmt];
	if (hsz > len)
		return zs_fail(0, "literals header runs past the block");
	v = zs_le(s, hsz) >> (hsz == 1 ? 3 : 4);
	regen = (size_t)(v & ((1u << w) - 1));
	csize = type == 0 ? regen : type == 1 ? 1 :
	    (size_t)(v >> w & ((1u << w) - 1));
	if (regen > zs.bmax)
		return zs_fail(0, "%zu literals exceed the block maximum of "
		    "%zu", regen, zs.bmax);
	if (csize > len - hsz)
		return zs_fail(hsz, "literals need %zu bytes, the block has "
		    "%zu", csize, len - hsz);
	s += hsz;
	if (type == 0) {
		memcpy(zs.lit, s, regen);
	} else if (type == 1) {
		memset(zs.lit, s[0], regen);
	} else {
		if (type == 2 && (tree = zs_huf_tree(s, csize)) < 0)
			return zs_fail(hsz, "bad Huffman tree description "
			    "(RFC 8878 4.2.1)");
		if (type == 3 && !zs.huf_ok)	// Treeless: the last table
			return zs_fail(0, "treeless literals with no earlier "
			    "Huffman table in the frame");
		if (zs_huf_lits(s + tree, csize - tree, regen, fmt != 0))
			return zs_fail(hsz + tree, "Huffman-coded literals do "
			    "not decode to %zu bytes (RFC 8878 4.2.2)", regen);
	}
	*nlit = regen;
	return (long)(hsz + csize);
}

/* ---- Z.7 sequences (§3.1.1.3.2) ---------------------------------------- */
/* §3.1.1.3.2.1.1: the extra bits of each code; its values start where
 * the previous code's end (offset code c: 2^c, c bits) */
static const uint8_t zs_ll_bits[36] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16
};
static const uint8_t zs_of_bits[32] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
};
static const uint8_t zs_ml_bits[53] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16
};
/* §3.1.1.3.2.2: predefined distributions */
static const short zs_ll_def[36] = {
	4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1
};
static const short zs_of_def[29] = {
	1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1
};
static const short zs_ml_def[53] = {
	1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1
};
/* the three tables, in the order of the mode bits */
static const struct {
	const char *name;
	const uint8_t *bits;
	const short *def;
	unsigned char ndef, deflog, maxsym, maxlog, base0;
} zs_kind[3] = {
	{ "literal lengths", zs_ll_bits, zs_ll_def, 36, 6, 35, 9, 0 },
	{ "offsets", zs_of_bits, zs_of_def, 29, 5, 31, 8, 1 },
	{ "match lengths", zs_ml_bits, zs_ml_def, 53, 6, 52, 9, 3 },
};

/* §3.1.1.3.2.1.1: set up table t of kind k in the given mode; returns the
 * bytes of the block it used, or -1 */
static long
zs_seq_table(struct zs_fse *t, int k, unsigned mode,
    const unsigned char *s, size_t len, size_t at)
{
	const uint8_t *bits = zs_kind[k].bits;
	uint32_t base[53];
	short one[53];
	size_t used = 0;
	unsigned u, c;

	if (mode == 0) {
		zs_fse_build(t, zs_kind[k].def, zs_kind[k].ndef,
		    zs_kind[k].deflog);
	} else if (mode == 1) {	// RLE: one symbol, no bits
		if (!len || s[0] > zs_kind[k].maxsym)
			return zs_fail(at, "bad RLE symbol for %s",
			    zs_kind[k].name);
		memset(one, 0, sizeof one);
		one[s[0]] = 1;
		zs_fse_build(t, one, s[0] + 1u, 0);
		used = 1;
	} else if (mode == 2) {
		if (zs_fse_read(t, s, len, zs_kind[k].maxsym,
		    zs_kind[k].maxlog, &used))
			return zs_fail(at, "bad FSE table description for %s "
			    "(RFC 8878 4.1.1)", zs_kind[k].name);
	} else {
		if (!t->ok)
			return zs_fail(at, "repeat mode for %s with no "
			    "earlier table in the frame", zs_kind[k].name);
		return 0;
	}
	// fold each cell's code into its baseline and extra bits
	base[0] = zs_kind[k].base0;
	for (c = 1; c <= zs_kind[k].maxsym; c++)
		base[c] = base[c - 1] + (1u << bits[c - 1]);
	for (u = 0; u < 1u << t->log; u++) {
		c = t->cell[u].base;
		t->cell[u].base = base[c];
		t->cell[u].xbits = bits[c];
	}
	return (long)used;
}

static void
zs_copy_lits(const unsigned char *src, size_t n)
{
	unsigned char *d = zs.win + zs.wpos;
	size_t i;

	if (n > ZS_RING - zs.wpos) {
		zs_put(src, n);
		return;
	}
	// zs.lit and zs.win both have ZS_SLACK spare bytes for the overrun
	for (i = 0; i < n; i += 16)
		memcpy(d + i, src + i, 16);
	zs.wpos += n;
	if (zs.wpos == ZS_RING)
		zs.wpos = 0;
}

/* §3.1.1.4: a match may overlap what it writes; 16 bytes at a time where
 * the ring lets us, a byte at a time where it wraps */
static void
zs_copy_match(size_t off, size_t n)
{
	size_t from = zs_back(off), w = zs.wpos, i, eff;
	unsigned char *d = zs.win + w;

	if (n <= ZS_RING - w && (off <= w || n <= ZS_RING - from)) {
		const unsigned char *s = zs.win + from;

		if (off >= 16 || off > w) {
			for (i = 0; i < n; i += 16)
				memcpy(d + i, s + i, 16);
		} else {
			// the output repeats every off bytes, so also every
			// eff bytes once eff - off of them are written (under
			// 16: past a short match's end they are wild bytes)
			eff = (16 + off - 1) / off * off;
			for (i = 0; i < eff - off; i++)
				d[i] = s[i];
			for (; i < n; i += 16)
				memcpy(d + i, d + i - eff, 16);
		}
		zs.wpos = w + n == ZS_RING ? 0 : w + n;
		return;
	}
	for (i = 0; i < n; i++) {
		zs.win[w] = zs.win[from];
		if (++w == ZS_RING)
			w = 0;
		if (++from == ZS_RING)
			from = 0;
	}
	zs.wpos = w;
}

/* §3.1.1.5: offset values 1-3 name the repeat offsets, shifted by one
 * when the literal length is 0; the list is updated as the RFC says */
static uint64_t
zs_offset(uint64_t ofv, uint64_t ll)
{
	unsigned idx = ofv > 3 ? 3 : (unsigned)ofv - 1 + (ll == 0);
	uint64_t off;

	if (!idx)
		return zs.rep[0];
	off = ofv > 3 ? ofv - 3 : idx == 3 ? (uint64_t)zs.rep[0] - 1 :
	    zs.rep[idx];
	if (idx > 1)
		zs.rep[2] = zs.rep[1];
	zs.rep[1] = zs.rep[0];
	zs.rep[0] = (uint32_t)off;
	return off;
}

/* decode and execute the sequences; bout counts the block's output */
static int
zs_run(const unsigned char *s, size_t len, size_t at, size_t nseq,
    size_t nlit, size_t *bout)
{
	const struct zs_cell *lc, *oc, *mc;
	struct zs_br b;
	uint64_t ll, ml, off, avail;
	size_t lpos = 0, out = 0, i;
	unsigned lls, ofs, mls;

	if (zs_br_init(&b, s, len))
		return zs_fail(at, "bad sequences bit stream (RFC 8878 4.1)");
	lls = (unsigned)zs_br_get(&b, zs.ll.log);
	ofs = (unsigned)zs_br_get(&b, zs.of.log);
	mls = (unsigned)zs_br_get(&b, zs.ml.log);
	for (i = 0; i < nseq; i++) {
		// n stays at most 64 between reloads: 7 + 24 + 16 + 16 before
		// the second, 7 + 9 + 9 + 8 after it
		zs_br_reload(&b);
		lc = &zs.ll.cell[lls];
		oc = &zs.of.cell[ofs];
		mc = &zs.ml.cell[mls];
		// §3.1.1.3.2.1: extra bits come offset, match, literal
		off = oc->base + zs_br_get(&b, oc->xbits);
		if (oc->xbits > 24)
			zs_br_reload(&b);
		ml = mc->base + zs_br_get(&b, mc->xbits);
		ll = lc->base + zs_br_get(&b, lc->xbits);
		zs_br_reload(&b);
		if (i + 1 < nseq) {	// states update as LL, ML, OF
			lls = lc->next + (unsigned)zs_br_get(&b, lc->nbits);
			mls = mc->next + (unsigned)zs_br_get(&b, mc->nbits);
			ofs = oc->next + (unsigned)zs_br_get(&b, oc->nbits);
		}
		off = zs_offset(off, ll);
		if (ll > nlit - lpos)
			return zs_fail(at, "sequence %zu wants %" PRIu64
			    " literals, %zu are left", i, ll, nlit - lpos);
		if (ll + ml > zs.bmax - out)
			return zs_fail(at, "block decodes to more than its "
			    "maximum of %zu bytes", zs.bmax);
		zs_copy_lits(zs.lit + lpos, (size_t)ll);
		lpos += (size_t)ll;
		out += (size_t)ll;
		avail = zs.fout + out < zs.wsize ? zs.fout + out : zs.wsize;
		if (!off || off > avail)
			return zs_fail(at, "sequence %zu: offset %" PRIu64
			    " reaches before the window", i, off);
		if (off > zs_hold())
			return zs_fail(at, "a match reaches %" PRIu64 " bytes "
			    "back, further than the %u this build keeps (the "
			    "frame's window is %" PRIu64 "): rebuild with make "
			    "PERFMT_ZWINDOW=%" PRIu64, off,
			    (unsigned)PERFMT_ZWINDOW, zs.wsize, zs.wsize);
		zs_copy_match((size_t)off, (size_t)ml);
		out += (size_t)ml;
	}
	zs_br_reload(&b);
	if (!zs_br_done(&b))
		return zs_fail(at, "sequences bit stream not used up exactly "
		    "(RFC 8878 3.1.1.3.2.2)");
	if (nlit - lpos > zs.bmax - out)
		return zs_fail(at, "block decodes to more than its maximum of "
		    "%zu bytes", zs.bmax);
	zs_copy_lits(zs.lit + lpos, nlit - lpos);
	*bout = out + nlit - lpos;
	return 0;
}

/* §3.1.1.3.2.1: Sequences_Section_Header, the tables, then the run */
static int
zs_sequences(const unsigned char *s, size_t len, size_t at, size_t nlit,
    size_t *bout)
{
	static struct zs_fse *const tab[] = { &zs.ll, &zs.of, &zs.ml };
	size_t nseq, h;
	unsigned m;
	long k;
	int i;

	if (!len)
		return zs_fail(at, "expected a sequences section header");
	h = s[0] < 128 ? 1 : s[0] < 255 ? 2 : 3;
	if (len < h)
		return zs_fail(at, "sequence count runs past the block");
	nseq = h == 1 ? s[0] : h == 2 ? ((size_t)(s[0] - 128) << 8) + s[1] :
	    s[1] + ((size_t)s[2] << 8) + 0x7F00;
	if (!nseq) {	// nlit is at most zs.bmax (zs_literals)
		if (h != len)
			return zs_fail(at + h, "bytes after an empty "
			    "sequences section");
		zs_copy_lits(zs.lit, nlit);
		*bout = nlit;
		return 0;
	}
	if (h >= len)
		return zs_fail(at + h, "expected the symbol compression modes");
	m = s[h++];
	if (m & 3)
		return zs_fail(at + h - 1, "reserved bits set in the symbol "
		    "compression modes");
	// the mode bits: 7-6 literal lengths, 5-4 offsets, 3-2 match lengths
	for (i = 0; i < 3; i++) {
		k = zs_seq_table(tab[i], i, m >> (6 - 2 * i) & 3, s + h,
		    len - h, at + h);
		if (k < 0)
			return -1;
		h += (size_t)k;
	}
	return zs_run(s + h, len - h, at + h, nseq, nlit, bout);
}

/* ---- Z.8 blocks and frames (§3.1.1) ------------------------------------ */
static void
zs_expect(int state, size_t need)
{
	zs.state = state;
	zs.need = need;
}

static int
zs_frame_end(size_t at)
{
	if (zs.has_fcs && zs.fout != zs.fcs)
		return zs_fail(at, "frame decodes to %" PRIu64 " bytes, its "
		    "header says %" PRIu64, zs.fout, zs.fcs);
	zs_expect(ZS_MAGICWAIT, 4);
	return 0;
}

/* §3.1.1.1: the frame header past its descriptor; a new frame starts */
static int
zs_header(const unsigned char *p)
{
	unsigned d = zs.desc, single = d >> 5 & 1;
	uint64_t did, wlog, v;

	if (!single) {	// §3.1.1.1.2: Window_Descriptor
		wlog = 10 + (p[0] >> 3);
		zs.wsize = ((uint64_t)1 << wlog) +
		    (((uint64_t)1 << wlog) >> 3) * (p[0] & 7);
		p++;
	}
	did = zs_le(p, zs.didsz);
	p += zs.didsz;
	if (did)
		return zs_fail(!single, "frame needs dictionary %" PRIu64 "; "
		    "dictionaries are not supported", did);
	v = zs_le(p, zs.fcssz);
	zs.has_fcs = zs.fcssz != 0;
	zs.fcs = zs.fcssz == 2 ? v + 256 : v;
	if (single)
		zs.wsize = zs.fcs;
	zs.bmax = zs.wsize < ZS_BLOCK ? (size_t)zs.wsize : ZS_BLOCK;
	zs.has_sum = d >> 2 & 1;
	zs.rep[0] = 1;	// §3.1.1.5: initial repeat offsets
	zs.rep[1] = 4;
	zs.rep[2] = 8;
	zs.ll.ok = zs.of.ok = zs.ml.ok = zs.huf_ok = 0;
	zs.fout = zs.xlen = zs.xn = 0;
	zs.xacc[0] = ZS_P1 + ZS_P2;	// XXH64's seed 0
	zs.xacc[1] = ZS_P2;
	zs.xacc[2] = 0;
	zs.xacc[3] = -ZS_P1;
	zs_expect(ZS_BHDR, 3);
	return 0;
}

static int
zs_block(const unsigned char *p, size_t len)
{
	size_t nlit = 0, out = len;
	long k;

	if (zs.btype == 0) {
		zs_put(p, len);
	} else if (zs.btype == 1) {	// as RLE literals and no sequences
		out = (size_t)zs.skip;	// at most zs.bmax (zs_unit)
		memset(zs.lit, p[0], out);
		zs_put(zs.lit, out);
	} else if ((k = zs_literals(p, len, &nlit)) < 0 ||
	    zs_sequences(p + k, len - k, (size_t)k, nlit, &out)) {
		return -1;
	}
	if (zs_produced(out))
		return -1;
	if (!zs.last)
		zs_expect(ZS_BHDR, 3);
	else if (zs.has_sum)
		zs_expect(ZS_CKSUM, 4);
	else
		return zs_frame_end(len);
	return 0;
}

/* one complete unit of zs.need bytes at p */
static int
zs_unit(const unsigned char *p)
{
	size_t len = zs.need;
	uint32_t v;
	unsigned d;
	int r = 0;

	switch (zs.state) {
	case ZS_MAGICWAIT:
		v = get32(p, 0);
		if (v == ZS_MAGIC)
			zs_expect(ZS_FHDR1, 1);
		else if ((v & 0xFFFFFFF0u) == 0x184D2A50u)	// §3.1.2
			zs_expect(ZS_SKIPSIZE, 4);
		else if (v >= 0xFD2FB51Eu && v < ZS_MAGIC)
			return zs_fail(0, "legacy zstd frame (magic 0x%08"
			    PRIX32 "), not supported", v);
		else
			return zs_fail(0, "expected a zstd frame (magic "
			    "0x%08X), found 0x%08" PRIX32, ZS_MAGIC, v);
		break;
	case ZS_FHDR1:	// §3.1.1.1.1: how long the rest of the header is
		d = zs.desc = p[0];
		if (d & 8)
			return zs_fail(0, "reserved bit set in the frame "
			    "header descriptor");
		// §3.1.1.1.3, §3.1.1.1.4: the field sizes
		zs.didsz = d & 3 ? 1u << ((d & 3) - 1) : 0;
		zs.fcssz = d >> 6 ? 1u << (d >> 6) : d >> 5 & 1;
		zs_expect(ZS_FHDR2, !(d >> 5 & 1) + zs.didsz + zs.fcssz);
		break;
	case ZS_FHDR2:
		r = zs_header(p);
		break;
	case ZS_SKIPSIZE:
	case ZS_SKIP:	// a skippable frame's bytes go a block at a time
		zs.skip = zs.state == ZS_SKIP ? zs.skip - len : get32(p, 0);
		if (zs.skip)
			zs_expect(ZS_SKIP, zs.skip < ZS_BLOCK ?
			    (size_t)zs.skip : ZS_BLOCK);
		else
			zs_expect(ZS_MAGICWAIT, 4);
		break;
	case ZS_BHDR:	// §3.1.1.2: Block_Header
		v = (uint32_t)zs_le(p, 3);
		zs.last = v & 1;
		zs.btype = v >> 1 & 3;
		zs.skip = v >> 3;	// an RLE block's decoded size
		if (zs.btype == 3)
			return zs_fail(0, "reserved block type 3");
		if (zs.skip > zs.bmax)
			return zs_fail(0, "block of %zu bytes exceeds the "
			    "maximum of %zu", (size_t)zs.skip, zs.bmax);
		zs_expect(ZS_BLK, zs.btype == 1 ? 1 : (size_t)zs.skip);
		break;
	case ZS_BLK:
		r = zs_block(p, len);
		break;
	case ZS_CKSUM:
		v = (uint32_t)zs_xdigest();
		if (get32(p, 0) != v)
			return zs_fail(0, "content checksum 0x%08" PRIX32
			    " does not match 0x%08" PRIX32 " of the decoded "
			    "bytes", get32(p, 0), v);
		r = zs_frame_end(4);
		break;
	}
	if (!r)
		zs.pos += len;
	return r;
}

/* ---- Z.9 interface ------------------------------------------------------ */
/* the frame's fields are set by its header before a block reads them */
static void
zs_reset(void)
{
	zs.have = zs.wpos = zs.pend = 0;
	zs.pos = 0;
	zs.failed = 0;
	zs_expect(ZS_MAGICWAIT, 4);
}

static int
zs_feed(const unsigned char *in, size_t n)
{
	size_t used = 0, k;

	if (zs.failed)
		return -1;
	if (n > (size_t)1 << 30)	// the count returned must fit an int
		n = (size_t)1 << 30;
	for (;;) {
		// a block waits until its output cannot hurt undrained bytes
		if (zs.state == ZS_BLK && !zs.have && !zs_room())
			break;
		k = zs.need - zs.have < n - used ? zs.need - zs.have : n - used;
		memcpy(zs.in + zs.have, in + used, k);
		zs.have += k;
		used += k;
		if (zs.have < zs.need)
			break;
		zs.have = 0;
		if (zs_unit(zs.in))
			return -1;
	}
	return (int)used;
}

static int
zs_finish(void)
{
	static const char *const what[] = {
		"a frame magic number", "a frame header", "a frame header",
		"a skippable frame size", "a skippable frame", "a block header",
		"a block", "a content checksum"
	};

	if (zs.failed)
		return -1;
	if (zs.state == ZS_MAGICWAIT && !zs.have)
		return 0;
	// perf flushes its stream at record boundaries but never ends the
	// frame, so a perf.data stream stops between blocks
	if (zs.state == ZS_BHDR && !zs.have)
		return 1;
	return zs_fail(zs.have, "stream ends inside %s (%" PRIu64 " more "
	    "bytes expected)", what[zs.state], (zs.state == ZS_SKIP ?
	    zs.skip : zs.need) - zs.have);
}

/* ==== 10. perf.data: records ============================================
 * fmt §3.  Only the bytes a record's handler needs are read (body_need).
 */
static const char rec_names[][NAMEW] = {
	[1] = "MMAP", "LOST", "COMM", "EXIT", "THROTTLE", "UNTHROTTLE", "FORK",
	"READ", "SAMPLE", "MMAP2", "AUX", "ITRACE_START", "LOST_SAMPLES",
	"SWITCH", "SWITCH_CPU_WIDE", "NAMESPACES", "KSYMBOL", "BPF_EVENT",
	"CGROUP", "TEXT_POKE", "AUX_OUTPUT_HW_ID", "CALLCHAIN_DEFERRED"
};
static const char hdr_rec_names[][NAMEW] = {	/* perf's own, from 64 */
	"HEADER_ATTR", "HEADER_EVENT_TYPE", "HEADER_TRACING_DATA",
	"HEADER_BUILD_ID", "FINISHED_ROUND", "ID_INDEX", "AUXTRACE_INFO",
	"AUXTRACE", "AUXTRACE_ERROR", "THREAD_MAP", "CPU_MAP", "STAT_CONFIG",
	"STAT", "STAT_ROUND", "EVENT_UPDATE", "TIME_CONV", "HEADER_FEATURE",
	"COMPRESSED", "FINISHED_INIT", "COMPRESSED2", "BPF_METADATA",
	"SCHEDSTAT_CPU", "SCHEDSTAT_DOMAIN"
};

/* simpleperf's, from 32769 */
static const char sp_rec_names[][NAMEW] = {
	"SP_KERNEL_SYMBOL", "SP_DSO", "SP_SYMBOL", "SP_SPLIT", "SP_SPLIT_END",
	"SP_EVENT_ID", "SP_CALLCHAIN", "SP_UNWINDING_RESULT",
	"SP_TRACING_DATA", "SP_DEBUG"
};

static const char *
rec_name(uint32_t type)
{
	static const struct names t[] = { { rec_names, 0, sizeof rec_names /
	    sizeof *rec_names }, { hdr_rec_names, R_ATTR, sizeof hdr_rec_names /
	    sizeof *hdr_rec_names }, { sp_rec_names, R_SIMPLEPERF + 1,
	    sizeof sp_rec_names / sizeof *sp_rec_names } };

	return tab_name(t, 3, type, "type");
}

static void
count_type(uint32_t type)
{
	uint32_t i;

	if (type < 128) {
		pf.type_n[type]++;
		return;
	}
	for (i = 0; i < pf.nother; i++)
		if (pf.other[i].type == type) {
			pf.other[i].n++;
			return;
		}
	if (pf.nother == sizeof pf.other / sizeof *pf.other) {
		pf.other_dropped++;
		return;
	}
	pf.other[pf.nother].type = type;
	pf.other[pf.nother++].n = 1;
}

/* A sample's event, by its id (fmt §3.7) */
static const struct attr *
sample_attr(const unsigned char *p, size_t n)
{
	uint64_t st;
	size_t pos;

	if (!pf.nattr)
		return NULL;
	if (pf.same_layout)
		return &pf.attrs[0];
	st = pf.attrs[0].sample_type;
	if (st & S_IDENTIFIER)
		pos = 8;
	else if (st & S_ID)
		pos = 8 + 8 * (size_t)popcount64(st & (S_IP | S_TID | S_TIME |
		    S_ADDR));
	else
		return NULL;
	return pos + 8 <= n ? id_find(get64(p + pos, pf.be)) : NULL;
}

/* A record's time from its sample_id trailer (fmt §3.6); 0 if none. */
static uint64_t
rec_time(const unsigned char *p, size_t n)
{
	const struct attr *a;
	uint64_t st;
	size_t back;

	if (!pf.nattr || n < 16)
		return 0;
	a = &pf.attrs[0];
	if (!pf.same_layout && (!(a->sample_type & S_IDENTIFIER) ||
	    !(a = id_find(get64(p + n - 8, pf.be)))))
		return 0;
	st = a->sample_type;
	if (!(a->flags >> F_SAMPLE_ID_ALL & 1) || !(st & S_TIME))
		return 0;
	back = 8 + 8 * (size_t)popcount64(st & (S_ID | S_STREAM_ID | S_CPU |
	    S_IDENTIFIER));
	return back <= n - 8 ? get64(p + n - back, pf.be) : 0;
}

/* The objects samples fall in: the scope (docs/design.md, the scope; the
 * tables).  Each process's maps are kept as perf's machine.c keeps them;
 * the kernel's and its modules' are pid -1's. */
#define HIT_SAMPLE	1	/* a sample's IP */
#define HIT_CALLCHAIN	2	/* a callchain entry only */
#define HIT_MAYBE	4	/* a map of it not kept: maybe more */

#define PROC_HASH (PERFMT_MAXPROC + PERFMT_MAXPROC / 2 + 1)
#define NOMAP UINT32_MAX

struct map {
	uint64_t start, end;	/* [start, end) */
	uint64_t time;		/* of its MMAP record, 0 if unknown */
	uint32_t obj;
	uint32_t next;		/* the process's next map by address */
};

struct proc {
	int32_t pid;
	uint32_t maps;		/* first map, NOMAP if none */
	uint32_t found;		/* of maps, the last lookup's; NOMAP */
	uint32_t retired;	/* maps execs replaced; time: until when */
	uint32_t retired_round;	/* of the last exec */
	uint32_t next;		/* hash chain */
	uint32_t serial;	/* tells a reused slot from the one queued */
	int32_t parent;		/* if has_parent */
	uint8_t exited;		/* EXIT seen; dropped later (zombies) */
	uint8_t has_parent;
	uint8_t stacked;	/* a sample carried its user stack */
	uint64_t fork_time;
	uint64_t exit_time;
	uint64_t exec_time;	/* of the last COMM with the exec bit */
};

/* Exited processes, in exit order: records are not in time order, so one
 * stays until two FINISHED_ROUNDs pass or its room is needed (docs/
 * design.md, the scope). */
struct zombie {
	uint32_t slot, serial, round;
};


/* Samples waiting for the MMAP they fall in (docs/design.md, the tables:
 * waiting samples): an entry is a region's pages, of one process, mode,
 * kind of hit and round. */
#define PEND_ALL INT64_MIN	/* pend_retry: every process's */
#define PEND_SHIFT 18		/* a region: 64 pages of 4 KiB, a bit each */
#define PEND_SHARES 32		/* the most passes one share of objects takes */

struct pend {
	uint64_t region, time, pages;
	int32_t pid;
	uint16_t round;		/* low bits: only an age of 2 is asked */
	uint8_t mode, how;
};

/* The scope model: the processes, their maps, the exited and the
 * samples waiting, and what the samples came to (hits_report). */
static struct {
	struct map maps[PERFMT_MAXMAP];
	struct proc procs[PERFMT_MAXPROC];
	uint32_t proc_head[PROC_HASH];
	uint32_t map_free, map_top, proc_free, proc_top;
	uint64_t hits_dropped_maps, hits_dropped_procs, hits_unknown;
	uint64_t hits_unresolved, hits_unresolved_cc;
	uint64_t hits_unplaced;	/* samples no object can be told from */
	int hits_said;		/* the unresolved count, once a run */
	struct zombie zombies[PERFMT_MAXPROC];
	uint32_t zombie_head, zombie_n, rounds, proc_serial, maps_used;
	uint32_t maps_peak;	/* the most maps_used of the pass */
	struct pend pend[PERFMT_MAXPEND];
	uint32_t npend, pend_k, pend_n;
	uint32_t pend_read;	/* of pend_n: what other passes read */
} sc;

static void
hits_reset(void)
{
	memset(sc.proc_head, 0xff, sizeof sc.proc_head);	/* NOMAP */
	sc.map_free = sc.proc_free = NOMAP;
	sc.map_top = sc.proc_top = 0;
	sc.zombie_head = sc.zombie_n = sc.rounds = sc.proc_serial = 0;
	sc.maps_used = sc.maps_peak = 0;
	sc.hits_dropped_maps = sc.hits_dropped_procs = sc.hits_unknown = 0;
	sc.hits_unresolved = sc.hits_unresolved_cc = sc.hits_unplaced = 0;
	sc.npend = 0;
}

static uint32_t
proc_hash(int32_t pid)
{
	return (uint32_t)pid * 2654435761u % PROC_HASH;
}

static struct proc *
proc_find(int32_t pid)
{
	uint32_t i;

	for (i = sc.proc_head[proc_hash(pid)]; i != NOMAP; i = sc.procs[i].next)
		if (sc.procs[i].pid == pid)
			return &sc.procs[i];
	return NULL;
}

static void zombie_pop(void);

static int
procs_full(void)
{
	return sc.proc_free == NOMAP && sc.proc_top == PERFMT_MAXPROC;
}

/* Callers hold no other process: making room may drop an exited one. */
static struct proc *
proc_new(int32_t pid)
{
	struct proc *p;
	uint32_t i, h = proc_hash(pid);

	while (procs_full() && sc.zombie_n)
		zombie_pop();
	if (sc.proc_free != NOMAP) {
		i = sc.proc_free;
		sc.proc_free = sc.procs[i].next;
	} else if (sc.proc_top < PERFMT_MAXPROC) {
		i = sc.proc_top++;
	} else {
		sc.hits_dropped_procs++;
		return NULL;
	}
	p = &sc.procs[i];
	*p = (struct proc){ .pid = pid, .maps = NOMAP, .found = NOMAP,
	    .retired = NOMAP, .next = sc.proc_head[h],
	    .serial = ++sc.proc_serial };
	sc.proc_head[h] = i;
	return p;
}

static void
map_release(uint32_t m)
{
	sc.maps[m].next = sc.map_free;
	sc.map_free = m;
	sc.maps_used--;
}

static void
maps_release(uint32_t *head)
{
	uint32_t m, next;

	for (m = *head; m != NOMAP; m = next) {
		next = sc.maps[m].next;
		map_release(m);
	}
	*head = NOMAP;
}

static void
proc_clear(struct proc *p)
{
	maps_release(&p->maps);
	p->found = NOMAP;
	maps_release(&p->retired);
}

static void
proc_drop(int32_t pid)
{
	uint32_t *link = &sc.proc_head[proc_hash(pid)], i;

	for (; (i = *link) != NOMAP; link = &sc.procs[i].next) {
		if (sc.procs[i].pid != pid)
			continue;
		proc_clear(&sc.procs[i]);
		sc.procs[i].serial = 0;
		*link = sc.procs[i].next;
		sc.procs[i].next = sc.proc_free;
		sc.proc_free = i;
		return;
	}
}

static void
zombie_pop(void)
{
	struct zombie *z = &sc.zombies[sc.zombie_head];

	sc.zombie_head = (sc.zombie_head + 1) % PERFMT_MAXPROC;
	sc.zombie_n--;
	if (sc.procs[z->slot].serial == z->serial && sc.procs[z->slot].exited)
		proc_drop(sc.procs[z->slot].pid);
}

static void
proc_exit(int32_t pid, uint64_t time)
{
	struct proc *p = proc_find(pid);
	struct zombie *z;

	// an EXIT read before the process's other records: kept, so that
	// what they bring later goes too, not stays for good
	if (!p && (!time || !(p = proc_new(pid))))
		return;
	if (p->exited)
		return;
	if (sc.zombie_n == PERFMT_MAXPROC)
		zombie_pop();	// p is not queued: it stays
	p->exited = 1;
	p->exit_time = time;
	z = &sc.zombies[(sc.zombie_head + sc.zombie_n) % PERFMT_MAXPROC];
	z->slot = (uint32_t)(p - sc.procs);
	z->serial = p->serial;
	z->round = sc.rounds;
	sc.zombie_n++;
}

static void pend_retry(int age, int final, int64_t pid);

/* A directory's streams are read one after another, not merged: there only
 * the need for room drops a process. */
static void
zombies_round(void)
{
	sc.rounds++;
	if (pf.mode == MODE_DIR)
		return;
	pend_retry(1, 0, PEND_ALL);
	while (sc.zombie_n && sc.rounds - sc.zombies[sc.zombie_head].round >= 2)
		zombie_pop();
}

static void
zombies_relieve(void)
{
	uint32_t i;

	while (sc.zombie_n && (procs_full() ||
	    sc.maps_used > PERFMT_MAXMAP - PERFMT_MAXMAP / 8))
		zombie_pop();
	if (sc.maps_used > PERFMT_MAXMAP - PERFMT_MAXMAP / 8)
		for (i = 0; i < sc.proc_top; i++)
			maps_release(&sc.procs[i].retired);
}

static uint32_t
map_alloc(uint32_t obj, uint64_t time, uint64_t start, uint64_t end,
    uint32_t next)
{
	uint32_t m;

	if (sc.map_free != NOMAP) {
		m = sc.map_free;
		sc.map_free = sc.maps[m].next;
	} else if (sc.map_top < PERFMT_MAXMAP) {
		m = sc.map_top++;
	} else {
		sc.hits_dropped_maps++;
		ot.objs[obj].hit |= HIT_MAYBE;
		return NOMAP;
	}
	if (++sc.maps_used > sc.maps_peak)
		sc.maps_peak = sc.maps_used;
	sc.maps[m] = (struct map){ start, end, time, obj, next };
	return m;
}

/* What the new map overlaps is cut or split (perf: maps__fixup_overlaps). */
static void
map_insert(struct proc *p, uint64_t start, uint64_t end, uint32_t obj,
    uint64_t time)
{
	uint32_t *link = &p->maps, m, tail;

	p->found = NOMAP;
	while ((m = *link) != NOMAP && sc.maps[m].end <= start)
		link = &sc.maps[m].next;
	while ((m = *link) != NOMAP && sc.maps[m].start < end) {
		if (sc.maps[m].start < start && sc.maps[m].end > end) {
			if ((tail = map_alloc(sc.maps[m].obj, sc.maps[m].time,
			    end, sc.maps[m].end, sc.maps[m].next)) == NOMAP) {
				ot.objs[obj].hit |= HIT_MAYBE;
				return;
			}
			// the head is cut below; the tail stops the walk
			sc.maps[m].next = tail;
		}
		if (sc.maps[m].start < start) {
			sc.maps[m].end = start;
			link = &sc.maps[m].next;
		} else if (sc.maps[m].end > end) {
			sc.maps[m].start = end;
			break;
		} else {
			*link = sc.maps[m].next;
			map_release(m);
		}
	}
	if ((m = map_alloc(obj, time, start, end, *link)) != NOMAP)
		*link = m;
}

/* Adds what of [start, end) no map of p covers. */
static void
map_fill(struct proc *p, uint64_t start, uint64_t end, uint32_t obj,
    uint64_t time)
{
	uint32_t *link = &p->maps, m, n;
	uint64_t stop;

	p->found = NOMAP;
	while (start < end) {
		while ((m = *link) != NOMAP && sc.maps[m].end <= start)
			link = &sc.maps[m].next;
		if (m != NOMAP && sc.maps[m].start <= start) {
			start = sc.maps[m].end;
			continue;
		}
		stop = m == NOMAP || sc.maps[m].start > end ? end :
		    sc.maps[m].start;
		if ((n = map_alloc(obj, time, start, stop, m)) == NOMAP)
			break;
		*link = n;
		link = &sc.maps[n].next;
		start = stop;
	}
}

/* An MMAP older than the last exec, read after it, is the replaced image's:
 * it goes only where nothing newer is. */
static void
hits_mmap(int32_t pid, unsigned cpumode, uint64_t start, uint64_t len,
    uint32_t obj, uint64_t time)
{
	struct proc *p;
	uint64_t end = start + len < start ? UINT64_MAX : start + len;

	if (cpumode == MISC_KERNEL)
		pid = -1;
	else if (cpumode != MISC_USER)
		return;
	if (!len)
		return;
	zombies_relieve();
	if (!(p = proc_find(pid)) && !(p = proc_new(pid))) {
		ot.objs[obj].hit |= HIT_MAYBE;
		return;
	}
	if (time && time < p->exec_time)
		map_fill(p, start, end, obj, time);
	else
		map_insert(p, start, end, obj, time);
	if (p->stacked)
		ot.objs[obj].hit |= HIT_CALLCHAIN;
	pend_retry(0, 0, pid);	// what waited for it, before an exec clears
}

/* The maps from before the exec go; those read earlier but later in time
 * stay. */
static void
hits_exec(int32_t pid, uint64_t time)
{
	struct proc *p = proc_find(pid);
	uint32_t *link, m;

	if (!p && (!time || !(p = proc_new(pid))))	// its FORK comes later
		return;
	if (!time) {
		proc_clear(p);
		return;
	}
	// the old image's maps stay two rounds, dated by the exec, for its
	// samples read late
	if (sc.rounds - p->retired_round >= 2 && pf.mode != MODE_DIR)
		maps_release(&p->retired);
	p->retired_round = sc.rounds;
	if (time > p->exec_time)	// execs too come out of order
		p->exec_time = time;
	p->found = NOMAP;
	for (link = &p->maps; (m = *link) != NOMAP;) {
		if (sc.maps[m].time && sc.maps[m].time >= time) {
			link = &sc.maps[m].next;
			continue;
		}
		*link = sc.maps[m].next;
		sc.maps[m].time = time;
		sc.maps[m].next = p->retired;
		p->retired = m;
	}
}

/* A new process copies its parent's maps, and keeps its parent and the
 * FORK's time for maps read later (proc_inherit); a thread shares them.
 * A FORK after the child's EXIT in time is a new process of that pid. */
static void
hits_fork(int32_t pid, int32_t ppid, uint64_t time)
{
	struct proc *parent, *child;
	uint32_t m, c, *tail;

	if (pid == ppid)
		return;
	zombies_relieve();
	if ((child = proc_find(pid)) && child->exited && time &&
	    time > child->exit_time) {
		proc_drop(pid);
		child = NULL;
	}
	if (!child && !(child = proc_new(pid))) {
		if ((parent = proc_find(ppid)))
			for (m = parent->maps; m != NOMAP; m = sc.maps[m].next)
				ot.objs[sc.maps[m].obj].hit |= HIT_MAYBE;
		return;
	}
	child->has_parent = 1;
	child->parent = ppid;
	child->fork_time = time;
	// read late (it has maps or an exec already), or before its
	// parent's records, it takes what it needs later (proc_inherit)
	if (child->maps != NOMAP || child->exec_time ||
	    !(parent = proc_find(ppid)) || parent == child)
		return;
	child->found = NOMAP;
	tail = &child->maps;
	for (m = parent->maps; m != NOMAP; m = sc.maps[m].next) {
		if (time && sc.maps[m].time > time)
			continue;	// the parent's, from after the FORK
		if ((c = map_alloc(sc.maps[m].obj, sc.maps[m].time,
		    sc.maps[m].start, sc.maps[m].end, NOMAP)) == NOMAP)
			continue;
		*tail = c;
		tail = &sc.maps[c].next;
	}
}

/* The replaced map holding addr at time: the image a sample then ran in */
static uint32_t
retired_find(uint32_t m, uint64_t addr, uint64_t time)
{
	uint32_t best = NOMAP;

	for (; m != NOMAP; m = sc.maps[m].next)
		if (sc.maps[m].start <= addr && addr < sc.maps[m].end &&
		    time < sc.maps[m].time &&
		    (best == NOMAP || sc.maps[m].time < sc.maps[best].time))
			best = m;
	return best;
}

static uint32_t
map_lookup(struct proc *p, uint64_t addr)
{
	uint32_t m = p->found;

	if (m != NOMAP && sc.maps[m].start <= addr && addr < sc.maps[m].end)
		return m;
	for (m = p->maps; m != NOMAP && sc.maps[m].start <= addr;
	    m = sc.maps[m].next)
		if (addr < sc.maps[m].end) {
			p->found = m;
			return m;
		}
	return NOMAP;
}

static int
exec_before(const struct proc *q, uint64_t t)
{
	uint32_t m;

	if (q->exec_time && q->exec_time <= t)
		return 1;
	for (m = q->retired; m != NOMAP; m = sc.maps[m].next)
		if (sc.maps[m].time <= t)
			return 1;
	return 0;
}

/* A miss at addr, for a sample at time: the map of the image an exec
 * replaced, or the one a parent had at FORK, up the parents while none
 * exec'd before; found, it goes under the process's own, dated by the
 * FORK.  After the last exec only while no map of the new image is there
 * (docs/design.md, the scope). */
static uint32_t
proc_inherit(struct proc *p, uint64_t addr, uint64_t time)
{
	struct proc *q = p;
	uint64_t t;
	uint32_t m, depth;

	if (time && p->exec_time && time >= p->exec_time) {
		for (m = p->maps; m != NOMAP; m = sc.maps[m].next)
			if (!sc.maps[m].time || sc.maps[m].time >= p->exec_time)
				return NOMAP;	// the new image's is there
		time = p->exec_time - 1;	// the image the exec replaced
	}
	if (time && (m = retired_find(p->retired, addr, time)) != NOMAP)
		return m;
	if (exec_before(p, time ? time : UINT64_MAX))
		return NOMAP;
	for (depth = 0; depth < 16 && q->has_parent; depth++) {
		t = q->fork_time;
		if (!(q = proc_find(q->parent)) || q == p)
			return NOMAP;
		m = map_lookup(q, addr);
		if (m != NOMAP && t && sc.maps[m].time > t)
			m = NOMAP;	// the parent's, from after the FORK
		if (m == NOMAP && t)
			m = retired_find(q->retired, addr, t);
		if (m != NOMAP) {
			map_fill(p, sc.maps[m].start, sc.maps[m].end,
			    sc.maps[m].obj, t);
			if (p->stacked)
				ot.objs[sc.maps[m].obj].hit |= HIT_CALLCHAIN;
			return map_lookup(p, addr);
		}
		if (exec_before(q, t ? t : UINT64_MAX))
			return NOMAP;
	}
	return NOMAP;
}

/* A guest's maps are not kept. */
static struct proc *
hit_proc(int32_t pid, unsigned cpumode)
{
	return cpumode == MISC_KERNEL ? proc_find(-1) : cpumode == MISC_USER ?
	    proc_find(pid) : NULL;
}

/* Marks the object addr falls in at time; 0 if none (then hit_miss). */
static int
hit(struct proc *p, uint64_t addr, uint8_t how, uint64_t time)
{
	uint32_t m, i;

	if (!p || ((m = map_lookup(p, addr)) == NOMAP &&
	    (m = proc_inherit(p, addr, time)) == NOMAP))
		return 0;
	// a map from after the sample may have replaced another build of
	// its path, whose MMAP comes later still: the hit is each build's
	if (time && sc.maps[m].time > time)
		for (i = ot.objs[sc.maps[m].obj].group; i != UINT32_MAX;
		    i = ot.objs[i].gnext - 1)
			ot.objs[i].hit |= how;
	else
		ot.objs[sc.maps[m].obj].hit |= how;
	return 1;
}

/* Pages still without a map stay, unless two rounds have passed (age) or
 * the data has ended (final). */
static void
pend_retry(int age, int final, int64_t pid)
{
	struct pend *e;
	struct proc *p;
	uint32_t i, k = 0;
	unsigned b;

	for (i = 0; i < sc.npend; i++) {
		e = &sc.pend[i];
		if (pid == PEND_ALL || e->pid == pid) {
			p = hit_proc(e->pid, e->mode);
			for (b = 0; b < 64; b++)
				if (e->pages >> b & 1 && hit(p, e->region <<
				    PEND_SHIFT | (uint64_t)b << 12, e->how, e->time))
					e->pages &= ~((uint64_t)1 << b);
			if (!e->pages)
				continue;
			if (final || (age &&
			    (uint16_t)(sc.rounds - e->round) >= 2)) {
				sc.hits_unknown +=
				    (uint64_t)popcount64(e->pages);
				continue;
			}
		}
		if (k != i)
			sc.pend[k] = *e;
		k++;
	}
	sc.npend = k;
}

static int
pend_mine(const struct pend *e, uint32_t n)
{
	uint64_t h = e->region ^ (uint64_t)(uint32_t)e->pid << 32 ^
	    (uint64_t)e->round << 16 ^ (uint64_t)e->mode << 8 ^ e->how;

	return (uint32_t)(h * 0x9e3779b97f4a7c15u >> 32) % n == sc.pend_k;
}

/* Pages this pass does not keep: another pass reads them, or, where none
 * can (a pipe, past PEND_SHARES or 256 passes, or where processes did not
 * fit, whose maps no pass keeps), they are counted given up. */
static void
pend_drop(const struct pend *e)
{
	if (ps.passes_ok && sc.pend_n <= PEND_SHARES &&
	    !sc.hits_dropped_procs && ps.nreads + PEND_SHARES <= 256)
		sc.pend_read = sc.pend_n;
	if (!pend_mine(e, sc.pend_read))
		return;
	if (e->how == HIT_SAMPLE)
		sc.hits_unresolved += (uint64_t)popcount64(e->pages);
	else
		sc.hits_unresolved_cc += (uint64_t)popcount64(e->pages);
}

static void
pend_add(int32_t pid, unsigned mode, uint64_t addr, uint8_t how,
    uint64_t time)
{
	struct pend *e, n = { .region = addr >> PEND_SHIFT, .time = time,
	    .pages = (uint64_t)1 << (addr >> 12 & 63), .pid = pid,
	    .round = (uint16_t)sc.rounds, .mode = (uint8_t)mode, .how = how };
	uint32_t i, k;

	if (pend_mine(&n, sc.pend_n)) {
		for (i = sc.npend; i-- > 0;) {
			e = &sc.pend[i];
			if (e->region == n.region && e->pid == pid &&
			    e->mode == mode && e->how == how &&
			    e->round == n.round) {
				e->pages |= n.pages;
				return;
			}
		}
		if (sc.npend == PERFMT_MAXPEND)
			pend_retry(0, 0, PEND_ALL);
	}
	while (sc.npend == PERFMT_MAXPEND && pend_mine(&n, sc.pend_n)) {
		// half the share stays; past the last share, none
		if (sc.pend_n <= PEND_SHARES)
			sc.pend_n *= 2;
		for (i = k = 0; i < sc.npend; i++)
			if (sc.pend_n <= PEND_SHARES &&
			    pend_mine(&sc.pend[i], sc.pend_n))
				sc.pend[k++] = sc.pend[i];
			else
				pend_drop(&sc.pend[i]);
		sc.npend = k;
	}
	if (pend_mine(&n, sc.pend_n))
		sc.pend[sc.npend++] = n;
	else
		pend_drop(&n);
}

/* The sample waits for an MMAP read later (wait), or is unknown.  No user
 * map holds an address from 2^56 up (the largest user address spaces, of
 * 57 bits, end there): frame-pointer chains hold many such words. */
static void
hit_miss(int32_t pid, unsigned cpumode, uint64_t addr, uint8_t how,
    uint64_t time, int wait)
{
	if (cpumode == MISC_KERNEL)
		pid = -1;
	else if (cpumode != MISC_USER)
		return;
	if (wait && (cpumode == MISC_KERNEL || !(addr >> 56)))
		pend_add(pid, cpumode, addr, how, time);
	else
		sc.hits_unknown++;
}

/* uapi PERF_CONTEXT_* markers; 0 for a mode not kept */
static unsigned
context_mode(uint64_t ip, unsigned mode)
{
	switch ((int64_t)ip) {
	case -128:
		return MISC_KERNEL;
	case -512:
	case -640:
		return MISC_USER;
	default:
		return (int64_t)ip >= -4095 ? 0 : mode;
	}
}

/* A user stack (--call-graph dwarf) may be unwound through any object the
 * process maps, later ones too (hits_mmap); one that has not exec'd runs
 * its parent's image, so the ancestors' maps count. */
static void
proc_stacked(int32_t pid)
{
	struct proc *p = proc_find(pid), *q;
	uint32_t m, depth;

	if (!p && !(p = proc_new(pid))) {
		sc.hits_unplaced++;	// what it maps is not known
		return;
	}
	if (p->stacked)
		return;
	p->stacked = 1;
	for (q = p, depth = 0; q && depth < 16; depth++) {
		for (m = q->maps; m != NOMAP; m = sc.maps[m].next)
			ot.objs[sc.maps[m].obj].hit |= HIT_CALLCHAIN;
		if (q->exec_time || !q->has_parent)
			break;
		q = proc_find(q->parent);
	}
}

static void
sample_hits(const struct attr *a, const unsigned char *p, size_t n,
    uint16_t misc)
{
	unsigned mode = misc & MISC_CPUMODE, cmode = mode;
	int32_t pid;
	uint64_t nr, i, ip;
	size_t off;
	int found, wait, user = -1; /* did the first user address have a map */
	uint64_t t = 0, ip0;
	struct proc *kp, *up;

	// a branch stack (perf record -b, --call-graph lbr) names addresses
	// in any object of the process
	if (a->ip_off < 0 || a->tid_off < 0 ||
	    (a->sample_type & S_BRANCH_STACK)) {
		sc.hits_unplaced++;
		return;
	}
	if ((size_t)a->tid_off + 8 > n || (size_t)a->ip_off + 8 > n)
		return;
	pid = (int32_t)get32(p + a->tid_off, pf.be);
	if (a->time_off >= 0 && (size_t)a->time_off + 8 <= n)
		t = get64(p + a->time_off, pf.be);
	ip = get64(p + a->ip_off, pf.be);
	if (!(found = hit(hit_proc(pid, mode), ip, HIT_SAMPLE, t)))
		hit_miss(pid, mode, ip, HIT_SAMPLE, t, 1);
	if (mode == MISC_USER)
		user = found;
	if (plan.hits != HITS_CALLCHAIN)
		return;
	if ((a->sample_type & S_STACK_USER) && pid != -1)
		proc_stacked(pid);
	if (a->cc_off == -1)
		return;
	if (a->cc_off >= 0) {
		off = (size_t)a->cc_off;
	} else {
		// a group READ (fmt §3.7)
		off = (size_t)a->read_off;
		if (off + 8 > n)
			return;
		nr = get64(p + off, pf.be);
		i = 8 + 8 * (uint64_t)popcount64(a->read_format &
		    (RF_ENABLED | RF_RUNNING)) + nr * 8 * (1 + (uint64_t)
		    popcount64(a->read_format & (RF_ID | RF_LOST)));
		if (nr > n || i > n - off)
			return;
		off += (size_t)i;
	}
	if (off + 8 > n)
		return;
	nr = get64(p + off, pf.be);
	off += 8;
	if (nr > (n - off) / 8)
		nr = (n - off) / 8;
	ip0 = ip;
	kp = hit_proc(pid, MISC_KERNEL);
	up = hit_proc(pid, MISC_USER);
	for (i = 0; i < nr; i++) {
		ip = get64(p + off + 8 * i, pf.be);
		if (ip >= (uint64_t)-4095) {
			cmode = context_mode(ip, cmode);
			continue;
		}
		if (!cmode || (i == 0 && ip == ip0))
			continue;
		// frame-pointer chains hold garbage: a miss waits only while
		// the user maps seem not there yet (the first user address
		// had none); the kernel's are there from the start
		wait = cmode == MISC_USER && user <= 0;
		if (!(found = hit(cmode == MISC_KERNEL ? kp :
		    cmode == MISC_USER ? up : NULL, ip, HIT_CALLCHAIN, t)))
			hit_miss(pid, cmode, ip, HIT_CALLCHAIN, t, wait);
		if (cmode == MISC_USER && user < 0)
			user = found;
	}
}

static uint8_t
hit_mask(void)
{
	return plan.hits == HITS_CALLCHAIN ? HIT_SAMPLE | HIT_CALLCHAIN :
	    HIT_SAMPLE;
}

static void
rec_sample(const unsigned char *p, size_t n, uint16_t misc)
{
	const struct attr *a = sample_attr(p, n);
	uint64_t t;

	if (!a) {
		sc.hits_unplaced++;
		return;
	}
	if (plan.hits)
		sample_hits(a, p, n, misc);
	if (a->time_off < 0 || (size_t)a->time_off + 8 > n)
		return;
	t = get64(p + a->time_off, pf.be);
	if (!pf.n_timed++ || t < pf.t_first)
		pf.t_first = t;
	if (t > pf.t_last)
		pf.t_last = t;
}

/* "[kernel.kallsyms]_text" is "[kernel.kallsyms]" (fmt §3.4) */
static size_t
map_name_len(const unsigned char *s, size_t n, unsigned cpumode)
{
	const unsigned char *e;

	if (cpumode == MISC_KERNEL && n > 17 &&
	    !memcmp(s, "[kernel.kallsyms]", 17))
		return 17;
	if (cpumode == MISC_GUEST_KERNEL && n > 22 &&
	    !memcmp(s, "[guest.kernel.kallsyms", 22) &&
	    (e = memchr(s, ']', n)))
		return (size_t)(e - s) + 1;
	return n;
}

/* perf's map.c: is_anon_memory, is_no_dso_memory */
static int
anon_exec(const unsigned char *s, size_t n)
{
	static const char *const starts[] = {
		"/dev/zero", "/anon_hugepage", "[stack", "/SYSV"
	};
	size_t i;

	if (n == 6 && (!memcmp(s, "//anon", 6) || !memcmp(s, "[heap]", 6)))
		return 1;
	for (i = 0; i < sizeof starts / sizeof *starts; i++)
		if (n >= strlen(starts[i]) &&
		    !memcmp(s, starts[i], strlen(starts[i])))
			return 1;
	return 0;
}

/* perf inject does not swap prot (fmt §4): one plausible only in the other
 * byte order is read so. */
static uint32_t
mmap2_prot(const unsigned char *p)
{
	uint32_t v = get32(p, pf.be), w = get32(p, !pf.be);

	return v > 0xff && w <= 0xff ? w : v;
}

/* fmt §3.4 */
static void
rec_mmap(uint32_t type, uint16_t misc, const unsigned char *p, size_t size,
    uint64_t off)
{
	size_t at = type == R_MMAP ? 40 : 72, n, idlen = 0;
	unsigned cpumode = misc & MISC_CPUMODE, src = SRC_MMAP;
	const unsigned char *name = p + at, *z, *id = NULL;
	char jit[32];
	struct obj *o;
	int renamed = 0;
	uint64_t t, gen;
	uint32_t first;
	int32_t machine = cpumode == MISC_GUEST_KERNEL ||
	    cpumode == MISC_GUEST_USER ? 0 : -1;
	int exec = !(misc & MISC_MMAP_DATA);

	if (size <= at) {
		damage(2, off, "%s record of %zu bytes has no room for a file "
		    "name", rec_name(type), size);
		return;
	}
	if (!(z = memchr(name, 0, size - at))) {
		damage(2, off, "%s record: file name not terminated within the "
		    "record", rec_name(type));
		return;
	}
	if (type == R_MMAP2) {
		// a user mapping without PROT_EXEC is data; kernel maps
		// synthesized with build-IDs carry prot 0 (fmt §3.4)
		if ((cpumode == MISC_USER || cpumode == MISC_GUEST_USER) &&
		    !(mmap2_prot(p + 64) & 4))
			exec = 0;
		if (misc & MISC_MMAP_BUILD_ID) {
			idlen = p[40];
			id = p + 44;
			if (idlen > IDMAX) {
				damage(1, off, "MMAP2 build-ID size %zu is over "
				    "20; using 20", idlen);
				idlen = IDMAX;
			}
		}
	}
	n = map_name_len(name, (size_t)(z - name), cpumode);
	// perf names executable anonymous memory by the JIT's symbol map
	if (exec && cpumode == MISC_USER && anon_exec(name, (size_t)(z - name))) {
		n = (size_t)snprintf(jit, sizeof jit, "/tmp/perf-%" PRId32 ".map",
		    (int32_t)get32(p + 8, pf.be));
		name = (const unsigned char *)jit;
		renamed = 1;
	}
	pf.n_mmap++;
	// a 32-bit process's vDSO lies below 4 GiB, and is another image
	// than a 64-bit one's (inject asks)
	if (n == 6 && !memcmp(name, "[vdso]", 6)) {
		if (get64(p + 16, pf.be) >> 32)
			pf.vdso_high++;
		else
			pf.vdso_low++;
	}
	if (exec) {
		pf.n_mmap_exec++;
		src |= SRC_EXEC;
	}
	if (idlen) {
		pf.n_mmapid++;
		src |= SRC_MMAP2ID;
	}
	if (!exec && !idlen && !plan.data_maps)
		return;
	o = obj_add(machine, (const char *)name, n, id, idlen, src, cpumode);
	first = o ? o->maptime : 0;
	obj_maptime(o, t = rec_time(p, size), pf.sample_first);
	// the inode is the memory's (/dev/zero, a SysV segment), not the
	// JIT map's that took its name; a generation wider than the kernel's
	// u32 is stray bytes, unknown as 0 is (fmt §3.4)
	if (type == R_MMAP2 && !idlen && !(misc & MISC_MMAP_BUILD_ID) &&
	    !renamed) {
		gen = get64(p + 56, pf.be);
		obj_inode(o, get32(p + 40, pf.be), get32(p + 44, pf.be),
		    get64(p + 48, pf.be), gen >> 32 ? 0 : (uint32_t)gen,
		    o && o->maptime < first);
	}
	if (plan.hits && exec && o)
		hits_mmap((int32_t)get32(p + 8, pf.be), cpumode,
		    get64(p + 16, pf.be), get64(p + 24, pf.be),
		    (uint32_t)(o - ot.objs), t);
}

/* HEADER_ATTR (fmt §3.8) */
static void
rec_attr(const unsigned char *p, size_t size, uint64_t off)
{
	uint32_t asz;
	int ai;

	asz = get32(p + 12, pf.be);
	if (!asz)
		asz = 64;	// perf: size 0 means PERF_ATTR_SIZE_VER0
	if (asz > size - 8) {
		damage(2, off, "HEADER_ATTR record of %zu bytes holds an attr "
		    "of %" PRIu32, size, asz);
		return;
	}
	ai = attr_add(p + 8, asz, off);
	attr_ids(ai, p + 8 + asz, (size - 8 - asz) / 8);
}

/* HEADER_FEATURE (fmt §1.8); feature 32 without payload ends perf 6.1x's */
static void
rec_feature(const unsigned char *p, size_t size, uint64_t off)
{
	uint64_t feat;
	struct rd r;

	feat = get64(p + 8, pf.be);
	if (feat >= FT_LAST_61 && size == 16)
		return;
	if (feat >= 256) {
		damage(1, off, "HEADER_FEATURE record for feature %" PRIu64
		    " (perf knows fewer than 256)", feat);
		return;
	}
	pf.feat[feat / 64] |= (uint64_t)1 << (feat % 64);
	rd_mem(&r, p + 16, size - 16, off + 16);
	feat_parse((unsigned)feat, &r);
}

/* A kernel record whose time (rec_time) the walk reads */
static int
rec_timed(uint32_t type)
{
	return type < R_ATTR && type != R_SAMPLE && (plan.span || want_times());
}

static size_t
body_need(uint32_t type, size_t size)
{
	size_t n = 8;

	if (rec_timed(type))
		return size;
	switch (type) {
	case R_MMAP: case R_MMAP2: case R_ATTR: case R_BUILD_ID: case R_FEATURE:
	case R_COMPRESSED: case R_COMPRESSED2:
		return size;
	case R_SAMPLE:
		n = plan.hits ? size : 48;
		break;
	case R_COMM:
		n = plan.hits ? size : 24;	// for its time, at the end
		break;
	case R_FORK: case R_EXIT:
		n = 32;
		break;
	case R_AUXTRACE:
		n = 16;
		break;
	case R_TRACING_DATA:
		n = 12;
		break;
	}
	return n < size ? n : size;
}

/* The record at a walk's cursor, not yet stepped past: its need bytes
 * (body_need) at p; extra, the payload AUXTRACE and TRACING_DATA have
 * beyond their size (fmt §3.8). */
struct recv {
	uint64_t off, extra;
	uint32_t type, size;
	uint16_t misc;
	size_t need;
	const unsigned char *p;
};

/* RN_STRAY: too few bytes for a header, or a read error; RN_SMALL: a size
 * below the header's; RN_LONG: past the window; RN_CUT: need not read. */
enum { RN_REC, RN_END, RN_STRAY, RN_SMALL, RN_LONG, RN_CUT };

/* The one reading of a record header (fmt §3.1), for every walk over a
 * profile's records. */
static int
rec_next(struct rd *r, struct recv *v, int be)
{
	v->off = rd_tell(r);
	v->extra = 0;
	if (!(v->p = rd_peek(r, 8)))
		return r->err || r->len > r->pos ? RN_STRAY : RN_END;
	v->type = get32(v->p, be);
	v->misc = get16(v->p + 4, be);
	v->size = get16(v->p + 6, be);
	if (v->type >= R_SIMPLEPERF) {	// fmt §3.1
		v->size |= (uint32_t)v->misc << 16;
		v->misc = 0;
	}
	if (v->size < 8)
		return RN_SMALL;
	if (v->size > rd_left(r))
		return RN_LONG;
	v->need = body_need(v->type, v->size);
	if (!(v->p = rd_peek(r, v->need)))
		return RN_CUT;
	if (v->type == R_AUXTRACE && v->need >= 16)
		v->extra = get64(v->p + 8, be);
	else if (v->type == R_TRACING_DATA && v->need >= 12)
		v->extra = get32(v->p + 8, be);
	return RN_REC;
}

/* perf record -z (fmt §3.8).  zr.buf keeps decoded bytes until a whole
 * record is there; z_records refuses one over zr.buf, so once the whole
 * ones are taken there is room. */
static struct {
	unsigned char buf[2 * 65536 + 64];
	size_t len;
	int dead;	/* the stream failed: the rest is counted, not read */
} zr;

/* What decoding may give, against a crafted stream.  A record decodes to
 * at most the ring buffer it was compressed from (fmt §3.8: mmap_len) and
 * a block; that u32 claim is believed up to Z_MMAP_MAX, also the bound
 * without one.  The whole profile may give Z_RATIO times the zstd bytes
 * read, plus one record's bound. */
#define Z_MMAP_MAX ((uint64_t)1 << 30)
#define Z_RATIO 4096

static void rec_take(uint32_t type, uint16_t misc, const unsigned char *p,
    size_t need, size_t size, uint64_t off);

static void
z_start(void)
{
	zs_reset();
	zr.len = zr.dead = 0;
}

/* The whole records decoded so far; off is the COMPRESSED record's. */
static void
z_records(uint64_t off)
{
	struct rd r;
	struct recv v;
	int k;

	rd_mem(&r, zr.buf, zr.len, 0);
	while ((k = rec_next(&r, &v, pf.be)) == RN_REC) {
		pf.z_recs++;
		// a compressed record inside one is only counted
		rec_take(v.type, v.misc, v.p, v.type != R_COMPRESSED &&
		    v.type != R_COMPRESSED2 ? v.need : 0, v.size, off);
		rd_skip(&r, v.size);
	}
	if (k == RN_SMALL || (k == RN_LONG && v.size > sizeof zr.buf)) {
		damage(2, off, "in the data decoded from this COMPRESSED "
		    "record: a record of %s of size %" PRIu32 ", %s; the rest "
		    "of the stream is not read", rec_name(v.type), v.size,
		    k == RN_SMALL ? "below its own header" :
		    "over what a record decoded from one can be");
		zr.dead = 1;
		return;
	}
	memmove(zr.buf, zr.buf + v.off, zr.len - v.off);
	zr.len -= v.off;
}

static void
z_inflate(const unsigned char *p, size_t n, uint64_t off)
{
	int k;
	size_t got, n0 = n;
	uint64_t out = 0, max = pf.z_mmap_len;

	if (!max || max > Z_MMAP_MAX)
		max = Z_MMAP_MAX;
	max += ZS_BLOCK;
	pf.z_bytes += n;
	while (n && !zr.dead) {
		if ((k = zs_feed(p, n)) < 0) {
			damage(2, off, "COMPRESSED data: %s; the rest of the "
			    "stream is not read", zs_error());
			zr.dead = 1;
			return;
		}
		p += k;
		n -= (size_t)k;
		while (!zr.dead && (got = zs_read(zr.buf + zr.len,
		    sizeof zr.buf - zr.len)) > 0) {
			zr.len += got;
			pf.z_out += got;
			out += got;
			if (out > max) {
				damage(2, off, "COMPRESSED record of %zu bytes "
				    "of zstd decodes to more than %" PRIu64
				    " bytes, expected at most the ring buffer "
				    "it was compressed from (%" PRIu64 " bytes%s)"
				    " and a zstd block: a decompression bomb; "
				    "the rest of the stream is not read", n0,
				    max, max - ZS_BLOCK, max - ZS_BLOCK ==
				    pf.z_mmap_len ? " by the COMPRESSED feature"
				    : ", the most believed");
				zr.dead = 1;
				return;
			}
			if (pf.z_out > max &&
			    (pf.z_out - max) / Z_RATIO > pf.z_bytes) {
				damage(2, off, "COMPRESSED data: %" PRIu64
				    " bytes decoded from %" PRIu64 " bytes of "
				    "zstd, over %d times as many and a "
				    "record's bound (%" PRIu64 "): a "
				    "decompression bomb; the rest of the "
				    "stream is not read", pf.z_out,
				    pf.z_bytes, Z_RATIO, max);
				zr.dead = 1;
				return;
			}
			z_records(off);
		}
	}
}

/* perf leaves its zstd frame open: only a cut inside a block or a record
 * is damage. */
static void
z_end(uint64_t off)
{
	if (!pf.z_records || zr.dead)
		return;
	if (zs_finish() < 0)
		damage(1, off, "the compressed stream ends inside a block: %s",
		    zs_error());
	else if (zr.len)
		damage(1, off, "the compressed stream ends inside a record "
		    "(%zu of its bytes decoded)", zr.len);
}

/* The records' span, samples apart: the EXIT of a workload that slept
 * comes long after its last sample. */
static void
rec_stamp(uint64_t t)
{
	if (!t)
		return;
	if (!pf.r_first || t < pf.r_first)
		pf.r_first = t;
	if (t > pf.r_last)
		pf.r_last = t;
}

/* Every record, of the file or a COMPRESSED one; need 0: only counted. */
static void
rec_take(uint32_t type, uint16_t misc, const unsigned char *p, size_t need,
    size_t size, uint64_t off)
{
	pf.nrec++;
	pf.recbytes += size;
	count_type(type);
	if (!need)
		return;
	// the fixed part handlers read before their own checks
	if (size < (type == R_BUILD_ID ? 36 : type == R_ATTR ||
	    type == R_FEATURE ? 16 : 8)) {
		damage(2, off, "%s record of %zu bytes", rec_name(type), size);
		return;
	}
	if (need == size && rec_timed(type))
		rec_stamp(rec_time(p, size));
	switch (type) {
	case R_MMAP: case R_MMAP2:
		rec_mmap(type, misc, p, size, off);
		break;
	case R_SAMPLE:
		if (want_samples())
			rec_sample(p, need, misc);
		break;
	case R_COMM:
		if (plan.hits && (misc & MISC_COMM_EXEC) && need >= 16)
			hits_exec((int32_t)get32(p + 8, pf.be),
			    need == size ? rec_time(p, size) : 0);
		break;
	case R_FORK:
		if (plan.hits && need >= 24) {
			hits_fork((int32_t)get32(p + 8, pf.be),
			    (int32_t)get32(p + 12, pf.be), need >= 32 ?
			    get64(p + 24, pf.be) : 0);
			pend_retry(0, 0, (int32_t)get32(p + 8, pf.be));
		}
		break;
	case R_EXIT:
		// the process is gone when its main thread exits
		if (plan.hits && need >= 24 && get32(p + 8, pf.be) ==
		    get32(p + 16, pf.be))
			proc_exit((int32_t)get32(p + 8, pf.be), need >= 32 ?
			    get64(p + 24, pf.be) : 0);
		break;
	case R_FINISHED_ROUND:
		if (plan.hits)
			zombies_round();
		break;
	case R_ATTR:
		rec_attr(p, size, off);
		break;
	case R_BUILD_ID:
		bid_entry(p, size, 0, SRC_RECORD, off);
		break;
	case R_FEATURE:
		rec_feature(p, size, off);
		break;
	case R_COMPRESSED:
		pf.z_records++;
		z_inflate(p + 8, size - 8, off);
		break;
	case R_COMPRESSED2:	// fmt §3.8
		pf.z_records++;
		if (need < 16 || get64(p + 8, pf.be) > size - 16) {
			damage(2, off, "COMPRESSED2 record of %zu bytes says it "
			    "holds %" PRIu64 " bytes of data", size, need >= 16 ?
			    get64(p + 8, pf.be) : 0);
			break;
		}
		z_inflate(p + 16, (size_t)get64(p + 8, pf.be), off);
		break;
	}
}

static void
cut_short(struct rd *r, int at_eof, uint64_t off, uint32_t type,
    uint64_t size)
{
	if (r->err)
		damage(2, off, "read error: %s", strerror(r->err));
	else if (at_eof)
		damage(1, off, "the last record (%s, %" PRIu64 " bytes) is cut "
		    "short by the end of the file: truncated; %" PRIu64
		    " whole records read", rec_name(type), size, pf.nrec);
	else
		damage(2, off, "%s record of %" PRIu64 " bytes runs past the "
		    "end of the data section at %#" PRIx64, rec_name(type),
		    size, r->end);
}

/* A progress line on a terminal, for a scan that takes more than a second
 * (PERFMT_PROGRESS_DELAY ms), redrawn in place and erased at the end. */
static struct {
	int on, shown;
	int64_t start, last, delay;
	uint64_t base;		/* bytes of the streams already read */
} prog;

static int64_t
now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void
progress_begin(void)
{
	const char *d = getenv("PERFMT_PROGRESS_DELAY");
	uint64_t ms;

	prog.on = isatty(2) && !rpt.msg_mute;
	prog.shown = 0;
	prog.base = 0;
	prog.delay = d && dec_value(d, 86400000, &ms) ? (int64_t)ms : 1000;
	prog.start = prog.last = prog.on ? now_ms() : 0;
}

static void
progress_tick(uint64_t at)
{
	int64_t t, ms;
	uint64_t done = prog.base + at;

	if (!prog.on || (t = now_ms()) - prog.start < prog.delay ||
	    (prog.shown && t - prog.last < 200))
		return;
	prog.last = t;
	prog.shown = 1;
	ms = t - prog.start > 0 ? t - prog.start : 1;
	fprintf(stderr, "\rperfmt: %s%s: %" PRIu64 " MB", ps.npasses ?
	    "another pass over " : "", esc(pf_shown()), done >> 20);
	if (pf.fsize && pf.mode == MODE_FILE)
		fprintf(stderr, " of %" PRIu64 " MB (%" PRIu64 "%%)",
		    pf.fsize >> 20, done * 100 / pf.fsize);
	fprintf(stderr, ", %" PRIu64 " MB/s\033[K", (done >> 20) * 1000 /
	    (uint64_t)ms);
}

static void
progress_end(void)
{
	if (prog.shown)
		fputs("\r\033[K", stderr);
	prog.on = prog.shown = 0;
}

/* One record of the first pass; 0 when the walk must stop. */
static int
scan_one(struct rd *r, int at_eof)
{
	struct recv v;
	int k = rec_next(r, &v, pf.be);

	pf.walk_end = v.off;	// the end of the last whole record, if it stops
	if (k == RN_STRAY && r->err)
		damage(2, v.off, "read error: %s", strerror(r->err));
	else if (k == RN_STRAY)
		damage(at_eof ? 1 : 2, v.off, "%zu stray bytes after the last "
		    "whole record (%" PRIu64 " read): no room for a record "
		    "header", r->len - r->pos, pf.nrec);
	else if (k == RN_SMALL)
		damage(2, v.off, "record of %s has size %" PRIu32 ", below its "
		    "own 8-byte header: cannot step past it; %" PRIu64
		    " records read", rec_name(v.type), v.size, pf.nrec);
	else if (k == RN_LONG || k == RN_CUT)
		cut_short(r, at_eof || (k == RN_CUT && r->end == RD_OPEN),
		    v.off, v.type, v.size);
	if (k != RN_REC)
		return 0;
	rec_take(v.type, v.misc, v.p, v.need, v.size, v.off);
	if (!rd_skip(r, v.size)) {
		cut_short(r, 1, v.off, v.type, v.size);
		return 0;
	}
	if (v.type == R_AUXTRACE)
		pf.aux_bytes += v.extra;
	else if (v.type == R_TRACING_DATA)
		pf.tracing_bytes += v.extra;
	if (v.extra && !rd_skip(r, v.extra)) {
		damage(at_eof || r->end == RD_OPEN ? 1 : 2, v.off, "%s payload "
		    "of %" PRIu64 " bytes runs past the end of the %s",
		    rec_name(v.type), v.extra, at_eof ? "file" : "data section");
		return 0;
	}
	return 1;
}

/* at_eof: the window ends where the file does, so a cut record is a cut
 * file (damage 1) rather than a malformed data section (damage 2). */
static void
scan_records(struct rd *r, int at_eof)
{
	z_start();
	do
		progress_tick(rd_tell(r));
	while (scan_one(r, at_eof));
	z_end(rd_tell(r));
}

/* ==== 11. perf.data: opening a profile ==================================
 * fmt §1.1; a directory, fmt §5.6.
 */
/* The input being opened: standard input may be inject's copy of a
 * pipe, whose times are the copy's; a directory's data file. */
static struct {
	int stdin_copy;
	char dir_file[4096];	/* `data`, or the data.N read */
} input;

static void
pf_reset(const char *path)
{
	memset(&pf, 0, sizeof pf);
	pf.path = pf.cur = path;
	pf.fd = -1;
	memset(ot.obj_head, 0, sizeof ot.obj_head);
	ot.objs[OBJ_OTHER].group = OBJ_OTHER;
	ot.nobj = ot.obj_dropped = 0;
	ot.arena_used = ot.map_base = 0;
	hits_reset();
}

/* fmt §1.3; the legacy "PERFFILE" by perf's guess from the sizes */
static int
pf_magic(const unsigned char *p)
{
	static const unsigned char sizes[] = { 80, 88, 96, 112, 120 };
	int be, i;

	if (!memcmp(p, "PERFILE2", 8) || !memcmp(p, "2ELIFREP", 8)) {
		pf.be = p[0] == '2';
		return 1;
	}
	if (memcmp(p, "PERFFILE", 8))
		return 0;
	pf.legacy = 1;
	for (be = 0; be < 2; be++) {
		pf.be = be;
		if (get64(p + 8, be) == 16)
			return 1;
		for (i = 0; i < 5; i++)
			if (get64(p + 16, be) == sizes[i])
				return 1;
	}
	return -1;
}

/* A 32-bit big-endian writer's bitmap, by perf's test (fmt §4) */
static void
pf_bitmap(const unsigned char *p)
{
	uint64_t w[4];
	int i;

	for (i = 0; i < 4; i++)
		pf.feat[i] = get64(p + 8 * i, pf.be);
	if (!pf.be || feat_has(FT_HOSTNAME))
		return;
	for (i = 0; i < 4; i++)
		w[i] = get32(p + 8 * i, 1) | (uint64_t)get32(p + 8 * i + 4, 1) << 32;
	if ((pf.bitmap32 = w[0] >> FT_HOSTNAME & 1))
		memcpy(pf.feat, w, sizeof w);
}

static int
range_ok(uint64_t off, uint64_t len, uint64_t size)
{
	return !(off > size || len > size - off);
}

/* fmt §1.2: the u64 fields after the magic, in order */
static int
pf_file_header(struct rd *r)
{
	static uint64_t *const field[] = { &pf.hdr_size, &pf.attr_size,
		&pf.attrs_off, &pf.attrs_size, &pf.data_off, &pf.data_size };
	const unsigned char *p;
	unsigned i;

	if (!(p = rd_peek(r, 72))) {
		damage(2, 0, "file of %" PRIu64 " bytes is too short for a "
		    "perf.data header", pf.fsize);
		return 0;
	}
	for (i = 0; i < 6; i++)
		*field[i] = get64(p + 8 + 8 * i, pf.be);
	if (pf.hdr_size != 104 && pf.hdr_size != 72) {
		damage(2, 8, "header size %" PRIu64 ", expected 104, 72 or 16 "
		    "(pipe mode)", pf.hdr_size);
		return 0;
	}
	if (pf.hdr_size == 104) {
		if (!(p = rd_peek(r, 104))) {
			damage(2, 72, "feature bitmap cut short by the end of "
			    "the file");
			return 0;
		}
		pf_bitmap(p + 72);
	}
	// perf's checks before it trusts the sections (header.c)
	if (pf.attrs_off < pf.hdr_size || pf.data_off < pf.hdr_size) {
		damage(2, 24, "attrs at %#" PRIx64 " or data at %#" PRIx64
		    " overlap the %" PRIu64 "-byte header", pf.attrs_off,
		    pf.data_off, pf.hdr_size);
		return 0;
	}
	if (!range_ok(pf.attrs_off, pf.attrs_size, pf.fsize)) {
		damage(2, 24, "attrs section at %#" PRIx64 " (%" PRIu64
		    " bytes) lies past the end of the file (%" PRIu64
		    " bytes)", pf.attrs_off, pf.attrs_size, pf.fsize);
		return 0;
	}
	if (pf.data_off > pf.fsize) {
		damage(2, 40, "data section starts at %#" PRIx64 ", past the "
		    "end of the file (%" PRIu64 " bytes)", pf.data_off,
		    pf.fsize);
		return 0;
	}
	return 1;
}

/* Whole words of zeros from off, within 64 bytes, leaving a byte to end */
static uint64_t
skip_zeros(uint64_t off, uint64_t end)
{
	unsigned char z[64];
	const unsigned char *p;
	struct rd r;

	rd_file(&r, pf.fd, 1, z, sizeof z, off,
	    end - off < sizeof z ? end : off + sizeof z);
	while ((p = rd_peek(&r, 9)) && all_zero(p, 8))
		rd_skip(&r, 8);
	return rd_tell(&r);
}

/* The data section, clamped to the file: fmt §5.1, §5.2 */
static void
pf_file_data(void)
{
	uint64_t end, start;
	int at_eof = 1;
	struct rd r;

	if (pf.data_size == 0) {
		pf.unfinished = 1;
		end = pf.fsize;
		if (pf.fsize > pf.data_off)
			damage(1, 48, "data size is 0: perf record did not "
			    "finish (killed?); records read to the end of the "
			    "file");
	} else if (pf.data_size > pf.fsize - pf.data_off) {
		end = pf.fsize;
		damage(1, 48, "data section of %" PRIu64 " bytes ends past the "
		    "end of the file (%" PRIu64 " bytes): truncated",
		    pf.data_size, pf.fsize);
	} else {
		end = pf.data_off + pf.data_size;
		at_eof = end == pf.fsize;
	}
	start = pf.data_off;
	// perf 6.1 inject of a pipe points data.offset at the ids and attrs
	// it wrote first, then 8 zero bytes; the records follow
	if (pf.meta_lo == start && pf.meta_hi > start && pf.meta_hi <= end) {
		start = skip_zeros(pf.meta_hi, end);
		damage(0, 40, "the ids and attrs lie over the start of the "
		    "data section (as perf 6.1 inject writes a pipe's); "
		    "records read from %#" PRIx64, start);
	}
	if (pf.attrs_size && pf.attrs_off < end && start < pf.attrs_off +
	    pf.attrs_size)
		damage(1, 24, "attrs section [%#" PRIx64 ", %#" PRIx64 ") "
		    "overlaps the data section [%#" PRIx64 ", %#" PRIx64 ")",
		    pf.attrs_off, pf.attrs_off + pf.attrs_size, start, end);
	posix_fadvise(pf.fd, (off_t)start, (off_t)(end - start),
	    POSIX_FADV_SEQUENTIAL);
	rd_file(&r, pf.fd, 1, bufs.data, sizeof bufs.data, start, end);
	scan_records(&r, at_eof);
}

static int
pf_stream(int fd, int seekable)
{
	const unsigned char *p;
	struct rd r;
	int m;

	rd_file(&r, fd, seekable, bufs.data, sizeof bufs.data, 0,
	    seekable ? pf.fsize : RD_OPEN);
	if (!(p = rd_peek(&r, 16))) {
		if (r.err)
			msg(2, "%s: read error: %s", esc(pf.cur), strerror(r.err));
		else if (r.len)
			msg(2, "%s: offset 0: %zu bytes: not a perf.data file "
			    "(its header takes 16 at least)", esc(pf.cur),
			    r.len);
		else
			msg(2, "%s: empty: not a perf.data file", esc(pf.cur));
		return 0;
	}
	if ((m = pf_magic(p)) <= 0) {
		char hex[17];

		hex_into(hex, p, 8);
		if (m < 0)
			msg(2, "%s: legacy PERFFILE header whose sizes fit "
			    "neither byte order", esc(pf.cur));
		else
			msg(2, "%s: not a perf.data file (starts with %s, "
			    "expected PERFILE2)", esc(pf.cur), hex);
		return 0;
	}
	if (get64(p + 8, pf.be) == 16) {
		pf.mode = MODE_PIPE;
		rd_skip(&r, 16);
		scan_records(&r, 1);
		return 1;
	}
	if (!seekable) {
		msg(2, "%s: a file-mode perf.data cannot be read from a pipe; "
		    "give the file with -i FILE", esc(pf.cur));
		return 0;
	}
	if (!pf_file_header(&r) || !read_attrs(bufs.feat, sizeof bufs.feat))
		return 0;
	if (pf.data_size)
		read_features();
	pf_file_data();
	return 1;
}

/* ns since the epoch, saturated outside 1677 to 2262 (ext4 goes to 2446):
 * the bound still compares right, and time_into prints it as a bound. */
static int64_t
ts_ns(const struct timespec *t)
{
	if (t->tv_sec > (INT64_MAX - t->tv_nsec) / 1000000000)
		return INT64_MAX;
	if (t->tv_sec < INT64_MIN / 1000000000)
		return INT64_MIN;
	return (int64_t)t->tv_sec * 1000000000 + t->tv_nsec;
}

static int64_t
mtime_ns(const struct stat *st)
{
	return ts_ns(&st->st_mtim);
}

/* By statx called directly, as musl 1.2.3 has no wrapper: struct statx
 * holds the u32 stx_mask at 0, stx_btime {s64 sec, u32 nsec} at 80. */
static int
birth_time(int fd, const char *path, int64_t *ns)
{
#ifdef SYS_statx
	unsigned char b[256];
	uint32_t mask, nsec;
	int64_t sec;

	memset(b, 0, sizeof b);
	if (syscall(SYS_statx, fd, path, path[0] ? 0 :
	    0x1000 /* AT_EMPTY_PATH */, 0x800 /* STATX_BTIME */, b))
		return 0;
	memcpy(&mask, b, 4);
	memcpy(&sec, b + 80, 8);
	memcpy(&nsec, b + 88, 4);
	if (!(mask & 0x800) || sec < 0 || sec > INT64_MAX / 1000000000 - 1)
		return 0;
	*ns = sec * 1000000000 + nsec;
	return 1;
#else
	(void)fd;
	(void)path;
	(void)ns;
	return 0;
#endif
}

/* chattr +a, where a file can be made but neither renamed nor removed:
 * STATX_ATTR_APPEND (0x20) in stx_attributes (at 8) and its mask (at 56) */
static int
append_only(int fd)
{
#ifdef SYS_statx
	unsigned char b[256];
	uint64_t attr, mask;

	memset(b, 0, sizeof b);
	if (syscall(SYS_statx, fd, "", 0x1000 /* AT_EMPTY_PATH */, 0, b))
		return 0;
	memcpy(&attr, b + 8, 8);
	memcpy(&mask, b + 56, 8);
	return (attr & mask & 0x20) != 0;
#else
	(void)fd;
	return 0;
#endif
}

/* perfmt inject's new file keeps the old one's birth as "BIRTH INODE" (ns,
 * its own inode): a copy that keeps xattrs is another inode. */
#define BIRTH_XATTR "user.perfmt.birth"

static int
birth_kept(int fd, const struct stat *st, int64_t *ns)
{
	char v[64];
	const char *end;
	ssize_t n = fgetxattr(fd, BIRTH_XATTR, v, sizeof v - 1);
	uint64_t b, ino;

	if (n <= 0)
		return 0;
	v[n] = 0;
	end = dec_run(v, INT64_MAX, &b);
	if (!end || !b || *end != ' ' || !dec_value(end + 1, UINT64_MAX,
	    &ino) || ino != (uint64_t)st->st_ino)
		return 0;
	*ns = (int64_t)b;
	return 1;
}

/* An mtime of whole seconds (FAT keeps two) gets two seconds' slack. */
static void
pf_file_times(int fd, const struct stat *st)
{
	pf.mtime = mtime_ns(st);
	pf.has_btime = birth_time(fd, "", &pf.btime);
	if ((pf.rewritten = birth_kept(fd, st, &pf.btime)))
		pf.has_btime = 1;
	pf.time_slack = st->st_mtim.tv_nsec ? 1000000 : 2000000000;
}

/* utc_into, but a time ts_ns saturated as the bound it lies past */
static void
time_into(char *buf, size_t cap, int64_t ns, int frac)
{
	if (ns == INT64_MAX)
		snprintf(buf, cap, "after 2262-04-11 23:47:16 UTC");
	else if (ns == INT64_MIN)
		snprintf(buf, cap, "before 1677-09-21 00:12:44 UTC");
	else
		utc_into(buf, cap, ns, frac);
}

static const char *file_kind(mode_t m);

/* A file as opened, folded into sig with i (data.i; UINT32_MAX the
 * perf.data): each pass, and inject's copy, opens the profile by name
 * again and must find what the first pass judged. */
static uint64_t
stream_sig(uint64_t sig, uint32_t i, const struct stat *st)
{
	uint64_t v[5];
	unsigned k;

	v[0] = i;
	v[1] = (uint64_t)st->st_dev;
	v[2] = (uint64_t)st->st_ino;
	v[3] = (uint64_t)st->st_size;
	v[4] = (uint64_t)mtime_ns(st);
	for (k = 0; k < 5; k++)
		sig = (sig ^ v[k]) * 0x100000001b3;	// FNV-1a's prime
	return sig;
}

/* A profile given may be a FIFO or a device (perf record -o - into one);
 * in a directory (regular) perf writes only regular files, and a FIFO
 * would block the open (O_NONBLOCK, for one put there after the stat). */
static int
pf_open_file(const char *path, int *seekable, int regular)
{
	struct stat st;
	int fd = -1;

	if (regular && !stat(path, &st) && !S_ISREG(st.st_mode))
		goto irregular;
	fd = open(path, O_RDONLY | O_NOCTTY | (regular ? O_NONBLOCK : 0));
	if (fd < 0 || fstat(fd, &st)) {
		msg(2, "%s:", esc(path));
		goto fail;
	}
	if (regular && !S_ISREG(st.st_mode))
		goto irregular;
	if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode) &&
	    !S_ISCHR(st.st_mode) && !S_ISSOCK(st.st_mode)) {
		msg(2, "%s: not a file, a pipe or a perf record directory",
		    esc(path));
		goto fail;
	}
	*seekable = S_ISREG(st.st_mode);
	pf.fsize = *seekable ? (uint64_t)st.st_size : 0;
	if (*seekable && !pf.file_sig) {	// a directory's data, not data.N
		pf_file_times(fd, &st);
		pf.file_sig = stream_sig(0, UINT32_MAX, &st);
	}
	return fd;
irregular:
	msg(2, "%s: %s, not a regular file: not read", esc(path),
	    file_kind(st.st_mode));
fail:
	if (fd >= 0)
		close(fd);
	return -1;
}

/* data.N by name, not readdir: opendir would be the one malloc. */
static void
pf_dir_streams(const char *dir)
{
	char *stream = input.dir_file;
	struct stat st;
	struct rd r;
	uint32_t i;
	int fd, seekable;

	for (i = 0; i <= PERFMT_MAXSTREAM; i++) {
		snprintf(stream, sizeof input.dir_file, "%s/data.%" PRIu32,
		    dir, i);
		if (stat(stream, &st))
			continue;
		if (i == PERFMT_MAXSTREAM) {
			msg(1, "%s: data.%d and later are not read (more "
			    "streams than PERFMT_MAXSTREAM)", esc(dir), i);
			break;
		}
		pf.cur = stream;
		if (!S_ISREG(st.st_mode)) {
			damage(1, NOPOS, "%s, not a regular file: not read",
			    file_kind(st.st_mode));
			continue;
		}
		if ((fd = pf_open_file(stream, &seekable, 1)) < 0)
			continue;
		if (!fstat(fd, &st))
			pf.streams_sig = stream_sig(pf.streams_sig, i, &st);
		pf.nstreams++;
		pf.stream_bytes += pf.fsize;
		rd_file(&r, fd, 1, bufs.data, sizeof bufs.data, 0, pf.fsize);
		scan_records(&r, 1);
		prog.base += pf.fsize;
		close(fd);
	}
}

static int
pf_dir(const char *dir)
{
	char *data = input.dir_file;
	uint64_t w, sz;
	int fd, seekable, ok;

	pf.mode = MODE_DIR;
	if ((size_t)snprintf(data, sizeof input.dir_file, "%s/data", dir) >=
	    sizeof input.dir_file) {
		msg(2, "%s: path too long", esc(dir));
		return 0;
	}
	pf.cur = data;
	if ((fd = pf_open_file(data, &seekable, 1)) < 0)
		return 0;
	pf.fd = fd;
	ok = pf_stream(fd, seekable);
	close(fd);
	if (!ok)
		return 0;
	pf.mode = MODE_DIR;
	prog.base = pf.fsize;
	if (!feat_has(FT_DIR_FORMAT) && pf.features_read)
		damage(1, NOPOS, "no DIR_FORMAT feature: not written by perf "
		    "record --threads; reading its data.N files anyway");
	// data's size and walk end stay: inject joins the streams after
	w = pf.walk_end;
	sz = pf.fsize;
	pf_dir_streams(dir);
	pf.walk_end = w;
	pf.fsize = sz;
	snprintf(data, sizeof input.dir_file, "%s/data", dir);
	pf.cur = data;
	return 1;
}

static int
pf_open_scan(const char *path)
{
	struct stat st;
	int in = !strcmp(path, "-"), fd = 0, seekable = 0, ok;

	if (in) {
		pf.cur = pf_shown();
		if (fstat(0, &st)) {
			msg(2, "%s:", pf.cur);
			return 0;
		}
		seekable = S_ISREG(st.st_mode);
		pf.fsize = seekable ? (uint64_t)st.st_size : 0;
		if (seekable && !input.stdin_copy)
			pf_file_times(0, &st);
	} else if (stat(path, &st)) {
		msg(2, "%s:", esc(path));
		return 0;
	} else if (S_ISDIR(st.st_mode)) {
		ps.passes_ok = plan.passes;
		return pf_dir(path);
	} else if ((fd = pf_open_file(path, &seekable, 0)) < 0) {
		return 0;
	}
	ps.passes_ok = plan.passes && seekable;
	// a file on stdin may be positioned anywhere
	if (in && seekable && lseek(0, 0, SEEK_CUR) != 0)
		seekable = 0;
	pf.fd = fd;
	ok = pf_stream(fd, seekable);
	if (!in)
		close(fd);
	pf.fd = -1;
	return ok;
}

/* 0 if the profile could not be read at all (said) */
static int
pf_load(const char *path)
{
	int ok;

	pf_reset(path);
	progress_begin();
	ok = pf_open_scan(path);
	if (plan.hits)
		pend_retry(0, 1, PEND_ALL);
	progress_end();
	return ok;
}

static void
passes_begin(void)
{
	ps.pass_sig[0] = ps.pass_sig[1] = 0;
	sc.hits_said = 0;
	ps.parts[0] = (struct part){ 0, 1 };
	ps.nparts = 1;
	ps.npasses = ps.nreads = 0;
	ps.part_lo = 0;
	ps.part_hi = PART_ALL;
	ps.others_mapped = 1;
}

/* The next share's width: what 7/8 of the table, the arena and (where they
 * hold this share's alone) the maps hold at this share's density; at most
 * twice this one. */
static uint64_t
part_width(void)
{
	uint64_t fit = PERFMT_MAXOBJ, w = ps.part_hi - ps.part_lo;

	if (ot.arena_used * fit > (uint64_t)PERFMT_ARENA * ot.nobj)
		fit = (uint64_t)PERFMT_ARENA * ot.nobj / ot.arena_used;
	if (!ps.others_mapped &&
	    sc.maps_peak * fit > (uint64_t)PERFMT_MAXMAP * ot.nobj)
		fit = (uint64_t)PERFMT_MAXMAP * ot.nobj / sc.maps_peak;
	fit -= fit / 8;
	return 2 * ot.nobj > fit ? w * fit / ot.nobj : 2 * w;
}

/* Loads the next share; 1 loaded, 0 none left, -1 unreadable. */
static int
next_pass(const char *path)
{
	uint32_t i, n, pn;
	uint64_t lost[2];	/* given up by the share's passes before */
	uint64_t w;

	while (ps.nparts > 0) {
		ps.nparts--;
		sc.pend_k = ps.parts[ps.nparts].pk;
		sc.pend_n = sc.pend_read = pn = ps.parts[ps.nparts].pn;
		rpt.msg_mute = ps.npasses > 0;
		lost[0] = sc.hits_unresolved;
		lost[1] = sc.hits_unresolved_cc;
		ps.nreads++;
		if (!pf_load(path)) {
			rpt.msg_mute = 0;
			return -1;
		}
		if (pn > 1) {
			sc.hits_unresolved += lost[0];
			sc.hits_unresolved_cc += lost[1];
		}
		if (!ps.pass_sig[0]) {
			ps.pass_sig[0] = pf.file_sig;
			ps.pass_sig[1] = pf.streams_sig;
		} else if (pf.file_sig != ps.pass_sig[0] ||
		    pf.streams_sig != ps.pass_sig[1]) {
			rpt.msg_mute = 0;
			msg(2, "%s: replaced or written while it was read: a later "
			    "pass read other bytes than the first",
			    esc(pf_shown()));
			return -1;
		}
		// halve the share, unless of one object or hash, or of
		// samples' passes; too many processes are only said (each
		// share maps libc); past 256 reads the next share takes every
		// name left, and says what it cannot keep
		if ((ot.obj_dropped || sc.hits_dropped_maps) && ps.passes_ok &&
		    ot.nobj > 1 && pn == 1 && ps.part_hi - ps.part_lo > 1 &&
		    (ps.nreads < 256 || ps.part_hi < PART_ALL)) {
			ps.others_mapped &= !sc.hits_dropped_maps;
			ps.part_hi = ps.nreads < 256 ? ps.part_lo +
			    (ps.part_hi - ps.part_lo) / 2 : PART_ALL;
			ps.parts[ps.nparts++] = (struct part){ 0, 1 };
			ps.npasses += !ps.npasses;
			continue;
		}
		// waiting samples without room get passes of their own; the
		// last returns the share's hits
		for (i = 0; i < ot.nobj; i++)
			ps.hits_kept[i] = ot.objs[i].hit |
			    (pn > 1 ? ps.hits_kept[i] : 0);
		for (n = pn; n < sc.pend_read; n *= 2)
			ps.parts[ps.nparts++] =
			    (struct part){ sc.pend_k + n, 2 * n };
		if (ps.nparts) {
			ps.npasses += !ps.npasses;
			continue;
		}
		for (i = 0; i < ot.nobj; i++)
			ot.objs[i].hit = ps.hits_kept[i];
		ps.npasses++;
		if (ps.part_hi < PART_ALL) {
			w = part_width();
			ps.part_lo = ps.part_hi;
			ps.part_hi = ps.nreads < 256 &&
			    w < PART_ALL - ps.part_lo ? ps.part_lo + w :
			    PART_ALL;
			ps.parts[ps.nparts++] = (struct part){ 0, 1 };
		}
		rpt.msg_mute = 0;
		return 1;
	}
	rpt.msg_mute = 0;
	return 0;
}

/* ==== 12. ELF notes =====================================================
 * fmt §6.2.  Of an ELF file only its headers, tables and notes are read;
 * class picks the field offsets, EI_DATA the byte order.  SHT_NOTE
 * sections serve files without program headers (kernel modules).
 */
struct elfid {
	unsigned char id[ELFIDMAX];
	size_t len;		/* the note's descriptor size */
	int is64, be, notelf;
	int deflated;		/* an APK's entry, compressed: not read */
	int absent;		/* an APK without the entry Android reads */
	int err;		/* errno of a stat or open that failed */
	uint64_t base, size;	/* the ELF file in the file read */
	unsigned machine;
	uint64_t shend;		/* where the section header table ends */
	uint32_t gen;		/* the inode's generation, 0 unknown */
	struct fsfacts {	/* fmt §8 */
		unsigned long type;	/* statfs's f_type, 0 unknown */
		int ro;		/* mounted read-only */
		int64_t subvol;	/* btrfs: its subvolume made, ns; 0 */
		int64_t birth;	/* the file's, ns; INT64_MIN unknown */
	} fs;
	char why[200];		/* what is wrong, when malformed */
};

static int
elf_why(struct elfid *e, int rc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(e->why, sizeof e->why, fmt, ap);
	va_end(ap);
	return rc;
}

/* The notes of a window (fmt §6.2; gABI "Note Section").  1 found, 0 not
 * found, -1 malformed. */
static int
note_walk(struct rd *r, int be, uint64_t align, struct elfid *e)
{
	const unsigned char *p;
	uint64_t off, left, namesz, descsz, descoff, next;
	size_t take;

	while ((left = rd_left(r)) >= 12) {
		off = rd_tell(r);
		if (!(p = rd_peek(r, 12)))
			return elf_why(e, -1, "offset %#" PRIx64 ": note cut "
			    "short by the end of the file", off);
		namesz = get32(p, be);
		descsz = get32(p + 4, be);
		descoff = align_up(12 + namesz, align);
		next = align_up(descoff + descsz, align);
		if (descoff + descsz > left)
			return elf_why(e, -1, "offset %#" PRIx64 ": note with "
			    "a %" PRIu64 "-byte name and a %" PRIu64 "-byte "
			    "descriptor overruns its %" PRIu64 "-byte area",
			    off, namesz, descsz, left);
		if (namesz == 4 && get32(p + 8, be) == NT_GNU_BUILD_ID &&
		    (p = rd_peek(r, 16)) && !memcmp(p + 12, ELF_NOTE_GNU, 4)) {
			if (!descsz)
				return elf_why(e, -1, "offset %#" PRIx64
				    ": GNU build-ID note with an empty "
				    "descriptor", off);
			take = descsz < ELFIDMAX ? (size_t)descsz : ELFIDMAX;
			rd_skip(r, descoff);
			if (!(p = rd_peek(r, take)))
				return -1;
			memcpy(e->id, p, take);
			e->len = (size_t)descsz;
			return 1;
		}
		rd_skip(r, next < left ? next : left);
	}
	return 0;
}

/* A file, or bytes in memory (the running vDSO) */
struct img {
	int fd;
	const unsigned char *mem;
	uint64_t base, size;	/* where it lies in the file (an APK's entry) */
};

static void
img_window(const struct img *m, struct rd *r, unsigned char *buf, size_t cap,
    uint64_t off, uint64_t len)
{
	if (m->mem)
		rd_mem(r, m->mem + off, (size_t)len, off);
	else
		rd_file(r, m->fd, 1, buf, cap, m->base + off,
		    m->base + off + len);
}

/* As note_walk, or -2 where the areas overlap: *left is what they may
 * still cover, twice the file (a segment and a section each), as
 * overlapping ones make the walk quadratic
 * (tests/data/fuzz/elf-notes-overlap). */
static int
elf_notes(const struct img *m, uint64_t off, uint64_t size, uint64_t align,
    struct elfid *e, const char *what, unsigned idx, uint64_t *left)
{
	struct rd r;

	if (!range_ok(off, size, m->size))
		return elf_why(e, -1, "%s %u at %#" PRIx64 " (%" PRIu64
		    " bytes) runs past the end of the file (%" PRIu64
		    " bytes)", what, idx, off, size, m->size);
	if (size > *left)
		return elf_why(e, -2, "%s %u at %#" PRIx64 " (%" PRIu64
		    " bytes) overlaps other note areas: with them it "
		    "covers more than twice the file", what, idx, off, size);
	*left -= size;
	img_window(m, &r, bufs.note, sizeof bufs.note, off, size);
	return note_walk(&r, e->be, align == 8 ? 8 : 4, e);
}

static uint64_t
elf_field(const unsigned char *p, const struct elfid *e, int o32, int o64)
{
	return e->is64 ? get64(p + o64, e->be) : get32(p + o32, e->be);
}

struct elftab {
	uint64_t off, num, ent;
};

static int
elf_table(const struct elftab *t, uint64_t size, unsigned min,
    const char *what, struct elfid *e)
{
	if (t->ent < min || t->ent > sizeof bufs.tab)
		return elf_why(e, 0, "%s entry size %" PRIu64 ", expected %u",
		    what, t->ent, min);
	if (t->num > size / t->ent || !range_ok(t->off, t->num * t->ent, size))
		return elf_why(e, 0, "%" PRIu64 " %s at %#" PRIx64 " run past "
		    "the end of the file (%" PRIu64 " bytes)", t->num, what,
		    t->off, size);
	return 1;
}

/* Every note area of a table, in order (fmt §6.2: the build-ID may be in
 * the second PT_NOTE).  o[]: the ELF32 and ELF64 offsets of the type,
 * offset, size and alignment fields. */
static int
elf_walk_table(const struct img *m, const struct elftab *t, struct elfid *e,
    int *bad, int sections, uint64_t *left)
{
	static const unsigned char ph[8] = { 0, 0, 4, 8, 16, 32, 28, 48 };
	static const unsigned char sh[8] = { 4, 4, 16, 24, 20, 32, 32, 48 };
	const unsigned char *o = sections ? sh : ph;
	const unsigned char *p;
	struct rd r;
	uint64_t i;
	int rc;

	if (!elf_table(t, m->size, sections ?
	    (e->is64 ? SHDR64_SIZE : SHDR32_SIZE) :
	    (e->is64 ? PHDR64_SIZE : PHDR32_SIZE),
	    sections ? "section headers" : "program headers", e)) {
		*bad = 1;
		return 0;
	}
	img_window(m, &r, bufs.tab, sizeof bufs.tab, t->off, t->num * t->ent);
	for (i = 0; i < t->num; i++) {
		if (!(p = rd_peek(&r, (size_t)t->ent)))
			return 0;
		if (get32(p + o[e->is64], e->be) ==
		    (uint32_t)(sections ? SHT_NOTE : PT_NOTE)) {
			rc = elf_notes(m, elf_field(p, e, o[2], o[3]),
			    elf_field(p, e, o[4], o[5]),
			    elf_field(p, e, o[6], o[7]), e, sections ?
			    "SHT_NOTE section" : "PT_NOTE segment", (unsigned)i,
			    left);
			if (rc > 0)
				return 1;
			if (rc < 0)
				*bad = 1;
			if (rc < -1)
				return 0;	// the first overlap is named
		}
		rd_skip(&r, t->ent);
	}
	return 0;
}

/* Section 0 holds the real counts when e_phnum is PN_XNUM or e_shnum is
 * 0 with e_shoff set (gABI "Sections"). */
static void
elf_escapes(const struct img *m, struct elftab *ph, struct elftab *sh,
    const struct elfid *e)
{
	unsigned need = e->is64 ? SHDR64_SIZE : SHDR32_SIZE;
	const unsigned char *s0;
	struct rd r;

	if (!sh->off || (sh->num && ph->num != PN_XNUM) ||
	    !range_ok(sh->off, need, m->size))
		return;
	img_window(m, &r, bufs.tab, sizeof bufs.tab, sh->off, need);
	if (!(s0 = rd_peek(&r, need)))
		return;
	if (!sh->num)
		sh->num = elf_field(s0, e, 20, 32);
	if (ph->num == PN_XNUM)	// sh_info: 4 bytes in either class
		ph->num = get32(s0 + (e->is64 ? 44 : 28), e->be);
}

/* A file of notes only (/sys/kernel/notes): its byte order is nowhere
 * recorded; the plausible name size decides. */
static int
blob_buildid(int fd, struct elfid *e)
{
	size_t n;
	struct rd r;

	// one that fills the buffer is not a note blob
	rd_file(&r, fd, 1, bufs.tab, sizeof bufs.tab, 0, RD_OPEN);
	if (rd_fill(&r, sizeof bufs.tab) || r.err || (n = r.len) < 12)
		return -1;
	e->be = get32(bufs.tab, 0) > 4096;
	rd_mem(&r, bufs.tab, n, 0);
	return note_walk(&r, e->be, 4, e);
}

/* A raw arm64 or riscv64 kernel Image (fmt §6.5), scanned whole for the
 * note at every 4-aligned offset, in windows that overlap by the longest
 * note taken.  0 found, 1 an Image without one, 2 no Image. */
static int
image_buildid(int fd, struct elfid *e)
{
	const unsigned char *p;
	uint64_t i, n, d;
	struct rd r;

	rd_file(&r, fd, 1, bufs.feat, sizeof bufs.feat, 0, e->size);
	if (!(p = rd_peek(&r, 64)))
		return 2;
	if (!memcmp(p + 56, "ARM\x64", 4))
		e->machine = 183;
	else if (!memcmp(p + 56, "RSC\x05", 4) ||
	    !memcmp(p + 48, "RISCV\0\0\0", 8))
		e->machine = 243;
	else
		return 2;
	e->notelf = 0;
	e->be = p[24] & 1;
	while ((n = rd_left(&r) < sizeof bufs.feat ? rd_left(&r) :
	    sizeof bufs.feat) >= 16 && (p = rd_peek(&r, (size_t)n))) {
		for (i = 0; i + 16 <= n; i += 4)
			if (!memcmp(p + i + 12, ELF_NOTE_GNU, 4) &&
			    get32(p + i, e->be) == 4 &&
			    get32(p + i + 8, e->be) == NT_GNU_BUILD_ID &&
			    (d = get32(p + i + 4, e->be)) && d <= ELFIDMAX &&
			    i + 16 + d <= n) {
				memcpy(e->id, p + i + 16, (size_t)d);
				e->len = (size_t)d;
				return 0;
			}
		if (n == rd_left(&r))
			break;
		rd_skip(&r, n - 16 - ELFIDMAX);
	}
	return 1;
}

/* 0 found, 1 none, 2 not ELF (e->notelf) or malformed (e->why) */
static int
elf_parse(const struct img *m, struct elfid *e)
{
	const unsigned char *h, *q;
	struct elftab ph, sh;
	struct rd r;
	uint64_t left = 2 * m->size;	// st_size is below 2^63
	int bad = 0;

	img_window(m, &r, bufs.tab, sizeof bufs.tab, 0,
	    m->size < EHDR64_SIZE ? m->size : EHDR64_SIZE);
	if (!(h = rd_peek(&r, (size_t)rd_left(&r))) || rd_left(&r) < SELFMAG ||
	    memcmp(h, ELFMAG, SELFMAG)) {
		e->notelf = 1;
		return 2;
	}
	// a file cut inside e_ident is shorter than either header
	if (rd_left(&r) >= EI_NIDENT) {
		e->is64 = h[EI_CLASS] == ELFCLASS64;
		e->be = h[EI_DATA] == ELFDATA2MSB;
		if ((h[EI_CLASS] != ELFCLASS32 && h[EI_CLASS] != ELFCLASS64) ||
		    (h[EI_DATA] != ELFDATA2LSB && h[EI_DATA] != ELFDATA2MSB) ||
		    h[EI_VERSION] != EV_CURRENT)
			return elf_why(e, 2, "offset 0x4: ELF class %u, data "
			    "%u, version %u: expected 1 or 2, 1 or 2, 1",
			    h[EI_CLASS], h[EI_DATA], h[EI_VERSION]);
	}
	if (rd_left(&r) < (uint64_t)(e->is64 ? EHDR64_SIZE : EHDR32_SIZE))
		return elf_why(e, 2, "file of %" PRIu64 " bytes is too short "
		    "for an ELF header", m->size);
	e->machine = get16(h + 18, e->be);
	ph.off = elf_field(h, e, 28, 32);
	sh.off = elf_field(h, e, 32, 40);
	q = h + (e->is64 ? 54 : 42);	// e_phentsize
	ph.ent = get16(q, e->be);
	ph.num = get16(q + 2, e->be);
	sh.ent = get16(q + 4, e->be);
	sh.num = get16(q + 6, e->be);
	e->shend = sh.off + sh.ent * sh.num;
	elf_escapes(m, &ph, &sh, e);
	if (ph.num && elf_walk_table(m, &ph, e, &bad, 0, &left))
		return 0;
	if (sh.num && elf_walk_table(m, &sh, e, &bad, 1, &left))
		return 0;
	return bad ? 2 : 1;
}

/* A library in an APK (fmt §6.4), refused where Android's reader refuses
 * it.  0 with e->base and e->size where the entry is stored, or 2 with
 * e->why: compressed (e->deflated), none Android would read (e->absent),
 * ZIP64. */
static const char zip_packed[] = "compressed in the APK: its build-ID is "
    "not read in place";

static int
zip_entry(int fd, uint64_t size, const char *name, struct elfid *e)
{
	const uint64_t tail = size < 65557 ? size : 65557;
	const unsigned char *p;
	const char *bad = "not a ZIP archive: no end of central directory "
	    "record";
	uint64_t i, cd, cdlen, at = size - tail, n, skip, lh = 0;
	size_t nl = strlen(name);
	unsigned k, count, found = 0, method = 0;
	struct rd r;

	e->absent = 1;
	// the last end record whose comment reaches the end
	rd_file(&r, fd, 1, bufs.feat, sizeof bufs.feat, at, size);
	if (tail < 22 || !(p = rd_peek(&r, (size_t)tail)))
		goto bad;
	for (i = tail - 22; memcmp(p + i, "PK\5\6", 4) ||
	    get16(p + i + 20, 0) != tail - 22 - i; i--)
		if (!i)
			goto bad;
	count = get16(p + i + 10, 0);
	cdlen = get32(p + i + 12, 0);
	cd = get32(p + i + 16, 0);
	at += i + 12;
	bad = "ZIP64, which is not read";
	e->absent = cd != 0xffffffff && cdlen != 0xffffffff;
	if (!e->absent)
		goto bad;
	bad = "malformed APK: its central directory runs past the end of the "
	    "file";
	if (cd > size || cdlen > size - cd)
		goto bad;
	rd_file(&r, fd, 1, bufs.feat, sizeof bufs.feat, cd, cd + cdlen);
	for (k = 0; k < count; k++) {
		at = rd_tell(&r);
		bad = "malformed APK: expected a central directory header, "
		    "PK\\1\\2";
		if (!(p = rd_peek(&r, 46)) || memcmp(p, "PK\1\2", 4))
			goto bad;
		n = get16(p + 28, 0);
		skip = 46 + n + get16(p + 30, 0) + get16(p + 32, 0);
		if (n == nl && (p = rd_peek(&r, 46 + nl)) &&
		    !memcmp(p + 46, name, nl)) {
			bad = "malformed APK: the entry's name is twice in its "
			    "central directory";
			if (found++)
				goto bad;
			method = get16(p + 10, 0);
			e->size = get32(p + 24, 0);
			lh = get32(p + 42, 0);
		}
		rd_skip(&r, skip);
	}
	if (!found)
		return elf_why(e, 2, "no entry %s in the APK", esc(name));
	at = lh;
	rd_file(&r, fd, 1, bufs.feat, sizeof bufs.feat, at, size);
	bad = "malformed APK: expected the entry's local header, PK\\3\\4";
	if (!(p = rd_peek(&r, 30)) || memcmp(p, "PK\3\4", 4))
		goto bad;
	bad = "malformed APK: the entry's local header names another entry";
	if (get16(p + 26, 0) != nl || !(p = rd_peek(&r, 30 + nl)) ||
	    memcmp(p + 30, name, nl))
		goto bad;
	e->base = at + 30 + nl + get16(p + 28, 0);
	bad = "malformed APK: the entry runs past the end of the file";
	if (!method && (e->base > size || e->size > size - e->base))
		goto bad;
	e->absent = 0;
	if (method) {
		e->deflated = 1;
		return elf_why(e, 2, "%s", zip_packed);
	}
	return 0;
bad:
	return elf_why(e, 2, "offset %#" PRIx64 ": %s", at, bad);
}

/* The build-ID of fd's file, or of its APK entry; as elf_buildid */
static int
fd_buildid(int fd, const struct stat *st, const char *entry,
    struct elfid *e)
{
	struct img m;
	int rc;

	memset(e, 0, sizeof *e);
	e->size = (uint64_t)st->st_size;
	if (entry && zip_entry(fd, e->size, entry, e))
		return 2;
	m.mem = NULL;
	m.fd = fd;
	m.base = e->base;
	m.size = e->size;
	rc = elf_parse(&m, e);
	if (rc == 2 && e->notelf && !entry &&
	    ((rc = image_buildid(fd, e)) < 2 || blob_buildid(fd, e) > 0))
		return rc < 2 ? rc : 0;
	if (rc == 2 && e->notelf)
		return elf_why(e, 2, "not an ELF file (no \\177ELF at offset "
		    "0), nor a raw kernel Image or a file of ELF notes");
	return rc;
}

/* FS_IOC_GETVERSION, as MMAP2 records it (fmt §3.4); 0 unknown.  The
 * kernel writes an int where the request names a long. */
static uint32_t
inode_gen(int fd)
{
	unsigned long req = _IOR('v', 1, long);
	union {
		long l;
		int i;
	} v;

	v.l = 0;
	return ioctl(fd, req, &v) ? 0 : (uint32_t)v.i;
}

/* fmt §8; on btrfs the subvolume's otime (BTRFS_IOC_GET_SUBVOL_INFO), as
 * a snapshot puts an older build back with its inode and times. */
static void
fs_facts(int fd, struct fsfacts *f)
{
	unsigned long req = _IOR(0x94, 60, unsigned char[504]);
	struct statfs sf;
	unsigned char b[504];
	uint64_t sec;
	uint32_t nsec;

	memset(f, 0, sizeof *f);
	if (!birth_time(fd, "", &f->birth))
		f->birth = INT64_MIN;
	if (fstatfs(fd, &sf))
		return;
	f->type = (unsigned long)sf.f_type;
	f->ro = (sf.f_flags & ST_RDONLY) != 0;
	memset(b, 0, sizeof b);
	// not != 0: Linux 6.18 may return 1, its answer filled (fmt §8)
	if (f->type != 0x9123683eUL || ioctl(fd, req, b) < 0)
		return;
	memcpy(&sec, b + 392, 8);
	memcpy(&nsec, b + 400, 4);
	if (sec < (uint64_t)INT64_MAX / 1000000000 - 1)
		f->subvol = (int64_t)sec * 1000000000 + nsec;
}

static int open_in(const char *root, const char *path, int flags,
    struct stat *st);

static int
elf_facts(int fd, const char *entry, struct elfid *e, struct stat *st)
{
	int rc = fd_buildid(fd, st, entry, e);

	e->gen = inode_gen(fd);
	fs_facts(fd, &e->fs);
	return rc;
}

/* path under root; st is the file read, which the path may since name
 * another.  Only a regular file is opened (open_in).  0 found, 1 none, 2
 * not ELF or malformed (e->why). */
static int
elf_buildid(const char *root, const char *path, const char *entry,
    struct elfid *e, struct stat *st)
{
	int fd, rc;

	memset(e, 0, sizeof *e);
	if ((fd = open_in(root, path, 0, st)) < 0) {
		e->err = errno == EINVAL ? 0 : errno;
		return elf_why(e, 2, "%s", errno == EINVAL ?
		    "not a regular file" : strerror(errno));
	}
	rc = elf_facts(fd, entry, e, st);
	close(fd);
	return rc;
}

/* The e_machines an arch (uname -m) runs, 64- and 32-bit alike: a 32-bit
 * perf on a 64-bit kernel says "armv8l" (fmt §6.2).  arch_runs: 1 yes, 0
 * no, -1 not in the table. */
static const struct { char arch[10]; uint16_t em[2]; } arches[] = {
	{ "x86_64", { 62, 3 } }, { "i386", { 3, 62 } }, { "i486", { 3, 62 } },
	{ "i586", { 3, 62 } }, { "i686", { 3, 62 } }, { "aarch64", { 183, 40 } },
	{ "arm64", { 183, 40 } }, { "arm", { 40, 183 } },
	{ "riscv", { 243, 243 } }, { "s390", { 22, 22 } },
	{ "ppc64", { 21, 20 } }, { "ppc", { 20, 21 } }, { "mips", { 8, 8 } },
	{ "loongarch", { 258, 258 } },
};

static int
arch_runs(const char *arch, unsigned em)
{
	size_t i, n = sizeof arches / sizeof *arches;

	for (i = 0; i < n; i++)
		if (!strncmp(arch, arches[i].arch, strlen(arches[i].arch)))
			break;
	if (i == n || !em)
		return -1;
	return em == arches[i].em[0] || em == arches[i].em[1];
}

static const char *
machine_name(unsigned em)
{
	static char b[24];
	size_t i;

	for (i = 0; i < sizeof arches / sizeof *arches; i++)
		if (arches[i].em[0] == em)
			return arches[i].arch;
	snprintf(b, sizeof b, "ELF machine %u", em);
	return b;
}

/* ==== 13. Finding the files =============================================
 * Where an object is looked for: fmt §7.3; the kernel and modules, §6.3.
 * Under a sysroot every symlink resolves inside it and ".." stops at its
 * top: nothing outside is ever opened.
 */
#define MAXCAND 24

enum { CT_PATH, CT_CACHE, CT_DEBUG, CT_KNOTES, CT_VMLINUX, CT_MODNOTES,
	CT_KALLSYMS, CT_VDSO, CT_DBGD, CT_BINCACHE, CT_APK };

static const char ct_names[][NAMEW] = { "path", "build-ID cache",
	"debug file", "running kernel", "kernel image", "loaded module",
	"cached kallsyms", "running vDSO", "debuginfod cache",
	"simpleperf binary_cache", "APK" };
/* CT_KNOTES under a sysroot is a copy, not the running kernel (live_kind) */

struct cand {
	char path[PATHMAX];	/* under root, until resolved */
	const char *root;	/* the sysroot or cache it lies in, or NULL */
	const char *leaf;	/* if it is a directory: the file in it */
	const char *entry;	/* CT_APK: the library in it */
	uint8_t type, resolved;
	int err;		/* errno of the walk, 0 if it got there */
	const char *what;	/* "a FIFO"...: there, but not a file */
};

/* Where an object is looked for: the places cand_list names for the one
 * being judged, and the lists read once a pass (lists_read): modules.dep
 * (fmt §6.3) is list 0, cache c's build_id_list (fmt §7.4) list c + 1. */
static struct {
	struct cand cands[MAXCAND];
	unsigned ncand;
	uint32_t end[MAXCACHE + 2];	/* where each list starts, ends */
	int sorted;			/* list_ix is sorted for this pass */
	char path[STRMAX + 32];		/* /lib/modules/RELEASE/modules.dep */
	char line[PATHMAX];
	char key[3][257];		/* a line's key and two objects' */
	// objects in a list's order (list_table), or by their key
	// (lists_read)
	uint32_t list_ix[PERFMT_MAXOBJ];
} lk;

static void
sr_pop(char *out, size_t *ol, size_t rl)
{
	while (*ol > rl && out[*ol - 1] != '/')
		(*ol)--;
	if (*ol > rl)
		(*ol)--;
	out[*ol] = 0;
}

/* path under root as if root were "/", into out; 0, or the errno that
 * stopped the walk, and out, not resolved to its end, is not to be
 * opened. */
static int
sr_resolve(const char *root, const char *path, char *out, size_t cap)
{
	char rest[2 * PATHMAX], link[PATHMAX];
	size_t rl = strlen(root), ol, cl, n;
	const char *c, *e;
	struct stat st;
	ssize_t got;
	int links = 0;

	while (rl && root[rl - 1] == '/')
		rl--;
	if (rl >= cap || strlen(path) >= sizeof rest)
		return ENAMETOOLONG;
	memcpy(out, root, rl);
	out[ol = rl] = 0;
	memcpy(rest, path, strlen(path) + 1);
	for (c = rest;;) {
		while (*c == '/')
			c++;
		if (!*c)
			return 0;
		e = strchr(c, '/');
		cl = e ? (size_t)(e - c) : strlen(c);
		if (cl <= 2 && !strncmp(c, "..", cl)) {	// "." or ".."
			if (cl == 2)
				sr_pop(out, &ol, rl);
			c += cl;
			continue;
		}
		if (ol + 1 + cl >= cap)
			return ENAMETOOLONG;
		out[ol] = '/';
		memcpy(out + ol + 1, c, cl);
		out[ol += 1 + cl] = 0;
		c += cl;
		if (lstat(out, &st)) {
			// the whole path, for messages
			n = strlen(c);
			if (ol + n < cap)
				memcpy(out + ol, c, n + 1);
			return errno;
		}
		if (!S_ISLNK(st.st_mode))
			continue;
		if (++links > 40)
			return ELOOP;
		if ((got = readlink(out, link, sizeof link - 1)) < 0)
			return errno;
		link[got] = 0;
		sr_pop(out, &ol, rl);
		if (link[0] == '/')
			out[ol = rl] = 0;
		n = strlen(c);
		if ((size_t)got + n >= sizeof rest)
			return ENAMETOOLONG;
		memmove(rest + got, c, n + 1);
		memcpy(rest, link, (size_t)got);
		c = rest;
	}
}

/* A regular file, stat'd first so that a FIFO or a device is never opened;
 * EINVAL, *st filled, for another kind.  Under a root (path is
 * sr_resolve's) each directory is opened from the one before, none
 * followed: a link swapped in after the walk stops the open (ELOOP). */
static int
open_in(const char *root, const char *path, int flags, struct stat *st)
{
	char rest[PATHMAX + 1];
	size_t rl = root ? strlen(root) : 0;
	char *c, *e;
	int dfd = AT_FDCWD, fd, err;

	if (root) {
		while (rl && root[rl - 1] == '/')
			rl--;
		snprintf(rest, sizeof rest, ".%s", path + rl);
		flags = O_NOFOLLOW;
		dfd = open(rl ? root : "/", O_SEARCH | O_DIRECTORY);
		for (c = rest; dfd != -1 && (e = strchr(c, '/')); c = e + 1) {
			*e = 0;
			fd = openat(dfd, c, O_SEARCH | O_DIRECTORY | O_NOFOLLOW);
			err = errno;
			close(dfd);
			errno = err;
			dfd = fd;
		}
		if (dfd == -1)
			return -1;
		path = c;
	}
	fd = fstatat(dfd, path, st, flags ? AT_SYMLINK_NOFOLLOW : 0) ? -1 :
	    S_ISLNK(st->st_mode) ? (errno = ELOOP, -1) :
	    S_ISREG(st->st_mode) ? open_regular(dfd, path, flags, st) :
	    (errno = EINVAL, -1);
	err = errno;
	if (root)
		close(dfd);
	errno = err;
	return fd;
}

/* The stat of what open_in opens, of any kind but a link */
static int
stat_in(const char *root, const char *path, struct stat *st)
{
	int fd = open_in(root, path, 0, st);

	if (fd >= 0)
		close(fd);
	return fd < 0 && errno != EINVAL ? -1 : 0;
}

/* Walked only when looked at (cand_resolve): the places after the one
 * found cost nothing. */
static struct cand *
cand_in(unsigned type, const char *root, const char *path, const char *leaf)
{
	struct cand *c;

	if (lk.ncand == MAXCAND)
		return NULL;
	c = &lk.cands[lk.ncand++];
	c->type = (uint8_t)type;
	c->err = 0;
	if ((size_t)snprintf(c->path, PATHMAX, "%s", path) >= PATHMAX)
		c->err = ENAMETOOLONG;
	c->root = root;
	c->leaf = leaf;
	c->entry = NULL;
	c->what = NULL;
	c->resolved = !root;
	return c;
}

/* A directory where a file is looked for gives its leaf (a cache entry) */
static const char *
cand_resolve(struct cand *c)
{
	char full[PATHMAX], tmp[PATHMAX];
	struct stat st;

	if (c->resolved)
		return c->path;
	c->resolved = 1;
	if (c->err)
		return c->path;
	memcpy(tmp, c->path, strlen(c->path) + 1);
	c->err = sr_resolve(c->root, tmp, c->path, PATHMAX);
	if (!c->err && c->leaf && !stat_in(c->root, c->path, &st) &&
	    S_ISDIR(st.st_mode) &&
	    (size_t)snprintf(full, sizeof full, "%s/%s", tmp, c->leaf) <
	    sizeof full)
		c->err = sr_resolve(c->root, full, c->path, PATHMAX);
	return c->path;
}

/* A layout's place is listed only where the cache has it. */
static int
cache_has(const char *root, const char *path, unsigned type)
{
	char full[PATHMAX];
	struct stat st;

	return !sr_resolve(root, path, full, sizeof full) &&
	    !stat_in(root, full, &st) && (st.st_mode & S_IFMT) == type;
}

/* As /sys/module spells it (fmt §2.6) */
static void
module_name(const char *name, char *out, size_t cap)
{
	const char *b = strrchr(name, '/'), *e;
	size_t n, i;

	b = b ? b + 1 : name;
	if (*b == '[')
		b++;
	e = find(b, ".ko");
	n = e ? (size_t)(e - b) : strcspn(b, "]");
	if (n >= cap)
		n = cap - 1;
	for (i = 0; i < n; i++)
		out[i] = b[i] == '-' ? '_' : b[i];
	out[n] = 0;
}

/* ---- lists, each read once a pass (docs/design.md, the lists) ---------- */

/* The list pads IDs with zeros, which are no difference (id_same). */
static char *
unpadded(char *s, char *e)
{
	while (e > s && e[-1] == '0')
		e--;
	*e = 0;
	return s;
}

/* A module's key: its name after a '[', which no ID's hex has */
static char *
mod_key(const char *name, char *buf)
{
	buf[0] = '[';
	module_name(name, buf + 1, 256);
	return buf;
}

static const char *
obj_key(uint32_t i, char *buf)
{
	const struct obj *o = &ot.objs[i];

	if (obj_name(o)[0] == '[')
		return mod_key(obj_name(o), buf);
	hex_into(buf, o->id, o->idlen);
	return unpadded(buf, buf + 2 * o->idlen);
}

static int
lists_cmp(const void *a, const void *b)
{
	return strcmp(obj_key(*(const uint32_t *)a, lk.key[1]),
	    obj_key(*(const uint32_t *)b, lk.key[2]));
}

/* List k from off, base in the stream: a line marks those of the n
 * objects it names that no line before did (n 0: the line at off is
 * read, no more).  Where the stream ends after the lines read. */
static uint32_t
lists_scan(int k, uint32_t n, uint32_t base, uint32_t off)
{
	char *line = lk.line, *v;
	const char *key, *root = k ? opt.cache[k - 1] : opt.sysroot;
	struct stat st;
	struct rd r;
	uint32_t lo, hi, mid, at;
	int fd;

	if (sr_resolve(root, k ? "/build_id_list" : lk.path, line,
	    sizeof lk.line) || (fd = open_in(root, line, 0, &st)) < 0)
		return base;
	if (!lk.sorted) {	// only where a list opens
		lk.sorted = 1;
		qsort(lk.list_ix, ot.nobj, sizeof *lk.list_ix, lists_cmp);
	}
	rd_file(&r, fd, 1, bufs.feat, sizeof bufs.feat, off,
	    (uint64_t)st.st_size < UINT32_MAX - base ? (uint64_t)st.st_size : 0);
	while ((at = base + (uint32_t)rd_tell(&r),
	    rd_line(&r, line, sizeof lk.line)) && n) {
		v = strchr(line, k ? '=' : ':');
		if (!k) {
			if (v)
				*v = 0;
			key = mod_key(v = line, lk.key[0]);
		} else if (v && !strncmp(line, "0x", 2))
			key = unpadded(line + 2, v);
		else
			continue;
		// the key's first object; its others follow
		for (lo = 0, hi = n; lo < hi; )
			if (strcmp(obj_key(lk.list_ix[mid = lo + (hi - lo) / 2],
			    lk.key[1]), key) < 0)
				lo = mid + 1;
			else
				hi = mid;
		for (; lo < n && !ot.objs[lk.list_ix[lo]].u.line && !strcmp(key,
		    obj_key(lk.list_ix[lo], lk.key[1])); lo++)
			ot.objs[lk.list_ix[lo]].u.line = at +
			    (uint32_t)(v - line) + 1;
	}
	close(fd);
	return base + (uint32_t)rd_tell(&r);
}

/* The path list k gives object i, or NULL */
static const char *
list_value(int k, uint32_t i)
{
	uint32_t at = lk.end[k], l = ot.objs[i].u.line;

	if (l <= at || l > lk.end[k + 1] || lists_scan(k, 0, at, l - 1 -
	    at) < l)
		return NULL;
	lk.line[strcspn(lk.line, k ? "" : ":")] = 0;
	if (k)
		lk.line[0] = '/';
	return lk.line;
}

static void
lists_read(void)
{
	uint32_t i;
	int k;

	snprintf(lk.path, sizeof lk.path, "/lib/modules/%s/modules.dep",
	    pf.osrelease);
	for (i = 0; i < ot.nobj; i++) {
		ot.objs[i].u.line = 0;
		lk.list_ix[i] = i;
	}
	lk.sorted = 0;
	for (k = 0; k <= opt.ncache; k++)
		lk.end[k + 1] = k || (opt.sysroot && pf.osrelease[0]) ?
		    lists_scan(k, ot.nobj, lk.end[k], 0) : 0;
}

/* perf's build-ID cache (fmt §7.2); debuginfod's and simpleperf's
 * binary_cache (fmt §7.4), for a user object e */
static void
cand_caches(const char *name, const char *hex, int kind_kernel, int vdso,
    uint32_t e)
{
	char p[PATHMAX];
	const char *leaf = vdso ? "vdso" : kind_kernel ? "kallsyms" : "elf", *v;
	int i, type = kind_kernel ? CT_KALLSYMS : CT_CACHE;

	for (i = 0; i < opt.ncache; i++) {
		snprintf(p, sizeof p, "/.build-id/%.2s/%s", hex, hex + 2);
		if (kind_kernel)
			cand_in(CT_CACHE, opt.cache[i], p, "elf");
		cand_in(type, opt.cache[i], p, leaf);
		if ((size_t)snprintf(p, sizeof p, "%s%s/%s/%s", name[0] == '/' ?
		    "" : "/", name, hex, leaf) < sizeof p)
			cand_in(type, opt.cache[i], p, NULL);
		if (kind_kernel || vdso)
			continue;
		snprintf(p, sizeof p, "/%s", hex);
		if (cache_has(opt.cache[i], p, S_IFDIR)) {
			snprintf(p, sizeof p, "/%s/executable", hex);
			cand_in(CT_DBGD, opt.cache[i], p, NULL);
			snprintf(p, sizeof p, "/%s/debuginfo", hex);
			cand_in(CT_DEBUG, opt.cache[i], p, NULL);
		}
		if (name[0] == '/' && cache_has(opt.cache[i], name, S_IFREG))
			cand_in(CT_BINCACHE, opt.cache[i], name, NULL);
		if ((v = list_value(i + 1, e)))
			cand_in(CT_BINCACHE, opt.cache[i], v, NULL);
	}
}

/* ==== 14. Verdicts ======================================================
 * One verdict per path (per machine) the report uses, by rules[]
 * (docs/design.md, "The scope", "The rules").  Before ok, problems:
 * changed (exit 1) up to deleted, cannot tell (exit 3) after it. */
enum { V_MISSING, V_MISMATCH, V_REPLACED, V_STALE, V_DELETED, V_UNREADABLE,
	V_FOREIGN, V_UNVERIFIED, V_OK, V_UNCHANGED, V_SKIP, V_N };

static const char vnames[][12] = { "missing", "mismatch", "replaced",
	"stale", "deleted", "unreadable", "foreign", "unverified", "ok",
	"unchanged", "skip" };

/* Verdict v of an object left unvouched for, to the exit status. */
static void
verdict_status(unsigned v)
{
	if (v <= V_DELETED)
		rpt.changed = 1;
	else if (rpt.status < 1)
		rpt.status = 1;
}

enum { K_USER, K_KERNEL, K_MODULE, K_VDSO, K_JIT, K_PSEUDO };

static const char knames[][8] = { "user", "kernel", "module", "vdso",
	"jit", "pseudo" };

/* The facts the rules ask, one bit each, in the order of the stages that
 * gather them (decide relies on it). */
enum { F_PSEUDO, F_VDSO_NOID, F_ID, F_FOREIGN, F_DELETED, F_OTHER_ID,
	F_MATCH, F_NOT_MAPPED, F_UNREAD, F_NONE, F_DEVICE, F_NO_SYSFS,
	F_KIMAGE, F_DEFLATED, F_COMPARED, F_ARCH, F_RELEASED, F_NO_RELEASE,
	F_RELEASE_DIFFERS, F_THIS_BOOT, F_NOT_FILE, F_COPY, F_TWO_INODES,
	F_OTHER_INODE, F_OTHER_FS, F_NO_TIME, F_IMAGE, F_SNAPSHOT, F_NEWER,
	F_COPY_TIME, F_UNPLACED, F_OTHER_DEVICE, F_DURING, F_JIT_EARLIER,
	F_CTIME };
#define F(x) (UINT64_C(1) << F_##x)

/* The place a rule's detail names (struct facts' at[]). */
enum { P_FIRST, P_MATCH, P_UNREAD, P_KIMAGE, P_NONE, P_N };

/* A rule's detail beyond its words: T_MODIFIED puts "modified WHEN, "
 * first, T_WHERE the place after; T_NO_* drop a note the words say. */
#define T_WHERE		0x01
#define T_MODIFIED	0x02
#define T_NO_UNREAD	0x04
#define T_NO_MULTI_ID	0x08
#define T_NO_MULTI_INO	0x10
#define T_NO_TWO_DEVS	0x20
#define T_NO_DEBUG	0x40

/* docs/design.md, "The rules": the first rule whose facts (need) all
 * hold gives the verdict (decide); the comment above a row says when. */
enum { R_PSEUDO, R_VDSO_NOID, R_OTHER_ID, R_ID_NOT_MAPPED, R_ID_MATCHES,
	R_UNREADABLE, R_DEVICE, R_FOREIGN, R_DELETED, R_NO_SYSFS,
	R_KIMAGE_DEFLATED, R_KIMAGE_NO_RELEASE, R_MISSING, R_DEFLATED,
	R_ID_DIFFERS, R_OTHER_ARCH, R_NO_RELEASE, R_RELEASE_DIFFERS,
	R_RELEASE_SAME, R_RELEASE_ONLY, R_NOTHING_TO_COMPARE, R_COPY,
	R_TWO_INODES, R_OTHER_INODE, R_OTHER_FS, R_NO_TIME, R_IMAGE,
	R_SNAPSHOT, R_NEWER, R_COPY_TIME, R_UNPLACED, R_OTHER_DEVICE,
	R_DURING, R_JIT_EARLIER, R_CTIME, R_UNCHANGED, R_N };

static const struct rule {
	uint8_t verdict, place, tail;
	const char *code;
	uint64_t need;
	const char *words;
} rules[R_N] = {
	// not a file: anonymous memory, a heap, a stack, a guest's object
	{ V_SKIP, P_NONE, 0, "pseudo", F(PSEUDO), NULL },
	// a vDSO without a recorded build-ID
	{ V_SKIP, P_NONE, 0, "vdso-no-id", F(VDSO_NOID),
	    "the vDSO, without a recorded build-ID" },
	// perf recorded several build-IDs at the path (rebuilt while it
	// recorded, or another mount's file): a place holds one, and none
	// holds another the report uses
	{ V_UNVERIFIED, P_NONE, T_NO_MULTI_ID, "other-id-nowhere", F(OTHER_ID),
	    NULL },
	// the recorded build-ID is the file's at the path, but perf mapped
	// another inode or device, and this file was there when perf read it (a
	// chroot, a bind mount); or perf mapped this file and it was modified
	// after, before perf read the ID (cp over it)
	{ V_UNVERIFIED, P_MATCH, T_WHERE | T_NO_MULTI_INO | T_NO_TWO_DEVS |
	    T_NO_DEBUG, "id-not-mapped", F(MATCH) | F(NOT_MAPPED), NULL },
	// a place holds the recorded build-ID: the path, a build-ID cache
	// (perf's, debuginfod's, a binary_cache), the running kernel; a debug
	// file is not the binary
	{ V_OK, P_MATCH, T_NO_DEBUG, "id-matches", F(MATCH), NULL },
	// a place before any readable one cannot be read
	{ V_UNREADABLE, P_UNREAD, 0, "unreadable", F(UNREAD), NULL },
	// nothing found, and the path is a device
	{ V_SKIP, P_FIRST, 0, "device", F(NONE) | F(DEVICE), "a device" },
	// the profile is another system's, and nothing of its own (-s, -k, a
	// cache) judges the object
	{ V_FOREIGN, P_FIRST, 0, "foreign", F(FOREIGN), NULL },
	// perf saw the file deleted while it ran
	{ V_DELETED, P_FIRST, 0, "deleted", F(DELETED), NULL },
	// nothing found, and the running kernel or its modules are asked of
	// /sys, which is not mounted (an initramfs)
	{ V_UNVERIFIED, P_FIRST, 0, "no-sysfs", F(NONE) | F(NO_SYSFS),
	    "/sys is not mounted: mount -t sysfs sysfs /sys, or give -k "
	    "VMLINUX" },
	// a build-ID was recorded for the kernel, and a kernel image's place
	// alone holds a file, no kernel image perfmt reads (compressed)
	{ V_UNVERIFIED, P_KIMAGE, T_WHERE | T_NO_UNREAD, "deflated", F(NONE) |
	    F(KIMAGE) | F(ID), NULL },
	// no build-ID recorded for the kernel, and a kernel image's place
	// alone holds a file, no kernel image perfmt reads
	{ V_UNVERIFIED, P_KIMAGE, 0, "no-release", F(NONE) | F(KIMAGE), NULL },
	// no file where the object is looked for; an APK without the library
	// as Android reads it holds none
	{ V_MISSING, P_FIRST, 0, "missing", F(NONE), NULL },
	// a build-ID was recorded for a library compressed in its APK, which is
	// not read in place, and no copy carries it
	{ V_UNVERIFIED, P_FIRST, T_WHERE | T_NO_UNREAD, "deflated", F(ID) |
	    F(DEFLATED), NULL },
	// a build-ID was recorded and the file's differs, or it has none, or is
	// no ELF file (a compressed module's cannot be read)
	{ V_MISMATCH, P_FIRST, T_NO_UNREAD, "id-differs", F(ID) | F(COMPARED),
	    NULL },
	// no build-ID recorded, and the file is for another architecture than
	// the profile's
	{ V_MISMATCH, P_FIRST, T_WHERE, "other-arch", F(ARCH), NULL },
	// a kernel or module with no build-ID recorded and no release to
	// compare
	{ V_UNVERIFIED, P_FIRST, 0, "no-release", F(RELEASED) | F(NO_RELEASE),
	    NULL },
	// a kernel or module with no build-ID recorded, of another release
	{ V_STALE, P_FIRST, 0, "release-differs", F(RELEASED) |
	    F(RELEASE_DIFFERS), NULL },
	// the running kernel or a loaded module with no build-ID recorded, of
	// the profile's release, in the boot that recorded it
	{ V_UNCHANGED, P_FIRST, 0, "release-same", F(RELEASED) | F(THIS_BOOT),
	    NULL },
	// a kernel or module with no build-ID recorded, of the profile's
	// release, not shown to be the build that ran: an image on disk, or the
	// running kernel in another boot or one that cannot be told (a kernel
	// rebuilt keeps its release)
	{ V_UNVERIFIED, P_FIRST, 0, "release-only", F(RELEASED), NULL },
	// no build-ID recorded, and what was found is no file with times
	{ V_UNVERIFIED, P_FIRST, 0, "nothing-to-compare", F(NOT_FILE), NULL },
	// no build-ID recorded, and under a sysroot a copy: not the file at
	// its path here, nor the inode perf mapped (its number and generation;
	// the root a process ran from), nor a JIT's map: its times date the
	// copy
	{ V_UNVERIFIED, P_FIRST, T_WHERE, "copy", F(COPY),
	    "no build-ID recorded; a copy under the sysroot, whose times date "
	    "the copy; record with build-IDs, or perfmt inject where it was "
	    "recorded" },
	// perf saw two inodes at the path while it recorded
	{ V_REPLACED, P_FIRST, T_WHERE | T_NO_MULTI_INO, "two-inodes",
	    F(TWO_INODES), "replaced while recording: perf saw two inodes "
	    "at the path" },
	// another inode than perf mapped: another number on the same device,
	// or another generation of the number
	{ V_REPLACED, P_FIRST, T_WHERE, "other-inode", F(OTHER_INODE), NULL },
	// on another block device than perf mapped: another file system (an
	// A/B slot, another disk)
	{ V_UNVERIFIED, P_FIRST, T_WHERE, "other-fs", F(OTHER_FS), NULL },
	// the profile's time is unknown or implausible
	{ V_UNVERIFIED, P_FIRST, 0, "no-time", F(NO_TIME),
	    "no build-ID recorded, and the profile's time is unknown: give -t "
	    "TIME or -r FILE" },
	// on a loop device attached, or whose image file was written, after
	// the recording began; or on a read-only image (squashfs, erofs, a
	// read-only mount) and not shown to be this boot's: its times are the
	// image's
	{ V_UNVERIFIED, P_FIRST, T_WHERE, "image", F(IMAGE), NULL },
	// on a btrfs subvolume made after the recording began (a snapshot put
	// back, a container made anew): inode, generation and times may be an
	// older build's
	{ V_UNVERIFIED, P_FIRST, T_WHERE, "snapshot", F(SNAPSHOT),
	    "no build-ID recorded; its btrfs subvolume was made after the "
	    "recording began (a snapshot put back?): its inode and times may "
	    "be an older build's" },
	// modified after the profile's time
	{ V_STALE, P_FIRST, T_WHERE, "newer", F(NEWER), NULL },
	// the profile's time is a copy's mtime
	{ V_UNVERIFIED, P_FIRST, T_WHERE | T_MODIFIED, "copy-time",
	    F(COPY_TIME), NULL },
	// the profile's time cannot be placed: the perf.data's mtime, as the
	// file perf wrote or a slow copy, and perf's clock cannot tell them
	// apart here
	{ V_UNVERIFIED, P_FIRST, T_WHERE | T_MODIFIED, "unplaced", F(UNPLACED),
	    NULL },
	// another device and another inode than perf mapped, or perf mapped
	// files on two devices at the path (a container's, a chroot's), or the
	// same number on another anonymous device with no generation to tell
	{ V_UNVERIFIED, P_FIRST, T_WHERE | T_MODIFIED, "other-device",
	    F(OTHER_DEVICE), "but not shown to be the file mapped" },
	// modified while perf recorded
	{ V_UNVERIFIED, P_FIRST, T_WHERE | T_MODIFIED, "during", F(DURING),
	    "while perf recorded: before it was mapped or after?" },
	// a JIT's map written before the recording began
	{ V_UNVERIFIED, P_FIRST, T_WHERE | T_MODIFIED, "jit-earlier",
	    F(JIT_EARLIER), "before the recording began: an earlier process's "
	    "with the same pid?" },
	// its inode changed after the recording began, and no build-ID cache's
	// link explains it
	{ V_UNVERIFIED, P_FIRST, T_WHERE | T_MODIFIED, "ctime", F(CTIME),
	    "but its inode changed after the recording began (ctime): the "
	    "mtime may not date its bytes" },
	// not modified since the recording began (an mtime in the future is
	// no write time: the ctime dates it)
	{ V_UNCHANGED, P_FIRST, T_WHERE, "unchanged", 0, NULL },
};

/* facts the detail words; the rule decided */
#define RF_NEWER	0x01	/* modified after the profile */
#define RF_NOID		0x02	/* the file has no build-ID note */
#define RF_UNREAD	0x04	/* its build-ID could not be read */
#define RF_MULTI_ID	0x08	/* several build-IDs recorded for the path */
#define RF_MULTI_INO	0x10	/* several inodes recorded */
#define RF_SAME_INO	0x20	/* the inode the profile saw */
#define RF_PATH_DIFF	0x40	/* ok from a copy; the path itself differs */
#define RF_ARCH_DIFF	0x80	/* an ELF file for another architecture */
#define RF_DEBUG	0x100	/* a debug file carries the recorded ID */
#define RF_IMAGE_ID	0x200	/* the ID recorded for the kernel's image */
#define RF_DELETED	0x400	/* perf saw it deleted: "PATH (deleted)" */
#define RF_DEV_DIFF	0x800	/* another device, the same inode number */
#define RF_AFTER_MAP	0x1000	/* written in place after it was mapped */
#define RF_FUTURE	0x2000	/* its mtime lies in the future */
#define RF_INO_DIFF	0x8000	/* another device and another inode */

/* image: what its file system says of its times */
enum { FSW_NONE, FSW_ATTACHED, FSW_WRITTEN, FSW_UNTOLD, FSW_IMAGE };

struct res {
	const char *why;	/* skip, unreadable ID: the words; missing:
				 * what stands at the first place */
	int64_t mtime;		/* ns since the epoch, of the file judged */
	uint64_t ino;		/* and its inode */
	uint16_t flags;
	// first: the other place the detail names, another build at the
	// path (RF_PATH_DIFF) or the debug file (RF_DEBUG)
	uint8_t rule, verdict, kind, cand, first, disklen, nids;
	uint8_t err;		/* unreadable: the errno; image: FSW_* */
	uint16_t em;		/* RF_ARCH_DIFF: the file's ELF machine */
	unsigned char diskid[IDMAX];
};

/* The judgement of a pass: res[g] is object g's verdict and facts.  Under
 * -s, looked, found and foreign tally every pass's objects: a sysroot
 * holding none, or only another arch's, is a mistake (sysroot_sane). */
static struct {
	struct res res[PERFMT_MAXOBJ];
	unsigned looked, found, foreign;
	uint16_t em;		/* a foreign file's ELF machine */
	char name[256];		/* the first object looked for */
	int sr_live;		/* sysroot_live's answer */
	unsigned not_judged;	/* objects the scope leaves out, every pass */
	// the last kernel image kernel_release read, and its release
	char rel_path[PATHMAX], rel[STRMAX];
} jd;

/* An object the report may use: the first of its path's group, mapped
 * executable or with a recorded build-ID; with -a, data mappings too. */
static int
mapped_object(uint32_t i)
{
	return ot.objs[i].group == i && (opt.all || (ot.objs[i].gsrc &
	    (SRC_TABLE | SRC_RECORD | SRC_MMAP2ID | SRC_EXEC)));
}

/* The hits of path g's objects, one per build-ID recorded, together. */
static uint8_t
path_hit(uint32_t g)
{
	uint8_t h = 0;

	for (; g != UINT32_MAX; g = ot.objs[g].gnext - 1)
		h |= ot.objs[g].hit;
	return h;
}

/* Whether hits h are in the scope (docs/design.md, "The scope"); all are
 * where samples cannot tell: none read, some unplaced, an AUX trace. */
static int
in_scope(uint8_t h)
{
	return opt.all || !plan.hits || sc.hits_unplaced || pf.aux_bytes ||
	    (h & (hit_mask() | HIT_MAYBE));
}

static int
wanted(uint32_t i)
{
	return mapped_object(i) && in_scope(path_hit(i));
}

/* How far the profile's time is trusted (docs/design.md, "The profile's
 * time"): -t or -r, CLOCK_DATA, or the perf.data's mtime: the file perf
 * wrote by perf's clock, by its age, unconfirmed, or a copy's. */
enum { PT_GIVEN, PT_CLOCK, PT_WRITTEN, PT_AGED, PT_UNCONFIRMED, PT_COPY };

/* Whether the profile is from this system, by its header (fmt §1.7):
 * one fact that differs proves it foreign; all agreeing proves nothing
 * (boards of one image share them), so HOST_LIKE is the most, or -L. */
enum { HOST_UNKNOWN, HOST_LIKE, HOST_FOREIGN };
static const char from_elsewhere[] = "the profile is from another system";

/* The profile's time and system, settled once a profile is read
 * (profile_time, boot_settle, host_compare). */
static struct {
	// ns since the epoch (docs/design.md, "This boot")
	int64_t ns, start;
	int64_t clock_lo, clock_hi;	/* born_by_clock's first record; 0 */
	uint64_t rec_lo, rec_hi;	/* the first and last records' times */
	const char *src;
	int ok;			/* known and plausible */
	int trust;		/* PT_* */
	uint64_t trust_age, trust_span;
	int trust_clock;	/* born_by_clock's answer */
	int this_boot;		/* recorded in this boot (boot_settle) */
	const char *boot_why;	/* why not, or NULL */
	int64_t now;		/* the wall clock as the verdicts begin */
	int host;		/* HOST_* */
	char host_diff[160];	/* the first fact that differs */
	int same_host;		/* HOST_LIKE or -L: inodes are compared */
} pt;

static const char *
pseudo_reason(const char *s)
{
	static const struct { const char *prefix, *why; } p[] = {
		{ "//anon", "anonymous memory" },
		{ "/anon_hugepage", "anonymous memory" },
		{ "[heap]", "the heap" }, { "[stack", "a stack" },
		{ "[vvar", "kernel data page" }, { "[vsyscall]", "vsyscall page" },
		{ "[uprobes]", "uprobes page" }, { "[anon:", "anonymous memory" },
		{ "/memfd:", "a memfd" }, { "/SYSV", "SysV shared memory" },
		{ "/dev/zero", "anonymous memory" }, { "anon_inode:", "anon inode" },
		{ "/dev/ashmem", "Android shared memory" },
		{ "[vectors]", "the ARM vector page" }
	};
	size_t i;

	// memfds and SysV segments always carry "(deleted)": what the
	// memory was says more (a file's "(deleted)" is the deleted verdict)
	for (i = 0; i < sizeof p / sizeof *p; i++)
		if (!strncmp(s, p[i].prefix, strlen(p[i].prefix)))
			return p[i].why;
	if (s[0] != '/' && s[0] != '[')
		return "not a path";
	return NULL;
}

static int
module_file(const char *s)
{
	const char *ko = find(s, ".ko");

	return ko && (!strcmp(ko, ".ko") || !strcmp(ko, ".ko.gz") ||
	    !strcmp(ko, ".ko.xz") || !strcmp(ko, ".ko.zst"));
}

/* The length of PATH in the kernel's "PATH (deleted)" (d_path), or 0. */
static size_t
deleted_len(const struct obj *o)
{
	const char *s = obj_name(o);
	size_t n = o->namelen;

	return n > 11 && s[0] == '/' && !memcmp(s + n - 10, " (deleted)", 10) ?
	    n - 10 : 0;
}

/* A kernel-mode name from the build-ID table or a record, not [...], .ko
 * or /proc/kcore: the kernel's image (MMAPs name [kernel.kallsyms]_text). */
static int
kernel_image_name(const struct obj *o)
{
	const char *s = obj_name(o);

	return o->cpumode == MISC_KERNEL && s[0] != '[' &&
	    ((o->src | ot.objs[o->group].gsrc) & (SRC_TABLE | SRC_RECORD)) &&
	    strcmp(s, "/proc/kcore") && !module_file(s);
}

/* fmt §2.6: perf's own classes of object name */
static int
classify(const struct obj *o, const char **why)
{
	const char *s = obj_name(o);
	size_t n = o->namelen;
	static const char *const vdso[] = { "[vdso]", "[vdso32]", "[vdsox32]" };
	unsigned i;

	*why = NULL;
	if (o->machine != -1) {
		*why = "a guest machine's object";
		return K_PSEUDO;
	}
	if (!strcmp(s, "[kernel.kallsyms]") || !strcmp(s, "/proc/kcore"))
		return K_KERNEL;
	for (i = 0; i < 3; i++)
		if (!strcmp(s, vdso[i]))
			return K_VDSO;
	// perf names the kernel by the image it found (./vmlinux)
	if (kernel_image_name(o))
		return K_KERNEL;
	if ((*why = pseudo_reason(s)))
		return K_PSEUDO;
	if (o->cpumode == MISC_KERNEL && s[0] == '[')
		return K_MODULE;
	if (s[0] == '[') {
		*why = "not a file";
		return K_PSEUDO;
	}
	if (module_file(s))
		return K_MODULE;
	if (!strncmp(s, "/tmp/perf-", 10) && n > 14 &&
	    !strcmp(s + n - 4, ".map"))
		return K_JIT;
	return K_USER;
}

/* The entry of k's image (kernel_image_name), whose build-ID is
 * [kernel.kallsyms]'s: its MMAPs carry none.  UINT32_MAX if none. */
static uint32_t
kernel_image(const struct obj *k)
{
	uint32_t i;

	for (i = 0; i < ot.nobj; i++)
		if (ot.objs[i].idlen && ot.objs[i].machine == k->machine &&
		    (ot.objs[i].src & (SRC_TABLE | SRC_RECORD)) &&
		    kernel_image_name(&ot.objs[i]))
			return i;
	return UINT32_MAX;
}

/* The places one object is looked for, in order. */
static void
cand_list(const struct obj *o, int kind, const unsigned char *id,
    size_t idlen)
{
	static const char *const kpaths[] = { "/boot/vmlinux-%s",
		"/boot/vmlinux", "/usr/lib/debug/boot/vmlinux-%s",
		"/lib/modules/%s/build/vmlinux",
		"/usr/lib/debug/lib/modules/%s/vmlinux",
		"/usr/lib/debug/boot/vmlinux-%s.debug" };
	// rel outlives the call: a deleted APK's entry points into it
	static char rel[PATHMAX - 300];
	char p[PATHMAX], hex[2 * IDMAX + 1], mod[256];
	const char *name = obj_name(o), *apk, *v;
	struct cand *c;
	int live = pt.host != HOST_FOREIGN;	// the running kernel is its own
	unsigned i;
	uint32_t j, e = (uint32_t)(o - ot.objs);
	size_t n;

	lk.ncand = 0;
	hex_into(hex, id, idlen);
	// the entry of this ID, whose line in a build_id_list lists_read found
	for (j = o->group; idlen && j != UINT32_MAX; j = ot.objs[j].gnext - 1)
		if (id_same(ot.objs[j].id, ot.objs[j].idlen, id, idlen))
			e = j;
	// a deleted file is looked for at its path
	if (kind == K_USER && (n = deleted_len(o)) && n < sizeof rel) {
		memcpy(rel, name, n);
		rel[n] = 0;
		name = rel;
	}
	switch (kind) {
	case K_KERNEL:
		if (opt.vmlinux)
			cand_in(CT_VMLINUX, NULL, opt.vmlinux, NULL);
		if (name[0] == '/' && strcmp(name, "/proc/kcore"))
			cand_in(CT_VMLINUX, opt.sysroot, name, NULL);
		for (i = 0; opt.sysroot && i < 6; i++) {
			if (strchr(kpaths[i], '%') && !pf.osrelease[0])
				continue;
			snprintf(p, sizeof p, kpaths[i], pf.osrelease);
			cand_in(CT_VMLINUX, opt.sysroot, p, NULL);
		}
		if (opt.sysroot || (!opt.vmlinux && live))
			cand_in(CT_KNOTES, opt.sysroot, "/sys/kernel/notes", NULL);
		if (idlen)
			cand_caches("[kernel.kallsyms]", hex, 1, 0, e);
		return;
	case K_MODULE:
		module_name(name, mod, sizeof mod);
		if (!opt.sysroot && live) {
			snprintf(p, sizeof p, "/sys/module/%s/notes/"
			    ".note.gnu.build-id", mod);
			cand_in(CT_MODNOTES, NULL, p, NULL);
		}
		if (name[0] == '/')
			cand_in(CT_PATH, opt.sysroot, name, NULL);
		else if (opt.sysroot && (v = list_value(0,
		    (uint32_t)(o - ot.objs))) &&
		    (size_t)snprintf(p, sizeof p, "/lib/modules/%.255s/%s",
		    pf.osrelease, v) < sizeof p)
			cand_in(CT_PATH, opt.sysroot, p, NULL);
		if (idlen && name[0] == '/')
			cand_caches(name, hex, 0, 0, e);
		return;
	case K_VDSO:
		if (idlen)
			cand_caches("[vdso]", hex, 0, 1, e);
		if (!opt.sysroot && live && !strcmp(name, "[vdso]"))
			cand_in(CT_VDSO, NULL, "[vdso]", NULL);
		return;
	case K_JIT:
		cand_in(CT_PATH, opt.sysroot, name, NULL);
		return;
	}
	// a library inside an APK (fmt §6.4): the APK, and the entry in it
	if ((apk = find(name, ".apk!/")) && (size_t)(apk + 4 - name) <
	    sizeof p) {
		memcpy(p, name, (size_t)(apk + 4 - name));
		p[apk + 4 - name] = 0;
		if ((c = cand_in(CT_APK, opt.sysroot, p, NULL)))
			c->entry = apk + 6;
	} else
		cand_in(CT_PATH, opt.sysroot, name, NULL);
	if (!idlen)
		return;
	cand_caches(name, hex, 0, 0, e);
	snprintf(p, sizeof p, "/usr/lib/debug/.build-id/%.2s/%s.debug", hex,
	    hex + 2);
	cand_in(CT_DEBUG, opt.sysroot, p, NULL);
}

/* The running vDSO, from this process's own mapping (AT_SYSINFO_EHDR). */
static int
vdso_buildid(struct elfid *e)
{
	const unsigned char *p = (const unsigned char *)getauxval(AT_SYSINFO_EHDR);
	struct img m;

	memset(e, 0, sizeof *e);
	if (!p) {
		snprintf(e->why, sizeof e->why, "no vDSO in this process");
		return 2;
	}
	// its headers and notes lie in its first page
	m.fd = -1;
	m.mem = p;
	m.base = 0;
	m.size = 4096;
	return elf_parse(&m, e);
}

/* Why a walk stopped, in the same words whatever the libc. */
static const char *
walk_error(int err)
{
	return err == ELOOP ? "a symbolic link loop, or more than 40 links" :
	    strerror(err);
}

static const char *
file_kind(mode_t m)
{
	return S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a FIFO" :
	    S_ISSOCK(m) ? "a socket" : S_ISCHR(m) || S_ISBLK(m) ? "a device" :
	    "a special file";
}

/* A kallsyms at fd (fmt §6.3) and its size: st_size, or procfs's bytes
 * counted up to KSMAX; a file with a size is read one buffer.  KS_OK
 * where its first line is "ADDRESS TYPE NAME" and an address is not all
 * zeros (hidden ones are; x86_64 before 6.15 has per-CPU ones at 0). */
#define KSMAX ((uint64_t)1 << 30)
enum { KS_OK, KS_ERR, KS_ZERO, KS_FORM };
static const char kallsyms_hidden[] = "no kallsyms, or one whose "
    "addresses are hidden";

static int
kallsyms_size(int fd, const struct stat *st, uint64_t *size)
{
	static const char hexdig[] = "0123456789abcdefABCDEF";
	static const char letters[] = "abcdefghijklmnopqrstuvwxyz";
	int form = 0, real = 0;
	int addr = 1;		/* in a line's address */
	uint64_t n = 0;
	ssize_t k, i;

	while ((!st->st_size || !n) &&
	    (k = read_at(fd, bufs.data, sizeof bufs.data, -1)) != 0) {
		if (k < 0 || n > KSMAX) {
			errno = k < 0 ? errno : EFBIG;
			return KS_ERR;
		}
		for (i = 0; !n && i < k && bufs.data[i] &&
		    strchr(hexdig, bufs.data[i]); i++)
			;
		if (!n)
			form = i && k >= i + 3 && bufs.data[i] == ' ' &&
			    strchr(letters, bufs.data[i + 1] | 32) &&
			    bufs.data[i + 2] == ' ';
		for (i = 0; !real && i < k; i++) {
			if (bufs.data[i] == '\n')
				addr = 1;
			else if (!bufs.data[i] || !strchr(hexdig, bufs.data[i]))
				addr = 0;
			else if (addr && bufs.data[i] != '0')
				real = 1;
		}
		n += (uint64_t)k;
	}
	*size = st->st_size ? (uint64_t)st->st_size : n;
	return !form ? KS_FORM : real ? KS_OK : KS_ZERO;
}

/* The kallsyms at path, opened (--kallsyms inside its root). */
static int
ks_open(const char *path, struct stat *st)
{
	return open_in(path == opt.kallsyms ? opt.ksroot : NULL, path, 0, st);
}

/* kallsyms_size of the kallsyms at path; KS_ERR with errno if unopened. */
static int
ks_judge(const char *path, uint64_t *size)
{
	struct stat st;
	int fd = ks_open(path, &st), k, err;

	if (fd < 0)
		return KS_ERR;
	k = kallsyms_size(fd, &st, size);
	err = errno;
	close(fd);
	errno = err;
	return k;
}

/* What one candidate holds.  Returns 1 if something is there. */
static int
probe(struct cand *c, struct elfid *e, struct stat *st, int *idrc)
{
	uint64_t n;
	int fd;

	*idrc = -1;
	if (c->type == CT_VDSO) {
		// qemu-user gives its guests none, nor do some kernels
		if (!getauxval(AT_SYSINFO_EHDR))
			return 0;
		*idrc = vdso_buildid(e);
		memset(st, 0, sizeof *st);
		return 1;
	}
	cand_resolve(c);
	if (c->err)
		return 0;
	// regular files only (a FIFO blocks, a device never ends); *st is
	// the file opened, whatever a path swapped after the walk names
	if ((fd = open_in(c->root, c->path, 0, st)) < 0) {
		if (errno == EINVAL)
			c->what = file_kind(st->st_mode);
		else
			c->err = errno;
		return 0;
	}
	memset(e, 0, sizeof *e);
	if (c->type != CT_KALLSYMS)
		*idrc = elf_facts(fd, c->entry, e, st);
	// a kallsyms, found by its place: read only with its addresses
	else if (kallsyms_size(fd, st, &n) != KS_OK) {
		*idrc = 2;
		snprintf(e->why, sizeof e->why, "%s", kallsyms_hidden);
	}
	close(fd);
	return 1;
}

static const char *
elfid_hex(const struct elfid *e)
{
	static char hex[2 * ELFIDMAX + 1];

	hex_into(hex, e->id, e->len < ELFIDMAX ? e->len : ELFIDMAX);
	return hex;
}

static void
trace_cand(const struct obj *o, const struct cand *c, int there, int idrc,
    const struct elfid *e)
{
	const char *what;

	if (!opt.verbose)
		return;
	if (!there)
		what = c->what ? c->what : walk_error(c->err ? c->err : ENOENT);
	else if (idrc == 0)
		what = elfid_hex(e);
	else
		what = idrc < 0 ? "present" : idrc == 1 ? "no build-ID" : e->why;
	msg(0, "%s: %s %s: %s%s%s", esc(obj_name(o)), ct_names[c->type],
	    esc(c->path), there && idrc == 0 ? "build-ID " : "", what,
	    !there && c->what ? ", not a file" : "");
}


/* A path's recorded identity over its entries (rec_gather). */
struct rec {
	const unsigned char *id;
	size_t idlen;
	unsigned nids, inodes;
	uint32_t maj, min;	/* the device the kernel saw the inode on */
	uint32_t maptime;	/* the earliest of obj_maptime's */
	uint32_t gen;
	uint64_t ino;
};

/* Whether entry i of group g has an ID no entry before it has. */
static int
id_first(uint32_t g, uint32_t i)
{
	uint32_t j;

	for (j = g; j != i; j = ot.objs[j].gnext - 1)
		if (ot.objs[j].idlen && id_same(ot.objs[j].id, ot.objs[j].idlen,
		    ot.objs[i].id, ot.objs[i].idlen))
			return 0;
	return ot.objs[i].idlen != 0;
}

/* Whether the report uses object i's build, one of path g's: perf's pass
 * listed it, or the scope reaches its maps or ID-less ones (any build). */
static int
build_used(uint32_t g, uint32_t i)
{
	uint32_t j;

	for (j = g; j != UINT32_MAX; j = ot.objs[j].gnext - 1)
		if ((!ot.objs[j].idlen || id_same(ot.objs[j].id,
		    ot.objs[j].idlen, ot.objs[i].id, ot.objs[i].idlen)) &&
		    ((ot.objs[j].src & (SRC_TABLE | SRC_RECORD)) ||
		    in_scope(ot.objs[j].hit)))
			return 1;
	return 0;
}

static void
rec_gather(uint32_t g, struct rec *rc)
{
	const struct obj *o;
	uint32_t i, rank, best = 0, idtime = 0;
	unsigned k;
	int other;

	memset(rc, 0, sizeof *rc);
	for (i = g; i != UINT32_MAX; i = ot.objs[i].gnext - 1) {
		o = &ot.objs[i];
		if (o->maptime && (!rc->maptime || o->maptime < rc->maptime))
			rc->maptime = o->maptime;
		if (o->inodes) {
			// as obj_inode: 2 over 3 over 1; on two devices, the
			// file perf saw first
			other = rc->inodes && (o->maj != rc->maj ||
			    o->min != rc->min);
			k = o->inodes;
			if (other)
				k = k == 2 ? 2 : 3;
			else if (rc->inodes && ino_other(o->ino, o->gen,
			    rc->ino, rc->gen))
				k = 2;
			if (!rc->inodes || (other && o->maptime &&
			    o->maptime < idtime)) {
				rc->ino = o->ino;
				rc->gen = o->gen;
				rc->maj = o->maj;
				rc->min = o->min;
				idtime = o->maptime ? o->maptime : UINT32_MAX;
			}
			if (k == 2 || rc->inodes <= 1)
				rc->inodes = k;
		}
		if (!o->idlen)
			continue;
		rc->nids += id_first(g, i);
		// the table's (or a record's) ID, else the last met (the order
		// of entries) of the builds the report uses, else of all
		rank = (o->src & (SRC_TABLE | SRC_RECORD)) ? UINT32_MAX :
		    build_used(g, i) ? PERFMT_MAXOBJ + i : i;
		if (!rc->id || rank > best) {
			rc->id = o->id;
			rc->idlen = o->idlen;
			best = rank;
		}
	}
}

/* rec_gather, once g's kind is set: [kernel.kallsyms] without an ID
 * takes its image's (kernel_image).  1 if it did. */
static int
rec_of(uint32_t g, struct rec *rc)
{
	uint32_t k;

	rec_gather(g, rc);
	if (jd.res[g].kind != K_KERNEL || rc->idlen ||
	    (k = kernel_image(&ot.objs[g])) == UINT32_MAX)
		return 0;
	rc->id = ot.objs[k].id;
	rc->idlen = ot.objs[k].idlen;
	return 1;
}

static int
dev_is(dev_t d, uint32_t maj, uint32_t min)
{
	return major(d) == maj && minor(d) == min;
}

/* /sys may be absent (an initramfs, a chroot): said as such. */
static int
sysfs_mounted(void)
{
	struct stat st;

	return !stat("/sys/kernel", &st) && S_ISDIR(st.st_mode);
}

/* The running system's own kernel, modules and vDSO, not files. */
static int
live_kind(const struct cand *c)
{
	return c && ((c->type == CT_KNOTES &&
	    !strcmp(c->path, "/sys/kernel/notes")) ||
	    c->type == CT_MODNOTES || c->type == CT_VDSO);
}

/* The release of a kernel candidate: the running kernel's, or an image's
 * banner's ("Linux version RELEASE (" in .rodata), in windows of bufs.feat
 * that overlap by a tag and a release; the last image's kept.  Or "". */
static void
kernel_release(const struct cand *c, char *out, size_t cap)
{
	static const char tag[] = "Linux version ";
	const size_t tl = sizeof tag - 1, keep = tl + STRMAX;
	const unsigned char *p, *q;
	struct utsname u;
	struct stat st;
	struct rd r;
	size_t n, i, k;
	int fd;

	out[0] = 0;
	if (live_kind(c)) {
		if (!uname(&u))
			snprintf(out, cap, "%s", u.release);
		return;
	}
	if (c->type != CT_VMLINUX)
		return;
	if (!strcmp(c->path, jd.rel_path)) {
		snprintf(out, cap, "%s", jd.rel);
		return;
	}
	snprintf(jd.rel_path, sizeof jd.rel_path, "%s", c->path);
	jd.rel[0] = 0;
	if ((fd = open_in(c->root, c->path, 0, &st)) < 0)
		return;
	rd_file(&r, fd, 1, bufs.feat, sizeof bufs.feat, 0,
	    (uint64_t)st.st_size);
	while (rd_left(&r) > tl) {
		n = rd_left(&r) < sizeof bufs.feat ? (size_t)rd_left(&r) :
		    sizeof bufs.feat;
		if (!(p = rd_peek(&r, n)))
			break;
		for (i = 0; i + tl < n; i++) {
			if (p[i] != 'L' || memcmp(p + i, tag, tl) ||
			    p[i + tl] < '0' || p[i + tl] > '9')
				continue;
			// the release runs to the space before "("
			q = p + i + tl;
			for (k = 0; i + tl + k < n && k < STRMAX - 1 &&
			    q[k] > ' ' && q[k] < 0x7f; k++)
				;
			if (i + tl + k == n && n < rd_left(&r))
				break;	// cut: the next window holds it
			if (i + tl + k < n && q[k] == ' ') {
				memcpy(jd.rel, q, k);
				jd.rel[k] = 0;
			}
			n = (size_t)rd_left(&r);	// found: no more
			break;
		}
		if (n == rd_left(&r))
			break;
		rd_skip(&r, n - keep);
	}
	close(fd);
	snprintf(out, cap, "%s", jd.rel);
}

/* Whether a file is the one at its path here, which perf's pass read:
 * without -s, or under one that holds it (-s /, a bind mount of /'s). */
static int
host_file(const char *name, const struct stat *st)
{
	struct stat h;

	return opt.sysroot == NULL || (stat(name, &h) == 0 &&
	    h.st_dev == st->st_dev && h.st_ino == st->st_ino);
}

/* Whether the sysroot is a root processes ran from, not a copy: a first
 * pass's object's file there is the device and inode MMAP2 saw. */

static void
sysroot_live(void)
{
	char p[PATHMAX];
	struct stat st;
	uint32_t i;

	jd.sr_live = 0;
	for (i = 0; opt.sysroot && pt.same_host && !jd.sr_live && i < ot.nobj;
	    i++)
		jd.sr_live = ot.objs[i].inodes == 1 && !sr_resolve(opt.sysroot,
		    obj_name(&ot.objs[i]), p, sizeof p) &&
		    !stat_in(opt.sysroot, p, &st) &&
		    S_ISREG(st.st_mode) && st.st_ino == ot.objs[i].ino &&
		    dev_is(st.st_dev, ot.objs[i].maj, ot.objs[i].min);
}

/* Whether inode numbers compare: on this host, at its path here or on the
 * device perf saw in the root a process ran from; not on overlayfs, where
 * a file's number moves as a lower layer changes.  here: host_file's. */
static int
inodes_compared(const struct elfid *e, int here, const struct rec *rc,
    const struct stat *st)
{
	return pt.same_host && (here || (jd.sr_live &&
	    dev_is(st->st_dev, rc->maj, rc->min))) &&
	    e->fs.type != 0x794c7630UL;
}

/* Whether perf's cache linking the file explains its ctime (docs/design.md
 * ctime; fmt §7.2): a cache, this user's or root's, holds this inode under
 * its build-ID (PATH/ID/elf, .build-id) in an entry no older than it. */
static int
cache_linked(const struct res *r, const struct stat *st, const char *path)
{
	char real[PATHMAX], p[PATHMAX], home[PATHMAX];
	const char *dirs[MAXCACHE + 2], *h = getenv("HOME");
	char hex[2 * IDMAX + 1];
	struct stat made, f;
	int i, k, n, nd = 0;
	int64_t c = ts_ns(&st->st_ctim);

	if (!r->disklen)
		return 0;
	hex_into(hex, r->diskid, r->disklen);
	if (sr_resolve("", path, real, sizeof real))
		real[0] = 0;
	// -c's caches, and perf's own: this user's and root's (sudo perf)
	for (i = 0; i < opt.ncache; i++)
		dirs[nd++] = opt.cache[i];
	if (h && (size_t)snprintf(home, sizeof home, "%s/.debug", h) <
	    sizeof home)
		dirs[nd++] = home;
	dirs[nd++] = "/root/.debug";
	for (i = 0; i < nd; i++)
		for (k = 0; k < 2; k++) {
			n = k ? snprintf(p, sizeof p - 4, "%s/.build-id/%.2s/%s",
			    dirs[i], hex, hex + 2) : snprintf(p, sizeof p - 4,
			    "%s%s/%s", dirs[i], real, hex);
			if ((!k && !real[0]) || n < 0 || (size_t)n >= sizeof p -
			    4 || lstat(p, &made) || stat(p, &f))
				continue;
			// a directory holds "elf"
			if (S_ISDIR(f.st_mode) && (memcpy(p + n, "/elf", 5),
			    stat(p, &f)))
				continue;
			// (unsigned: either time may be saturated)
			if (f.st_dev == st->st_dev && f.st_ino == st->st_ino &&
			    (c <= ts_ns(&made.st_mtim) || (uint64_t)c -
			    (uint64_t)ts_ns(&made.st_mtim) <= FILE_TICK))
				return 1;
		}
	return 0;
}

/* A small system file into buf, cap - 1 bytes at most, NUL-ended; 0 if
 * it cannot be opened. */
static int
sys_text(const char *path, char *buf, size_t cap)
{
	struct rd r;
	int fd = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK);

	if (fd < 0)
		return 0;
	rd_file(&r, fd, 0, (unsigned char *)buf, cap - 1, 0, RD_OPEN);
	rd_fill(&r, cap - 1);
	close(fd);
	buf[r.len] = 0;
	return 1;
}

/* Why a loop device's image may have changed since, FSW_NONE if not (fmt
 * §8; docs/design.md, image): "loop"'s sysfs mtime dates the attach, and
 * a read-only one's image file's times another writer. */
static int
loop_since(const struct stat *st, int ro, int64_t since)
{
	char p[64], f[PATHMAX];
	struct stat d;
	unsigned i;

	for (i = 0; i < 2; i++) {
		snprintf(p, sizeof p, "/sys/dev/block/%u:%u/%sloop",
		    major(st->st_dev), minor(st->st_dev), i ? "../" : "");
		if (!stat(p, &d))
			break;
	}
	// LOOP_MAJOR with no sysfs to ask
	if (i == 2)
		return major(st->st_dev) == 7 ? FSW_UNTOLD : FSW_NONE;
	if (mtime_ns(&d) > since)
		return FSW_ATTACHED;
	if (!ro)
		return FSW_NONE;
	strcat(p, "/backing_file");
	if (!sys_text(p, f, sizeof f))
		return FSW_UNTOLD;
	f[strcspn(f, "\n")] = 0;
	// a deleted image (" (deleted)") is no file to ask
	if (!f[0] || stat(f, &d))
		return FSW_UNTOLD;
	return mtime_ns(&d) > since || ts_ns(&d.st_ctim) > since ?
	    FSW_WRITTEN : FSW_NONE;
}

/* File systems whose files carry their image's times (statfs f_type,
 * fmt §8): squashfs, erofs, iso9660, cramfs (either byte order), romfs. */
static int
image_fs(unsigned long type)
{
	static const unsigned long t[] = { 0x73717368UL, 0xe0f5e1e2UL,
		0x9660UL, 0x28cd3d45UL, 0x453dcd28UL, 0x7275UL };
	size_t i;

	for (i = 0; i < sizeof t / sizeof *t; i++)
		if (type == t[i])
			return 1;
	return 0;
}

/* One object's facts, gathered in stages as the rules ask (decide). */
struct facts {
	uint64_t bits;		/* F(x) */
	unsigned stage;		/* the stages gathered */
	uint32_t g;
	const struct obj *o;
	struct res *r;
	struct rec rc;
	unsigned at[P_N];	/* the places a rule names, MAXCAND if none */
	int idrc;		/* the first file's probe (probe's idrc) */
	int is_file;		/* and it is a file, with times */
	int64_t ctime_since;	/* a ctime after it is a change (gather_late;
				 * INT64_MAX: not asked) */
	struct stat st;
	struct elfid e;
};

/* Whether the file is the inode perf mapped: the fact where not (or a
 * copy), else 0, with here and two_devs (perf saw two devices) set. */
static uint64_t
judge_inode(struct facts *f, int *here, int *two_devs)
{
	struct res *r = f->r;
	const struct rec *rc = &f->rc;
	const struct stat *st = &f->st;
	int mapped, gen_other;

	*here = host_file(obj_name(f->o), st);
	gen_other = rc->gen && f->e.gen && rc->gen != f->e.gen;
	// under a sysroot a copy, unless the inode perf mapped or in the
	// root a process ran from; a JIT's map no one maps: times judge it
	mapped = !*here && rc->inodes == 1 && st->st_ino == rc->ino &&
	    rc->gen && !gen_other;
	if (!*here && !mapped && r->kind != K_JIT && !(jd.sr_live &&
	    dev_is(st->st_dev, rc->maj, rc->min)))
		return F(COPY);
	if (mapped)
		r->flags |= RF_SAME_INO;
	else if (rc->inodes && inodes_compared(&f->e, *here, rc, st)) {
		// two inodes on one device while perf recorded: no file is both
		if (rc->inodes == 2)
			return F(TWO_INODES);
		// two devices (a container's, a chroot's): one unvouched for
		*two_devs = rc->inodes == 3;
		if (dev_is(st->st_dev, rc->maj, rc->min)) {
			if (st->st_ino != rc->ino || gen_other)
				return F(OTHER_INODE);
			r->flags |= RF_SAME_INO;
		// another block device is another file system; anonymous
		// ones (btrfs, FUSE, NFS) number files alike: the generation
		// tells where both have one (docs/design.md, other-fs)
		} else if (rc->maj || major(st->st_dev)) {
			return F(OTHER_FS);
		} else if (st->st_ino == rc->ino && gen_other) {
			return F(OTHER_INODE);
		} else
			r->flags |= st->st_ino == rc->ino && rc->gen && f->e.gen ?
			    RF_DEV_DIFF : RF_INO_DIFF;
	}
	return 0;
}

/* The late facts, where no build-ID decides: a kernel's release, else the
 * first file's inode and times; each return leaves the rest moot. */
static void
gather_late(struct facts *f)
{
	struct res *r = f->r;
	const struct rec *rc = &f->rc;
	const struct stat *st = &f->st;
	const struct cand *c = &lk.cands[f->at[P_FIRST]];
	char rel[STRMAX];
	int64_t since = pt.start, m;
	int64_t slack = pf.time_slack + FILE_TICK;	// of a file's times
	uint64_t t, d, fact;
	int two_devs = 0, here;
	// a start no later than the first record (the perf.data's birth,
	// CLOCK_DATA's); -t, -r or an unconfirmed mtime less the span is later
	int start_known = pt.trust == PT_WRITTEN || pt.trust == PT_AGED ||
	    pt.trust == PT_CLOCK;

	if (f->at[P_FIRST] == MAXCAND)
		return;
	if (r->kind == K_KERNEL || (r->kind == K_MODULE && live_kind(c))) {
		// a kernel's mtime says nothing of the build that ran; its
		// release, only of the one running in the boot that ran it
		kernel_release(c, rel, sizeof rel);
		f->bits |= F(RELEASED) | (!pf.osrelease[0] || !rel[0] ?
		    F(NO_RELEASE) : strcmp(rel, pf.osrelease) ?
		    F(RELEASE_DIFFERS) : live_kind(c) && pt.this_boot == 1 ?
		    F(THIS_BOOT) : 0);
		return;
	}
	if (!f->is_file) {
		f->bits |= F(NOT_FILE);
		return;
	}
	r->mtime = mtime_ns(st);
	r->ino = st->st_ino;
	if ((fact = judge_inode(f, &here, &two_devs)) || !pt.ok) {
		f->bits |= fact ? fact : F(NO_TIME);
		return;
	}
	// an image's files carry its times (docs/design.md, image, snapshot)
	if ((r->err = (uint8_t)loop_since(st, f->e.fs.ro, since)) ||
	    ((image_fs(f->e.fs.type) || f->e.fs.ro) && pt.this_boot != 1 &&
	    (r->err = FSW_IMAGE))) {
		f->bits |= F(IMAGE);
		return;
	}
	if (f->e.fs.subvol > since) {
		f->bits |= F(SNAPSHOT);
		return;
	}
	// an mtime in the future is no write time: the ctime dates it
	if (r->mtime > pt.now + slack)
		r->flags |= RF_FUTURE;
	// a file written before perf saw it mapped is the one mapped: that
	// time, the start plus perf's clock since, less drift and slack
	if (rc->maptime > 1 && start_known && (t = ot.map_base +
	    ((uint64_t)(rc->maptime - 1) << 10)) > pt.rec_lo && pt.rec_lo) {
		d = t - pt.rec_lo;
		m = pt.start + (int64_t)(d - d / 1000) - slack;
		if (m > since)
			since = m;
	}
	m = r->flags & RF_FUTURE ? INT64_MIN : r->mtime;
	// the perf.data's mtime may be whole seconds (time_slack); a JIT's
	// map older than a known start is an earlier process's
	f->bits |= (m > pt.ns + (pt.trust >= PT_WRITTEN ?
	    pf.time_slack : 0) ? F(NEWER) : 0) |
	    (pt.trust == PT_COPY ? F(COPY_TIME) : 0) |
	    (pt.trust == PT_AGED || (pt.trust == PT_UNCONFIRMED &&
	    !pt.clock_hi) ? F(UNPLACED) : 0) |
	    ((r->flags & RF_INO_DIFF) || two_devs ? F(OTHER_DEVICE) : 0) |
	    (r->kind != K_JIT && m > since ? F(DURING) : 0) |
	    (r->kind == K_JIT && start_known && m != INT64_MIN &&
	    m < pt.start - slack ? F(JIT_EARLIER) : 0);
	// the change time's rule, last, asks the file at its path here or
	// the inode perf mapped (gather_ctime)
	f->ctime_since = here || (r->flags & RF_SAME_INO) ?
	    (r->kind == K_JIT ? pt.ns : since) : INT64_MAX;
}

/* The last fact, asked only where no rule before it holds: a ctime is
 * not set back (cp -p, tar) but a copy has its own, and perf's cache
 * moves it (cache_linked, which looks in the caches); a JIT's map is
 * held to the profile's time. */
static void
gather_ctime(struct facts *f)
{
	if (ts_ns(&f->st.st_ctim) > f->ctime_since &&
	    !cache_linked(f->r, &f->st, lk.cands[f->at[P_FIRST]].path))
		f->bits |= F(CTIME);
}

static int
compressed(const char *path)
{
	static const char *const ext[] = { ".gz", ".xz", ".zst", ".bz2" };
	size_t n = strlen(path), i;

	for (i = 0; i < sizeof ext / sizeof *ext; i++)
		if (n > strlen(ext[i]) && !strcmp(path + n - strlen(ext[i]),
		    ext[i]))
			return 1;
	return 0;
}

static const char *
unreadable_why(const struct cand *c, int notelf, int deflated)
{
	if (compressed(c->path))
		return "compressed: its build-ID is not read";
	if (deflated)
		return zip_packed;
	if (c->type == CT_APK)
		return "not read from the APK (-v says why)";
	if (c->type == CT_KALLSYMS)
		return kallsyms_hidden;
	return notelf ? "not an ELF file" : "a malformed ELF file";
}

/* A failure other than a path that leads to nothing (refused, I/O, no
 * descriptor or memory): the file may be there, and nothing is claimed. */
static int
denied(int err)
{
	return err && err != ENOENT && err != ENOTDIR && err != ELOOP &&
	    err != ENAMETOOLONG;
}

/* A foreign profile's objects are judged only against its own files:
 * under a sysroot, a kernel image given by -k, a cache by build-ID. */
static int
foreign_here(int kind)
{
	return pt.host == HOST_FOREIGN && !opt.sysroot &&
	    !(kind == K_KERNEL && opt.vmlinux);
}

/* Whether the recorded ID may be another file's than the one mapped
 * (docs/design.md, "The rules", id-not-mapped).  Asked of the file at
 * the path here, the only one perf's pass read. */
static int
id_not_mapped(const struct rec *rc, const struct stat *st,
    const struct elfid *e)
{
	if (!rc->inodes || (rc->inodes == 1 &&
	    !ino_other(st->st_ino, e->gen, rc->ino, rc->gen)) ||
	    !inodes_compared(e, 1, rc, st))
		return 0;
	// two files mapped at the path: one ID describes at most one
	if (rc->inodes != 1)
		return 1;
	// (the profile's time may be its file's mtime, in whole seconds)
	return !pt.ok || e->fs.birth == INT64_MIN ||
	    e->fs.birth <= pt.ns + pf.time_slack + FILE_TICK;
}

/* Whether the file was written in place after the path's first mapping
 * and no later than the perf.data's mtime, when perf read its ID
 * (docs/design.md, "The rules", id-not-mapped).  An MMAP2 record's ID is
 * the mapped file's own.  Asked as id_not_mapped. */
static int
id_after_map(const struct rec *rc, const struct stat *st, uint32_t g)
{
	uint64_t t, d;
	int64_t m = mtime_ns(st), hi;

	if (!pt.same_host || !pf.mtime || rc->maptime <= 1 ||
	    (ot.objs[g].gsrc & SRC_MMAP2ID) ||
	    (t = ot.map_base + ((uint64_t)(rc->maptime - 1) << 10)) >
	    pt.rec_hi || t < pt.rec_lo)
		return 0;
	d = pt.rec_hi - t;
	hi = pf.mtime - (int64_t)(d - d / 1000);
	if (pt.trust == PT_CLOCK)
		hi = (int64_t)(pf.clock_tod + (t - pf.clock_ns));
	else if (pt.clock_hi && pt.clock_hi + (int64_t)(t - pt.rec_lo) < hi)
		hi = pt.clock_hi + (int64_t)(t - pt.rec_lo);
	return m <= pf.mtime && m > hi + pf.time_slack + FILE_TICK;
}

/* The first place cand_list names for o that holds a file with o's
 * build-ID, not a debug file (perf report reads code from it), or ncand. */
static unsigned
id_place(const struct obj *o, int kind)
{
	struct elfid e;
	struct stat st;
	unsigned k;
	int idrc, there;

	cand_list(o, kind, o->id, o->idlen);
	for (k = 0; k < lk.ncand; k++) {
		there = probe(&lk.cands[k], &e, &st, &idrc);
		trace_cand(o, &lk.cands[k], there, idrc, &e);
		if (there && idrc == 0 && lk.cands[k].type != CT_DEBUG &&
		    id_same(o->id, o->idlen, e.id, e.len < IDMAX ? e.len : IDMAX))
			break;
	}
	return k;
}

/* 1 if a place holds one of path g's build-IDs and none holds another the
 * report uses (docs/design.md, "The rules", other-id-nowhere).  The
 * candidates are left as cand_list made them for the last ID. */
static int
other_id_nowhere(uint32_t g, int kind)
{
	uint32_t i;
	int found, some = 0, used_nowhere = 0;

	for (i = g; i != UINT32_MAX; i = ot.objs[i].gnext - 1)
		if (id_first(g, i)) {	// one looked for already: not again
			found = id_place(&ot.objs[i], kind) < lk.ncand;
			some |= found;
			used_nowhere |= !found && build_used(g, i);
		}
	return some && used_nowhere;
}

/* The first file at the places and its facts, or the recorded ID's. */
static void
walk_places(struct facts *f)
{
	const struct obj *o = f->o;
	struct res *r = f->r;
	const struct rec *rc = &f->rc;
	unsigned i, *at = f->at;
	struct elfid e;
	struct stat st;
	int idrc, there, match, notmapped, here;
	size_t idlen;
	char rel[STRMAX];

	for (i = 0; i < lk.ncand; i++) {
		there = probe(&lk.cands[i], &e, &st, &idrc);
		trace_cand(o, &lk.cands[i], there, idrc, &e);
		if (there && idrc == 2 && e.err) {
			// there, but it could not be opened
			there = 0;
			lk.cands[i].err = e.err;
		}
		if (!there) {
			if (at[P_UNREAD] == MAXCAND && denied(lk.cands[i].err))
				at[P_UNREAD] = i;
			continue;
		}
		// an APK without the library as Android reads it holds no
		// file of it (fmt §6.4): the detail says why
		if (e.absent)
			continue;
		// the build-ID read, if any; a cached kallsyms is found by its
		// place, where it reads as one (probe)
		idlen = idrc ? 0 : e.len < IDMAX ? e.len : IDMAX;
		match = rc->idlen && ((lk.cands[i].type == CT_KALLSYMS &&
		    idrc < 0) || (idlen && id_same(rc->id, rc->idlen, e.id,
		    idlen)));
		// no kernel image: passed over, as perf report does (fmt §6.5)
		if (!match && lk.cands[i].type == CT_VMLINUX && (e.notelf ||
		    (kernel_release(&lk.cands[i], rel, sizeof rel), !rel[0]))) {
			if (opt.verbose)
				msg(0, "%s: %s: not a kernel image, passed over",
				    esc(obj_name(o)), esc(lk.cands[i].path));
			if (at[P_KIMAGE] == MAXCAND)
				at[P_KIMAGE] = i;
			continue;
		}
		// a debug file has symbols, not the code: said, never judged
		if (lk.cands[i].type == CT_DEBUG) {
			if (match && !(r->flags & RF_DEBUG)) {
				r->flags |= RF_DEBUG;
				r->first = (uint8_t)i;
			}
			continue;
		}
		if (idlen && (match || at[P_FIRST] == MAXCAND)) {
			r->disklen = (uint8_t)idlen;
			memcpy(r->diskid, e.id, idlen);
		}
		if (match) {
			// unless the ID is not the mapped file's (asked of the
			// file at the path here, which perf's pass read)
			here = lk.cands[i].type == CT_PATH &&
			    host_file(obj_name(o), &st);
			notmapped = here && id_not_mapped(rc, &st, &e);
			if (here && !notmapped && id_after_map(rc, &st, f->g))
				r->flags |= RF_AFTER_MAP;
			at[P_MATCH] = i;
			f->bits |= F(MATCH) | (notmapped || (r->flags &
			    RF_AFTER_MAP) ? F(NOT_MAPPED) : 0);
			if (at[P_FIRST] < i) {
				r->flags |= RF_PATH_DIFF;
				r->first = (uint8_t)at[P_FIRST];
			}
			r->mtime = mtime_ns(&st);
			r->ino = st.st_ino;
			if (lk.cands[i].type == CT_PATH && r->mtime > pt.ns &&
			    pt.ok)
				r->flags |= RF_NEWER;
			return;
		}
		if (at[P_FIRST] == MAXCAND) {
			at[P_FIRST] = i;
			f->idrc = idrc;
			f->st = st;
			f->is_file = lk.cands[i].type == CT_PATH ||
			    lk.cands[i].type == CT_VMLINUX ||
			    lk.cands[i].type == CT_APK;
			f->e = e;
			if (arch_runs(pf.arch, e.machine) == 0) {
				r->flags |= RF_ARCH_DIFF;
				r->em = (uint16_t)e.machine;
			}
		}
	}
}

/* The facts of the places (walk_places): what could not be read before
 * anything that could, else the first file's facts, or why none. */
static void
gather_places(struct facts *f)
{
	struct res *r = f->r;
	unsigned first;

	walk_places(f);
	first = f->at[P_FIRST];
	if (f->bits & F(MATCH))
		return;
	if (f->at[P_UNREAD] < first) {
		f->bits |= F(UNREAD);
		r->err = (uint8_t)lk.cands[f->at[P_UNREAD]].err;
		return;
	}
	if (f->idrc == 1)
		r->flags |= RF_NOID;
	// a JIT's map is text, judged by its time: no build-ID unread
	if (f->idrc == 2 && r->kind != K_JIT) {
		r->flags |= RF_UNREAD;
		r->why = unreadable_why(&lk.cands[first], f->e.notelf,
		    f->e.deflated);
	}
	if (f->is_file)
		r->mtime = mtime_ns(&f->st);
	if (first < MAXCAND) {
		// an APK's compressed library is not read in place; a
		// compressed file's (a .ko.xz) build-ID is not read to compare
		f->bits |= (f->e.deflated ? F(DEFLATED) : 0) |
		    (f->idrc == 2 && compressed(lk.cands[first].path) ? 0 :
		    F(COMPARED)) | (r->flags & RF_ARCH_DIFF ? F(ARCH) : 0);
		return;
	}
	// nothing found: the detail names what stands at the first place
	r->why = lk.ncand ? lk.cands[0].what : NULL;
	f->bits |= F(NONE) | (f->at[P_KIMAGE] < MAXCAND ? F(KIMAGE) : 0);
	if (!strncmp(obj_name(f->o), "/dev/", 5) && lk.ncand &&
	    lk.cands[0].type == CT_PATH && lk.cands[0].what &&
	    !strcmp(lk.cands[0].what, "a device"))
		f->bits |= F(DEVICE);
	if (lk.ncand && live_kind(&lk.cands[0]) &&
	    lk.cands[0].type != CT_VDSO && !sysfs_mounted())
		f->bits |= F(NO_SYSFS);
}

static void
gather_other_id(struct facts *f)
{
	struct res *r = f->r;

	if (r->kind == K_USER && f->rc.nids > 1 &&
	    other_id_nowhere(f->g, r->kind))
		f->bits |= F(OTHER_ID);
	cand_list(f->o, r->kind, f->rc.id, f->rc.idlen);
}

/* The first rule whose facts hold, a stage gathered when a rule first
 * asks one of its facts (F_ bits run in stage order). */
static unsigned
decide(struct facts *f)
{
	static void (*const gather[])(struct facts *) = { gather_other_id,
		gather_places, gather_late, gather_ctime };
	static const uint64_t from[] = { F(OTHER_ID), F(MATCH), F(RELEASED),
		F(CTIME) };
	unsigned i;

	for (i = 0; i < R_N - 1; i++) {
		while (f->stage < 4 && rules[i].need >= from[f->stage])
			gather[f->stage++](f);
		if ((f->bits & rules[i].need) == rules[i].need)
			break;
	}
	return i;
}

static unsigned
check_group(uint32_t g)
{
	struct facts f;
	struct res *r = &jd.res[g];
	const char *why;
	unsigned i, rule;

	memset(r, 0, sizeof *r);
	memset(&f, 0, sizeof f);
	f.g = g;
	f.o = &ot.objs[g];
	f.r = r;
	f.idrc = -1;
	f.ctime_since = INT64_MAX;
	for (i = 0; i < P_N; i++)
		f.at[i] = MAXCAND;
	r->kind = (uint8_t)classify(f.o, &why);
	if (rec_of(g, &f.rc))
		r->flags |= RF_IMAGE_ID;
	r->nids = (uint8_t)(f.rc.nids > 255 ? 255 : f.rc.nids);
	r->flags |= (uint16_t)(f.rc.nids > 1 ? RF_MULTI_ID : 0);
	r->flags |= (uint16_t)(f.rc.inodes == 2 ? RF_MULTI_INO : 0);
	if (r->kind == K_USER && deleted_len(f.o))
		r->flags |= RF_DELETED;
	if (r->kind == K_PSEUDO)
		r->why = why;
	// this system's file is not the foreign profile's, nor is what
	// stands at a deleted file's path the file perf saw
	f.bits = (r->kind == K_PSEUDO ? F(PSEUDO) : 0) |
	    (r->kind == K_VDSO && !f.rc.idlen ? F(VDSO_NOID) : 0) |
	    (f.rc.idlen ? F(ID) : 0) |
	    (foreign_here(r->kind) ? F(FOREIGN) : 0) |
	    (r->flags & RF_DELETED ? F(DELETED) : 0);
	rule = decide(&f);
	r->cand = (uint8_t)f.at[rules[rule].place];
	return rule;
}

static void
judge(uint32_t g)
{
	struct res *r = &jd.res[g];

	r->rule = (uint8_t)check_group(g);
	r->verdict = rules[r->rule].verdict;
	if (!opt.sysroot || r->kind == K_PSEUDO || r->kind == K_VDSO)
		return;
	if (!jd.looked++)
		snprintf(jd.name, sizeof jd.name, "%s",
		    obj_name(&ot.objs[g]));
	// (a build-ID cache is the user's word too; -k is not the sysroot's)
	jd.found += r->cand < lk.ncand && lk.cands[r->cand].root;
	if (r->flags & RF_ARCH_DIFF) {
		jd.foreign++;
		jd.em = r->em;
	}
}

static int
sysroot_sane(void)
{
	if (!jd.looked || jd.found > jd.foreign)
		return 1;
	if (jd.foreign)
		msg(2, "-s %s: its files are for %s, the profile is from %s: "
		    "give the recording system's root",
		    esc(opt.sysroot), machine_name(jd.em), esc(pf.arch));
	else
		msg(2, "-s %s holds none of the %u objects the report uses "
		    "(looked for %s%s): give the recording system's root",
		    esc(opt.sysroot),
		    jd.looked, esc(jd.name), jd.looked > 1 ? " and the rest" :
		    "");
	return 0;
}

/* The span of the records' times (pt.rec_lo the first), or 0; SAMPLE_TIME
 * only where no sample was read: --switch-output's files carry the first's. */
static uint64_t
record_span(void)
{
	uint64_t lo = pf.r_first, hi = pf.r_last;
	uint64_t s_lo = pf.n_timed ? pf.t_first : pf.sample_first;
	uint64_t s_hi = pf.n_timed ? pf.t_last : pf.sample_last;

	if (s_lo && (!lo || s_lo < lo))
		lo = s_lo;
	if (s_hi > hi)
		hi = s_hi;
	pt.rec_lo = lo;
	pt.rec_hi = hi;
	return lo && hi > lo ? hi - lo : 0;
}

/* The events' clock now (pf.clock, fmt §3.6), beside CLOCK_MONOTONIC and
 * CLOCK_REALTIME; *w the width of that moment.  A time namespace moves
 * clock_gettime's, so a dummy event on this thread records a COMM, its
 * time appended, as the thread takes its own name again.  0 if none. */
static int
perf_clock_now(uint32_t clock, int64_t *perf, int64_t *mono, int64_t *real,
    int64_t *w)
{
	unsigned char a[96], *m;	// PERF_ATTR_SIZE_VER3
	uint64_t flags = 1 << 5 | 1 << 6 | 1 << 9 | 1 << 18, head;
	struct rd r;
	struct recv v;
	const uint16_t one = 1;
	unsigned char low;
	struct timespec t0, t1, rt;
	char name[17] = "";
	long fd, pg = sysconf(_SC_PAGESIZE);
	int be, found = 0;

	*perf = 0;
	// PERF_TYPE_SOFTWARE, size, PERF_COUNT_SW_DUMMY, PERF_SAMPLE_TIME;
	// exclude_kernel, exclude_hv, comm, sample_id_all, use_clockid as a
	// native word (big-endian bitfields run from the top: fmt §4)
	if (clock)
		flags |= (uint64_t)1 << F_USE_CLOCKID;
	memcpy(&low, &one, 1);
	be = !low;
	memset(a, 0, sizeof a);
	put_n(a, 1, 4, be);
	put_n(a + 4, sizeof a, 4, be);
	put_n(a + 8, 9, 8, be);
	put_n(a + 24, 4, 8, be);
	// attr_flags reads the word back; its bit reversal is its own
	// inverse, so it also lays the word out
	put_n(a + 40, flags, 8, be);
	put_n(a + 40, attr_flags(a + 40, be), 8, be);
	put_n(a + 92, clock ? clock - 1 : 0, 4, be);
#ifdef SYS_perf_event_open
	fd = pg > 0 ? syscall(SYS_perf_event_open, a, 0, -1, -1,
	    8 /* FD_CLOEXEC */) : -1;
#else
	fd = -1;
#endif
	if (fd < 0)
		return 0;
	m = mmap(NULL, 2 * (size_t)pg, PROT_READ | PROT_WRITE, MAP_SHARED,
	    (int)fd, 0);
	close((int)fd);
	if (m == MAP_FAILED)
		return 0;
	prctl(PR_GET_NAME, name);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	prctl(PR_SET_NAME, name);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	clock_gettime(CLOCK_REALTIME, &rt);
	// the ring's head at 1024 of the first page, its records from the
	// second on; the COMM record's time its last 8 bytes
	head = get64(m + 1024, be);
	rd_mem(&r, m + pg, head <= (uint64_t)pg ? (size_t)head : 0, 0);
	while (!found && rec_next(&r, &v, be) == RN_REC) {
		if ((found = v.type == R_COMM && v.size >= 24))
			*perf = (int64_t)get64(v.p + v.size - 8, be);
		rd_skip(&r, v.size);
	}
	munmap(m, 2 * (size_t)pg);
	*mono = ts_ns(&t0) / 2 + ts_ns(&t1) / 2;
	*real = ts_ns(&rt) - (ts_ns(&t1) - *mono);
	*w = ts_ns(&t1) - ts_ns(&t0);
	return found;
}

/* Whether the perf.data is the file perf wrote, by the events' clock
 * (docs/design.md, "The profile's time"): 1, 0 a copy, -1 untold; sets
 * pt.clock_lo and pt.clock_hi, the first record, as the mtime allows. */
static int
born_by_clock(void)
{
	struct timespec boot;
	struct timex tx;
	int64_t p, m, r, w, d, hi, tol, lo_tol, ppm, kin[3];
	double rate;
	int i;
	long hz = sysconf(_SC_CLK_TCK);

	memset(&tx, 0, sizeof tx);
	if (!pt.same_host || pf.clock == CLOCK_MIXED || !pt.rec_lo ||
	    pt.rec_hi > INT64_MAX / 2 || adjtimex(&tx) < 0 || hz <= 0 ||
	    !perf_clock_now(pf.clock, &p, &m, &r, &w))
		return -1;
	// a suspend since boot stopped one clock and not the other, at a
	// time not known; a record later than now is another boot's
	clock_gettime(CLOCK_BOOTTIME, &boot);
	if (ts_ns(&boot) - m > FILE_TICK || m < 1000000000 || p < 0 ||
	    pt.rec_hi > (uint64_t)p)
		return -1;
	// NTP's rate, in ppm (freq is scaled by 2^16, tick is in us of a
	// 1/hz s tick)
	ppm = (tx.freq < 0 ? -(int64_t)tx.freq : tx.freq) / 65536 + 1 +
	    (int64_t)(tx.tick > 1000000 / hz ? tx.tick - 1000000 / hz :
	    1000000 / hz - tx.tick) * hz;
	// the distance from the wall clock's kin that the events' clock
	// counts as (from boot: perf's, MONOTONIC, BOOTTIME, MONOTONIC_RAW;
	// from the epoch: REALTIME, TAI with adjtimex's offset), the nearer
	kin[0] = m;
	kin[1] = r;
	kin[2] = r + (int64_t)tx.tai * 1000000000;
	for (d = INT64_MAX, i = 0; i < 3; i++)
		if ((p > kin[i] ? p - kin[i] : kin[i] - p) < d)
			d = p > kin[i] ? p - kin[i] : kin[i] - p;
	rate = ((double)d + 50000000) / (double)m + (double)ppm / 1000000;
	// past 1 (a boot some seconds old, a namespace set far back) the
	// margin says nothing, and would overflow
	if (rate > 1)
		return -1;
	tol = FILE_TICK + pf.time_slack + w;
	lo_tol = tol + (int64_t)(rate * (double)(p - (int64_t)pt.rec_lo));
	tol += (int64_t)(rate * (double)(p - (int64_t)pt.rec_hi));
	hi = r - (p - (int64_t)pt.rec_hi);
	pt.clock_lo = r - (p - (int64_t)pt.rec_lo) - lo_tol;
	// recorded in this boot, and the clocks as far apart as then (on a
	// file system without birth times, by the mtime alone)
	if ((pf.has_btime && pf.btime < r - m - lo_tol) || pf.mtime < hi - tol)
		return -1;
	pt.clock_hi = pt.clock_lo + 2 * lo_tol;
	if (!pf.has_btime)
		return -1;
	return pf.btime < hi - tol ? 1 : pf.btime > hi + tol ? 0 : -1;
}

/* pt.trust of the perf.data's mtime (docs/design.md, "The profile's
 * time"); a span past the file's age by no more than the drift and the
 * mtime's resolution (pf_file_times) is not taken for a copy's. */
static void
mtime_trust(void)
{
	// unsigned, and no sum with the mtime, which may be saturated
	pt.trust_age = 0;
	pt.trust_clock = -1;
	if (!pf.has_btime) {
		// no birth to tell a copy by; perf's clock may still place
		// the first record (profile_time)
		pt.trust = PT_UNCONFIRMED;
		(void)born_by_clock();
	} else if (born_after())
		pt.trust = PT_COPY;
	else {
		pt.trust_age = pf.mtime > pf.btime ?
		    (uint64_t)pf.mtime - (uint64_t)pf.btime : 0;
		pt.trust_clock = born_by_clock();
		pt.trust = pt.trust_clock == 1 ? PT_WRITTEN :
		    pt.trust_clock == 0 ? PT_COPY : !pt.trust_span ?
		    PT_UNCONFIRMED : pt.trust_age < pt.trust_span &&
		    pt.trust_span - pt.trust_age > pt.trust_age / 1000 +
		    (uint64_t)pf.time_slack ? PT_COPY : PT_AGED;
	}
}

/* The last sample's wall time by CLOCK_DATA in pt.ns, 1 where taken
 * (docs/design.md, "The profile's time"); 0, said: the mtime stands in. */
static int
clock_data_fits(void)
{
	uint64_t t = pf.sample_last ? pf.sample_last : pf.n_timed ?
	    pf.t_last : pf.clock_ns;
	char when[64];

	pt.ns = (int64_t)(pf.clock_tod + (t - pf.clock_ns));
	// perf reads the pair just before it opens the events: one after the
	// first record, or a second before it, is a time namespace's
	if (pt.rec_lo && (pf.clock_ns > pt.rec_lo + 1000000 ||
	    pt.rec_lo - pf.clock_ns > 1000000000)) {
		msg(0, "%s: CLOCK_DATA's reference lies %s %s the first record "
		    "(a time namespace, or idle events?): %s", esc(pf_shown()),
		    span((int64_t)(pt.rec_lo > pf.clock_ns ? pt.rec_lo -
		    pf.clock_ns : pf.clock_ns - pt.rec_lo)),
		    pt.rec_lo > pf.clock_ns ? "before" : "after", pf.mtime ?
		    "the mtime is taken" : "not taken");
		return 0;
	}
	// unsigned: the mtime may be saturated
	if (!pf.mtime || pt.ns <= pf.mtime || (uint64_t)pt.ns -
	    (uint64_t)pf.mtime <= (uint64_t)(pf.time_slack + FILE_TICK))
		return 1;
	time_into(when, sizeof when, pt.ns, 0);
	msg(0, "%s: CLOCK_DATA places the last sample at %s, after the mtime "
	    "(a time namespace?): the mtime is taken", esc(pf_shown()), when);
	return 0;
}

/* The profile's time (docs/design.md, "The profile's time"); before 2000
 * or in the future (a board without a clock) it judges nothing. */
static int
profile_time(void)
{
	struct timespec now;
	struct stat st;
	char when[64];

	pt.trust_span = record_span();
	pt.clock_lo = pt.clock_hi = 0;	// this profile's, if born_by_clock
	if (opt.timearg) {
		if (!parse_time(opt.timearg, &pt.ns)) {
			msg(2, "-t %s: %s", esc(opt.timearg), opt.time_why);
			return 0;
		}
		pt.src = "-t";
		pt.trust = PT_GIVEN;
	} else if (opt.reffile) {
		if (stat(opt.reffile, &st)) {
			msg(2, "-r %s:", esc(opt.reffile));
			return 0;
		}
		pt.ns = mtime_ns(&st);
		pt.src = "the mtime of the -r file";
		pt.trust = PT_GIVEN;
	} else if (pf.has_clock_data && clock_data_fits()) {
		pt.src = "the last sample, by CLOCK_DATA";
		pt.trust = PT_CLOCK;
	} else if (pf.mtime) {
		pt.ns = pf.mtime;
		pt.src = "the mtime of the perf.data";
		mtime_trust();
	} else {
		msg(0, "%s: the profile's time is unknown (%s%s): mtimes are "
		    "not judged; give -t TIME or -r FILE", esc(pf_shown()),
		    pf.has_clock_data ? "its CLOCK_DATA is not taken, and " :
		    "", pf.fsize ? "its file's mtime is 0" : pf.has_clock_data ?
		    "a pipe has no file time" : "a pipe without CLOCK_DATA");
		return 1;
	}
	clock_gettime(CLOCK_REALTIME, &now);
	if (pt.ns < (int64_t)946684800 * 1000000000 ||
	    pt.ns / 1000000000 > (int64_t)now.tv_sec + 86400) {
		time_into(when, sizeof when, pt.ns, 0);
		// -t and -r are the remedy: not advised when given
		msg(0, "%s: the profile's time, %s (from %s), is implausible "
		    "(%s): mtimes are not judged%s", esc(pf_shown()), when,
		    pt.src, opt.timearg ? "before 2000 or in the future" :
		    "a board without a clock?", opt.timearg || opt.reffile ?
		    "" : "; give -t TIME or -r FILE");
		return 1;
	}
	// the recording's start (docs/design.md, "This boot")
	pt.start = pt.trust == PT_WRITTEN ? (pf.btime < pt.clock_lo ?
	    pf.btime : pt.clock_lo) : pt.trust == PT_AGED ? pf.btime :
	    pt.trust_span < (uint64_t)pt.ns ? pt.ns -
	    (int64_t)pt.trust_span : 0;
	// an unconfirmed mtime may be a copy's or whole seconds: start at
	// perf's clock's first record, less clock_lo's coarse-time allowance
	if (pt.trust == PT_UNCONFIRMED && pt.clock_hi)
		pt.start = pt.clock_lo + FILE_TICK + pf.time_slack;
	pt.ok = 1;
	return 1;
}

/* Whether the profile is of this boot of this system (docs/design.md,
 * "This boot"): 1 shown, 0 another boot or a system not shown to be this
 * one, -1 nothing tells (pt.boot_why: why).  pt.now: the wall clock. */
static void
boot_settle(void)
{
	struct timespec rt, bt;
	int64_t boot, p, m, r, w, first;

	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_BOOTTIME, &bt);
	pt.now = ts_ns(&rt);
	boot = pt.now - ts_ns(&bt);
	pt.this_boot = 0;
	if (!pt.same_host) {
		pt.boot_why = pt.host == HOST_FOREIGN ? from_elsewhere :
		    "the profile does not show that it is from this system "
		    "(-L says so)";
		return;
	}
	// no event: perf's clock by BOOTTIME and NTP's 500 ppm; -k's unknown
	if (pf.clock == CLOCK_MIXED || !perf_clock_now(pf.clock, &p, &m, &r,
	    &w))
		p = pf.clock ? INT64_MAX : ts_ns(&bt) + ts_ns(&bt) / 2000;
	pt.boot_why = "the profile was recorded before this boot";
	if ((pt.ok && pt.ns < boot) || pt.rec_hi > (uint64_t)p)
		return;
	first = pt.trust == PT_CLOCK ? (int64_t)(pf.clock_tod +
	    (pt.rec_lo - pf.clock_ns)) : pt.ns - (int64_t)pt.trust_span;
	pt.this_boot = pt.ok && (pt.trust == PT_WRITTEN || ((pt.trust ==
	    PT_CLOCK || pt.trust == PT_GIVEN) && first >= boot)) ? 1 : -1;
	pt.boot_why = pt.this_boot == 1 ? NULL : "nothing places the "
	    "recording in this boot (-t TIME or -r FILE can)";
}

/* Default caches where -c names none: $HOME/.debug and the debuginfod
 * client's ($DEBUGINFOD_CACHE_PATH, XDG, ~/.cache); under a sysroot its
 * own instead (ROOT/.debug, ROOT/root/.debug), never this host's. */
static void
cache_defaults(void)
{
	char (*dir)[PATHMAX] = opt.cache_dir;
	static const char *const in_root[] = { "%s/.debug", "%s/root/.debug" };
	const char *h = getenv("HOME"), *d = getenv("DEBUGINFOD_CACHE_PATH");
	const char *x = getenv("XDG_CACHE_HOME");
	struct stat st;
	size_t n[2] = { PATHMAX, PATHMAX };
	int i;

	if (opt.ncache)
		return;
	if (!opt.sysroot && h && *h)
		n[0] = (size_t)snprintf(dir[0], PATHMAX, "%s/.debug", h);
	if (!opt.sysroot && d && *d)
		n[1] = (size_t)snprintf(dir[1], PATHMAX, "%s", d);
	else if (!opt.sysroot && x && *x)
		n[1] = (size_t)snprintf(dir[1], PATHMAX, "%s/debuginfod_client",
		    x);
	else if (!opt.sysroot && h && *h)
		n[1] = (size_t)snprintf(dir[1], PATHMAX,
		    "%s/.cache/debuginfod_client", h);
	for (i = 0; i < 2; i++)
		if (n[i] < PATHMAX && !stat(dir[i], &st) && S_ISDIR(st.st_mode))
			opt.cache[opt.ncache++] = dir[i];
	for (i = 0; opt.sysroot && i < 2; i++)
		if ((size_t)snprintf(dir[i], PATHMAX, in_root[i], opt.sysroot) <
		    PATHMAX && !lstat(dir[i], &st) && S_ISDIR(st.st_mode))
			opt.cache[opt.ncache++] = dir[i];
}

/* A fact of this system's against the profile's (pt.host_diff). */
static void
host_fact(const char *what, const char *rec, const char *here)
{
	if (!rec[0] || !here[0])
		return;
	if (pt.host == HOST_UNKNOWN)
		pt.host = HOST_LIKE;
	if (strcmp(rec, here) && pt.host != HOST_FOREIGN) {
		pt.host = HOST_FOREIGN;
		snprintf(pt.host_diff, sizeof pt.host_diff, "%s %s, not %s",
		    what, esc(rec), esc(here));
	}
}

/* A number from a small text file of the system: the one after key, or
 * with last set the last on the first line.  1 if found. */
static int
sys_number(const char *path, const char *key, int last, uint64_t *v)
{
	const char *p = (const char *)bufs.tab;
	int found = 0;

	if (!sys_text(path, (char *)bufs.tab, sizeof bufs.tab) ||
	    !(p = find(p, key)))
		return 0;
	for (p += strlen(key), *v = 0; *p && *p != '\n'; p++) {
		if (*p >= '0' && *p <= '9') {
			if (*v > UINT64_MAX / 10 - 9)
				return 0;
			*v = *v * 10 + (uint64_t)(*p - '0');
			found = 1;
		} else if (found && !last)
			break;
		else if (last)
			*v = 0;
	}
	return found;
}

static void
host_compare(void)
{
	struct utsname u;
	char rec[32], here[32];
	uint64_t v;

	pt.host = HOST_UNKNOWN;
	if (uname(&u))
		return;
	// the most decisive fact first: another arch runs none of these
	// files, another release not this kernel; a name may be renamed
	host_fact("arch", pf.arch, u.machine);
	host_fact("kernel release", pf.osrelease, u.release);
	host_fact("host", pf.hostname, u.nodename);
	// as perf reads them: nr_cpus_avail, the highest present plus one
	if (pf.cpus_avail &&
	    sys_number("/sys/devices/system/cpu/present", "", 1, &v)) {
		snprintf(rec, sizeof rec, "%" PRIu32, pf.cpus_avail);
		snprintf(here, sizeof here, "%" PRIu64, v + 1);
		host_fact("CPUs", rec, here);
	}
	if (pf.total_mem && sys_number("/proc/meminfo", "MemTotal:", 0, &v)) {
		snprintf(rec, sizeof rec, "%" PRIu64 " kB", pf.total_mem);
		snprintf(here, sizeof here, "%" PRIu64 " kB", v);
		host_fact("memory", rec, here);
	}
	if (opt.local)
		pt.host = HOST_LIKE;
	pt.same_host = pt.host == HOST_LIKE;
}

/* ==== 15. Reports =======================================================
 * The table, porcelain (-p: tab-separated, '-' for empty) and JSON Lines
 * (-j).  Every name is escaped in every format (section 4). */

static void
dadd(const char *fmt, ...)
{
	va_list ap;
	int n;

	if (rpt.dlen >= sizeof rpt.detail - 1)
		return;
	va_start(ap, fmt);
	n = vsnprintf(rpt.detail + rpt.dlen, sizeof rpt.detail - rpt.dlen,
	    fmt, ap);
	va_end(ap);
	rpt.dlen += n < 0 ? 0 : (size_t)n;
	if (rpt.dlen > sizeof rpt.detail - 1)
		rpt.dlen = sizeof rpt.detail - 1;
}

static void
detail_time(const char *what, int64_t mtime)
{
	char when[64];

	time_into(when, sizeof when, mtime, 0);
	dadd("%s %s, %s%s after the profile", what, when,
	    mtime == INT64_MAX ? "more than " : "", span(mtime - pt.ns));
}


/* " (PATH)" where the file judged is not at the recorded name. */
static void
detail_where(const struct obj *o, const struct cand *c)
{
	if (c && strcmp(c->path, obj_name(o)))
		dadd(" (%s)", esc(c->path));
}

static const char *
trust_words(void)
{
	static char buf[320];

	switch (pt.trust) {
	case PT_GIVEN:
		return "given";
	case PT_CLOCK:
		return "recorded";
	case PT_WRITTEN:
	case PT_AGED:
	case PT_COPY:
		if (born_after())
			return "a copy's: the file was born after its mtime (cp "
			    "-p, tar, rsync)";
		if (pt.trust_clock >= 0) {
			snprintf(buf, sizeof buf, "%s: the file was born %s its "
			    "last record, by perf's clock on this boot",
			    pt.trust_clock ? "confirmed" : "a copy's",
			    pt.trust_clock ? "before" : "after");
			return buf;
		}
		// the spans in s to the ms: "0.004 s", "12.500 s"
		snprintf(buf, sizeof buf, "%s: the file was born %" PRIu64
		    ".%03" PRIu64 " s before it, its records span %" PRIu64
		    ".%03" PRIu64 " s", pt.trust == PT_AGED ? "by its age, "
		    "as perf's file or a slow copy (perf's clock cannot place "
		    "it here)" : "a copy's", pt.trust_age / 1000000000,
		    pt.trust_age / 1000000 % 1000, pt.trust_span / 1000000000,
		    pt.trust_span / 1000000 % 1000);
		return buf;
	}
	return !pf.has_btime ? "unconfirmed: the file system keeps no birth "
	    "time" : pt.rec_lo ? "unconfirmed: its records span no time, and "
	    "perf's clock cannot place it here" : "unconfirmed: its records "
	    "hold no times";
}

/* trust_words, and where the birth is the one perfmt inject kept, so. */
static const char *
trust_text(void)
{
	static char buf[400];
	const char *t = trust_words();

	if (!pf.rewritten || pt.trust < PT_WRITTEN)
		return t;
	snprintf(buf, sizeof buf, "%s (its birth the one perfmt inject kept "
	    "when it rewrote the file)", t);
	return buf;
}

/* R_MISSING's words: what stands at the places. */
static void
detail_missing(const struct obj *o, const struct res *r)
{
	struct stat st;
	struct elfid e;

	if (!lk.ncand && r->kind == K_VDSO)
		dadd("no copy in a build-ID cache (perf buildid-cache, "
		    "perf archive; give -c DIR)");
	else if (!lk.ncand && r->kind == K_MODULE && opt.sysroot &&
	    !pf.osrelease[0])
		dadd("the profile names no kernel release to find its "
		    "modules by under %s/lib/modules", esc(opt.sysroot));
	else if (!lk.ncand && r->kind == K_MODULE && opt.sysroot)
		dadd("not listed in %s/lib/modules/%s/modules.dep, or it "
		    "is missing (depmod -b SYSROOT RELEASE writes it)",
		    esc(opt.sysroot), esc(pf.osrelease));
	else if (!lk.ncand)
		dadd("nowhere to look: give -k VMLINUX or -s SYSROOT");
	else if (r->why)
		dadd("%s is %s, not a file", esc(lk.cands[0].path), r->why);
	else if (lk.cands[0].err && lk.cands[0].err != ENOENT)
		dadd("%s: %s", esc(lk.cands[0].path),
		    walk_error(lk.cands[0].err));
	// an APK without the library (walk_places): read again for why
	else if (lk.cands[0].type == CT_APK && !lk.cands[0].err &&
	    elf_buildid(lk.cands[0].root, lk.cands[0].path,
	    lk.cands[0].entry, &e, &st) == 2 && e.absent)
		dadd("%s: %s", esc(lk.cands[0].path), e.why);
	else if (lk.cands[lk.ncand - 1].type == CT_VDSO)
		dadd("this process has no vDSO to compare with (an "
		    "emulator?), nor a copy in a build-ID cache");
	else if (!strcmp(lk.cands[0].path, obj_name(o)))
		dadd("no such file");
	else
		dadd("not found: %s", esc(lk.cands[0].path));
	if (lk.ncand > 1)
		dadd(", nor in %u more place%s (-v lists them)",
		    lk.ncand - 1, lk.ncand > 2 ? "s" : "");
}

/* The words of the rules a recorded build-ID decides. */
static void
detail_id(const struct obj *o, const struct res *r, const struct rec *rc,
    const struct cand *c)
{
	unsigned type = c ? c->type : CT_PATH;
	char when[64], hex[2 * IDMAX + 1];

	hex_into(hex, r->diskid, r->disklen);
	switch (r->rule) {
	case R_ID_DIFFERS:
		if (live_kind(c))
			dadd("the %s%s", ct_names[type], r->flags & (RF_NOID |
			    RF_UNREAD) ? ": " : " is ");
		else
			dadd("on disk: ");
		dadd("%s", r->flags & RF_NOID ? "no build-ID" :
		    r->flags & RF_UNREAD ? r->why : hex);
		if (r->flags & RF_ARCH_DIFF)
			dadd(", a file for %s, the profile from %s",
			    machine_name(r->em), esc(pf.arch));
		if (!live_kind(c))
			detail_where(o, c);
		break;
	case R_ID_NOT_MAPPED:
		dadd("the recorded build-ID is the file's at the path, ");
		if (r->flags & RF_AFTER_MAP) {
			time_into(when, sizeof when, r->mtime, 0);
			dadd("but it was modified %s, after perf mapped it and "
			    "before the ID was read: what ran may be another "
			    "build", when);
		} else if (rc->inodes != 1)
			dadd("but perf mapped two files there (%s): it is one "
			    "file's at most", rc->inodes == 3 ? "on two devices: "
			    "a chroot, a container" : "a bind mount, or one "
			    "replaced");
		else if (r->ino == rc->ino)
			dadd("inode %" PRIu64 ", but of another generation "
			    "than perf mapped: not the mapped file's", r->ino);
		else
			dadd("inode %" PRIu64 ", but perf mapped inode %" PRIu64
			    " (%" PRIu32 ":%" PRIu32 "; a chroot, a bind "
			    "mount?): it is not the mapped file's", r->ino,
			    rc->ino, rc->maj, rc->min);
		break;
	case R_ID_MATCHES:
		if (live_kind(c))
			dadd("build-ID matches the %s", ct_names[type]);
		else if (type == CT_PATH || type == CT_VMLINUX ||
		    type == CT_KNOTES)
			dadd("build-ID matches");
		else
			dadd("build-ID matches: %s", ct_names[type]);
		if (!live_kind(c))
			detail_where(o, c);
		if (r->flags & RF_PATH_DIFF)
			dadd("; %s holds another build",
			    esc(cand_resolve(&lk.cands[r->first])));
		if (r->flags & RF_NEWER)
			detail_time("; modified", r->mtime);
		break;
	case R_DELETED:
		dadd("perf saw the file deleted while it ran (replaced or "
		    "removed)");
		if (rc->idlen)
			dadd(", and the recorded build-ID is nowhere here");
		if (!c)
			dadd("; no file at %s",
			    esc(lk.ncand ? lk.cands[0].path : ""));
		else
			dadd("; %s is another file%s%s", esc(c->path),
			    r->disklen ? ", build-ID " : "", hex);
		break;
	case R_OTHER_ID:
		dadd("perf recorded %u build-IDs at the path (rebuilt while it "
		    "recorded?): a file here has one at most (-v lists the "
		    "places)", r->nids);
		break;
	case R_DEFLATED:
	case R_KIMAGE_DEFLATED:
		dadd("%s; a copy of the %s settles it", r->kind == K_KERNEL ?
		    "no kernel image perfmt reads (-v says why)" : r->why,
		    r->kind == K_KERNEL ? "image unpacked (-k)" : "library (-c)");
		break;
	case R_MISSING:
		detail_missing(o, r);
		break;
	}
}

/* The words of the rules release, inode and times decide, and the rest's. */
static void
detail_judged(const struct res *r, const struct rec *rc,
    const struct cand *c)
{
	char rel[STRMAX];

	switch (r->rule) {
	case R_PSEUDO:
		dadd("%s", r->why);
		break;
	case R_UNREADABLE:
		dadd("%s: %s: not read, nothing is claimed", esc(c->path),
		    strerror(r->err));
		break;
	case R_FOREIGN:
		// the fact that differs is said once, with the summary
		dadd("recorded on another system, not judged by this one's "
		    "%s; give %s", r->kind == K_KERNEL ?
		    "kernel" : r->kind == K_VDSO ? "vDSO" : r->kind == K_MODULE ?
		    "modules" : "files", r->kind == K_KERNEL ? "-k VMLINUX or -s "
		    "SYSROOT" : r->kind == K_VDSO ? "-c CACHE (perf "
		    "buildid-cache, perf archive) or -s SYSROOT" : "-s SYSROOT "
		    "or -c CACHE");
		break;
	case R_OTHER_ARCH:
		dadd("a file for %s, the profile from %s", machine_name(r->em),
		    esc(pf.arch));
		break;
	case R_RELEASE_DIFFERS:
	case R_RELEASE_SAME:
	case R_RELEASE_ONLY:
		// the running kernel's release or its image's
		kernel_release(c, rel, sizeof rel);
		dadd("no build-ID recorded; %s is release %s", live_kind(c) ?
		    "the running kernel" : c ? esc(c->path) : "?", esc(rel));
		if (strcmp(rel, pf.osrelease))
			dadd(", the profile's is %s", esc(pf.osrelease));
		else
			dadd(", as profiled");
		if (r->rule == R_RELEASE_ONLY)
			dadd(", but %s: a kernel rebuilt keeps its release "
			    "(record with build-IDs)", live_kind(c) ?
			    pt.boot_why : "an image's release does not name "
			    "its build");
		break;
	case R_KIMAGE_NO_RELEASE:
	case R_NO_RELEASE:
	case R_NOTHING_TO_COMPARE:
		dadd("no build-ID recorded, ");
		if (!pf.osrelease[0])
			dadd("nor the kernel's release: nothing to compare");
		else
			dadd("and %s names no release: nothing to compare",
			    c ? esc(c->path) : "it");
		break;
	case R_OTHER_INODE:
		if (r->ino == rc->ino)
			dadd("inode %" PRIu64 ", of another generation than the "
			    "one perf mapped (on %" PRIu32 ":%" PRIu32 "): the "
			    "file was made anew", r->ino, rc->maj, rc->min);
		else
			dadd("inode %" PRIu64 ", the profile saw inode %" PRIu64
			    " on the same device (%" PRIu32 ":%" PRIu32 ")",
			    r->ino, rc->ino, rc->maj, rc->min);
		break;
	case R_OTHER_FS:
		dadd("no build-ID recorded; perf mapped inode %" PRIu64 " on "
		    "device %" PRIu32 ":%" PRIu32 ", and another file system "
		    "holds the path here (an A/B slot, another disk, a "
		    "container's)", rc->ino, rc->maj, rc->min);
		break;
	case R_IMAGE:
		dadd("no build-ID recorded; %s; record with build-IDs, or perfmt "
		    "inject before the image changes", r->err == FSW_ATTACHED ?
		    "on a loop device attached after the recording began: "
		    "another image may be there" : r->err == FSW_WRITTEN ?
		    "its loop device's image file was written after the "
		    "recording began" : r->err == FSW_UNTOLD ? "on a loop "
		    "device whose image file cannot be checked (/sys/dev/block)"
		    : "on a read-only image (its times are the image's), in a "
		    "boot not shown to be the recording's");
		break;
	case R_NEWER:
		detail_time("modified", r->mtime);
		break;
	case R_COPY_TIME:
	case R_UNPLACED:
		dadd("before the perf.data's mtime, but that is %s; give -t "
		    "TIME or -r FILE", trust_text());
		break;
	case R_UNCHANGED:
		dadd("%s; not modified since the profile", rc->idlen ?
		    "build-ID unreadable" : "no build-ID recorded");
		if (r->flags & RF_SAME_INO)
			dadd(", same device and inode");
		break;
	}
}

/* The notes after a rule's words, but those its T_NO_ bits leave out. */
static void
detail_notes(const struct obj *o, const struct res *r, const struct rec *rc,
    unsigned tail)
{
	char when[64];

	if (r->flags & RF_FUTURE) {
		time_into(when, sizeof when, r->mtime, 0);
		dadd("; its mtime, %s, lies in the future: its ctime dates it",
		    when);
	}
	if (r->flags & RF_DEV_DIFF)
		dadd("; the inode perf saw, by number and generation, on another "
		    "device number (a btrfs subvolume)");
	else if (r->flags & RF_INO_DIFF)
		dadd("; %s on another device than perf saw (overlayfs, a btrfs "
		    "subvolume, FUSE?)", r->ino == rc->ino ? "the same inode "
		    "number, but no generation to tell the same file," :
		    "another inode");
	if ((r->flags & RF_UNREAD) && !(tail & T_NO_UNREAD))
		dadd("; %s", r->why);
	if ((r->flags & RF_MULTI_ID) && !(tail & T_NO_MULTI_ID))
		dadd("; replaced while recording: %u build-IDs", r->nids);
	if ((r->flags & RF_MULTI_INO) && !(tail & T_NO_MULTI_INO))
		dadd("; replaced while recording: the inode changed");
	if (rc->inodes == 3 && !(tail & T_NO_TWO_DEVS))
		dadd("; perf saw it on another device too (a container, a "
		    "chroot)");
	if (r->flags & RF_IMAGE_ID)
		dadd("; the build-ID perf recorded for %s",
		    esc(obj_name(&ot.objs[kernel_image(o)])));
	// r->first is the debug file unless a binary matched (T_NO_DEBUG)
	if ((r->flags & RF_DEBUG) && !(tail & T_NO_DEBUG))
		dadd("; symbols: the debug file %s has the recorded build-ID, "
		    "not the binary", esc(cand_resolve(&lk.cands[r->first])));
}

/* g's detail, in detail[]: its rule's words, where it is, its notes. */
static void
detail_for(uint32_t g, const struct rec *rc)
{
	const struct obj *o = &ot.objs[g];
	const struct res *r = &jd.res[g];
	const struct rule *ru = &rules[r->rule];
	const struct cand *c = r->cand < lk.ncand ? &lk.cands[r->cand] : NULL;
	char when[64];

	if (c)
		cand_resolve(&lk.cands[r->cand]);
	if (lk.ncand)
		cand_resolve(&lk.cands[0]);
	rpt.dlen = 0;
	rpt.detail[0] = 0;
	if (ru->tail & T_MODIFIED) {
		time_into(when, sizeof when, r->mtime, 0);
		dadd("no build-ID recorded; modified %s, ", when);
	}
	if (ru->words)
		dadd("%s", ru->words);
	detail_id(o, r, rc, c);
	detail_judged(r, rc, c);
	if (ru->tail & T_WHERE)
		detail_where(o, c);
	detail_notes(o, r, rc, ru->tail);
}

/* A JSON string of s, escaped (section 4) unless its maker did (a detail),
 * and '"' and '\' again for JSON; NULL is null. */
static void
json_text(const char *s, int escaped)
{
	char buf[4 * PATHMAX];

	if (!s) {
		fputs("null", stdout);
		return;
	}
	if (!escaped)
		esc_into(buf, sizeof buf, s, strlen(s));
	putchar('"');
	for (s = escaped ? s : buf; *s; s++) {
		if (*s == '"' || *s == '\\')
			putchar('\\');
		putchar(*s);
	}
	putchar('"');
}

static void
json_str(const char *s)
{
	json_text(s, 0);
}


static void
report_row(uint32_t g)
{
	const struct obj *o = &ot.objs[g];
	const struct res *r = &jd.res[g];
	char hex[2 * IDMAX + 1], dhex[2 * IDMAX + 1], when[64];
	struct rec rc;
	size_t w;

	rec_of(g, &rc);
	cand_list(o, r->kind, rc.id, rc.idlen);
	detail_for(g, &rc);
	hex_into(hex, rc.id, rc.idlen);
	hex_into(dhex, r->diskid, r->disklen);
	if (opt.json) {
		printf("{\"verdict\":\"%s\",\"reason\":\"%s\",\"kind\":\"%s\","
		    "\"path\":", vnames[r->verdict], rules[r->rule].code,
		    knames[r->kind]);
		json_str(obj_name(o));
		fputs(",\"recorded_id\":", stdout);
		json_str(hex[0] ? hex : NULL);
		fputs(",\"disk_id\":", stdout);
		json_str(dhex[0] ? dhex : NULL);
		fputs(",\"file\":", stdout);
		json_str(r->cand < lk.ncand && r->verdict != V_MISSING &&
		    r->verdict != V_SKIP ? lk.cands[r->cand].path : NULL);
		// a saturated time has no date (null): the detail says which
		if (r->mtime && r->mtime != INT64_MAX && r->mtime != INT64_MIN) {
			utc_into(when, sizeof when, r->mtime, 1);
			printf(",\"mtime\":\"%s\"", when);
		} else {
			fputs(",\"mtime\":null", stdout);
		}
		// code, data only (-a), or null: named by build-ID alone
		printf(",\"mapped\":%s", o->gsrc & SRC_EXEC ? "\"code\"" :
		    o->gsrc & SRC_MMAP ? "\"data\"" : "null");
		printf(",\"build_ids_recorded\":%u,\"detail\":", rc.nids);
		json_text(rpt.detail, 1);
		puts("}");
	} else if (opt.porcelain) {
		printf("%s\t%s\t%s\t", vnames[r->verdict], hex[0] ? hex : "-",
		    dhex[0] ? dhex : "-");
		out_name(obj_name(o), o->namelen, 1);
		printf("\t%s\n", rpt.detail[0] ? rpt.detail : "-");
	} else {
		// the header once; OBJECT as wide as the widest name, bounded
		if (!opt.quiet && !rpt.table_named++)
			printf("%-10s %-*s %-40s  %s\n", "VERDICT", rpt.name_w,
			    "OBJECT", "RECORDED-BUILD-ID", "DETAIL");
		printf("%-10s ", vnames[r->verdict]);
		w = out_name(obj_name(o), o->namelen, 1);
		printf("%*s %-40s  %s\n", (int)w < rpt.name_w ?
		    rpt.name_w - (int)w : 0, "", hex[0] ? hex : "-",
		    rpt.detail);
	}
}

static const char trust_names[][13] = { "given", "recorded", "confirmed",
	"age", "unconfirmed", "copy" };
static const char host_names[][8] = { "unknown", "alike", "foreign" };

/* JSON: "profile_time" and the members after it; null if unsettled. */
static void
json_prof_time(void)
{
	char when[64];

	if (pt.src)
		time_into(when, sizeof when, pt.ns, 1);
	json_str(pt.src ? when : NULL);
	fputs(",\"profile_time_source\":", stdout);
	json_str(pt.src);
	fputs(",\"profile_time_trust\":", stdout);
	json_str(pt.src ? trust_names[pt.trust] : NULL);
	fputs(",\"profile_time_note\":", stdout);
	json_str(pt.src ? trust_text() : NULL);
}


/* Whether a pass's object i is judged; one left out is counted, once. */
static int
judged(uint32_t i)
{
	if (wanted(i))
		return 1;
	jd.not_judged += mapped_object(i);
	return 0;
}

/* The summaries' words for them: "" if none. */
static const char *
scope_left(void)
{
	static char s[80];

	if (!jd.not_judged)
		return "";
	snprintf(s, sizeof s, "; %u mapped objects no sample reaches, not "
	    "judged", jd.not_judged);
	return s;
}

static void
report_summary(const unsigned *counts)
{
	char when[64];
	unsigned v, n = 0;
	const char *sep = "";

	if (opt.porcelain || opt.quiet) {
		if (counts[V_FOREIGN])
			msg(0, "%s: %s: %s", esc(pf_shown()), from_elsewhere,
			    pt.host_diff);
		return;
	}
	for (v = 0; v < V_N; v++)
		n += counts[v];
	if (opt.json) {
		printf("{\"summary\":{\"objects\":%u", n);
		for (v = 0; v < V_N; v++)
			printf(",\"%s\":%u", vnames[v], counts[v]);
		printf(",\"not_judged\":%u},\"profile_time\":", jd.not_judged);
		json_prof_time();
		printf(",\"profile_time_plausible\":%s,\"host\":\"%s\","
		    "\"same_host\":%s", pt.ok ? "true" : "false",
		    host_names[pt.host], pt.same_host ? "true" : "false");
		fputs(",\"host_differs\":", stdout);
		json_text(pt.host == HOST_FOREIGN ? pt.host_diff : NULL, 1);
		puts("}");
		return;
	}
	printf("%u objects:", n);
	for (v = 0; v < V_N; v++)
		if (counts[v]) {
			printf("%s %u %s", sep, counts[v], vnames[v]);
			sep = ",";
		}
	fputs(scope_left(), stdout);
	if (pt.src) {
		time_into(when, sizeof when, pt.ns, 0);
		printf("; profile time %s (%s%s%s)", when, pt.src,
		    pt.trust >= PT_WRITTEN ? ", " : "",
		    pt.trust >= PT_WRITTEN ? trust_text() : "");
	}
	putchar('\n');
	if (counts[V_FOREIGN])
		printf("%s: %s\n", from_elsewhere, pt.host_diff);
}

/* -p and -q print no summary: a time from the mtime is said on stderr. */
static void
report_time_note(unsigned by_time)
{
	// -q: nothing at all where all is well
	if (by_time && pt.trust >= PT_WRITTEN && (opt.porcelain ||
	    (opt.quiet && (rpt.status || rpt.changed))))
		msg(0, "%s: the profile's time is %s, %s", esc(pf_shown()),
		    pt.src, trust_text());
}


/* ==== 16. Commands ====================================================== */
/* Each command's options, a letter the same wherever taken; lopts: those
 * taken by long name only (list --kernel: -k is a kernel image here). */
enum { C_CHECK, C_LIST, C_HEADER, C_BUILDID, C_INJECT, C_ARCHIVE };

static const struct {
	const char *name, *opts, *lopts;
} commands[] = {
	// ':' first: a missing argument is told from an unknown option
	[C_CHECK] = { "check", ":hVi:s:c:k:t:r:LaqpjvH", "Y" },
	[C_LIST] = { "list", ":hVi:jH", "K" },
	[C_HEADER] = { "header", ":hVi:j", "" },
	[C_BUILDID] = { "buildid", ":hV", "" },
	[C_INJECT] = { "inject", ":hVi:o:ns:c:t:r:LaqvH", "" },
	[C_ARCHIVE] = { "archive", ":hVi:o:s:c:t:r:LaqvH", "Y" }
};

/* A message about the profile: its name first, as pf_shown gives it. */
static void
pf_msg(int level, const char *fmt, ...)
{
	va_list ap;
	int e = errno;

	va_start(ap, fmt);
	vmsg(level, e, esc(pf_shown()), fmt, ap);
	va_end(ap);
}

/* What cmd reads (section 7: plan); 0 for -a with -H where it judges. */
static int
read_plan(int cmd)
{
	int judges = cmd == C_CHECK || cmd == C_INJECT || cmd == C_ARCHIVE;

	plan.hits = opt.hits;
	plan.times = cmd == C_HEADER;
	// with -t or -r too: the start is the records' span back from it
	plan.span = judges;
	plan.data_maps = !judges || opt.all;
	plan.passes = cmd != C_HEADER;
	if (judges && opt.all && opt.hits) {
		msg(2, "%s: -a (--all) and -H (--hits) exclude each other",
		    commands[cmd].name);
		return 0;
	}
	if (judges && !opt.all)
		plan.hits = opt.hits ? opt.hits : HITS_CALLCHAIN;
	return 1;
}

/* One line as perf buildid-list prints it, "%-40s %s", or a JSON object
 * (guest: the machine pid, null the host); -H: the group's build-ID. */
static void
list_out(uint32_t g)
{
	const struct obj *o = &ot.objs[g];
	struct rec rc = { .id = o->id, .idlen = o->idlen };
	char hex[2 * IDMAX + 1];

	if (plan.hits)
		rec_gather(g, &rc);
	hex_into(hex, rc.id, rc.idlen);
	if (opt.json) {
		fputs("{\"build_id\":", stdout);
		json_str(hex[0] ? hex : NULL);
		fputs(",\"path\":", stdout);
		json_str(obj_name(o));
		if (o->machine == -1)
			puts(",\"guest\":null}");
		else
			printf(",\"guest\":%" PRId32 "}\n", o->machine);
		return;
	}
	printf("%-40s ", hex);
	out_name(obj_name(o), o->namelen, 1);
	putchar('\n');
}

/* list's order, as perf 6.9 and later: the host's, then each guest's by
 * machine pid, each by strcmp of the name, then as first met (dsos.c). */
static int
list_cmp(const void *a, const void *b)
{
	uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
	const struct obj *x = &ot.objs[i], *y = &ot.objs[j];
	int64_t mx = x->machine == -1 ? -2 : x->machine;
	int64_t my = y->machine == -1 ? -2 : y->machine;
	int c;

	if (mx != my)
		return mx < my ? -1 : 1;
	c = strcmp(obj_name(x), obj_name(y));
	return c ? c : i < j ? -1 : i > j;
}

/* The build-ID table's and build-ID records' objects: what perf lists. */
static int
in_table(uint32_t i)
{
	return (ot.objs[i].src & (SRC_TABLE | SRC_RECORD)) != 0;
}

static int
mmap2_only(uint32_t i)
{
	return (ot.objs[i].src & SRC_MMAP2ID) && !in_table(i);
}

/* perf buildid-list -H: the objects samples fell in. */
static int
hit_leader(uint32_t i)
{
	return ot.objs[i].group == i && (path_hit(i) & hit_mask());
}

/* The objects want() takes, a line each in list's order; their number. */
static uint32_t
list_table(int (*want)(uint32_t))
{
	uint32_t i, n = 0;

	for (i = 0; i < ot.nobj; i++)
		if (want(i))
			lk.list_ix[n++] = i;
	qsort(lk.list_ix, n, sizeof *lk.list_ix, list_cmp);
	for (i = 0; i < n; i++)
		list_out(lk.list_ix[i]);
	return n;
}

/* After a pass that read the scope: samples and objects it missed. */
static void
hits_report(void)
{
	uint32_t i, n = 0;

	// said once: every share of a profile reads the same samples
	if (sc.hits_said++)
		;
	else if (sc.hits_unplaced || pf.aux_bytes)
		pf_msg(0, "%" PRIu64 " samples cannot be placed in an object "
		    "(no IP or TID, an unknown event, a branch stack)%s: every "
		    "mapped object is judged", sc.hits_unplaced,
		    pf.aux_bytes ? ", and an AUX trace" : "");
	else if (sc.hits_unresolved || sc.hits_unresolved_cc)
		pf_msg(sc.hits_unresolved ? 1 : 0, "%" PRIu64 " sample and %"
		    PRIu64 " callchain address pages had no map when read and "
		    "were given up (PERFMT_MAXPEND %d regions, %s): objects "
		    "mapped later may be missing%s", sc.hits_unresolved,
		    sc.hits_unresolved_cc, PERFMT_MAXPEND, ps.passes_ok ? "in "
		    "passes of a share each" : "read once",
		    sc.hits_unresolved ? "" : " (frame-pointer callchains hold "
		    "many such)");
	for (i = 0; i < ot.nobj; i++)
		if (ot.objs[i].group == i && (path_hit(i) & HIT_MAYBE)) {
			if (!n++)
				pf_msg(1, "%" PRIu64 " processes and %" PRIu64
				    " maps did not fit the tables "
				    "(PERFMT_MAXPROC %d, PERFMT_MAXMAP %d); the "
				    "objects below may have hits not counted",
				    sc.hits_dropped_procs, sc.hits_dropped_maps,
				    PERFMT_MAXPROC, PERFMT_MAXMAP);
			msg(1, "  %s", esc(obj_name(&ot.objs[i])));
		}
}

/* The objects the table could not keep (done: "listed", "checked"). */
static void
dropped_note(const char *done)
{
	if (ot.obj_dropped)
		pf_msg(1, "%" PRIu32 " records name objects the table could "
		    "not keep; those are not %s", ot.obj_dropped, done);
}

static int
cmd_list(const char *path)
{
	uint32_t i, n = 0, mapped = 0;
	int rc;

	if (!read_plan(C_LIST))
		return 2;
	passes_begin();
	while ((rc = next_pass(path)) > 0) {
		if (plan.hits) {
			list_table(hit_leader);
			hits_report();
			continue;
		}
		n += list_table(in_table);
		// perf lists MMAP2 build-IDs only without a table: after the
		// table's, so that perf's lines come first, in perf's order
		n += list_table(mmap2_only);
		for (i = 0; i < ot.nobj; i++)
			mapped += !!(ot.objs[i].src & SRC_EXEC);
	}
	if (rc < 0)
		return 2;
	dropped_note("listed");
	if (!n && !plan.hits)
		pf_msg(1, "no build-IDs recorded (perf record -B, pipe mode "
		    "or a killed recording); %" PRIu32 " mapped executable "
		    "objects have none", mapped);
	return rpt.status;
}

static int
cmd_list_kernel(void)
{
	struct elfid e;
	struct stat st;

	// perf buildid-list -k reads the running kernel's notes the same way
	if (elf_buildid(NULL, "/sys/kernel/notes", NULL, &e, &st)) {
		msg(2, "/sys/kernel/notes: %s%s", e.why[0] ? e.why :
		    "no GNU build-ID note", sysfs_mounted() ? "" :
		    " (/sys is not mounted: mount -t sysfs sysfs /sys)");
		return 2;
	}
	printf(opt.json ? "{\"build_id\":\"%s\"}\n" : "%s\n", elfid_hex(&e));
	return 0;
}

static int
cmd_buildid(int argc, char **argv)
{
	struct elfid e;
	struct stat st;
	int i;

	if (!argc) {
		msg(2, "buildid: no FILE given");
		usage_exit(2);
	}
	for (i = 0; i < argc; i++) {
		switch (elf_buildid(NULL, argv[i], NULL, &e, &st)) {
		case 0:
			printf("%s ", elfid_hex(&e));
			out_name(argv[i], strlen(argv[i]), 1);
			putchar('\n');
			if (e.len > ELFIDMAX)
				msg(1, "%s: build-ID of %zu bytes; printed its "
				    "first %d", esc(argv[i]), e.len, ELFIDMAX);
			// found past a malformed table or note: said
			if (e.why[0])
				msg(2, "%s: %s (the build-ID was found in the "
				    "rest of the file)", esc(argv[i]), e.why);
			break;
		case 1:
			msg(1, "%s: no GNU build-ID note%s%s%s", esc(argv[i]),
			    e.why[0] ? " (" : "", e.why, e.why[0] ? ")" : "");
			break;
		default:
			msg(2, "%s: %s", esc(argv[i]), e.why);
		}
	}
	return rpt.status;
}

/* header: each fact a line "label  value", or with -j a member "key":value
 * of one object; a fact the profile lacks is no line, and null in JSON. */

/* The start of a fact: its line's label, or its member's key. */
static void
h_key(const char *label, const char *key)
{
	if (rpt.hj)
		printf("%s\"%s\":", rpt.hn++ ? "," : "{", key);
	else
		printf("%-14s", label);
}

static void
h_str(const char *label, const char *key, const char *val)
{
	if (!rpt.hj && !val[0])
		return;
	h_key(label, key);
	if (!rpt.hj) {
		out_name(val, strlen(val), 1);
		putchar('\n');
	} else {
		json_str(val[0] ? val : NULL);
	}
}

/* JSON members that a text line holds within its words. */
static void
h_num(const char *key, int has, uint64_t v)
{
	if (!rpt.hj || !key)
		return;
	h_key("", key);
	if (has)
		printf("%" PRIu64, v);
	else
		fputs("null", stdout);
}

/* A count: text "LABEL  N WORDS" unless 0; JSON's KEY null at 0 unless zero */
static void
h_count(const char *label, const char *key, int zero, uint64_t v,
    const char *words)
{
	h_num(key, zero || v, v);
	if (!rpt.hj && v)
		printf("%-14s%" PRIu64 "%s\n", label, v, words);
}

static void
h_bool(const char *key, int v)
{
	if (!rpt.hj)
		return;
	h_key("", key);
	fputs(v ? "true" : "false", stdout);
}

static void
put_ns(uint64_t ns)
{
	printf("%" PRIu64 ".%09" PRIu64, ns / 1000000000u, ns % 1000000000u);
}

/* A perf clock time: in text its ns and, by CLOCK_DATA, the wall clock's
 * time; in JSON the members KEY_ns and KEY (RFC 3339 UTC, or null). */
static void
h_time(const char *key, uint64_t t)
{
	char buf[64];

	if (rpt.hj) {
		snprintf(buf, sizeof buf, "%s_ns", key);
		h_num(buf, 1, t);
		h_key("", key);
	} else {
		put_ns(t);
	}
	if (pf.has_clock_data) {
		utc_into(buf, sizeof buf, (int64_t)(pf.clock_tod +
		    (t - pf.clock_ns)), rpt.hj ? 1 : 9);
		printf(rpt.hj ? "\"%s\"" : " (%s)", buf);
	} else if (rpt.hj) {
		fputs("null", stdout);
	}
}

/* Two perf clock times: "FIRST to LAST" and the line's tail in text, the
 * members KEY_first and KEY_last (each with its _ns twin) in JSON. */
static void
h_span(const char *key, uint64_t first, uint64_t last, const char *tail)
{
	char k[32];

	snprintf(k, sizeof k, "%s_first", key);
	h_time(k, first);
	if (!rpt.hj)
		fputs(" to ", stdout);
	snprintf(k, sizeof k, "%s_last", key);
	h_time(k, last);
	if (!rpt.hj)
		puts(tail);
}

static void
h_format(void)
{
	static const char *const modes[] = { "file", "pipe", "directory" };
	int file = pf.mode != MODE_PIPE;

	if (rpt.hj) {
		h_str("", "mode", modes[pf.mode]);
		h_bool("big_endian", pf.be);
		h_bool("unfinished", pf.unfinished);
		h_bool("legacy_magic", pf.legacy);
		h_num("header_size", file, pf.hdr_size);
		h_num("attr_size", file, pf.attr_size);
		h_num("data_offset", file, pf.data_off);
		h_num("data_size", file, pf.data_size);
		h_num("streams", pf.mode == MODE_DIR, pf.nstreams);
		h_num("stream_bytes", pf.mode == MODE_DIR, pf.stream_bytes);
		return;
	}
	printf("%-14s%s mode, %s-endian", "format", modes[pf.mode],
	    pf.be ? "big" : "little");
	if (pf.legacy)
		fputs(", legacy PERFFILE magic", stdout);
	if (file)
		printf(", %" PRIu64 "-byte header, attr size %" PRIu64,
		    pf.hdr_size, pf.attr_size);
	putchar('\n');
	if (file)
		printf("%-14soffset %#" PRIx64 ", %" PRIu64 " bytes%s\n", "data",
		    pf.data_off, pf.data_size, pf.unfinished ?
		    " (size 0: perf record did not finish)" : "");
	if (pf.mode == MODE_DIR)
		printf("%-14s%" PRIu32 " data.N files, %" PRIu64 " bytes%s\n",
		    "streams", pf.nstreams, pf.stream_bytes,
		    pf.dir_version ? "" : " (no DIR_FORMAT feature)");
}

static void
h_machine(void)
{
	int cpus = pf.cpus_avail || pf.cpus_online;

	h_str("perf version", "perf_version", pf.version);
	h_str("hostname", "hostname", pf.hostname);
	h_str("os release", "os_release", pf.osrelease);
	h_str("arch", "arch", pf.arch);
	h_num("cpus_online", cpus, pf.cpus_online);
	h_num("cpus_available", cpus, pf.cpus_avail);
	if (!rpt.hj && cpus)
		printf("%-14s%" PRIu32 " online, %" PRIu32 " available\n",
		    "cpus", pf.cpus_online, pf.cpus_avail);
	h_str("cpu", "cpudesc", pf.cpudesc);
	h_str("cpuid", "cpuid", pf.cpuid);
	h_count("memory", "total_mem_kb", 0, pf.total_mem, " kB");
	h_str("command line", "cmdline", pf.cmdline);
	h_bool("cmdline_cut", pf.cmdline_cut);
	if (!rpt.hj && pf.cmdline[0] && pf.cmdline_cut)
		printf("%-14s(cut at %d bytes)\n", "", CMDMAX);
}

static const char sample_bits[][16] = {
	"IP", "TID", "TIME", "ADDR", "READ", "CALLCHAIN", "ID", "CPU", "PERIOD",
	"STREAM_ID", "RAW", "BRANCH_STACK", "REGS_USER", "STACK_USER",
	"WEIGHT", "DATA_SRC", "IDENTIFIER", "TRANSACTION", "REGS_INTR",
	"PHYS_ADDR", "AUX", "CGROUP", "DATA_PAGE_SIZE", "CODE_PAGE_SIZE",
	"WEIGHT_STRUCT"
};

/* perf's names of the generic events, where no EVENT_DESC names them. */
static const char *
event_name(const struct attr *a)
{
	static const char *const hw[] = { "cycles", "instructions",
		"cache-references", "cache-misses", "branches", "branch-misses",
		"bus-cycles", "stalled-cycles-frontend",
		"stalled-cycles-backend", "ref-cycles" };
	static const char *const sw[] = { "cpu-clock", "task-clock",
		"page-faults", "context-switches", "cpu-migrations",
		"minor-faults", "major-faults", "alignment-faults",
		"emulation-faults", "dummy", "bpf-output", "cgroup-switches" };

	static char other[48];

	if (a->name[0])
		return a->name;
	if (a->type == 0 && a->config < sizeof hw / sizeof *hw)
		return hw[a->config];
	if (a->type == 1 && a->config < sizeof sw / sizeof *sw)
		return sw[a->config];
	snprintf(other, sizeof other, "type %" PRIu32 " config %#" PRIx64,
	    a->type, a->config);
	return other;
}

/* Each event: its name, the fields its samples carry, its ids. */
static void
h_events(void)
{
	const struct attr *a;
	const char *name;
	uint32_t i;
	unsigned b, n;

	if (rpt.hj)
		h_key("", "events");
	for (i = 0; i < pf.nattr; i++) {
		a = &pf.attrs[i];
		name = event_name(a);
		if (rpt.hj) {
			fputs(i ? ",{\"name\":" : "[{\"name\":", stdout);
			json_str(name);
			fputs(",\"sample_type\":[", stdout);
		} else {
			printf("%-14s", i ? "" : "events");
			out_name(name, strlen(name), 1);
			fputs(": ", stdout);
		}
		for (b = n = 0; b < 64; b++) {
			if (!(a->sample_type >> b & 1))
				continue;
			printf(rpt.hj ? "%s\"" : "%s",
			    n++ ? rpt.hj ? "," : "|" : "");
			if (b < sizeof sample_bits / sizeof *sample_bits)
				fputs(sample_bits[b], stdout);
			else
				printf("bit%u", b);
			if (rpt.hj)
				putchar('"');
		}
		if (rpt.hj) {
			printf("],\"ids\":%" PRIu32 ",\"sample_id_all\":%s,"
			    "\"build_id\":%s}", a->nids, a->flags >>
			    F_SAMPLE_ID_ALL & 1 ? "true" : "false", a->flags >>
			    F_BUILD_ID & 1 ? "true" : "false");
			continue;
		}
		if (a->flags >> F_SAMPLE_ID_ALL & 1)
			fputs(", sample_id_all", stdout);
		if (a->flags >> F_BUILD_ID & 1)
			fputs(", build_id", stdout);
		printf(", %" PRIu32 " ids\n", a->nids);
	}
	if (rpt.hj)
		fputs(pf.nattr ? "]" : "[]", stdout);
	h_count("", "events_not_kept", 1, pf.attr_dropped, " more not kept");
}

static const char *
clock_name(uint32_t id)
{
	static const char *const names[] = {
		"CLOCK_REALTIME", "CLOCK_MONOTONIC", "", "", "CLOCK_MONOTONIC_RAW",
		"", "", "CLOCK_BOOTTIME", "", "", "", "CLOCK_TAI"
	};

	return id < sizeof names / sizeof *names && names[id][0] ? names[id] :
	    "clock";
}

static void
h_times(void)
{
	char buf[64];

	if (pf.sample_first || pf.sample_last) {
		if (!rpt.hj)
			printf("%-14s", "sample time");
		h_span("sample_time", pf.sample_first, pf.sample_last,
		    " (SAMPLE_TIME)");
	}
	if (pf.n_timed) {
		h_num("samples_timed", 1, pf.n_timed);
		if (!rpt.hj)
			printf("%-14s%" PRIu64 " timed, ", "samples seen",
			    pf.n_timed);
		h_span("samples", pf.t_first, pf.t_last, "");
	}
	if (pf.has_clock_data) {
		h_key("clock", "clock");
		utc_into(buf, sizeof buf, (int64_t)pf.clock_tod,
		    rpt.hj ? 1 : 9);
		if (rpt.hj) {
			printf("{\"name\":\"%s\",\"clockid\":%" PRIu32 ",\"ns\":%"
			    PRIu64 ",\"time\":\"%s\",\"version\":%" PRIu32 "}",
			    clock_name(pf.clock_id), pf.clock_id, pf.clock_ns,
			    buf, pf.clock_ver);
		} else {
			printf("%s (clockid %" PRIu32 "): ",
			    clock_name(pf.clock_id), pf.clock_id);
			put_ns(pf.clock_ns);
			printf(" = %s (CLOCK_DATA v%" PRIu32 ")\n", buf,
			    pf.clock_ver);
		}
	}
	h_count("clock res", "clock_res_ns", 0, pf.clock_res, " ns");
	// the time check judges by, and how far it is trusted
	host_compare();
	profile_time();
	if (rpt.hj) {
		h_key("", "profile_time");
		json_prof_time();
	} else if (pt.src) {
		utc_into(buf, sizeof buf, pt.ns, 9);
		printf("%-14s%s (%s%s%s)\n", "profile time", buf, pt.src,
		    pt.trust >= PT_WRITTEN ? ", " : "",
		    pt.trust >= PT_WRITTEN ? trust_text() : "");
	}
}

static void
h_features(void)
{
	unsigned bit, n = 0;

	h_key("features", "features");
	if (pf.mode != MODE_PIPE && !pf.features_read) {
		fputs(rpt.hj ? "null" : "none read (no feature table)\n",
		    stdout);
		return;
	}
	for (bit = 0; bit < 256; bit++)
		if (feat_has(bit))
			printf(rpt.hj ? "%s\"%s\"" : "%s%s", n++ ? rpt.hj ?
			    "," : " " : rpt.hj ? "[" : "", feat_name(bit));
	if (rpt.hj)
		fputs(n ? "]" : "[]", stdout);
	else if (n)
		printf(" (%u)\n", n);
	else
		puts("none");
}

/* Most first, then by type: no two compare equal. */
static int
cmp_count(const void *a, const void *b)
{
	const struct typecount *x = a, *y = b;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return x->type < y->type ? -1 : x->type > y->type;
}

static void
h_records(void)
{
	struct typecount all[128 + 32];
	uint32_t i, n = 0;

	for (i = 0; i < 128; i++)
		if (pf.type_n[i]) {
			all[n].type = i;
			all[n++].n = pf.type_n[i];
		}
	for (i = 0; i < pf.nother; i++)
		all[n++] = pf.other[i];
	qsort(all, n, sizeof *all, cmp_count);
	h_num("records", 1, pf.nrec);
	h_num("record_bytes", 1, pf.recbytes);
	if (rpt.hj)
		h_key("", "records_by_type");
	else
		printf("%-14s%" PRIu64 " (%" PRIu64 " bytes)", "records",
		    pf.nrec, pf.recbytes);
	for (i = 0; i < n; i++)
		printf(rpt.hj ? "%s\"%s\":%" PRIu64 : "%s%s %" PRIu64, i ?
		    rpt.hj ? "," : ", " : rpt.hj ? "{" : ": ",
		    rec_name(all[i].type), all[i].n);
	if (rpt.hj)
		fputs(n ? "}" : "{}", stdout);
	else if (pf.other_dropped)
		printf(", %" PRIu64 " of further types\n", pf.other_dropped);
	else
		putchar('\n');
	h_num("records_of_types_not_kept", 1, pf.other_dropped);
	h_count("aux", "aux_bytes", 1, pf.aux_bytes,
	    " bytes of AUX trace data (skipped)");
	h_count("tracing", "tracing_bytes", 1, pf.tracing_bytes,
	    " bytes of tracing data (skipped)");
}

static void
h_compressed(void)
{
	int feat = feat_has(FT_COMPRESSED);
	const char *method = pf.z_type == 1 ? "zstd" : "unknown method";

	h_key("compressed", "compressed");
	if (!pf.z_records && !feat) {
		fputs(rpt.hj ? "null" : "no\n", stdout);
		return;
	}
	if (rpt.hj)
		fputs("{\"method\":", stdout);
	if (feat)
		printf(rpt.hj ? "\"%s\",\"level\":%" PRIu32 :
		    "%s level %" PRIu32 ", ", method, pf.z_level);
	else if (rpt.hj)
		fputs("null,\"level\":null", stdout);
	printf(rpt.hj ? ",\"records\":%" PRIu64 ",\"bytes\":%" PRIu64
	    ",\"decoded_bytes\":%" PRIu64 ",\"decoded_records\":%" PRIu64 "}"
	    : "%" PRIu64 " COMPRESSED records, %" PRIu64 " bytes, decoded to %"
	    PRIu64 " bytes in %" PRIu64 " records", pf.z_records, pf.z_bytes,
	    pf.z_out, pf.z_recs);
	if (rpt.hj)
		return;
	if (pf.z_bytes && pf.z_out)
		printf(" (ratio %.2f)", (double)pf.z_out / (double)pf.z_bytes);
	putchar('\n');
}

/* Where the build-IDs are, and the mappings of the objects. */
static void
h_objects(void)
{
	uint32_t i, ids = 0, exec = 0, paths = 0;

	for (i = 0; i < ot.nobj; i++) {
		ids += ot.objs[i].idlen != 0;
		exec += !!(ot.objs[i].src & SRC_EXEC);
		paths += !!(ot.objs[i].src & SRC_MMAP);
	}
	// one list of values: the text's line leaves out the last
	h_key("build-ids", "build_ids");
	printf(rpt.hj ? "{\"table\":%" PRIu64 ",\"records\":%" PRIu64
	    ",\"mmap2\":%" PRIu64 ",\"objects\":%" PRIu32 ",\"ignored\":%"
	    PRIu64 "}" : "%" PRIu64 " in the build-ID table, %" PRIu64 " in "
	    "build-ID records, %"
	    PRIu64 " in MMAP2 records; %" PRIu32 " objects with an ID\n",
	    pf.n_table, pf.n_bidrec, pf.n_mmapid, ids, pf.n_bid_ignored);
	h_count("", NULL, 0, pf.n_bid_ignored,
	    " entries of unknown cpumode ignored");
	h_key("mmaps", "mmaps");
	printf(rpt.hj ? "{\"mappings\":%" PRIu64 ",\"executable\":%" PRIu64
	    ",\"objects\":%" PRIu32 ",\"executable_objects\":%" PRIu32
	    ",\"object_records_not_kept\":%" PRIu32 "}" : "%" PRIu64
	    " mappings (%" PRIu64 " executable) of %" PRIu32 " objects (%"
	    PRIu32 " executable)\n", pf.n_mmap, pf.n_mmap_exec, paths, exec,
	    ot.obj_dropped);
	h_count("", NULL, 0, ot.obj_dropped,
	    " records name objects not kept: table full");
}

/* Notes (level 0) or damage (levels 1 and 2) found while reading. */
static void
h_damage(int damaged, const char *key)
{
	uint32_t i, n = 0;

	if (rpt.hj)
		h_key("", key);
	for (i = 0; i < pf.ndamage; i++) {
		if ((pf.damage[i].level > 0) != damaged)
			continue;
		if (rpt.hj) {
			fputs(n++ ? "," : "[", stdout);
			json_str(pf.damage[i].text);
		} else {
			h_str(n++ ? "" : key, NULL, pf.damage[i].text);
		}
	}
	if (rpt.hj) {
		fputs(n ? "]" : "[]", stdout);
		return;
	}
	if (damaged && !n && !pf.damage_more)
		printf("%-14snone\n", key);
	if (damaged && pf.damage_more)
		printf("%-14s%" PRIu32 " more messages (see standard error)\n",
		    n ? "" : key, pf.damage_more);
}

static int
cmd_header(const char *path)
{
	if (!read_plan(C_HEADER) || !pf_load(path))
		return 2;
	rpt.hj = opt.json;
	rpt.hn = 0;
	h_str("file", "file", pf.path);
	h_format();
	h_machine();
	h_events();
	h_times();
	h_features();
	h_records();
	h_compressed();
	h_objects();
	h_damage(0, "notes");
	h_damage(1, "damage");
	h_num("damage_more", 1, pf.damage_more);
	if (rpt.hj)
		puts("}");
	return rpt.status;
}

/* After the first pass read the profile: its time, whether it is this
 * system's, the caches to look in; 0 if -t or -r cannot be read. */
static int
verdicts_begin(void)
{
	host_compare();
	sysroot_live();
	if (!profile_time())
		return 0;
	boot_settle();
	cache_defaults();
	return 1;
}

/* One pass: a verdict for each object of this share, problems first. */
static void
check_pass(unsigned *counts, unsigned *by_time)
{
	uint32_t i;
	unsigned v;
	size_t w;

	lists_read();
	for (i = 0; i < ot.nobj; i++)
		if (judged(i)) {
			judge(i);
			counts[jd.res[i].verdict]++;
			// the rules from no-time on rest on the profile's time
			*by_time += jd.res[i].rule >= R_NO_TIME;
		}
	// a row of a typical name fits 120 columns, a longer one pushes its
	// own row's ID and detail along (the first pass's: named once)
	for (i = 0; !rpt.table_named && i < ot.nobj; i++)
		if (wanted(i) && (w = out_name(obj_name(&ot.objs[i]),
		    ot.objs[i].namelen, 0)) > (size_t)rpt.name_w)
			rpt.name_w = w > 56 ? 56 : (int)w;
	for (v = 0; v < V_N; v++) {
		if (opt.quiet && v >= V_OK)
			break;
		for (i = 0; i < ot.nobj; i++)
			if (wanted(i) && jd.res[i].verdict == v)
				report_row(i);
	}
	dropped_note("checked");
	if (plan.hits)
		hits_report();
}

static int
cmd_check(const char *path)
{
	unsigned counts[V_N] = { 0 };
	unsigned v, by_time = 0;
	int rc, first = 0;

	if (!read_plan(C_CHECK))
		return 2;
	passes_begin();
	while ((rc = next_pass(path)) > 0) {
		if (!first++ && !verdicts_begin())
			return 2;
		check_pass(counts, &by_time);
	}
	if (rc < 0)
		return 2;
	for (v = 0; v < V_OK; v++)
		if (counts[v])
			verdict_status(v);
	(void)sysroot_sane();
	report_summary(counts);
	report_time_note(by_time);
	return rpt.status;
}

/* ---- writing: a new file in place of the output ------------------------
 * docs/design.md, "How perfmt writes": the promises these keep, and how.
 * "-" is standard output. */
#ifndef F_SETLEASE
#define F_SETLEASE 1024		/* Linux; musl's <fcntl.h> has it for GNU */
#endif
#ifndef S_ISVTX
#define S_ISVTX 01000		/* the sticky bit: XSI, not POSIX's base */
#endif

static struct {
	const char *path;	/* the output; NULL: standard output */
	const char *base;	/* its last part, its name in dfd */
	int dfd;		/* the output's directory, or $TMPDIR's */
	char dir[PATHMAX];	/* dfd's path as given, "" or ending in '/' */
	char tmp[PATHMAX];	/* the new file's path, while it has a name */
	const char *tname;	/* its name in dfd: the end of tmp */
	int fd;			/* the new file, -1 before it is made */
	int old;		/* the file the rename replaces, open, or -1 */
	int ofd;		/* standard output, for "-": fd 1 is stderr's */
	int writer;		/* has_writer(old) */
	struct stat ost;	/* that file, or stdout's; inode 0 if no file */
	uint64_t at;		/* bytes written where the output stands */
	unsigned steps;		/* writes done, for the crash tests */
	int64_t birth;		/* inject: the birth to keep; 0 none */
	volatile sig_atomic_t named;	/* tmp is a file to remove */
	volatile sig_atomic_t copying;	/* stdout's file being filled */
} wr;

/* The new file, not renamed, goes: at the end (wr_end) or on a signal. */
static void
wr_unname(void)
{
	if (wr.named)
		unlinkat(wr.dfd, wr.tname, 0);
	wr.named = 0;
}

/* PERFMT_TEST_HOOKS: stop dead after write step N (PERFMT_WRITE_STOP), or
 * raise signal PERFMT_WRITE_SIG there, for the crash tests. */
static void
wr_step(void)
{
#ifdef PERFMT_TEST_HOOKS
	const char *s = getenv("PERFMT_WRITE_STOP");
	const char *g = getenv("PERFMT_WRITE_SIG");

	if (s && (unsigned)atoi(s) == ++wr.steps) {
		if (g)
			raise(atoi(g));
		_exit(99);
	}
#endif
}

/* n bytes to fd at off, or where it stands (off < 0); name for messages. */
static int
write_full(int fd, const char *name, const void *p, size_t n, int64_t off)
{
	const unsigned char *b = p;
	ssize_t k;

	while (n) {
		k = off < 0 ? write(fd, b, n) : pwrite(fd, b, n, (off_t)off);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			msg(2, "%s: write error:", name ? esc(name) : "<stdout>");
			return 0;
		}
		b += k;
		n -= (size_t)k;
		off += off < 0 ? 0 : k;
	}
	return 1;
}

/* One write step: n bytes at off, or where the output stands (wr.at). */
static int
wr_write(const void *p, size_t n, int64_t off)
{
	int file = wr.fd >= 0;

	if (!write_full(file ? wr.fd : wr.ofd, file ? wr.tmp : NULL, p, n,
	    off))
		return 0;
	wr.at += off < 0 ? n : 0;
	wr_step();
	return 1;
}

static int
same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* Whether st is a file this run reads: 1 the profile (stdin's too), 2 a
 * data or data.N of a directory profile, 3 -r's or -k's; 0 none. */
static int
wr_reads(const struct stat *st, const char *in)
{
	char name[PATHMAX];
	struct stat s;
	unsigned i;
	int std = !strcmp(in, "-");
	int r = std ? fstat(0, &s) : stat(in, &s);
	int dir = !r && S_ISDIR(s.st_mode) && !std;

	if (!r && same_file(&s, st))
		return 1;
	// a directory profile's files are all the input
	for (i = 0; dir && i <= PERFMT_MAXSTREAM; i++) {
		snprintf(name, sizeof name, i ? "%s/data.%u" : "%s/data", in,
		    i - 1);
		if (!stat(name, &s) && same_file(&s, st))
			return 2;
	}
	return 3 * ((opt.reffile && !stat(opt.reffile, &s) &&
	    same_file(&s, st)) || (opt.vmlinux && !stat(opt.vmlinux, &s) &&
	    same_file(&s, st)));
}

/* What stops a write, said alike by every command that writes. */
static const char being_written[] = "another process has it open for "
    "writing (perf record, still recording?): run again after it exits";
static const char not_copied[] = "replaced or written while it was read: "
    "the file judged is not the one copied";

/* Before a command that writes: nothing open, nothing made. */
static void
wr_reset(void)
{
	memset(&wr, 0, sizeof wr);
	wr.fd = wr.old = wr.ofd = wr.dfd = -1;
}

/* Whether a process writes fd's file (perf record still recording): Linux
 * grants a read lease only if none does.  1 yes, 0 no, else -errno. */
static int
has_writer(int fd)
{
	struct sigaction ign, old;
	int r, e;

	// a writer's open while the lease is held sends SIGIO, which kills
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigaction(SIGIO, &ign, &old);
	r = fcntl(fd, F_SETLEASE, F_RDLCK);
	e = errno;
	if (!r)
		fcntl(fd, F_SETLEASE, F_UNLCK);
	sigaction(SIGIO, &old, NULL);
	return !r ? 0 : e == EAGAIN ? 1 : -e;
}

/* Whether the output open at fd may be replaced by kind: an empty file,
 * or one of that kind, not a binary, a log or a source. */
enum { WR_PROFILE, WR_TAR };

static int
wr_kind(int fd, int kind)
{
	unsigned char b[512];
	ssize_t n = pread(fd, b, sizeof b, 0);
	off_t at = 0;

	if (n == 0)
		return 1;
	if (kind == WR_TAR) {
		// a ustar header, or zeros alone up to a record (10240 bytes,
		// tar -cf of nothing): a disk image or a swap file is more
		if (n == (ssize_t)sizeof b && !memcmp(b + 257, "ustar", 5))
			return 1;
		while (n == (ssize_t)sizeof b && all_zero(b, sizeof b) &&
		    at < 10240)
			n = pread(fd, b, sizeof b, at += (off_t)sizeof b);
		return n == 0;
	}
	return n >= 16 && (!memcmp(b, "PERFILE2", 8) || !memcmp(b,
	    "2ELIFREP", 8) || !memcmp(b, "PERFFILE", 8));
}

/* Whether the profile at fd has no data size (fmt §5.1): killed, still
 * being written, or a pipe's. */
static int
wr_unfinished(int fd)
{
	unsigned char h[56];
	ssize_t n = pread(fd, h, sizeof h, 0);

	if (n <= 0)
		return 0;
	return n < (ssize_t)sizeof h || get64(h + 8, h[0] == '2') == 16 ||
	    !get64(h + 48, h[0] == '2');
}

/* The directory new files are made in, held open (wr.dfd): dir's first n
 * bytes, or $TMPDIR (else /tmp) for standard output. */
static int
wr_dir(const char *dir, size_t n)
{
	const char *t = getenv("TMPDIR");

	if (!wr.path) {
		dir = t && *t ? t : "/tmp";
		n = strlen(dir);
	}
	if ((size_t)snprintf(wr.dir, sizeof wr.dir, "%.*s%s", (int)n, dir,
	    n && dir[n - 1] != '/' ? "/" : "") >= sizeof wr.dir) {
		errno = ENAMETOOLONG;
	} else if ((wr.dfd = open(n ? wr.dir : ".", O_RDONLY | O_DIRECTORY |
	    O_NOCTTY | O_NONBLOCK)) >= 0) {
		return 1;
	}
	return 0;
}

/* data.N: beside a file data, a stream of a directory profile (fmt §5.6) */
static int
stream_name(const char *name)
{
	return !strncmp(name, "data.", 5) && name[5] &&
	    !name[5 + strspn(name + 5, "0123456789")];
}

/* -o -: standard output, unless a terminal, a disk, stderr's file, a file
 * with data, or one this run reads: said, and 0, then. */
static int
wr_stdout(const char *in)
{
	struct stat st, ds;

	if (isatty(1)) {
		msg(2, "-o -: standard output is a terminal: redirect it or "
		    "give -o FILE");
		return 0;
	}
	if (fstat(1, &st) || fstat(2, &ds)) {
		msg(2, "-o -: standard output or error:");
		return 0;
	}
	// what the command says would go into the output
	if (same_file(&st, &ds) && !S_ISCHR(st.st_mode)) {
		msg(2, "-o -: standard error goes where standard output "
		    "does: send it elsewhere (2>FILE)");
		return 0;
	}
	// a disk, and a file opened with <> or >>, keep what they hold
	if (S_ISBLK(st.st_mode) || (S_ISREG(st.st_mode) && st.st_size)) {
		msg(2, "-o -: standard output is %s: redirect with > to "
		    "a file or a pipe, or give -o FILE", S_ISBLK(st.st_mode) ?
		    "a block device" : "a file with data in it");
		return 0;
	}
	if (S_ISREG(st.st_mode)) {
		if (wr_reads(&st, in)) {
			msg(2, "-o -: standard output is a file this run reads");
			return 0;
		}
		wr.ost = st;
	}
	// fd 1 becomes stderr's: what the command says stays out of the output
	if ((wr.ofd = dup(1)) < 0 || dup2(2, 1) < 0) {
		msg(2, "<stdout>:");
		return 0;
	}
	return 1;
}

/* Whether out may be replaced (docs/design.md, "How perfmt writes"),
 * before anything is read; said, and 0, if not. */
static int
wr_target(const char *in, const char *out, int in_place, int kind)
{
	const char *o = in_place ? "" : "-o ", *slash = strrchr(out, '/');
	const char *name;
	struct stat st, ds;
	int k;

	wr.path = out;
	if (!strcmp(out, "-")) {
		wr.path = NULL;
		return wr_stdout(in);
	}
	wr.base = slash ? slash + 1 : out;
	name = esc(out);
	if (!*wr.base) {
		msg(2, "%s%s: no file name%s", o, name, in_place ?
		    " (a directory becomes one file: give -o FILE)" : "");
		return 0;
	}
	if (!wr_dir(out, (size_t)(wr.base - out))) {
		msg(2, "%s%s: its directory %s:", o, name, wr.dir[0] ?
		    esc(wr.dir) : ".");
		return 0;
	}
	// a data.N beside a data, there or not, is a stream of that profile
	if (!in_place && stream_name(wr.base) &&
	    !fstatat(wr.dfd, "data", &st, 0)) {
		msg(2, "-o %s: beside %sdata, perf reads it as a stream of that "
		    "directory's profile: give another name", name,
		    esc(wr.dir));
		return 0;
	}
	if (fstatat(wr.dfd, wr.base, &st, AT_SYMLINK_NOFOLLOW)) {
		if (errno == ENOENT && !in_place)
			return 1;
		msg(2, "%s%s:", o, name);
		return 0;
	}
	if (!S_ISREG(st.st_mode)) {
		msg(2, "%s%s: %s: only a regular file is replaced%s", o,
		    name, S_ISLNK(st.st_mode) ? "a symbolic link" :
		    file_kind(st.st_mode), !in_place ? "" : S_ISDIR(st.st_mode) ?
		    " (a directory becomes one file: give -o FILE)" :
		    " (give -o FILE)");
		return 0;
	}
	if ((wr.old = open_regular(wr.dfd, wr.base, O_NOFOLLOW, &wr.ost)) < 0 ||
	    !same_file(&st, &wr.ost)) {
		msg(2, "%s%s: %s", o, name, wr.old < 0 ? strerror(errno) :
		    "it changed while it was looked at");
		return 0;
	}
	if (!in_place && (k = wr_reads(&wr.ost, in))) {
		msg(2, "-o %s: %s: an output never replaces what is read", name,
		    k == 1 ? "the input itself" : k == 2 ? "a file of the input "
		    "directory" : "the file -r or -k names");
		return 0;
	}
	// another user's file in a sticky directory others write to (/tmp):
	// its owner chose the name (fs.protected_regular's case)
	if (!in_place && !fstat(wr.dfd, &ds) && ds.st_mode & S_ISVTX &&
	    ds.st_mode & (S_IWGRP | S_IWOTH) && wr.ost.st_uid != geteuid() &&
	    wr.ost.st_uid != ds.st_uid) {
		msg(2, "-o %s: another user's file (uid %u) in a sticky "
		    "directory: remove it or give another name", name,
		    (unsigned)wr.ost.st_uid);
		return 0;
	}
	if (!in_place && !wr_kind(wr.old, kind)) {
		msg(2, "-o %s: %s: only an empty file or one of that kind is "
		    "replaced", name, kind == WR_TAR ? "not a tar archive" :
		    "not a perf.data file");
		return 0;
	}
	if ((wr.writer = has_writer(wr.old)) > 0) {
		msg(2, "%s%s: %s", o, name, being_written);
		return 0;
	}
	// no lease to tell: data size 0 (fmt §5.1; a pipe's) may be a
	// recording perf still writes, into a file no name would lead to
	if (kind == WR_PROFILE && wr.writer < 0 && wr_unfinished(wr.old)) {
		msg(2, "%s%s: data size 0: killed, or perf still writes it (no "
		    "lease to tell: %s): %s, or run after perf exits", o, name,
		    strerror(-wr.writer), in_place ? "give -o FILE" :
		    "give another name");
		return 0;
	}
	return 1;
}

/* wr_signals' handler: the new file goes, then the default, set here with
 * the signal blocked (not SA_RESETHAND: timeout sends two), ends it. */
static void
wr_signal(int sig)
{
	wr_unname();
	if (wr.copying)
		(void)!ftruncate(wr.ofd, 0);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* main's, for inject and archive: the table's and the real-time signals,
 * unless ignored (nohup), remove the new file; SIGXFSZ fails a write. */
static void
wr_signals(void)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGQUIT, SIGUSR1,
		SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGXCPU, SIGVTALRM, SIGPROF,
		SIGIO,
#ifdef SIGPWR
		SIGPWR,
#endif
#ifdef SIGSTKFLT
		SIGSTKFLT,
#endif
	};
	const int n = (int)(sizeof sigs / sizeof *sigs);
	struct sigaction sa, old;
	int i, s;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = wr_signal;
	// the table's, then each real-time signal
	for (i = 0; i < n + SIGRTMAX - SIGRTMIN + 1; i++) {
		s = i < n ? sigs[i] : SIGRTMIN + i - n;
		if (!sigaction(s, NULL, &old) && old.sa_handler != SIG_IGN)
			sigaction(s, &sa, NULL);
	}
	sa.sa_handler = SIG_IGN;
	sigaction(SIGXFSZ, &sa, NULL);
}

/* A new file .perfmt-WHAT-XXXXXX in wr.dfd, its path in buf, by O_EXCL
 * (mkstemp takes a path); named 0: unlinked at once. */
static int
wr_mktemp(char *buf, const char *what, int named)
{
	static const char az[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrst"
	    "uvwxyz0123456789";
	struct timespec t;
	sigset_t all, old;
	uint64_t r;
	size_t n;
	char *x;
	int fd = -1, i, j;

	if (wr.dfd < 0 && !wr_dir("", 0))
		goto fail;
	// the new file would stay there, whatever happens
	if (append_only(wr.dfd)) {
		msg(2, "%s: the directory is append-only (chattr +a): a new "
		    "file there could not be renamed", wr.dir[0] ?
		    esc(wr.dir) : ".");
		buf[0] = 0;
		return -1;
	}
	n = strlen(wr.dir);
	if ((size_t)snprintf(buf, PATHMAX, "%s.perfmt-%s-XXXXXX", wr.dir,
	    what) >= PATHMAX) {
		msg(2, "%s: the name is too long", esc(wr.dir));
		buf[0] = 0;
		return -1;
	}
	x = buf + strlen(buf) - 6;
	// no signal between the file's making and its naming or unlinking
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	for (i = 0; fd < 0 && i < 100; i++) {
		clock_gettime(CLOCK_REALTIME, &t);
		r = (uint64_t)t.tv_nsec * 2654435761u + (uint64_t)t.tv_sec +
		    (uint64_t)getpid() * 65537 + (uint64_t)i * 7919;
		for (j = 0; j < 6; j++, r /= sizeof az - 1)
			x[j] = az[r % (sizeof az - 1)];
		fd = openat(wr.dfd, buf + n, O_RDWR | O_CREAT | O_EXCL |
		    O_NOCTTY, 0600);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd >= 0 && named) {
		wr.tname = buf + n;
		wr.named = 1;
	} else if (fd >= 0) {
		unlinkat(wr.dfd, buf + n, 0);
	}
	i = errno;
	sigprocmask(SIG_SETMASK, &old, NULL);
	errno = i;
	if (fd >= 0)
		return fd;
fail:
	if (wr.path)
		msg(2, "%s: no new file can be made in its directory (%s) to "
		    "replace it whole (-o FILE writes elsewhere):", esc(wr.path),
		    wr.dir[0] ? esc(wr.dir) : ".");
	else
		msg(2, "-o -: no file can be made in %s to stage standard "
		    "output's (set TMPDIR or give -o FILE):", esc(wr.dir));
	buf[0] = 0;
	return -1;
}

/* The new file (wr.fd), or nothing with stream and a standard output that
 * is no file (a pipe): the caller writes to it as it goes. */
static int
wr_begin(const char *what, int stream)
{
	if (!wr.path && stream && !wr.ost.st_ino)
		return 1;
	return (wr.fd = wr_mktemp(wr.tmp, what, wr.path != NULL)) >= 0;
}

/* The replaced file's extended attributes on the new one, and no others
 * (a default ACL the directory gave it), through bufs.feat and bufs.data,
 * free once the passes are done; one too big refuses the command, said. */
static int
wr_xattrs(void)
{
	const size_t half = sizeof bufs.data / 2;
	char *names = (char *)bufs.feat, *a = (char *)bufs.data, *b = a + half;
	const char *s = "";
	ssize_t n, v, k;

	// set where the new one lacks it or differs: a security label set
	// again asks for rights that leaving it does not
	if ((n = flistxattr(wr.old, names, sizeof bufs.feat)) < 0)
		n = errno == ENOTSUP ? 0 : -1;
	for (s = names; n > 0 && s < names + n; s += strlen(s) + 1) {
		v = fgetxattr(wr.old, s, a, half);
		k = fgetxattr(wr.fd, s, b, half);
		if (v < 0 || ((k != v || memcmp(a, b, (size_t)v)) &&
		    fsetxattr(wr.fd, s, a, (size_t)v, 0)))
			goto fail;
	}
	if (n < 0)
		goto fail;
	// and none the old file lacks
	if ((n = flistxattr(wr.fd, names, sizeof bufs.feat)) < 0)
		n = errno == ENOTSUP ? 0 : -1;
	for (s = names; n > 0 && s < names + n; s += strlen(s) + 1)
		if (fgetxattr(wr.old, s, NULL, 0) < 0 && (errno != ENODATA ||
		    fremovexattr(wr.fd, s)))
			goto fail;
	if (n >= 0)
		return 1;
fail:
	msg(2, "%s: the new file cannot keep the extended attribute%s%s of the "
	    "one it replaces, so it does not replace it:", esc(wr.path),
	    n > 0 ? " " : "s", n > 0 ? esc(s) : "");
	return 0;
}

/* Owner and group (fchown first: it clears set-id bits), mode and xattrs
 * of the replaced file; a new output gets fresh, less the umask. */
static int
wr_keep(mode_t fresh)
{
	struct stat st;
	mode_t m;

	if (wr.old < 0) {
		m = umask(0);
		umask(m);
		if (!fchmod(wr.fd, fresh & ~m & 0777))
			return 1;
	} else if (fstat(wr.fd, &st)) {
		;
	} else if ((st.st_uid != wr.ost.st_uid || st.st_gid != wr.ost.st_gid) &&
	    fchown(wr.fd, wr.ost.st_uid, wr.ost.st_gid)) {
		msg(2, "%s: the new file cannot have the old one's owner and "
		    "group %u:%u, so it does not replace it:", esc(wr.path),
		    (unsigned)wr.ost.st_uid, (unsigned)wr.ost.st_gid);
		return 0;
	} else if (!fchmod(wr.fd, wr.ost.st_mode & 07777)) {
		return wr_xattrs();
	}
	msg(2, "%s: its new file %s:", esc(wr.path), esc(wr.tmp));
	return 0;
}

/* The new file in place of the output (times t, NULL: now), or to stdout. */
static int
wr_commit(const struct timespec *t, mode_t fresh)
{
	struct stat now;
	char v[64];
	uint64_t off = 0;
	ssize_t k;
	int fd;

	if (!wr.path) {
		// a signal in the copy empties the file again too
		wr.copying = wr.ost.st_ino != 0;
		while (wr.fd >= 0 && (k = read_at(wr.fd, bufs.data,
		    sizeof bufs.data, (int64_t)off)) != 0) {
			// a file on standard output was empty (wr_target),
			// and is again if this fails; written from its start
			// wherever its offset stands (another may empty it)
			if (k < 0)
				msg(2, "%s: read error:", esc(wr.tmp));
			if (k < 0 || !write_full(wr.ofd, NULL, bufs.data,
			    (size_t)k, wr.ost.st_ino ? (int64_t)off : -1)) {
				if (wr.ost.st_ino && ftruncate(wr.ofd, 0))
					msg(2, "<stdout>: cannot be emptied "
					    "again:");
				wr.copying = 0;
				return 0;
			}
			off += (uint64_t)k;
			wr_step();
		}
		wr.copying = 0;
		fd = wr.ofd;
		wr.ofd = -1;
		if (close(fd)) {
			msg(2, "<stdout>: write error:");
			return 0;
		}
		return 1;
	}
	if (!wr_keep(fresh))
		return 0;
	// where the file system keeps no such attribute, the new file's
	// own birth stands (a copy's to the next check)
	if (wr.birth && (fstat(wr.fd, &now) || snprintf(v, sizeof v,
	    "%lld %llu", (long long)wr.birth, (unsigned long long)now.st_ino) >=
	    (int)sizeof v || fsetxattr(wr.fd, BIRTH_XATTR, v, strlen(v), 0)))
		msg(0, "%s: its birth time cannot be kept (%s): a check takes "
		    "the new file for a copy; -r or -t gives its time",
		    esc(wr.path), strerror(errno));
	if ((t && futimens(wr.fd, t)) || fsync(wr.fd)) {
		msg(2, "%s: its new file %s:", esc(wr.path), esc(wr.tmp));
		return 0;
	}
	fd = wr.fd;
	wr.fd = -1;
	if (close(fd)) {
		msg(2, "%s: its new file %s: write error:", esc(wr.path),
		    esc(wr.tmp));
		return 0;
	}
	wr_step();
	// the output is still what was checked: that file, or none; and
	// not written since, or what was written would go with it (by
	// fstat, as wr.ost was taken: qemu-s390x's fstat drops the
	// nanoseconds its fstatat keeps)
	if (fstatat(wr.dfd, wr.base, &now, AT_SYMLINK_NOFOLLOW) ?
	    errno != ENOENT || wr.old >= 0 : wr.old < 0 ||
	    !same_file(&now, &wr.ost) || fstat(wr.old, &now) ||
	    now.st_size != wr.ost.st_size ||
	    mtime_ns(&now) != mtime_ns(&wr.ost)) {
		msg(2, "%s: it changed while perfmt wrote: left as it is",
		    esc(wr.path));
		return 0;
	}
	if (renameat(wr.dfd, wr.tname, wr.dfd, wr.base)) {
		msg(2, "%s: cannot rename to %s:", esc(wr.tmp), esc(wr.path));
		return 0;
	}
	wr.named = 0;
	wr.tmp[0] = 0;
	wr_step();
	// the rename is durable once the directory is synced
	fsync(wr.dfd);
	return 1;
}

/* The end of a write, whole or not: a new file not renamed goes. */
static void
wr_end(void)
{
	if (wr.fd >= 0)
		close(wr.fd);
	wr_unname();
	wr.tmp[0] = 0;
	if (wr.old >= 0)
		close(wr.old);
	if (wr.ofd >= 0)
		close(wr.ofd);
	if (wr.dfd >= 0)
		close(wr.dfd);
	wr.fd = wr.old = wr.ofd = wr.dfd = -1;
}

/* ---- inject: the build-IDs a profile lacks ------------------------------
 * fmt §1.2, §1.6, §2.1, §5.1; docs/design.md, "How perfmt writes". */
enum { INJ_HAS, INJ_ADD, INJ_LEFT };

/* A pipe made a file (fmt §2.1): the count's sizes, the write's places. */
struct inj_pipe {
	uint64_t nattr, asz, ids;	/* attrs, their size, ids' bytes */
	uint64_t fit;			/* the size they are written at */
	uint64_t kept, secs;		/* bytes of records kept, of payloads */
	uint64_t ids_at, attr_at;	/* where the next go in the new file */
	uint64_t sec_at, bid_at;
};

static struct {
	int in;			/* the old one, open from the start */
	int in_place;
	uint64_t data_end;	/* the old file's records end here */
	uint64_t at;		/* the next byte of the new file */
	uint64_t tab;		/* its feature table */
	uint64_t feat[4];	/* its feature bitmap */
	uint64_t bid_off;	/* its BUILD_ID section */
	int sections;		/* the old file has its feature table */
	unsigned n[3];		/* objects, by INJ_HAS, INJ_ADD, INJ_LEFT */
	struct inj_pipe ip;	/* a pipe-form profile's conversion */
	struct elfid vdso;	/* this process's vDSO (inj_decide) */
} inj;


/* n bytes of in at from to the new file at to, by copy_file_range, else
 * through the read buffer: no walk uses it between passes. */
static int
inj_copy(int in, uint64_t from, uint64_t n, uint64_t to)
{
	ssize_t k;
	int64_t a, b;
	size_t len;
	int kernel = 1;

	while (n) {
		len = n > (1u << 30) ? 1u << 30 : (size_t)n;
		k = -1;
#ifdef SYS_copy_file_range
		a = (int64_t)from;
		b = (int64_t)to;
		if (kernel && (k = syscall(SYS_copy_file_range, in, &a, wr.fd,
		    &b, len, 0u)) < 0) {
			// EINTR: again; any other error: through the buffer
			kernel = errno == EINTR;
			continue;
		}
#endif
		if (k < 0) {
			len = len > sizeof bufs.data ? sizeof bufs.data : len;
			if ((k = read_at(in, bufs.data, len,
			    (int64_t)from)) < 0) {
				pf_msg(2, "offset %#" PRIx64 ": read error:",
				    from);
				return 0;
			}
			if (k > 0 && !wr_write(bufs.data, (size_t)k, to))
				return 0;
		}
		if (k == 0) {
			pf_msg(2, "offset %#" PRIx64 ": the file ends %" PRIu64
			    " bytes early: it changed while it was read",
			    from, n);
			return 0;
		}
		from += (uint64_t)k;
		to += (uint64_t)k;
		n -= (uint64_t)k;
		wr_step();
	}
	return 1;
}

/* The byte of the header's bitmap (fmt §1.2) that holds bit b, as the
 * writer laid it: u64 words in its byte order, or u32 words (fmt §4). */
static unsigned
inj_bit_byte(unsigned b)
{
	unsigned w = pf.bitmap32 ? 4 : 8;

	return 72 + w * (b / (8 * w)) + (pf.be ? w - 1 - b % (8 * w) / 8 :
	    b % (8 * w) / 8);
}

/* bit's slot in the feature table at tab of bitmap feat (fmt §1.6). */
static uint64_t
inj_slot_at(const uint64_t *feat, uint64_t tab, unsigned bit)
{
	unsigned b;

	for (b = 0; b < bit; b++)
		tab += 16 * (feat[b / 64] >> b % 64 & 1);
	return tab;
}

/* The old file's section of bit, by its slot (fmt §1.6): 1; 0 if there
 * is none to read; -1, said, if the table or it lies past the end. */
static int
inj_slot(unsigned bit, uint64_t *off, uint64_t *size)
{
	uint64_t at = inj_slot_at(pf.feat, pf.data_off + pf.data_size, bit);
	unsigned char slot[16];

	*off = *size = 0;
	if (!inj.sections || !feat_has(bit))
		return 0;
	if (pread(inj.in, slot, 16, (off_t)at) != 16) {
		pf_msg(2, "offset %#" PRIx64 ": the feature table is cut "
		    "short", at);
		return -1;
	}
	*off = get64(slot, pf.be);
	*size = get64(slot + 8, pf.be);
	if (!range_ok(*off, *size, pf.fsize)) {
		pf_msg(2, "offset %#" PRIx64 ": the %s section lies past the "
		    "end of the file", at, feat_name(bit));
		return -1;
	}
	return 1;
}

/* Two u64 at off: a feature slot (fmt §1.6) or an attr's ids' (§1.4). */
static int
inj_pair(uint64_t off, uint64_t a, uint64_t b)
{
	unsigned char p[16];

	put_n(p, a, 8, pf.be);
	put_n(p + 8, b, 8, pf.be);
	return wr_write(p, 16, off);
}

/* Whether a pipe's record stays a record in its file: perf's header
 * records (fmt §3.8) become attrs and sections, or go (EVENT_TYPE). */
static int
rec_kept(uint32_t type)
{
	return type != R_ATTR && type != R_EVENT_TYPE && type != R_TRACING_DATA
	    && type != R_BUILD_ID && type != R_FEATURE;
}

/* The bit of the section a pipe's header record carries (fmt §2.1: a
 * HEADER_BUILD_ID record is an old entry), and its bytes; 256 if none. */
static uint64_t
rec_section(const struct recv *v, uint64_t *from, uint64_t *len)
{
	*from = v->off;
	*len = v->size;
	if (v->type == R_TRACING_DATA) {
		*from = v->off + v->size;
		*len = v->extra;
		return 1;
	}
	if (v->type == R_FEATURE && v->size > 16) {
		*from = v->off + 16;
		*len = v->size - 16;
		return get64(v->p + 8, pf.be);
	}
	return v->type == R_BUILD_ID ? FT_BUILD_ID : 256;
}

/* An attr record's attr size (0 meaning 64, fmt §3.8); 0 for another. */
static uint32_t
rec_attr_size(const struct recv *v)
{
	uint32_t n;

	if (v->type != R_ATTR || v->size < 16)
		return 0;
	n = get32(v->p + 12, pf.be);
	return n ? n : 64;
}

/* The next of a pipe's records, which the first pass read whole: RN_REC,
 * RN_END at the window's end, else 0, said (read error, or changed). */
static int
inj_next(struct rd *r, struct recv *v)
{
	int k = rec_next(r, v, pf.be);

	if (k == RN_REC && v->extra <= rd_left(r) - v->size &&
	    rec_attr_size(v) <= v->size - 8)
		return RN_REC;
	if (k == RN_END && !rd_left(r))
		return RN_END;
	if (r->err)
		pf_msg(2, "offset %#" PRIx64 ": read error: %s", v->off,
		    strerror(r->err));
	else
		pf_msg(2, "offset %#" PRIx64 ": the record read otherwise "
		    "before: the file changed while it was read", v->off);
	return 0;
}

/* A pipe's records counted (write 0) or written (docs/design.md, "How
 * perfmt writes"); attrs at the size all fit in (attr_fit, fmt §1.4). */
static int
inj_walk(int write)
{
	struct rd r;
	struct recv v;
	uint64_t run = 16, bit, from, len, n;
	unsigned char a[ATTR_ABI_MAX];
	uint32_t asz;
	int k;

	rd_file(&r, inj.in, 1, bufs.feat, sizeof bufs.feat, 16, inj.data_end);
	while ((k = inj_next(&r, &v)) == RN_REC) {
		bit = rec_section(&v, &from, &len);
		asz = rec_attr_size(&v);
		n = (v.size - 8 - asz) / 8 * 8;
		if (rec_kept(v.type)) {
			inj.ip.kept += write ? 0 : v.size + v.extra;
		} else if (!write) {
			if (bit < 256) {
				inj.feat[bit / 64] |= (uint64_t)1 << bit % 64;
				inj.ip.secs += bit == FT_BUILD_ID ? 0 : len;
			}
			if (asz && inj.ip.nattr++ && asz != inj.ip.asz) {
				pf_msg(2, "offset %#" PRIx64 ": an attr of %"
				    PRIu32 " bytes after one of %" PRIu64 ": a "
				    "file's attrs are all one size (fmt §1.4)",
				    v.off, asz, inj.ip.asz);
				return 0;
			}
			if (asz) {
				inj.ip.asz = asz;
				inj.ip.ids += n;
				if (attr_fit(v.p + 8, asz) > inj.ip.fit)
					inj.ip.fit = attr_fit(v.p + 8, asz);
			}
		} else {
			if (!inj_copy(inj.in, run, v.off - run, inj.at))
				return 0;
			inj.at += v.off - run;
			run = v.off + v.size + v.extra;
			if (bit == FT_BUILD_ID) {
				if (!inj_copy(inj.in, from, len, inj.ip.bid_at))
					return 0;
				inj.ip.bid_at += len;
			} else if (bit < 256) {
				if (!inj_pair(inj_slot_at(inj.feat, inj.tab,
				    (unsigned)bit), inj.ip.sec_at, len) ||
				    !inj_copy(inj.in, from, len, inj.ip.sec_at))
					return 0;
				inj.ip.sec_at += len;
			}
			if (asz) {
				memcpy(a, v.p + 8,
				    inj.ip.fit < asz ? inj.ip.fit : 8);
				if (inj.ip.fit < asz)
					put_n(a + 4, inj.ip.fit, 4, pf.be);
				if (!wr_write(inj.ip.fit < asz ? a : v.p + 8,
				    inj.ip.fit, inj.ip.attr_at) ||
				    !inj_pair(inj.ip.attr_at + inj.ip.fit,
				    inj.ip.ids_at, n) ||
				    !wr_write(v.p + 8 + asz, n, inj.ip.ids_at))
					return 0;
				inj.ip.attr_at += inj.ip.fit + 16;
				inj.ip.ids_at += n;
			}
		}
		rd_skip(&r, v.size + v.extra);
	}
	if (!k || !write)
		return k;
	if (!inj_copy(inj.in, run, inj.data_end - run, inj.at))
		return 0;
	inj.at += inj.data_end - run;
	return 1;
}

/* A pipe's new file placed and written, but for its header (made in h),
 * BUILD_ID's slot and the new entries. */
static int
inj_pipe(unsigned char *h)
{
	uint64_t attrs = 104 + inj.ip.ids;
	uint64_t data = attrs + inj.ip.nattr * (inj.ip.fit + 16);

	inj.ip.ids_at = 104;
	inj.ip.attr_at = attrs;
	inj.tab = data + inj.ip.kept;
	inj.ip.sec_at = inj_slot_at(inj.feat, inj.tab, 256);
	inj.bid_off = inj.ip.bid_at = inj.ip.sec_at + inj.ip.secs;
	inj.at = data;
	if (!inj_walk(1))
		return 0;
	if (inj.at != inj.tab) {
		pf_msg(2, "offset %#" PRIx64 ": the record read otherwise "
		    "before: the file changed while it was read", inj.data_end);
		return 0;
	}
	inj.at = inj.ip.bid_at;
	memcpy(h, pf.be ? "2ELIFREP" : "PERFILE2", 8);
	put_n(h + 8, 104, 8, pf.be);
	put_n(h + 16, inj.ip.fit + 16, 8, pf.be);
	put_n(h + 24, attrs, 8, pf.be);
	put_n(h + 32, data - attrs, 8, pf.be);
	put_n(h + 40, data, 8, pf.be);
	put_n(h + 48, inj.ip.kept, 8, pf.be);
	memset(h + 56, 0, 16);		// event_types: unused (fmt §1.2)
	return 1;
}

/* A data size n of 0 reads as a killed recording's (fmt §5.1), its
 * sections as records: no such file is written. */
static int
inj_records(uint64_t n)
{
	if (!n)
		pf_msg(2, "no records: a file of data size 0 is read as "
		    "killed, its sections as records");
	return n > 0;
}

/* Where the old records end, and the sections, checked: a killed (fmt
 * §5.1) or cut (§5.2) recording's at its last whole record, and none. */
static int
inj_plan(void)
{
	int done = pf.data_size && pf.data_size <= pf.fsize - pf.data_off;
	uint64_t off, size;
	unsigned bit;

	inj.data_end = done ? pf.data_off + pf.data_size : pf.walk_end;
	inj.sections = done;
	memset(inj.feat, 0, sizeof inj.feat);
	inj.feat[0] = (uint64_t)1 << FT_BUILD_ID;
	if (pf.mode == MODE_PIPE) {
		memset(&inj.ip, 0, sizeof inj.ip);
		if (!pf.nattr && !pf.attr_dropped) {
			pf_msg(2, "no HEADER_ATTR record: no events to write "
			    "a file's attrs from (fmt §1.8)");
			return 0;
		}
		// -n -i -: no copy to walk (standard input is read once)
		return inj.in < 0 || (inj_walk(0) && inj_records(inj.ip.kept));
	}
	if (pf.mode == MODE_DIR && (pf.z_records || feat_has(FT_COMPRESSED))) {
		pf_msg(2, "each data.N holds a zstd stream of its own (perf "
		    "record -z, fmt §5.6), which one file cannot");
		return 0;
	}
	if (pf.hdr_size != 104) {
		pf_msg(2, "a %" PRIu64 "-byte header has no feature bitmap "
		    "(fmt §1.2): no build-ID section can be added",
		    pf.hdr_size);
		return 0;
	}
	if (pf.meta_hi > inj.data_end || pf.attrs_off + pf.attrs_size >
	    inj.data_end) {
		pf_msg(2, "offset %#" PRIx64 ": the attrs or their ids lie "
		    "after the records, where the new sections go",
		    pf.attrs_off);
		return 0;
	}
	for (bit = 0; done && bit < 256; bit++)
		if (feat_has(bit)) {
			inj.feat[bit / 64] |= (uint64_t)1 << bit % 64;
			if (inj_slot(bit, &off, &size) < 0)
				return 0;
		}
	// one file: perf takes DIR_FORMAT for a directory (fmt §5.6)
	if (pf.mode == MODE_DIR)
		inj.feat[0] &= ~((uint64_t)1 << FT_DIR_FORMAT);
	return pf.mode == MODE_DIR || inj_records(inj.data_end - pf.data_off);
}

/* data.N to its last whole record (a killed recording's, fmt §5.6). */
static int
inj_stream(int fd, uint64_t size)
{
	struct rd r;
	struct recv v;

	rd_file(&r, fd, 1, bufs.feat, sizeof bufs.feat, 0, size);
	while (rec_next(&r, &v, pf.be) == RN_REC &&
	    v.extra <= rd_left(&r) - v.size)
		rd_skip(&r, v.size + v.extra);
	if (r.err) {
		pf_msg(2, "offset %#" PRIx64 ": read error: %s", v.off,
		    strerror(r.err));
		return 0;
	}
	if (!inj_copy(fd, 0, v.off, inj.at))
		return 0;
	inj.at += v.off;
	return 1;
}

/* Whether the data.N fold to sig as for the walk (stream_sig); else said. */
static int
streams_same(uint64_t sig)
{
	if (sig == pf.streams_sig)
		return 1;
	msg(2, "%s: a data.N file was added, removed or changed since it was "
	    "read", esc(pf.path));
	return 0;
}

/* A directory's data.N streams after its own records, as perf reads
 * them (fmt §5.6): it orders the records by their times. */
static int
inj_streams(void)
{
	char name[PATHMAX];
	struct stat st;
	uint64_t sig = 0;
	unsigned i;
	int fd, ok;

	for (i = 0; i < PERFMT_MAXSTREAM; i++) {
		snprintf(name, sizeof name, "%s/data.%u", pf.path, i);
		// as the passes: what is not there, or not a file, is not
		// read; a link is none of perf's, and names anyone's file
		if ((fd = open_regular(AT_FDCWD, name, O_NOFOLLOW, &st)) < 0 &&
		    (errno == ENOENT || errno == EINVAL))
			continue;
		if (fd < 0) {
			msg(2, errno == ELOOP ? "%s: a symbolic link, not a "
			    "file perf record wrote: not copied" : "%s:",
			    esc(name));
			return 0;
		}
		sig = stream_sig(sig, i, &st);
		ok = inj_stream(fd, (uint64_t)st.st_size);
		close(fd);
		if (!ok)
			return 0;
	}
	return streams_same(sig);
}

/* The new file up to where the new entries go (docs/design.md, "How
 * perfmt writes"); BUILD_ID's slot waits for its size (inj_finish). */
static int
inj_begin(void)
{
	unsigned char h[104];
	uint64_t off, size;
	unsigned bit;

	if (!wr_begin("inject", 0))
		return 0;
	if (pf.mode == MODE_PIPE) {
		if (!inj_pipe(h))
			return 0;
	} else {
		if (!inj_copy(inj.in, 0, inj.data_end, 0))
			return 0;
		if (pread(inj.in, h, sizeof h, 0) != (ssize_t)sizeof h) {
			pf_msg(2, "offset 0: read error:");
			return 0;
		}
		inj.at = inj.data_end;
		if (pf.mode == MODE_DIR && !inj_streams())
			return 0;
		put_n(h + 48, inj.at - pf.data_off, 8, pf.be);
	}
	memset(h + 72, 0, 32);
	for (bit = 0; bit < 256; bit++)
		if (inj.feat[bit / 64] >> bit % 64 & 1)
			h[inj_bit_byte(bit)] |= (unsigned char)(1u << bit % 8);
	if (pf.mode == MODE_PIPE)
		return wr_write(h, sizeof h, 0);
	inj.tab = inj.at;
	inj.at = inj_slot_at(inj.feat, inj.tab, 256);
	// bit 256: BUILD_ID's old entries, after every other section
	for (bit = 0; bit <= 256; bit++) {
		if (bit < 256 && (bit == FT_BUILD_ID ||
		    !(inj.feat[bit / 64] >> bit % 64 & 1)))
			continue;
		if (bit == 256)
			inj.bid_off = inj.at;
		if (inj_slot(bit < 256 ? bit : FT_BUILD_ID, &off, &size) < 0)
			return 0;
		if (bit < 256 && !inj_pair(inj_slot_at(inj.feat, inj.tab, bit),
		    inj.at, size))
			return 0;
		if (!inj_copy(inj.in, off, size, inj.at))
			return 0;
		inj.at += size;
	}
	return wr_write(h, sizeof h, 0);
}

/* A BUILD_ID entry (fmt §2.1), its name padded to a multiple of 64. */
static int
inj_entry(const struct obj *o, const unsigned char *id, size_t idlen)
{
	unsigned char e[36 + PATHMAX + 64];
	size_t n = o->namelen, size = 36 + align_up(n + 1, 64);

	if (size > sizeof e || size > 0xffff)
		return 0;
	memset(e, 0, size);
	put_n(e + 4, (uint64_t)(o->cpumode | MISC_BUILD_ID_SIZE), 2, pf.be);
	put_n(e + 6, size, 2, pf.be);
	put_n(e + 8, (uint64_t)(uint32_t)o->machine, 4, pf.be);
	memcpy(e + 12, id, idlen);
	e[32] = (unsigned char)idlen;
	memcpy(e + 36, obj_name(o), n);
	if (!wr_write(e, size, inj.at))
		return -1;
	inj.at += size;
	return 1;
}

/* BUILD_ID's slot, then the new file in place of the output, with the
 * input's times: the recording's, or -i -'s copy's. */
static int
inj_finish(const struct stat *st)
{
	struct timespec t[2];
	struct stat now;

	// unwritten since opened: the bytes copied are the ones the walks
	// read (cmd_inject holds the first pass to it)
	if (fstat(inj.in, &now) || now.st_size != st->st_size ||
	    mtime_ns(&now) != mtime_ns(st)) {
		pf_msg(2, "%s", not_copied);
		return 0;
	}
	if (!inj_pair(inj_slot_at(inj.feat, inj.tab, FT_BUILD_ID),
	    inj.bid_off, inj.at - inj.bid_off))
		return 0;
	t[0] = st->st_atim;
	t[1] = st->st_mtim;
	wr.birth = pf.has_btime && !input.stdin_copy ? pf.btime : 0;
	return wr_commit(t, st->st_mode);
}

/* The end of a run: the input closed, a new file not renamed gone. */
static void
inj_end(void)
{
	if (inj.in >= 0)
		close(inj.in);
	inj.in = -1;
	wr_end();
}

/* inject's outcomes, in rules[]' shape: the first row whose facts (IF)
 * all hold gives the ID kept or added (ID_*) or why it is left out (W_*).
 * Kernel, modules and vDSO only as running in the recording's boot (one
 * on disk may be another build); a file judged by its time only where
 * the profile is shown this system's (or -s's) and its time confirmed. */
enum { IF_ID, IF_VDSO, IF_KERNEL, IF_OTHER_BOOT, IF_OTHER_WIDTH,
	IF_VDSO_NOID, IF_NOT_LIVE, IF_UNCHANGED, IF_CHANGED, IF_NOT_SHOWN,
	IF_UNCONFIRMED, IF_NO_DISK_ID };
#define IF(x) (1u << IF_##x)
enum { ID_REC, ID_VDSO, ID_DISK };
enum { W_WORDS, W_DETAIL, W_BOOT, W_VDSO };
static const char not_shown[] = "the profile does not show that it is from "
    "this system (-L says so, -s gives its files)";
static const char unconfirmed[] = "the profile's time is unconfirmed: -r "
    "FILE or -t TIME vouches for it";

static const struct inj_rule {
	uint8_t outcome, id, why;
	uint16_t need;
	const char *words;
} inj_rules[] = {
	{ INJ_HAS, ID_REC, 0, IF(ID), NULL },
	{ INJ_LEFT, ID_REC, W_BOOT, IF(VDSO) | IF(OTHER_BOOT), NULL },
	// this process's vDSO is its own width's; the other width's differs
	{ INJ_LEFT, ID_REC, W_WORDS, IF(VDSO) | IF(OTHER_WIDTH),
	    "a process of another width (32- or 64-bit) had its own vDSO, "
	    "which this one is not" },
	{ INJ_LEFT, ID_REC, W_VDSO, IF(VDSO) | IF(VDSO_NOID),
	    "this process's vDSO has no build-ID" },
	{ INJ_ADD, ID_VDSO, 0, IF(VDSO), NULL },
	{ INJ_LEFT, ID_REC, W_WORDS, IF(KERNEL) | IF(NOT_LIVE) |
	    IF(UNCHANGED), "only the running kernel's and modules' build-IDs "
	    "are added" },
	{ INJ_LEFT, ID_REC, W_DETAIL, IF(KERNEL) | IF(NOT_LIVE), NULL },
	{ INJ_LEFT, ID_REC, W_BOOT, IF(KERNEL) | IF(OTHER_BOOT), NULL },
	{ INJ_ADD, ID_DISK, 0, IF(KERNEL), NULL },
	{ INJ_LEFT, ID_REC, W_DETAIL, IF(CHANGED), NULL },
	{ INJ_LEFT, ID_REC, W_WORDS, IF(NOT_SHOWN), not_shown },
	{ INJ_LEFT, ID_REC, W_WORDS, IF(UNCONFIRMED), unconfirmed },
	{ INJ_LEFT, ID_REC, W_WORDS, IF(NO_DISK_ID),
	    "the file has no build-ID" },
	{ INJ_ADD, ID_DISK, 0, 0, NULL },
};

/* Why a file judged by its time is not shown the profiled one, or NULL. */
static const char *
not_here(void)
{
	return !pt.same_host && !opt.sysroot ? not_shown :
	    pt.trust == PT_UNCONFIRMED ? unconfirmed : NULL;
}

/* Object g's outcome by inj_rules, the ID it has or gets, and why it is
 * left out (NULL: the verdict's detail). */
static int
inj_decide(uint32_t g, const struct rec *rc, const unsigned char **id,
    size_t *idlen, const char **why)
{
	const struct res *r = &jd.res[g];
	const struct inj_rule *ru = inj_rules;
	struct elfid *e = &inj.vdso;
	unsigned f, vdso = r->kind == K_VDSO && !rc->idlen;
	unsigned kernel = r->kind == K_KERNEL || r->kind == K_MODULE;

	if (vdso && (vdso_buildid(e) || !e->len))
		vdso = 2;
	f = (rc->idlen ? IF(ID) : 0) | (vdso ? IF(VDSO) : 0) |
	    (vdso == 2 ? IF(VDSO_NOID) : 0) | (kernel ? IF(KERNEL) : 0) |
	    (pt.boot_why ? IF(OTHER_BOOT) : 0) |
	    ((sizeof(void *) == 8 ? pf.vdso_low : pf.vdso_high) ?
	    IF(OTHER_WIDTH) : 0) | (r->verdict == V_UNCHANGED ?
	    IF(UNCHANGED) : IF(CHANGED)) | (!r->disklen ? IF(NO_DISK_ID) : 0) |
	    (r->verdict == V_STALE || r->cand >= lk.ncand ||
	    !live_kind(&lk.cands[r->cand]) || !r->disklen ? IF(NOT_LIVE) : 0) |
	    (!pt.same_host && !opt.sysroot ? IF(NOT_SHOWN) : 0) |
	    (pt.trust == PT_UNCONFIRMED ? IF(UNCONFIRMED) : 0);
	while ((f & ru->need) != ru->need)
		ru++;
	*id = ru->id == ID_VDSO ? e->id : ru->id == ID_DISK ? r->diskid :
	    rc->id;
	*idlen = ru->id == ID_VDSO ? (e->len < IDMAX ? e->len : IDMAX) :
	    ru->id == ID_DISK ? r->disklen : rc->idlen;
	*why = ru->why == W_BOOT ? pt.boot_why : ru->why == W_VDSO &&
	    e->why[0] ? e->why : ru->why == W_DETAIL ? NULL : ru->words;
	return ru->outcome;
}

/* One pass's objects: decided, said, and the new entries written. */
static int
inj_pass(void)
{
	static const char *const what[] = { "has", "add", "left" };
	char hex[2 * IDMAX + 1];
	const unsigned char *id = NULL;
	const char *why;
	struct rec rc;
	size_t idlen = 0;
	uint32_t i;
	int d;

	lists_read();
	for (i = 0; i < ot.nobj; i++) {
		if (!judged(i))
			continue;
		judge(i);
		// a JIT's map is text: no build-ID describes it (fmt §7.2)
		if (jd.res[i].kind == K_JIT)
			continue;
		rec_of(i, &rc);
		d = inj_decide(i, &rc, &id, &idlen, &why);
		inj.n[d]++;
		if (d == INJ_ADD && !opt.dry &&
		    inj_entry(&ot.objs[i], id, idlen) < 0)
			return 0;
		if (d == INJ_LEFT) {
			verdict_status(jd.res[i].verdict);
			cand_list(&ot.objs[i], jd.res[i].kind, rc.id, rc.idlen);
			detail_for(i, &rc);
		}
		if (opt.quiet && d != INJ_LEFT)
			continue;
		hex_into(hex, id, d == INJ_LEFT ? 0 : idlen);
		printf("%-5s %-40s ", what[d], hex[0] ? hex : "-");
		out_name(obj_name(&ot.objs[i]), ot.objs[i].namelen, 1);
		if (d == INJ_LEFT)
			printf("  %s%s%s", vnames[jd.res[i].verdict],
			    why || rpt.detail[0] ? ": " : "",
			    why ? why : rpt.detail);
		putchar('\n');
	}
	if (plan.hits)
		hits_report();
	return 1;
}

/* -i -: standard input copied to an unlinked file beside the output and
 * made standard input (docs/design.md, "How perfmt writes"); only once
 * its header reads as a profile's: </dev/zero is not copied. */
static int
inj_spool(struct stat *st)
{
	char name[PATHMAX];
	unsigned char h[16];
	size_t got = 0;
	ssize_t k;

	while (got < sizeof h && (k = read_at(0, h + got, sizeof h - got,
	    -1)) > 0)
		got += (size_t)k;
	if (k < 0) {
		msg(2, "<stdin>: read error:");
		return 0;
	}
	if (got < sizeof h || pf_magic(h) <= 0 || (get64(h + 8, pf.be) != 16 &&
	    get64(h + 8, pf.be) != 72 && get64(h + 8, pf.be) != 104)) {
		msg(2, "<stdin>: offset 0: not a perf.data stream (expected "
		    "PERFILE2 and a header size of 16, 72 or 104)");
		return 0;
	}
	if ((inj.in = wr_mktemp(name, "stdin", 0)) < 0)
		return 0;
	if (!write_full(inj.in, name, h, sizeof h, -1))
		return 0;
	while ((k = read_at(0, bufs.data, sizeof bufs.data, -1)) > 0)
		if (!write_full(inj.in, name, bufs.data, (size_t)k, -1))
			return 0;
	if (k < 0) {
		msg(2, "<stdin>: read error:");
		return 0;
	}
	if (dup2(inj.in, 0) < 0 || lseek(0, 0, SEEK_SET) || fstat(0, st)) {
		msg(2, "%s:", esc(name));
		return 0;
	}
	// the new profile's mode, as a shell's (wr_keep takes the umask off)
	st->st_mode = 0666;
	input.stdin_copy = 1;
	return 1;
}

/* The profile, or a directory's data, held open for the copy; st its
 * stat, by which cmd_inject tells another file put at its path since. */
static int
inj_open(const char *path, struct stat *st)
{
	char data[PATHMAX];
	const char *src = path;
	struct stat ost;

	if (stat(path, st)) {
		msg(2, "%s:", esc(path));
		return 0;
	}
	if (S_ISDIR(st->st_mode)) {
		snprintf(data, sizeof data, "%s/data", path);
		src = data;
	}
	// a FIFO is not opened to be refused: the open would let a writer
	// waiting on it (perf record -o - >FIFO) go on into a pipe none reads
	if (!stat(src, &ost) && !S_ISREG(ost.st_mode)) {
		msg(2, "%s: not a regular file", esc(src));
		return 0;
	}
	if ((inj.in = open_regular(AT_FDCWD, src, 0, &ost)) < 0 || (src == path &&
	    !same_file(&ost, st)) || (inj.in_place && !same_file(&ost,
	    &wr.ost))) {
		msg(2, errno == EINVAL ? "%s: not a regular file" : "%s:",
		    esc(src));
		return 0;
	}
	*st = ost;
	return 1;
}

/* Whether the profile may be copied: no process writes it (in place
 * wr_target asked, and refused data size 0 where no lease tells). */
static int
inj_writers(void)
{
	int w = inj.in_place ? wr.writer :
	    inj.in >= 0 && !input.stdin_copy ? has_writer(inj.in) : 0;

	if (w > 0)
		pf_msg(2, "%s", being_written);
	return w <= 0;
}

static int
cmd_inject(const char *path, const char *out)
{
	struct stat st;
	int rc, first = 0, in = !strcmp(path, "-");

	memset(&inj, 0, sizeof inj);
	inj.in = -1;
	wr_reset();
	inj.in_place = !out;
	if (!read_plan(C_INJECT))
		return 2;
	if (in && !out && !opt.dry) {
		msg(2, "inject: -i -: standard input goes to a new profile: "
		    "give -o FILE (or -o - for standard output)");
		return 2;
	}
	// -n makes no copy: standard input is read once, with no file times
	input.stdin_copy = in && opt.dry;
	// -n -i - alone writes nowhere: there is no output to check
	if (((out || !in) && !wr_target(path, out ? out : path, !out,
	    WR_PROFILE)) || (in ? !opt.dry && !inj_spool(&st) :
	    !inj_open(path, &st)))
		goto fail;
	passes_begin();
	while ((rc = next_pass(path)) > 0) {
		// passes open the profile by name: the first is held to
		// inj.in as opened (next_pass holds the rest to the first)
		if (!first++ && !in &&
		    pf.file_sig != stream_sig(0, UINT32_MAX, &st)) {
			pf_msg(2, "%s", not_copied);
			goto fail;
		}
		if (first == 1 && (!verdicts_begin() || rpt.status >= 2 ||
		    !inj_plan() || !inj_writers() || (!opt.dry && !inj_begin())))
			goto fail;
		if (!inj_pass())
			goto fail;
	}
	if (rc < 0)
		goto fail;
	if (ot.obj_dropped) {
		pf_msg(2, "%" PRIu32 " records name objects that did not fit "
		    "the table: not injected", ot.obj_dropped);
		goto fail;
	}
	// in place, a profile that gains nothing is left as it is
	if (!sysroot_sane() || (!opt.dry && (out || inj.n[INJ_ADD]) &&
	    !inj_finish(&st)))
		goto fail;
	inj_end();
	if (!opt.quiet)
		printf("%u build-IDs added, %u recorded before, %u objects left "
		    "out%s%s\n", inj.n[INJ_ADD], inj.n[INJ_HAS], inj.n[INJ_LEFT],
		    scope_left(), opt.dry ? " (-n: nothing written)" : "");
	return rpt.status;
fail:
	inj_end();
	msg(2, "%s: not injected: the profile is left as it was",
	    in ? "<stdin>" : esc(path));
	return 2;
}

/* ---- archive: the profiled binaries, as a build-ID cache in a tar -------
 * fmt §7.2; docs/design.md, "How a profile flows".  An entry is
 * <name>/<id>/<leaf> (leaf from ar_rules[]) and its link .build-id/xx/rest
 * -> ../../<name>/<id>; a JIT's map goes in at its own path, unlinked. */
static struct {
	unsigned put, left, jit;
	/* by ar_id_obj: the build-IDs in, one entry each */
	unsigned char ids[(PERFMT_MAXOBJ + 7) / 8];
} ar;

/* The first object with build-ID id, its mark in ar.ids; nobj if none. */
static uint32_t
ar_id_obj(const unsigned char *id, size_t idlen)
{
	uint32_t j;

	for (j = 0; idlen && j < ot.nobj; j++)
		if (id_same(ot.objs[j].id, ot.objs[j].idlen, id, idlen))
			return j;
	return ot.nobj;
}

/* Zeros: a block's padding, and the two blocks that end the archive. */
static const unsigned char ar_zeros[512];

static int
ar_pad(void)
{
	return wr.at % 512 ? wr_write(ar_zeros, 512 - wr.at % 512, -1) : 1;
}

/* A number in a ustar field of w bytes: octal and a NUL; where that
 * cannot hold it (8 GiB), base-256 as GNU tar and busybox read it, and 0:
 * a pax record says it for POSIX readers (fmt §7.2). */
static int
ar_number(unsigned char *f, size_t w, uint64_t v)
{
	size_t i;

	if (v >> 3 * (w - 1)) {
		memset(f, 0, w);
		f[0] = 0x80;
		for (i = w - 1; i > 0; i--, v >>= 8)
			f[i] = (unsigned char)v;
		return 0;
	}
	snprintf((char *)f, w, "%0*" PRIo64, (int)w - 1, v);
	return 1;
}

/* Where ustar splits a name: the name itself if it fits 100 bytes, else
 * the '/' ending a prefix of up to 155 whose rest fits 100; else NULL. */
static const char *
ar_split(const char *name)
{
	size_t n = strlen(name);
	const char *s;

	if (n <= 100)
		return name;
	for (s = name + n - 101; *s && s - name <= 155; s++)
		if (*s == '/' && s[1])
			return s;
	return NULL;
}

/* A header block of the profile's time: '0' a file, '2' a link, 'x' pax
 * records; a name ustar cannot hold is cut (its pax record has it). */
static int
ar_block(const char *name, const char *link, char type, uint64_t size)
{
	unsigned char h[512];
	const char *split = ar_split(name);
	size_t n = strlen(name), i;
	unsigned sum = 0;

	memset(h, 0, sizeof h);
	if (split && split != name) {
		memcpy(h + 345, name, (size_t)(split - name));
		memcpy(h, split + 1, n - (size_t)(split - name) - 1);
	} else {
		memcpy(h, name, n > 100 ? 100 : n);
	}
	ar_number(h + 100, 8, type == '2' ? 0777 : 0644);
	ar_number(h + 108, 8, 0);
	ar_number(h + 116, 8, 0);
	ar_number(h + 124, 12, size);
	ar_number(h + 136, 12, pf.mtime > 0 ? (uint64_t)pf.mtime / 1000000000 :
	    0);
	h[156] = (unsigned char)type;
	if (link)
		memcpy(h + 157, link, strlen(link) > 100 ? 100 : strlen(link));
	memcpy(h + 257, "ustar", 6);
	memcpy(h + 263, "00", 2);
	memset(h + 148, ' ', 8);
	for (i = 0; i < 512; i++)
		sum += h[i];
	ar_number(h + 148, 7, sum);
	return wr_write(h, sizeof h, -1);
}

/* A pax record "LEN key=value\n", LEN counting its own digits. */
static size_t
ar_pax_rec(char *dst, size_t cap, const char *key, const char *val)
{
	size_t body = strlen(key) + strlen(val) + 3, len = body + 1, d;

	// a digit more for each power of 10 that LEN, so grown, reaches
	for (d = 10; d <= len; d *= 10)
		len++;
	return (size_t)snprintf(dst, cap, "%zu %s=%s\n", len, key, val);
}

/* An entry's headers: first a pax one for what ustar cannot hold. */
static int
ar_entry(const char *name, const char *link, uint64_t size)
{
	char pax[2 * PATHMAX + 96], num[24];
	unsigned char f[12];
	size_t n = 0;

	if (!ar_split(name))
		n += ar_pax_rec(pax + n, sizeof pax - n, "path", name);
	if (link && strlen(link) > 100)
		n += ar_pax_rec(pax + n, sizeof pax - n, "linkpath", link);
	if (!ar_number(f, sizeof f, size)) {
		snprintf(num, sizeof num, "%" PRIu64, size);
		n += ar_pax_rec(pax + n, sizeof pax - n, "size", num);
	}
	if (n && (!ar_block("././@PaxHeader", NULL, 'x', n) ||
	    !wr_write(pax, n, -1) || !ar_pad()))
		return 0;
	return ar_block(name, link, link ? '2' : '0', size);
}

/* A profile's name (fmt §2.6) as a relative path in the archive, with
 * no empty, "." or ".." part and not under .build-id, where a link
 * unpacked first would lead the entry elsewhere (fmt §7.2); else NULL. */
static const char *
ar_name(const struct obj *o)
{
	const char *s = obj_name(o), *p;
	size_t n;

	while (*s == '/')
		s++;
	if (!*s || strlen(s) > PATHMAX - 128 || (!strncmp(s, ".build-id", 9) &&
	    (!s[9] || s[9] == '/')))
		return NULL;
	// no part "" ("//", a '/' last), "." or "..": the prefixes of
	// "..", up to 2 bytes long
	for (p = s; ; p += n + 1) {
		n = strcspn(p, "/");
		if (n <= 2 && !strncmp(p, "..", n))
			return NULL;
		if (!p[n])
			return s;
	}
}

/* size bytes of fd from where it stands: 1; 0 if it read short or
 * (to_end) went on: it changed; -1 if the write failed. */
static int
ar_copy_fd(int fd, uint64_t size, int to_end)
{
	uint64_t done = 0;
	ssize_t k;
	char more;

	while (done < size) {
		k = read_at(fd, bufs.data, size - done < sizeof bufs.data ?
		    (size_t)(size - done) : sizeof bufs.data, -1);
		if (k <= 0)
			return 0;
		if (!wr_write(bufs.data, (size_t)k, -1))
			return -1;
		done += (uint64_t)k;
	}
	if (!to_end)
		return 1;
	return read_at(fd, &more, 1, -1) == 0;
}

/* This process's vDSO image: its section header table, which the
 * kernel links last, ends it (fmt §7.2). */
static const unsigned char *
ar_vdso(uint64_t *size)
{
	const unsigned char *p = (const unsigned char *)getauxval(AT_SYSINFO_EHDR);
	struct elfid e;

	if (!p || vdso_buildid(&e))
		return NULL;
	*size = e.shend;
	return *size >= 64 && *size <= 1 << 20 ? p : NULL;
}

/* ar_decide's plan: the entry name/hex/leaf from the file c, a kallsyms
 * or memory; or why it is left out (vn: the verdict, if that is why). */
struct ar_plan {
	char hex[2 * IDMAX + 1];	/* the recorded ID */
	const char *name, *leaf, *why, *vn;
	const unsigned char *mem;
	const char *kallsyms;	/* the kernel's symbols: this file */
	const struct cand *c;	/* the file, where one holds it */
	const unsigned char *id;	/* the recorded ID, to check the copy */
	size_t idlen;
	uint32_t idobj;		/* the ID's mark in ar.ids (ar_id_obj) */
	uint64_t size;
	int jit;
};

/* archive's outcomes, in rules[]' shape: the first row whose facts (AF)
 * all hold gives the entry's source (A_*) and leaf, or why it is left out
 * (A_LEFT: the words; none, the verdict's detail or not_here's).  A JIT's
 * map goes in by its time on this system (fmt §7.2); any other object
 * only where a file carries its recorded build-ID. */
enum { AF_BAD_VERDICT, AF_NOT_HERE, AF_NO_ID, AF_NO_NAME, AF_SHORT_ID,
	AF_C_KALLSYMS, AF_KSYMS, AF_KSYMS_BAD, AF_C_VDSO, AF_VDSO_BAD,
	AF_GONE, AF_NO_FILE, AF_COMPRESSED, AF_CACHED_VDSO };
#define AF(x) (1u << AF_##x)
enum { A_LEFT, A_FILE, A_KALLSYMS, A_VDSO };

static const struct ar_rule {
	uint8_t from;
	uint16_t need;
	const char *leaf, *words;
} ar_rules[] = {
	{ A_LEFT, AF(BAD_VERDICT), NULL, NULL },
	{ A_LEFT, AF(NOT_HERE), NULL, NULL },
	{ A_LEFT, AF(NO_ID), NULL,
	    "no build-ID recorded (perfmt inject adds them)" },
	{ A_LEFT, AF(NO_NAME), NULL,
	    "its name cannot be a path in the archive" },
	{ A_LEFT, AF(SHORT_ID), NULL,
	    "a build-ID of one byte has no .build-id/xx/rest link" },
	// a cache's kallsyms, else --kallsyms, else the running kernel's
	{ A_FILE, AF(C_KALLSYMS), "kallsyms", NULL },
	{ A_LEFT, AF(KSYMS) | AF(KSYMS_BAD), NULL, "its kallsyms is "
	    "unreadable, none, or hides its addresses (read it as root)" },
	{ A_KALLSYMS, AF(KSYMS), "kallsyms", NULL },
	{ A_LEFT, AF(C_VDSO) | AF(VDSO_BAD), NULL, "this process's vDSO has "
	    "no section headers to size it by" },
	{ A_VDSO, AF(C_VDSO), "vdso", NULL },
	// one of several builds, found by the verdict and gone since
	{ A_LEFT, AF(GONE), NULL, "it changed after its build-ID was read" },
	{ A_LEFT, AF(NO_FILE), NULL, "the build-ID matched no file to copy "
	    "(a loaded module's notes, a kernel image)" },
	{ A_LEFT, AF(COMPRESSED), NULL,
	    "compressed: perf report reads it uncompressed" },
	// the leaf perf reads, whatever a cached copy is called (fmt §7.2)
	{ A_FILE, AF(CACHED_VDSO), "vdso", NULL },
	{ A_FILE, 0, "elf", NULL },
};

/* Object g's plan by ar_rules, reading only the kallsyms or vDSO that
 * sizes an entry; 0 where an entry of its build-ID is in already.  c and
 * v: the file and verdict for the ID rc names (one build's: ar_object). */
static int
ar_decide(uint32_t g, const struct rec *rc, const struct cand *c, int v,
    struct ar_plan *pl)
{
	const struct obj *o = &ot.objs[g];
	const struct res *r = &jd.res[g];
	const struct ar_rule *ru = ar_rules;
	int jit = r->kind == K_JIT, t = c ? c->type : -1;
	int kernel = r->kind == K_KERNEL, vdso = r->kind == K_VDSO;
	const char *ks = opt.kallsyms ? opt.kallsyms : "/proc/kallsyms";
	unsigned f;
	uint64_t size = 0;
	const unsigned char *mem = NULL;
	uint32_t i;

	memset(pl, 0, sizeof *pl);
	hex_into(pl->hex, rc->id, rc->idlen);
	pl->name = ar_name(o);
	pl->jit = jit;
	pl->c = c;
	pl->id = rc->id;
	pl->idlen = rc->idlen;
	f = ((jit ? v != V_UNCHANGED : v != V_OK && rc->idlen) ?
	    AF(BAD_VERDICT) : 0) | (jit && not_here() ? AF(NOT_HERE) : 0) |
	    (!jit && v != V_OK ? AF(NO_ID) : 0) |
	    (!pl->name ? AF(NO_NAME) : 0) |
	    (!jit && rc->idlen < 2 ? AF(SHORT_ID) : 0) |
	    (kernel && t == CT_KALLSYMS ? AF(C_KALLSYMS) : 0) |
	    (kernel && (opt.kallsyms || (t == CT_KNOTES && live_kind(c))) ?
	    AF(KSYMS) : 0) | (vdso && t == CT_VDSO ? AF(C_VDSO) : 0) |
	    (!c && r->kind == K_USER ? AF(GONE) : 0) |
	    (t != CT_PATH && t != CT_CACHE && t != CT_DBGD &&
	    t != CT_BINCACHE && t != CT_APK ? AF(NO_FILE) : 0) |
	    (c && compressed(c->path) ? AF(COMPRESSED) : 0) |
	    (vdso && t == CT_CACHE ? AF(CACHED_VDSO) : 0);
	// the kallsyms and vDSO are read only where no row above holds
	while ((f & ru->need) != ru->need) {
		if (ru[1].need & AF(KSYMS_BAD) && f & AF(KSYMS) &&
		    ks_judge(ks, &size))
			f |= AF(KSYMS_BAD);
		if (ru[1].need & AF(VDSO_BAD) && f & AF(C_VDSO) &&
		    !(mem = ar_vdso(&size)))
			f |= AF(VDSO_BAD);
		ru++;
	}
	pl->leaf = ru->leaf;
	pl->why = ru->words;
	if (ru == ar_rules) {
		detail_for(g, rc);
		pl->vn = vnames[v];
		pl->why = rpt.detail;
	} else if (ru->need == AF(NOT_HERE))
		pl->why = not_here();
	pl->kallsyms = ru->from == A_KALLSYMS ? ks : NULL;
	pl->mem = ru->from == A_VDSO ? mem : NULL;
	pl->size = ru->from == A_KALLSYMS || ru->from == A_VDSO ? size : 0;
	// one entry per build-ID: another name of the same file, or the
	// build another path had too, is found by its .build-id link
	i = pl->idobj = ar_id_obj(rc->id, rc->idlen);
	return ru->from == A_LEFT || i == ot.nobj ||
	    !(ar.ids[i / 8] >> i % 8 & 1);
}

/* The entry pl copied: 1 put, 0 left (pl->why), -1 the write failed. */
static int
ar_copy(uint32_t g, struct ar_plan *pl)
{
	const struct res *r = &jd.res[g];
	// pl->c is NULL only for a kallsyms or memory, which need none
	const struct cand *c = pl->c ? pl->c : &lk.cands[0];
	char path[PATHMAX], link[PATHMAX + 16], bid[64];
	uint64_t at = wr.at;
	struct stat a, b;
	struct elfid e;
	int fd = -1, n;

	if (pl->kallsyms) {
		if ((fd = ks_open(pl->kallsyms, &a)) < 0)
			pl->why = "it cannot be opened";
	} else if (!pl->mem) {
		// a link at a JIT map's name in /tmp (hard ones too, where
		// fs.protected_hardlinks is off) is anyone's; a sysroot's
		// resolve inside it, and a cp -al copy is no one else's
		if ((fd = open_in(c->root, c->path, pl->jit ? O_NOFOLLOW :
		    0, &a)) < 0 && (!pl->jit || errno != ELOOP))
			pl->why = errno == EINVAL ? "not a regular file" :
			    "it cannot be opened";
		else if (pl->jit && (fd < 0 || (!opt.sysroot &&
		    a.st_nlink != 1)))
			pl->why = "a link, not a file its JIT wrote";
		// the file the verdict read, not one put at its path since:
		// by its build-ID, or inode and mtime where it has none
		else if (pl->jit || c->type == CT_KALLSYMS ? a.st_ino != r->ino
		    || mtime_ns(&a) != r->mtime : fd_buildid(fd, &a, c->entry,
		    &e) || !id_same(pl->id, pl->idlen, e.id, e.len < IDMAX ?
		    e.len : IDMAX))
			pl->why = "it changed after its build-ID was read";
		// an APK's library: its bytes in the APK (zip_entry)
		else if (c->entry && lseek(fd, (off_t)e.base, SEEK_SET) < 0)
			pl->why = "it cannot be read";
		else
			pl->size = c->entry ? e.size : (uint64_t)a.st_size;
	}
	if (pl->why) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	// perf reads a JIT's map at its own path only (fmt §7.2)
	snprintf(path, sizeof path, pl->jit ? "%s" : "%s/%s/%s", pl->name,
	    pl->hex, pl->leaf);
	if (!ar_entry(path, NULL, pl->size))
		n = -1;
	else if (pl->mem)
		n = wr_write(pl->mem, (size_t)pl->size, -1) ? 1 : -1;
	else
		n = ar_copy_fd(fd, pl->size, !c->entry);
	// a ctime cannot be set back, as an mtime can (touch -r, cp -p)
	if (n > 0 && !pl->kallsyms && !pl->mem && (fstat(fd, &b) ||
	    b.st_size != a.st_size || b.st_mtim.tv_sec != a.st_mtim.tv_sec ||
	    b.st_mtim.tv_nsec != a.st_mtim.tv_nsec ||
	    b.st_ctim.tv_sec != a.st_ctim.tv_sec ||
	    b.st_ctim.tv_nsec != a.st_ctim.tv_nsec))
		n = 0;
	if (fd >= 0)
		close(fd);
	if (n < 0)
		return -1;
	if (!n) {
		// changed while copied: cut back (a pipe cannot be)
		if (wr.fd < 0 || lseek(wr.fd, (off_t)at, SEEK_SET) < 0 ||
		    ftruncate(wr.fd, (off_t)at)) {
			msg(2, wr.fd < 0 ? "%s: changed while it was copied "
			    "into a pipe: the archive is not usable" : "%s: "
			    "changed while it was copied, and the new file "
			    "cannot be cut back:",
			    esc(pl->kallsyms ? pl->kallsyms : c->path));
			return -1;
		}
		wr.at = at;
		pl->why = "it changed while it was copied";
		return 0;
	}
	snprintf(bid, sizeof bid, ".build-id/%.2s/%s", pl->hex, pl->hex + 2);
	snprintf(link, sizeof link, "../../%s/%s", pl->name, pl->hex);
	if (!ar_pad() || (!pl->jit && !ar_entry(bid, link, 0)))
		return -1;
	return 1;
}

/* One entry for the ID rc names (ar_decide): put, or left out, said. */
static void
ar_one(uint32_t g, const struct rec *rc, const struct cand *c, int v)
{
	struct ar_plan pl;
	const char *hex, *name;
	int n;

	if (!ar_decide(g, rc, c, v, &pl))
		return;
	n = pl.why ? 0 : ar_copy(g, &pl);
	if (n < 0) {
		rpt.status = 2;
		return;
	}
	hex = pl.hex[0] ? pl.hex : "-";
	name = esc(obj_name(&ot.objs[g]));
	if (n) {
		if (pl.idobj < ot.nobj)
			ar.ids[pl.idobj / 8] |= (unsigned char)(1u <<
			    pl.idobj % 8);
		ar.put++;
		ar.jit += pl.jit;
		if (!opt.quiet)
			fprintf(stderr, "put   %s %s\n", hex, name);
		return;
	}
	ar.left++;
	verdict_status(v);
	fprintf(stderr, "left  %s %s  %s%s%s\n", hex, name, pl.vn ? pl.vn :
	    "", pl.vn ? ": " : "", pl.why);
}

/* One object: the file its verdict found; a path of several builds,
 * each build the report uses (docs/design.md, "How a profile flows"). */
static void
ar_object(uint32_t g, const struct rec *rc)
{
	const struct res *r = &jd.res[g];
	struct rec one = *rc;
	uint32_t i;
	unsigned k;

	if (r->kind != K_USER || !(r->flags & RF_MULTI_ID) ||
	    (r->verdict != V_OK && r->rule != R_OTHER_ID)) {
		ar_one(g, rc, r->cand < lk.ncand ? &lk.cands[r->cand] : NULL,
		    r->verdict);
		return;
	}
	for (i = g; i != UINT32_MAX && rpt.status < 2;
	    i = ot.objs[i].gnext - 1) {
		if (!id_first(g, i) || !build_used(g, i))
			continue;
		one.id = ot.objs[i].id;
		one.idlen = ot.objs[i].idlen;
		// a place holds this build's ID: the rule id-matches, for it
		k = id_place(&ot.objs[i], r->kind);
		ar_one(g, &one, k < lk.ncand ? &lk.cands[k] : NULL,
		    k < lk.ncand ? rules[R_ID_MATCHES].verdict : r->verdict);
	}
}

static int
cmd_archive(const char *path, const char *out)
{
	struct rec rc;
	uint32_t i;
	int rc1 = -1, first = 0, file = out && strcmp(out, "-");

	memset(&ar, 0, sizeof ar);
	wr_reset();
	if (!read_plan(C_ARCHIVE))
		return 2;
	if (!wr_target(path, out ? out : "-", 0, WR_TAR) ||
	    !wr_begin("archive", 1))
		goto fail;
	passes_begin();
	while ((rc1 = next_pass(path)) > 0) {
		if (!first++ && !verdicts_begin())
			break;
		// each pass's objects are its own
		memset(ar.ids, 0, sizeof ar.ids);
		lists_read();
		for (i = 0; i < ot.nobj && rpt.status < 2; i++) {
			if (!judged(i))
				continue;
			judge(i);
			rec_of(i, &rc);
			ar_object(i, &rc);
		}
		if (plan.hits)
			hits_report();
	}
	if (rc1 < 0 || rpt.status >= 2 || !first || !sysroot_sane() ||
	    !wr_write(ar_zeros, sizeof ar_zeros, -1) ||
	    !wr_write(ar_zeros, sizeof ar_zeros, -1) ||
	    !wr_commit(NULL, 0666))
		goto fail;
	wr_end();
	out = file ? esc(out) : "FILE";
	if (opt.quiet)
		return rpt.status;
	fprintf(stderr, "%u objects archived, %u left out%s; on the host: tar "
	    "-xf %s -C ~/.debug\n", ar.put, ar.left, scope_left(), out);
	// -k: a map in the host's /tmp is a host process's, kept
	if (ar.jit)
		fprintf(stderr, "and for the JIT maps: tar -xkf %s -C / "
		    "--wildcards 'tmp/perf-*.map'\n", out);
	return rpt.status;
fail:
	wr_end();
	if (file)
		msg(2, "-o %s: not written: any file there is left as it was",
		    esc(out));
	return 2;
}

static void
print_version(void)
{
	printf("perfmt %s\n"
	    "memory budget (static, no malloc):\n"
	    "  read buffer      %7d bytes  PERFMT_BUF\n"
	    "  feature buffer   %7d bytes  PERFMT_FEATBUF\n"
	    "  ELF buffers    2 x %5d bytes  PERFMT_ELFBUF\n"
	    "  objects          %7d         PERFMT_MAXOBJ (%zu bytes each)\n"
	    "  object names     %7d bytes  PERFMT_ARENA\n"
	    "  events           %7d         PERFMT_MAXATTR\n"
	    "  sample ids       %7d         PERFMT_MAXID\n"
	    "  processes        %7d         PERFMT_MAXPROC (the scope)\n"
	    "  maps             %7d         PERFMT_MAXMAP (the scope)\n"
	    "  waiting samples  %7d         PERFMT_MAXPEND (the scope, "
	    "regions of 64 pages)\n"
	    "  data.N streams   %7d         PERFMT_MAXSTREAM\n"
	    "  zstd window      %7d bytes  PERFMT_ZWINDOW (-z profiles)\n"
	    "  zstd state       %7zu bytes  (touched only by -z profiles)\n"
	    "  total            %7zu bytes\n",
	    PERFMT_VERSION, PERFMT_BUF, PERFMT_FEATBUF, PERFMT_ELFBUF,
	    PERFMT_MAXOBJ, sizeof(struct obj), PERFMT_ARENA, PERFMT_MAXATTR,
	    PERFMT_MAXID, PERFMT_MAXPROC, PERFMT_MAXMAP, PERFMT_MAXPEND,
	    PERFMT_MAXSTREAM, PERFMT_ZWINDOW, sizeof zs + sizeof zr.buf,
	    sizeof zs + sizeof zr.buf + sizeof bufs.data + sizeof bufs.feat +
	    sizeof bufs.tab + sizeof bufs.note + sizeof lk.list_ix +
	    sizeof ot.objs + sizeof ot.obj_head +
	    sizeof ot.arena + sizeof pf + sizeof jd.res + sizeof sc.maps +
	    sizeof sc.procs + sizeof sc.proc_head + sizeof sc.zombies +
	    sizeof sc.pend + sizeof ps.hits_kept);
}

/* ==== 17. main ========================================================== */
static int
finish(int rc)
{
	if (fflush(stdout) || ferror(stdout)) {
		msg(2, "<stdout>: write error:");
		return 2;
	}
	if (rc < rpt.status)
		rc = rpt.status;
	return rc >= 2 ? 2 : rpt.changed ? 1 : rc ? 3 : 0;
}


/* One table of long names: a command takes those whose letter it takes.
 * perf's spellings where perf has them (perf report, perf buildid-list);
 * --date and --reference are touch's. */
enum { NO_ARG, ARG, ARG_ATTACHED };

static const struct lopt {
	const char *name;
	int arg, letter;
} long_opts[] = {
	{ "input", ARG, 'i' },
	{ "output", ARG, 'o' },
	{ "dry-run", NO_ARG, 'n' },
	{ "all", NO_ARG, 'a' },
	{ "sysroot", ARG, 's' },
	{ "symfs", ARG, 's' },
	{ "buildid-dir", ARG, 'c' },
	{ "vmlinux", ARG, 'k' },
	{ "kallsyms", ARG, 'Y' },
	{ "kernel", NO_ARG, 'K' },
	{ "date", ARG, 't' },
	{ "reference", ARG, 'r' },
	{ "local", NO_ARG, 'L' },
	{ "quiet", NO_ARG, 'q' },
	{ "porcelain", NO_ARG, 'p' },
	{ "json", NO_ARG, 'j' },
	{ "verbose", NO_ARG, 'v' },
	{ "hits", ARG_ATTACHED, 'H' },
	{ "with-hits", NO_ARG, 'H' },
	{ "help", NO_ARG, 'h' },
	{ "version", NO_ARG, 'V' },
	{ NULL, 0, 0 }
};

/* The command argv[1] names, or -1 for a file there: a profile to check. */
static int
find_command(const char *name)
{
	struct stat st;
	unsigned i;

	for (i = 0; i < sizeof commands / sizeof *commands; i++)
		if (!strcmp(name, commands[i].name))
			return (int)i;
	if (!stat(name, &st))
		return -1;
	msg(2, "'%s' is no command, nor a file here", esc(name));
	usage_exit(2);
	return -1;
}

/* --kallsyms, else a sysroot's proc/kallsyms, which archive packs (fmt
 * §6.3): one given is judged here, before anything is read. */
static void
check_kallsyms(void)
{
	char *path = opt.kallsyms_path;
	uint64_t size;
	int k;

	if (!opt.kallsyms && opt.sysroot && !sr_resolve(opt.sysroot,
	    "/proc/kallsyms", path, PATHMAX) && !access(path, F_OK)) {
		opt.kallsyms = path;
		opt.ksroot = opt.sysroot;
		return;
	}
	if (!opt.kallsyms)
		return;
	k = ks_judge(opt.kallsyms, &size);
	if (k == KS_ERR && errno == EINVAL)
		msg(2, "--kallsyms %s: not a regular file", esc(opt.kallsyms));
	else if (k == KS_ERR)
		msg(2, "--kallsyms %s:", esc(opt.kallsyms));
	else if (k == KS_FORM)
		msg(2, "--kallsyms %s: not a kallsyms file: expected lines of "
		    "ADDRESS TYPE NAME, as /proc/kallsyms", esc(opt.kallsyms));
	else if (k == KS_ZERO)
		msg(2, "--kallsyms %s: every address is zero, hidden from its "
		    "reader (kptr_restrict, perf_event_paranoid); copy "
		    "/proc/kallsyms as root", esc(opt.kallsyms));
	if (k)
		exit(2);
}

/* The place -LETTER names must be there: a directory (dir) or a file. */
static void
check_place(int letter, const char *path, int dir, const char *why)
{
	struct stat st;

	if (stat(path, &st))
		msg(2, "-%c %s:", letter, esc(path));
	else if (dir ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode))
		msg(2, "-%c %s: not a %s%s", letter, esc(path), dir ?
		    "directory" : "regular file", why);
	else
		return;
	exit(2);
}

/* Kernels kept compressed (fmt §6.5): the magic at off, and the tool that
 * unpacks it; none where the image's own header leads to the stream. */
static const struct kpack {
	uint16_t off;
	uint8_t len;
	const char *magic, *name, *tool;
} kpacked[] = {
	{ 4, 4, "zimg", "an EFI zboot image", NULL },
	{ 0x202, 4, "HdrS", "an x86 bzImage", NULL },
	{ 0x24, 4, "\x18(o\x01", "an ARM zImage", NULL },
	{ 0, 2, "\x1f\x8b", "gzip", "gunzip" },
	{ 0, 6, "\xfd" "7zXZ", "xz", "unxz" },
	{ 0, 4, "(\xb5/\xfd", "zstd", "unzstd" },
	{ 0, 4, "\x02!L\x18", "lz4", "lz4 -d" },
	{ 0, 4, "\x04\"M\x18", "lz4", "lz4 -d" },
	{ 0, 3, "BZh", "bzip2", "bunzip2" },
	{ 0, 4, "\x89LZO", "lzo", "lzop -d" },
	{ 0, 3, "]\0\0", "lzma", "unlzma" },
};

/* kpacked[]'s row for zboot's name ("zstd22": by prefix) or bytes h[0, n). */
static const struct kpack *
kernel_packed(const char *name, const unsigned char *h, size_t n)
{
	const struct kpack *k = kpacked;

	for (; k < kpacked + sizeof kpacked / sizeof *kpacked; k++)
		if (name ? k->tool && !strncmp(name, k->name, strlen(k->name)) :
		    n >= k->off + k->len && !memcmp(h + k->off, k->magic, k->len))
			return k;
	return NULL;
}

/* -k must name a kernel image with a banner (fmt §6.5), else perfmt
 * stops; a compressed one is said with the command that unpacks it. */
static void
check_vmlinux(const char *path)
{
	// (the candidates are free: nothing is judged before the options)
	struct cand *c = &lk.cands[0];
	const struct kpack *k, *t;
	const char *name;
	struct elfid e;
	struct stat st;
	struct rd r;
	char rel[STRMAX];
	int fd, rc;

	c->type = CT_VMLINUX;
	c->root = NULL;
	snprintf(c->path, sizeof c->path, "%s", path);
	kernel_release(c, rel, sizeof rel);
	rc = elf_buildid(NULL, path, NULL, &e, &st);
	if (!e.notelf && rel[0])
		return;
	if (!rc && e.notelf) {
		msg(2, "-k %s: a file of ELF notes, not a kernel image: give "
		    "it as SYSROOT/sys/kernel/notes with -s SYSROOT", esc(path));
		exit(2);
	}
	if ((fd = open_regular(AT_FDCWD, path, 0, &st)) < 0) {
		msg(2, "-k %s:", esc(path));
		exit(2);
	}
	rd_file(&r, fd, 1, bufs.tab, sizeof bufs.tab, 0, (uint64_t)st.st_size);
	rd_fill(&r, 0x240);
	close(fd);
	k = kernel_packed(NULL, bufs.tab, r.len);
	t = k && k->off == 4 && r.len >= 32 ? kernel_packed(
	    (char *)bufs.tab + 24, NULL, 0) : NULL;
	name = esc(path);
	if (k && k->tool)
		msg(2, "-k %s: %s-compressed: give it unpacked: %s -c %s "
		    ">Image", name, k->name, k->tool, name);
	else if (t)
		msg(2, "-k %s: %s, its Image %s-compressed: give it unpacked: "
		    "tail -c +%" PRIu32 " %s | head -c %" PRIu32 " | %s -c "
		    ">Image", name, k->name, t->name,
		    get32(bufs.tab + 8, 0) + 1, name, get32(bufs.tab + 12, 0),
		    t->tool);
	else if (k && k->off == 0x202)
		msg(2, "-k %s: %s, compressed: give the vmlinux, or "
		    "scripts/extract-vmlinux %s >vmlinux", name, k->name, name);
	else if (k)
		msg(2, "-k %s: %s, compressed: give the vmlinux the kernel was "
		    "built as", name, k->name);
	else
		msg(2, "-k %s: not a kernel image (an ELF vmlinux, or an arm64 "
		    "or riscv64 Image with a \"Linux version\" banner)", name);
	exit(2);
}

static void
check_options(void)
{
	int i;

	if (opt.porcelain && opt.json) {
		msg(2, "-p and -j exclude each other");
		usage_exit(2);
	}
	if (opt.timearg && opt.reffile) {
		msg(2, "-t and -r exclude each other");
		usage_exit(2);
	}
	if (opt.sysroot)
		check_place('s', opt.sysroot, 1, " (a sysroot is the root of "
		    "the recording system's files)");
	// a place not there would leave objects judged elsewhere, unsaid
	for (i = 0; i < opt.ncache; i++)
		check_place('c', opt.cache[i], 1, "");
	if (opt.vmlinux) {
		check_place('k', opt.vmlinux, 0, "");
		check_vmlinux(opt.vmlinux);
	}
	check_kallsyms();
}

/* The state's defaults (docs/design.md, "The state"), also between tests. */
static void
state_init(void)
{
	rpt.name_w = 6;
	ps.part_hi = PART_ALL;
	ps.others_mapped = 1;
	sc.map_free = sc.proc_free = NOMAP;
	sc.pend_n = sc.pend_read = 1;
}

#ifndef PERFMT_NO_MAIN
/* The letters that only set a field of opt: to arg, or to 1 (flag). */
static const struct {
	int letter;
	const char **arg;
	int *flag;
} opt_fields[] = {
	{ 'i', &opt.input, NULL }, { 'o', &opt.output, NULL },
	{ 's', &opt.sysroot, NULL }, { 'k', &opt.vmlinux, NULL },
	{ 'Y', &opt.kallsyms, NULL }, { 't', &opt.timearg, NULL },
	{ 'r', &opt.reffile, NULL }, { 'n', NULL, &opt.dry },
	{ 'K', NULL, &opt.kernel }, { 'L', NULL, &opt.local },
	{ 'a', NULL, &opt.all }, { 'q', NULL, &opt.quiet },
	{ 'p', NULL, &opt.porcelain }, { 'j', NULL, &opt.json },
	{ 'v', NULL, &opt.verbose }
};

/* Sets the field of opt letter c sets, to arg (or 1); 0 if none. */
static int
opt_field(int c, const char *arg)
{
	unsigned k;

	for (k = 0; k < sizeof opt_fields / sizeof *opt_fields; k++)
		if (opt_fields[k].letter == c) {
			if (opt_fields[k].arg)
				*opt_fields[k].arg = arg;
			else
				*opt_fields[k].flag = 1;
			return 1;
		}
	return 0;
}

/* The long option a[0, n) spells or alone begins, else NULL (*amb: many) */
static const struct lopt *
long_opt(const char *a, size_t n, int *amb)
{
	const struct lopt *o, *hit = NULL;
	int k = 0;

	*amb = 0;
	for (o = long_opts; o->name; o++)
		if (!strncmp(o->name, a, n)) {
			if (!o->name[n])
				return o;
			hit = o;
			k++;
		}
	*amb = k > 1;
	return k == 1 ? hit : NULL;
}

/* One option c, its argument arg (NULL: none, or none attached to --hits). */
static void
take_option(int c, const char *arg)
{
	if (opt_field(c, arg))
		return;
	switch (c) {
	case 'h':
		usage_exit(0);
		break;
	case 'V':
		print_version();
		exit(finish(0));
	case 'c':
		if (opt.ncache == MAXCACHE) {
			msg(2, "-c: at most %d caches", MAXCACHE);
			usage_exit(2);
		}
		opt.cache[opt.ncache++] = arg;
		break;
	default:	// 'H'
		if (!arg || !strcmp(arg, "sample"))
			opt.hits = HITS_SAMPLE;
		else if (!strcmp(arg, "callchain"))
			opt.hits = HITS_CALLCHAIN;
		else {
			msg(2, "--hits=%s: expected sample or callchain",
			    esc(arg));
			usage_exit(2);
		}
	}
}

/* The options of argv[0, argc) as getopt_long takes them (perfmt(1),
 * OPTIONS; --hits's argument only attached), until "--"; the operands go
 * to the front of argv, their count returned.  Bad ones said, escaped. */
static int
parse_options(int cmd, int argc, char **argv)
{
	const char *opts = commands[cmd].opts, *a, *v, *q;
	const struct lopt *o;
	char s[3] = "-?";
	int i, n = 0, amb;
	size_t len;

	for (i = 0; i < argc; i++) {
		a = argv[i];
		if (!strcmp(a, "--")) {
			while (++i < argc)
				argv[n++] = argv[i];
		} else if (a[0] != '-' || !a[1]) {
			argv[n++] = argv[i];
		} else if (a[1] == '-') {
			len = strcspn(a + 2, "=");
			v = a[2 + len] ? a + 3 + len : NULL;
			if (!(o = long_opt(a + 2, len, &amb)))
				msg(2, "%s: %s option %s", commands[cmd].name,
				    amb ? "ambiguous" : "unknown", esc(a));
			// a long name of another command's letter: unknown here
			else if (!strchr(opts + 1, o->letter) &&
			    !strchr(commands[cmd].lopts, o->letter))
				msg(2, "%s: unknown option --%s",
				    commands[cmd].name, o->name);
			else if (o->arg == NO_ARG && v)
				msg(2, "%s: option --%s takes no argument",
				    commands[cmd].name, o->name);
			else if (o->arg == ARG && !v && i + 1 == argc)
				msg(2, "%s: option %s needs an argument",
				    commands[cmd].name, esc(a));
			else {
				take_option(o->letter, o->arg == ARG &&
				    !v ? argv[++i] : v);
				continue;
			}
			usage_exit(2);
		} else {
			for (a++; *a; a++) {
				s[1] = *a;
				if (*a == ':' || !(q = strchr(opts + 1, *a))) {
					msg(2, "%s: unknown option %s%s",
					    commands[cmd].name, esc(s), cmd ==
					    C_LIST && *a == 'k' ? " (-k is a "
					    "kernel image to check against; the "
					    "running kernel's build-ID is list "
					    "--kernel)" : "");
					usage_exit(2);
				}
				if (q[1] != ':') {
					take_option(*a, NULL);
					continue;
				}
				if (!a[1] && i + 1 == argc) {
					msg(2, "%s: option %s needs an argument",
					    commands[cmd].name, s);
					usage_exit(2);
				}
				take_option(*a, a[1] ? a + 1 : argv[++i]);
				break;
			}
		}
	}
	return n;
}

int
main(int argc, char **argv)
{
	struct stat st;
	int c, cmd = C_CHECK, rc = 2;

	state_init();
	// a closed 0, 1 or 2 would be the next file opened, and what is said
	// would go into it: /dev/null read-only, where a write fails, said
	for (c = 0; c < 3; c++)
		if (fcntl(c, F_GETFD) < 0 && open("/dev/null", O_RDONLY) != c)
			return 2;

	if (argc > 1 && argv[1][0] != '-' &&
	    (cmd = find_command(argv[1])) >= 0) {
		argv++;
		argc--;
	}
	if (cmd < 0)
		cmd = C_CHECK;	// perfmt FILE: the file is the operand
	argc = parse_options(cmd, argc - 1, ++argv);
	if (cmd == C_BUILDID)
		return finish(cmd_buildid(argc, argv));
	// --hits's argument is only ever the attached one
	if (argc && opt.hits && (!strcmp(argv[0], "sample") ||
	    !strcmp(argv[0], "callchain")) && stat(argv[0], &st)) {
		msg(2, "%s: unexpected argument '%s': did you mean --hits=%s?",
		    commands[cmd].name, argv[0], argv[0]);
		usage_exit(2);
	}
	// the profile, as an operand (perf's -i is optional here)
	if (argc == 1 && !opt.input && !opt.kernel) {
		opt.input = argv[0];
		argc--;
	}
	if (argc) {
		msg(2, "%s: unexpected argument '%s'%s", commands[cmd].name,
		    esc(argv[0]), opt.input ? ": the profile is given once" :
		    "");
		usage_exit(2);
	}
	check_options();	// list and header take none of these options
	if (!opt.input) {
		opt.input = "perf.data";
		if (!opt.kernel && stat(opt.input, &st) && errno == ENOENT) {
			msg(2, "no perf.data in this directory: give the "
			    "profile, as perfmt %s FILE or -i FILE",
			    commands[cmd].name);
			return finish(2);
		}
	}
	switch (cmd) {
	case C_CHECK:
		rc = cmd_check(opt.input);
		break;
	case C_LIST:
		rc = opt.kernel ? cmd_list_kernel() : cmd_list(opt.input);
		break;
	case C_HEADER:
		rc = cmd_header(opt.input);
		break;
	case C_INJECT:
		wr_signals();
		rc = cmd_inject(opt.input, opt.output);
		break;
	case C_ARCHIVE:
		wr_signals();
		rc = cmd_archive(opt.input, opt.output);
		break;
	}
	return finish(rc);
}
#endif
