internal import CICU

/// ICU's own answers for the tests, asked through its C API apart from `ICUText` (plural rules by a plain double, the older
/// `unum` number format), for the tests to hold infowin's answers against.
public enum ICUReference {
    /// The plural category ICU's `uplrules_select` gives `value` in `locale` (an ICU locale ID: `pt_BR`).
    public static func category(_ value: Double, locale: String) -> String {
        var status: Int32 = INFOWIN_ICU_SUCCESS
        let rules = infowin_icu_plural_rules_open(locale, &status)
        defer { infowin_icu_plural_rules_close(rules) }
        var keyword = [UInt16](repeating: 0, count: 16)
        let length = infowin_icu_plural_rules_select(rules, value, &keyword, Int32(keyword.count), &status)
        precondition(status <= INFOWIN_ICU_SUCCESS, "uplrules_select failed in \(locale)")
        return String(decoding: keyword.prefix(Int(length)), as: UTF16.self)
    }

    /// `value` as ICU's `unum` decimal format writes it in `locale` with exactly `fractionDigits` digits.
    public static func decimal(_ value: Double, locale: String, fractionDigits: Int32) -> String {
        var status: Int32 = INFOWIN_ICU_SUCCESS
        let format = infowin_icu_decimal_format_open(locale, &status)
        defer { infowin_icu_decimal_format_close(format) }
        infowin_icu_decimal_format_set_fraction_digits(format, fractionDigits, fractionDigits)
        var text = [UInt16](repeating: 0, count: 128)
        let length = infowin_icu_decimal_format_double(format, value, &text, Int32(text.count), &status)
        precondition(status <= INFOWIN_ICU_SUCCESS, "unum_formatDouble failed in \(locale)")
        return String(decoding: text.prefix(Int(length)), as: UTF16.self)
    }
}
