/* Fuzz targets for perfmt's readers, for libFuzzer and AFL++.
 *
 * One source, seven targets, chosen at build time by FUZZ_TARGET:
 *   1  perf.data read as a file: the input is written to a regular file
 *      and read by what `perfmt header`, `perfmt list` and `perfmt check
 *      --hits=callchain` run (pread, passes, features, records, verdicts),
 *      and by `perfmt inject -L -o` and `perfmt archive -L -o`, whose
 *      outputs go to the empty directory and are removed
 *   2  perf.data read as a pipe: the same three commands with `-i -`, the
 *      input written to a pipe on standard input (read, never pread).  An
 *      input longer than the pipe holds (1 MiB where F_SETPIPE_SZ allows,
 *      else 64 KiB) is read as far as the pipe holds: a stream cut short
 *   3  ELF notes: elf_parse over the bytes in memory, then elf_buildid over
 *      the same bytes as a file (the pread path and note blobs)
 *   4  zstd: the bytes as a perf -z stream, fed to the decoder of section
 *      9 in pieces whose sizes the input's first byte chooses, the output
 *      drained in pieces too, then the end of the stream
 *   5  archive's names and sizes: the bytes (up to a NUL) as an object's
 *      name, made a path in the tar (ar_name) and written as archive
 *      writes an object's entry and its .build-id link (ustar, pax records
 *      where ustar cannot hold them), the entry's size the 8 bytes after
 *      the NUL (up to 2^64 - 1: past 8 GiB a pax "size" record and
 *      base-256), then read back: each path, link and size must be the
 *      one written and each header's checksum right, or the target aborts
 *   6  APKs: the bytes as a file, the library lib/arm64-v8a/libx.so read
 *      inside it as check reads one an APK maps (zip_entry, then the
 *      ELF notes where it is stored)
 *   7  the sysroot walk: the bytes after the first as a path under a
 *      sysroot of links (in, out, up, loops, a FIFO), resolved and opened
 *      as check opens an object there (sr_resolve, then open_in); the
 *      first byte may swap a directory or the file of the resolved path
 *      for a link to the same place in a copy of the tree outside the
 *      sysroot, between the walk and the open, as the sysroot's owner
 *      can while perfmt runs.  A file of that copy opened aborts
 *
 * check looks objects up under an empty sysroot, with that directory as
 * its only cache: nothing outside it is opened, and the answers do not
 * depend on the machine.  Output goes to /dev/null; run libFuzzer with
 * -close_fd_mask=2 to silence the diagnostics (sanitizer reports still
 * show).  Nothing here may reach exit(): usage_exit and check_options are
 * only on main's option paths, which the targets do not take.
 *
 * Built by `make fuzz` (clang -fsanitize=fuzzer,address,undefined) and
 * `make fuzz-afl` (afl-clang-fast; AFL++ supplies a main for
 * LLVMFuzzerTestOneInput through its libAFLDriver, or FUZZ_AFL_MAIN below
 * gives a persistent-mode loop of its own).
 */
#define _GNU_SOURCE	/* F_SETPIPE_SZ */
#define PERFMT_NO_MAIN
#include "../perfmt.c"
#include <sys/mman.h>	/* memfd_create */

#ifndef FUZZ_TARGET
#define FUZZ_TARGET 1
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char fz_dir[32] = "/tmp/perfmt-fuzz-XXXXXX";
static char fz_path[64];
static int fz_fd = -1;
static char fz_outbuf[1 << 16], fz_errbuf[1 << 16];

/* Everything a run leaves behind in file-scope state, back as main finds
 * it: each input is read as if by a fresh process. */
static void
fz_reset(void)
{
	state_init();
	rpt.status = 0;
	rpt.msg_mute = 0;
	memset(&opt, 0, sizeof opt);
	opt.sysroot = fz_dir;
	opt.cache[opt.ncache++] = fz_dir;
	ps.passes_ok = 0;
	ps.part_lo = 0;
	ps.part_hi = PART_ALL;
	sc.hits_said = 0;
	memset(ps.dropped_seen, 0, sizeof ps.dropped_seen);
	pt.ns = 0;
	pt.src = NULL;
	pt.ok = 0;
	pt.same_host = 0;
	lk.ncand = 0;
	rpt.dlen = 0;
	memset(&prog, 0, sizeof prog);
}

