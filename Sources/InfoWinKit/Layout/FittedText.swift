import Graphics

/// Text cut to at most `maxLines` lines of at most `maxWidth` points, ready to draw.
struct FittedText {
    /// The lines as shown, "…" included, trailing spaces removed.
    let lines: [String]
    /// True when text was cut.
    let truncated: Bool
    /// The widest line, in points.
    let width: Double
    /// The height of all lines, in points.
    let height: Double
    /// The shown lines, one paragraph each.
    let displayText: String
    /// The font.
    let style: TextStyle
    /// The language tag the text is drawn in.
    let language: String
    /// Its paragraphs' base direction.
    let direction: TextDirection
    /// Extra space between lines, in points.
    let lineSpacing: Double

    /// The shown lines laid out at `width`, aligned in it.
    func layout(width: Double, alignment: TextAlignment, library: FontLibrary) -> TextLayout {
        TextLayout(
            text: displayText, style: style, width: width, language: language, alignment: alignment, direction: direction,
            lineSpacing: lineSpacing, library: library)
    }
}

/// How many characters one image may lay out in all, so that a hostile spec (10,000 icon views of long
/// text) costs seconds and megabytes, not minutes and gigabytes. Shared by every text of one render.
final class TextBudget {
    /// The default: a fraction of a second of shaping, far more text than an image can show.
    static let defaultLimit = 300_000

    let limit: Int
    private(set) var used = 0
    let file: String

    init(limit: Int = TextBudget.defaultLimit, file: String) {
        self.limit = limit
        self.file = file
    }

    func spend(_ characters: Int) throws(InfoWinError) {
        used += characters
        guard used <= limit else {
            throw .invalid(
                file: file, path: .root,
                message: "the texts of this image need more than \(Format.grouped(limit)) characters laid out, the limit for one image")
        }
    }
}

/// Wraps and truncates text the way the SDK's info window does: at words (between characters when a
/// word is longer than the line, and anywhere in Chinese or Japanese), with "…" ending the last line.
struct TextFitter {
    let library: FontLibrary
    let budget: TextBudget

    /// More characters than this per point of line width, at 1 pt of font size, can never be shown (the
    /// narrowest glyphs are about a fifth of their size wide), so longer text is cut before shaping.
    private static let charactersPerPointAtOnePoint = 5.0

    func fit(
        _ raw: String, style: TextStyle, maxWidth: Double, maxLines: Int, locale: LocaleTag, lineSpacing: Double = 0
    ) throws(InfoWinError) -> FittedText {
        let cleaned = TextFitter.plain(raw)
        let perLine = Int(maxWidth * TextFitter.charactersPerPointAtOnePoint / style.size) + 2
        let bound = (maxLines + 1) * perLine + 16
        // Counted in scalars, not characters: one character may hold thousands of combining marks.
        let scalars = cleaned.unicodeScalars
        let text: String
        let cutBeforeShaping: Bool
        if let end = scalars.index(scalars.startIndex, offsetBy: bound, limitedBy: scalars.endIndex), end < scalars.endIndex {
            text = String(scalars[..<end])
            cutBeforeShaping = true
        } else {
            text = cleaned
            cutBeforeShaping = false
        }
        try budget.spend(text.unicodeScalars.count)
        let language = locale.pangoLanguage(for: text)
        let direction = locale.textDirection
        let wrapped = TextLayout(
            text: text, style: style, width: maxWidth, language: language, direction: direction, library: library).lines
        var shown = wrapped.map { TextFitter.trimmedEnd($0.text) }
        let truncated = wrapped.count > maxLines || cutBeforeShaping
        if truncated {
            // The last line shown keeps what it can of its own paragraph: a line break always ends a line,
            // so what follows one is never pulled up into it.
            let lastIndex = min(maxLines, wrapped.count) - 1
            let restStart = text.utf8.index(text.startIndex, offsetBy: wrapped[lastIndex].startByte)
            let paragraph = text[restStart...].prefix { $0 != "\n" }
            shown = Array(shown[..<lastIndex]) + [ellipsized(String(paragraph), style: style, language: language, maxWidth: maxWidth)]
        }
        let displayText = shown.joined(separator: "\n")
        let extents = TextLayout(
            text: displayText, style: style, width: nil, language: language, direction: direction, lineSpacing: lineSpacing,
            library: library).extents
        return FittedText(
            lines: shown, truncated: truncated, width: min(extents.width, maxWidth), height: extents.height,
            displayText: displayText, style: style, language: language, direction: direction, lineSpacing: lineSpacing)
    }

    /// The longest start of `text` that fits on one line with "…" after it.
    private func ellipsized(_ text: String, style: TextStyle, language: String, maxWidth: Double) -> String {
        let characters = Array(text)
        func candidate(_ count: Int) -> String {
            TextFitter.trimmedEnd(String(characters[..<count])) + "…"
        }
        func fits(_ count: Int) -> Bool {
            TextLayout(text: candidate(count), style: style, width: nil, language: language, library: library)
                .extents.width <= maxWidth
        }
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(middle) { low = middle } else { high = middle - 1 }
        }
        return candidate(low)
    }

    /// Text as plain characters: line ends unified to "\n", tabs as spaces, other control characters
    /// shown as U+FFFD so that nothing is silently dropped.
    static func plain(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var previousWasReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasReturn = scalar == "\r" }
            switch scalar {
            case "\n" where previousWasReturn: continue
            case "\r", "\n", "\u{2028}", "\u{2029}": scalars.append("\n")
            case "\t": scalars.append(" ")
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): scalars.append("\u{FFFD}")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    static func trimmedEnd(_ text: String) -> String {
        var result = Substring(text)
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return String(result)
    }
}
