import Graphics
import Testing
@testable import InfoWinKit

/// What the structure-aware generator found, each case kept as the smallest spec that showed it.
@Suite("view trees: the generator's findings")
struct ViewTreeFindingsTests {
    private func window(_ contents: String, userData: String = "{}", kind: String = "contents") throws -> PlacedWindow {
        let json = testSpecJSON(
            markers: [testMarker("a", #", "title": "London", "snippet": "Capital", "userData": \#(userData)"#)],
            extra: #", "infoWindow": {"\#(kind)": \#(contents)}"#)
        return try #require(try layOut(try testSpec(json)).infoWindow)
    }

    @Test("a spans text of several spans wraps without a trap, each line keeping its spans' styles")
    func spansThatWrap() throws {
        let placed = try window(##"""
            {"spans": [{"text": "★ 4.7", "font": {"weight": "bold"}, "color": "#E37400"},
                       {"text": " (1,204 reviews) · Italian restaurant · open until eleven tonight", "color": "#5F6368"}],
             "maxLines": 3, "width": 120}
            """##)
        let text = try #require(placed.view?.texts.first)
        #expect(text.text.lines.count == 3)
        #expect(text.text.runs.count >= 3, "the second span goes on over the wrapped lines: \(text.text.runs)")
        #expect(text.layout.lines.count == text.text.lines.count)
    }

    @Test("font and color on a spans text are the defaults of its spans")
    func spansTakeTheTextsFontAndColour() throws {
        let placed = try window(##"{"spans": [{"text": "big "}, {"text": "red", "color": "#FF0000"}], "font": {"size": 30}, "color": "#00FF00"}"##)
        let text = try #require(placed.view?.texts.first)
        #expect(text.text.runs.map(\.style.size) == [30, 30])
        #expect(text.text.runs.map(\.color) == [RGBA(hex: 0x00FF00), RGBA(hex: 0xFF0000)])
    }

    @Test("vstack and hstack take SwiftUI's alignment names")
    func stackAlignmentNames() throws {
        let leading = try window(#"{"vstack": [{"spacer": 0, "width": 100, "height": 4}, {"spacer": 0, "width": 10, "height": 4}], "align": "leading"}"#)
        let trailing = try window(#"{"vstack": [{"spacer": 0, "width": 100, "height": 4}, {"spacer": 0, "width": 10, "height": 4}], "align": "trailing"}"#)
        guard case .stack(let left) = try #require(leading.view).content, case .stack(let right) = try #require(trailing.view).content else {
            Issue.record("not stacks")
            return
        }
        #expect(left[1].frame.x == left[0].frame.x)
        #expect(right[1].frame.maxX == right[0].frame.maxX)
        let bottom = try window(#"{"hstack": [{"spacer": 0, "width": 10, "height": 40}, {"spacer": 0, "width": 10, "height": 4}], "align": "bottom"}"#)
        guard case .stack(let row) = try #require(bottom.view).content else { return }
        #expect(row[1].frame.maxY == row[0].frame.maxY)
        #expect(throws: InfoWinError.self) { try window(#"{"vstack": [], "align": "top"}"#) }
    }

    @Test("a window whose root view is hidden by if shows the default window, and reads none of its images")
    func hiddenRootWindow() throws {
        let placed = try window(#"{"image": "{{userData.photo}}.png", "if": "userData.photo"}"#, userData: #"{"photo": ""}"#, kind: "window")
        #expect(placed.kind == .standard)
        #expect(placed.title?.text.lines == ["London"])
    }

    @Test("an icon view hidden by if leaves the marker's icon")
    func hiddenIconView() throws {
        let json = testSpecJSON(markers: [testMarker("a", #", "iconView": {"text": "X", "if": "userData.on"}, "userData": {"on": false}"#)])
        let scene = try layOut(try testSpec(json))
        guard case .pin = try #require(scene.markers.first).icon else {
            Issue.record("the icon view is drawn though its if fails")
            return
        }
    }

    @Test("a text in a box lower than a line is drawn whole, clipped, and not truncated; empty text is never truncated")
    func textInALowBox() throws {
        let low = try window(#"{"text": "Open", "height": 4}"#)
        let text = try #require(low.view?.texts.first)
        #expect(text.text.lines == ["Open"] && !text.text.truncated)
        #expect(try #require(low.view).clipsContent)
        let more = try window(#"{"text": "Open until eleven tonight, every day of the week", "height": 4, "width": 60}"#)
        let cut = try #require(more.view?.texts.first)
        #expect(cut.text.truncated && cut.text.lines.count == 1 && cut.text.lines[0].hasSuffix("…"))
        let empty = try window(#"{"text": "", "height": 2}"#)
        #expect(try #require(empty.view?.texts.first).text.truncated == false)
    }

    @Test("a character wider than its box is clipped to it, and the lines drawn are the lines reported")
    func narrowBox() throws {
        let placed = try window(#"{"text": "1092 reviews", "width": 0.5}"#)
        let view = try #require(placed.view)
        let text = try #require(view.texts.first)
        #expect(view.clipsContent)
        #expect(text.layout.lines.map { TextFitter.trimmedEnd($0.text) } == text.text.lines)
    }
}

@Suite("markers and windows off the canvas")
struct OffCanvasWarningTests {
    @Test("a marker wholly off the canvas is a warning saying how far, and hinting at swapped coordinates")
    func markerOffTheCanvas() throws {
        // At zoom 10 one degree is 728 pt: markers a degree or more from the camera are far off a 390 pt canvas.
        let json = testSpecJSON(
            markers: [testMarker("a"), testMarker("south", latitude: -1, longitude: 0), testMarker("far", latitude: 0, longitude: 5)],
            selected: nil)
        let warning = try #require(try layOut(try testSpec(json)).warnings.first { $0.contains("off the canvas") })
        #expect(warning.hasPrefix("2 markers off the canvas: "), "\(warning)")
        #expect(warning.contains(#""far" "#) && warning.contains("pt right of the canvas") && warning.contains("pt below the canvas"))
        #expect(!warning.contains(#""a""#) && !warning.contains("swapped"))
        let swapped = testSpecJSON(markers: [testMarker("s", latitude: 1, longitude: 0.1)], selected: nil)
            .replacingOccurrences(of: #""target": {"latitude": 0, "longitude": 0}"#, with: #""target": {"latitude": 0.1, "longitude": 1}"#)
        let hint = try #require(try layOut(try testSpec(swapped)).warnings.first)
        #expect(hint.hasPrefix(#"marker off the canvas: "s" "#) && hint.hasSuffix("(latitude and longitude swapped?)"), "\(hint)")
    }

    @Test("a window wholly off the canvas is said to be off it, not cut by an edge")
    func windowOffTheCanvas() throws {
        let json = testSpecJSON(markers: [testMarker("a", latitude: -2, longitude: 0, #", "title": "Far away""#)])
        let warnings = try layOut(try testSpec(json)).warnings
        #expect(warnings.contains { $0.hasPrefix(#"marker "a": the info window is off the canvas, "#) && $0.contains("pt below") }, "\(warnings)")
        #expect(!warnings.contains { $0.contains("cut by") })
    }
}
