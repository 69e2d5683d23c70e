/// Android resource text as `aapt2` reads it: escapes, double quotes that keep whitespace, whitespace
/// collapsed elsewhere; its Java format specifiers turned into Apple's; resource folder qualifiers into
/// BCP 47 tags.
enum AndroidText {
    /// `raw` (entities already replaced, markup dropped) with `\'`, `\"`, `\n`, `\t`, `\@`, `\?`, `\\`,
    /// `\uXXXX` replaced, double quotes removed (keeping the whitespace between them), other runs of
    /// whitespace made one space and trimmed at both ends. An unescaped `'` outside quotes is an error, as
    /// in `aapt2`.
    static func unescape(_ raw: String) throws(CatalogProblem) -> String {
        var result: [Unicode.Scalar] = []
        var quoted = false
        var pendingSpace = false
        var scalars = raw.unicodeScalars.makeIterator()
        func append(_ scalar: Unicode.Scalar) {
            if pendingSpace && !result.isEmpty { result.append(" ") }
            pendingSpace = false
            result.append(scalar)
        }
        while let scalar = scalars.next() {
            switch scalar {
            case "\\":
                guard let escaped = scalars.next() else { throw CatalogProblem(message: "the text ends in a lone '\\'") }
                switch escaped {
                case "n": append("\n")
                case "t": append("\t")
                case "u":
                    var hex = ""
                    for _ in 0..<4 { if let digit = scalars.next() { hex.unicodeScalars.append(digit) } }
                    guard hex.unicodeScalars.count == 4, let code = UInt32(hex, radix: 16), let value = Unicode.Scalar(code) else {
                        throw CatalogProblem(message: "\\u\(hex) is not four hexadecimal digits of a character")
                    }
                    append(value)
                default: append(escaped)
                }
            case "\"":
                quoted.toggle()
            case " ", "\t", "\n", "\r":
                if quoted { append(scalar) } else { pendingSpace = true }
            case "'":
                guard quoted else { throw CatalogProblem(message: "unescaped apostrophe (write \\' or put the text in double quotes)") }
                append(scalar)
            default:
                append(scalar)
            }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: result)
        return text
    }

    /// Java's specifiers in Apple's syntax: `%s` → `%@`, `%1$s` → `%1$@`; `%d`, `%.2f`, `%%` stay. With
    /// `formatted: false` (`formatted="false"`) a `%` is a percent sign: `%%`.
    static func appleFormat(_ text: String, formatted: Bool = true) -> String {
        guard text.contains("%") else { return text }
        guard formatted else { return text.replacing("%", with: "%%") }
        var result = ""
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            let body = rest.prefix { "0123456789$-#+ ,(.".contains($0) }
            let conversion = rest.dropFirst(body.count).first
            result += "%" + body
            switch conversion {
            case "s", "S": result += "@"
            case .some(let other): result.append(other)
            case nil: break
            }
            rest = rest.dropFirst(body.count + (conversion == nil ? 0 : 1))
        }
        return result + rest
    }

    /// The BCP 47 tag of a `values-…` folder's qualifiers: `de` → `de`, `pt-rBR` → `pt-BR`,
    /// `b+sr+Latn` → `sr-Latn`; nil for qualifiers other than a language and region (`night`, `v21`, `de-land`).
    static func locale(ofQualifiers qualifiers: String) -> String? {
        if qualifiers.hasPrefix("b+") {
            let subtags = qualifiers.dropFirst(2).split(separator: "+", omittingEmptySubsequences: false)
            guard let language = subtags.first, isLanguage(language),
                  subtags.dropFirst().allSatisfy({ (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
            else { return nil }
            return subtags.joined(separator: "-")
        }
        let parts = qualifiers.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, isLanguage(language), parts.count <= 2 else { return nil }
        guard parts.count == 2 else { return String(language) }
        let region = parts[1].dropFirst()
        guard parts[1].first == "r",
              (region.count == 2 && region.allSatisfy { $0.isASCII && $0.isUppercase })
                || (region.count == 3 && region.allSatisfy { $0.isASCII && $0.isNumber })
        else { return nil }
        return "\(language)-\(region)"
    }

    private static func isLanguage(_ text: Substring) -> Bool {
        (2...3).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isLowercase }
    }
}
