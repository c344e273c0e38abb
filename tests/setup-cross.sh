#!/bin/sh
# Installs what `make cross` and `make test-cross` need, from Debian 12
# only, and does nothing that is already done (run it as often as you like):
# the cross gccs, Debian's musl for arm64, armhf, armel and s390x, musl for
# riscv64 built from Debian's own source package (bookworm has no riscv64
# port, so no musl-dev:riscv64), and qemu-user-static.  Run as root.
set -eu
export DEBIAN_FRONTEND=noninteractive
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
RV=/opt/musl-riscv64

have_all() {
	for c in aarch64-linux-musl-gcc arm-linux-musleabihf-gcc \
	    arm-linux-musleabi-gcc riscv64-linux-musl-gcc s390x-linux-musl-gcc \
	    qemu-aarch64-static qemu-arm-static qemu-riscv64-static \
	    qemu-s390x-static; do
		command -v "$c" >/dev/null 2>&1 || return 1
	done
	[ -f "$RV/lib/libc.a" ]
}
if have_all; then
	echo "setup-cross: toolchains and qemu already there"
	exit 0
fi

for a in arm64 armhf armel s390x; do
	dpkg --print-foreign-architectures | grep -qx "$a" ||
	    $SUDO dpkg --add-architecture "$a"
done
# apt-get source needs a deb-src line: the twin of the first Debian entry
src=/etc/apt/sources.list.d/perfmt-src.sources
if [ ! -f "$src" ] && ! grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list \
    /etc/apt/sources.list.d; then
	if [ -f /etc/apt/sources.list.d/debian.sources ]; then
		awk 'BEGIN { RS = ""; ORS = "\n\n" } NR == 1 {
			sub(/Types: deb/, "Types: deb-src"); print }' \
		    /etc/apt/sources.list.d/debian.sources | $SUDO tee "$src" >/dev/null
	else
		grep -m1 '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' |
		    $SUDO tee /etc/apt/sources.list.d/perfmt-src.list >/dev/null
	fi
fi
# a foreign architecture's security index may be mid-sync on the mirror
# (apt-get update then exits 100); everything below comes from main, and
# apt-get install fails loudly if a package is really not there
$SUDO apt-get -o Acquire::Retries=3 update ||
    echo "setup-cross: apt-get update had errors; going on" >&2
n=0
until $SUDO apt-get -o Acquire::Retries=3 install -y --no-install-recommends \
	make gcc libc6-dev file binutils dpkg-dev xz-utils \
	musl-tools musl-dev:amd64 \
	musl-dev:arm64 musl-dev:armhf musl-dev:armel musl-dev:s390x \
	gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf gcc-arm-linux-gnueabi \
	gcc-s390x-linux-gnu gcc-riscv64-linux-gnu qemu-user-static; do
	n=$((n + 1))
	[ "$n" -lt 3 ] || exit 1
	echo "setup-cross: apt-get install failed; again in $((n * 30)) s" >&2
	sleep $((n * 30))
	$SUDO apt-get -o Acquire::Retries=3 update || true
done

if [ ! -f "$RV/lib/libc.a" ] || [ ! -x "$RV/bin/musl-gcc" ]; then
	w=$(mktemp -d)
	(
		cd "$w"
		apt-get source --download-only musl
		dpkg-source -x musl_*.dsc src
		cd src
		./configure --target=riscv64-linux-gnu CROSS_COMPILE=riscv64-linux-gnu- \
		    CC=riscv64-linux-gnu-gcc --prefix="$RV" --disable-shared \
		    --enable-wrapper=gcc
		make -j"$(nproc)"
		$SUDO make install
	)
	rm -rf "$w"
fi
$SUDO ln -sf "$RV/bin/musl-gcc" /usr/local/bin/riscv64-linux-musl-gcc

if ! have_all; then
	echo "setup-cross: something is still missing after the install" >&2
	exit 1
fi
echo "setup-cross: ready"
