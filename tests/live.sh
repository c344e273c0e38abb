#!/bin/sh
# Live oracle tests, run by tests/run.sh when perf works here: records
# fresh profiles of a tiny program built with each kind of build-ID and
# compares perfmt with perf on them (SOURCE: tests/data/elf/local__w.c).
# Prints "ok|WHAT|", "FAIL|WHAT|DETAIL"
# or "skip|WHAT|WHY" lines.  Usage: live.sh PERFMT WORKDIR SOURCE
set -u
PERFMT=$1
L=$2
TESTS=$(cd "$(dirname "$0")" && pwd)
rm -rf "$L"
mkdir -p "$L"
cd "$L" || exit 2

# under an emulator (make test-cross) uname names the emulated arch, so a
# profile recorded here is another system's: -L says it is this one's
LOC=${PERFMT_EMU:+-L}
# and qemu-user has no perf_event_open, which alone reads perf's clock
case ${PERFMT_EMU:-} in
qemu*) noclock="qemu-user has no perf_event_open: perfmt cannot read perf's clock" ;;
*) noclock= ;;
esac

# vouch PROFILE: "-r PROFILE" where perf's clock cannot be read (qemu-user),
# which alone places a -B profile's file in time: the cases of what follows
# from a placed time name it as a user would, by the file perf wrote
vouch() { [ -z "$noclock" ] || printf '%s' "-r $1"; }
ok() { echo "ok|$1|"; }
bad() { echo "FAIL|$1|$2"; }
skip() { echo "skip|$1|$2"; }
same() {
	if cmp -s "$2" "$3"; then ok "$1"; else bad "$1" "$(diff "$3" "$2" | head -10)"; fi
}

# perf 6.9 and later sort buildid-list by name, as perfmt lists; an older
# perf prints the build-ID table's order, sorted here the newer way (as
# tests/run.sh's by_name)
perf_list() {
	perf buildid-list "$@" 2>/dev/null >perf.raw
	if perf version 2>/dev/null | grep -q ' [1-5]\.\| 6\.[0-8]\.'; then
		LC_ALL=C awk '{ print substr($0, 42) "\t" $0 }' perf.raw |
		    LC_ALL=C sort -s -t "$(printf '\t')" -k1,1 | cut -f2-
	else
		cat perf.raw
	fi
}

cc=$(command -v cc || command -v gcc || command -v clang || :)
if [ -z "$cc" ]; then
	skip "recordings" "no C compiler"
	exit 0
fi
SRC=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
cp "$3" w.c
for kind in md5 sha1 0x0123456789abcdef none; do
	"$cc" -O1 -Wl,--build-id=$kind -o "w-$kind" w.c 2>/dev/null || {
		skip "recordings" "$cc cannot link with --build-id=$kind"
		exit 0
	}
done
W="./w-md5; ./w-sha1; ./w-0x0123456789abcdef; ./w-none"
# -N: leave the user's build-ID cache alone
if ! perf record -N -q -o default.data -- sh -c "$W" >/dev/null 2>&1; then
	skip "recordings" "perf record fails here (perf_event_paranoid?)"
	exit 0
fi

# default: a build-ID table; byte-identical listing (by name)
perf_list -i default.data >perf.out
"$PERFMT" list -i default.data >perfmt.out 2>perfmt.err
same "perf record: list = perf buildid-list" perfmt.out perf.out
grep -q "^0123456789abcdef  *$L/w-0x0123456789abcdef$" perfmt.out &&
    ok "an 8-byte build-ID keeps its length" ||
    bad "an 8-byte build-ID keeps its length" "$(cat perfmt.out)"

# header fields = perf report --header-only
perf report --header-only -i default.data >hdr.perf 2>/dev/null
"$PERFMT" header -i default.data >hdr.perfmt 2>/dev/null
for pair in "hostname:hostname" "os release:os release" \
    "perf version:perf version" "arch:arch" "cpudesc:cpu" "cpuid:cpuid"; do
	p=${pair%%:*}
	m=${pair#*:}
	sed -n "s/^# $p : //p" hdr.perf >a
	sed -n "s/^$m  *//p" hdr.perfmt >b
	same "header $m = perf report --header-only" b a
done
a=$(sed -n 's/^# nrcpus online : //p' hdr.perf)
b=$(sed -n 's/^cpus  *\([0-9]*\) online.*/\1/p' hdr.perfmt)
[ "$a" = "$b" ] && ok "header cpus online" || bad "header cpus online" "$b != $a"
a=$(sed -n 's/^# cmdline : //p' hdr.perf | sed 's/ $//')
b=$(sed -n 's/^command line  *//p' hdr.perfmt)
[ "$a" = "$b" ] && ok "header command line" || bad "header command line" "$b != $a"
a=$(sed -n 's/^# time of first sample : //p' hdr.perf)
b=$(sed -n 's/^sample time  *\([0-9]*\.[0-9]\{6\}\).*/\1/p' hdr.perfmt)
[ "$a" = "$b" ] && ok "header first sample time" || bad "header first sample time" "$b != $a"

# --hits: the same objects as perf buildid-list -H
for how in "" -B; do
	perf record -N -q $how -g -o h.data -- sh -c "$W" >/dev/null 2>&1
	perf buildid-list -H -i h.data 2>/dev/null |
	    sed 's|/tmp/perf-vdso.so-......$|[vdso]|' | LC_ALL=C sort -u >perf.out
	"$PERFMT" list -H -i h.data 2>/dev/null | LC_ALL=C sort -u >perfmt.out
	same "list -H = perf buildid-list -H (perf record $how)" perfmt.out perf.out
done

# -B: no table, so nothing to list, and exit 1 with the reason
perf record -N -q -B -o nob.data -- sh -c "$W" >/dev/null 2>&1
"$PERFMT" list -i nob.data >out 2>err
rc=$?
[ $rc -eq 3 ] && [ ! -s out ] && grep -q "no build-IDs recorded" err &&
    ok "perf record -B: nothing listed, exit 3" ||
    bad "perf record -B: nothing listed, exit 3" "exit $rc: $(cat err out)"

# --buildid-mmap: perf lists the hit objects with IDs from MMAP2 records;
# perfmt lists every MMAP2 build-ID, so perf's lines are a subset
if perf record -N -q --buildid-mmap -o mm.data -- sh -c "$W" >/dev/null 2>&1; then
	perf buildid-list -i mm.data | grep -v '^ ' | sort >perf.out
	"$PERFMT" list -i mm.data | sort >perfmt.out
	comm -23 perf.out perfmt.out >missing
	[ ! -s missing ] && ok "--buildid-mmap: every ID perf lists" ||
	    bad "--buildid-mmap: every ID perf lists" "missing: $(cat missing)"
	grep -q "^[0-9a-f]\{32\}  *$L/w-md5$" perfmt.out &&
	    grep -q "^0123456789abcdef  *$L/w-0x0123456789abcdef$" perfmt.out &&
	    ok "--buildid-mmap: 16- and 8-byte IDs from MMAP2" ||
	    bad "--buildid-mmap: 16- and 8-byte IDs from MMAP2" "$(cat perfmt.out)"
else
	skip "--buildid-mmap" "perf record --buildid-mmap fails here"
fi

# pipe mode straight from perf, and through perf inject -b
perf record -N -q -o - -- sh -c "$W" 2>/dev/null | "$PERFMT" header -i - \
    >out 2>err
grep -q "^format  *pipe mode" out && grep -q "^mmaps  *[1-9]" out &&
    ok "perf record -o - | perfmt header -i -" ||
    bad "perf record -o - | perfmt header -i -" "$(cat out err)"
perf record -N -q -o - -- sh -c "$W" 2>/dev/null | perf inject -b \
    2>/dev/null >pipe.b.data
perf buildid-list -i pipe.b.data 2>/dev/null | grep -v '^ ' | sort >perf.out
"$PERFMT" list -i - <pipe.b.data | sort >perfmt.out
same "pipe with build-ID records: IDs as perf's" perfmt.out perf.out

# perf inject -b names the vDSO by its temporary copy, /tmp/perf-vdso.so-X;
# perf buildid-list shows [vdso], and so does list (one line, not two)
cat >v.c <<'EOF'
#include <time.h>
int main(void) { struct timespec t; long i, s = 0;
	for (i = 0; i < 3000000; i++) { clock_gettime(CLOCK_MONOTONIC, &t);
		s += t.tv_nsec; } return s == 1; }
EOF
if "$cc" -O1 -o v v.c 2>/dev/null &&
    perf record -N -q -B -o vb.data -- ./v >/dev/null 2>&1 &&
    perf inject -b -i vb.data -o vbi.data >/dev/null 2>&1 &&
    perf buildid-list -i vbi.data 2>/dev/null | grep -q ' \[vdso\]$'; then
	perf buildid-list -i vbi.data 2>/dev/null | sort >perf.out
	"$PERFMT" list -i vbi.data 2>/dev/null | sort >perfmt.out
	same "perf inject -b: the vDSO's temporary name is [vdso]" perfmt.out perf.out
else
	skip "perf inject -b: the vDSO's temporary name" "no vDSO sample, or no perf inject"
fi

# perf record --threads: a directory
if perf record -N -q --threads -o dir.data -- sh -c "$W" >/dev/null 2>&1 &&
    [ -d dir.data ]; then
	perf_list -i dir.data >perf.out
	"$PERFMT" list -i dir.data >perfmt.out 2>/dev/null
	same "perf record --threads: list = perf buildid-list" perfmt.out perf.out
	"$PERFMT" header -i dir.data >out 2>/dev/null
	grep -q "^streams  *[1-9]" out && ok "--threads: data.N streams read" ||
	    bad "--threads: data.N streams read" "$(cat out)"
else
	skip "perf record --threads" "not supported by this perf"
fi

# perfmt check, end to end: record, then rebuild, touch, delete, replace,
# move into a sysroot; each object must get its verdict.  HOME is an
# empty directory and perf record runs with -N: no build-ID cache.
mkdir -p home c
export HOME="$L/home"
cd c || exit 2
"$cc" -O1 -Wl,--build-id=sha1 -o a ../w.c
"$cc" -O2 -Wl,--build-id=sha1 -o b ../w.c
"$cc" -Os -Wl,--build-id=sha1 -o e ../w.c
"$cc" -O1 -Wl,--build-id=none -o n1 ../w.c
"$cc" -O1 -Wl,--build-id=none -o n2 ../w.c
"$cc" -O1 -Wl,--build-id=md5 -o m ../w.c
R='./a; ./b; ./e; ./n1; ./n2; ./m'
perf record -N -q -o ../t.data -- sh -c "$R" >/dev/null 2>&1
perf record -N -q -B -o ../tB.data -- sh -c "$R" >/dev/null 2>&1
sleep 1.1
"$cc" -O0 -Wl,--build-id=sha1 -o a ../w.c		# rebuilt
rm b							# deleted
touch n1						# touched
"$cc" -O1 -Wl,--build-id=none -o n2.new ../w.c && mv n2.new n2	# replaced
cd .. || exit 2
verdicts() {	# PROFILE [OPTIONS]: "name verdict" per object of c/
	p=$1
	shift
	"$PERFMT" check $LOC -p "$@" -i "$p" 2>/dev/null |
	    awk -F'\t' -v d="$L/c/" 'index($4, d) == 1 {
		print substr($4, length(d) + 1), $1 }' | sort | tr '\n' ' '
}
got=$(verdicts t.data)
want="a mismatch b missing e ok m ok n1 stale n2 replaced "
[ "$got" = "$want" ] && ok "check after rebuild/delete/touch/replace" ||
    bad "check after rebuild/delete/touch/replace" "got '$got', want '$want'"
