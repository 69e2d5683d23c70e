internal import CICU

/// Writes numbers in one style for one locale (ICU's `UNumberFormatter`, which it owns and closes in
/// `deinit`). ICU's formatter is immutable once opened, so one may be used from several threads.
package final class ICUNumberFormatter: @unchecked Sendable {
    private let formatter: OpaquePointer
    /// The locale, as it was given.
    package let locale: String
    /// The style of every number written.
    package let style: NumberStyle

    /// A formatter of `style` for `locale` (BCP 47: `de`, `pt-BR`, `ar`).
    package init(locale: String, style: NumberStyle) throws(ICUError) {
        let id = try icuLocaleID(locale)
        let skeleton = Array(style.skeleton.utf16)
        formatter = try checked("opening a number format for \"\(locale)\"") { status in
            infowin_icu_number_formatter_open(skeleton, Int32(skeleton.count), id, &status)
        }
        self.locale = locale
        self.style = style
    }

    deinit { infowin_icu_number_formatter_close(formatter) }

    /// `value` formatted: its text, and what plural rules need to know of it (its visible fraction digits).
    package func format(_ value: Double) throws(ICUError) -> ICUFormattedNumber {
        let number = try ICUFormattedNumber()
        try checked("formatting \(value)") { status in infowin_icu_number_formatter_format(formatter, value, number.result, &status) }
        return number
    }
}
