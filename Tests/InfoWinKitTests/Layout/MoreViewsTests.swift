import Graphics
import Testing
@testable import InfoWinKit

// MARK: - Support

/// Lays out `contents` (a view's JSON) inside the default frame of a marker with this userData, with the
/// pinned fonts; `extra` adds top-level members.
private func contentsView(_ contents: String, userData: String = "{}", extra: String = "") throws -> PlacedView {
    let json = testSpecJSON(
        markers: [testMarker("a", #", "title": "London", "userData": \#(userData)"#)],
        extra: #", "infoWindow": {"contents": \#(contents)}\#(extra)"#)
    return try #require(try layOut(try testSpec(json)).infoWindow?.view)
}

private func children(_ view: PlacedView) -> [PlacedView] {
    if case .stack(let children) = view.content { return children }
    return []
}

private func texts(_ view: PlacedView) -> [String] {
    view.texts.flatMap(\.text.lines)
}

private func isClose(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

// MARK: - Tests

@Suite("more views: zstack, spacers, spans, modifiers, views from data, bounded text")
struct MoreViewsTests {
    @Test("a zstack is as large as its largest child and places each by its alignment, later on top")
    func zstack() throws {
        let view = try contentsView(#"{"zstack": [{"spacer": 0, "width": 100, "height": 60}, {"text": "A", "width": 20, "height": 10}], "align": "bottomTrailing"}"#)
        #expect(view.frame.width == 100 && view.frame.height == 60)
        let badge = children(view)[1].frame
        #expect(isClose(badge.maxX, view.frame.maxX) && isClose(badge.maxY, view.frame.maxY))
        let centred = try contentsView(#"{"zstack": [{"spacer": 0, "width": 100, "height": 60}, {"text": "A", "width": 20, "height": 10}]}"#)
        let middle = children(centred)[1].frame
        #expect(isClose(middle.x, centred.frame.x + 40) && isClose(middle.y, centred.frame.y + 25))
    }

    @Test("a zstack aligned topLeading with offset children reproduces a UIKit window of CGRect frames")
    func uikitPort() throws {
        // UIView(frame: 0, 0, 200, 70), white, cornerRadius 6; UILabel(frame: 8, 8, 184, 15); UILabel(frame: 8, 30, 184, 30).
        let window = ##"{"window": {"zstack": [{"text": "{{title}}", "width": 184, "height": 15, "offset": {"x": 8, "y": 8}}, {"text": "Second label", "width": 184, "height": 30, "offset": {"x": 8, "y": 30}}], "align": "topLeading", "width": 200, "height": 70, "background": "#FFFFFF", "cornerRadius": 6}}"##
        let json = testSpecJSON(markers: [testMarker("a", #", "title": "London""#)], extra: #", "infoWindow": \#(window)"#)
        let placed = try #require(try layOut(try testSpec(json)).infoWindow)
        #expect(placed.frame.width == 200 && placed.frame.height == 70)
        let root = try #require(placed.view)
        let labels = children(root).map(\.frame)
        #expect(labels[0] == Rect(x: root.frame.x + 8, y: root.frame.y + 8, width: 184, height: 15))
        #expect(labels[1] == Rect(x: root.frame.x + 8, y: root.frame.y + 30, width: 184, height: 30))
    }

    @Test("offset moves a view where it is drawn without moving its siblings")
    func offset() throws {
        let plain = children(try contentsView(#"{"vstack": [{"text": "A"}, {"text": "B"}]}"#)).map(\.frame)
        let moved = children(try contentsView(#"{"vstack": [{"text": "A", "offset": {"x": 5, "y": -3}}, {"text": "B"}]}"#)).map(\.frame)
        #expect(isClose(moved[0].x, plain[0].x + 5) && isClose(moved[0].y, plain[0].y - 3))
        #expect(moved[1] == plain[1])
    }

    @Test("a flexible spacer takes the free width of an hstack, which takes the whole width offered")
    func flexibleSpacerInRow() throws {
        let view = try contentsView(#"{"hstack": [{"text": "Left"}, {"spacer": null}, {"text": "Right"}]}"#)
        #expect(isClose(view.frame.width, 250), "the default style offers maxWidth 250")
        let parts = children(view)
        #expect(isClose(parts[2].frame.maxX, view.frame.maxX))
        #expect(isClose(parts[1].frame.x, parts[0].frame.maxX) && isClose(parts[1].frame.maxX, parts[2].frame.x))
    }

    @Test("a flexible spacer in a vstack of fixed height pushes what follows it to the bottom")
    func flexibleSpacerInColumn() throws {
        let view = try contentsView(#"{"vstack": [{"text": "Top"}, {"spacer": null}, {"text": "Bottom"}], "height": 120}"#)
        let parts = children(view)
        #expect(isClose(parts[0].frame.y, view.frame.y))
        #expect(isClose(parts[2].frame.maxY, view.frame.maxY))
    }

    @Test("minHeight and maxHeight bound the whole box")
    func heightBounds() throws {
        #expect(try contentsView(#"{"text": "A", "minHeight": 50}"#).frame.height == 50)
        let bounded = try contentsView(#"{"spacer": 80, "maxHeight": 30}"#)
        #expect(bounded.frame.height == 30)
    }

    @Test("a bounded text shows the lines that fit, the last ending in …, and never leaves its box")
    func boundedText() throws {
        let long = "Open now and until late tonight, with tables outside on the square by the river"
        let view = try contentsView(#"{"text": "\#(long)", "width": 80, "height": 34}"#)
        let text = try #require(view.texts.first)
        #expect(text.text.truncated)
        #expect(text.text.lines.count == 2 && text.text.lines.last?.hasSuffix("…") == true)
        #expect(text.text.height <= 34)
        #expect(text.drawnFrame.maxY <= view.frame.maxY + 1e-6)
    }

    @Test("a text whose box is lower than one line keeps its first line, clipped, and is truncated")
    func textLowerThanOneLine() throws {
        let view = try contentsView(#"{"text": "First line\nSecond", "height": 8}"#)
        let text = try #require(view.texts.first)
        #expect(text.text.truncated && text.text.lines == ["First line…"])
        #expect(view.clipsContent)
    }

    @Test("a vstack of bounded height makes its texts give up lines, the last text first")
    func boundedColumn() throws {
        let view = try contentsView(#"{"vstack": [{"text": "Title"}, {"text": "one two three four five six seven eight nine ten eleven twelve thirteen", "maxLines": 4}], "width": 90, "height": 50}"#)
        let parts = children(view)
        let body = try #require(parts[1].texts.first)
        #expect(body.text.truncated)
        #expect(parts.reduce(0) { $0 + $1.frame.height } <= 50 + 1e-6)
    }

    @Test("spans are one paragraph, wrapped and cut as one, each run in its own font and colour")
    func spans() throws {
        let view = try contentsView(##"{"spans": [{"text": "★ 4.7", "font": {"weight": "bold"}, "color": "#E37400"}, {"text": " (1,204 reviews) · Café", "color": "#5F6368"}]}"##)
        let text = try #require(view.texts.first)
        #expect(text.text.lines == ["★ 4.7 (1,204 reviews) · Café"])
        #expect(text.text.runs.count == 2)
        #expect(text.text.runs[0].style.weight == 700 && text.text.runs[1].style.weight == 400)
        #expect(text.text.runs[0].bytes == 0..<"★ 4.7".utf8.count)
        let cut = try contentsView(##"{"spans": [{"text": "Bold start "}, {"text": "and a long grey tail that cannot fit on one line at all", "color": "#888888"}], "maxLines": 1}"##)
        let fitted = try #require(cut.texts.first).text
        #expect(fitted.truncated && fitted.lines[0].hasSuffix("…"))
        #expect(fitted.runs.last?.color == RGBA(hex: 0x888888), "the … takes the colour of what precedes it")
    }

    @Test("lineSpacing adds space between lines")
    func lineSpacing() throws {
        let tight = try #require(try contentsView(#"{"text": "a\nb\nc"}"#).texts.first).text.height
        let loose = try #require(try contentsView(#"{"text": "a\nb\nc", "lineSpacing": 6}"#).texts.first).text.height
        #expect(abs(loose - tight - 12) < 0.01)
    }

    @Test("if shows a view only when the userData value exists and is not false, 0, empty or []")
    func condition() throws {
        let contents = #"{"vstack": [{"text": "Open", "if": "userData.open"}, {"text": "Closed", "if": "!userData.open"}]}"#
        #expect(texts(try contentsView(contents, userData: #"{"open": true}"#)) == ["Open"])
        for value in ["false", "0", #""""#, "[]"] {
            #expect(texts(try contentsView(contents, userData: #"{"open": \#(value)}"#)) == ["Closed"], "\(value)")
        }
        #expect(texts(try contentsView(contents)) == ["Closed"])
    }

    @Test("forEach repeats its view per element, with {{item}} and {{index}}")
    func forEach() throws {
        let contents = #"{"hstack": [{"forEach": "userData.tags", "view": {"text": "{{index}}:{{item}}"}}], "spacing": 4}"#
        #expect(texts(try contentsView(contents, userData: #"{"tags": ["vegan", "nuts", 3]}"#)) == ["0:vegan", "1:nuts", "2:3"])
        #expect(texts(try contentsView(contents)).isEmpty, "a missing array repeats nothing")
        #expect(throws: InfoWinError.self) { try contentsView(contents, userData: #"{"tags": "vegan"}"#) }
        #expect(throws: InfoWinError.self) { try contentsView(#"{"text": "{{item}}"}"#) }
    }

    @Test("opacity fades the view and what it holds")
    func opacity() throws {
        let spec = try testSpec(##"{"map": {"width": 60, "height": 60, "background": "#FFFFFF", "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 3}}, "markers": [{"id": "a", "position": {"latitude": 0, "longitude": 0}, "groundAnchor": {"x": 0.5, "y": 0.5}, "iconView": {"spacer": 0, "width": 20, "height": 20, "background": "#FF0000", "opacity": 0.5}}]}"##)
        let image = try renderPinned(spec).image
        #expect(colorsAreClose(image.color(x: 30, y: 30).rgb, 0xFF7F7F, tolerance: 2))
    }

    @Test("cornerRadius may give each corner its own radius, and a right-to-left locale swaps them")
    func perCornerRadius() throws {
        let contents = ##"{"text": "A", "background": "#EEEEEE", "cornerRadius": {"topLeading": 8, "bottomTrailing": 2}}"##
        let view = try contentsView(contents)
        #expect(view.modifiers.cornerRadius == CornerRadii(topLeft: 8, topRight: 0, bottomLeft: 0, bottomRight: 2))
        let mirrored = try contentsView(contents, extra: #", "locale": "ar""#)
        #expect(mirrored.modifiers.cornerRadius == CornerRadii(topLeft: 0, topRight: 8, bottomLeft: 2, bottomRight: 0))
    }

    @Test("font weights take UIFont.Weight's names")
    func namedWeights() throws {
        let view = try contentsView(#"{"vstack": [{"text": "a", "font": {"weight": "semibold"}}, {"text": "b", "font": {"weight": "ultraLight"}}, {"text": "c", "font": {"weight": "black"}}]}"#)
        #expect(view.texts.map(\.text.style.weight) == [600, 100, 900])
    }

    @Test("an image path may be a template, filled per marker and per forEach element, and sandboxed")
    func templatedImagePath() throws {
        let one = try contentsView(#"{"image": "{{userData.photo}}.png"}"#, userData: #"{"photo": "icon@2x"}"#)
        #expect(one.frame.width == 8 && one.frame.height == 4, "icon@2x.png is 16 × 8 px at scale 2")
        let row = try contentsView(#"{"hstack": [{"forEach": "userData.icons", "view": {"image": "{{item}}.png"}}]}"#, userData: #"{"icons": ["icon", "icon@2x"]}"#)
        #expect(children(row).map(\.frame.width) == [16, 8])
        let missing = #expect(throws: InfoWinError.self) { try contentsView(#"{"image": "{{userData.photo}}.png"}"#, userData: #"{"photo": "nope"}"#) }
        #expect(missing?.message.contains("nope.png") == true && missing?.message.contains(#"marker "a""#) == true)
        let outside = #expect(throws: InfoWinError.self) { try contentsView(#"{"image": "{{userData.photo}}.png"}"#, userData: #"{"photo": "../../etc/passwd"}"#) }
        #expect(outside?.message.contains("outside the allowed folder") == true, "\(String(describing: outside?.message))")
    }

    @Test("an unknown view kind suggests the nearest one")
    func kindTypo() throws {
        let error = #expect(throws: InfoWinError.self) { try contentsView(#"{"vstak": [{"text": "a"}]}"#) }
        #expect(error?.message.contains(#"did you mean "vstack"?"#) == true, "\(String(describing: error?.message))")
    }

    @Test("an unknown view kind's message names the typo at its own path, then the guess")
    func kindTypoNamesTheTypo() throws {
        let error = #expect(throws: InfoWinError.self) { try contentsView(#"{"hstak": [{"text": "a"}], "padding": 4}"#) }
        let message = error?.message ?? ""
        #expect(message.contains(#"infoWindow.contents.hstak: unknown view kind "hstak"; did you mean "hstack"?"#), "\(message)")
        let far = #expect(throws: InfoWinError.self) { try contentsView(#"{"picture": "a.png"}"#) }
        #expect(far?.message.contains(#"this one has none (its keys: "picture")"#) == true, "\(String(describing: far?.message))")
    }

    @Test("a misspelt choice (an alignment, a content mode) names the value it could not find and the one meant")
    func choiceTypoNamesTheTypo() throws {
        let error = #expect(throws: InfoWinError.self) { try contentsView(#"{"text": "a", "align": "cetner"}"#) }
        let message = error?.message ?? ""
        #expect(message.contains(#"got "cetner" (did you mean "center"?)"#), "\(message)")
        let style = #expect(throws: InfoWinError.self) { try contentsView(#"{"text": "a", "font": {"style": "italc"}}"#) }
        #expect(style?.message.contains(#"got "italc" (did you mean "italic"?)"#) == true, "\(String(describing: style?.message))")
        let textStyle = #expect(throws: InfoWinError.self) { try contentsView(#"{"text": "a", "font": {"textStyle": "headlin"}}"#) }
        #expect(textStyle?.message.contains(#"got "headlin" (did you mean "headline"?)"#) == true, "\(String(describing: textStyle?.message))")
    }
}
