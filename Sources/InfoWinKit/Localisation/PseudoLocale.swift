/// Android's pseudo-locales, to see cut or clipped text before translations exist: `en-XA` accents Latin
/// letters, brackets the text and makes it about 40 % longer; `ar-XB` shows it right to left (and the spec
/// takes a right-to-left locale). Template placeholders (`{{title}}`) are kept as they are.
public enum PseudoLocale: String, CaseIterable, Sendable {
    case accented = "en-XA"
    case bidirectional = "ar-XB"

    private static let accents: [Character: Character] = [
        "a": "á", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ", "k": "ķ", "l": "ļ",
        "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ", "u": "û", "v": "ṽ", "w": "ŵ", "x": "ẋ",
        "y": "ý", "z": "ž", "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Î", "J": "Ĵ",
        "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ", "S": "Š", "T": "Ţ", "U": "Û", "V": "Ṽ",
        "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
    ]
    private static let padding = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// The text as this pseudo-locale shows it.
    public func apply(to text: String) -> String {
        guard !text.isEmpty else { return text }
        switch self {
        case .accented:
            var accented = ""
            var inPlaceholder = false
            var previous: Character = " "
            for character in text {
                if character == "{" && previous == "{" { inPlaceholder = true }
                if character == "}" && previous == "}" { inPlaceholder = false }
                accented.append(inPlaceholder ? character : Self.accents[character] ?? character)
                previous = character
            }
            // About 40 % longer, as translations into German or Finnish often are; lengths are counted
            // once and kept as words are added, so a long text takes time in proportion to its length.
            let length = text.count
            var padding = ""
            var paddingLength = 0
            var words = 0
            while (length + paddingLength + 1) * 10 < length * 14 {
                let word = Self.padding[words % Self.padding.count]
                padding += " " + word
                paddingLength += word.count + (words == 0 ? 0 : 1)
                words += 1
            }
            return "[" + accented + padding + "]"
        case .bidirectional:
            // Each line overridden right to left (RLO … PDF), as Android's ar-XB does.
            return text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "\u{202E}" + $0 + "\u{202C}" }.joined(separator: "\n")
        }
    }
}
