/* elf_min.h - the ELF constants perfmt needs, and nothing else.
 *
 * Numbers only: perfmt never lays a struct over file bytes, so there are no
 * Elf32_/Elf64_ types here.  Field offsets live next to the code that reads
 * them (perfmt.c, section 9).  Values are from the System V gABI, "ELF
 * Header", "Program Header" and "Note Section", and from binutils' elf/common.h
 * for the GNU note type.
 */
#ifndef ELF_MIN_H
#define ELF_MIN_H

/* e_ident */
#define ELFMAG		"\177ELF"
#define SELFMAG		4
#define EI_CLASS	4
#define EI_DATA		5
#define EI_VERSION	6
#define EI_NIDENT	16
#define ELFCLASS32	1
#define ELFCLASS64	2
#define ELFDATA2LSB	1
#define ELFDATA2MSB	2
#define EV_CURRENT	1

/* e_phnum escape: the real count is in section 0's sh_info */
#define PN_XNUM		0xffff

/* p_type, sh_type */
#define PT_NOTE		4
#define SHT_NOTE	7

/* Note types are per owner; this one belongs to owner "GNU". */
#define NT_GNU_BUILD_ID	3
#define ELF_NOTE_GNU	"GNU"

/* auxiliary vector entry: where the kernel mapped the vDSO */
#define AT_SYSINFO_EHDR	33

/* Header sizes by class: ELF32, ELF64. */
#define EHDR32_SIZE	52
#define EHDR64_SIZE	64
#define PHDR32_SIZE	32
#define PHDR64_SIZE	56
#define SHDR32_SIZE	40
#define SHDR64_SIZE	64

#endif
