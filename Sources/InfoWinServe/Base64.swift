/// RFC 4648 base64: with padding, for the image inside a `layout=1` answer; and its URL-safe alphabet
/// (`-` and `_` for `+` and `/`), for signed URLs' secrets and signatures.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let urlSafeAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `bytes` in base64 with `=` padding, in the URL-safe alphabet when `urlSafe`.
    static func encode(_ bytes: [UInt8], urlSafe: Bool = false) -> String {
        let alphabet = urlSafe ? urlSafeAlphabet : alphabet
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            let b0 = bytes[index], b1 = count > 1 ? bytes[index + 1] : 0, b2 = count > 2 ? bytes[index + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            out.append(count > 1 ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(count > 2 ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of URL-safe base64 `text`, its `=` padding optional; nil for any other character, padding
    /// that is wrong, or bits left over that are not zero (so each byte string has one spelling).
    static func decodeURLSafe(_ text: String) -> [UInt8]? {
        var symbols = Array(text.utf8)
        if symbols.count % 4 == 0, symbols.count >= 4 {
            let padding = symbols.suffix(2).reversed().prefix { $0 == UInt8(ascii: "=") }.count
            symbols.removeLast(padding)
        }
        guard symbols.count % 4 != 1 else { return nil }
        var values: [UInt8] = []
        values.reserveCapacity(symbols.count)
        for symbol in symbols {
            guard let value = urlSafeAlphabet.firstIndex(of: symbol) else { return nil }
            values.append(UInt8(value))
        }
        var bytes: [UInt8] = []
        var buffer = 0, bits = 0
        for value in values {
            buffer = buffer << 6 | Int(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> bits))
                buffer &= (1 << bits) - 1
            }
        }
        return buffer == 0 ? bytes : nil
    }
}
