internal import CICU

/// ICU's version and its data's (`72.1 data 72.1`): plural rules and number formats change with them, so
/// the input hash of a render with a catalog names them. Reading them opens ICU's library (see `ICULibrary`).
package let icuVersions: String = {
    var buffer = [CChar](repeating: 0, count: 64)
    infowin_icu_versions(&buffer, Int32(buffer.count))
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}()

/// ICU's library, opened on first use rather than linked (see icu_bridge.c): about 2.5 ms of loading that a
/// process which never formats a plural or a number does not pay.
package enum ICULibrary {
    /// True when ICU's library and every function infowin calls in it were found.
    package static var isAvailable: Bool { infowin_icu_load() == 1 }

    /// The file it opens: `libicui18n.so.72`, of the version infowin was built against.
    package static var fileName: String { String(cString: infowin_icu_library_name()) }
}
