import Graphics
import Testing
@testable import InfoWinKit

/// Each test pins one layout rule of custom views (Documentation/views.md, "Custom views"): it fails if the rule breaks.
@Suite("custom view layout rules")
struct ViewLayoutTests {
    private static let marker = #"{"id": "m", "position": {"latitude": 0, "longitude": 0}, "title": "London", "snippet": "Population: 8,174,100", "userData": {"price": "€99", "n": 3}}"#

    /// Decodes `view` as a marker's window contents and lays it out offered `width` points.
    private func layOutView(_ view: String, offered width: Double = 250) throws -> (ViewLayout.Measured, PlacedView, ViewLayout) {
        let json = #"{"map": {"width": 390, "height": 300, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 3}}, "infoWindow": {"contents": \#(view)}, "markers": [\#(Self.marker)]}"#
        let spec = try testSpec(json)
        guard case .contents(let viewSpec) = spec.infoWindow.content else { throw LayoutTestError.noView }
        let library = try FontLibrary(setup: FontSetup(files: Repository.pinnedFonts, hermetic: true))
        let fitter = TextFitter(library: library, budget: TextBudget(file: "t.json"))
        let layout = ViewLayout(
            marker: spec.markers[0], fitter: fitter, images: ImageCache(file: "t.json", folder: "/tmp"), file: "t.json", locale: spec.locale)
        let measured = try layout.measure(viewSpec, offered: width)
        return (measured, layout.place(measured, at: Point(x: 0, y: 0), size: measured.size), layout)
    }

    private enum LayoutTestError: Error { case noView }