static void
fz_write(const uint8_t *data, size_t size)
{
	size_t done = 0;
	ssize_t got;

	if (ftruncate(fz_fd, 0))
		abort();
	while (done < size) {
		got = pwrite(fz_fd, data + done, size - done, (off_t)done);
		if (got <= 0)
			abort();
		done += (size_t)got;
	}
	// written long ago: inject takes a file of data size 0 written a
	// moment before for one perf record still writes
	if (futimens(fz_fd, (const struct timespec[2]){ { 0, 0 }, { 0, 0 } }))
		abort();
}

/* Standard input becomes a pipe holding the input, or as much of it as
 * the pipe takes: the writer never blocks, and its end is closed so that
 * the reader sees the end of the stream. */
static int
fz_pipe(const uint8_t *data, size_t size)
{
	size_t done = 0;
	ssize_t got;
	int p[2];

	if (pipe(p))
		abort();
#ifdef F_SETPIPE_SZ
	fcntl(p[1], F_SETPIPE_SZ, 1 << 20);
#endif
	fcntl(p[1], F_SETFL, O_NONBLOCK);
	while (done < size) {
		got = write(p[1], data + done, size - done);
		if (got <= 0)
			break;
		done += (size_t)got;
	}
	close(p[1]);
	if (dup2(p[0], 0) < 0)
		abort();
	close(p[0]);
	return 1;
}

/* The commands, as main runs them; inject and archive are given files
 * only (inject's standard input is a copy in a file, read as one), and
 * run where fz_writers says (the sweep: every 8th input). */
static int fz_writers = 1;

static void
fz_commands(const char *path, const uint8_t *data, size_t size, int pipe_in)
{
	char out[sizeof fz_dir + 16];
	int k;

	for (k = 0; k < (pipe_in ? 3 : fz_writers ? 5 : 3); k++) {
		fz_reset();
		if (pipe_in && !fz_pipe(data, size))
			return;
		switch (k) {
		case 0:
			cmd_header(path);
			break;
		case 1:
			cmd_list(path);
			break;
		case 2:
			cmd_check(path);
			break;
		case 3: case 4:
			opt.local = 1;
			snprintf(out, sizeof out, "%s/out.%s", fz_dir, k == 3 ?
			    "data" : "tar");
			(k == 3 ? cmd_inject : cmd_archive)(path, out);
			unlink(out);
			break;
		}
	}
}

/* A number of a ustar field: octal digits, up to a NUL or space; or
 * base-256 (the first byte 0x80, then the number big-endian), as GNU tar
 * reads it. */
static uint64_t
fz_octal(const unsigned char *f, size_t w)
{
	uint64_t v = 0;
	size_t i;

	if (f[0] == 0x80) {
		for (i = 1; i < w; i++) {
			if (v >> 56)
				abort();
			v = v << 8 | f[i];
		}
		return v;
	}
	for (i = 0; i < w && f[i] >= '0' && f[i] <= '7'; i++)
		v = v * 8 + (uint64_t)(f[i] - '0');
	return v;
}

/* A field up to its NUL or its width, appended to dst. */
static void
fz_field(char *dst, const unsigned char *f, size_t w)
{
	size_t n = strlen(dst), k = 0;

	while (k < w && f[k])
		k++;
	memcpy(dst + n, f, k);
	dst[n + k] = 0;
}

/* The entry archive wrote at *at in the tar in fz_fd (its pax header
 * first, if any): the path, link and size it holds must be name, link
 * (NULL: none) and want, a pax "size" record there exactly where the
 * ustar field cannot hold it in octal, the checksums right; *at moves
 * past its headers (its data is not written). */
