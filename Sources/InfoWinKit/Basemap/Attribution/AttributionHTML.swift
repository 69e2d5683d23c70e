/// A source's attribution as MapLibre shows it, made plain: MapLibre's control puts the string into the page
/// as HTML (links to the data's licence, `&copy;`), while infowin draws text. Tags are taken out (a `<br>`
/// becomes a space), character references are decoded (named ones of HTML's common set, `&#NN;` and
/// `&#xHH;`; an unknown name is left as written), and runs of white space become one space.
package enum AttributionHTML {
    /// The text a reader sees of `html`.
    package static func plainText(_ html: String) -> String {
        var text = ""
        var rest = Substring(html)
        while let first = rest.first {
            if first == "<", let close = rest.firstIndex(of: ">") {
                text.append(" ")
                rest = rest[rest.index(after: close)...]
            } else if first == "&", let (decoded, after) = reference(at: rest) {
                text.append(decoded)
                rest = after
            } else {
                text.append(first)
                rest = rest.dropFirst()
            }
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The character a reference at the start of `text` stands for, and what follows it; nil when it is none.
    private static func reference(at text: Substring) -> (String, Substring)? {
        guard let semicolon = text.prefix(12).firstIndex(of: ";") else { return nil }
        let name = text[text.index(after: text.startIndex)..<semicolon]
        let after = text[text.index(after: semicolon)...]
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return (String(Character(scalar)), after)
        }
        return named[String(name)].map { ($0, after) }
    }

    /// HTML's named references that attributions use.
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "copy": "©", "reg": "®", "trade": "™",
        "ndash": "–", "mdash": "—", "hellip": "…", "middot": "·", "bull": "•", "laquo": "«", "raquo": "»", "deg": "°",
    ]
}
