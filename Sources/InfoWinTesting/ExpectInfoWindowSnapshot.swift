import InfoWinKit
import Testing

/// Checks `map` against its golden image `__Snapshots__/<this test file>/<name>.png` in a Swift Testing
/// test: on a difference, an `Issue` with `infowin check`'s message at the caller's source location, and
/// the expected, actual and difference images written to `INFOWIN_ARTIFACTS`. A function, not a macro
/// (a macro would need swift-syntax).
public func expectInfoWindowSnapshot(
    of map: MapView, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    if let message = InfoWindowSnapshot.failure(of: map, named: name, testFile: filePath) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}
