/// A piece of a shown string as a pseudo-locale sees it: words a translator would translate, or text kept
/// as it is (a format specifier, a `{{…}}` template, markup, a data value or an argument's value).
package enum PseudoPiece: Sendable, Equatable {
    /// Words to accent, lengthen or mirror.
    case words(String)
    /// Text shown as it is.
    case kept(String)

    /// The pieces of `text`: its words, and its format specifiers (`%@`, `%lld`, `%1$@`, `%.2f`, `%%`,
    /// `%#@name@`), `{{…}}` templates, markup tags (`<b>`, `</a>`, `<br/>`) and entities (`&amp;`) kept.
    static func split(_ text: String) -> [PseudoPiece] {
        let characters = Array(text)
        var pieces: [PseudoPiece] = []
        var words = ""
        var index = 0
        while index < characters.count {
            guard let end = keptEnd(characters, at: index) else {
                words.append(characters[index])
                index += 1
                continue
            }
            if !words.isEmpty { pieces.append(.words(words)) }
            words = ""
            pieces.append(.kept(String(characters[index..<end])))
            index = end
        }
        if !words.isEmpty { pieces.append(.words(words)) }
        return pieces
    }

    /// Where the kept text starting at `start` ends, or nil when none starts there.
    private static func keptEnd(_ characters: [Character], at start: Int) -> Int? {
        switch characters[start] {
        case "%": return specifierEnd(characters, at: start)
        case "{": return closing("}}", in: characters, from: start, opening: "{{")
        case "<":
            guard start + 1 < characters.count, characters[start + 1].isLetter || "/!".contains(characters[start + 1]) else { return nil }
            return closing(">", in: characters, from: start, opening: "<")
        case "&": return entityEnd(characters, at: start)
        default: return nil
        }
    }

    /// The end of `%…` when it is a format specifier in Apple's (or Android's) syntax.
    private static func specifierEnd(_ characters: [Character], at start: Int) -> Int? {
        var index = start + 1
        func next() -> Character? { index < characters.count ? characters[index] : nil }
        func skip(while accepted: (Character) -> Bool) { while let character = next(), accepted(character) { index += 1 } }
        if next() == "%" { return index + 1 }
        if next() == "#", index + 1 < characters.count, characters[index + 1] == "@" {
            index += 2
            skip { $0.isLetter || $0.isNumber || $0 == "_" }
            return next() == "@" && index > start + 3 ? index + 1 : nil
        }
        let afterPercent = index
        skip(while: \.isASCIIDigit)
        if next() == "$" && index > afterPercent { index += 1 } else { index = afterPercent }
        skip { "-+#0".contains($0) }
        skip { $0.isASCIIDigit || $0 == "*" }
        if next() == "." {
            index += 1
            skip { $0.isASCIIDigit || $0 == "*" }
        }
        for length in ["hh", "h", "ll", "l", "q", "L", "z", "t", "j"] where characters[index...].starts(with: length) {
            index += length.count
            break
        }
        guard let conversion = next(), "@dDiuUxXoOfFeEgGaAcCsSp".contains(conversion) else { return nil }
        return index + 1
    }

    /// The end of `opening…closing` starting at `start` on one line, or nil.
    private static func closing(_ closing: String, in characters: [Character], from start: Int, opening: String) -> Int? {
        guard characters[start...].starts(with: opening) else { return nil }
        var index = start + opening.count
        while index < characters.count, characters[index] != "\n" {
            if characters[index...].starts(with: closing) { return index + closing.count }
            if opening == "<" && characters[index] == "<" { return nil }
            index += 1
        }
        return nil
    }

    /// The end of `&name;`, `&#39;` or `&#x27;` starting at `start`, or nil.
    private static func entityEnd(_ characters: [Character], at start: Int) -> Int? {
        var index = start + 1
        if index < characters.count, characters[index] == "#" { index += 1 }
        let nameStart = index
        while index < characters.count, index - nameStart < 32, characters[index].isASCII, characters[index].isLetter || characters[index].isNumber {
            index += 1
        }
        return index > nameStart && index < characters.count && characters[index] == ";" ? index + 1 : nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
