/// Android's pseudo-locales, to see cut or clipped text before translations exist: `en-XA` accents Latin
/// letters, brackets the text and makes it about 40 % longer; `ar-XB` shows it right to left (and the spec
/// takes a right-to-left locale). Format specifiers, templates (`{{title}}`), markup and values are kept as they are.
package enum PseudoLocale: String, CaseIterable, Sendable {
    case accented = "en-XA"
    case bidirectional = "ar-XB"

    private static let accents: [Character: Character] = [
        "a": "á", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ", "k": "ķ", "l": "ļ",
        "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ", "u": "û", "v": "ṽ", "w": "ŵ", "x": "ẋ",
        "y": "ý", "z": "ž", "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Î", "J": "Ĵ",
        "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ", "S": "Š", "T": "Ţ", "U": "Û", "V": "Ṽ",
        "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
    ]
    private static let paddingWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// The text as this pseudo-locale shows it.
    package func apply(to text: String) -> String {
        apply(to: [.words(text)])
    }

    /// The pieces as this pseudo-locale shows them, as one string: only words are accented or mirrored;
    /// format specifiers, `{{…}}` templates, markup and kept pieces (values) stay as they are.
    package func apply(to pieces: [PseudoPiece]) -> String {
        let parts = pieces.flatMap { piece -> [PseudoPiece] in
            if case .words(let text) = piece { return PseudoPiece.split(text) }
            return [piece]
        }
        guard !parts.isEmpty else { return "" }
        // A string of placeholders only (`{{title}}`) is left alone: what fills it is pseudo-localised where
        // it is written, and bracketing the placeholder too would bracket the title twice.
        guard parts.contains(where: { $0.isWords && $0.text.contains(where: \.isLetter) }) else { return parts.map(\.text).joined() }
        switch self {
        case .accented:
            var accented = ""
            var length = 0
            for part in parts {
                switch part {
                case .words(let text): accented += String(text.map { Self.accents[$0] ?? $0 })
                case .kept(let text): accented += text
                }
                length += part.text.count
            }
            return "[" + accented + Self.padding(for: length) + "]"
        case .bidirectional:
            // Each line overridden right to left (RLO … PDF), as Android's ar-XB does; what is kept is an
            // isolate inside it (LRI … PDI), shown left to right as it is.
            var mirrored = Self.rightToLeftOverride
            for part in parts {
                let (open, close) = part.isWords ? ("", "") : (Self.leftToRightIsolate, Self.popIsolate)
                let lines = part.text.split(separator: "\n", omittingEmptySubsequences: false)
                mirrored += lines.map { open + $0 + close }.joined(separator: Self.popEmbedding + "\n" + Self.rightToLeftOverride)
            }
            return mirrored + Self.popEmbedding
        }
    }

    private static let rightToLeftOverride = "\u{202E}", popEmbedding = "\u{202C}"
    private static let leftToRightIsolate = "\u{2066}", popIsolate = "\u{2069}"

    /// Words to make a text of `length` characters about 40 % longer, as translations into German or
    /// Finnish often are; lengths are counted once and kept as words are added, so a long text takes time
    /// in proportion to its length.
    private static func padding(for length: Int) -> String {
        var padding = ""
        var paddingLength = 0
        var words = 0
        while (length + paddingLength + 1) * 10 < length * 14 {
            let word = Self.paddingWords[words % Self.paddingWords.count]
            padding += " " + word
            paddingLength += word.count + (words == 0 ? 0 : 1)
            words += 1
        }
        return padding
    }
}

extension PseudoPiece {
    /// The piece's text.
    var text: String {
        switch self {
        case .words(let text), .kept(let text): text
        }
    }

    var isWords: Bool {
        if case .words = self { return true }
        return false
    }
}
