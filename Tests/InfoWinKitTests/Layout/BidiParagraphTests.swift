import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

/// A spec in `locale` whose selected marker "a" has these members, with a top-level `infoWindow`.
private func bidiSpec(_ locale: String, marker: String, infoWindow: String = "{}") throws -> Spec {
    try testSpec(testSpecJSON(markers: [testMarker("a", marker)], extra: #", "infoWindow": \#(infoWindow), "locale": "\#(locale)""#))
}

/// The caret x of the first `character` in the layout's text.
private func caret(_ character: Character, in layout: TextLayout) throws -> Double {
    let index = try #require(layout.text.firstIndex(of: character))
    return layout.caretX(ofByte: layout.text.utf8.distance(from: layout.text.startIndex, to: index))
}

@Suite("bidi as UIKit: a paragraph's direction from its first strong character, natural alignment from the locale")
struct BidiParagraphTests {
    @Test("\"Jonas K.\" in an ar locale reads \"Jonas K.\" (the period right of the letters), aligned right")
    func latinTitleInArabicLocale() throws {
        let window = try #require(try layOut(try bidiSpec("ar", marker: #", "title": "Jonas K.", "snippet": "مرحبا بكم في المتجر""#)).infoWindow)
        let title = try #require(window.title)
        #expect(title.text.lines == ["Jonas K."], "the report's lines hold no control character")
        #expect(try caret(".", in: title.layout) > caret("K", in: title.layout))
        #expect(try caret("K", in: title.layout) > caret("J", in: title.layout))
        #expect(title.layout.lines.first?.isRightToLeft == false)
        // Natural alignment follows the locale: the title sits against the right edge, as the snippet does.
        #expect(abs(title.drawnFrame.maxX - (window.frame.maxX - 12)) < 0.5, "\(title.drawnFrame) in \(window.frame)")
        #expect(title.drawnFrame.x > window.frame.x + 12 + 1, "narrower than the snippet, so not at the left")
    }

    @Test("drawn: \"Jonas K.\" in ar has the ink it has in en (not \".Jonas K\"), against the window's right edge")
    func latinTitleInArabicLocaleDrawn() throws {
        let marker = #", "title": "Jonas K.", "snippet": "a snippet much wider than the title""#
        /// The title band's ink per pixel column, from its first inked column to its last, and where those are.
        func ink(_ locale: String) throws -> (profile: [Int], first: Int, last: Int, contentRight: Int) {
            let spec = try bidiSpec(locale, marker: marker)
            let window = try #require(try layOut(spec).infoWindow)
            let title = try #require(window.title)
            let image = try renderPinned(spec).image
            let top = Int((title.drawnFrame.y * 2).rounded(.down)), bottom = Int((title.drawnFrame.maxY * 2).rounded(.up))
            let left = Int((window.frame.x * 2).rounded(.up)) + 2, right = Int((window.frame.maxX * 2).rounded(.down)) - 2
            let columns = (left..<right).map { x in
                (top..<bottom).reduce(0) { sum, y in
                    let rgb = image.color(x: x, y: y).rgb
                    return sum + 255 - Int(min(rgb >> 16 & 0xFF, rgb >> 8 & 0xFF, rgb & 0xFF))
                }
            }
            let first = try #require(columns.firstIndex { $0 > 0 }), last = try #require(columns.lastIndex { $0 > 0 })
            return (Array(columns[first...last]), left + first, left + last, Int(((window.frame.maxX - 12) * 2).rounded()))
        }
        let arabic = try ink("ar"), english = try ink("en")
        #expect(abs(arabic.last - arabic.contentRight) <= 2, "aligned right: ink ends at \(arabic.last), the content at \(arabic.contentRight)")
        #expect(english.first < arabic.first - 20, "aligned left in en")
        #expect(abs(arabic.profile.count - english.profile.count) <= 1)
        let difference = zip(arabic.profile, english.profile).reduce(0) { $0 + abs($1.0 - $1.1) }
        #expect(difference * 10 < english.profile.reduce(0, +), "the same glyphs in the same order: \(difference) of \(english.profile.reduce(0, +))")
    }

    @Test("an Arabic paragraph still runs right to left: its final period is drawn left of its letters")
    func arabicParagraphStaysRightToLeft() throws {
        for locale in ["ar", "en"] {
            let window = try #require(try layOut(try bidiSpec(locale, marker: #", "title": "مرحبا بكم.""#)).infoWindow)
            let title = try #require(window.title)
            #expect(title.layout.lines.first?.isRightToLeft == true, "\(locale)")
            #expect(try caret(".", in: title.layout) < caret("م", in: title.layout), "\(locale)")
        }
    }

    @Test("a paragraph with no strong character takes the locale's direction, even after a paragraph of the other")
    func neutralParagraphTakesTheLocale() throws {
        let contents = #"{"contents": {"text": "مرحبا\n12:30 - 14:00\nJonas\n+49 30 123"}}"#
        let arabic = try #require(try layOut(try bidiSpec("ar", marker: "", infoWindow: contents)).infoWindow?.view?.texts.first)
        #expect(arabic.layout.lines.map(\.isRightToLeft) == [true, true, false, true])
        let english = try #require(try layOut(try bidiSpec("en", marker: "", infoWindow: contents)).infoWindow?.view?.texts.first)
        #expect(english.layout.lines.map(\.isRightToLeft) == [true, false, false, false], "Pango alone would carry the Arabic line's direction on")
        #expect(english.text.lines == ["مرحبا", "12:30 - 14:00", "Jonas", "+49 30 123"])
    }

    @Test("in an ar locale, paragraphs of both directions in one text all align right; in en each by its own direction")
    func mixedParagraphsAlign() throws {
        let marker = #", "title": "A much longer title than either line", "snippet": "Jonas K.\nمرحبا بكم""#
        for (locale, rightAligned) in [("ar", [true, true]), ("en", [false, true])] {
            let window = try #require(try layOut(try bidiSpec(locale, marker: marker)).infoWindow)
            let snippet = try #require(window.snippet)
            #expect(snippet.layout.lines.map(\.isRightToLeft) == [false, true], "\(locale)")
            let right = window.frame.maxX - 12, left = window.frame.x + 12
            for (index, line) in snippet.layout.lines.enumerated() {
                let x = snippet.origin.x + snippet.layout.lineLeftEdges[index]
                let atRight = abs(x + line.width - right) < 0.5, atLeft = abs(x - left) < 0.5
                #expect(atRight == rightAligned[index] && atLeft != rightAligned[index], "\(locale) line \(index) at \(x) in \(left)…\(right)")
            }
        }
    }

    @Test("a wrapped line keeps its paragraph's direction though it starts with a word of the other script")
    func wrappedLinesKeepTheParagraphDirection() throws {
        let contents = #"{"contents": {"text": "مرحبا بكم Starbucks Coffee في المتجر الكبير", "width": 90}}"#
        for locale in ["en", "ar"] {
            let text = try #require(try layOut(try bidiSpec(locale, marker: "", infoWindow: contents)).infoWindow?.view?.texts.first)
            #expect(text.layout.lines.count > 1, "\(text.text.lines)")
            #expect(text.layout.lines.allSatisfy { $0.isRightToLeft }, "\(locale): \(text.text.lines)")
        }
    }

    @Test("--pseudo-locale ar-XB still makes every paragraph right to left, a Latin one included")
    func pseudoLocaleForcesRightToLeft() throws {
        let json = testSpecJSON(markers: [testMarker("a", #", "title": "Jonas K.", "snippet": "12:30\nOpen""#)])
        let pseudo = try SpecDecoder.decode(try SpecVariant(pseudoLocale: .bidirectional).apply(
            to: SpecSource(name: "x.json", bytes: Array(json.utf8), folder: TestAssets.folder)))
        #expect(pseudo.locale.tag == "ar-XB")
        let window = try #require(try layOut(pseudo).infoWindow)
        for text in [window.title, window.snippet].compactMap({ $0 }) {
            #expect(text.layout.lines.allSatisfy { $0.isRightToLeft }, "\(text.text.lines)")
            #expect(abs(text.drawnFrame.maxX - (window.frame.maxX - 12)) < 0.5)
        }
    }

    @Test("a text view's own locale wins: en in an ar window is left to right and aligned left, ar in an en window aligned right")
    func textViewLocaleWins() throws {
        let english = #"{"contents": {"vstack": [{"text": "Jonas K.", "locale": "en"}, {"text": "A wider line of text here"}]}}"#
        let inArabic = try #require(try layOut(try bidiSpec("ar", marker: "", infoWindow: english)).infoWindow?.view?.texts.first)
        #expect(try caret(".", in: inArabic.layout) > caret("J", in: inArabic.layout))
        let arabic = #"{"contents": {"vstack": [{"text": "Jonas K.", "locale": "ar", "width": 200}]}}"#
        let window = try #require(try layOut(try bidiSpec("en", marker: "", infoWindow: arabic)).infoWindow)
        let text = try #require(window.view?.texts.first)
        #expect(try caret(".", in: text.layout) > caret("J", in: text.layout), "still Jonas K.")
        #expect(abs(text.drawnFrame.maxX - (text.reportedFrame.maxX)) < 0.5, "start is the right edge in ar: \(text.drawnFrame) in \(text.reportedFrame)")
    }

    @Test("spans: a left-to-right paragraph in an ar locale keeps its line height and its spans' colours")
    func spansInRightToLeftLocale() throws {
        let contents = ##"{"contents": {"spans": [{"text": "Jonas ", "font": {"size": 20}}, {"text": "K.", "font": {"size": 10}, "color": "#FF0000"}]}}"##
        let arabic = try #require(try layOut(try bidiSpec("ar", marker: "", infoWindow: contents)).infoWindow?.view?.texts.first)
        let english = try #require(try layOut(try bidiSpec("en", marker: "", infoWindow: contents)).infoWindow?.view?.texts.first)
        #expect(arabic.text.lines == ["Jonas K."])
        #expect(abs(arabic.drawnFrame.height - english.drawnFrame.height) < 1e-9)
        #expect(abs(arabic.drawnFrame.width - english.drawnFrame.width) < 1e-6)
        #expect(try caret(".", in: arabic.layout) > caret("J", in: arabic.layout))
    }
}
