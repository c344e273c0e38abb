# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- archive: the profiled binaries, as a build-ID cache in a tar ----------
A=$T/archive
rm -rf "$A"
mkdir -p "$A"
LOC=${PERFMT_EMU:+-L}
# under qemu-user this process's vDSO is the emulator's, not the kernel's
case ${EMU:-} in qemu*) QEMU=$EMU ;; *) QEMU= ;; esac

# refusals and the tar's own form, without perf: a profile with build-IDs
# whose objects are nowhere (an empty sysroot and cache) puts nothing,
# says why (each object's verdict, as check gives it), and, the sysroot
# holding none of the profile's files (a mistake), exit 2 and no tar
mkdir -p "$A/empty"
run "$PERFMT" archive -t 2026-11-30 -s "$A/empty" -c "$A/empty" \
    -i "$P/local__x86_64__small.data" -o "$A/e.tar"
if [ "$rc" = 2 ] && ! grep -q '^put ' "$W/err" &&
    grep -q "^left  93ac61ec5a8eb1396f9fbd350e3169a558528a40 /usr/lib/x86_64-linux-gnu/libc.so.6  missing: not found: $A/empty/usr/lib/x86_64-linux-gnu/libc.so.6, " "$W/err" &&
    grep -q "^perfmt: -s $A/empty holds none of the 4 objects the report uses (looked for " "$W/err" &&
    [ ! -e "$A/e.tar" ]; then
	ok "archive: nothing of another system's profile, said, exit 2, no tar"
else
	bad "archive: nothing of another system's profile, said, exit 2, no tar" "rc $rc: $(head -5 "$W/err")"
fi
ln -s e.tar "$A/link.tar"
run "$PERFMT" archive -t 2026-11-30 -i "$P/local__x86_64__small.data" -o "$A/link.tar"
expect "archive: -o a symbolic link is refused" 2 "a symbolic link"
run "$PERFMT" archive -i "$P/local__x86_64__small.data" --all -H -o "$A/x.tar"
expect "archive: --all and --hits exclude each other" 2 "exclude each other"
# another profile renamed to the name between two passes (more objects
# than a table: perfmt-tiny reads a share at a time, each by the name):
# the later shares would be the other's.  Stopped as a pass opens the
# file, another takes its name before the last: refused, nothing written
TINY=$(dirname "$PERFMT")/perfmt-tiny
if [ -n "${PERFMT_EMU:-}" ] || [ ! -x "$TINY" ] ||
    ! strace -qq -o /dev/null true 2>/dev/null; then
	skipped "archive: a profile replaced between two passes" "no perfmt-tiny, or no strace that can trace here"
else
	cp "$P/local__exec-late.data" "$A/ap.data"
	strace -qq -e trace=openat -o "$A/ol" "$TINY" archive -L -t 2026-11-30 \
	    -i "$A/ap.data" -o "$A/ap.tar" >/dev/null 2>&1
	# the open before the last: the last pass opens the other
	k=$(grep 'openat(' "$A/ol" | grep -n 'ap\.data"' | tail -2 | head -1 | cut -d: -f1)
	n=$(grep -c 'ap\.data"' "$A/ol")
	rm -f "$A/ap.tar"
	cp "$P/local__x86_64__small.data" "$A/other.data"
	run_stopped openat ${k:-1} 'mv "$A/other.data" "$A/ap.data"' \
	    "$TINY" archive -L -t 2026-11-30 -i "$A/ap.data" -o "$A/ap.tar"
	if [ -n "$k" ] && [ "$n" -gt 3 ] && [ $rc = 2 ] && [ ! -e "$A/ap.tar" ] &&
	    grep -q 'replaced or written while it was read' "$W/err" &&
	    ! ls -a "$A" | grep -q '^\.perfmt-'; then
		ok "archive: a profile replaced between two passes is refused"
	else
		bad "archive: a profile replaced between two passes is refused" \
		    "openat $k of $n, rc $rc: $(tail -3 "$W/err")"
	fi
	rm -f "$A/ap.data" "$A/ap.tar"
fi

if ! command -v perf >/dev/null 2>&1; then
	skipped "archive: live recordings" "perf not installed"
elif ! command -v cc >/dev/null 2>&1; then
	skipped "archive: live recordings" "no C compiler"
elif ! (cd "$A" && perf record -N -q -o probe.data -- true) >/dev/null 2>&1; then
	skipped "archive: live recordings" "perf record fails here"
