import ICUReference
import ICUText
import Testing
@testable import InfoWinKit

/// `text` filled with one number in `locale`.
private func formatted(_ text: String, _ value: Double, _ locale: String) throws -> String {
    try LocalisedString(value: .text(text)).resolved([.number(value)], locale: locale)
}

@Suite("numbers: the locale's digits, grouping and decimal separator through ICU")
struct NumberFormatTests {
    @Test("%lld, %.2f and %f agree with ICU's own unum decimal format for 27 locales", arguments: testedLocales.map(\.tag))
    func agreesWithICU(tag: String) throws {
        let icu = try #require(testedLocales.first { $0.tag == tag }).icu
        for value in [0, 7, 1_234, 1_234_567, -98_765] as [Double] {
            #expect(try formatted("%lld", value, tag) == ICUReference.decimal(value, locale: icu, fractionDigits: 0), "\(value) in \(tag)")
        }
        for value in [0.5, 1_234_567.25, -3.75] {
            #expect(try formatted("%.2f", value, tag) == ICUReference.decimal(value, locale: icu, fractionDigits: 2), "\(value) in \(tag)")
            #expect(try formatted("%f", value, tag) == ICUReference.decimal(value, locale: icu, fractionDigits: 6), "\(value) in \(tag)")
        }
    }

    @Test("German groups with dots and writes a decimal comma; English the other way round")
    func german() throws {
        #expect(try formatted("%.1f", 1_234_567.5, "de") == "1.234.567,5")
        #expect(try formatted("%.1f", 1_234_567.5, "en") == "1,234,567.5")
        #expect(try formatted("%lld", 1_234_567, "de") == "1.234.567")
    }

    @Test("Polish and Spanish group only from five digits, as CLDR's minimumGroupingDigits says")
    func minimumGrouping() throws {
        #expect(try formatted("%lld", 1_234, "pl") == "1234")
        #expect(try formatted("%lld", 12_345, "pl") == "12\u{A0}345")
        #expect(try formatted("%lld", 1_234, "es") == "1234")
        #expect(try formatted("%lld", 12_345, "es") == "12.345")
    }

    @Test("French groups with a narrow no-break space")
    func french() throws {
        #expect(try formatted("%lld", 1_234_567, "fr") == "1\u{202F}234\u{202F}567")
        #expect(try formatted("%.2f", 0.5, "fr") == "0,50")
    }

    @Test("Arabic writes Arabic-Indic digits with its own separators")
    func arabic() throws {
        #expect(try formatted("%lld", 1_234_567, "ar") == "١٬٢٣٤٬٥٦٧")
        #expect(try formatted("%.1f", 2.5, "ar") == "٢٫٥")
    }

    @Test("Hindi groups in lakhs and crores: 12,34,567")
    func hindi() throws {
        #expect(try formatted("%lld", 1_234_567, "hi") == "12,34,567")
        #expect(try formatted("%lld", 123_456_789, "hi") == "12,34,56,789")
    }

    @Test("%f has six fraction digits, %.0f none, %.3f three, rounded")
    func fractionDigits() throws {
        #expect(try formatted("%f", 2.5, "en") == "2.500000")
        #expect(try formatted("%.0f", 2.4, "en") == "2")
        #expect(try formatted("%.3f", 1.23456, "en") == "1.235")
    }

    @Test("%@ shows a number as an NSNumber does: ungrouped, no trailing zeros, the locale's decimal separator")
    func objectNumbers() throws {
        #expect(try formatted("%@", 5, "en") == "5")
        #expect(try formatted("%@", 2.5, "en") == "2.5")
        #expect(try formatted("%@", 1_234_567, "en") == "1234567")
        #expect(try formatted("%@", 2.5, "de") == "2,5")
        #expect(try formatted("%@", 0.1, "en") == "0.1")
    }

    @Test("ICUText's formatter and plural rules work on their own, with a formatted number's fraction digits")
    func icuText() throws {
        let formatter = try ICUNumberFormatter(locale: "pt-BR", style: .fixed(fractionDigits: 2))
        let number = try formatter.format(1_234.5)
        #expect(try number.text() == "1.234,50")
        #expect(try ICUPluralRules(locale: "pt-BR").category(of: number) == "other")
        #expect(try ICUPluralRules(locale: "en").category(of: try ICUNumberFormatter(locale: "en", style: .integer).format(1)) == "one")
        #expect(try ICUPluralRules(locale: "en").category(of: 1) == "one")
        #expect(try ICUPluralRules(locale: "en").category(of: try ICUNumberFormatter(locale: "en", style: .fixed(fractionDigits: 1)).format(1)) == "other")
    }
}
