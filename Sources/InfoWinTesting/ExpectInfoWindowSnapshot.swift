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
    #if compiler(>=6.3)
    let warn: ((String) -> Void)? = { Issue.record(Comment(rawValue: $0), severity: .warning, sourceLocation: sourceLocation) }
    #else
    let warn: ((String) -> Void)? = nil
    #endif
    findings.report(fail: { Issue.record(Comment(rawValue: $0), sourceLocation: sourceLocation) }, warn: warn)
}