else
	cd "$A" || exit 2
	# a binary under a path longer than ustar's 255 bytes: a pax record
	long=$A/d-$(printf '%0120d' 0)/e-$(printf '%0120d' 0)
	mkdir -p "$long"
	cc -O1 -o "$long/w" "$D/elf/local__w.c" 2>/dev/null
	# v spends its time in the vDSO, and some in its own main, so that
	# samples fall in it too (under qemu there is no vDSO to fall in)
	cat >v.c <<'EOC'
#include <time.h>
int main(void) { struct timespec t; long i; volatile long s = 0; for (i = 0; i < 3000000; i++) clock_gettime(CLOCK_MONOTONIC, &t); for (i = 0; i < 20000000; i++) s += i; return t.tv_nsec < 0 && s < 0; }
EOC
	cc -O1 -o v v.c 2>/dev/null
	# and one of 170 bytes: a ustar prefix and name, no pax record
	mid=$A/m-$(printf '%060d' 0)/n-$(printf '%060d' 0)
	mkdir -p "$mid"
	cp v "$mid/v"
	perf record -N -q -g -o r.data -- sh -c "'$long/w'; '$mid/v'" >/dev/null 2>&1
	perf_rows -i r.data >rep.orig
	# a fresh HOME: no build-ID cache of this machine's runs of perf
	mkdir -p h0
	home0=$HOME
	export HOME=$A/h0
	run "$PERFMT" archive $LOC -i r.data -o a.tar
	cp "$W/err" put.txt
	# every object the report uses with a recorded ID is put; one only
	# callchains reach (the shell's) has none from perf's pass, and is
	# left for inject to add (exit 3, cannot tell) where sampling
	# reached it.  Under qemu the profile's vDSO is left out too, and
	# its samples stay bare addresses (exit 1)
	noid=$(grep -c '^left .*  no build-ID recorded (perfmt inject adds them)$' put.txt)
	left=$(grep -c '^left ' put.txt)
	if [ -n "$QEMU" ]; then
		[ "$rc" = 1 ] && [ "$left" = $((noid + 1)) ] &&
		    grep -q '^left .* \[vdso\]  ' put.txt &&
		    ok "archive live: every object with an ID but the vDSO, exit 1" ||
		    bad "archive live: every object with an ID but the vDSO, exit 1" \
		    "rc $rc: $(cat put.txt)"
	else
		[ "$left" = "$noid" ] && { [ "$rc" = 0 ] && [ "$left" = 0 ] ||
		    [ "$rc" = 3 ]; } &&
		    ok "archive live: every object with an ID put ($noid without)" ||
		    bad "archive live: every object with an ID put" "rc $rc: $(cat put.txt)"
	fi
	"$PERFMT" archive $LOC -i r.data >s.tar 2>/dev/null
	cmp -s a.tar s.tar && ok "archive live: standard output = -o" ||
	    bad "archive live: standard output = -o"
	if [ -n "$QEMU" ]; then
		skipped "archive live: the running vDSO" "under $QEMU this process's vDSO is the emulator's"
	elif grep -q '^put .* \[vdso\]$' put.txt &&
	    tar -tf a.tar | grep -q '^\[vdso\]/[0-9a-f]*/vdso$'; then
		ok "archive live: the running vDSO, as [vdso]/ID/vdso"
	else
		bad "archive live: the running vDSO, as [vdso]/ID/vdso" "$(cat put.txt)"
	fi
	tar -tf a.tar | grep -q "^${long#/}/w/[0-9a-f]*/elf$" &&
	    ok "archive live: a path over 255 bytes, by a pax record" ||
	    bad "archive live: a path over 255 bytes, by a pax record" "$(tar -tf a.tar)"
	tar -tf a.tar | grep -q "^${mid#/}/v/[0-9a-f]*/elf$" &&
	    ok "archive live: a path of 170 bytes, by ustar's prefix" ||
	    bad "archive live: a path of 170 bytes, by ustar's prefix" "$(tar -tf a.tar)"
	# the binaries rebuilt: perf report over the unpacked archive names
	# what it named before, and check -c says ok for every object put
	cc -O3 -funroll-loops -o w2 "$D/elf/local__w.c" 2>/dev/null && mv w2 "$long/w"
	mkdir -p home/.debug
	tar -xf a.tar -C home/.debug
	(export HOME="$A/home"; perf_rows -i r.data) >rep.arch
	if [ -n "$QEMU" ]; then
		grep -v '\[vdso\]' rep.orig >rep.o2 && mv rep.o2 rep.orig
		grep -v '\[vdso\]' rep.arch >rep.a2 && mv rep.a2 rep.arch
	fi
	[ -s rep.orig ] && cmp -s rep.orig rep.arch &&
	    ok "archive live: after a rebuild, perf report over the archive as before" ||
	    bad "archive live: after a rebuild, perf report over the archive as before" \
	    "$(diff rep.orig rep.arch | head)"
	"$PERFMT" check $LOC -p -c home/.debug -i r.data 2>/dev/null >chk
	sed -n 's/^put  *[0-9a-f]* //p' put.txt | LC_ALL=C sort >puts
	awk -F'\t' '$1 == "ok" { print $4 }' chk | LC_ALL=C sort >oks
	[ -s puts ] && [ -z "$(LC_ALL=C comm -23 puts oks)" ] &&
	    ok "archive live: check -c says ok for every object archived" ||
	    bad "archive live: check -c says ok for every object archived" "$(cat chk)"
	# every .build-id link leads to its object's directory
	n=0 bad=0
	for l in home/.debug/.build-id/*/*; do
		n=$((n + 1))
		[ -d "$l" ] || bad=$((bad + 1))
	done
	[ $n -gt 0 ] && [ $bad = 0 ] && ok "archive live: $n .build-id links, each to its object" ||
	    bad "archive live: .build-id links lead to their objects" "$n links, $bad broken"
	# a profile without build-IDs: nothing to vouch for; inject first
	# (bw spins in its own code: samples fall in it, as they need not in
	# v, which spends its time in the vDSO)
	cc -O1 -o bw "$D/elf/local__w.c" 2>/dev/null
	perf record -N -q -B -o b.data -- ./bw 1 >/dev/null 2>&1
	run "$PERFMT" archive $LOC -i b.data -o b.tar
	if [ "$rc" = 3 ] && grep -q 'perfmt inject' "$W/err" && ! grep -q '^put ' "$W/err"; then
		ok "archive live: a -B profile puts nothing and names inject"
	else
		bad "archive live: a -B profile puts nothing and names inject" "rc $rc: $(cat "$W/err")"
	fi
	# the board's way: perf record -B, perfmt inject, perfmt archive
	sleep 0.3
	"$PERFMT" inject $LOC $(vouch b.data) -q -i b.data >/dev/null 2>&1
	run "$PERFMT" archive $LOC -i b.data -o b.tar
	if [ "$EMU" = qemu-s390x-static ]; then
		# bw, built within the second the recording began, is modified
		# while it recorded where mtimes come in whole seconds
		skipped "archive live: after inject, a -B profile's objects are put" \
		    "qemu-s390x gives its guests' stat() no nanoseconds"
	elif [ "$rc" = 0 -o -n "$QEMU" ] && grep -q '^put .* .*/bw$' "$W/err"; then
		ok "archive live: after inject, a -B profile's objects are put"
	else
		bad "archive live: after inject, a -B profile's objects are put" "rc $rc: $(cat "$W/err")"
	fi
	# a JIT's map (tests/jit.c): it has no build-ID, so it goes in as
	# its own path when check finds it unchanged since the profile, and
	# perf report reads it from /tmp once the printed command put it there
	cc -O1 -o jit "$top/tests/jit.c" 2>/dev/null
	perf record -N -q -o j.data -- ./jit >/dev/null 2>&1
	jmap=$("$PERFMT" check $LOC -p -i j.data 2>/dev/null | grep -o '/tmp/perf-[0-9]*\.map' | head -1)
	perf_rows -i j.data >jrep.orig
	run "$PERFMT" archive $LOC $(vouch j.data) -i j.data -o j.tar
	jcmd=$(sed -n 's/^and for the JIT maps: //p' "$W/err")
	if [ -n "$jmap" ] && grep -q jitted_spin jrep.orig &&
	    [ "$rc" = 0 -o -n "$QEMU" ] && grep -q "^put   - $jmap\$" "$W/err" &&
	    tar -xOf j.tar "${jmap#/}" | cmp -s - "$jmap" &&
	    ! tar -tf j.tar | grep -q "^\.build-id/.*perf-" &&
	    [ "$jcmd" = "tar -xkf j.tar -C / --wildcards 'tmp/perf-*.map'" ]; then
		ok "archive live: a JIT's map, as its own path, and how to unpack it"
	else
		bad "archive live: a JIT's map, as its own path, and how to unpack it" \
		    "map '$jmap', rc $rc: $(cat "$W/err")"
	fi
	# and inject, which writes build-IDs, has nothing to say of it
	run "$PERFMT" inject $LOC -n -i j.data
	if [ -n "$jmap" ] && grep -q '^has ' "$W/out" && ! grep -q '/tmp/perf-[0-9]*\.map' "$W/out"; then
		ok "archive live: inject leaves a JIT's map unlisted (no build-ID can be)"
	else
		bad "archive live: inject leaves a JIT's map unlisted (no build-ID can be)" "$(cat "$W/out")"
	fi
	if [ -n "$jmap" ]; then
		mv "$jmap" "$jmap.away"
		perf_rows -i j.data >jrep.gone
		eval "$jcmd" 2>/dev/null
		perf_rows -i j.data >jrep.back
		if ! grep -q jitted_spin jrep.gone && cmp -s jrep.orig jrep.back; then
			ok "archive live: perf report names the JIT's functions from the unpacked map"
		else
			bad "archive live: perf report names the JIT's functions from the unpacked map" \
			    "$(diff jrep.orig jrep.back | head -5)"
		fi
		echo "0 1 a host process's own" >"$jmap"
		if ! eval "$jcmd" 2>/dev/null && grep -q "host process" "$jmap"; then
			ok "archive live: the printed command leaves a map already in /tmp"
		else
			bad "archive live: the printed command leaves a map already in /tmp"
		fi
		mv "$jmap.away" "$jmap"
		touch "$jmap"	# now: after the profile (a time in the future is none)
		run "$PERFMT" archive $LOC $(vouch j.data) -i j.data -o j2.tar
		if [ "$rc" = 1 ] && grep -q "^left  - $jmap  stale: " "$W/err" &&
		    ! tar -tf j2.tar | grep -q '^tmp/perf-[0-9]*\.map$' && ! grep -q 'JIT maps' "$W/err"; then
			ok "archive live: a JIT's map modified since the profile is left out"
		else
			bad "archive live: a JIT's map modified since the profile is left out" \
			    "rc $rc: $(cat "$W/err")"
		fi
		# a map written before the recording began is an earlier
		# process's, one that had the same pid (docs/design.md)
		touch -d '-1 hour' "$jmap"
		run "$PERFMT" archive $LOC -i j.data -o j2.tar
		if [ -n "$QEMU" ]; then
			skipped "archive live: a JIT's map older than the recording" \
			    "under $QEMU perf's clock, which places the recording's start, is not read"
		elif [ "$rc" = 3 ] && grep -q "^left  - $jmap  unverified: .*before the recording began" "$W/err" &&
		    ! tar -tf j2.tar | grep -q '^tmp/perf-[0-9]*\.map$'; then
			ok "archive live: a JIT's map older than the recording is left out"
		else
			bad "archive live: a JIT's map older than the recording is left out" \
			    "rc $rc: $(cat "$W/err")"
		fi
		rm -f "$jmap"
	fi
	# a link put at a JIT's map's name (anyone can, in /tmp) to a file
	# written while perf recorded (a root-only log, here), before the
	# recording ends: the file it names is not put in the tar, a
	# world-readable file unpacked to /tmp.  A hard link only where /tmp
	# is this file system (and fs.protected_hardlinks lets it be made)
	for l in -s ""; do
		k=${l:+symbolic}
		k=${k:-hard}
		rm -f sec
		perf record -N -q -o js.data -- sh -c "./jit & p=\$!; wait \$p
		    echo s3cret >sec; chmod 600 sec; rm -f /tmp/perf-\$p.map
		    ln $l \"\$PWD/sec\" /tmp/perf-\$p.map" >/dev/null 2>&1
		jmap=$("$PERFMT" check $LOC -p -i js.data 2>/dev/null | grep -o '/tmp/perf-[0-9]*\.map' | head -1)
		[ -n "$jmap" ] && [ -n "$l" -o "$(stat -c %h sec)" = 2 ] || continue
		run "$PERFMT" archive $LOC $(vouch js.data) -i js.data -o js.tar
		if [ "$rc" = 3 ] && grep -q "^left  - $jmap  a link" "$W/err" &&
		    ! tar -tf js.tar | grep -q '^tmp/perf-[0-9]*\.map$' && ! grep -q s3cret js.tar; then
			ok "archive live: a $k link at a JIT's map's name is left out"
		else
			bad "archive live: a $k link at a JIT's map's name is left out" \
			    "rc $rc: $(cat "$W/err")"
		fi
		rm -f "$jmap"
	done
	# under a sysroot, a copy of the board's files that hard links may
	# make (cp -al), a map with a second link is put
	if [ -n "$jmap" ]; then
		rm -rf jsr
		mkdir -p jsr/tmp
		cp -p sec "jsr$jmap" && ln "jsr$jmap" jsr/tmp/other
		run "$PERFMT" archive $LOC $(vouch js.data) -s jsr -i js.data -o jsr.tar
		if grep -q "^put   - $jmap\$" "$W/err" && tar -tf jsr.tar | grep -q "^${jmap#/}\$"; then
			ok "archive live: a sysroot's JIT map of two links is put"
		else
			bad "archive live: a sysroot's JIT map of two links is put" "rc $rc: $(cat "$W/err")"
		fi
	fi
	# a -B recording: inject's new file is born after the recording, and
	# keeps the original's birth as an extended attribute (perfmt.1,
	# inject), so its time judges the JIT map as the original's does;
	# where the file system keeps no such attribute, no JIT map, and -r
	# names the original's time (README)
	perf record -N -q -B -o jb.data -- ./jit >/dev/null 2>&1
	jmap=$("$PERFMT" check $LOC -p -i jb.data 2>/dev/null | grep -o '/tmp/perf-[0-9]*\.map' | head -1)
	"$PERFMT" inject $LOC -q -i jb.data -o jbi.data >/dev/null 2>&1
	run "$PERFMT" archive $LOC -i jbi.data -o jb1.tar
	rc1=$rc
	in1=$(tar -tf jb1.tar | grep -c '^tmp/perf-[0-9]*\.map$')
	run "$PERFMT" archive $LOC -i jbi.data -r jb.data -o jb2.tar
	want="3 0"
	python3 -c 'import os, sys; os.getxattr(sys.argv[1], "user.perfmt.birth")' \
	    jbi.data 2>/dev/null && want="0 1"
	# (qemu-s390x's stat has no nanoseconds: a copy made within 2 s of
	# the recording cannot be told from it)
	[ "$EMU" = qemu-s390x-static ] && rc1=3 in1=0 want="3 0"
	# (nor can qemu-user read perf's clock, which places the original)
	[ -n "$QEMU" ] && want="3 0"
	if [ -n "$jmap" ] && [ "$rc1 $in1" = "$want" ] && [ "$rc" = 0 -o -n "$QEMU" ] &&
	    tar -tf jb2.tar | grep -q "^${jmap#/}\$"; then
		ok "archive live: a JIT's map after inject -o, with -r"
	else
		bad "archive live: a JIT's map after inject -o, with -r" "map '$jmap', rc $rc1 $rc, put $in1 (want $want): $(cat "$W/err")"
	fi
	rm -f "$jmap"
	# a cache in perf's older layout: .build-id/xx/rest is the file
	# itself.  The entry is named as perf reads it (PATH/ID/elf), not
	# after the cache's file: perf report over the unpacked archive names
	# the program's main once it is gone (bw: its samples are in main)
	cp bw ov
	perf record -N -q -o ov.data -- ./ov 1 >/dev/null 2>&1
	oid=$("$PERFMT" list -i ov.data 2>/dev/null | awk '$2 ~ /\/ov$/ { print $1 }')
	rm -rf oldc oh empty2
	mkdir -p "oldc/.build-id/${oid%"${oid#??}"}" oh/.debug empty2
	cp ov "oldc/.build-id/${oid%"${oid#??}"}/${oid#??}"
	perf_rows -i ov.data | grep ' ov ' >ov.orig
	run "$PERFMT" archive $LOC -s empty2 -c oldc -i ov.data -o ov.tar
	tar -xf ov.tar -C oh/.debug 2>/dev/null
	mv ov ov.away
	(export HOME="$A/oh"; perf_rows -i ov.data) | grep ' ov ' >ov.arch
	mv ov.away ov
	if [ -n "$oid" ] && grep -q "^put  *$oid .*/ov\$" "$W/err" &&
	    tar -tf ov.tar | grep -q "/ov/$oid/elf\$" && [ -s ov.orig ] &&
	    grep -q main ov.orig && cmp -s ov.orig ov.arch; then
		ok "archive live: from a cache of the older layout, as perf reads it"
	else
		bad "archive live: from a cache of the older layout, as perf reads it" \
		    "id '$oid': $(cat "$W/err"; tar -tf ov.tar; diff ov.orig ov.arch)"
	fi
	# rewritten in place while it is copied, its size and mtime put
	# back (touch -r; cp -p and rsync -t keep an mtime too): the ctime
	# tells, and it is cut back out (strace holds the copy's first read
	# of the file for 4 s, the rewrite 2 s in)
	what="archive live: rewritten during the copy, the mtime put back"
	if [ -n "${PERFMT_EMU:-}" ] || ! strace -qq -o /dev/null -e inject=read:delay_enter=1 true 2>/dev/null; then
		skipped "$what" "no strace that can delay a syscall here (or under an emulator)"
	else
		cp bw cw
		perf record -N -q -o cw.data -- ./cw 1 >/dev/null 2>&1
		touch -r cw cw.ref
		(sleep 2; printf 'X' | dd of=cw bs=1 seek=2000 conv=notrunc 2>/dev/null
		    touch -r cw.ref cw) &
		strace -qq -o /dev/null -f -P "$A/cw" -e trace=read \
		    -e inject=read:delay_enter=4000000:when=1 \
		    "$PERFMT" archive $LOC -i cw.data -o cw.tar >/dev/null 2>"$W/err"
		wait
		if grep -q "^left  [0-9a-f]* $A/cw  it changed while it was copied" "$W/err" &&
		    ! tar -tf cw.tar | grep -q "^${A#/}/cw/"; then
			ok "$what: left out"
		else
			bad "$what: left out" "$(cat "$W/err"; tar -tf cw.tar)"
		fi
	fi
	HOME=$home0
	cd "$top" || exit 2
fi

# ---- the kernel's symbols on the host (--kallsyms, SYSROOT/proc/kallsyms) --
# The arm64 guest's profile, archived on the "board" side: its root holds
# sys/kernel/notes (the kernel judged ok by its build-ID) and proc/kallsyms
# (tests/data/elf/guest__aarch64__kallsyms, cut to what the samples need).
# Unpacked into an empty ~/.debug, perf report names kernel functions it
# names without it only as addresses.
K=$A/kboard
rm -rf "$K" "$A/kh" "$A/k0"
mkdir -p "$K/sys/kernel" "$K/proc" "$A/kh/.debug" "$A/k0/.debug" "$A/kbare/sys/kernel"
cp "$W/elf/guest__aarch64__sys_kernel_notes.bin" "$K/sys/kernel/notes"
cp "$W/elf/guest__aarch64__sys_kernel_notes.bin" "$A/kbare/sys/kernel/notes"
cp "$W/elf/guest__aarch64__kallsyms" "$K/proc/kallsyms"
kid=338d20205ee321570ed1bbd998bf2e1a2b8aa92c
run "$PERFMT" archive -s "$K" -i "$P/aarch64__a-default.data" -o "$A/k.tar"
if grep -q "^put   $kid \[kernel.kallsyms\]" "$W/err" &&
    tar -tf "$A/k.tar" | grep -qxF "[kernel.kallsyms]/$kid/kallsyms" &&
    tar -xOf "$A/k.tar" "[kernel.kallsyms]/$kid/kallsyms" | cmp -s - "$K/proc/kallsyms"; then
	ok "archive -s: SYSROOT/proc/kallsyms as [kernel.kallsyms]/ID/kallsyms"
else
	bad "archive -s: SYSROOT/proc/kallsyms as [kernel.kallsyms]/ID/kallsyms" "rc $rc: $(cat "$W/err"; tar -tf "$A/k.tar")"
fi
run "$PERFMT" archive -s "$A/kbare" --kallsyms "$W/elf/guest__aarch64__kallsyms" \
    -i "$P/aarch64__a-default.data" -o "$A/k2.tar"
if grep -q "^put   $kid \[kernel.kallsyms\]" "$W/err" && cmp -s "$A/k.tar" "$A/k2.tar"; then
	ok "archive --kallsyms FILE: the same archive"
else
	bad "archive --kallsyms FILE: the same archive" "rc $rc: $(cat "$W/err")"
fi
# a copy made by a user kptr_restrict hid the addresses from; no kallsyms
sed 's/^[0-9a-f]*/0000000000000000/' "$W/elf/guest__aarch64__kallsyms" >"$A/kzero"
for o in "" "-o $A/k3.tar"; do
	run "$PERFMT" ${o:+archive} -s "$A/kbare" --kallsyms "$A/kzero" -i "$P/aarch64__a-default.data" $o
	expect "${o:+archive}${o:-check} --kallsyms: all addresses zero, refused with the remedy" 2 \
	    "--kallsyms $A/kzero: every address is zero, hidden from its reader (kptr_restrict, perf_event_paranoid); copy /proc/kallsyms as root"
done
[ ! -e "$A/k3.tar" ] && ok "archive --kallsyms refused: no archive written" ||
    bad "archive --kallsyms refused: no archive written"
# a sysroot's proc/kallsyms with zeros (-s / as a user): check is not
# stopped by it; archive leaves the kernel out and says why
mkdir -p "$A/kz/sys/kernel" "$A/kz/proc"
cp "$W/elf/guest__aarch64__sys_kernel_notes.bin" "$A/kz/sys/kernel/notes"
cp "$A/kzero" "$A/kz/proc/kallsyms"
run "$PERFMT" check -s "$A/kz" -i "$P/aarch64__a-default.data"
no_trouble && ok "check -s: a sysroot's zeroed kallsyms stops nothing" ||
    bad "check -s: a sysroot's zeroed kallsyms stops nothing" "rc $rc: $(cat "$W/err")"
run "$PERFMT" archive -s "$A/kz" -i "$P/aarch64__a-default.data" -o "$A/k4.tar"
grep -q "^left  $kid \[kernel.kallsyms\]  its kallsyms is unreadable, none, or hides its addresses (read it as root)" "$W/err" &&
    ok "archive -s: a sysroot's zeroed kallsyms, the kernel left out, said" ||
    bad "archive -s: a sysroot's zeroed kallsyms, the kernel left out, said" "rc $rc: $(cat "$W/err")"
# a build-ID cache's [kernel.kallsyms]/ID/kallsyms is found by its place
# alone: check takes it for the kernel and archive puts it whole; one with
# zeros, or none, perf report would read for symbols it does not give:
# not ok, and left out; per-CPU symbols at address 0 first (x86_64 before
# Linux 6.15) are no zeros
C="$A/kc/[kernel.kallsyms]/$kid"
mkdir -p "$C" "$A/kempty"
{ printf '0000000000000000 A fixed_percpu_data\n0000000000000000 A __per_cpu_start\n'
  cat "$W/elf/guest__aarch64__kallsyms"; } >"$A/kpercpu"
for f in "$W/elf/guest__aarch64__kallsyms" "$A/kpercpu" "$A/kzero" "$W/elf/guest__aarch64__sys_kernel_notes.bin"; do
	cp "$f" "$C/kallsyms"
	run "$PERFMT" archive -s "$A/kempty" -c "$A/kc" -i "$P/aarch64__a-default.data" -o "$A/k5.tar"
	case $f in
	*__kallsyms|*kpercpu)
		grep -q "^put   $kid \[kernel.kallsyms\]" "$W/err" &&
		    tar -xOf "$A/k5.tar" "[kernel.kallsyms]/$kid/kallsyms" | cmp -s - "$f" &&
		    ok "archive -c: a cached kallsyms ($(basename "$f")), put whole" ||
		    bad "archive -c: a cached kallsyms ($(basename "$f")), put whole" "rc $rc: $(cat "$W/err")" ;;
	*)
		grep -q "^left  $kid \[kernel.kallsyms\]  mismatch: on disk: no kallsyms, or one whose addresses are hidden" "$W/err" &&
		    ok "archive -c: a cached kallsyms that is not one ($(basename "$f")), left out, said" ||
		    bad "archive -c: a cached kallsyms that is not one ($(basename "$f")), left out, said" "rc $rc: $(cat "$W/err")"
		run "$PERFMT" check -p -s "$A/kempty" -c "$A/kc" -i "$P/aarch64__a-default.data"
		grep -q "^mismatch	$kid	-	\[kernel.kallsyms\]	" "$W/out" &&
		    ok "check -c: a cached kallsyms that is not one ($(basename "$f")), not ok" ||
		    bad "check -c: a cached kallsyms that is not one ($(basename "$f")), not ok" "rc $rc: $(cat "$W/out")" ;;
	esac
