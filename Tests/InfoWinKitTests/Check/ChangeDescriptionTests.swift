import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

private func report(frame: (Double, Double, Double, Double)) -> LayoutReport {
    LayoutReportReader.report(.members([
        "image": .members(["width": .number(780), "height": .number(600)]),
        "infoWindow": .members([
            "marker": .string("a"), "frame": .members(["x": .number(frame.0), "y": .number(frame.1), "width": .number(frame.2), "height": .number(frame.3)]),
            "clipped": .list([]), "title": .null, "snippet": .null, "texts": .list([]),
        ]),
        "markers": .list([]), "missingGlyphs": .list([]),
    ]))
}

@Suite("what changed, said once")
struct ChangeDescriptionTests {
    @Test("a window that grew upward is taller, growing upward, not moved up and taller")
    func growth() {
        let golden = report(frame: (100, 100, 200, 80))
        #expect(LayoutChanges.between(golden: golden, actual: report(frame: (100, 96, 200, 84))) == ["window frame is 4 px taller, growing upward"])
        #expect(LayoutChanges.between(golden: golden, actual: report(frame: (100, 100, 200, 90))) == ["window frame is 10 px taller, growing downward"])
        #expect(LayoutChanges.between(golden: golden, actual: report(frame: (95, 100, 210, 80))) == ["window frame is 10 px wider, growing on both sides"])
        #expect(LayoutChanges.between(golden: golden, actual: report(frame: (90, 100, 210, 80))) == ["window frame is 10 px wider, growing to the left"])
        #expect(LayoutChanges.between(golden: golden, actual: report(frame: (103, 98, 200, 80))) == ["window frame moved 3 px right and 2 px up"])
    }

    @Test("a different scale is named first")
    func scaleFirst() {
        let versions = LibraryVersions(cairo: "1", pango: "1", harfbuzz: "1", freetype: "1")
        let golden = Fingerprint(infowin: "1", libraries: versions, scale: 2, fonts: [FontFileHash(name: "a.ttf", hash: "1")])
        let actual = Fingerprint(infowin: "1", libraries: versions, scale: 3, fonts: [FontFileHash(name: "a.ttf", hash: "2")])
        #expect(actual.differences(from: golden).first == "rendered at scale 3; the golden is at 2")
    }
}

@Suite("the HTML report")
struct HTMLReportLayoutTests {
    @Test("expected, actual and difference stay side by side whatever the width: the row never wraps and each image shrinks")
    func sideBySide() {
        let html = CheckReports.html([], goldenFolder: "goldens")
        // One grid row of equal columns that may shrink below the images' width (ReportPageBrowserTests
        // measures the panes in Chromium).
        #expect(html.contains(".side { display: grid; grid-template-columns: repeat(auto-fit, minmax(0, 1fr));"))
        #expect(html.contains(".pane { margin: 0; min-width: 0; }"))
        #expect(html.contains("img.shot { display: block; max-width: 100%; height: auto; }"))
    }
}
