extension PseudoPiece {
    /// A filled-in catalog string as pseudo-locales see it: its numbers (digits with the separators between
    /// them, in any script: `1,204`, `١٬٢٠٤`, `9:00`) are argument values, kept as they are; the rest is words.
    static func keepingNumbers(_ text: String) -> [PseudoPiece] {
        var pieces: [PseudoPiece] = []
        var words = "", number = "", pendingSeparator = ""
        func flushNumber() {
            if !number.isEmpty { pieces.append(.kept(number)) }
            number = ""
            words += pendingSeparator
            pendingSeparator = ""
        }
        for character in text {
            if character.isNumber {
                if number.isEmpty, !words.isEmpty { pieces.append(.words(words)); words = "" }
                number += pendingSeparator + String(character)
                pendingSeparator = ""
            } else if !number.isEmpty, pendingSeparator.isEmpty, [",", ".", ":", "'", "\u{202F}", "\u{00A0}", "\u{066C}", "\u{066B}", "\u{2019}"].contains(character) {
                pendingSeparator = String(character)
            } else {
                flushNumber()
                words.append(character)
            }
        }
        flushNumber()
        if !words.isEmpty { pieces.append(.words(words)) }
        return pieces
    }
}
