import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

// MARK: - Support

/// A white 200 × 300 pt map at 3× with one marker at its centre, its window open.
private func lookSpecJSON(look: String = "ios", marker: String = #", "title": "London", "snippet": "Population: 8,174,100""#,
                          style: String = "{}", background: String = "#FFFFFF") -> String {
    #"""
    {"look": "\#(look)",
     "map": {"width": 200, "height": 300, "scale": 3, "background": "\#(background)",
             "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 10}},
     "infoWindow": {"style": \#(style)},
     "markers": [{"id": "a", "position": {"latitude": 0, "longitude": 0}\#(marker)}], "selectedMarker": "a"}
    """#
}

/// How much a pixel darkens white, 0 (white) to 1 (black), from its red channel.
private func darkening(_ image: PixelImage, _ x: Int, _ y: Int) -> Double {
    1 - Double(image.color(x: x, y: y).rgb >> 16 & 0xFF) / 255
}

/// The first and last column of a row whose pixel is not the background, or nil for an empty row.
private func extent(
    ofRow y: Int, in image: PixelImage, from x0: Int, to x1: Int, background: UInt32 = 0xFFFFFF
) -> (first: Int, last: Int)? {
    let painted = (x0...x1).filter { image.color(x: $0, y: y).rgb != background }
    guard let first = painted.first, let last = painted.last else { return nil }
    return (first, last)
}

// MARK: - The ios look

@Suite("looks: ios, measured from the SDK's art")
struct IOSLookTests {
    @Test("the pin is 26 × 41 pt with a white rim, the fill inside it and an 8 pt dot 13 pt from the top")
    func pin() throws {
        let spec = try testSpec(lookSpecJSON(marker: "", background: "#808080"))
        let image = try renderPinned(spec).image
        let bounds = try #require(try layOut(spec).markers.first).bounds
        #expect(bounds.width == 26 && bounds.height == 41)
        let left = Int(bounds.x * 3), top = Int(bounds.y * 3)
        // The head's widest row (13 pt down) spans the whole 78 px box.
        let head = try #require(extent(ofRow: top + 39, in: image, from: left - 3, to: left + 81, background: 0x808080))
        #expect(abs(head.first - left) <= 1 && abs(head.last - (left + 77)) <= 1)
        // Going in from the edge on that row: white rim (1 pt = 3 px), then the fill, then the dot.
        #expect(colorsAreClose(image.color(x: head.first + 1, y: top + 39).rgb, 0xFFFFFF, tolerance: 6))
        #expect(colorsAreClose(image.color(x: head.first + 6, y: top + 39).rgb, 0xEA4335))
        #expect(colorsAreClose(image.color(x: left + 39, y: top + 39).rgb, 0x811411))
        // The dot is 8 pt across: 11 px from the centre is dot, 13 px is fill.
        #expect(colorsAreClose(image.color(x: left + 39 + 11, y: top + 39).rgb, 0x811411, tolerance: 8))
        #expect(colorsAreClose(image.color(x: left + 39 + 13, y: top + 39).rgb, 0xEA4335, tolerance: 8))
        // The top of the head is rimmed too.
        #expect(colorsAreClose(image.color(x: left + 39, y: top + 1).rgb, 0xFFFFFF, tolerance: 8))
        // Below the head it narrows, symmetrically, to a thin stem whose tip is the ground anchor.
        var previousWidth = Int.max
        for row in stride(from: 27, through: 39, by: 3) {
            let y = top + row * 3
            let span = try #require(extent(ofRow: y, in: image, from: left - 3, to: left + 81, background: 0x808080), "row \(row) pt is empty")
            let width = span.last - span.first + 1
            #expect(width <= previousWidth, "row \(row) pt: \(width) px, wider than the row above")
            #expect(abs((span.first + span.last) - 2 * (left + 39) + 1) <= 2, "row \(row) pt is not centred")
            previousWidth = width
        }
        #expect(previousWidth <= 8, "the stem is thin: \(previousWidth) px at 39 pt")
        #expect(extent(ofRow: top + 41 * 3 + 1, in: image, from: left, to: left + 78, background: 0x808080) == nil, "nothing below the tip")
    }

    @Test("a tinted pin keeps its white rim and takes the colour, its dot darker")
    func tintedPin() throws {
        let spec = try testSpec(lookSpecJSON(marker: ##", "icon": {"color": "#4285F4"}"##, background: "#808080"))
        let image = try renderPinned(spec).image
        let bounds = try #require(try layOut(spec).markers.first).bounds
        let left = Int(bounds.x * 3), top = Int(bounds.y * 3)
        #expect(colorsAreClose(image.color(x: left + 8, y: top + 39).rgb, 0x4285F4))
        #expect(colorsAreClose(image.color(x: left + 1, y: top + 39).rgb, 0xFFFFFF, tolerance: 8))
        let dot = image.color(x: left + 39, y: top + 39).rgb
        #expect(dot != 0x4285F4 && (dot & 0xFF) < 0xF4 * 7 / 10)
    }

    @Test("the body is white with a 1 pt corner, at least 52 pt wide")
    func body() throws {
        let spec = try testSpec(lookSpecJSON(marker: #", "title": "A""#))
        let window = try #require(try layOut(spec).infoWindow)
        #expect(window.frame.width == 52)
        let image = try renderPinned(spec).image
        let x = Int(window.frame.x * 3), y = Int(window.frame.y * 3)
        // 1 px inside the corner on the diagonal is body already (an 8 pt radius would leave it shadow).
        #expect(colorsAreClose(image.color(x: x + 1, y: y + 1).rgb, 0xFFFFFF, tolerance: 40))
        #expect(image.color(x: x, y: y).rgb != 0xFFFFFF, "the very corner pixel is rounded a little")
    }

    @Test("the tail is a right-angle tip 11.3 pt wide and 5.7 pt tall, its tip on the anchor")
    func tail() throws {
        let spec = try testSpec(lookSpecJSON(style: #"{"shadow": null}"#, background: "#808080"))
        let scene = try layOut(spec)
        let window = try #require(scene.infoWindow)
        #expect(window.tailTip == scene.markers[0].infoWindowAnchor)
        #expect(abs(window.tailTip.y - window.frame.maxY - 5.7) <= 1.0 / 3)
        let image = try renderPinned(spec).image
        let tipX = Int(window.tailTip.x * 3), base = Int((window.frame.maxY * 3).rounded())
        // Each row down the tail is one pixel narrower on each side: 45° sides.
        var widths: [Int] = []
        for y in base..<(base + 14) {
            guard let span = extent(ofRow: y, in: image, from: tipX - 30, to: tipX + 30, background: 0x808080) else { break }
            widths.append(span.last - span.first + 1)
        }
        try #require(widths.count >= 5, "the tail is 5.7 pt = 17 px tall: \(widths)")
        #expect(abs(widths[0] - 34) <= 2, "the base is 11.3 pt = 34 px wide: \(widths)")
        for (upper, lower) in zip(widths, widths.dropFirst()) where lower > 3 {
            #expect(abs((upper - lower) - 2) <= 1, "45° sides lose 2 px a row: \(widths)")
        }
    }

    @Test("the shadow darkens the map as measured beside, above and below the body")
    func shadow() throws {
        let spec = try testSpec(lookSpecJSON())
        let window = try #require(try layOut(spec).infoWindow)
        let image = try renderPinned(spec).image
        let left = Int(window.frame.x * 3), right = Int(window.frame.maxX * 3), middle = Int((window.frame.y + window.frame.height / 2) * 3)
        for (distance, expected) in [(1, 0.28), (5, 0.15), (7, 0.09)] {
            #expect(abs(darkening(image, left - distance, middle) - expected) <= 0.03, "\(distance) px left")
            #expect(abs(darkening(image, right - 1 + distance, middle) - expected) <= 0.03, "\(distance) px right")
        }
        #expect(darkening(image, left - 13, middle) < 0.02)
        let x = Int((window.frame.x + 8) * 3)
        #expect(abs(darkening(image, x, Int(window.frame.y * 3) - 1) - 0.22) <= 0.03)
        #expect(abs(darkening(image, x, Int(window.frame.maxY * 3)) - 0.35) <= 0.03)
    }

    @Test("text is Inter by default and start-aligned")
    func defaults() throws {
        let spec = try testSpec(lookSpecJSON())
        #expect(spec.look == .ios)
        let window = try #require(try layOut(spec).infoWindow)
        #expect(window.title?.layout.fontFiles.first?.hasSuffix("Inter-Bold.otf") == true)
        #expect(window.snippet?.layout.fontFiles.first?.hasSuffix("Inter-Regular.otf") == true)
        #expect(abs((window.title?.drawnFrame.x ?? 0) - (window.frame.x + 12)) < 1)
    }
}

// MARK: - textAlign, android and web

@Suite("looks: textAlign, android and web")
struct LookVariantTests {
    @Test("textAlign center and end place the shorter line in the middle or against the end")
    func textAlign() throws {
        let marker = #", "title": "A", "snippet": "A much longer snippet line""#
        func titleFrame(_ align: String) throws -> (Rect, Rect) {
            let window = try #require(try layOut(try testSpec(lookSpecJSON(marker: marker, style: #"{"textAlign": "\#(align)"}"#))).infoWindow)
            return (try #require(window.title).drawnFrame, window.frame)
        }
        let (start, frame) = try titleFrame("start")
        #expect(abs(start.x - (frame.x + 12)) < 0.5)
        let (center, _) = try titleFrame("center")
        // Pango rounds a centred line's offset to whole points when the widths are whole points.
        #expect(abs(center.x + center.width / 2 - (frame.x + frame.width / 2)) <= 0.5)
        let (end, _) = try titleFrame("end")
        #expect(abs(end.maxX - (frame.maxX - 12)) < 0.5)
    }

    @Test("textAlign start on right-to-left text sits against the right edge")
    func textAlignRightToLeft() throws {
        let marker = #", "title": "القاهرة", "snippet": "عاصمة جمهورية مصر العربية""#
        let window = try #require(try layOut(try testSpec(lookSpecJSON(marker: marker))).infoWindow)
        let title = try #require(window.title).drawnFrame
        #expect(abs(title.maxX - (window.frame.maxX - 12)) < 0.5)
    }

    @Test("android: centred text, the snippet on one line cut with …, its own pin")
    func android() throws {
        let marker = #", "title": "A", "snippet": "A snippet much too long to stay on one line of an Android info window, so it is cut""#
        let spec = try testSpec(lookSpecJSON(look: "android", marker: marker))
        let scene = try layOut(spec)
        let window = try #require(scene.infoWindow)
        let snippet = try #require(window.snippet)
        #expect(snippet.text.lines.count == 1 && snippet.text.truncated && snippet.text.lines[0].hasSuffix("…"))
        let title = try #require(window.title).drawnFrame
        #expect(abs(title.x + title.width / 2 - (window.frame.x + window.frame.width / 2)) <= 0.5)
        #expect(scene.markers[0].size == PinArt.teardrop.size)
        #expect(scene.look == .android)
    }

    @Test("web: 8 pt corners, 12 pt padding, a close button in the report, the JavaScript pin")
    func web() throws {
        let spec = try testSpec(lookSpecJSON(look: "web"))
        let scene = try layOut(spec)
        let window = try #require(scene.infoWindow)
        #expect(window.chrome.cornerRadius == CornerRadii(uniform: 8))
        #expect(abs(try #require(window.title).drawnFrame.x - (window.frame.x + 12)) < 0.5)
        let button = try #require(window.closeButton).frame
        #expect(button.maxX <= window.frame.maxX && button.y >= window.frame.y && button.width == 24)
        #expect(abs(button.maxX - (window.frame.maxX - 4)) < 1e-9)
        #expect(try #require(window.title).drawnFrame.maxX <= button.x)
        #expect(scene.markers[0].size == PinArt.balloon.size)
        let report = LayoutReport(scene: scene).json
        #expect(report["look"].string == "web")
        #expect(report["infoWindow"]["closeButton"]["width"].number == 72)
    }

    @Test("web: a tap on the close button is a closeButton hit; tapMap there closes the window")
    func closeButtonTap() throws {
        var spec = try testSpec(lookSpecJSON(look: "web"))
        spec.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
        let button = try #require(try layOut(spec).infoWindow?.closeButton).frame
        let player = ScenarioPlayer(renderer: Renderer())
        let hit = try player.hit(spec, at: Point(x: button.x + 12, y: button.y + 12))
        #expect(hit.kind == .closeButton && hit.marker == "a")
        var state = MapState(spec: spec)
        let calls = state.tapCloseButton(of: "a", step: 1)
        #expect(calls.map(\.name) == ["didCloseInfoWindowOfMarker"])
        #expect(!state.isWindowOpen)
    }

    @Test("other looks have no close button unless the style asks for one")
    func closeButtonByStyle() throws {
        #expect(try layOut(try testSpec(lookSpecJSON())).infoWindow?.closeButton == nil)
        let asked = try layOut(try testSpec(lookSpecJSON(style: #"{"closeButton": true}"#))).infoWindow
        #expect(asked?.closeButton != nil)
        let removed = try layOut(try testSpec(lookSpecJSON(look: "web", style: #"{"closeButton": false}"#))).infoWindow
        #expect(removed?.closeButton == nil)
    }

    @Test("a look or a textAlign that does not exist is an error naming the choices")
    func badValues() throws {
        #expect(throws: InfoWinError.self) { try testSpec(lookSpecJSON(look: "windows")) }
        let error = #expect(throws: InfoWinError.self) { try testSpec(lookSpecJSON(style: #"{"textAlign": "left"}"#)) }
        #expect(error?.message.contains("infoWindow.style.textAlign") == true)
        #expect(error?.message.contains(#"expected "start", "center" or "end", got "left""#) == true, "\(String(describing: error))")
    }
}
