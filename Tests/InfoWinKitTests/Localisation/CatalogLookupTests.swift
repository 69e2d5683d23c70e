import Testing
@testable import InfoWinKit

private func string(_ text: String, _ state: TranslationState = .translated) -> LocalisedString {
    LocalisedString(value: .text(text), state: state)
}

private let catalog = LocalisedCatalog(
    file: "c.xcstrings", sourceLanguage: "en",
    entries: [
        "title": ["en": string("Store"), "de": string("Geschäft"), "de-CH": string("Laden", .needsReview), "fr": string("", .new),
                  "ja": string("店", .stale)],
        "hours": ["en": string("Open")],
        "brand": ["en": string("ParcelPoint"), "de": string("Paket", .new), "fr": string("Marque")],
        "Key as text": [:],
    ],
    untranslatable: ["brand"], declaredLocales: ["pl"])

@Suite("catalog lookup: fallbacks, untranslated reasons, suggestions, format detection")
struct CatalogLookupTests {
    @Test("the locale's string, else its language's, else the source language's, else the key", arguments: [
        ("title", "de", "Geschäft", "de", nil),
        ("title", "de-AT", "Geschäft", "de", nil),
        ("title", "de-CH", "Geschäft", "de", .state(.needsReview)),
        ("title", "fr", "Store", "en", .state(.new)),
        ("title", "ja", "Store", "en", .state(.stale)),
        ("title", "pl", "Store", "en", .missingKey),
        ("title", "it", "Store", "en", .missingLocale),
        ("title", "en-GB", "Store", "en", nil),
        ("hours", "de", "Open", "en", .missingKey),
        ("brand", "de", "ParcelPoint", "en", nil),
        ("brand", "fr", "Marque", "fr", nil),
        ("brand", "it", "ParcelPoint", "en", nil),
        ("Key as text", "de", "Key as text", nil, .missingKey),
        ("Key as text", "en", "Key as text", nil, nil),
    ] as [(String, String, String, String?, UntranslatedReason?)])
    func lookup(key: String, locale: String, text: String, from: String?, reason: UntranslatedReason?) throws {
        let found = try #require(catalog.lookup(key, locale: locale))
        #expect(found.string.value.plainText == text)
        #expect(found.locale == from)
        #expect(found.untranslated == reason)
    }

    @Test("a key the catalog lacks is nil, with the nearest key as a suggestion")
    func missing() {
        #expect(catalog.lookup("titel", locale: "de") == nil)
        #expect(catalog.suggestion(for: "titel") == "title")
        #expect(catalog.suggestion(for: "completely different") == nil)
        #expect(catalog.suggestion(for: String(repeating: "x", count: 10_000)) == nil, "a huge key is not compared")
    }

    @Test("--strings PATH is told by what it is; anything else is an error naming the path and what was expected")
    func detection() throws {
        let xcstrings = try catalogFolder(["Localizable.xcstrings": utf8(#"{"sourceLanguage": "en", "strings": {"a": {}}}"#)])
        #expect(try LocalisedCatalog.read(xcstrings + "/Localizable.xcstrings").entries.keys.sorted() == ["a"])
        let other = try catalogFolder(["strings.json": utf8("{}"), "sub/x.txt": utf8("x")])
        for path in [other, other + "/strings.json", other + "/missing"] {
            let error = catalogError { () throws(InfoWinError) in try LocalisedCatalog.read(path) }
            guard case .io(let file, let message) = error else { Issue.record("expected an io error for \(path)"); continue }
            #expect(file == path)
            #expect(message.contains(path.hasSuffix("missing") ? "cannot read" : "expected a String Catalog (.xcstrings)"), "\(message)")
        }
    }
}
