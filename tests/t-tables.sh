# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- tables full: more objects than fit, in passes or said -------------------
TINY=$(dirname "$PERFMT")/perfmt-tiny
if [ -x "$TINY" ]; then
	for n in google__perf_data_converter__perf.data.busy.1-3.8 \
	    google__perf_data_converter__perf.data.weight_struct \
	    aarch64__s-system-wide.data local__sized.data; do
		for h in -a "" --hits; do
			HOME=$W/home "$PERFMT" check $h -p -t 2026-11-30 \
			    -i "$P/$n" 2>/dev/null | LC_ALL=C sort >"$T/big"
			HOME=$W/home timeout 60 "$TINY" check $h -p -t 2026-11-30 \
			    -i "$P/$n" 2>"$W/err" | LC_ALL=C sort >"$W/out"
			if cmp -s "$W/out" "$T/big" || [ "$h" = -a ]; then
				same "tiny tables, in passes: check $h $n" "$T/big"
				continue
			fi
			# a system-wide profile has more live processes than 8
			# slots: what is missing must be named as maybe missed
			# (and what may be used is judged: more rows, not fewer)
			cut -f4 "$T/big" | LC_ALL=C sort -u >"$T/bigp"
			cut -f4 "$W/out" >"$T/tinyp"
			sed -n 's/^perfmt:   //p' "$W/err" >>"$T/tinyp"
			LC_ALL=C sort -u -o "$T/tinyp" "$T/tinyp"
			LC_ALL=C comm -23 "$T/bigp" "$T/tinyp" >"$T/lost"
			[ ! -s "$T/lost" ] &&
			    ok "tiny tables: check $h $n: every hit kept or named" ||
			    bad "tiny tables: check $h $n: every hit kept or named" \
			    "$(cat "$T/lost")"
		done
	done
	"$PERFMT" list -i "$P/google__perf_data_converter__perf.data.busy.1-3.8" |
	    LC_ALL=C sort >"$T/big"
	"$TINY" list -i "$P/google__perf_data_converter__perf.data.busy.1-3.8" \
	    2>/dev/null | LC_ALL=C sort >"$W/out"
	same "tiny tables, in passes: list" "$T/big"
	# a pipe cannot be read twice: every object not kept is named
	cat "$P/google__perf_data_converter__perf.data.piped.target-3.4" |
	    HOME=$W/home "$TINY" check -a -p -t 2026-11-30 -i - >"$W/out" 2>"$W/err"
	rc=$?
	expect "tiny tables, a pipe: exit 1, said" 1 "not checked, the object table is full: "
	kept=$(wc -l <"$W/out")
	said=$(grep -c "not checked, the object table is full: " "$W/err")
	all=$(HOME=$W/home "$PERFMT" check -a -p -t 2026-11-30 -i \
	    "$P/google__perf_data_converter__perf.data.piped.target-3.4" 2>/dev/null |
	    wc -l)
	[ $((kept + said)) -ge "$all" ] &&
	    ok "tiny tables, a pipe: kept $kept + named $said covers all $all" ||
	    bad "tiny tables, a pipe: everything kept or named" \
	    "kept $kept, named $said, of $all"
	# the count is of the records that name them, at least one a name
	recs=$(sed -n 's/.*: \([0-9]*\) records name objects the table could not keep; those are not checked$/\1/p' "$W/err")
	[ -n "$recs" ] && [ "$recs" -ge "$said" ] &&
	    ok "tiny tables, a pipe: $recs records name the $said objects not kept" ||
	    bad "tiny tables, a pipe: the records of objects not kept counted" \
	    "${recs:-no count} for $said named: $(tail -n 3 "$W/err")"
	# --hits with too few process slots: which objects may lack hits
	run env HOME="$W/home" "$TINY" check --hits -t 2026-11-30 \
	    -i "$P/google__perf_data_converter__perf.data.busy.1-3.8"
	expect "tiny process table: objects maybe under-counted are named" 3 \
	    "may have hits not counted"
	# samples whose maps are not known when read wait in a table of 4
	# regions here, and processes do not fit their 8 slots: samples that
	# wait for the maps of processes not kept are given up, and what is
	# given up is said once, not once a pass
	n=$(grep -c "had no map when read and were given up" "$W/err")
	[ "$n" = 1 ] && ok "tiny waiting table: what it gave up is said once" ||
	    bad "tiny waiting table: what it gave up is said once" "said $n times"
	"$PERFMT" check --hits -t 2026-11-30 -i \
	    "$P/google__perf_data_converter__perf.data.busy.1-3.8" >/dev/null 2>"$T/e"
	grep -q "had no map when read" "$T/e" &&
	    bad "default waiting table: nothing given up" "$(cat "$T/e")" ||
	    ok "default waiting table: nothing given up"
	# real recordings whose processes and maps fit the tiny tables but
	# whose waiting samples do not: the file is read again for a share
	# of them at a time, nothing is given up, and the rows, the messages
	# and the status are the default build's
	for n in aarch64__a-default.data local__x86_64__small.data \
	    local__s390x-inject__threads.b.data \
	    KDAB__perfparser__vector_static_gcc_perf.data.zstd; do
		for h in "" -H; do
			for b in "$PERFMT" "$TINY"; do
				{ HOME=$W/home "$b" check $h -p -t 2026-11-30 \
				    -i "$P/$n" 2>"$T/e"; echo "status $?"; } |
				    LC_ALL=C sort >"$W/out"
				cat "$T/e" >>"$W/out"
				[ "$b" = "$PERFMT" ] && mv "$W/out" "$T/big"
			done
			same "tiny waiting table, in passes: check $h $n" "$T/big"
		done
	done
	# check leaves non-code mappings out of the table unless -a: from a
	# pipe, the names that find no room are said, and without -a none
	# of them is a data mapping's (-j names the data mappings)
	n=mstange__linux-perf-data__fibo.compressed2.pipe.data
	for a in "" -a; do
		cat "$P/$n" | HOME=$W/home "$TINY" check $a -p -t 2026-11-30 \
		    -i - 2>&1 >/dev/null | sed -n \
		    's/^perfmt: not checked, the object table is full: //p' |
		    LC_ALL=C sort -u >"$T/full$a"
	done
	HOME=$W/home "$PERFMT" check -a -j -t 2026-11-30 -i "$P/$n" 2>/dev/null |
	    sed -n '/"mapped":"data"/s/.*"path":"\([^"]*\)".*/\1/p' |
	    LC_ALL=C sort -u >"$T/data"
	d=$(wc -l <"$T/data")
	without=$(LC_ALL=C comm -12 "$T/data" "$T/full" | wc -l)
	with=$(LC_ALL=C comm -12 "$T/data" "$T/full-a" | wc -l)
	[ "$d" -gt 0 ] && [ "$without" = 0 ] && [ "$with" = "$d" ] &&
	    ok "tiny tables: check keeps data mappings only with -a" ||
	    bad "tiny tables: check keeps data mappings only with -a" \
	    "$d data mappings; named as not kept: $without without -a, $with with"
