#!/bin/sh
# consumer-test.sh REPOSITORY: builds this example package against a tagged local clone of REPOSITORY's
# current commit, by URL and version (no network), and runs its tests twice:
#   1. as they are, under CI=1 (nothing recorded): they must pass;
#   2. with the XCTest golden re-recorded from a changed snippet: they must fail with infowin check's
#      message, and the expected, actual and difference images must be in INFOWIN_ARTIFACTS;
#   3. with a German translation too long for the window: failOn: [.truncated] must fail the German card
#      at both scales.
# The passing run must write no artefacts and leave nothing in its temporary folder.
# The clone and the build are kept in REPOSITORY/.build/package-consumer, so a second run is quick.
set -eu
repo=$(cd "$1" && pwd)
work="$repo/.build/package-consumer"
version=$(head -n 1 "$repo/VERSION" | tr -d '[:space:]')
commit=$(git -C "$repo" rev-parse HEAD)
[ -z "$(git -C "$repo" status --porcelain -- Sources Package.swift Plugins VERSION)" ] \
  || echo "package-consumer-test: uncommitted changes are not in the clone: it tests commit $commit"

# The clone of this commit, tagged with VERSION's version, as a release would be. SwiftPM's own clone of it
# goes too, so that the tag is fetched again: the same version tag on another commit would otherwise resolve
# to the commit SwiftPM saw first (its checkout then moves to the new one).
rm -rf "$work/infowin" "$work/consumer" "$work/artifacts" "$work/tmp" "$work/build/repositories"
mkdir -p "$work/tmp"
git clone -q --no-checkout "$repo" "$work/infowin"
git -C "$work/infowin" checkout -q --detach "$commit"
git -C "$work/infowin" tag "$version"

# The example, copied so that its goldens can be changed and its Package.resolved is made afresh.
mkdir -p "$work/consumer"
(cd "$repo/Examples/swift-package" && tar cf - --exclude=.build --exclude=Package.resolved .) | (cd "$work/consumer" && tar xf -)
cd "$work/consumer"
export INFOWIN_URL="file://$work/infowin" INFOWIN_ARTIFACTS="$work/artifacts"
swiftpm() { swift "$@" --scratch-path "$work/build" --disable-dependency-cache; }

echo "package-consumer-test: infowin $version at $commit, by URL and version"
CI=1 TMPDIR="$work/tmp" swiftpm test > "$work/passing.log" 2>&1 || { cat "$work/passing.log"; echo "package-consumer-test: the tests failed"; exit 1; }
tail -n 3 "$work/passing.log"
[ ! -e "$INFOWIN_ARTIFACTS" ] || { echo "package-consumer-test: passing snapshots wrote artefacts to $INFOWIN_ARTIFACTS"; exit 1; }
! ls "$work/tmp" | grep -q infowin-snapshots || { echo "package-consumer-test: snapshots left files in TMPDIR"; ls -R "$work/tmp"; exit 1; }
[ "$(cat Package.resolved | grep -c "\"version\" : \"$version\"")" = 1 ] \
  || { echo "package-consumer-test: infowin was not resolved by version $version"; cat Package.resolved; exit 1; }

# A golden changed: recorded from a card whose snippet says otherwise.
golden=Tests/LondonTests/__Snapshots__/LondonXCTests/london.png
cp Tests/LondonTests/LondonCard.swift "$work/LondonCard.swift"
sed -i 's/Population: 8,174,100/Population: 9,000,000/' Tests/LondonTests/LondonCard.swift
# (CI is unset for this one run: on a CI machine it is set, and under CI nothing is ever recorded.)
(unset CI; INFOWIN_RECORD=all swiftpm test --filter LondonXCTests/testLondonCard > "$work/recording.log" 2>&1) || true
cmp -s "$golden" "$repo/Examples/swift-package/$golden" \
  && { cat "$work/recording.log"; echo "package-consumer-test: INFOWIN_RECORD=all did not re-record $golden"; exit 1; }
cp "$work/LondonCard.swift" Tests/LondonTests/LondonCard.swift
if CI=1 swiftpm test --filter LondonXCTests/testLondonCard > "$work/failing.log" 2>&1; then
  echo "package-consumer-test: a changed golden ($golden) did not fail the test"; exit 1
fi
grep -F 'snippet line 1 changed from "Population: 9,000,000" to "Population: 8,174,100"' "$work/failing.log" \
  || { cat "$work/failing.log"; echo "package-consumer-test: no layout change in the failure"; exit 1; }
for image in expected actual diff; do
  [ -s "$INFOWIN_ARTIFACTS/LondonXCTests/london.$image.png" ] \
    || { echo "package-consumer-test: no $image image in $INFOWIN_ARTIFACTS/LondonXCTests"; exit 1; }
done

# A translation too long for the window: the German title is cut, which failOn: [.truncated] fails at each
# scale, though the goldens were recorded with the short one.
sed -i '/"de"/s/"value": "London"/"value": "Londoner Stadtzentrum mit einem sehr langen Namen, der nicht in das Fenster passt, auch nicht in zwei Zeilen"/' Strings/Localizable.xcstrings
if CI=1 swiftpm test --filter LondonXCTests/testGermanCardAtTwoScales > "$work/truncated.log" 2>&1; then
  echo "package-consumer-test: a German title cut by the window did not fail failOn: [.truncated]"; exit 1
fi
for variant in london.de london.de@2x; do
  grep -F "$variant: marker \"london\": title cut after" "$work/truncated.log" \
    || { cat "$work/truncated.log"; echo "package-consumer-test: no cut title for $variant"; exit 1; }
done
echo "package-consumer-test: passed as released, failed on a changed golden with the message and the three images in $INFOWIN_ARTIFACTS, and on a cut translation"
