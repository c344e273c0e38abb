#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
/* A JIT of the simplest kind: spin's machine code (a leaf without
 * calls or data, so it runs anywhere) copied into anonymous executable
 * memory, named in /tmp/perf-PID.map, and run there. */
__attribute__((noinline)) static long spin(long n)
{
	long s = 0, i;

	for (i = 0; i < n; i++)
		s += i ^ (s >> 3);
	return s;
}

int main(void)
{
	unsigned char *m = mmap(0, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char name[64];
	long (*f)(long);
	FILE *map;

	if (m == MAP_FAILED)
		return 1;
	memcpy(m, (const void *)spin, 256);
	__builtin___clear_cache((char *)m, (char *)m + 256);
	snprintf(name, sizeof name, "/tmp/perf-%d.map", (int)getpid());
	if (!(map = fopen(name, "w")))
		return 1;
	fprintf(map, "%lx 100 jitted_spin\n", (unsigned long)m);
	fclose(map);
	f = (long (*)(long))m;
	return f(300000000) == 42;
}
