import Foundation
@testable import InfoWinKit
import Testing

@Suite("The typed layout report, its JSON writer and reader")
struct LayoutReportTypedTests {
    /// Every `*.layout.json` recorded under Examples/, the reports of play's frames among them.
    static let recordedReports: [URL] = {
        let walker = FileManager.default.enumerator(at: Repository.examples, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.lastPathComponent.hasSuffix(".layout.json") }
            .sorted { $0.path < $1.path }
    }()

    @Test("every recorded report reads into the struct and is written back byte for byte")
    func recordedReportsRoundTrip() throws {
        #expect(Self.recordedReports.count >= 50)
        for url in Self.recordedReports {
            let text = try String(contentsOf: url, encoding: .utf8)
            let report = LayoutReportReader.report(try JSONParser.parse(Array(text.utf8)).kind)
            #expect(report.text == text, "\(url.path) is not written back as it was read")
        }
    }

    @Test("a rendered report read back from its own JSON is the same struct")
    func renderedReportReadsBackEqual() throws {
        for name in ["several-windows", "pin-images", "custom-icon", "collisions", "clipped-window"] {
            let result = try renderWithPinnedFonts(Repository.examples.appendingPathComponent("\(name)/spec.json").path)
            let read = LayoutReportReader.report(try JSONParser.parse(Array(result.report.text.utf8)).kind)
            #expect(read == result.report, "\(name)'s report does not read back as itself")
        }
    }

    @Test("the struct holds the window's texts, the markers' icons and the collisions as typed values")
    func renderedReportIsTyped() throws {
        let result = try renderWithPinnedFonts(Repository.examples.appendingPathComponent("several-windows/spec.json").path)
        let report = result.report
        let window = try #require(report.infoWindow)
        #expect(report.infoWindows?.first == window)
        #expect(report.markers.contains { $0.id == window.marker })
        #expect(window.title?.lines.isEmpty == false)
        #expect(report.image.width > 0 && report.image.scale > 0)
    }

    @Test("an older report without the later keys reads as empty and absent, not as an error")
    func olderReportIsTolerated() throws {
        let old = #"{"image": {"width": 10, "height": 20}, "markers": [{"id": "a"}], "infoWindow": {"marker": "a", "title": {"lines": ["Hi"]}}}"#
        let report = LayoutReportReader.report(try JSONParser.parse(Array(old.utf8)).kind)
        #expect(report.image.width == 10 && report.image.height == 20)
        #expect(report.markers.map(\.id) == ["a"])
        #expect(report.infoWindow?.title?.lines == ["Hi"])
        #expect(report.infoWindow?.title?.truncated == false)
        #expect(report.hiddenByCollision == nil && report.tiles == nil && report.missingGlyphs.isEmpty)
    }
}