done
run "$PERFMT" archive -s "$A/kbare" --kallsyms "$A/kpercpu" -i "$P/aarch64__a-default.data" -o "$A/k6.tar"
grep -q "^put   $kid \[kernel.kallsyms\]" "$W/err" &&
    ok "archive --kallsyms: per-CPU symbols at 0 first, taken" ||
    bad "archive --kallsyms: per-CPU symbols at 0 first, taken" "rc $rc: $(cat "$W/err")"
run "$PERFMT" check --kallsyms "$W/elf/guest__aarch64__sys_kernel_notes.bin" -i "$P/aarch64__a-default.data"
expect "check --kallsyms: a file that is none, refused" 2 "not a kallsyms file: expected lines of ADDRESS TYPE NAME"
# one that is no regular file is said as -k says it, not as an errno
mkfifo "$A/kfifo"
for f in "$A/kfifo" "$A"; do
	run "$PERFMT" check --kallsyms "$f" -i "$P/aarch64__a-default.data"
	expect "check --kallsyms: $(basename "$f"), no regular file, said" 2 "--kallsyms $f: not a regular file"
done
# a copy's size is its st_size and what is judged is in its first lines:
# one made 16 GiB sparse (a small tarball unpacks it) is read no further,
# given or in a cache; a ratio of times, as the work is
mkdir -p "$A/ks/[kernel.kallsyms]/$kid"
cp "$W/elf/guest__aarch64__kallsyms" "$A/ksmall"
cp "$A/ksmall" "$A/ks/[kernel.kallsyms]/$kid/kallsyms"
timed "$PERFMT" check --kallsyms "$A/ksmall" -i "$P/aarch64__a-default.data"
small=$ms
timed "$PERFMT" check -s "$A/kempty" -c "$A/ks" -i "$P/aarch64__a-default.data"
csmall=$ms
truncate -s 16G "$A/ksmall" "$A/ks/[kernel.kallsyms]/$kid/kallsyms"
timed "$PERFMT" check --kallsyms "$A/ksmall" -i "$P/aarch64__a-default.data"
[ "$rc" != 2 ] && [ "$ms" -le $((10 * small + 10)) ] &&
    ok "check --kallsyms: a sparse 16 GiB copy costs what its first lines do" ||
    bad "check --kallsyms: a sparse 16 GiB copy costs what its first lines do" "rc $rc, $ms ms against $small ms: $(cat "$W/err")"
