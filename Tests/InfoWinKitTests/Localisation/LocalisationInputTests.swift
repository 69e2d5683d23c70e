import Testing
@testable import InfoWinKit

private let catalog = #"""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "store.title" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Geschäft" } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Store" } },
            "fr" : { "stringUnit" : { "state" : "new", "value" : "" } },
            "ja" : { "stringUnit" : { "state" : "needs_review", "value" : "店舗" } }
          }
        },
        "reviews" : {
          "localizations" : {
            "de" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Bewertung" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Bewertungen" } } } } }
          }
        },
        "Untranslated source" : { }
      },
      "version" : "1.0"
    }
    """#

@Suite("localisation inputs: String Catalogs, data rows, pseudo-locales")
struct LocalisationInputTests {
    @Test("a String Catalog gives each key's text per locale, plural 'other', source-language and key fallbacks")
    func stringCatalog() throws {
        let strings = try LocalisedCatalog(stringCatalog: Array(catalog.utf8), file: "Localizable.xcstrings")
        func text(_ key: String, _ locale: String) -> String? { strings.lookup(key, locale: locale)?.string.value.plainText }
        #expect(text("store.title", "de") == "Geschäft")
        #expect(text("store.title", "de-CH") == "Geschäft", "a region falls back to its language")
        #expect(text("store.title", "fr") == "Store", "a 'new' (untranslated) unit falls back to the source language")
        #expect(text("store.title", "ja") == "Store", "a unit that needs review is untranslated: the source language shows")
        #expect(text("reviews", "de") == "%lld Bewertungen")
        #expect(text("Untranslated source", "de") == "Untranslated source")
        #expect(text("missing", "de") == nil)
        #expect(strings.locales == ["en", "de", "fr", "ja"])
        #expect(throws: InfoWinError.self) { try LocalisedCatalog(stringCatalog: Array("{\"strings\": {}}".utf8), file: "x.xcstrings") }
    }

    @Test("data rows come from CSV (quotes, commas, line breaks), JSON Lines and JSON arrays; ids name them")
    func dataRows() throws {
        let csv = "id,name,address\nde,\"Müller, Hans\",\"Hauptstraße 1\nRegensburg\"\njp,\"He said \"\"hi\"\"\",Tokyo\n"
        let rows = try DataRows(bytes: Array(csv.utf8), file: "rows.csv").rows
        #expect(rows.map(\.name) == ["de", "jp"])
        #expect(rows[0].values["name"] == "Müller, Hans" && rows[0].values["address"] == "Hauptstraße 1\nRegensburg")
        #expect(rows[1].values["name"] == #"He said "hi""#)
        let lines = try DataRows(bytes: Array("{\"a\": 1}\n\n{\"a\": \"two\"}\n".utf8), file: "rows.jsonl").rows
        #expect(lines.map(\.name) == ["1", "2"] && lines[1].values["a"] == "two")
        let array = try DataRows(bytes: Array(#"[{"id": "x", "n": 3}]"#.utf8), file: "rows.json").rows
        #expect(array[0].name == "x" && array[0].values["n"] == "3")
        let short = #expect(throws: InfoWinError.self) { try DataRows(bytes: Array("a,b\n1\n".utf8), file: "bad.csv") }
        #expect(short?.message.contains("row 1") == true)
        #expect(throws: InfoWinError.self) { try DataRows(bytes: Array("a\n\"open\n".utf8), file: "bad.csv") }
        #expect(throws: InfoWinError.self) { try DataRows(bytes: Array("id\n../x\n".utf8), file: "bad.csv") }
    }

    @Test("en-XA accents, brackets and lengthens text, keeping placeholders; ar-XB runs it right to left")
    func pseudoLocales() {
        let accented = PseudoLocale.accented.apply(to: "Open now {{title}}")
        #expect(accented.hasPrefix("[Öþéñ ñöŵ {{title}}") && accented.hasSuffix("]"))
        #expect(Double(accented.count) >= 1.35 * Double("Open now {{title}}".count))
        #expect(PseudoLocale.bidirectional.apply(to: "a\nb") == "\u{202E}a\u{202C}\n\u{202E}b\u{202C}")
    }

    @Test("a variant fills {{strings.KEY}} and {{data.COLUMN}} in every string, sets the locale, and names missing ones")
    func variant() throws {
        let strings = try LocalisedCatalog(stringCatalog: Array(catalog.utf8), file: "Localizable.xcstrings")
        let row = try DataRows(bytes: Array("id,city\nr1,Berlin\n".utf8), file: "rows.csv").rows[0]
        let spec = #"{"map": {"width": 100, "height": 100, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1}}, "markers": [{"id": "a", "position": {"latitude": 0, "longitude": 0}, "title": "{{strings.store.title}} {{data.city}}", "snippet": "{{title}}"}], "selectedMarker": "a"}"#
        var variant = SpecVariant(strings: (strings, "de"), row: row)
        #expect(variant.nameSuffix == ".r1")
        variant.namedByLocale = true
        #expect(variant.nameSuffix == ".r1.de")
        let decoded = try SpecDecoder.decode(try variant.apply(to: SpecSource(name: "s.json", bytes: Array(spec.utf8), folder: "/tmp")))
        #expect(decoded.markers[0].title == "Geschäft Berlin")
        #expect(decoded.locale.tag == "de")
        let missing = #expect(throws: InfoWinError.self) {
            try SpecVariant(strings: (strings, "de"), row: row).apply(
                to: SpecSource(name: "s.json", bytes: Array(spec.replacing("data.city", with: "data.town").utf8), folder: "/tmp"))
        }
        #expect(missing?.message.contains(#"row r1 has no column "town""#) == true, "\(String(describing: missing?.message))")
        let pseudo = try SpecDecoder.decode(try SpecVariant(pseudoLocale: .bidirectional).apply(
            to: SpecSource(name: "s.json", bytes: Array(spec.replacing("{{strings.store.title}} {{data.city}}", with: "Store").utf8), folder: "/tmp")))
        #expect(pseudo.locale.isRightToLeft && pseudo.markers[0].title == "\u{202E}Store\u{202C}")
    }
}
