internal import CICU

/// ICU's own answers for the tests, asked through its C API apart from `ICUText` (plural rules by a plain double, the older
/// `unum` number format), for the tests to hold infowin's answers against.
public enum ICUReference {
    /// The plural category ICU's `uplrules_select` gives `value` in `locale` (an ICU locale ID: `pt_BR`).
    public static func category(_ value: Double, locale: String) -> String {
        var status = U_ZERO_ERROR
        let rules = infowin_uplrules_open(locale, &status)
        defer { infowin_uplrules_close(rules) }
        var keyword = [UChar](repeating: 0, count: 16)
        let length = infowin_uplrules_select(rules, value, &keyword, Int32(keyword.count), &status)
        precondition(status.rawValue <= U_ZERO_ERROR.rawValue, "uplrules_select failed in \(locale)")
        return String(decoding: keyword.prefix(Int(length)), as: UTF16.self)
    }

    /// `value` as ICU's `unum` decimal format writes it in `locale` with exactly `fractionDigits` digits.
    public static func decimal(_ value: Double, locale: String, fractionDigits: Int32) -> String {
        var status = U_ZERO_ERROR
        let format = infowin_unum_openDecimal(locale, &status)
        defer { infowin_unum_close(format) }
        infowin_unum_setFractionDigits(format, fractionDigits, fractionDigits)
        var text = [UChar](repeating: 0, count: 128)
        let length = infowin_unum_formatDouble(format, value, &text, Int32(text.count), &status)
        precondition(status.rawValue <= U_ZERO_ERROR.rawValue, "unum_formatDouble failed in \(locale)")
        return String(decoding: text.prefix(Int(length)), as: UTF16.self)
    }
}