static void
fz_tar_entry(off_t *at, const char *name, const char *link, uint64_t want)
{
	static char pax[2 * PATHMAX + 96], got[2 * PATHMAX], glink[2 * PATHMAX];
	unsigned char h[512];
	const char *p, *e;
	uint64_t size, len, psize = 0;
	unsigned sum = 0;
	size_t i;
	int has_psize = 0;

	got[0] = glink[0] = 0;
	for (;;) {
		if (pread(fz_fd, h, sizeof h, *at) != (ssize_t)sizeof h)
			abort();
		*at += 512;
		for (i = 0; i < 512; i++)
			sum += i >= 148 && i < 156 ? ' ' : h[i];
		if (sum != fz_octal(h + 148, 8))
			abort();
		sum = 0;
		if (h[156] != 'x')
			break;
		// pax records "LEN key=value\n", LEN counting the whole record
		size = fz_octal(h + 124, 12);
		if (size >= sizeof pax || pread(fz_fd, pax, size, *at) !=
		    (ssize_t)size)
			abort();
		pax[size] = 0;
		*at += (off_t)((size + 511) / 512 * 512);
		for (p = pax; *p; p += len) {
			len = strtoull(p, (char **)&e, 10);
			if (*e != ' ' || !len || len > (uint64_t)(pax + size - p) ||
			    p[len - 1] != '\n')
				abort();
			if (!strncmp(e + 1, "path=", 5))
				snprintf(got, sizeof got, "%.*s", (int)(p + len - 1 -
				    (e + 6)), e + 6);
			else if (!strncmp(e + 1, "linkpath=", 9))
				snprintf(glink, sizeof glink, "%.*s", (int)(p + len -
				    1 - (e + 10)), e + 10);
			else if (!strncmp(e + 1, "size=", 5) && !has_psize++)
				psize = strtoull(e + 6, NULL, 10);
			else
				abort();
		}
	}
	if (!got[0]) {
		fz_field(got, h + 345, 155);
		if (got[0])
			strcat(got, "/");
		fz_field(got, h, 100);
	}
	if (!glink[0])
		fz_field(glink, h + 157, 100);
	if (strcmp(got, name) || strcmp(glink, link ? link : "") ||
	    h[156] != (link ? '2' : '0') || fz_octal(h + 124, 12) != want ||
	    has_psize != (want >> 33 != 0) || (has_psize && psize != want))
		abort();
}

/* Target 5: the input as an object's name, through archive's naming;
 * after a NUL, up to 8 bytes (big-endian) are the size of its file. */
static void
fz_tar(const uint8_t *data, size_t size)
{
	static const char hex[] = "00112233445566778899aabbccddeeff00112233";
	char path[PATHMAX], link[PATHMAX + 16], bid[64];
	const uint8_t *nul = memchr(data, 0, size);
	const struct obj *o;
	const char *name;
	uint64_t fsize = 0;
	off_t at = 0;
	size_t i;

	if (nul) {
		for (i = 1; i <= 8 && nul + i < data + size; i++)
			fsize = fsize << 8 | nul[i];
		size = (size_t)(nul - data);
	}
	pf_reset("t");
	o = obj_add(-1, (const char *)data, size < PATHMAX ? size : PATHMAX - 1,
	    NULL, 0, SRC_MMAP, MISC_USER);
	if (!o || !(name = ar_name(o)))
		return;
	// as ar_copy names an object's entry and its link
	snprintf(path, sizeof path, "%s/%s/%s", name, hex, "elf");
	snprintf(bid, sizeof bid, ".build-id/%.2s/%s", hex, hex + 2);
	snprintf(link, sizeof link, "../../%s/%s", name, hex);
	if (ftruncate(fz_fd, 0) || lseek(fz_fd, 0, SEEK_SET))
		abort();
	wr_reset();
	wr.fd = fz_fd;
	snprintf(wr.tmp, sizeof wr.tmp, "fuzz");
	if (!ar_entry(path, NULL, fsize) || !ar_entry(bid, link, 0))
		abort();
	fz_tar_entry(&at, path, NULL, fsize);
	fz_tar_entry(&at, bid, link, 0);
}