else
	skipped "tiny tables" "no perfmt-tiny (make perfmt-tiny)"
fi
# each pass opens the profile by its name again: another profile renamed
# to it, or the same written, before the last pass would give shares of
# two profiles.  Stopped as the pass before the last opens it, the other
# takes the name: check and list refuse it (inject and archive: their
# topics)
if [ ! -x "$TINY" ] || [ -n "${PERFMT_EMU:-}" ] ||
    ! strace -qq -o /dev/null true 2>/dev/null; then
	skipped "tiny tables: a profile replaced between passes" "no perfmt-tiny, or no strace that can trace here"
else
	for c in check list; do
		cp "$P/local__exec-late.data" "$T/pp.data"
		strace -qq -e trace=openat -o "$T/ol" "$TINY" $c -i "$T/pp.data" \
		    >/dev/null 2>&1
		k=$(grep -n 'pp\.data"' "$T/ol" | tail -2 | head -1 | cut -d: -f1)
		n=$(grep -c 'pp\.data"' "$T/ol")
		cp "$P/local__x86_64__small.data" "$T/other.data"
		run_stopped openat "${k:-1}" 'mv "$T/other.data" "$T/pp.data"' \
		    "$TINY" $c -i "$T/pp.data"
		[ -n "$k" ] && [ "$n" -gt 2 ] && [ "$rc" = 2 ] &&
		    grep -q 'replaced or written while it was read' "$W/err" &&
		    ok "tiny tables: $c of a profile replaced between passes refused" ||
		    bad "tiny tables: $c of a profile replaced between passes refused" \
		    "openat $k of $n, rc $rc: $(tail -2 "$W/err")"
	done
	rm -f "$T/pp.data" "$T/other.data"
