import InfoWinKit
import InfoWinTesting
import XCTest

/// The card under XCTest: its golden is `__Snapshots__/LondonXCTests/london.png`.
final class LondonXCTests: XCTestCase {
    func testLondonCard() {
        assertInfoWindowSnapshot(of: LondonCard.map, named: "london")
    }

    /// The German card at 1× and 2×: `london.de.png` and `london.de@2x.png` (a locale given is in the
    /// name). A title or snippet cut by a longer translation fails it, even once recorded so.
    func testGermanCardAtTwoScales() {
        assertInfoWindowSnapshot(
            of: LondonCard.localised, named: "london", strings: LondonCard.catalog, locale: "de", scales: [1, 2], failOn: [.truncated])
    }

    func testTheRendererGivesAPNGAndAReport() throws {
        let result = try Renderer().render(LondonCard.map, format: .png)
        XCTAssertEqual(Array(result.bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertTrue(result.report.text.contains("Population: 8,174,100"))
    }
}
