internal import CICU

/// ICU's name for a BCP 47 locale (`pt-BR` → `pt_BR`, `sr-Latn` → `sr_Latn`), as its C functions take it.
func icuLocaleID(_ tag: String) throws(ICUError) -> String {
    var capacity: Int32 = 32
    while true {
        var buffer = [CChar](repeating: 0, count: Int(capacity) + 1)
        var status: ICUStatus = INFOWIN_ICU_SUCCESS
        let length = infowin_icu_locale_for_language_tag(tag, &buffer, capacity, &status)
        if status == INFOWIN_ICU_BUFFER_OVERFLOW, length > capacity {
            capacity = length
            continue
        }
        guard !failed(status) else { throw icuError("reading the locale \"\(tag)\"", status) }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
