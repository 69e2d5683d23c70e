import InfoWinKit
import XCTest

/// Checks `map` against its golden image `__Snapshots__/<this test file>/<name>.png` in an XCTest test:
/// on a difference, `XCTFail` with `infowin check`'s message at the caller's line ("snippet line 1 changed
/// from …"), and the expected, actual and difference images written to `INFOWIN_ARTIFACTS`. A missing
/// golden is recorded (and fails once) unless `INFOWIN_RECORD` or `CI` say otherwise.
public func assertInfoWindowSnapshot(
    of map: MapView, named name: String, filePath: StaticString = #filePath, line: UInt = #line
) {
    if let message = InfoWindowSnapshot.failure(of: map, named: name, testFile: "\(filePath)") {
        XCTFail(message, file: filePath, line: line)
    }
}
