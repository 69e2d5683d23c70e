internal import CICU

/// One number as a formatter wrote it (ICU's `UFormattedNumber`, which it owns and closes in `deinit`):
/// its text, and for plural rules the digits it shows (`1.0` is not `1`).
package final class ICUFormattedNumber {
    /// The ICU result filled in by `ICUNumberFormatter.format`.
    let result: OpaquePointer

    init() throws(ICUError) {
        result = try checked("opening a number result") { status in infowin_icu_formatted_number_open(&status) }
    }

    deinit { infowin_icu_formatted_number_close(result) }

    /// The number's text (`1.234.567,5` in German).
    package func text() throws(ICUError) -> String {
        try utf16Text("reading a formatted number") { buffer, capacity, status in
            infowin_icu_formatted_number_text(result, buffer, capacity, &status)
        }
    }
}