timed "$PERFMT" check -p -s "$A/kempty" -c "$A/ks" -i "$P/aarch64__a-default.data"
grep -q "^ok	$kid	-	\[kernel.kallsyms\]	" "$W/out" && [ "$ms" -le $((10 * csmall + 10)) ] &&
    ok "check -c: a sparse 16 GiB cached kallsyms costs what its first lines do" ||
    bad "check -c: a sparse 16 GiB cached kallsyms costs what its first lines do" "rc $rc, $ms ms against $csmall ms: $(cat "$W/out")"
rm -f "$A/ksmall" "$A/ks/[kernel.kallsyms]/$kid/kallsyms"
if ! command -v perf >/dev/null 2>&1; then
	skipped "archive: kernel symbols in perf report" "perf not installed"
else
	tar -xf "$A/k.tar" -C "$A/kh/.debug"
	for h in kh k0; do
		HOME=$A/$h perf report -i "$P/aarch64__a-default.data" --stdio \
		    --no-children -g none --sort dso,sym 2>/dev/null |
		    grep '\[kernel.kallsyms\]' >"$A/$h.rep"
	done
	# the functions the samples fall in most, as the whole kallsyms names them
	if grep -q '\[k\] swake_up_one$' "$A/kh.rep" &&
	    grep -q '\[k\] el0_svc_common.constprop.0$' "$A/kh.rep" &&
	    ! grep -q '\[k\] swake_up_one$' "$A/k0.rep" &&
	    grep -q '\[k\] 0xffff' "$A/k0.rep"; then
		ok "archive: perf report on the host names the board's kernel functions"
	else
		bad "archive: perf report on the host names the board's kernel functions" "$(head -3 "$A/kh.rep" "$A/k0.rep")"
	fi
fi
