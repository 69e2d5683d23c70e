internal import CICU

/// ICU's name for a BCP 47 locale (`pt-BR` → `pt_BR`, `sr-Latn` → `sr_Latn`), as its C functions take it.
func icuLocaleID(_ tag: String) throws(ICUError) -> String {
    var capacity: Int32 = 32
    while true {
        var buffer = [CChar](repeating: 0, count: Int(capacity) + 1)
        var status = U_ZERO_ERROR
        let length = infowin_uloc_forLanguageTag(tag, &buffer, capacity, nil, &status)
        if status == U_BUFFER_OVERFLOW_ERROR, length > capacity {
            capacity = length
            continue
        }
        guard !failed(status) else { throw icuError("reading the locale \"\(tag)\"", status) }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
