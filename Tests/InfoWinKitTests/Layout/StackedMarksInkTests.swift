import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

/// "e" with 30 combining acute accents stacked above it: ink far above its line in DejaVu Sans (whose
/// accents attach one above another; Inter draws them all in one place).
private let stacked = "e" + String(repeating: "\u{0301}", count: 30)
private let stackingFont = #"{"family": "DejaVu Sans", "size": 13}"#

/// The pixels (x, y) where two renders of one size differ.
private func differingPixels(_ a: PixelImage, _ b: PixelImage) -> [(x: Int, y: Int)] {
    var found: [(x: Int, y: Int)] = []
    for y in 0..<a.height {
        for x in 0..<a.width where a.pixels[y * a.width + x] != b.pixels[y * b.width + x] {
            found.append((x, y))
        }
    }
    return found
}

/// Renders a spec whose marker "a" has `marker` members and whose top-level window is `infoWindow`,
/// with the pinned fonts: the image and the selected window's frame in pixels.
private func render(marker: String, infoWindow: String = "{}") throws -> (image: PixelImage, window: Rect?) {
    let spec = try testSpec(testSpecJSON(markers: [testMarker("a", latitude: -0.1, marker)], extra: #", "infoWindow": \#(infoWindow)"#))
    let window = try layOut(spec).infoWindow.map { window in
        Rect(x: window.frame.x * 2, y: window.frame.y * 2, width: window.frame.width * 2, height: window.frame.height * 2)
    }
    return (try renderPinned(spec).image, window)
}

@Suite("stacked combining marks: a window's frame holds all of its text's ink")
struct StackedMarksInkTests {
    @Test("a title of e and 30 stacked accents lays out as e does, and draws nothing outside the window's frame")
    func defaultWindowTitle() throws {
        let style = #"{"style": {"titleFont": \#(stackingFont)}}"#
        let marks = try render(marker: #", "title": "\#(stacked)", "snippet": "snippet""#, infoWindow: style)
        let plain = try render(marker: #", "title": "e", "snippet": "snippet""#, infoWindow: style)
        let frame = try #require(marks.window)
        #expect(frame == plain.window, "the marks take no room of their own")
        let changed = differingPixels(marks.image, plain.image)
        #expect(!changed.isEmpty, "the accents are drawn")
        let outside = changed.filter { !frame.contains(Point(x: Double($0.x) + 0.5, y: Double($0.y) + 0.5)) }
        #expect(outside.count == 0, "pixels outside \(frame), the first \(outside.prefix(3))")
    }

    @Test("a text view of stacked accents in custom contents is cut at the window's frame too")
    func customContentsText() throws {
        let contents = { (text: String) in #"{"contents": {"vstack": [{"text": "\#(text)", "font": \#(stackingFont)}, {"text": "below"}]}}"# }
        let marks = try render(marker: #", "title": "x""#, infoWindow: contents(stacked))
        let plain = try render(marker: #", "title": "x""#, infoWindow: contents("e"))
        let frame = try #require(marks.window)
        let changed = differingPixels(marks.image, plain.image)
        #expect(!changed.isEmpty)
        #expect(changed.allSatisfy { frame.contains(Point(x: Double($0.x) + 0.5, y: Double($0.y) + 0.5)) })
    }

    @Test("an icon view that clips to its bounds cuts a text's stacked accents at its frame")
    func iconViewText() throws {
        let icon = { (text: String) in #", "iconView": {"text": "\#(text)", "font": \#(stackingFont), "width": 40, "height": 30}"# }
        let spec = { (text: String) in try testSpec(testSpecJSON(markers: [testMarker("a", icon(text))], selected: nil)) }
        let marks = try renderPinned(try spec(stacked)).image, plain = try renderPinned(try spec("e")).image
        let placed = try #require(try layOut(try spec(stacked)).markers.first)
        let frame = Rect(x: placed.bounds.x * 2, y: placed.bounds.y * 2, width: placed.bounds.width * 2, height: placed.bounds.height * 2)
        let changed = differingPixels(marks, plain)
        #expect(!changed.isEmpty)
        #expect(changed.allSatisfy { frame.contains(Point(x: Double($0.x) + 0.5, y: Double($0.y) + 0.5)) }, "\(frame)")
    }

    @Test("ink extents: the accents reach far above the line, which measuring leaves out")
    func inkExtentsReachAboveTheLine() throws {
        let library = try FontLibrary(setup: FontSetup(files: Repository.pinnedFonts, hermetic: true))
        let layout = TextLayout(text: stacked, style: TextStyle(family: "DejaVu Sans", size: 13), width: nil, library: library)
        #expect(layout.inkExtents.y < layout.extents.y - 20)
        #expect(layout.extents.height < 20)
    }
}
