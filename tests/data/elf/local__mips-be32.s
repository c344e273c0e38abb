	.text
	.globl __start
__start:
	li $v0, 4001
	syscall
