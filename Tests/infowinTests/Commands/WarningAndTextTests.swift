import Foundation
import InfoWinTestSupport
import Testing

@Suite("render: warnings")
struct WarningTests {
    @Test func windowCutByTheTopEdgeWarnsNamingMarkerAndEdgeAndIsListedInClipped() throws {
        let folder = try TemporaryFolder()
        // 0.035° north of the centre at zoom 12 puts the pin near the top: its window sticks out above.
        try folder.write(Specs.spec(markers: [
            Specs.marker("north", latitude: 0.035, title: "Top", snippet: "near the top edge"),
        ], selected: "north"), to: "spec.json")

        let result = try CLI.run(["render", "spec.json", "-o", "out.png", "--layout", "out.json"], in: folder.url)

        #expect(result.status == 0, "a cut window is still drawn; stderr: \(result.stderr)")
        #expect(PNG.size(try folder.bytes("out.png")) != nil)
        let warning = try #require(result.stderr.split(separator: "\n").first { $0.hasPrefix("warning:") },
                                   "no warning on stderr: \(result.stderr)")
        #expect(warning.contains("north"), "warning: \(warning)")
        #expect(warning.contains("top"), "warning: \(warning)")

        let report = try folder.layout("out.json")
        let window = try #require(report["infoWindow"] as? [String: Any])
        #expect(window["clipped"] as? [String] == ["top"])
        let frame = try #require(Layout.rect(window["frame"]))
        #expect(frame.y < 0, "the frame is reported where it was drawn, above the canvas")
        let warnings = try #require(report["warnings"] as? [String])
        #expect(warnings.contains { $0.contains("north") && $0.contains("top") }, "report warnings: \(warnings)")
    }

    @Test func windowInsideTheCanvasIsNotClippedAndNotWarned() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(markers: [Specs.marker("mid", title: "Middle")], selected: "mid"),
                         to: "spec.json")
        let result = try CLI.run(["render", "spec.json", "-o", "out.png", "--layout", "out.json"], in: folder.url)
        #expect(result.status == 0)
        #expect(!result.stderr.contains("warning:"), "stderr: \(result.stderr)")
        let window = try #require(try folder.layout("out.json")["infoWindow"] as? [String: Any])
        #expect(window["clipped"] as? [String] == [])
    }

    @Test func charactersNoFontCanDrawAreListedInMissingGlyphsAndWarned() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(markers: [
            Specs.marker("pua", title: "Box \u{E400} here", snippet: "and \u{10FFFD}"),
        ], selected: "pua"), to: "spec.json")

        let result = try CLI.run(["render", "spec.json", "-o", "out.png", "--layout", "out.json"], in: folder.url)

        #expect(result.status == 0, "a missing glyph is drawn as a box, not an error; stderr: \(result.stderr)")
        let report = try folder.layout("out.json")
        let missing = try #require(report["missingGlyphs"] as? [[String: Any]])
        let characters = missing.compactMap { $0["character"] as? String }
        #expect(characters.contains("U+E400"), "missingGlyphs: \(missing)")
        #expect(characters.contains("U+10FFFD"), "missingGlyphs: \(missing)")
        #expect(missing.allSatisfy { $0["marker"] as? String == "pua" }, "missingGlyphs: \(missing)")

        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.contains { $0.contains("U+E400") && $0.contains("pua") }, "stderr: \(result.stderr)")
        #expect(warnings.contains { $0.contains("U+10FFFD") && $0.contains("pua") }, "stderr: \(result.stderr)")
    }
}

@Suite("render: scripts")
struct ScriptTests {
    static let arabicSnippet = "عاصمة جمهورية مصر العربية وأكبر مدنها، يبلغ عدد سكانها نحو 10 ملايين نسمة."
    /// No spaces and no punctuation: only a line breaker that knows Han text can wrap it.
    static let chineseSnippet = "北京是中华人民共和国的首都也是全国的政治中心文化中心国际交往中心和科技创新中心"

    @Test(arguments: [
        ("arabic", "القاهرة", arabicSnippet),
        ("hebrew", "ירושלים", "בירת ישראל והעיר הגדולה ביותר במדינה"),
    ])
    func rightToLeftTextRenders(id: String, title: String, snippet: String) throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(scale: 2, markers: [Specs.marker(id, title: title, snippet: snippet)],
                                    selected: id), to: "spec.json")

        let result = try CLI.run(["render", "spec.json", "-o", "out.png", "--layout", "out.json"], in: folder.url)

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(PNG.size(try folder.bytes("out.png"))?.width == 780)
        let report = try folder.layout("out.json")
        let window = try #require(report["infoWindow"] as? [String: Any])
        #expect((window["title"] as? [String: Any])?["lines"] as? [String] == [title])
        let lines = try #require((window["snippet"] as? [String: Any])?["lines"] as? [String])
        #expect(!lines.isEmpty)
        #expect((report["missingGlyphs"] as? [Any])?.isEmpty == true, "\(report["missingGlyphs"] ?? "")")
    }

    @Test func leftToRightTitleStartsAtTheWindowsLeftPadding() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")
        _ = try CLI.run(["render", "spec.json", "-o", "out.png", "--layout", "out.json"], in: folder.url)
        let window = try #require(try folder.layout("out.json")["infoWindow"] as? [String: Any])
        let frame = try #require(Layout.rect(window["frame"]))
        let title = try #require(Layout.rect((window["title"] as? [String: Any])?["frame"]))
        #expect(abs(title.x - (frame.x + 12 * 2)) <= 2, "title \(title), window \(frame)")
    }

    @Test
    func rightToLeftTitleFrameIsAlignedToTheWindowsRightPadding() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(scale: 2, markers: [
            Specs.marker("cairo", title: "القاهرة", snippet: Self.arabicSnippet),
        ], selected: "cairo"), to: "spec.json")
        _ = try CLI.run(["render", "spec.json", "-o", "out.png", "--layout", "out.json"], in: folder.url)
        let window = try #require(try folder.layout("out.json")["infoWindow"] as? [String: Any])
        let frame = try #require(Layout.rect(window["frame"]))
        let title = try #require(Layout.rect((window["title"] as? [String: Any])?["frame"]))
        let innerRight = frame.x + frame.width - 12 * 2
        #expect(abs(title.x + title.width - innerRight) <= 4, "title \(title), window \(frame)")
    }

    @Test func chineseTextWithoutSpacesWrapsIntoSeveralLines() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(markers: [
            Specs.marker("beijing", title: "北京市", snippet: Self.chineseSnippet),
        ], selected: "beijing"), to: "spec.json")

        let result = try CLI.run(["render", "spec.json", "-o", "out.png", "--layout", "out.json"], in: folder.url)

        #expect(result.status == 0, "stderr: \(result.stderr)")
        let report = try folder.layout("out.json")
        let window = try #require(report["infoWindow"] as? [String: Any])
        #expect((window["title"] as? [String: Any])?["lines"] as? [String] == ["北京市"])
        let snippet = try #require(window["snippet"] as? [String: Any])
        let lines = try #require(snippet["lines"] as? [String])
        #expect(lines.count > 1, "a long Chinese snippet must wrap: \(lines)")
        #expect(snippet["truncated"] as? Bool == false)
        #expect(lines.joined() == Self.chineseSnippet, "wrapping must neither drop nor add characters: \(lines)")
        #expect((report["missingGlyphs"] as? [Any])?.isEmpty == true, "is a CJK font installed? \(result.stderr)")
    }
}
