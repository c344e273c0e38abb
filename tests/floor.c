/* The floor of a record walk, for make bench: reads a file-mode
 * perf.data's data section with pread in pieces of 192 KiB, as perfmt
 * does, and steps from record to record by the size in each header,
 * looking at nothing else, the records a few lines ahead asked for early
 * as in perfmt's walk.  What it takes beyond cat is what any reader that
 * must find every record pays on this machine.
 * Usage: floor FILE; prints the number of records.  Little-endian files
 * only. */
#define _FILE_OFFSET_BITS 64
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static unsigned char buf[192 * 1024];

static uint64_t
le(const unsigned char *p, int n)
{
	uint64_t v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

int
main(int argc, char **argv)
{
	unsigned char h[56];
	uint64_t off, end, n = 0;
	size_t len = 0, pos = 0;
	const unsigned char *p, *e;
	ssize_t got;
	int fd;

	if (argc != 2 || (fd = open(argv[1], O_RDONLY)) < 0 ||
	    pread(fd, h, sizeof h, 0) != (ssize_t)sizeof h)
		return 2;
	off = le(h + 40, 8);
	end = off + le(h + 48, 8);
	for (;;) {
		memmove(buf, buf + pos, len - pos);
		len -= pos;
		pos = 0;
		got = off < end ? pread(fd, buf + len, sizeof buf - len,
		    (off_t)off) : 0;
		if (got <= 0)
			break;
		off += (uint64_t)got;
		len += (size_t)got;
		for (p = buf, e = buf + len; e - p >= 8; p += le(p + 6, 2), n++) {
#ifdef __GNUC__
			__builtin_prefetch(p + 256);
#endif
			if (le(p + 6, 2) < 8 || le(p + 6, 2) > (uint64_t)(e - p))
				break;
		}
		pos = (size_t)(p - buf);
	}
	printf("%llu\n", (unsigned long long)n);
	return 0;
}
