internal import CICU

/// ICU's version and its data's (`72.1 data 72.1`): plural rules and number formats change with them, so
/// the input hash of a render names them.
package let icuVersions: String = {
    var buffer = [CChar](repeating: 0, count: 64)
    infowin_icu_versions(&buffer, Int32(buffer.count))
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}()
