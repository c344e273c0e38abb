#!/bin/sh
# make test-readonly: the whole suite with every perfmt run traced by
# strace, then every system call of every run checked: perfmt may open
# files only for reading, create, remove, rename, link or change nothing,
# and write only to standard output and standard error.  perfmt inject
# (but inject -n) and perfmt archive write where told: each may create,
# write, sync, give owner, mode, times and attributes to, rename and remove
# its own .perfmt- files (docs/design.md "How perfmt writes"), write to a
# copy of standard output (-o -), and nothing else.
# Usage: readonly.sh PERFMT.  The last line is "N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
if ! command -v strace >/dev/null 2>&1; then
	echo "FAIL no strace (Debian: strace)"
	echo "0 passed, 1 failed"
	exit 1
fi
if ! strace -qq -o /dev/null true 2>/dev/null; then
	echo "skip the read-only audit: strace cannot trace here (ptrace refused)"
	echo "0 passed, 0 failed"
	exit 0
fi
A=$top/build/audit
rm -rf "$A"
mkdir -p "$A/log"
for p in perfmt perfmt-tiny; do
	printf '#!/bin/sh\nexec strace -f -qq -o "%s/log/$$" %s "$@"\n' "$A" \
	    "$(dirname "$bin")/$p" >"$A/$p"
	chmod +x "$A/$p"
done
PERFMT_EMU=strace PERFMT_BIN=$bin PERFMT=$A/perfmt UNIT= sh "$top/tests/run.sh" \
    >"$A/test.log" 2>&1
tail -1 "$A/test.log" | sed 's/^/suite under strace: /'
set -- $(tail -1 "$A/test.log")
pass=${1:-0} fail=${3:-1}
case $pass$fail in *[!0-9]*) pass=0 fail=1 ;; esac
grep '^FAIL' "$A/test.log"
runs=$(ls "$A/log" | wc -l)
# what would change the file system, or write where it should not
forbidden() {
	grep -E \
	    -e '^[0-9]+ +(open|openat|openat2|creat)\(.*(O_WRONLY|O_RDWR|O_CREAT|O_TRUNC)' \
	    -e '^[0-9]+ +(mkdir|mkdirat|rmdir|unlink|unlinkat|rename|renameat2?|link|linkat|symlink|symlinkat|mknod|mknodat|chmod|fchmod|fchmodat|chown|fchown|fchownat|lchown|truncate|ftruncate|utimensat|utimes|setxattr|lsetxattr|fsetxattr|removexattr|lremovexattr|fremovexattr)\(' \
	    -e '^[0-9]+ +(write|pwrite64|writev|pwritev2?|sendfile|copy_file_range|splice)\(([03-9]|[1-9][0-9]+),'
}
# the audit itself must catch a program that writes a file
strace -f -qq -o "$A/canary.log" sh -c ": >'$A/canary'; echo x >&2" 2>/dev/null
if forbidden <"$A/canary.log" >/dev/null; then
	pass=$((pass + 1))
	echo "ok   the audit catches a shell that creates a file"
else
	fail=$((fail + 1))
	echo "FAIL the audit misses a shell that creates a file"
fi
# a traced inject or archive run, the calls outside what it may do: the
# forbidden ones but those on its own new files (the fds their creating
# opens gave) and on standard output's copy (dup(1), for -o -)
writer_bad() {
	awk '
	function arg(line, k,    a) {
		a = line
		sub(/^[0-9]+ +[a-z0-9_]+\(/, "", a)
		split(a, v, /, */)
		sub(/\).*/, "", v[k])
		return v[k]
	}
	/^[0-9]+ +(open|openat)\(.*["\/]\.perfmt-.*O_CREAT/ ||
	    /^[0-9]+ +dup\(1\)/ {
		if (match($0, /= [0-9]+$/))
			own[substr($0, RSTART + 2)] = 1
		next
	}
	/^[0-9]+ +(rename|renameat2?|unlink|unlinkat)\(.*["\/]\.perfmt-/ { next }
	/^[0-9]+ +(write|pwrite64|writev|fchmod|fchown|utimensat|ftruncate|fsetxattr|fremovexattr)\(/ {
		if (arg($0, 1) in own || arg($0, 1) == 1 || arg($0, 1) == 2)
			next
	}
	/^[0-9]+ +copy_file_range\(/ { if (arg($0, 3) in own) next }
	{ print }' | forbidden
}
: >"$A/bad"
for f in "$A/log"/*; do
	if head -1 "$f" | grep -q '^[0-9]* *execve("[^"]*", \["[^"]*", "\(inject\|archive\)"' &&
	    ! head -1 "$f" | grep -q '"-n"\|"--dry-run"'; then
		writer_bad <"$f" >>"$A/bad"
	else
		forbidden <"$f" >>"$A/bad"
	fi
done
if [ -s "$A/bad" ]; then
	echo "FAIL perfmt changed something or wrote outside stdout/stderr:"
	head -20 "$A/bad"
	fail=$((fail + 1))
else
	echo "ok   $runs traced runs: files opened read-only, nothing created or changed, writes only to 1 and 2"
	pass=$((pass + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
