#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InfoWinKit
import XCTest

/// Checks `map` against its golden images in an XCTest test, as `infowin check` checks a spec: one golden
/// per variant, `__Snapshots__/<this test file>/<name><variant>.png` (`NAME.de.dark@2x.png`).
///
/// - `strings:` a String Catalog (`.xcstrings`, `res/`, a folder of `*.lproj`) filling `{{strings.KEY}}`,
///   with `locale:` one tag (`"de"`, named in the golden) or `.all`;
/// - `traits:` one (`"dark"`), several (`["dark", "AX5"]`) or `.all`;
/// - `data:` a rows file (JSON Lines, a JSON array or CSV) filling `{{data.COLUMN}}`, one golden a row;
/// - `scales:` whole scales, each its own golden (`NAME@2x.png`);
/// - `failOn:` what fails a snapshot that matches its golden (`[.clipped, .truncated]`);
/// - `record:` when goldens are written (overrides `INFOWIN_RECORD`; nothing is recorded with `CI` set).
///
/// A difference is an `XCTFail` with `check`'s message at the caller's line ("snippet line 1 changed
/// from …"), the expected, actual and difference images written to `INFOWIN_ARTIFACTS` (or the package's
/// `.build/infowin-artifacts`). The render's warnings (a window the canvas cuts…) fail the test too, unless
/// `failOn: []` is given explicitly: then they are printed as notes.
public func assertInfoWindowSnapshot(
    of map: MapView, named name: String, strings: URL? = nil, locale: SnapshotLocale? = nil, traits: SnapshotTraits? = nil,
    data: URL? = nil, scales: [Int]? = nil, failOn: Set<SnapshotProblem>? = nil, record: SnapshotRecordMode? = nil,
    filePath: StaticString = #filePath, line: UInt = #line
) {
    let options = SnapshotOptions(strings: strings, locale: locale, traits: traits, data: data, scales: scales, failOn: failOn, record: record)
    InfoWindowSnapshot.check(of: map, named: name, options: options, testFile: "\(filePath)")
        .report(fail: { XCTFail($0, file: filePath, line: line) })
}
