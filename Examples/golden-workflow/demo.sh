#!/usr/bin/env bash
# The golden-image workflow of a CI pipeline, from the first record to a failing diff, on one spec; unchanged
# specs pass without being drawn.
# Run from the repository root after `make build`:  Examples/golden-workflow/demo.sh
# It works in a temporary folder and copies the failure report it produces into Examples/golden-workflow/report.
set -uo pipefail
infowin=$(realpath "${INFOWIN:-.build/release/infowin}")
here=$(realpath "$(dirname "$0")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/specs"
cp "$here/../london-title-snippet/spec.json" "$work/specs/london.json"
cd "$work"
# Pin the fonts, so that the goldens do not depend on the machine that draws them.
fonts=(--hermetic-fonts --font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf --font /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf)

step() { printf '\n$ %s\n' "$*"; "$@"; echo "(exit status $?)"; }

echo "1. A developer records the goldens (the default --record missing writes the missing ones; the run fails,"
echo "   so that nobody mistakes a fresh recording for a passing check), looks at them and commits them."
step "$infowin" check specs --golden goldens "${fonts[@]}"

echo
echo "2. CI checks every push. CI is set there, so nothing is recorded; this passes. Nothing the picture depends"
echo "   on has changed (the golden's infowin:inputs hash is the spec's), so it passes without being drawn:"
echo "   \"skipped (unchanged, not drawn)\". --verify draws it anyway, and it still passes."
CI=true step "$infowin" check specs --golden goldens "${fonts[@]}"
CI=true step "$infowin" check specs --golden goldens "${fonts[@]}" --verify

echo
echo "3. A change alters the snippet: the check fails, says what changed first, and writes a report."
sed -i 's/Population: 8,174,100/Population: 8,982,000/' specs/london.json
CI=true step "$infowin" check specs --golden goldens "${fonts[@]}" \
    --report report --junit report/junit.xml

echo
echo "4. The change was intended: re-record the failing goldens, look at them, and commit them."
step "$infowin" check specs --golden goldens "${fonts[@]}" --record failed

echo
echo "5. The next CI run finds the new golden made from the spec as it is now: unchanged again, not drawn."
CI=true step "$infowin" check specs --golden goldens "${fonts[@]}"

rm -rf "$here/report"
cp -r report "$here/report"
echo
echo "The report of step 3 is in Examples/golden-workflow/report (index.html, junit.xml and the images)."
