internal import CICU

/// CLDR's plural rules for one locale (ICU's `UPluralRules`, which it owns and closes in `deinit`). ICU's
/// rules are immutable once opened, so they may be used from several threads.
package final class ICUPluralRules: @unchecked Sendable {
    private let rules: OpaquePointer
    /// The locale, as it was given.
    package let locale: String

    /// The cardinal plural rules of `locale` (BCP 47: `pl`, `pt-BR`, `ar`).
    package init(locale: String) throws(ICUError) {
        let id = try icuLocaleID(locale)
        rules = try checked("opening the plural rules of \"\(locale)\"") { status in infowin_icu_plural_rules_open(id, &status) }
        self.locale = locale
    }

    deinit { infowin_icu_plural_rules_close(rules) }

    /// The category (`zero`, `one`, `two`, `few`, `many`, `other`) of a number as it is shown: in English
    /// `1` is `one` but `1.0` is `other`.
    package func category(of number: ICUFormattedNumber) throws(ICUError) -> String {
        try utf16Text("choosing a plural form") { buffer, capacity, status in
            infowin_icu_plural_rules_select_formatted(rules, number.result, buffer, capacity, &status)
        }
    }

    /// The category of a number shown with no more fraction digits than it needs (`1` → `one` in English).
    package func category(of value: Double) throws(ICUError) -> String {
        try utf16Text("choosing a plural form") { buffer, capacity, status in
            infowin_icu_plural_rules_select(rules, value, buffer, capacity, &status)
        }
    }
}
