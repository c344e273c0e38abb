# Sourced by tests/run.sh after tests/lib.sh (docs/testing.md).
# ---- fixtures ------------------------------------------------------------
for f in "$D"/perf/*.xz "$D"/elf/*.xz; do
	n=$(basename "$f" .xz)
	case $f in
	*/perf/*.tar.xz) xz -dc "$f" | (cd "$W/perf" && tar -xf -) ;;
	*/perf/*) xz -dc "$f" >"$W/perf/$n" ;;
	*) xz -dc "$f" >"$W/elf/$n" ;;
	esac
done
if [ -d "$W/perf/threads.data" ]; then
	mv "$W/perf/threads.data" "$W/perf/local__threads.data"
fi
cp "$D"/perf/*.buildids "$W/perf/"