fi
# many objects, the default tables: the profile is read once per share of
# its objects, about 2 + log2(E / T) + E / (7/8 T) times for E table
# entries and a table of T (docs/design.md, how a profile flows), each
# read costing at most what a read of the whole profile does.  Timed
# against a profile of the same records with few objects (read once):
# the ratio of their CPU times stays within that many reads, times the
# ratio of their sizes, and a quarter more for noise.  Reading more goes
# past it: a share split in two until it fits, each half read again (2
# to 4 times E / T reads), or another share's samples waiting for maps
# no pass of it keeps, read again in passes of their own.  Each binary
# of tests/objects.py takes two entries, its table's and its MMAP2's.
if [ -n "$EMU" ] || ! command -v python3 >/dev/null 2>&1; then
	skipped "many objects: reads in proportion to the objects" \
	    "under an emulator (its timing), or no python3"
else
	t=$("$PERFMT" -V | sed -n 's/^  objects  *\([0-9]*\) .*/\1/p')
	n=$((t * 33 / 4))
	python3 "$top/tests/objects.py" "$n" "$T/many.data" 512 &&
	    python3 "$top/tests/objects.py" "$n" "$T/few.data" 512 $((t / 4))
	"$PERFMT" list -i "$T/many.data" >"$W/out" 2>"$W/err"
	[ "$(wc -l <"$W/out")" = $((n + 1)) ] && [ ! -s "$W/err" ] &&
	    ok "many objects: list names each of $((n + 1)), in passes" ||
	    bad "many objects: list names each of $((n + 1)), in passes" \
	    "$(wc -l <"$W/out") lines; $(head -3 "$W/err")"
	for c in list "list -H"; do
		# shellcheck disable=SC2086
		python3 - "$T/many.data" "$T/few.data" $((2 * n + 2)) "$t" \
		    "$PERFMT" $c >"$W/out" <<'PY'
import math, os, statistics, subprocess, sys
many, few, e, t = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
def cpu(f):
    p = subprocess.Popen(sys.argv[5:] + ["-i", f], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    return sum(os.wait4(p.pid, 0)[2][:2])
a, b = [], []
for i in range(5):
    a.append(cpu(many))
    b.append(cpu(few))
reads = 2 + math.log2(e / t) + e / (t * 7 / 8)
print("%.1f %.1f" % (statistics.median(a) / statistics.median(b), 1.25 *
      reads * os.path.getsize(many) / os.path.getsize(few)))
PY
		read -r ratio bound <"$W/out"
		awk -v r="${ratio:-999}" -v b="${bound:-0}" 'BEGIN { exit !(r <= b) }' &&
		    ok "many objects: $c costs $ratio times a read, within $bound" ||
		    bad "many objects: $c costs $ratio times a read, within $bound" \
		    "$n binaries against $((t / 4)), the same records"
	done
	rm -f "$T/many.data" "$T/few.data"
fi