"$PERFMT" check $LOC -i t.data >/dev/null 2>&1
[ $? -eq 1 ] && ok "check exits 1 on problems" || bad "check exits 1 on problems" ""
# a linker that rewrites its output in place leaves the inode: stale
got=$(verdicts tB.data $(vouch tB.data) | sed 's/^a stale /a replaced /')
want="a replaced b missing e unchanged m unchanged n1 stale n2 replaced "
[ "$got" = "$want" ] && ok "check of a -B profile: inodes and mtimes" ||
    bad "check of a -B profile: inodes and mtimes" "got '$got', want '$want'"
# replaced needs the profile's host: under another hostname the inode is
# not compared (n2, newer, is stale), unless -L says the profile is local
other_host() {	# CMD...: run under the hostname perfmt-elsewhere
	for u in "unshare -u" "unshare -r -u"; do
		$u true 2>/dev/null || continue
		$u sh -c 'hostname perfmt-elsewhere && exec "$@"' sh "$@"
		return
	done
	return 99
}
got=$(other_host sh -c '"$0" check -p -i tB.data 2>/dev/null' "$PERFMT" |
    awk -F'\t' -v d="$L/c/n2" '$4 == d { print $1 }')
got2=$(other_host sh -c '"$0" check -p -L -i tB.data 2>/dev/null' "$PERFMT" |
    awk -F'\t' -v d="$L/c/n2" '$4 == d { print $1 }')
if [ -z "$got$got2" ]; then
	skip "check on another host" "no UTS namespace (unshare -u)"
else
	[ "$got $got2" = "foreign replaced" ] &&
	    ok "check on another host: foreign, unless -L" ||
	    bad "check on another host: foreign, unless -L" \
	    "got '$got' and with -L '$got2'"
fi
"$PERFMT" check $LOC -q -i tB.data >out 2>/dev/null
grep -q '^unchanged ' out && bad "check -q: problems only" "$(cat out)" ||
    ok "check -q: problems only"
# into a sysroot, through an absolute symlink that resolves inside it
mkdir -p "sr$L/c" sr/store
cp c/e c/m sr/store/
ln -s /store/e "sr$L/c/e"
ln -s ../../../../../../../../../../store/m "sr$L/c/m"
got=$(verdicts t.data -s sr | tr ' ' '\n' | grep -A1 -x -e e -e m | tr '\n' ' ')
want="e ok m ok "
[ "$got" = "$want" ] && ok "check -s: absolute and .. links stay inside" ||
    bad "check -s: absolute and .. links stay inside" "got '$got'"
# replaced while perf recorded: two inodes, or with --buildid-mmap two IDs
for how in -B --buildid-mmap; do
	cp c/e rw
	perf record -N -q $how -o rw.data -- sh -c \
	    './rw; cp c/m rw.new; mv rw.new rw; ./rw' >/dev/null 2>&1
	"$PERFMT" check $LOC -p -i rw.data 2>/dev/null | grep "	$L/rw	" >out
	# with two IDs, the first's copy is nowhere (other-id-nowhere)
	want="^replaced	.*replaced while recording"
	[ $how = -B ] ||
	    want="^unverified	.*recorded 2 build-IDs at the path .*: a file here has one at most"
	grep -q "$want" out &&
	    ok "check $how: replaced while recording" ||
	    bad "check $how: replaced while recording" "$(cat out)"
done
# rebuilt while perf recorded, the new file taking the old one's inode
# number (deleted, then made, as a linker does): perf report reads the
# new build for both runs.  MMAP2's ino_generation tells the two files
# apart where the file system gives one (0 is unknown); where the new
# file got another number, that tells them apart
for how in -B ""; do
	what="check ${how:-default}: rebuilt while recording"
	want="^unverified	.*perf mapped two files there"
	[ -n "$how" ] && want="^replaced	.*	replaced while recording"
	rm -f rg
	cp c/e rg
	perf record -N -q $how -o rg.data -- sh -c \
	    './rg; rm rg; cp c/m rg; ./rg' >/dev/null 2>&1
	gens=$(perf script -i rg.data --show-mmap-events 2>/dev/null |
	    sed -n "s|.* \([0-9][0-9]*\) \([0-9][0-9]*\)\]: r-xp $L/rg\$|\1 \2|p" |
	    sort -u)
	n=$(echo "$gens" | cut -d' ' -f1 | sort -u | wc -l)
	"$PERFMT" check $LOC -p -i rg.data 2>/dev/null | grep "	$L/rg	" >out
	if [ "$(echo "$gens" | wc -l)" != 2 ] ||
	    { [ "$n" = 1 ] && echo "$gens" | grep -q ' 0$'; }; then
		skip "$what" "perf saw no two files: $(echo $gens)"
	elif grep -q "$want" out; then
		ok "$what (inode numbers: $n): not ok"
	else
		bad "$what (inode numbers: $n): not ok" "$(cat out)"
	fi
done

# written in place while perf recorded (cp over it keeps the inode and
# its generation), after one run and before another: the ID perf's pass
# reads at the end is the new bytes', which perf report reads for the
# first run's samples too: not ok.  One written in place before its only
# run is the file mapped: ok.  The first mapping's time: by CLOCK_DATA,
# or no later than the records' time before the perf.data's mtime (a
# second, longer than perf's pass after the last record; idle, so that
# the first run's records may reach the file after later ones)
for k in "" "-k mono"; do
	what="check${k:+ $k}: written in place after its run"
	cp c/e rp
	cp c/e rq
	perf record -N -q $k -o rp.data -- sh -c \
	    './rp; sleep 1; cp c/m rp; cp c/m rq; sleep 0.3; ./rp; ./rq' \
	    >/dev/null 2>&1
	got=$("$PERFMT" check $LOC -p -i rp.data 2>/dev/null |
	    awk -F'\t' -v d="$L/" 'index($4, d) == 1 && $4 ~ /\/r[pq]$/ {
		print substr($4, length(d) + 1), $1 }' | sort | tr '\n' ' ')
	if [ "$(stat -c %W rp.data 2>/dev/null || echo 0)" = 0 ] ||
	    [ "$(stat -c %W rp.data)" = - ]; then
		skip "$what" "this file system keeps no birth time"
	elif [ -n "$noclock" ]; then
		skip "$what" "$noclock"
	else
		[ "$got" = "rp unverified rq ok " ] &&
		    ok "$what, not ok; before it, ok" ||
		    bad "$what, not ok; before it, ok" "got '$got': $("$PERFMT" \
		    check $LOC -p -i rp.data 2>&1 | grep '/r[pq]	')"
	fi
