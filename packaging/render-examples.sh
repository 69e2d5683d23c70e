#!/bin/sh
# Usage: render-examples.sh INFOWIN OUT "GOLDEN EXAMPLES" "LOCALISED EXAMPLES" FONT-OPTION…
# Run in a folder holding a copy of Examples/: renders every example into OUT (one thread, the fonts
# given; the localised ones in every locale of their catalog), then checks them against their goldens
# (the localised ones in English and both pseudo-locales, as `make goldens` records them). The package
# and image tests run it with the source build and inside the clean system, and compare the two OUTs.
# shellcheck disable=SC2086 # the lists are of folders, none with a space
set -eu
infowin=$1
out=$2
goldens=$3
localised=$4
shift 4
rm -rf "$out"
"$infowin" --version
"$infowin" batch $goldens -o "$out" --base Examples --jobs 1 "$@"
CI=1 "$infowin" check $goldens --golden Examples --base Examples --record never "$@"
for example in $localised; do
    catalog=$example/Localizable.xcstrings
    "$infowin" batch "$example" -o "$out/$example" --strings "$catalog" --locale all --jobs 1 "$@"
    CI=1 "$infowin" check "$example/spec.json" --golden "$example" --base "$example" --strings "$catalog" --locale en "$@"
    for pseudo in en-XA ar-XB; do
        CI=1 "$infowin" check "$example/spec.json" --golden "$example" --base "$example" --strings "$catalog" \
            --locale en --pseudo-locale $pseudo "$@"
    done
done
