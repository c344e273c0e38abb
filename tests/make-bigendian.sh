#!/bin/sh
# Makes a big-endian perf.data with perf itself: Debian's s390x perf, run
# under qemu-user, rewrites a little-endian profile with `perf inject`, and
# perf writes in its host's byte order.  (No public big-endian perf.data
# exists; the local__s390x-inject__* fixtures were made this way.)  Nothing
# is installed: the s390x packages are unpacked into a scratch folder.
# Needs: s390x as a dpkg architecture and qemu-user-static
# (tests/setup-cross.sh does both).
#   usage: make-bigendian.sh LE.data BE.data [inject options, e.g. -b]
set -eu
[ $# -ge 2 ] || { echo "usage: $0 LE.data BE.data [perf inject options]" >&2; exit 2; }
in=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$2
shift 2
root=${PERFMT_S390X_ROOT:-${TMPDIR:-/tmp}/perfmt-s390x-perf}
if [ ! -x "$root/usr/bin/perf" ]; then
	debs=$(mktemp -d)
	# perf and exactly the libraries it loads
	(cd "$debs" && for p in linux-perf libc6 libopencsd1 libelf1 libdw1 \
	    libslang2 libperl5.36 libpython3.11 zlib1g liblzma5 libzstd1 libcap2 \
	    libnuma1 libbabeltrace1 libstdc++6 libgcc-s1 libbz2-1.0 libcrypt1 \
	    libexpat1 libuuid1 libglib2.0-0 libpcre2-8-0; do
		apt-get download -q "$p:s390x" >/dev/null
	done)
	mkdir -p "$root"
	for d in "$debs"/*.deb; do dpkg-deb -x "$d" "$root"; done
	rm -rf "$debs"
	# qemu -L maps every absolute path that exists under the root: keep
	# only perf and its libraries there, so perf reads the host's files
	rm -f "$root"/usr/bin/python3* "$root"/usr/bin/perl* "$root"/usr/bin/cpan*
fi
qemu-s390x-static -L "$root" "$root/usr/bin/perf" inject "$@" -i "$in" -o "$out"
printf '%s: ' "$out"
head -c 8 "$out"
echo