done

# perf inject -b reads the IDs when it runs: after a rebuild it gives the
# new build's ID to the old one's samples.  The file at the path is not
# the one perf mapped (another inode number, or the same number of
# another generation, where the linker's new file took the old one's):
# not ok
cp c/e ri
perf record -N -q -B -o ri-b.data -- ./ri >/dev/null 2>&1
sleep 0.2
rm ri
cp c/m ri
# (its cache elsewhere: the empty one stays empty for the tests below)
HOME=$L/ri-home perf inject -b -i ri-b.data -o ri-i.data 2>/dev/null
got=$("$PERFMT" check $LOC -p -i ri-i.data 2>/dev/null |
    awk -F'\t' -v d="$L/ri" '$4 == d { print $1 "|" $5 }')
case $got in
unverified\|*"not the mapped file's") ok "perf inject -b after a rebuild: not ok" ;;
*) bad "perf inject -b after a rebuild: not ok" "got '$got'" ;;
esac
# and after another build written over it in place (the same inode and
# generation): modified after it was mapped, before the ID was read
# (a second after the mapping by the records alone, as above)
cp c/e rj
cp c/e rk
perf record -N -q -B -o rj-b.data -- sh -c './rj; sleep 1; ./rk' \
    >/dev/null 2>&1
cp c/m rj
HOME=$L/ri-home perf inject -b -i rj-b.data -o rj-i.data 2>/dev/null
got=$("$PERFMT" check $LOC -p -i rj-i.data 2>/dev/null |
    awk -F'\t' -v d="$L/rj" '$4 == d { print $1 "|" $5 }')
if [ -n "$noclock" ]; then
	skip "perf inject -b after a cp over it" "$noclock"
else
	case $got in
	unverified\|*"after perf mapped it"*) ok "perf inject -b after a cp over it: not ok" ;;
	*) bad "perf inject -b after a cp over it: not ok" "got '$got'" ;;
	esac
fi

# the same --buildid-mmap profile (rw.data, above): ok once a build-ID
# cache holds the first build, which perf report then reads its samples
# from (a copy cached: perf's cache links the file, which changes c/e's
# ctime)
what="check --buildid-mmap: two builds, the first in a cache"
if [ ! -s rw.data ] || ! grep -q "^unverified" out; then
	skip "$what" "no --buildid-mmap profile of two builds (above)"
else
	cp c/e rw-first
	HOME=$L/rw-home perf buildid-cache -a rw-first >/dev/null 2>&1
	got=$(HOME=$L/rw-home "$PERFMT" check $LOC -p -i rw.data 2>/dev/null |
	    awk -F'\t' -v d="$L/rw" '$4 == d { print $1 }')
	[ "$got" = ok ] && ok "$what: ok" || bad "$what: ok" "got '$got'"
	# archive puts each build from where it is: perf report reads
	# each build's samples from its own file; without the cache the
	# first build is left out, said, and the second goes in
	what="archive --buildid-mmap: two builds"
	HOME=$L/rw-home "$PERFMT" archive $LOC -q -i rw.data -o rw.tar 2>out
	rc=$?
	got=$(tar -tf rw.tar 2>/dev/null | grep -c "^${L#/}/rw/[0-9a-f]*/elf$")
	[ $rc = 0 ] && [ "$got" = 2 ] && ok "$what, one cached: both put" ||
	    bad "$what, one cached: both put" "exit $rc, $got entries: $(cat out)"
	HOME=$L/rw-none "$PERFMT" archive $LOC -q -i rw.data -o rw.tar 2>out
	rc=$?
	got=$(tar -tf rw.tar 2>/dev/null | grep -c "^${L#/}/rw/[0-9a-f]*/elf$")
	[ $rc = 3 ] && [ "$got" = 1 ] &&
	    grep -q "^left  [0-9a-f]* $L/rw  unverified: perf recorded 2 build-IDs" out &&
	    ok "$what, none cached: one put, the other left" ||
	    bad "$what, none cached: one put, the other left" "exit $rc, $got entries: $(cat out)"
	# the first build at another path too: its ID goes in once (a
	# second .build-id link of one name stops busybox tar)
	what="archive --buildid-mmap: a build at two paths, once"
	cp c/e rw
	cp c/e rx
	perf record -N -q --buildid-mmap -o rx.data -- sh -c \
	    './rw; cp c/m rw.new; mv rw.new rw; ./rw; ./rx' >/dev/null 2>&1
	HOME=$L/rw-home "$PERFMT" archive $LOC -q -i rx.data -o rx.tar 2>out
	rc=$?
	twice=$(tar -tf rx.tar 2>/dev/null | sort | uniq -d)
	got=$(tar -tf rx.tar 2>/dev/null | grep -c "^${L#/}/r[wx]/[0-9a-f]*/elf$")
	[ $rc = 0 ] && [ -z "$twice" ] && [ "$got" = 2 ] && ok "$what" ||
	    bad "$what" "exit $rc, $got entries, twice: '$twice': $(cat out)"
	# a build no sample fell in (run, too short to be sampled) is not
	# one the report reads: the path rebuilt after it, that build gone,
	# is ok, and archive asks no file for it; the other way round, the
	# sampled build gone and the other at the path, is not ok
	printf 'int main(void) { return 0; }\n' >z.c
	"$cc" -O1 -o rz0 z.c 2>/dev/null
	for order in "rz0 c/e ok 0 put" "c/e rz0 unverified 3 left"; do
		set -- $order
		case $1 in
		rz0) what="check --buildid-mmap: a build without samples gone: ok, the other put" ;;
		*) what="check --buildid-mmap: the sampled build gone: unverified, left out" ;;
		esac
		# rz0's few instructions are sampled now and then (1 run in
		# 15 here): perf script tells, and the recording is made again
		for try in 1 2 3 4 5; do
			cp "$1" rz
			perf record -N -q --buildid-mmap -o rz.data -- sh -c \
			    "./rz 1; cp $2 rz.new; mv rz.new rz; ./rz 1" >/dev/null 2>&1
			n=$(perf script -i rz.data -F pid,ip,dso 2>/dev/null |
			    awk '/\/rz\)$/ { print $1 }' | sort -u | wc -l)
			[ "$n" = 1 ] && break
		done
		if [ "$n" != 1 ]; then
			skip "$what" "rz0 had samples in 5 recordings of 5"
			continue
		fi
		got=$("$PERFMT" check $LOC -p -i rz.data 2>/dev/null |
		    awk -F'\t' -v d="$L/rz" '$4 == d { print $1 }')
		HOME=$L/rw-none "$PERFMT" archive $LOC -i rz.data -o rz.tar 2>out
		rc=$?
		# one line for the path: the build used, put or left
		[ "$got" = "$3" ] && [ $rc = "$4" ] &&
		    [ "$(grep -c " $L/rz\$\| $L/rz  " out)" = 1 ] &&
		    grep -q "^$5  *[0-9a-f]* $L/rz\$\|^$5  *[0-9a-f]* $L/rz  " out &&
		    ok "$what" || bad "$what" "'$got', exit $rc: $(cat out)"
	done
	# a build's samples read after the next build's MMAP at the same
	# address (a static program that execs its own path, rebuilt: the
	# first build's records on one CPU, the exec's on another, which
	# perf writes first): the first build is used, and it is gone
	what="check --buildid-mmap: samples read after the next build's map"
	cat >xa.c <<'EOC'
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
static volatile unsigned long x;
static void on(int cpu) { cpu_set_t c; CPU_ZERO(&c); CPU_SET(cpu, &c); sched_setaffinity(0, sizeof c, &c); }
int main(void)
{
	struct timespec t0, t;
	on(1);
	usleep(300000);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do { for (int i = 0; i < 1000; i++) x += i; clock_gettime(CLOCK_MONOTONIC, &t); }
	while ((t.tv_sec - t0.tv_sec) * 1000000000L + t.tv_nsec - t0.tv_nsec < 50000000L);
	if (rename("rx2.new", "rx2")) return 1;
	on(0);
	execl("./rx2", "rx2", (char *)0);
	return 1;
}
EOC
	if [ "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)" -lt 2 ] ||
	    ! "$cc" -O1 -static -no-pie -o rx2 xa.c 2>/dev/null ||
	    ! "$cc" -O1 -static -no-pie -o rx2.new z.c 2>/dev/null; then
		skip "$what" "no second CPU, or no static C library"
	else
		taskset -c 1 perf record -D 150 -N -q --buildid-mmap -o rx2.data -- ./rx2 \
		    >/dev/null 2>&1
		got=$("$PERFMT" check $LOC -p -i rx2.data 2>/dev/null |
		    awk -F'\t' -v d="$L/rx2" '$4 == d { print $1 }')
		[ "$got" = unverified ] && ok "$what: unverified" ||
		    bad "$what: unverified" "got '$got'"
	fi
