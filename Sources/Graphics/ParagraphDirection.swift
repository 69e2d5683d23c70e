import CPango

/// The direction a paragraph runs in, found as Unicode's bidi algorithm finds it (rules P2–P3), and the
/// invisible controls that hold a line to it.
package enum ParagraphDirection: Sendable, Hashable {
    case leftToRight, rightToLeft

    /// LRM: a strong left-to-right character that draws nothing.
    package static let leftToRightMark = "\u{200E}"
    /// RLM: a strong right-to-left character that draws nothing.
    package static let rightToLeftMark = "\u{200F}"
    /// LRE … PDF: text embedded left to right in a right-to-left line.
    package static let leftToRightEmbedding = "\u{202A}", popEmbedding = "\u{202C}"

    private static let isolateInitiators: Set<Unicode.Scalar> = ["\u{2066}", "\u{2067}", "\u{2068}"]
    private static let popIsolate: Unicode.Scalar = "\u{2069}"

    /// The direction of the first strong character of `paragraph` (L: left to right; R or AL: right to
    /// left), skipping what lies between an isolate initiator and its PDI (P2); nil when it has none.
    package static func firstStrong(in paragraph: Substring) -> ParagraphDirection? {
        guard paragraph.unicodeScalars.contains(where: isolateInitiators.contains) else { return pangoGuess(for: paragraph) }
        var outside = String.UnicodeScalarView()
        var depth = 0
        for scalar in paragraph.unicodeScalars {
            if isolateInitiators.contains(scalar) {
                depth += 1
            } else if scalar == popIsolate {
                depth = max(0, depth - 1)
            } else if depth == 0 {
                outside.append(scalar)
            }
        }
        return pangoGuess(for: Substring(String(outside)))
    }

    /// The direction Pango gives a paragraph when it chooses it (`pango_layout_set_auto_dir`): that of its
    /// first strong character, isolates not skipped; nil when it has none (Pango then takes the previous
    /// paragraph's).
    package static func pangoGuess(for paragraph: Substring) -> ParagraphDirection? {
        guard !paragraph.isEmpty else { return nil }
        let found = paragraph.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.withMemoryRebound(to: CChar.self) { pango_find_base_dir($0.baseAddress, Int32($0.count)) }
        } ?? String(paragraph).withCString { pango_find_base_dir($0, Int32(paragraph.utf8.count)) }
        switch found {
        case PANGO_DIRECTION_LTR: return .leftToRight
        case PANGO_DIRECTION_RTL: return .rightToLeft
        default: return nil
        }
    }
}
