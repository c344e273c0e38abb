#!/bin/sh
# Unpacks another Debian release's perf, with the shared libraries it
# needs, into DIR, and writes DIR/perf, a wrapper that runs it through the
# unpacked ld.so: nothing is installed, and the machine's apt state is not
# touched (a private apt configuration under DIR).  For oracles only: the
# .mmaps of profiles perf 6.1 cannot read (SOURCES.tsv says which).
# Usage: fetch-perf.sh SUITE DIR, e.g. bookworm-backports /tmp/perf612 or
# sid /tmp/perf-sid.  Needs apt-get and dpkg-deb, no root.
set -eu
suite=${1:?usage: fetch-perf.sh SUITE DIR}
dir=${2:?usage: fetch-perf.sh SUITE DIR}
mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" "$dir/debs" \
    "$dir/root"
dir=$(cd "$dir" && pwd)
# a backports suite holds perf, not the libc beneath it
{
	echo "deb http://deb.debian.org/debian $suite main"
	case $suite in *-backports)
		echo "deb http://deb.debian.org/debian ${suite%-backports} main";;
	esac
} >"$dir/sources.list"
: >"$dir/status"
apt() {
	"$@" -o Dir::Etc::SourceList="$dir/sources.list" \
	    -o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists="$dir/lists" \
	    -o Dir::Cache="$dir/cache" -o Dir::State::status="$dir/status" \
	    -o APT::Default-Release="$suite" \
	    -o Debug::NoLocking=1 -o APT::Architecture=amd64 \
	    -o APT::Architectures=amd64
}
apt apt-get -q update >/dev/null
# every library linux-perf needs, as the suite has it, from an empty
# system: the closure of its Depends without the interpreters perf only
# runs scripts with (perl, python3) and what only maintainer scripts use
pkgs=$(apt apt-cache depends --recurse --no-recommends --no-suggests \
    --no-conflicts --no-breaks --no-replaces --no-enhances linux-perf |
    grep -v '^[ <]' | grep -E '^(linux-perf|lib)' |
    grep -v -E '^lib(perl|python3-stdlib|python3\.[0-9]+-stdlib)' | sort -u)
(cd "$dir/debs" && apt apt-get -q download $pkgs >/dev/null 2>&1)
for d in "$dir"/debs/*.deb; do
	dpkg-deb -x "$d" "$dir/root"
done
# bookworm's packages keep libraries in /lib, newer ones in /usr/lib
r=$dir/root
ld=$(ls "$r"/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 \
    "$r"/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 2>/dev/null | head -1)
cat >"$dir/perf" <<EOS
#!/bin/sh
exec $ld --library-path $r/usr/lib/x86_64-linux-gnu:$r/lib/x86_64-linux-gnu \\
    $r/usr/bin/perf "\$@"
EOS
chmod +x "$dir/perf"
"$dir/perf" version