fi

# nothing passes when every object matches: an untouched profile exits 0
perf record -N -q -o ok.data -- ./c/e >/dev/null 2>&1
"$PERFMT" check $LOC -q -i ok.data >out 2>&1
rc=$?
# stderr says once where the profile's time came from (-q has no summary)
if [ -n "${PERFMT_EMU:-}" ] && [ "$rc" -eq 1 ] &&
    [ "$(grep -v "the profile's time is the mtime" out |
    grep -vc '^missing  *\[vdso\]  *[-0-9a-f]*  this process has no vDSO')" -eq 0 ]; then
	# qemu-user maps no vDSO into its guests: only that row is missing
	ok "check of an unchanged profile: only the vDSO, which $PERFMT_EMU lacks"
else
	[ $rc -eq 0 ] && [ ! -s out ] &&
	    ok "check of an unchanged profile: exit 0, quiet" ||
	    bad "check of an unchanged profile: exit 0, quiet" "exit $rc: $(cat out)"
	# -q prints nothing at all where the status is 0: inject, archive
	cp ok.data okq.data
	"$PERFMT" inject $LOC -q -i okq.data >out 2>&1
	rc=$?
	"$PERFMT" archive $LOC -q -i okq.data -o okq.tar >>out 2>&1
	rc2=$?
	[ $rc -eq 0 ] && [ $rc2 -eq 0 ] && [ ! -s out ] && [ -s okq.tar ] &&
	    ok "inject -q, archive -q of an unchanged profile: exit 0, nothing said" ||
	    bad "inject -q, archive -q of an unchanged profile: exit 0, nothing said" "exit $rc $rc2: $(cat out)"
fi

# ---- verdicts that hold across systems (issue 20) --------------------------
# a -B profile read after a library changed in place: the file perf wrote
# dates the recording (stale); a copy of it dates only the copy, so nothing
# may be unchanged by it (unverified); cp -p keeps the recording's mtime
born=$(stat -c %W t.data 2>/dev/null || echo 0)
mkdir -p cp
"$cc" -O1 -Wl,--build-id=none -o cp/lib w.c
# (the sleep: a recording shorter than a copy takes cannot be told from one)
perf record -N -q -B -o cp.data -- sh -c './cp/lib; sleep 0.3' >/dev/null 2>&1
sleep 1.1
printf 'x' | dd of=cp/lib bs=1 seek=1000 conv=notrunc 2>/dev/null
sleep 1.1
cp cp.data cp-copy.data
cp -p cp.data cp-keep.data
lib_verdict() {	# PROFILE [OPTIONS]: the verdict of cp/lib
	p=$1
	shift
	"$PERFMT" check $LOC -p "$@" -i "$p" 2>/dev/null |
	    awk -F'\t' -v d="$L/cp/lib" '$4 == d { print $1 }'
}
if [ "${born:-0}" = 0 ] || [ "$born" = - ]; then
	skip "a copied profile" "this file system keeps no birth time"
elif [ "${PERFMT_EMU:-}" = qemu-s390x-static ]; then
	# its mtimes come in whole seconds: a copy made within the second of
	# the recording's end cannot be told from the file perf wrote
	skip "a copied profile" "qemu-s390x gives its guests' stat() no nanoseconds"
else
	got="$(lib_verdict cp.data) $(lib_verdict cp-copy.data) $(lib_verdict cp-keep.data)"
	[ "$got" = "stale unverified stale" ] &&
	    ok "a library changed in place: stale by the file perf wrote, unverified by a copy" ||
	    bad "a library changed in place: stale by the file perf wrote, unverified by a copy" "got '$got'"
	"$PERFMT" check $LOC -q -i cp-copy.data >out 2>err
	rc=$?
	[ $rc -eq 3 ] && grep -q "^unverified .*a copy's" out &&
	    grep -q "the profile's time is the mtime of the perf.data, a copy's" err &&
	    ok "check -q of a copy: unverified, exit 3, the time's source on stderr" ||
	    bad "check -q of a copy: unverified, exit 3, the time's source on stderr" "exit $rc: $(cat out err)"
	"$PERFMT" check $LOC -p -i cp.data 2>err >/dev/null
	# without perf's clock the file's age is what is left
	[ -n "$noclock" ] && src="by its age, as perf's file" || src=confirmed
	grep -q "the profile's time is the mtime of the perf.data, $src" err &&
	    ok "check -p: the time's source on stderr" ||
	    bad "check -p: the time's source on stderr" "$(cat err)"
	# perf's clock is the kernel's, not CLOCK_MONOTONIC, which drifts
	# from it (NTP, a VM's host) and which a time namespace moves
	# (unshare -T, Linux 5.6): the file perf wrote is told from a copy
	# by perf's clock itself, read where perfmt runs; and by the kernel's
	# CLOCK_MONOTONIC where perf recorded by that (-k mono, here without
	# CLOCK_DATA, as older perf wrote it: feature bits 29 to 31, the last
	# of perf 6.1's, cleared in place)
	what="perf's clock, not CLOCK_MONOTONIC: a time namespace 5 s ahead"
	perf record -N -q -B -k mono -o km.data -- sh -c './cp/lib; sleep 0.3' \
	    >/dev/null 2>&1
	mt=$(stat -c %.9Y km.data)
	b=$(od -An -tu1 -j75 -N1 km.data | tr -d ' ')
	printf "\\$(printf %o $((b & 31)))" |
	    dd of=km.data bs=1 seek=75 conv=notrunc 2>/dev/null
	touch -d "@$mt" km.data
	if [ -n "$noclock" ]; then
		skip "$what" "$noclock"
	elif ! unshare -T --monotonic=5 --boottime=5 -f true 2>/dev/null; then
		skip "$what" "not root, or no unshare -T (util-linux 2.36, Linux 5.6)"
	elif "$PERFMT" header -i km.data | grep -q CLOCK_DATA; then
		bad "$what" "km.data keeps CLOCK_DATA"
	else
		got=$(unshare -T --monotonic=5 --boottime=5 -f sh -c '
		    for f in cp.data cp-copy.data km.data; do
			"$1" check $2 -p -i $f 2>&1 >/dev/null |
			    sed -n "s/.*the perf.data, \([a-z]*\).*/\1/p"
		    done' sh "$PERFMT" "$LOC" | tr '\n' ' ')
		[ "$got" = "confirmed a confirmed " ] && ok "$what" ||
		    bad "$what" "got '$got' (confirmed, a copy's, confirmed)"
	fi
	# a -k realtime profile's sample times count from 1970: its boot is
	# told by that clock read now, so inject adds the running kernel's ID
	what="inject of a -k realtime profile: the running kernel's ID added"
	# (dd's syscalls: samples in the kernel)
	perf record -N -q -B -k realtime -o kr.data -- \
	    dd if=/dev/zero of=/dev/null bs=1 count=300000 >/dev/null 2>&1
	if [ -n "$noclock" ]; then
		skip "$what" "$noclock"
	else
		"$PERFMT" inject $LOC -n -i kr.data >out 2>&1
		grep -q '^add  .*\[kernel.kallsyms\]' out && ok "$what" ||
		    bad "$what" "$(grep kallsyms out)"
	fi
	# perf record -k mono in a time namespace behind the kernel's clock:
	# perf reads CLOCK_DATA's pair there, so its reference lies that far
	# before the first record, and places the samples that far late,
	# past the perf.data's mtime: not taken, and a program written over
	# after the recording is stale by the mtime
	what="-k mono in a time namespace behind: CLOCK_DATA not taken"
	back=$(awk '{ s = int($1 / 2); print s < 100 ? s : 100 }' /proc/uptime)
	if ! unshare -T --monotonic=-$back --boottime=-$back -f true 2>/dev/null; then
		skip "$what" "not root, or no unshare -T (util-linux 2.36, Linux 5.6)"
	else
		cp cp/lib kns
		unshare -T --monotonic=-$back --boottime=-$back -f \
		    perf record -N -q -B -k mono -o kns.data -- sh -c './kns; sleep 0.3' \
		    >/dev/null 2>&1
		sleep 1.1
		printf 'x' | dd of=kns bs=1 seek=1000 conv=notrunc 2>/dev/null
		"$PERFMT" check $LOC -p -i kns.data >out 2>err
		v=$(awk -F'\t' -v d="$L/kns" '$4 == d { print $1 }' out)
		[ "$v" = stale ] && grep -Eq "CLOCK_DATA's reference lies .* before the first record|CLOCK_DATA places the last sample at .*after the perf.data's mtime" err &&
		    ok "$what" || bad "$what" "kns: '$v': $(cat err)"
		# a namespace 3 s behind, and a copy made 5 s after the
		# recording: CLOCK_DATA places the records 3 s late, no later
		# than the copy's mtime, so only its reference, 3 s before the
		# first record, shows it is not the records' clock; a program
		# written over between the recording and the copy is not
		# unchanged
		what="-k mono 3 s behind, a later copy: CLOCK_DATA not taken"
		cp cp/lib kn3
		unshare -T --monotonic=-3 --boottime=-3 -f \
		    perf record -N -q -B -k mono -o kn3.data -- sh -c './kn3; sleep 0.3' \
		    >/dev/null 2>&1
		sleep 1.1
		cat kns >kn3
		sleep 4
		cp kn3.data kn3c.data
		"$PERFMT" check $LOC -p -i kn3c.data >out 2>err
		v=$(awk -F'\t' -v d="$L/kn3" '$4 == d { print $1 }' out)
		[ "$v" = unverified ] && grep -q "CLOCK_DATA's reference lies .* before the first record" err &&
		    ok "$what" || bad "$what" "kn3: '$v': $(cat err)"
	fi
	"$PERFMT" header -i cp-copy.data >out 2>/dev/null
	grep -q "^profile time .*(the mtime of the perf.data, a copy's" out &&
	    ok "header: the profile time and how far it is trusted" ||
	    bad "header: the profile time and how far it is trusted" "$(cat out)"
fi

# -k FILE when the profile recorded no kernel build-ID (-B): the image's
# release, from its banner, against the profile's; its mtime says nothing.
# dd of /dev/zero spends its time in the kernel, so the kernel has samples
# (a short user program may have none, and then no kernel line is judged)
perf record -N -q -B -o k.data -- dd if=/dev/zero of=/dev/null bs=64k count=4000 >/dev/null 2>&1
rel=$("$PERFMT" header -i k.data 2>/dev/null | sed -n 's/^os release  *//p')
for k in same:"$rel" other:9.9.9-perfmt-other none:; do
	n=${k%%:*}
	r=${k#*:}
	if [ -n "$r" ]; then
		printf 'const char b[] = "Linux version %s (t@h) #1 SMP";\nint main(int c, char **v) { (void)v; return b[c]; }\n' "$r" >k.c
	else
		printf 'int main(void) { return 0; }\n' >k.c
	fi
	"$cc" -O1 -Wl,--build-id=none -o "k-$n" k.c 2>/dev/null
done
touch -d 2000-01-01 k-other
kv() {	# IMAGE: verdict and detail of [kernel.kallsyms] with -k IMAGE
	"$PERFMT" check $LOC -p -k "$1" -i k.data 2>/dev/null |
	    awk -F'\t' '$4 == "[kernel.kallsyms]" { print $1 "|" $5 }'
}
# (a release names no build: a kernel rebuilt keeps it)
got=$(kv k-same)
case $got in "unverified|"*"is release $rel, as profiled, but an image's release does not name its build"*) ok "-k, no kernel ID: the image's release as profiled, unverified" ;;
*) bad "-k, no kernel ID: the image's release as profiled, unverified" "got '$got'" ;; esac
got=$(kv k-other)
case $got in "stale|"*"is release 9.9.9-perfmt-other, the profile's is $rel") ok "-k, no kernel ID: another release is stale, whatever its mtime" ;;
*) bad "-k, no kernel ID: another release is stale, whatever its mtime" "got '$got'" ;; esac
# an ELF file without the banner is no kernel image: trouble, not judged
"$PERFMT" check $LOC -p -k k-none -i k.data >/dev/null 2>err.k
kst=$?
[ "$kst" = 2 ] && grep -q "^perfmt: -k k-none: not a kernel image" err.k &&
    ok "-k, an ELF file without the kernel's banner: no kernel image, exit 2" ||
    bad "-k, an ELF file without the kernel's banner: no kernel image, exit 2" "exit $kst: $(cat err.k)"

