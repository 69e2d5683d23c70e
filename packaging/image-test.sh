#!/bin/sh
# Usage: packaging/image-test.sh IMAGE CONTEXT INFOWIN BASE WORK "GOLDEN EXAMPLES" "LOCALISED EXAMPLES" FONT-OPTION…
# Makes the local base image localhost/infowin-base:bookworm from BASE (a debootstrap tree, see base.sh:
# no registry is needed), builds IMAGE from CONTEXT (the Containerfile and the .deb) on it with buildah,
# renders every example inside it and with the source build INFOWIN, fails unless every file is
# byte-identical (inside, the examples with goldens are also checked against them), and prints the
# image's size. The containers it makes are removed whatever happens.
set -eu
image=$1
context=$2
reference=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
base=$4
work=$5
goldens=$6
localised=$7
shift 7
base_image=localhost/infowin-base:bookworm
here=$(pwd)

containers=""
cleanup() {
    for container in $containers; do buildah rm "$container" >/dev/null 2>&1 || true; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

rm -rf "$work"
mkdir -p "$work"
if ! buildah inspect --type image "$base_image" >/dev/null 2>&1; then
    echo "image-test: making $base_image from $base, slimmed as debian:bookworm-slim is"
    cp -a "$base" "$work/base"
    find "$work/base/usr/share/doc" ! -type d ! -name copyright -delete
    rm -rf "$work/base/usr/share/man/"* "$work/base/usr/share/locale/"* "$work/base/usr/share/info/"*
    tar -C "$work/base" --numeric-owner -cf "$work/base.tar" .
    rm -rf "$work/base"
    container=$(buildah from scratch)
    containers="$container $containers"
    buildah add "$container" "$work/base.tar" /
    rm "$work/base.tar"
    buildah config --cmd /bin/bash --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$container"
    buildah commit --rm "$container" "$base_image"
    containers=""
else
    echo "image-test: reusing $base_image"
fi

echo "image-test: buildah bud --isolation chroot --build-arg BASE=$base_image -t $image"
buildah bud --isolation chroot --layers=false --build-arg BASE="$base_image" -t "$image" -f "$context/Containerfile" "$context"

config=$(buildah inspect --type image --format '{{.OCIv1.Config.Entrypoint}} {{.OCIv1.Config.User}} {{.OCIv1.Config.WorkingDir}}' "$image")
if [ "$config" != "[infowin] infowin /work" ]; then
    echo "image-test: $image has entrypoint, user and working folder '$config', not '[infowin] infowin /work'" >&2
    exit 1
fi

echo "image-test: rendering the examples inside $image"
mkdir -p "$work/inside"
cp -a Examples "$work/inside/Examples"
cp packaging/render-examples.sh "$work/inside/"
chmod -R a+rwX "$work/inside"
container=$(buildah from "$image")
containers="$container $containers"
buildah run --isolation chroot -v "$(cd "$work/inside" && pwd):/work" "$container" -- \
    sh render-examples.sh infowin out "$goldens" "$localised" "$@"

echo "image-test: rendering the examples with the source build"
mkdir -p "$work/reference"
cp -a Examples "$work/reference/Examples"
(cd "$work/reference" && sh "$here/packaging/render-examples.sh" "$reference" out "$goldens" "$localised" "$@")

packaging/compare-renders.sh "$work/reference/out" "$work/inside/out"
buildah images --format '{{.Name}}:{{.Tag}} {{.Size}}' "$image" | sed 's/^/image-test: image size: /'
