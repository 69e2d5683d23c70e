import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

// MARK: - Support

/// A spec with the pinned fonts only.
private func pinnedSpec(_ json: String) throws -> Spec {
    var spec = try testSpec(json)
    spec.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
    return spec
}

/// What a tap at `point` hits, the spec's window shown or `selection`'s.
private func hit(_ spec: Spec, _ point: Point, selection: Selection = .fromSpec) throws -> HitResult {
    try ScenarioPlayer(renderer: Renderer()).hit(spec, at: point, selection: selection)
}

/// An icon view: a 40 × 20 pt blue box with a red 10 × 10 badge moved 50 pt right of it; `clips` nil
/// leaves `clipsToBounds` out.
private func badgeSpec(clips: Bool?) -> String {
    let key = clips.map { #", "clipsToBounds": \#($0)"# } ?? ""
    return testSpecJSON(markers: [testMarker("a", ##"""
        , "iconView": {"zstack": [{"spacer": 0, "width": 40, "height": 20, "background": "#0000FF"},
                                  {"spacer": 0, "width": 10, "height": 10, "background": "#FF0000", "offset": {"x": 50, "y": 0}}],
                       "align": "topLeading"\##(key)}
        """##)], selected: nil)
}

private func redPixels(_ image: PixelImage) -> Int {
    image.pixels.count { colorsAreClose($0 & 0xFFFFFF, 0xFF0000, tolerance: 30) }
}

/// A custom window of one text view `width` × `height` pt, its text `text`.
private func textBoxSpec(_ text: String, width: Double = 200, height: Double) -> String {
    testSpecJSON(markers: [testMarker("a", #"""
        , "infoWindow": {"window": {"text": "\#(text)", "width": \#(width), "height": \#(height), "background": "#FFFFFF"}}
        """#)])
}

// MARK: - Tests

@Suite("tappable: false, iconView clipsToBounds, clipped versus truncated text, the 500 pt window limit")
struct MarkerTapAndClipTests {
    @Test("an untappable marker on top is passed through: hit finds the marker below, then the map")
    func untappableInHit() throws {
        let spec = try pinnedSpec(testSpecJSON(markers: [
            testMarker("below"), testMarker("top", #", "zIndex": 3, "tappable": false"#),
        ], selected: nil))
        #expect(try hit(spec, Point(x: 195, y: 140)).marker == "below")
        let alone = try pinnedSpec(testSpecJSON(markers: [testMarker("top", #", "tappable": false"#)], selected: nil))
        #expect(try hit(alone, Point(x: 195, y: 140)).kind == .map)
    }

    @Test("an untappable marker's open window is still tapped, as the SDK's tappable concerns the marker")
    func untappableWindow() throws {
        let spec = try pinnedSpec(testSpecJSON(markers: [testMarker("a", #", "tappable": false, "title": "A title""#)]))
        let window = try #require(try layOut(spec).infoWindow)
        let result = try hit(spec, Point(x: window.frame.x + window.frame.width / 2, y: window.frame.y + window.frame.height / 2))
        #expect(result.kind == .infoWindow && result.marker == "a")
    }

    @Test("play: tapMap on an untappable marker reaches the map; tapMarker on it does nothing and warns")
    func untappableInPlay() throws {
        let spec = try pinnedSpec(testSpecJSON(markers: [testMarker("a", #", "tappable": false, "title": "A""#)], selected: nil, extra: #"""
            , "events": [{"tapMap": {"x": 195, "y": 140}}, {"tapMarker": "a"}]
            """#))
        let run = try ScenarioPlayer(renderer: Renderer()).play(spec)
        #expect(run.callbacks.filter { $0.step == 1 }.map(\.name) == ["didTapAtCoordinate"])
        #expect(run.callbacks.filter { $0.step == 2 }.isEmpty)
        #expect(run.warnings.contains { $0.contains("not tappable") })
        #expect(run.frames.allSatisfy { $0.report.infoWindow == nil })
    }

    @Test("an iconView is clipped to its frame; clipsToBounds false draws what lies outside; the frame is the same")
    func clipping() throws {
        let clipped = try renderPinned(try testSpec(badgeSpec(clips: nil)))
        let explicit = try renderPinned(try testSpec(badgeSpec(clips: true)))
        let open = try renderPinned(try testSpec(badgeSpec(clips: false)))
        #expect(redPixels(clipped.image) == 0 && redPixels(explicit.image) == 0)
        #expect(redPixels(open.image) >= 18 * 18, "the 10 pt badge at 2× shows")
        let frames = try [clipped, open].map { try #require($0.result.report.markers.first).icon }
        #expect(frames[0].width == 80 && frames[0].height == 40)
        #expect(frames[0].x == frames[1].x && frames[0].width == frames[1].width)
        // Inside the frame both draw the same pixels.
        let inside = (0..<clipped.image.pixels.count).filter { index in
            let x = index % clipped.image.width, y = index / clipped.image.width
            let frame = frames[0]
            return Double(x) >= frame.x + 1 && Double(x) < frame.x + 79
                && Double(y) >= frame.y + 1 && Double(y) < frame.y + 39
        }
        #expect(inside.allSatisfy { clipped.image.pixels[$0] == open.image.pixels[$0] })
    }

    @Test("clipsToBounds is a key of the iconView's root only, and a boolean")
    func clipsToBoundsKey() {
        #expect(throws: InfoWinError.self) {
            try testSpec(testSpecJSON(markers: [testMarker("a", #", "iconView": {"text": "x", "clipsToBounds": 1}"#)]))
        }
        #expect(throws: InfoWinError.self) {
            try testSpec(testSpecJSON(markers: [testMarker("a", #", "infoWindow": {"window": {"text": "x", "clipsToBounds": false}}"#)]))
        }
    }

    @Test("text drawn whole in a box lower than its line is clipped, not truncated; --fail-on reads each")
    func clippedNotTruncated() throws {
        let report = try renderPinned(try testSpec(textBoxSpec("Open until 9 pm", height: 8))).result.report
        let entry = try #require(report.infoWindow?.texts.first)
        #expect(entry.lines == ["Open until 9 pm"])
        #expect(!entry.truncated && entry.clipped)
        #expect(FailOn.truncated.problems(in: report).isEmpty)
        let problems = FailOn.clipped.problems(in: report)
        #expect(problems.count == 1 && problems[0].contains("text view 1 is clipped by its box"))
    }

    @Test("check names a text that is now clipped by its box")
    func clippedChange() throws {
        let low = try renderPinned(try testSpec(textBoxSpec("Open until 9 pm", height: 8))).result.report
        let tall = try renderPinned(try testSpec(textBoxSpec("Open until 9 pm", height: 30))).result.report
        #expect(LayoutChanges.between(golden: tall, actual: low).contains("the text 1 is now clipped by its box"))
    }

    @Test("text cut with … in a low box is truncated and clipped; text that fits is neither and has no clipped key")
    func truncatedAndFitting() throws {
        let cut = try renderPinned(try testSpec(textBoxSpec("A long line that cannot fit in this narrow box", width: 60, height: 8))).result.report
        let entry = cut.json["infoWindow"]["texts"].elements[0]
        #expect(entry["truncated"].bool == true && entry["clipped"].bool == true)
        #expect(FailOn.truncated.problems(in: cut).count == 1)
        let fits = try renderPinned(try testSpec(textBoxSpec("Open", height: 30))).result.report
        let whole = fits.json["infoWindow"]["texts"].elements[0]
        #expect(whole["truncated"].bool == false && whole["clipped"].isNull)
        #expect(FailOn([.truncated, .clipped]).problems(in: fits).isEmpty)
    }

    @Test("an icon view's text in a low box is clipped in the marker's report entry")
    func iconViewTextClipped() throws {
        let report = try renderPinned(try testSpec(testSpecJSON(markers: [testMarker("a", #", "iconView": {"text": "Store", "height": 6}"#)], selected: nil)))
            .result.report
        let entry = try #require(report.markers.first?.texts?.first)
        #expect(entry.clipped && !entry.truncated)
        #expect(FailOn.clipped.problems(in: report).first?.contains("icon view text 1 is clipped") == true)
        #expect(FailOn.truncated.problems(in: report).isEmpty)
    }

    @Test("a custom window or contents over 500 pt either way is drawn and warned about; 500 pt is not")
    func fiveHundredPoints() throws {
        func warnings(_ infoWindow: String) throws -> [String] {
            let json = #"{"map": {"width": 800, "height": 800, "scale": 1, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 10}}, "markers": [{"id": "a", "position": {"latitude": 0, "longitude": 0}, "infoWindow": \#(infoWindow)}], "selectedMarker": "a"}"#
            let result = try renderPinned(try testSpec(json)).result
            #expect(result.report.warnings == result.report.json["warnings"].strings)
            return result.report.warnings.filter { $0.contains("500 pt") }
        }
        let wide = try warnings(##"{"window": {"text": "x", "width": 501, "height": 40, "background": "#FFFFFF"}}"##)
        #expect(wide == [#"marker "a": the custom info window is 501 × 40 pt, larger than the 500 pt the Maps SDK allows either way; drawn as laid out"#])
        #expect(try warnings(#"{"window": {"text": "x", "width": 500, "height": 500}}"#).isEmpty)
        #expect(try warnings(#"{"contents": {"text": "x", "width": 40, "height": 620}}"#).first?.contains("contents is 40 × 620 pt") == true)
        #expect(try warnings(#"{"contents": {"text": "x", "width": 490, "height": 20}}"#).isEmpty, "contents within the limit, the frame's padding around")
    }
}
