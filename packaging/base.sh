#!/bin/sh
# Usage: packaging/base.sh DIR
# Makes DIR a minimal Debian 12 (debootstrap --variant=minbase bookworm) unless it is there already: the
# clean machine the package and image tests install infowin on. Kept between runs (it takes minutes).
set -eu
dir=$1
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
if [ -x "$dir/usr/bin/apt-get" ]; then
    echo "base: reusing $dir"
    exit 0
fi
if [ "$(id -u)" != 0 ]; then
    echo "base: debootstrap needs root; run it with sudo" >&2
    exit 1
fi
rm -rf --one-file-system "$dir.partial"
mkdir -p "$(dirname "$dir")"
echo "base: debootstrap --variant=minbase bookworm $dir (from $mirror)"
debootstrap --variant=minbase bookworm "$dir.partial" "$mirror"
# The sources a Debian 12 machine (and the debian:bookworm-slim image) has: the release, its updates
# and its security fixes, so that the libraries installed are those of an up-to-date machine.
rm -f "$dir.partial/etc/apt/sources.list"
cat > "$dir.partial/etc/apt/sources.list.d/debian.sources" <<SOURCES
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
rm -f "$dir.partial"/var/cache/apt/archives/*.deb
mv "$dir.partial" "$dir"