/* Target 7's two trees: the sysroot and its copy outside, whose files'
 * inode numbers are kept (fz_outside) */
static char fz_root[64], fz_out[64];
static ino_t fz_outside[3];

static void
fz_tree(const char *top, ino_t *ino)
{
	static const char *const dirs[] = { "", "/usr", "/usr/lib", "/etc",
		"/d" };
	static const char *const files[] = { "/usr/lib/f", "/etc/passwd",
		"/top" };
	const char *links[][2] = { { "/lib", "usr/lib" }, { "/abs",
		"/usr/lib/f" }, { "/usr/lib/up", "../../../../etc/passwd" },
		{ "/loop1", "loop2" }, { "/loop2", "loop1" }, { "/out", fz_out },
		{ "/usr/lib/self", "." }, { "/esc", "../../../../.." } };
	char p[256];
	struct stat st;
	size_t i;
	int fd;

	for (i = 0; i < sizeof dirs / sizeof *dirs; i++)
		if (snprintf(p, sizeof p, "%s%s", top, dirs[i]) < 0 ||
		    mkdir(p, 0700))
			abort();
	for (i = 0; i < sizeof files / sizeof *files; i++) {
		snprintf(p, sizeof p, "%s%s", top, files[i]);
		if ((fd = open(p, O_WRONLY | O_CREAT, 0600)) < 0 ||
		    write(fd, "\177ELF", 4) != 4 || fstat(fd, &st) || close(fd))
			abort();
		if (ino)
			ino[i] = st.st_ino;
	}
	for (i = 0; i < sizeof links / sizeof *links; i++) {
		snprintf(p, sizeof p, "%s%s", top, links[i][0]);
		if (symlink(links[i][1], p))
			abort();
	}
	snprintf(p, sizeof p, "%s/fifo", top);
	if (mkfifo(p, 0600))
		abort();
}

/* Target 7: the input's path, walked and opened under fz_root. */
static void
fz_walk(const uint8_t *data, size_t size)
{
	static char path[PATHMAX], out[PATHMAX], cut[PATHMAX],
	    aside[PATHMAX + 8], to[PATHMAX + 64];
	size_t rl = strlen(fz_root), n;
	struct stat st;
	unsigned i;
	char *c, *e;
	int fd, swapped = 0;

	if (!size)
		return;
	n = size - 1 < PATHMAX - 1 ? size - 1 : PATHMAX - 1;
	memcpy(path, data + 1, n);
	path[n] = 0;
	if (sr_resolve(fz_root, path, out, sizeof out))
		return;
	// the name data[0] / 2 (mod 8) of the answer, from the root's
	if (data[0] & 1) {
		for (c = out + rl, i = data[0] / 2 % 8; i && c; i--)
			c = strchr(c + 1, '/');
		if (c && c[0] == '/' && c[1]) {
			e = strchr(c + 1, '/');
			n = e ? (size_t)(e - out) : strlen(out);
			memcpy(cut, out, n);
			cut[n] = 0;
			snprintf(aside, sizeof aside, "%s.aside", cut);
			snprintf(to, sizeof to, "%s%s", fz_out, cut + rl);
			swapped = !rename(cut, aside);
			if (swapped && symlink(to, cut))
				abort();
		}
	}
	if ((fd = open_in(fz_root, out, 0, &st)) >= 0) {
		for (i = 0; i < 3; i++)
			if (st.st_ino == fz_outside[i])
				abort();
		close(fd);
	}
	if (swapped && (unlink(cut) || rename(aside, cut)))
		abort();
}

/* The directory goes with the run (libFuzzer ends with exit()); what a
 * run leaves in it (an inject killed half way) is removed first. */
