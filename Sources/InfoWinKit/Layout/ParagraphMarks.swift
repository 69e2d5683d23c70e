import Graphics

/// The invisible controls that give each shown line the direction of its paragraph (SPEC.md, "Locale"): a
/// paragraph runs as its first strong character does (Unicode bidi rules P2–P3), or as the locale does when
/// it has none, and a line that wrapping made a paragraph of its own keeps its paragraph's direction.
///
/// Pango cannot be told a direction per paragraph. In a left-to-right locale it finds each line's itself
/// (`auto_dir`: the first strong character, isolates not skipped, else the line before's), so a line it
/// would get wrong starts with a mark (LRM or RLM) that decides it. In a right-to-left locale every line
/// is laid out right to left, start on the right (natural alignment follows the locale, as UIKit's does), and a
/// left-to-right paragraph's line is one left-to-right embedding (LRE … PDF): "Jonas K." reads so, aligned
/// right, not ".Jonas K". `ar-XB` makes every paragraph right to left and needs none.
struct ParagraphMarks {
    /// What goes before and after one shown line.
    struct Wrap: Equatable {
        var before = ""
        var after = ""

        /// `line` without this wrap around it.
        func removed(from line: String) -> String {
            var unwrapped = Substring(line)
            if !before.isEmpty, unwrapped.hasPrefix(before) { unwrapped = unwrapped.dropFirst(before.count) }
            if !after.isEmpty, unwrapped.hasSuffix(after) { unwrapped = unwrapped.dropLast(after.count) }
            return String(unwrapped)
        }
    }

    let text: String
    let direction: TextDirection
    private let utf8: [UInt8]

    init(text: String, direction: TextDirection) {
        self.text = text
        self.direction = direction
        utf8 = Array(text.utf8)
    }

    /// The wrap of each shown line, `lines` being byte ranges of `text` in order.
    func wraps(for lines: [Range<Int>]) -> [Wrap] {
        guard direction != .rightToLeft else { return lines.map { _ in Wrap() } }
        let fallback: ParagraphDirection = direction == .natural ? .leftToRight : .rightToLeft
        // Each paragraph's bytes, found once: lines come in order, so the one holding a line is found by
        // walking on, in time linear in the text however many lines it wraps to.
        var paragraphs: [Range<Int>] = []
        var start = 0
        for (index, byte) in utf8.enumerated() where byte == UInt8(ascii: "\n") {
            paragraphs.append(start..<index)
            start = index + 1
        }
        paragraphs.append(start..<utf8.count)
        var current = 0
        var directions: [Int: ParagraphDirection] = [:]
        // The direction Pango takes for a line with no strong character: the previous line's.
        var previous = ParagraphDirection.leftToRight
        return lines.map { line in
            while current + 1 < paragraphs.count && paragraphs[current + 1].lowerBound <= line.lowerBound { current += 1 }
            let wanted = directions[current] ?? {
                let found = ParagraphDirection.firstStrong(in: piece(paragraphs[current])) ?? fallback
                directions[current] = found
                return found
            }()
            switch direction {
            case .natural:
                let guessed = ParagraphDirection.pangoGuess(for: piece(line)) ?? previous
                previous = wanted
                guard guessed != wanted else { return Wrap() }
                return Wrap(before: wanted == .leftToRight ? ParagraphDirection.leftToRightMark : ParagraphDirection.rightToLeftMark)
            case .naturalInRightToLeftLocale, .rightToLeft:
                guard wanted == .leftToRight else { return Wrap() }
                return Wrap(before: ParagraphDirection.leftToRightEmbedding, after: ParagraphDirection.popEmbedding)
            }
        }
    }

    private func piece(_ bytes: Range<Int>) -> Substring {
        Substring(String(decoding: utf8[bytes], as: UTF8.self))
    }
}
