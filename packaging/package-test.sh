#!/bin/sh
# Usage: packaging/package-test.sh DEB INFOWIN BASE WORK "GOLDEN EXAMPLES" "LOCALISED EXAMPLES" FONT-OPTION…
# Installs DEB with apt into a fresh copy of BASE (a debootstrap tree, see base.sh) in WORK/root, renders
# every example there and with the source build INFOWIN, and fails unless every file is
# byte-identical; inside, the examples with goldens are also checked against them. Whatever happens,
# what it mounted is unmounted.
set -eu
deb=$1
reference=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
base=$3
work=$4
goldens=$5
localised=$6
shift 6
here=$(pwd)

mounted=""
cleanup() {
    for point in $mounted; do umount -l "$point" 2>/dev/null || echo "package-test: could not unmount $point" >&2; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ "$(id -u)" != 0 ]; then
    echo "package-test: needs root (chroot, mount); run it with sudo" >&2
    exit 1
fi
# A run that was killed may have left its mounts: never delete through them (/dev is the host's).
mkdir -p "$work"
work=$(cd "$work" && pwd)
root=$work/root
awk -v under="$work/" 'index($2, under) == 1 { print $2 }' /proc/mounts | sort -r | while read -r point; do
    umount -l "$point"
done
rm -rf --one-file-system "$work"
mkdir -p "$work"
echo "package-test: copying $base to $root"
cp -a "$base" "$root"
for point in proc sys dev; do
    mkdir -p "$root/$point"
    case $point in
    proc) mount -t proc proc "$root/proc" ;;
    sys) mount -t sysfs sysfs "$root/sys" ;;
    dev) mount --bind /dev "$root/dev" ;;
    esac
    mounted="$root/$point $mounted"
done
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/"
mkdir -p "$root/work"
cp -a Examples "$root/work/Examples"
cp packaging/render-examples.sh "$root/work/"

echo "package-test: apt-get install ./$(basename "$deb") in a clean Debian 12"
chroot "$root" apt-get update -qq
chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "/tmp/$(basename "$deb")"
chroot "$root" dpkg -s infowin | grep -E '^(Version|Depends):'
test -f "$root/usr/share/man/man1/infowin.1.gz"
test -f "$root/usr/share/bash-completion/completions/infowin"
test -f "$root/usr/share/zsh/site-functions/_infowin"
test -f "$root/usr/share/fish/vendor_completions.d/infowin.fish"
test -f "$root/usr/share/infowin/spec.schema.json"

echo "package-test: rendering the examples in the clean system"
chroot "$root" sh -c 'cd /work && exec sh render-examples.sh infowin out "$@"' sh "$goldens" "$localised" "$@"
echo "package-test: rendering the examples with the source build"
mkdir -p "$work/reference"
cp -a Examples "$work/reference/Examples"
(cd "$work/reference" && sh "$here/packaging/render-examples.sh" "$reference" out "$goldens" "$localised" "$@")

packaging/compare-renders.sh "$work/reference/out" "$root/work/out"
