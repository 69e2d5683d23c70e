import ICUText

/// One locale's number formats and plural rules from ICU, each opened when first needed and kept for the
/// strings filled in after it.
final class LocaleNumbers {
    /// The locale (BCP 47: `de`, `pt-BR`).
    let locale: String
    private var formatters: [NumberStyle: ICUNumberFormatter] = [:]
    private var rules: ICUPluralRules?

    /// The numbers of `locale`; nothing is opened yet.
    init(locale: String) {
        self.locale = locale
    }

    /// `value` written in `style` in the locale's digits and separators.
    func text(_ value: Double, style: NumberStyle) throws(LocalisationError) -> String {
        do throws(ICUError) { return try formatter(style).format(value).text() } catch { throw .icu(error.description) }
    }

    /// The plural category of `value` as `style` shows it (in English `1` is `one`, `1.0` is `other`).
    func category(_ value: Double, style: NumberStyle) throws(LocalisationError) -> PluralCategory {
        do throws(ICUError) {
            let rules = try pluralRules()
            let keyword = try rules.category(of: formatter(style).format(value))
            return PluralCategory(rawValue: keyword) ?? .other
        } catch { throw .icu(error.description) }
    }

    private func pluralRules() throws(ICUError) -> ICUPluralRules {
        if let rules { return rules }
        let rules = try ICUPluralRules(locale: locale)
        self.rules = rules
        return rules
    }

    private func formatter(_ style: NumberStyle) throws(ICUError) -> ICUNumberFormatter {
        if let formatter = formatters[style] { return formatter }
        let formatter = try ICUNumberFormatter(locale: locale, style: style)
        formatters[style] = formatter
        return formatter
    }
}
