import InfoWinKit
import InfoWinTesting
import XCTest

/// The card under XCTest: its golden is `__Snapshots__/LondonXCTests/london.png`.
final class LondonXCTests: XCTestCase {
    func testLondonCard() {
        assertInfoWindowSnapshot(of: LondonCard.map, named: "london")
    }

    func testTheRendererGivesAPNGAndAReport() throws {
        let result = try Renderer().render(LondonCard.map, format: .png)
        XCTAssertEqual(Array(result.bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertTrue(result.report.text.contains("Population: 8,174,100"))
    }
}