    @Test("a text's size is its own when it fits: short text does not take the whole width offered")
    func textIntrinsicWidth() throws {
        let (measured, _, _) = try layOutView(#"{"text": "Hi"}"#)
        #expect(measured.size.width > 5 && measured.size.width < 30)
    }

    @Test("a text wraps at the width it is offered and never exceeds it")
    func textWrapsAtOffer() throws {
        let (measured, placed, _) = try layOutView(#"{"text": "London stands on the River Thames in south-east England"}"#, offered: 120)
        #expect(measured.size.width <= 120)
        #expect(placed.texts[0].text.lines.count > 2)
    }

    @Test("maxLines cuts the text with an ellipsis")
    func maxLines() throws {
        let (_, placed, _) = try layOutView(#"{"text": "one two three four five six seven eight nine ten eleven twelve", "maxLines": 2}"#, offered: 80)
        #expect(placed.texts[0].text.lines.count == 2)
        #expect(placed.texts[0].text.truncated)
        #expect(placed.texts[0].text.lines[1].hasSuffix("…"))
    }

    @Test("templates fill in the marker's title, snippet, id and userData")
    func templates() throws {
        let (_, placed, _) = try layOutView(#"{"text": "{{title}} | {{snippet}} | {{id}} | {{userData.price}} x{{userData.n}}"}"#, offered: 1000)
        #expect(placed.texts[0].text.lines == ["London | Population: 8,174,100 | m | €99 x3"])
    }

    @Test("padding and border add to the box on every side")
    func paddingAndBorder() throws {
        let (bare, _, _) = try layOutView(#"{"text": "Hi"}"#)
        let (padded, placed, _) = try layOutView(#"{"text": "Hi", "padding": {"top": 1, "left": 2, "bottom": 3, "right": 4}, "border": {"width": 5}}"#)
        #expect(abs(padded.size.width - (bare.size.width + 2 + 4 + 10)) < 1e-9)
        #expect(abs(padded.size.height - (bare.size.height + 1 + 3 + 10)) < 1e-9)
        #expect(placed.texts[0].origin == Point(x: 7, y: 6))
    }

    @Test("width and height fix the whole box, padding and border included")
    func fixedSize() throws {
        let (measured, placed, _) = try layOutView(#"{"text": "Hi", "width": 100, "height": 40, "padding": 10}"#)
        #expect(measured.size == Size(width: 100, height: 40))
        #expect(placed.contentFrame == Rect(x: 10, y: 10, width: 80, height: 20))
    }

    @Test("minWidth widens a narrow box, maxWidth narrows a wide one and makes its text wrap")
    func minAndMaxWidth() throws {
        let (narrow, _, _) = try layOutView(#"{"text": "Hi", "minWidth": 90}"#)
        #expect(narrow.size.width == 90)
        let (wide, placed, _) = try layOutView(#"{"text": "London stands on the River Thames in south-east England", "maxWidth": 100}"#)
        #expect(wide.size.width <= 100)
        #expect(placed.texts[0].text.lines.count > 2)
    }

    @Test("a vstack is as wide as its widest child and as tall as its children plus the spacing")
    func vstackSize() throws {
        let (measured, placed, _) = try layOutView(#"{"vstack": [{"spacer": 10, "width": 30}, {"spacer": 20, "width": 50}], "spacing": 4}"#)
        #expect(measured.size == Size(width: 50, height: 34))
        guard case .stack(let children) = placed.content else { Issue.record("not a stack"); return }
        #expect(children[1].frame.y == 14)
    }

    @Test("vstack align places narrower children at the start, centre or end", arguments: [("start", 0.0), ("center", 10.0), ("end", 20.0)])
    func vstackAlign(align: String, x: Double) throws {
        let (_, placed, _) = try layOutView(#"{"vstack": [{"spacer": 5, "width": 40}, {"spacer": 5, "width": 20}], "align": "\#(align)"}"#)
        guard case .stack(let children) = placed.content else { Issue.record("not a stack"); return }
        #expect(children[1].frame.x == x)
    }

    @Test("an hstack is as wide as its children plus spacing and as tall as its tallest; align is vertical")
    func hstackSizeAndAlign() throws {
        let (measured, placed, _) = try layOutView(#"{"hstack": [{"spacer": 10, "height": 30}, {"spacer": 20, "height": 10}], "spacing": 5, "align": "end"}"#)
        #expect(measured.size == Size(width: 35, height: 30))
        guard case .stack(let children) = placed.content else { Issue.record("not a stack"); return }
        #expect(children[1].frame.x == 15 && children[1].frame.y == 20)
    }

    @Test("an hstack that does not fit shares the width left after fixed children, and its texts wrap")
    func hstackSharesWidth() throws {
        let long = "London stands on the River Thames in south-east England"
        let (measured, placed, _) = try layOutView(#"{"hstack": [{"image": "icon.png", "width": 40, "height": 40}, {"text": "\#(long)"}], "spacing": 10}"#, offered: 200)
        #expect(measured.size.width <= 200 + 1e-9)
        guard case .stack(let children) = placed.content else { Issue.record("not a stack"); return }
        #expect(children[0].frame.width == 40)
        #expect(children[1].frame.width <= 150 + 1e-9)
        #expect(placed.texts[0].text.lines.count > 1)
    }

    @Test("a divider spans its stack: across a vstack, down an hstack")
    func dividers() throws {
        let (_, placed, _) = try layOutView(#"{"vstack": [{"spacer": 5, "width": 80}, {"divider": {"thickness": 2}}]}"#)
        guard case .stack(let children) = placed.content else { Issue.record("not a stack"); return }
        #expect(children[1].frame.width == 80 && children[1].frame.height == 2)
        let (_, row, _) = try layOutView(#"{"hstack": [{"spacer": 5, "height": 30}, {"divider": {}}]}"#)
        guard case .stack(let cells) = row.content else { Issue.record("not a stack"); return }
        #expect(cells[1].frame.height == 30 && cells[1].frame.width == 1)
    }

    @Test("an image without size takes its own size in points: pixels ÷ the @2x scale")
    func imageNaturalSize() throws {
        let (measured, _, _) = try layOutView(#"{"image": "icon@2x.png"}"#)
        #expect(measured.size == Size(width: 8, height: 4))
    }

    @Test("an image with one side given keeps its aspect ratio")
    func imageAspect() throws {
        let (measured, _, _) = try layOutView(#"{"image": "icon@2x.png", "width": 40}"#)
        #expect(measured.size == Size(width: 40, height: 20))
    }

    @Test("contentMode fit shows all of the image centred, fill covers the box, stretch fills it exactly", arguments: [
        ("fit", Rect(x: 0, y: 10, width: 40, height: 20)), ("fill", Rect(x: -20, y: 0, width: 80, height: 40)),
        ("stretch", Rect(x: 0, y: 0, width: 40, height: 40)),
    ])
    func contentModes(mode: String, drawn: Rect) throws {
        let (_, placed, _) = try layOutView(#"{"image": "icon@2x.png", "width": 40, "height": 40, "contentMode": "\#(mode)"}"#)
        guard case .image(_, let rect) = placed.content else { Issue.record("not an image"); return }
        #expect(rect == drawn)
    }

    @Test("a right-to-left text aligns to the end of its box by start alignment")
    func rightToLeftText() throws {
        let (_, placed, _) = try layOutView(#"{"vstack": [{"text": "שלום", "width": 200}]}"#)
        #expect(placed.texts[0].drawnFrame.maxX > 190)
    }
}
