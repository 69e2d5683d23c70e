import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

/// A spec in `locale` whose one marker has these members and whose window is `infoWindow`.
private func localeSpec(_ locale: String?, marker: String, infoWindow: String = "{}") throws -> Spec {
    let tag = locale.map { #", "locale": "\#($0)""# } ?? ""
    return try testSpec(testSpecJSON(markers: [testMarker("a", marker)], extra: #", "infoWindow": \#(infoWindow)\#(tag)"#))
}

@Suite("locale: Han forms, right-to-left paragraphs and mirrored views")
struct LocaleTests {
    @Test("the default locale is en-US, and the report says which locale was used")
    func defaultLocale() throws {
        let spec = try localeSpec(nil, marker: #", "title": "A""#)
        #expect(spec.locale.tag == "en-US" && !spec.locale.isRightToLeft)
        let report = LayoutReport(scene: try layOut(try localeSpec("ja-JP", marker: #", "title": "A""#))).json
        #expect(report["locale"].string == "ja-JP")
    }

    @Test("Han characters take the locale's forms: 骨 and 直 differ between ja, zh-Hans, zh-Hant and ko")
    func hanForms() throws {
        func glyphs(_ locale: String) throws -> [UInt32] {
            let window = try #require(try layOut(try localeSpec(locale, marker: #", "title": "骨直""#)).infoWindow)
            return try #require(window.title).layout.glyphs.map(\.id)
        }
        let japanese = try glyphs("ja"), simplified = try glyphs("zh-Hans"), traditional = try glyphs("zh-TW")
        #expect(japanese != simplified)
        #expect(traditional != simplified)
        #expect(try glyphs("zh-CN") == simplified)
        #expect(try glyphs("zh-Hant-HK") != simplified)
    }

    @Test("without a CJK locale, kana make a text Japanese and other Han text Chinese, as before")
    func hanGuess() throws {
        let locale = LocaleTag.unitedStatesEnglish
        #expect(locale.pangoLanguage(for: "骨 ひらがな") == "ja")
        #expect(locale.pangoLanguage(for: "骨") == "zh-cn")
        #expect(locale.pangoLanguage(for: "한국어") == "ko")
        #expect(LocaleTag(parsing: "ja")?.pangoLanguage(for: "骨") == "ja")
    }

    @Test("in a right-to-left locale each paragraph runs as its first strong character, every one aligned right: a Hebrew line starting with Wi-Fi too")
    func rightToLeftParagraphs() throws {
        let marker = #", "title": "מלון", "snippet": "Wi-Fi חינם בכל המלון\nחניה""#
        let window = try #require(try layOut(try localeSpec("he", marker: marker)).infoWindow)
        let snippet = try #require(window.snippet)
        #expect(snippet.layout.lines.map(\.isRightToLeft) == [false, true], "Wi-Fi is the paragraph's first strong character")
        #expect(abs(snippet.drawnFrame.maxX - (window.frame.maxX - 12)) < 0.5)
        // The same text in an English locale: the Wi-Fi line is a left-to-right paragraph.
        let english = try #require(try layOut(try localeSpec("en", marker: marker)).infoWindow?.snippet)
        #expect(english.layout.lines.first?.isRightToLeft == false)
    }

    @Test("custom views mirror in a right-to-left locale: an hstack's first child is on the right, start means right")
    func mirroredViews() throws {
        let contents = #"{"contents": {"hstack": [{"text": "A", "width": 40}, {"text": "B", "width": 40}], "spacing": 10, "padding": {"left": 30}}}"#
        func frames(_ locale: String) throws -> (first: Rect, second: Rect, root: Rect, window: Rect) {
            let window = try #require(try layOut(try localeSpec(locale, marker: #", "title": "x""#, infoWindow: contents)).infoWindow)
            let root = try #require(window.view)
            guard case .stack(let children) = root.content else { throw LocaleTestError.noStack }
            return (children[0].frame, children[1].frame, root.frame, window.frame)
        }
        let ltr = try frames("en"), rtl = try frames("ar")
        #expect(ltr.first.x < ltr.second.x)
        #expect(rtl.first.x > rtl.second.x)
        // Padding changes sides: the 30 pt are now on the right of the content.
        #expect(abs(ltr.first.x - (ltr.root.x + 30)) < 1e-9)
        #expect(abs(rtl.first.maxX - (rtl.root.maxX - 30)) < 1e-9)
        #expect(abs(rtl.root.x - ltr.root.x) < 1e-9, "the window itself stays centred on its anchor")
    }

    @Test("a text view's own locale wins over the spec's")
    func textViewLocale() throws {
        let contents = #"{"contents": {"text": "Wi-Fi free", "locale": "en", "width": 200}}"#
        let window = try #require(try layOut(try localeSpec("ar", marker: #", "title": "x""#, infoWindow: contents)).infoWindow)
        let text = try #require(window.view?.texts.first)
        #expect(text.layout.lines.first?.isRightToLeft == false)
        #expect(abs(text.drawnFrame.x - window.view!.contentFrame.x) < 0.5, "left-aligned English in an Arabic window")
    }

    @Test("the web look's close button moves to the top-left corner in a right-to-left locale")
    func closeButtonMirrors() throws {
        var spec = try localeSpec("ar", marker: #", "title": "مرحبا""#)
        spec.look = .web
        spec.infoWindow.style = Look.web.windowStyle
        let window = try #require(try layOut(spec).infoWindow)
        let button = try #require(window.closeButton).frame
        #expect(abs(button.x - (window.frame.x + 4)) < 1e-9)
    }

    @Test("a locale that is not a BCP 47 tag is an error naming the key")
    func badLocale() throws {
        for bad in ["", "e", "en_US", "toolonglanguage", "ja--JP", "日本"] {
            let error = #expect(throws: InfoWinError.self) { try localeSpec(bad, marker: "") }
            #expect(error?.message.contains("locale") == true && error?.message.contains("BCP 47") == true, "\(bad)")
        }
        #expect(LocaleTag(parsing: "zh-Hant-HK") != nil && LocaleTag(parsing: "sr-Latn") != nil)
    }

    private enum LocaleTestError: Error { case noStack }
}
