#!/bin/sh
# Usage: packaging/deb.sh ROOT VERSION ARCH "FONT PACKAGES" OUT.deb
# Turns ROOT, a tree made by `make install DESTDIR=ROOT PREFIX=/usr`, into the Debian package OUT.deb:
# the binary stripped, the man page compressed, the copyright and changelog in /usr/share/doc/infowin,
# and a control file whose Depends are the libraries dpkg-shlibdeps finds the binary linked with, plus
# libcurl4, libmicrohttpd12, libsqlite3-0 and ICU's libicuNN, of the version infowin was built against
# (all four opened at run time, so no tool can see them), and the fonts infowin draws with.
set -eu
root=$(cd "$1" && pwd)
version=$2
arch=$3
fonts=$4
out=$5
binary=$root/usr/bin/infowin
maintainer=${DEB_MAINTAINER:-infowin maintainers <infowin@example.org>}

# Nothing may come from the Swift toolchain: the release build links the Swift runtime statically.
if readelf -d "$binary" | grep -E 'RPATH|RUNPATH' | grep -q /opt/swift \
    || ldd "$binary" | grep -q -E '/opt/swift|not found'; then
    echo "deb: $binary needs the Swift toolchain's libraries:" >&2
    ldd "$binary" >&2
    exit 1
fi

# SwiftPM links in a RUNPATH of $ORIGIN, which would let files beside /usr/bin/infowin stand in for the
# system's libraries.
chrpath -d "$binary"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$binary"
gzip -9nf "$root/usr/share/man/man1/infowin.1"

doc=$root/usr/share/doc/infowin
install -d "$doc"
cat > "$doc/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: infowin

Files: *
Copyright: 2026 the infowin authors
License: other
 infowin has no published licence yet; ask its authors before passing it on.
 The fonts it draws with are separate packages, each with its own licence
 (see /usr/share/doc/fonts-*/copyright).
COPYRIGHT
{
    echo "infowin ($version) unstable; urgency=medium"
    echo
    echo "  * infowin $version (see CHANGELOG.md in the sources)."
    echo
    echo " -- $maintainer  $(date -R -d "@${SOURCE_DATE_EPOCH:-$(stat -c %Y "$binary")}")"
} | gzip -9n > "$doc/changelog.gz"

# dpkg-shlibdeps reads debian/control from its working folder: give it a minimal one, away from here.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/debian"
printf 'Source: infowin\n\nPackage: infowin\nArchitecture: any\n' > "$work/debian/control"
shlibs=$(cd "$work" && dpkg-shlibdeps -O "$binary")
libraries=${shlibs#shlibs:Depends=}
icu="libicu$(pkg-config --modversion icu-uc | cut -d. -f1)"
depends="$libraries, libcurl4, libmicrohttpd12, libsqlite3-0, $icu, $(echo $fonts | sed 's/ /, /g')"

find "$root" -type d -exec chmod 0755 {} +
find "$root" -type f -exec chmod 0644 {} +
chmod 0755 "$binary"
rm -rf "$root/DEBIAN"
install -d "$root/DEBIAN"
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) > "$root/DEBIAN/md5sums"
cat > "$root/DEBIAN/control" <<CONTROL
Package: infowin
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Section: graphics
Priority: optional
Description: draw map markers and their info windows from JSON specs
 infowin draws the info windows (callouts) of map markers the way the Google
 Maps SDK for iOS, Android and the web draws them, over a plain map or map
 tiles, as PNG, JPEG, WebP, SVG or PDF, from a JSON spec; it checks them
 against golden images, pixel for pixel, in CI.
CONTROL
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
# Written beside, then renamed: a failed build leaves no half a package.
dpkg-deb --root-owner-group --build "$root" "$out.partial"
mv "$out.partial" "$out"
echo "deb: wrote $out"
dpkg-deb --field "$out" Depends
