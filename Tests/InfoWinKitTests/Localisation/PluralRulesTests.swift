import ICUReference
import Testing
@testable import InfoWinKit

/// A plural string whose every form is its category's name, so the text shown is the category chosen.
private let categoryNames = LocalisedString(value: .plural(Dictionary(uniqueKeysWithValues: PluralCategory.allCases.map { ($0, .text($0.rawValue)) })))

/// The category infowin chooses for `value` in `locale`.
private func category(_ value: Double, _ locale: String) throws -> String {
    try categoryNames.resolved([.number(value)], locale: locale)
}

/// Locales with BCP 47 tags and ICU's IDs for them: every CLDR plural system from one form (ja) to six (ar, cy).
let testedLocales: [(tag: String, icu: String)] = [
    ("en", "en"), ("de", "de"), ("fr", "fr"), ("pl", "pl"), ("ru", "ru"), ("uk", "uk"), ("cs", "cs"), ("ar", "ar"),
    ("he", "he"), ("ja", "ja"), ("zh", "zh"), ("ko", "ko"), ("pt-BR", "pt_BR"), ("pt-PT", "pt_PT"), ("es", "es"),
    ("it", "it"), ("tr", "tr"), ("hi", "hi"), ("lt", "lt"), ("lv", "lv"), ("cy", "cy"), ("ga", "ga"), ("sl", "sl"),
    ("ro", "ro"), ("sr-Latn", "sr_Latn"), ("nl", "nl"), ("br", "br"),
]

@Suite("plural categories: CLDR's rules through ICU")
struct PluralRulesTests {
    @Test("every category agrees with ICU's own uplrules_select for 27 locales, whole numbers and one decimal",
          arguments: testedLocales.map(\.tag))
    func agreesWithICU(tag: String) throws {
        let icu = try #require(testedLocales.first { $0.tag == tag }).icu
        let values: [Double] = [0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 14, 19, 20, 21, 22, 25, 100, 101, 102, 111, 1_000, 1_000_000, 0.5, 1.5, 2.5]
        for value in values {
            #expect(try category(value, tag) == ICUReference.category(value, locale: icu), "\(value) in \(tag)")
        }
    }

    @Test("Arabic: 0 zero, 1 one, 2 two, 3…10 few, 11…99 many, 100 other")
    func arabic() throws {
        #expect(try category(0, "ar") == "zero")
        #expect(try category(1, "ar") == "one")
        #expect(try category(2, "ar") == "two")
        #expect(try (3...10).allSatisfy { try category(Double($0), "ar") == "few" })
        #expect(try (11...99).allSatisfy { try category(Double($0), "ar") == "many" })
        #expect(try category(100, "ar") == "other")
        #expect(try category(103, "ar") == "few")
    }

    @Test("Polish: 1 one, 2–4 few, 5 many, 22 few, 12 many; Russian 21 one; Czech 2 few")
    func slavic() throws {
        #expect(try [1, 2, 3, 4, 5, 12, 22, 25].map { try category($0, "pl") } == ["one", "few", "few", "few", "many", "many", "few", "many"])
        #expect(try category(21, "ru") == "one")
        #expect(try category(11, "ru") == "many")
        #expect(try category(2, "cs") == "few")
        #expect(try category(1.5, "cs") == "many")
    }

    @Test("Japanese, Chinese and Korean are always other")
    func oneForm() throws {
        for locale in ["ja", "zh", "ko"] {
            #expect(try [0, 1, 2, 5, 1.5].allSatisfy { try category($0, locale) == "other" }, "\(locale)")
        }
    }

    @Test("Welsh has zero, one, two, few, many and other")
    func welsh() throws {
        #expect(try [0, 1, 2, 3, 6, 4, 7].map { try category($0, "cy") } == ["zero", "one", "two", "few", "many", "other", "other"])
    }

    @Test("visible fraction digits count: 1 is one in English, 1.0 is other; French 0 and 1.5 are one")
    func fractionDigits() throws {
        let kilometres = LocalisedString(value: .plural([.one: .text("%.1f kilometre"), .other: .text("%.1f kilometres")]))
        #expect(try kilometres.resolved([.number(1)], locale: "en") == "1.0 kilometres")
        let walks = LocalisedString(value: .plural([.one: .text("%lld walk"), .other: .text("%lld walks")]))
        #expect(try walks.resolved([.number(1)], locale: "en") == "1 walk")
        #expect(try category(0, "fr") == "one")
        #expect(try category(1.5, "fr") == "one")
        #expect(try category(2, "fr") == "other")
    }

    @Test("a category the string lacks takes other")
    func missingCategory() throws {
        let reviews = LocalisedString(value: .plural([.one: .text("%lld opinia"), .other: .text("%lld opinii")]))
        #expect(try reviews.resolved([.number(5)], locale: "pl") == "5 opinii", "Polish 5 is many, which the string lacks")
        #expect(try reviews.resolved([.number(1)], locale: "pl") == "1 opinia")
    }
}