# another system's profile: its kernel and vDSO are not this one's
got=$(other_host sh -c '"$0" check -p -i t.data 2>err.other' "$PERFMT" |
    awk -F'\t' '$4 == "[kernel.kallsyms]" { print $1 "|" $5 }')
if [ -z "$got" ]; then
	skip "another system's kernel" "no UTS namespace (unshare -u)"
else
	# the fact that differs is said once, on stderr with -p (under an
	# emulator its guests' arch is named first)
	case $got in "foreign|recorded on another system, not judged"*"-k VMLINUX"*)
	    if grep -Eq "the profile is from another system: (host .*, not perfmt-elsewhere|arch )" err.other; then
		ok "another system's kernel: foreign, naming the fact once"
	    else
		bad "another system's kernel: foreign, naming the fact once" "$(cat err.other)"
	    fi ;;
	*) bad "another system's kernel: foreign, naming the fact once" "got '$got'" ;; esac
fi

# the device the kernel saw an inode on must be the one stat gives:
# another block device is another file system (an A/B slot: other-fs),
# whichever side is the block device; an anonymous one (tmpfs, btrfs
# subvolumes, FUSE, NFS: stat may give another number than the mount
# perf saw) keeps the inode number, and the generation tells the same
# file where both have one (tests/live-fs.sh: btrfs).  PROFILE's MMAP2
# records moved to device MAJ:4095, their inodes by DINO
mmap2_dev() {	# PROFILE OUT MAJ DINO
	python3 "$TESTS/mmap2.py" "$1" "$2" maj="$3" min=4095 ino=+"$4"
}
row() {	# PROFILE PATH: "verdict|detail" of PATH
	"$PERFMT" check $LOC -p -r "$1" -i "$1" 2>/dev/null |
	    awk -F'\t' -v d="$2" '$4 == d { print $1 "|" $5 }'
}
shm=/dev/shm/perfmt-live-$$
if ! command -v python3 >/dev/null 2>&1; then
	skip "another device" "no python3"
else
	for maj in 0 4095; do
		mmap2_dev tB.data tB-$maj.data $maj 0
		got=$(row tB-$maj.data "$L/c/e")
		case $got in "unverified|"*"on device $maj:4095, and another file system holds the path here"*) ok "another device ($maj:4095), here a block device: another file system" ;;
		*) bad "another device ($maj:4095), here a block device: another file system" "got '$got'" ;; esac
	done
	# tmpfs: an anonymous device, whose inodes have a generation perf
	# records and FS_IOC_GETVERSION does not give
	if [ "${PERFMT_EMU:-}" = qemu-s390x-static ]; then
		# its mtimes come in whole seconds: a file copied within the
		# second the recording began is modified while it recorded
		skip "another anonymous device" "qemu-s390x gives its guests' stat() no nanoseconds"
	elif [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] &&
	    cp c/e "$shm" && perf record -N -q -B -o shm.data -- "$shm" \
	    >/dev/null 2>&1; then
		mmap2_dev shm.data shm-dev.data 0 0
		mmap2_dev shm.data shm-ino.data 0 1
		got="$(row shm.data "$shm" | cut -d'|' -f1) $(row shm-dev.data "$shm")"
		case $got in "unchanged unverified|"*"the same inode number, but no generation to tell the same file"*) ok "another anonymous device, the same inode, no generation here: unverified" ;;
		*) bad "another anonymous device, the same inode, no generation here: unverified" "got '$got'" ;; esac
		got=$(row shm-ino.data "$shm")
		case $got in "unverified|"*"not shown to be the file mapped; another inode on another device"*) ok "another anonymous device and inode: unverified" ;;
		*) bad "another anonymous device and inode: unverified" "got '$got'" ;; esac
	else
		skip "another anonymous device" "/dev/shm is no tmpfs, or perf record fails there"
	fi
	rm -f "$shm"
fi

# a map perf saw deleted ("PATH (deleted)": a process whose binary was
# removed before perf record -p met it): the file profiled is gone
cat >spin.c <<'EOF'
#include <time.h>
int main(void) { volatile long s = 0; time_t e = time(0) + 2;
	while (time(0) < e) s++; return 0; }
