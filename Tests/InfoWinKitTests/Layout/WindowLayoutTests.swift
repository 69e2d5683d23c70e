import Testing
@testable import InfoWinKit

@Suite("default info window layout")
struct WindowLayoutTests {
    private func window(_ markerMembers: String, style: String? = nil, latitude: Double = 0, longitude: Double = 0, scale: Double = 2) throws -> PlacedWindow? {
        let extra = style.map { #", "infoWindow": {"style": \#($0)}"# } ?? ""
        let json = testSpecJSON(markers: [testMarker("a", latitude: latitude, longitude: longitude, markerMembers)], scale: scale, extra: extra)
        return try layOut(try testSpec(json)).infoWindow
    }

    @Test("no window when the title and the snippet are both empty or missing", arguments: [
        "", #", "title": """#, #", "title": "", "snippet": """#, #", "title": null, "snippet": null"#,
    ])
    func emptyWindow(members: String) throws {
        #expect(try window(members) == nil)
    }

    @Test("a title alone or a snippet alone opens the window")
    func eitherTextOpensTheWindow() throws {
        let titleOnly = try #require(try window(#", "title": "London""#))
        #expect(titleOnly.title?.text.lines == ["London"] && titleOnly.snippet == nil)
        let snippetOnly = try #require(try window(#", "snippet": "Population: 8,174,100""#))
        #expect(snippetOnly.title == nil && snippetOnly.snippet?.text.lines == ["Population: 8,174,100"])
    }

    @Test("the window is centred on the info-window anchor, above it, its tail's tip on it")
    func placement() throws {
        let placed = try #require(try window(#", "title": "London", "snippet": "Population: 8,174,100""#))
        let anchor = Point(x: 195, y: 109)
        #expect(placed.tailTip == anchor)
        #expect(abs(placed.frame.x + placed.frame.width / 2 - anchor.x) <= 0.25)
        #expect(abs(placed.frame.maxY - (anchor.y - 5.7)) <= 0.25)
        #expect(placed.clipped.isEmpty)
    }

    @Test("without a tail the body sits on the anchor")
    func noTail() throws {
        let placed = try #require(try window(#", "title": "London""#, style: #"{"tail": null}"#))
        #expect(abs(placed.frame.maxY - 109) <= 0.25)
    }

    @Test("the body is the text plus padding, in whole output pixels")
    func bodySize() throws {
        let placed = try #require(try window(#", "title": "London", "snippet": "Population: 8,174,100""#, style: #"{"padding": 10}"#))
        let title = try #require(placed.title), snippet = try #require(placed.snippet)
        let contentWidth = max(title.text.width, snippet.text.width)
        #expect(placed.frame.width >= contentWidth + 20 && placed.frame.width < contentWidth + 20 + 0.5)
        let contentHeight = title.text.height + WindowLayout.titleSnippetSpacing + snippet.text.height
        #expect(placed.frame.height >= contentHeight + 20 && placed.frame.height < contentHeight + 20 + 0.5)
        for edge in [placed.frame.x, placed.frame.y, placed.frame.width, placed.frame.height] {
            #expect((edge * 2).rounded() == edge * 2)
        }
        #expect(title.origin == Point(x: placed.frame.x + 10, y: placed.frame.y + 10))
        #expect(snippet.origin.y == title.origin.y + title.text.height + WindowLayout.titleSnippetSpacing)
    }

    @Test("a short text still gets a body wide enough for the tail and both corners")
    func minimumWidth() throws {
        let placed = try #require(try window(#", "title": "i""#, style: #"{"padding": 0, "cornerRadius": 20, "tail": {"width": 30}}"#))
        #expect(placed.frame.width >= 30 + 2 * 20)
    }

    @Test("the snippet wraps at maxWidth and every line fits")
    func wrapping() throws {
        let placed = try #require(try window(
            #", "snippet": "London stands on the River Thames in south-east England""#,
            style: #"{"maxWidth": 120}"#))
        let snippet = try #require(placed.snippet)
        #expect(snippet.text.lines.count > 2)
        #expect(!snippet.text.truncated)
        #expect(snippet.text.width <= 120)
        #expect(snippet.text.lines.joined(separator: " ") == "London stands on the River Thames in south-east England")
    }

    @Test("a long snippet is cut after snippetMaxLines lines with an ellipsis")
    func truncation() throws {
        let long = String(repeating: "lorem ipsum dolor sit amet ", count: 40)
        let placed = try #require(try window(#", "title": "\#(long)", "snippet": "\#(long)""#, style: #"{"snippetMaxLines": 3}"#))
        let snippet = try #require(placed.snippet), title = try #require(placed.title)
        #expect(snippet.text.lines.count == 3 && snippet.text.truncated)
        #expect(snippet.text.lines.last?.hasSuffix("…") == true)
        #expect(snippet.text.lines.dropLast().allSatisfy { !$0.hasSuffix("…") })
        #expect(title.text.lines.count == 2 && title.text.truncated && title.text.lines[1].hasSuffix("…"))
        #expect(snippet.text.width <= 250)
    }

    @Test("text that fits exactly is not truncated, and a line break in it is kept")
    func lineBreaks() throws {
        let placed = try #require(try window(#", "snippet": "first line\nsecond line""#))
        #expect(placed.snippet?.text.lines == ["first line", "second line"])
        #expect(placed.snippet?.text.truncated == false)
    }

    @Test("a line break on the last line allowed ends it: the text is cut there with … after what precedes the break")
    func lineBreakOnTheLastLine() throws {
        let placed = try #require(try window(
            #", "title": "Cafe", "snippet": "Open now\nCloses 23:00\n12 Upper St""#, style: #"{"snippetMaxLines": 2}"#))
        let snippet = try #require(placed.snippet)
        #expect(snippet.text.lines == ["Open now", "Closes 23:00…"])
        #expect(snippet.text.truncated)
        // The window is as wide as those lines and the "…", not as the joined rest.
        let unbounded = try #require(try window(#", "title": "Cafe", "snippet": "Open now\nCloses 23:00""#))
        #expect(placed.frame.width <= unbounded.frame.width + 20)
    }

    @Test("a title of one allowed line cut at a line break keeps its first paragraph")
    func lineBreakInTitle() throws {
        let placed = try #require(try window(#", "title": "Line one\nLine two""#, style: #"{"titleMaxLines": 1}"#))
        #expect(placed.title?.text.lines == ["Line one…"])
    }

    @Test("Chinese wraps between characters without spaces")
    func chineseWraps() throws {
        let text = String(repeating: "北京是中华人民共和国的首都", count: 4)
        let placed = try #require(try window(#", "snippet": "\#(text)""#, style: #"{"maxWidth": 150}"#))
        let lines = try #require(placed.snippet?.text.lines)
        #expect(lines.count > 2)
        #expect(lines.joined() == text)
    }

    @Test("markup is plain text: <b> stays four characters")
    func plainText() throws {
        let placed = try #require(try window(#", "snippet": "<b>bold</b> &amp;""#))
        #expect(placed.snippet?.text.lines == ["<b>bold</b> &amp;"])
    }

    @Test("right-to-left text is drawn against the window's right padding")
    func rightToLeft() throws {
        let placed = try #require(try window(#", "title": "ירושלים", "snippet": "Population: 936,000 people in a long left-to-right line""#))
        let title = try #require(placed.title)
        #expect(abs(title.drawnFrame.maxX - (placed.frame.maxX - 12)) < 0.5)
        #expect(title.drawnFrame.x > placed.frame.x + 12 + 1)
        let snippet = try #require(placed.snippet)
        #expect(abs(snippet.drawnFrame.x - (placed.frame.x + 12)) < 0.01)
    }

    @Test("a character no font can draw is reported once, with its marker")
    func missingGlyphs() throws {
        let placed = try #require(try window(#", "title": "a\uE400b\uE400", "snippet": "\uDBFF\uDFFD""#))
        #expect(placed.missingGlyphs.map(\.code) == ["U+E400", "U+10FFFD"])
        #expect(placed.missingGlyphs.allSatisfy { $0.markerID == "a" })
    }

    @Test("the canvas edges that cut the window are listed", arguments: [
        (0.0, -1.08, ["left"]), (0.0, 1.08, ["right"]), (0.18, 0.0, ["top"]), (-0.3, 0.0, ["bottom"]), (0.18, 1.08, ["top", "right"]),
    ])
    func clipping(latitude: Double, longitude: Double, edges: [String]) throws {
        let placed = try #require(try window(#", "title": "A window near the edge", "snippet": "with a snippet""#, latitude: latitude, longitude: longitude))
        #expect(placed.clipped.map(\.rawValue) == edges)
    }

    @Test("the layout is the same at every scale, in points")
    func scaleIndependent() throws {
        let members = #", "title": "London", "snippet": "A snippet that wraps at the maximum width of the window, twice or more""#
        let one = try #require(try window(members, scale: 1)), two = try #require(try window(members, scale: 2))
        #expect(one.snippet?.text.lines == two.snippet?.text.lines)
        #expect(abs(one.frame.width - two.frame.width) <= 1)
    }
}
