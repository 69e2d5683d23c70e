#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InfoWinKit
import Testing

/// Checks `map` against its golden images in a Swift Testing test, as `infowin check` checks a spec: one
/// golden per variant, `__Snapshots__/<this test file>/<name><variant>.png`. The parameters are
/// `assertInfoWindowSnapshot`'s. A difference is an `Issue` with `check`'s message at the caller's source
/// location, the expected, actual and difference images written to `INFOWIN_ARTIFACTS` (or the package's
/// `.build/infowin-artifacts`); each of the render's warnings is an issue of warning severity, which does
/// not fail the test. (With a Swift Testing older than Swift 6.3's, which has no severities, warnings are
/// failures unless `failOn: []` is given, as in XCTest.) A function, not a macro (a macro would need
/// swift-syntax).
public func expectInfoWindowSnapshot(
    of map: MapView, named name: String, strings: URL? = nil, locale: SnapshotLocale? = nil, traits: SnapshotTraits? = nil,
    data: URL? = nil, scales: [Int]? = nil, failOn: Set<SnapshotProblem>? = nil, record: SnapshotRecordMode? = nil,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let options = SnapshotOptions(strings: strings, locale: locale, traits: traits, data: data, scales: scales, failOn: failOn, record: record)
    let findings = InfoWindowSnapshot.check(of: map, named: name, options: options, testFile: filePath)
    findings.notes.forEach(SnapshotFindings.printNote)
    for warning in findings.warnings {
        #if compiler(>=6.3)
        Issue.record(Comment(rawValue: "warning: \(warning)"), severity: .warning, sourceLocation: sourceLocation)
        #else
        if findings.warningsAreNotes {
            SnapshotFindings.printNote("warning: \(warning)")
        } else {
            Issue.record(Comment(rawValue: SnapshotFindings.failing(warning)), sourceLocation: sourceLocation)
        }
        #endif
    }
    for failure in findings.failures {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}