EOF
mkdir -p del
if "$cc" -O1 -Wl,--build-id=sha1 -o del/spin spin.c 2>/dev/null; then
	./del/spin &
	sp=$!
	sleep 0.3
	rm -f del/spin
	perf record -N -q -p $sp -o del.data -- sleep 0.5 >/dev/null 2>&1
	wait $sp
	"$cc" -O1 -Wl,--build-id=sha1 -o del/spin spin.c 2>/dev/null
	"$PERFMT" check $LOC -p -i del.data >out 2>/dev/null
	rc=$?
	if grep -q "	$L/del/spin (deleted)	" out; then
		[ $rc -eq 1 ] && grep -q "^deleted	.*	$L/del/spin (deleted)	perf saw the file deleted while it ran.*$L/del/spin is another file" out &&
		    ok "a map perf saw deleted: deleted, exit 1" ||
		    bad "a map perf saw deleted: deleted, exit 1" "exit $rc: $(cat out)"
		# and with nothing at the path: no file is named as another
		rm -f del/spin
		"$PERFMT" check $LOC -p -i del.data >out 2>/dev/null
		rc=$?
		[ $rc -eq 1 ] && grep -q "^deleted	.*	perf saw the file deleted while it ran (replaced or removed); no file at $L/del/spin$" out &&
		    ok "a map perf saw deleted, its path empty: no file at it" ||
		    bad "a map perf saw deleted, its path empty: no file at it" "exit $rc: $(cat out)"
	else
		skip "a map perf saw deleted" "perf record -p did not name it (deleted): $(grep spin out)"
	fi
fi

# a regular file under /dev (tmpfs /dev/shm) is judged as a file
shm=/dev/shm/perfmt-live-$$
if mkdir -p "$shm" 2>/dev/null && "$cc" -O1 -Wl,--build-id=sha1 -o "$shm/x" w.c &&
    perf record -N -q -o shm.data -- "$shm/x" >/dev/null 2>&1; then
	"$cc" -O2 -Wl,--build-id=sha1 -o "$shm/x.new" w.c && mv "$shm/x.new" "$shm/x"
	got=$("$PERFMT" check $LOC -p -i shm.data 2>/dev/null |
	    awk -F'\t' -v d="$shm/x" '$4 == d { print $1 }')
	[ "$got" = mismatch ] && ok "a rebuilt binary on /dev/shm: mismatch" ||
	    bad "a rebuilt binary on /dev/shm: mismatch" "got '$got'"
else
	skip "a binary on /dev/shm" "no /dev/shm to write to"
fi
rm -rf "$shm"

# a chroot's root as the sysroot: files there at the inodes perf mapped
# (z, untouched: unchanged) show it is the root that ran, not a copy, and
# its files are judged as this system's: y, cp -p over it (its mtime set
# back), by its ctime; x, put there as a package upgrade does (a new
# inode, its mtime the package's, older than the profile), by its inode.
# -s / is this system's files, as without -s (hs: cp -p over it)
if [ "$(id -u)" -ne 0 ] || [ -n "${PERFMT_EMU:-}" ] ||
    ! command -v chroot >/dev/null 2>&1; then
	skip "a chroot's root as the sysroot" "not root, or no chroot"
elif ! { mkdir -p cr/bin && "$cc" -static -O1 -Wl,--build-id=none \
    -o cr/bin/x w.c 2>/dev/null; }; then
	skip "a chroot's root as the sysroot" "no static link"
else
	cp cr/bin/x cr/bin/y && cp cr/bin/x cr/bin/z && cp cr/bin/x hs
	"$cc" -static -O2 -Wl,--build-id=none -o crnew w.c
	touch -d "2026-01-01 00:00 UTC" cr/bin/x cr/bin/y cr/bin/z hs crnew
	perf record -N -q -B -o cr.data -- sh -c 'chroot cr /bin/x 1;
	    chroot cr /bin/y 1; chroot cr /bin/z 1; ./hs 1' >/dev/null 2>&1
	sleep 1.1
	cp crnew cr/bin/x.new && touch -d "2026-01-02 00:00 UTC" cr/bin/x.new &&
	    mv cr/bin/x.new cr/bin/x
	cp -p crnew cr/bin/y
	cp -p crnew hs
	got=$("$PERFMT" check -p -s cr -i cr.data 2>/dev/null |
	    awk -F'\t' '$4 ~ /^\/bin\/[xyz]$/ { print $4, $1 }' | sort |
	    tr '\n' ' ')
	want="/bin/x replaced /bin/y unverified /bin/z unchanged "
	[ "$got" = "$want" ] &&
	    ok "a chroot's root as the sysroot: its inodes and ctimes" ||
	    bad "a chroot's root as the sysroot: its inodes and ctimes" \
	    "got '$got', want '$want'"
	got=$(for s in "" "-s /"; do
		"$PERFMT" check -p $s -i cr.data 2>/dev/null |
		    awk -F'\t' -v d="$L/hs" '$4 == d { print $1 }'
	done | tr '\n' ' ')
	[ "$got" = "unverified unverified " ] &&
	    ok "-s /: this system's files, as without -s" ||
	    bad "-s /: this system's files, as without -s" "got '$got'"
fi

# a file system without birth times (ext4 of 128-byte inodes: whole
# seconds too): the perf.data's mtime is unconfirmed, a copy's or perf's,
# and perf's clock places the recording's start.  A program built just
# before perf record -B ran it is unchanged (the mtime, cut to the second,
# less the span starts the recording too early); one written in place
# after the recording and before a copy of the perf.data is not (that
# copy's mtime less the span starts it too late).  The programs lie
# outside it: a loop device's files are judged by its image too
nb=$L/nobirth
pb=$L/nbp
if [ "$(id -u)" -ne 0 ] || [ -n "${PERFMT_EMU:-}" ] ||
    ! command -v mkfs.ext4 >/dev/null 2>&1 ||
    ! truncate -s 16M nb.img || ! mkfs.ext4 -q -F -I 128 nb.img 2>/dev/null ||
    ! mkdir -p "$nb" || ! mount -o loop nb.img "$nb" 2>/dev/null; then
	skip "a file system without birth times" "not root, or no loop ext4 mount"
else
	mkdir -p "$pb"
	"$cc" -O1 -Wl,--build-id=none -o "$pb/b" w.c &&
	    perf record -N -q -B -o "$nb/b.data" -- "$pb/b" 1 >/dev/null 2>&1
	"$cc" -O1 -Wl,--build-id=none -o "$pb/v" w.c
	"$cc" -O2 -Wl,--build-id=none -o "$pb/vn" w.c
	sleep 1.1
	perf record -N -q -B -o "$nb/v.data" -- "$pb/v" 1 >/dev/null 2>&1
	sleep 1.1
	cp "$pb/vn" "$pb/v"
	sleep 2.1
	cp "$nb/v.data" "$nb/vc.data"
	got=$("$PERFMT" check $LOC -p -i "$nb/b.data" 2>/dev/null |
	    awk -F'\t' -v d="$pb/b" '$4 == d { print $1 }')
	got2=$("$PERFMT" check $LOC -p -i "$nb/vc.data" 2>/dev/null |
	    awk -F'\t' -v d="$pb/v" '$4 == d { print $1 }')
	[ "$got $got2" = "unchanged unverified" ] &&
	    ok "no birth times: the recording's start by perf's clock" ||
	    bad "no birth times: the recording's start by perf's clock" \
	    "got '$got' (built just before), '$got2' (written before a copy)"
	umount "$nb"
fi

# a file that cannot be read is said so, never taken for another build
if [ -n "${PERFMT_EMU:-}" ]; then
	# the wrapper (qemu, or strace with its log) is not another user's
	skip "a file this user cannot read" "perfmt runs through $PERFMT_EMU"