static void
fz_cleanup(void)
{
	char name[sizeof fz_dir + 16];

	snprintf(name, sizeof name, "%s/out.data", fz_dir);
	unlink(name);
	snprintf(name, sizeof name, "%s/out.tar", fz_dir);
	unlink(name);
	if (fz_root[0]) {
		snprintf(name, sizeof name, "rm -rf %s", fz_dir);
		if (system(name))
			return;
	}
	rmdir(fz_dir);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	// main's own paths, and the other targets' helpers
	(void)cmd_list_kernel;
	(void)cmd_buildid;
	(void)print_version;
	(void)finish;
	(void)find_command;
	(void)check_options;
	(void)wr_signals;
	(void)fz_commands;
	(void)fz_write;
	(void)fz_tar;
	(void)fz_walk;
	(void)fz_tree;
	if (!freopen("/dev/null", "w", stdout))
		abort();
	// diagnostics still go through stdio's formatting, but one write
	// per buffer, not four per message (a system call each): a fifth
	// of the time per input was write(2).  Sanitizer reports bypass stdio.
	setvbuf(stdout, fz_outbuf, _IOFBF, sizeof fz_outbuf);
	setvbuf(stderr, fz_errbuf, _IOFBF, sizeof fz_errbuf);
	// in memory where there is a tmpfs: inject syncs what it writes
	if (!access("/dev/shm", W_OK))
		strcpy(fz_dir, "/dev/shm/perfmt-fuzz-XXXXXX");
	if (!mkdtemp(fz_dir))
		abort();
	atexit(fz_cleanup);
	// the input lives in memory (memfd), read through /proc/self/fd: the
	// directory holds nothing a profile could name, and no disk file
	// system is in the loop (ext4 flushed the truncated file on every
	// close: a third of the time per input)
	fz_fd = memfd_create("perfmt-fuzz-input", 0);
	if (fz_fd < 0)
		abort();
	snprintf(fz_path, sizeof fz_path, "/proc/self/fd/%d", fz_fd);
#if FUZZ_TARGET == 7
	snprintf(fz_root, sizeof fz_root, "%s/root", fz_dir);
	snprintf(fz_out, sizeof fz_out, "%s/out", fz_dir);
	fz_tree(fz_out, fz_outside);
	fz_tree(fz_root, NULL);
#endif
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
#if FUZZ_TARGET == 4
	unsigned char out[4096];
	size_t piece, k, at = 1, total = 0, got;
	int took;

	if (!size)
		return 0;
	piece = (size_t)(data[0] % 64) * 97 + 1;	// 1 to 6112 bytes
	zs_reset();
	// zstd expands up to 32768 times (an RLE block of 128 KiB from four
	// bytes); the work is linear in the output, so once the window has
	// wrapped a few times an input says nothing new and only slows the
	// run (a 2.7 KB input decoding to 43 MB, drained 7 bytes at a time,
	// was a 5 s "timeout"; stopping at 16 MiB gave 980 inputs/s on the
	// kept corpus, at four windows 1,710)
	while (at < size && total < (size_t)4 * PERFMT_ZWINDOW) {
		k = size - at < piece ? size - at : piece;
		if ((took = zs_feed(data + at, k)) < 0)
			break;
		at += (size_t)took;
		while ((got = zs_read(out, data[0] & 64 ? 7 : sizeof out)))
			total += got;
	}
	if (!zs_error())
		zs_finish();
#elif FUZZ_TARGET == 5
	fz_tar(data, size);
#elif FUZZ_TARGET == 7
	fz_walk(data, size);
#elif FUZZ_TARGET == 3
	struct elfid e;
	struct stat est;
	struct img m;

	memset(&e, 0, sizeof e);
	m.fd = -1;
	m.mem = data;
	m.base = 0;
	m.size = size;
	elf_parse(&m, &e);
	fz_write(data, size);
	elf_buildid(NULL, fz_path, NULL, &e, &est);
#elif FUZZ_TARGET == 6
	struct elfid e;
	struct stat est;

	fz_write(data, size);
	elf_buildid(NULL, fz_path, "lib/arm64-v8a/libx.so", &e, &est);
#elif FUZZ_TARGET == 2
	fz_commands("-", data, size, 1);
#else
	fz_write(data, size);
	fz_commands(fz_path, data, size, 0);
#endif
	return 0;
}
