extension LocalisedString {
    /// The string resolved for `arguments` as a pseudo-locale sees it: the values of its text arguments and
    /// its numbers kept as they are, the rest words (SPEC.md: pseudo-locales leave the arguments' values
    /// as they are). Each text argument is resolved as a mark of its own, a private-use character no text
    /// holds, and put back after; a text that reads as a number is formatted as one, and kept as a number.
    func resolvedPieces(_ arguments: [FormatArgument], locale: String) throws(LocalisationError) -> [PseudoPiece] {
        var values: [Unicode.Scalar: String] = [:]
        let marked = arguments.enumerated().map { index, argument -> FormatArgument in
            guard case .string(let text) = argument, Double(text) == nil, index < 0xFF,
                  let mark = Unicode.Scalar(Self.firstMark + UInt32(index))
            else { return argument }
            values[mark] = text
            return .string(String(Character(mark)))
        }
        let text = try resolved(marked, locale: locale)
        var pieces: [PseudoPiece] = []
        var segment = ""
        for scalar in text.unicodeScalars {
            guard let value = values[scalar] else {
                segment.unicodeScalars.append(scalar)
                continue
            }
            pieces += PseudoPiece.keepingNumbers(segment)
            segment = ""
            if !value.isEmpty { pieces.append(.kept(value)) }
        }
        return pieces + PseudoPiece.keepingNumbers(segment)
    }

    /// The first of the marks that stand for text arguments (plane 16's private use area, near its end).
    private static let firstMark: UInt32 = 0x10_FE00
}