elif [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
	cp t.data t-all.data
	chmod 644 t-all.data
	# a clone under root's 0700 home or a mktemp -d: nobody reaches
	# neither perfmt nor the profile, and the test says so
	if ! $nobody sh -c "[ -x '$PERFMT' ] && [ -r '$L/t-all.data' ] &&
	    [ -x '$L/c' ]" 2>/dev/null; then
		skip "a file this user cannot read" "nobody cannot reach $PERFMT or $L (a private directory on the way)"
	else
		chmod 000 c/m
		$nobody env HOME="$L/home" \
		    "$PERFMT" check $LOC -p -i t-all.data >out 2>/dev/null
		chmod 755 c/m
		grep -q "^unreadable	[0-9a-f]*	-	$L/c/m	$L/c/m: Permission denied" out &&
		    ok "a file this user cannot read: unreadable" ||
		    bad "a file this user cannot read: unreadable" "$(cat out)"
	fi
else
	skip "a file this user cannot read" "not root, or no setpriv"
fi

# ---- the scope: what the report uses (issue 30) -----------------------------
# the README's board sequence, in place on this system: perf record -B,
# perfmt, perfmt inject, perfmt, perfmt archive, all ok (exit 0), with and
# without callchains; a library (libm) that only callchains or the user
# stack reach is judged and given its ID
cat >lm.c <<'EOF2'
#include <math.h>
#include <stdio.h>
int main(int argc, char **argv)
{
	volatile double s = 0;
	long i, n = argc > 1 ? 20000000L : 4000000L;

	(void)argv;
	for (i = 0; i < n; i++)
		s += sqrt((double)i);
	printf("%f\n", s);
	return 0;
}
EOF2
if ! "$cc" -O1 -o lm lm.c -lm 2>/dev/null; then
	skip "the README's board sequence" "$cc cannot link with -lm"
elif [ "${born:-0}" = 0 ] || [ "$born" = - ]; then
	skip "the README's board sequence" "this file system keeps no birth time"
elif [ "${PERFMT_EMU:-}" = qemu-s390x-static ]; then
	# lm, built within the second the recording began, is modified
	# while it recorded where mtimes come in whole seconds
	skip "the README's board sequence" "qemu-s390x gives its guests' stat() no nanoseconds"
else
	for cg in "" -g "--call-graph dwarf"; do
		if [ -n "${PERFMT_EMU:-}" ] && [ "$cg" != -g ] && [ -n "$cg" ]; then
			skip "the README's board sequence ($cg)" "$PERFMT_EMU gives its guests no vDSO, which the user stack's scope takes"
			continue
		fi
		rm -f rd.data rd.tar
		perf record -N -q -B $cg -o rd.data -- ./lm 1 >/dev/null 2>&1
		got=
		v=$(vouch rd.data)
		"$PERFMT" $LOC $v -q -i rd.data >out 2>&1; got="$got $?"
		"$PERFMT" inject $LOC $v -q -i rd.data >>out 2>&1; got="$got $?"
		"$PERFMT" $LOC $v -i rd.data >out2 2>&1; got="$got $?"
		"$PERFMT" archive $LOC $v -q -i rd.data -o rd.tar >>out 2>&1
		got="$got $?"
		[ "$got" = " 0 0 0 0" ] && [ ! -s out ] &&
		    ! grep -v '^ok \|^skip \|^VERDICT\|objects: ' out2 | grep -q . &&
		    grep -q "^ok  *$L/lm  *[0-9a-f]*  build-ID matches" out2 &&
		    ok "the README's board sequence, all ok (perf record -B $cg)" ||
		    bad "the README's board sequence, all ok (perf record -B $cg)" \
		    "exits$got: $(cat out out2)"
	done
	# dwarf: libm is mapped and unwinding may reach it
	if [ -z "${PERFMT_EMU:-}" ]; then
		grep -q "^ok .*/libm\.so" out2 &&
		    ok "dwarf callchains: every library mapped in a sampled process is judged" ||
		    bad "dwarf callchains: every library mapped in a sampled process is judged" "$(cat out2)"
	fi
	# without callchains: the objects perf script names for the
	# samples are judged, the others counted as not judged
	perf record -N -q -B -o rn.data -- ./lm 1 >/dev/null 2>&1
	perf script -i rn.data -F ip,dso 2>/dev/null |
	    sed -n 's/.*(\(.*\))$/\1/p' | grep -v '^\[unknown\]$' |
	    LC_ALL=C sort -u >rn.perf
	"$PERFMT" $LOC -j -i rn.data >out 2>&1
	sed -n 's/^{"verdict":.*,"path":"\([^"]*\)",.*/\1/p' out |
	    LC_ALL=C sort -u >rn.mine
	n=$(sed -n 's/.*"not_judged":\([0-9]*\).*/\1/p' out)
	[ "${n:-0}" -gt 0 ] && [ -s rn.perf ] && cmp -s rn.perf rn.mine &&
	    "$PERFMT" $LOC -i rn.data 2>&1 | grep -q "; $n mapped objects no sample reaches, not judged" &&
	    ok "no callchains: the objects of perf script's samples, $n more counted" ||
	    bad "no callchains: the objects of perf script's samples, the rest counted" \
	    "$(diff rn.perf rn.mine; tail -1 out)"
	# -a judges it; -a and -H exclude each other in every command
	"$PERFMT" $LOC -a -p -i rn.data 2>/dev/null | grep -q "	$L/lm	" &&
	    "$PERFMT" $LOC -a -p -i rn.data 2>/dev/null | grep -q "/libm\.so" &&
	    ok "-a: every mapped object judged" || bad "-a: every mapped object judged" ""
	for c in check inject archive; do
		n=
		[ $c = inject ] && n=-n
		"$PERFMT" $c $LOC -a -H $n -i rn.data >out 2>&1
		rc=$?
		[ $rc = 2 ] && grep -q "exclude each other" out &&
		    ok "$c: -a and -H exclude each other" ||
		    bad "$c: -a and -H exclude each other" "exit $rc: $(cat out)"
	done
	# a default profile (build-IDs recorded) copied with cp: every
	# object the report uses has its ID, so all is well
	perf record -N -q -o dc.data -- ./lm 1 >/dev/null 2>&1
	cp dc.data dc-copy.data
	"$PERFMT" $LOC -q -i dc-copy.data >out 2>&1
	rc=$?
	[ $rc = 0 ] && [ ! -s out ] && ok "a default profile copied with cp: exit 0, quiet" ||
	    bad "a default profile copied with cp: exit 0, quiet" "exit $rc: $(cat out)"
	# perf record --switch-output: each file is a recording of its own
	rm -f sw.data.*
	# (about 3 s of work, a file a second)
	perf record -N -q -B --switch-output=1s -o sw.data -- sh -c \
	    'i=0; while [ $i -lt 30 ]; do ./lm 1; i=$((i + 1)); done' \
	    >/dev/null 2>&1
	set -- sw.data.*
	if [ $# -lt 2 ] || [ ! -f "$1" ]; then
		skip "--switch-output files" "perf wrote $# files"
	elif [ -n "$noclock" ]; then
		# a file born after its first records looks like a copy
		skip "--switch-output files" "$noclock"
	else
		bad=
		for f in "$@"; do
			"$PERFMT" $LOC -q -i "$f" >out 2>&1 || bad="$bad $f: $(cat out)"
			"$PERFMT" inject $LOC -q -i "$f" >out 2>&1 || bad="$bad $f: $(cat out)"
			"$PERFMT" $LOC -q -i "$f" >out 2>&1 || bad="$bad $f: $(cat out)"
		done
		[ -z "$bad" ] && ok "--switch-output: each of $# files all good, injected, all ok" ||
		    bad "--switch-output: each file all good, injected, all ok" "$bad"
	fi
fi

# a slow copy of a short recording (scp, adb pull, a download) is born
# longer before its mtime than its records span: only perf's clock tells
# it from the file perf wrote.  A program rewritten in place before the
# copy (its inode, an older mtime than the copy's) is then not unchanged.
# (CLOCK_REALTIME less the boot clock, in ms, before and after: a
# virtual machine paused meanwhile has its wall clock stepped, and
# nothing places perf's clock then)
wall_off() {
	awk -v n="$(date +%s.%N)" '{ printf "%.0f\n", (n - $1) * 1000 }' /proc/uptime
}
"$cc" -O1 -o sc w.c
off1=$(wall_off)
perf record -N -q -B -o sc.data -- ./sc >/dev/null 2>&1
sleep 0.2
"$cc" -O2 -o sc2 w.c && cat sc2 >sc
sleep 0.1
rm -f slow.data
(head -c 100 sc.data; sleep 0.8; tail -c +101 sc.data) >slow.data
"$PERFMT" $LOC -p -i slow.data >out.slow 2>&1
rc=$?
"$PERFMT" inject $LOC -n -i slow.data >out.inj 2>&1
"$PERFMT" $LOC -p -i sc.data >out.sc 2>&1
off2=$(wall_off)
if [ "${born:-0}" = 0 ] || [ "$born" = - ]; then
	skip "a slow copy" "this file system keeps no birth time"
elif [ -n "$noclock" ]; then
	skip "a slow copy" "$noclock"
elif [ $((off2 - off1)) -gt 50 ] || [ $((off1 - off2)) -gt 50 ]; then
	skip "a slow copy" "the wall clock was stepped by $((off2 - off1)) ms meanwhile"
else
	v=$(awk -F'\t' -v d="$L/sc" '$4 == d { print $1 }' out.slow)
	[ "$v" = unverified ] && [ $rc = 3 ] &&
	    grep -q "a copy's: the file was born after its last record" out.slow &&
	    ok "a slow copy of a short recording: a copy's time, unverified" ||
	    bad "a slow copy of a short recording: a copy's time, unverified" "exit $rc: $(cat out.slow)"
	grep -q "^add .*/sc$" out.inj && bad "a slow copy: the rewritten program gets no ID" "$(cat out.inj)" ||
	    ok "a slow copy: the rewritten program gets no ID"
	grep -q "^stale	-	.*	$L/sc	" out.sc &&
	    ok "the file perf wrote: the rewritten program is stale" ||
	    bad "the file perf wrote: the rewritten program is stale" "$(cat out.sc)"
fi

# ---- truth where -B profiles meet real systems (issue 44) ----------------
# the slow copy above, judged where perf's clock cannot be read (a
# seccomp filter refuses perf_event_open, as Docker's default profile
# does): its age places nothing, and the program rewritten before the
# copy is not unchanged, nor given an ID
what="a slow copy where perf's clock cannot be read: unverified"
if [ "${born:-0}" = 0 ] || [ "$born" = - ]; then
	skip "$what" "this file system keeps no birth time"
elif [ -n "${PERFMT_EMU:-}" ]; then
	skip "$what" "under $PERFMT_EMU perf's clock is never read"
elif ! "$cc" -o nopmu "$TESTS/nopmu.c" 2>/dev/null || ! ./nopmu true; then
	skip "$what" "no seccomp filter here"
else
	./nopmu "$PERFMT" $LOC -p -i slow.data >out.np 2>&1
	rc=$?
	./nopmu "$PERFMT" inject $LOC -n -i slow.data >out.npi 2>&1
	v=$(awk -F'\t' -v d="$L/sc" '$4 == d { print $1 "|" $5 }' out.np)
	case $rc:$v in 3:"unverified|"*"by its age"*) ok "$what" ;;
	*) bad "$what" "exit $rc: $(cat out.np)" ;; esac
	grep -q "^add .*/sc$" out.npi &&
	    bad "a slow copy where perf's clock cannot be read: no ID" "$(cat out.npi)" ||
	    ok "a slow copy where perf's clock cannot be read: no ID"
