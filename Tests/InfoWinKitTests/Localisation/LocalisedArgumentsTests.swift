import Graphics
import Testing
@testable import InfoWinKit

/// `{{strings.KEY(ARG, …)}}` end to end: a catalog's plural forms and format specifiers filled from
/// literals and the markers' userData, in the locale's plural rules and digits.
@Suite("{{strings.KEY(ARG, …)}}: arguments, plurals, untranslated strings")
struct LocalisedArgumentsTests {
    private static let catalog = #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "parcels": {"localizations": {
            "en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "One parcel"}},
                                             "other": {"stringUnit": {"state": "translated", "value": "%lld parcels"}}}}},
            "pl": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "Jedna paczka"}},
                                             "few": {"stringUnit": {"state": "translated", "value": "%lld paczki"}},
                                             "many": {"stringUnit": {"state": "translated", "value": "%lld paczek"}},
                                             "other": {"stringUnit": {"state": "translated", "value": "%lld paczki"}}}}},
            "de": {"stringUnit": {"state": "needs_review", "value": "%lld Pakete"}}}},
          "walk": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "%1$lld min to %2$@"}},
            "de": {"stringUnit": {"state": "translated", "value": "%1$lld Min. bis %2$@"}},
            "ar": {"stringUnit": {"state": "translated", "value": "%1$lld دقيقة إلى %2$@"}}}}}}
        """#

    private func variant(_ locale: String) throws -> SpecVariant {
        SpecVariant(strings: (try LocalisedCatalog(stringCatalog: Array(Self.catalog.utf8), file: "L.xcstrings"), locale))
    }

    private func spec(_ json: String, locale: String) throws -> Spec {
        let source = SpecSource(name: "counts.json", bytes: Array(json.utf8), folder: TestAssets.folder)
        return try SpecDecoder.decode(try variant(locale).apply(to: source))
    }

    private func marker(_ id: String, count: Int, _ rest: String = "") -> String {
        testMarker(id, #", "title": "{{strings.parcels(userData.n)}}", "snippet": "{{strings.walk(5, \"Hbf\")}}", "userData": {"n": \#(count)}\#(rest)"#)
    }

    @Test("a marker's own strings take its userData: the plural form of the count in the locale, positional arguments")
    func markerStrings() throws {
        let expected = [1: "Jedna paczka", 2: "2 paczki", 5: "5 paczek", 22: "22 paczki"]
        for (count, title) in expected {
            let placed = try spec(testSpecJSON(markers: [marker("a", count: count)]), locale: "pl")
            #expect(placed.markers[0].title == title)
        }
        #expect(try spec(testSpecJSON(markers: [marker("a", count: 1)]), locale: "en").markers[0].title == "One parcel")
        #expect(try spec(testSpecJSON(markers: [marker("a", count: 1)]), locale: "de").markers[0].snippet == "5 Min. bis Hbf")
        #expect(try spec(testSpecJSON(markers: [marker("a", count: 1)]), locale: "ar").markers[0].snippet == "٥ دقيقة إلى Hbf")
    }

    @Test("a view every marker shares is filled with each marker's own userData when drawn")
    func sharedView() throws {
        let json = testSpecJSON(
            markers: [testMarker("a", #", "userData": {"n": 1}"#), testMarker("b", #", "userData": {"n": 22}"#)], selected: "b",
            extra: #", "infoWindow": {"contents": {"text": "{{strings.parcels(userData.n)}}"}}"#)
        let shared = try spec(json, locale: "pl")
        #expect(try layOut(shared).infoWindow?.view?.texts.first?.text.lines == ["22 paczki"])
        #expect(try layOut(shared, selection: "a").infoWindow?.view?.texts.first?.text.lines == ["Jedna paczka"])
    }

    @Test("a string shown from a fallback is untranslated: a warning naming key, locale and path, and a --fail-on problem")
    func untranslated() throws {
        let review = try spec(testSpecJSON(markers: [marker("a", count: 3)]), locale: "de")
        #expect(review.untranslated.map(\.key) == ["parcels"] && review.markers[0].title == "3 parcels")
        let french = try spec(testSpecJSON(markers: [marker("a", count: 3)]), locale: "fr")
        #expect(french.untranslated.map(\.key) == ["parcels", "walk"])
        let report = try Renderer().report(french)
        #expect(report.warnings.contains { $0.contains("{{strings.walk}} is untranslated in fr") && $0.contains("markers[0].snippet") })
        #expect(FailOn.untranslated.problems(in: report).count == 2)
        #expect(FailOn().problems(in: report).isEmpty)
    }

    @Test("pseudo-locales change a filled string's words and keep its numbers, in a marker's strings and a shared view alike")
    func pseudoLocalesKeepNumbers() throws {
        #expect(PseudoPiece.keepingNumbers("1,204 reviews, ١٬٢٠٤") == [.kept("1,204"), .words(" reviews, "), .kept("١٬٢٠٤")])
        var mirrored = try variant("pl")
        mirrored.pseudoLocale = .bidirectional
        let json = testSpecJSON(
            markers: [testMarker("a", #", "title": "{{strings.parcels(userData.n)}}", "userData": {"n": 1204}"#)],
            extra: #", "infoWindow": {"contents": {"text": "{{strings.parcels(userData.n)}}"}}"#)
        let spec = try SpecDecoder.decode(try mirrored.apply(to: SpecSource(name: "x.json", bytes: Array(json.utf8), folder: TestAssets.folder)))
        let shared = try #require(try layOut(spec).infoWindow?.view?.texts.first?.text.lines.first)
        for text in [spec.markers[0].title ?? "", shared] {
            #expect(text.hasPrefix("\u{202E}") && text.contains("\u{2066}1204\u{2069}") && text.contains("paczki"), "\(text.debugDescription)")
        }
    }

    @Test("a pseudo-locale leaves a text argument's value as it is")
    func pseudoLocalesKeepTextArguments() throws {
        var accented = try variant("de")
        accented.pseudoLocale = .accented
        let json = testSpecJSON(markers: [testMarker("a", #", "title": "{{strings.walk(5, \"Hauptbahnhof\")}}""#)])
        let spec = try SpecDecoder.decode(try accented.apply(to: SpecSource(name: "x.json", bytes: Array(json.utf8), folder: TestAssets.folder)))
        let title = spec.markers[0].title ?? ""
        #expect(title.contains("Hauptbahnhof") && title.contains("5 Ṁîñ. ƀîš"), "\(title)")
    }

    @Test("a missing, wrong or left-over argument is an error naming the key, the locale and the JSON path")
    func argumentErrors() throws {
        let cases = [
            (#"{{strings.walk(5)}}"#, "walk"), (#"{{strings.walk(\"five\", \"Hbf\")}}"#, "walk"),
            (#"{{strings.walk(5, \"Hbf\", 7)}}"#, "walk"), (#"{{strings.parcel(1)}}"#, "did you mean \"parcels\""),
        ]
        for (title, words) in cases {
            let json = testSpecJSON(markers: [testMarker("a", #", "title": "\#(title)""#)])
            let error = #expect(throws: InfoWinError.self) { try spec(json, locale: "de") }
            let message = error?.message ?? ""
            #expect(message.contains("markers[0].title") && message.contains(words), "\(message)")
            if words == "walk" { #expect(message.contains(" in de"), "\(message)") }
        }
    }
}
