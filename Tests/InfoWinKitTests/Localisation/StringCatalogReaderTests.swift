import Testing
@testable import InfoWinKit

/// A catalog as Xcode 15 writes it: plurals, device variations nested with plurals, substitutions, states,
/// comments, extraction states, a key not to translate.
private let xcode15 = #"""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "%lld parcels waiting" : {
          "comment" : "The count on a pickup point's card",
          "extractionState" : "manual",
          "localizations" : {
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld parcel waiting" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld parcels waiting" } } } } },
            "pl" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld paczka czeka" } },
              "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld paczki czekają" } },
              "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld paczek czeka" } },
              "other" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld paczki czeka" } } } } }
          }
        },
        "walk" : {
          "extractionState" : "extracted_with_value",
          "localizations" : {
            "en" : {
              "stringUnit" : { "state" : "new", "value" : "%#@minutes@ to %@" },
              "substitutions" : {
                "minutes" : {
                  "argNum" : 1,
                  "formatSpecifier" : "lld",
                  "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg min walk" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg mins walk" } } } }
                }
              }
            },
            "de" : {
              "stringUnit" : { "state" : "translated", "value" : "%#@minutes@ bis %@" },
              "substitutions" : {
                "minutes" : {
                  "argNum" : 1,
                  "formatSpecifier" : "lld",
                  "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Minute zu Fuß" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Minuten zu Fuß" } } } }
                }
              }
            }
          }
        },
        "tap" : {
          "localizations" : {
            "en" : { "variations" : { "device" : {
              "mac" : { "stringUnit" : { "state" : "translated", "value" : "Click" } },
              "iphone" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "Tap once" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "Tap %lld times" } } } } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "Select" } } } } },
            "de" : { "variations" : { "plural" : {
              "other" : { "variations" : { "device" : {
                "other" : { "stringUnit" : { "state" : "stale", "value" : "Auswählen" } } } } } } } }
          }
        },
        "brand" : { "shouldTranslate" : false, "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "ParcelPoint" } } } },
        "Open now" : { "futureKey" : { "anything" : [1, 2] } }
      },
      "version" : "1.0",
      "someFutureTopLevelKey" : true
    }
    """#

@Suite("String Catalogs read into LocalisedCatalog")
struct StringCatalogReaderTests {
    let catalog: LocalisedCatalog

    init() throws {
        catalog = try LocalisedCatalog(stringCatalog: utf8(xcode15), file: "Localizable.xcstrings")
    }

    @Test("plural variations keep every category; the state is the least finished of the units")
    func plurals() throws {
        let polish = try #require(catalog.entries["%lld parcels waiting"]?["pl"])
        guard case .plural(let forms) = polish.value else { Issue.record("expected plurals"); return }
        #expect(Set(forms.keys) == [.one, .few, .many, .other])
        #expect(forms[.few] == .text("%lld paczki czekają"))
        #expect(polish.state == .needsReview)
        #expect(catalog.entries["%lld parcels waiting"]?["en"]?.state == .translated)
        #expect(catalog.locales == ["en", "de", "pl"])
        #expect(catalog.sourceLanguage == "en")
    }

    @Test("substitutions keep their argument, specifier and plural forms")
    func substitutions() throws {
        let german = try #require(catalog.entries["walk"]?["de"])
        #expect(german.value == .text("%#@minutes@ bis %@"))
        #expect(german.substitutions["minutes"] == LocalisedSubstitution(
            argumentNumber: 1, formatSpecifier: "lld", forms: [.one: "%arg Minute zu Fuß", .other: "%arg Minuten zu Fuß"]))
        #expect(catalog.entries["walk"]?["en"]?.state == .new)
    }

    @Test("device variations nest with plurals either way; plain text takes iphone, else other, and plural other")
    func devices() throws {
        let english = try #require(catalog.entries["tap"]?["en"])
        guard case .device(let devices) = english.value else { Issue.record("expected devices"); return }
        #expect(Set(devices.keys) == ["mac", "iphone", "other"])
        #expect(english.value.plainText == "Tap %lld times")
        #expect(LocalisedValue.device(["mac": .text("Click"), "other": .text("Select")]).plainText == "Select")
        #expect(catalog.entries["tap"]?["de"]?.state == .stale)
        #expect(catalog.entries["tap"]?["de"]?.value == .plural([.other: .device(["other": .text("Auswählen")])]))
    }

    @Test("shouldTranslate false marks the key untranslatable; a key with no localisations shows itself")
    func untranslatableAndBare() {
        #expect(catalog.untranslatable == ["brand"])
        #expect(shown(catalog, "brand", "de") == "ParcelPoint")
        #expect(catalog.lookup("brand", locale: "de")?.untranslated == nil)
        #expect(shown(catalog, "Open now", "de") == "Open now")
    }

    @Test("the keys read must have their types; each error names the file and the JSON path", arguments: [
        (#"{"strings": {}}"#, "sourceLanguage: is required"),
        (#"{"sourceLanguage": 1}"#, "sourceLanguage: expected a string, got 1"),
        (#"{"sourceLanguage": "en", "version": 1}"#, "version: expected a string"),
        (#"{"sourceLanguage": "en", "strings": []}"#, "strings: expected an object, got an array"),
        (#"{"sourceLanguage": "en", "strings": {"k": {"shouldTranslate": "no"}}}"#, "strings.k.shouldTranslate: expected true or false"),
        (#"{"sourceLanguage": "en", "strings": {"k": {"comment": 3}}}"#, "strings.k.comment: expected a string"),
        (#"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {}}}}}"#, "strings.k.localizations.de: expected a stringUnit or variations"),
        (#"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"stringUnit": {"state": "done", "value": "x"}}}}}}"#,
         "strings.k.localizations.de.stringUnit.state: expected"),
        (#"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"stringUnit": {"state": "new"}}}}}}"#,
         "strings.k.localizations.de.stringUnit.value: is required"),
        (#"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"variations": {"plural": {"several": {"stringUnit": {"value": "x"}}}}}}}}}"#,
         "strings.k.localizations.de.variations.plural.several: unknown plural category"),
        (#"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"variations": {"width": {}}}}}}}"#,
         "strings.k.localizations.de.variations: expected plural or device variations"),
        (#"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"stringUnit": {"value": "%#@n@"}, "substitutions": {"n": {"argNum": 0, "formatSpecifier": "lld", "variations": {"plural": {}}}}}}}}}"#,
         "strings.k.localizations.de.substitutions.n.argNum: expected a whole number from 1 to 999"),
        (#"{"sourceLanguage": "en", "strings": {"k": "x"}}"#, "strings.k: expected an object"),
    ])
    func typeErrors(json: String, expected: String) {
        let error = catalogError { () throws(InfoWinError) in try LocalisedCatalog(stringCatalog: utf8(json), file: "bad.xcstrings") }
        #expect(error?.message.hasPrefix("bad.xcstrings: ") == true)
        #expect(error?.message.contains(expected) == true, "\(String(describing: error?.message))")
    }

    @Test("bad JSON is a syntax error with line and column; variations nest at most 8 deep")
    func syntaxAndNesting() {
        let error = catalogError { () throws(InfoWinError) in try LocalisedCatalog(stringCatalog: utf8("{\n  \"sourceLanguage\": \"en\",\n}"), file: "bad.xcstrings") }
        guard case .syntax(let file, let line, _, _, _) = error else { Issue.record("expected a syntax error"); return }
        #expect(file == "bad.xcstrings" && line == 3)
        var value = #"{"stringUnit": {"value": "x"}}"#
        for _ in 0..<9 { value = #"{"variations": {"device": {"other": \#(value)}}}"# }
        let deep = catalogError { () throws(InfoWinError) in
            try LocalisedCatalog(stringCatalog: utf8(#"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": \#(value)}}}}"#), file: "deep.xcstrings")
        }
        #expect(deep?.message.contains("variations nest deeper than 8 levels") == true, "\(String(describing: deep?.message))")
    }
}
