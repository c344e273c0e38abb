#include <stdio.h>
int main(int argc, char **argv)
{
	volatile unsigned long s = 0;
	unsigned long i, n = argc > 1 ? 30000000UL : 3000000UL;

	(void)argv;
	for (i = 0; i < n; i++)
		s += i * i;
	printf("%lu\n", (unsigned long)s);
	return 0;
}