fi

# a sysroot holding an older build copied with cp -a: its old mtime says
# nothing of which build it is (c/e ran, untouched: unchanged here)
mkdir -p "old$L/c" "cpa$L/c"
"$cc" -O3 -Wl,--build-id=none -o "old$L/c/e" w.c
touch -d 2020-01-01 "old$L/c/e"
cp -a "old$L/c/e" "cpa$L/c/e"
v=$("$PERFMT" check $LOC -p -s cpa -i tB.data 2>/dev/null |
    awk -F'\t' -v d="$L/c/e" '$4 == d { print $1 "|" $5 }')
case $v in "unverified|"*"a copy under the sysroot"*) ok "-s: an older build copied with cp -a: unverified" ;;
*) bad "-s: an older build copied with cp -a: unverified" "got '$v'" ;; esac
# a user's mistakes are trouble, not changed binaries: an empty or
# mistyped sysroot, one of another architecture
mkdir -p empty-sr "arch-sr$L/c"
"$PERFMT" check $LOC -p -s empty-sr -i tB.data >out 2>err
rc=$?
[ $rc = 2 ] && grep -q "^perfmt: -s empty-sr holds none of the .* objects the report uses (looked for " err &&
    ok "-s an empty directory: exit 2, naming what was looked for" ||
    bad "-s an empty directory: exit 2, naming what was looked for" "exit $rc: $(cat err)"
arm=$(dirname "$SRC")/arm64__libc6__libdl.so.2.xz
if ! xz -dc "$arm" >arm.so 2>/dev/null; then
	skip "-s another architecture's root" "no xz, or no $arm"
else
	for n in a e m n1 n2; do
		cp arm.so "arch-sr$L/c/$n"
	done
	"$PERFMT" check $LOC -p -s arch-sr -i tB.data >out 2>err
	rc=$?
	[ $rc = 2 ] && grep -q "^perfmt: -s arch-sr: its files are for aarch64, the profile is from" err &&
	    ok "-s another architecture's root: exit 2" ||
	    bad "-s another architecture's root: exit 2" "exit $rc: $(cat err out)"
fi

# the running kernel across reboots: the same release vouches for it only
# in the boot that recorded (a kernel rebuilt keeps its release); a
# profile from before this boot began (-t) is another boot's
v=$("$PERFMT" check $LOC -p -t 2020-01-01T00:00 -i k.data 2>/dev/null |
    awk -F'\t' '$4 == "[kernel.kallsyms]" { print $1 "|" $5 }')
case $v in "unverified|"*"as profiled, but the profile was recorded before this boot"*) ok "the running kernel, a profile of another boot: unverified" ;;
*) bad "the running kernel, a profile of another boot: unverified" "got '$v'" ;; esac
v=$("$PERFMT" check $LOC -p -i k.data 2>/dev/null |
    awk -F'\t' '$4 == "[kernel.kallsyms]" { print $1 }')
case $noclock:$v in ?*:unverified|:unchanged) ok "the running kernel, this boot's profile: unchanged" ;;
*) bad "the running kernel, this boot's profile: unchanged" "got '$v'" ;; esac

# files unpacked before the recording from a tarball made where the clock
# ran ahead: a time in the future is no write time, the ctime (when tar
# wrote them) dates them; written again since, they are not unchanged
rm -rf fut
mkdir -p fut/x
cp c/e fut/x/e
cp c/e fut/x/f
touch -d '+23 hours' fut/x/e fut/x/f
(cd fut && tar -cf x.tar x && rm -rf x && tar -xf x.tar 2>/dev/null)
sleep 1.1
perf record -N -q -B -o fut.data -- sh -c './fut/x/e; ./fut/x/f' >/dev/null 2>&1
sleep 0.2
cp c/m fut/x/f.new && cat fut/x/f.new >fut/x/f && touch -d '+23 hours' fut/x/f
"$PERFMT" check $LOC $(vouch fut.data) -p -i fut.data >out 2>/dev/null
v=$(awk -F'\t' -v d="$L/fut/x/" 'index($4, d) == 1 { print substr($4, length(d) + 1) "|" $1 "|" $5 }' out | sort)
case $v in "e|unchanged|"*"lies in the future"*"f|unverified|"*) ok "mtimes in the future: dated by the ctime, never stale" ;;
*) bad "mtimes in the future: dated by the ctime, never stale" "got '$v'" ;; esac

# perfmt inject in place: the next check judges the new file as it
# judged the old one (its birth kept), not as a copy: the program without
# a build-ID note stays unchanged, the one touched since stays stale
rm -rf ip
mkdir ip
cp c/n1 ip/p
cp c/n1 ip/q
sleep 1.1
perf record -N -q -B -o ip/r.data -- sh -c './ip/p; ./ip/q' >/dev/null 2>&1
sleep 0.2
touch ip/q
pq() { "$PERFMT" check $LOC -p -i ip/r.data 2>/dev/null |
    awk -F'\t' -v d="$L/ip/" 'index($4, d) == 1 { print substr($4, length(d) + 1), $1 }' |
    sort | tr '\n' ' '; }
v1=$(pq)
"$PERFMT" inject $LOC -q -i ip/r.data >/dev/null 2>&1
v2=$(pq)
if [ "${born:-0}" = 0 ] || [ "$born" = - ]; then
	skip "inject in place keeps the verdicts" "this file system keeps no birth time"
elif [ -n "$noclock" ]; then
	skip "inject in place keeps the verdicts" "$noclock"
elif [ "$v1" = "p unchanged q stale " ] && [ "$v2" = "$v1" ] &&
    "$PERFMT" check $LOC -i ip/r.data 2>/dev/null | grep -q "its birth the one perfmt inject kept"; then
	ok "inject in place keeps the verdicts, and says why"
else
	bad "inject in place keeps the verdicts, and says why" "before '$v1', after '$v2'"
fi

# a recording killed with SIGKILL
# (the loop carries this shell's pid, so that two suites running at once
# kill only their own; the kill waits for perf to have written records)
perf record -N -q -F 2000 -m 1 -o killed.data -- sh -c \
    "while :; do ./w-sha1 >/dev/null; done # $$" >/dev/null 2>&1 &
p=$!
i=0
while [ $i -lt 50 ] && [ "$(stat -c %s killed.data 2>/dev/null || echo 0)" -lt 8192 ]; do
	sleep 0.1
	i=$((i + 1))
done
sleep 0.2
kill -9 $p 2>/dev/null
wait $p 2>/dev/null
pkill -f "done # $$" 2>/dev/null
"$PERFMT" header -i killed.data >out 2>err
rc=$?
[ $rc -eq 3 ] && grep -q "data size is 0" err && grep -q "^records  *[1-9]" out &&
    ok "killed perf record: read to the end, exit 3" ||
    bad "killed perf record: read to the end, exit 3" "exit $rc: $(cat err)"
exit 0
