import Graphics

/// Text cut to at most `maxLines` lines of at most `maxWidth` points, ready to draw.
struct FittedText {
    /// The lines as shown, "…" included, trailing spaces removed (without the controls that hold each to
    /// its paragraph's direction).
    let lines: [String]
    /// True when text was cut.
    let truncated: Bool
    /// The widest line, in points, at most the width it was fitted to.
    let width: Double
    /// The widest line as drawn, in points: more than `width` when one character is wider than the line
    /// allowed (its view then clips it).
    let naturalWidth: Double
    /// The height of all lines, in points.
    let height: Double
    /// The shown lines, one paragraph each, each held to its paragraph's direction (`ParagraphMarks`).
    let displayText: String
    /// The font.
    let style: TextStyle
    /// The language tag the text is drawn in.
    let language: String
    /// Its paragraphs' base direction.
    let direction: TextDirection
    /// Extra space between lines, in points.
    let lineSpacing: Double
    /// The spans' fonts and colours over `displayText` (empty for a text in one style).
    let runs: [StyledRun]
    /// The controls around each shown line in `displayText` that hold it to its paragraph's direction.
    let wraps: [ParagraphMarks.Wrap]

    /// A line as drawn (of a layout of `displayText`) as `lines` shows it: without its wrap.
    func shownLine(_ drawn: String, at index: Int) -> String {
        guard index < wraps.count else { return drawn }
        return wraps[index].removed(from: drawn)
    }

    /// The shown lines laid out at `width`, aligned in it. A box narrower than the lines does not wrap
    /// them again: the lines drawn are the lines reported, and the view clips what its box cannot hold.
    func layout(width: Double, alignment: TextAlignment, library: FontLibrary) -> TextLayout {
        func laidOut(at width: Double?) -> TextLayout {
            TextLayout(
                text: displayText, style: style, width: width, language: language, alignment: alignment, direction: direction,
                lineSpacing: lineSpacing, runs: runs, library: library)
        }
        let layout = laidOut(at: max(width, naturalWidth))
        // Pango may still break a line as wide as the box (mixed fonts, break rules): then the lines are
        // drawn unwrapped, aligned to one another, the box no more than a fraction of a point narrower.
        return layout.lines.count == lines.count ? layout : laidOut(at: nil)
    }
}

/// A piece of text in one font and colour: a whole plain text, or one span of a `spans` text.
struct TextSpan {
    let text: String
    let style: TextStyle
    let color: RGBA
}

/// How many characters one image may lay out in all, so that a hostile spec (10,000 icon views of long
/// text) costs seconds and megabytes, not minutes and gigabytes. Shared by every text of one render.
package final class TextBudget {
    /// The default: a fraction of a second of shaping, far more text than an image can show.
    package static let defaultLimit = 300_000

    let limit: Int
    private(set) var used = 0
    let file: String
    /// What the texts' `{{userData.KEY}}` placeholders have added in this render, checked as they grow.
    var expansion = ExpansionBudget()

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

    /// Fits plain text in one style.
    func fit(
        _ raw: String, style: TextStyle, maxWidth: Double, maxLines: Int, locale: LocaleTag, lineSpacing: Double = 0
    ) throws(InfoWinError) -> FittedText {
        try fit([TextSpan(text: raw, style: style, color: RGBA(red: 0, green: 0, blue: 0))], maxWidth: maxWidth, maxLines: maxLines,
                locale: locale, lineSpacing: lineSpacing)
    }

    /// Fits one paragraph made of spans, each in its own font and colour (the first span's font is the
    /// text's own); a single span is a plain text.
    func fit(
        _ spans: [TextSpan], maxWidth: Double, maxLines: Int, locale: LocaleTag, lineSpacing: Double = 0
    ) throws(InfoWinError) -> FittedText {
        let style = spans.first?.style ?? Look.textViewFont
        var text = ""
        var sourceRuns: [StyledRun] = []
        for span in spans {
            let start = text.utf8.count
            text += TextFitter.plain(span.text)
            sourceRuns.append(StyledRun(bytes: start..<text.utf8.count, style: span.style, color: span.color))
        }
        let smallest = spans.map(\.style.size).min() ?? style.size
        let perLine = Int(maxWidth * TextFitter.charactersPerPointAtOnePoint / smallest) + 2
        let bound = (maxLines + 1) * perLine + 16
        // Counted in scalars, not characters: one character may hold thousands of combining marks.
        let scalars = text.unicodeScalars
        var cutBeforeShaping = false
        if let end = scalars.index(scalars.startIndex, offsetBy: bound, limitedBy: scalars.endIndex), end < scalars.endIndex {
            text = String(scalars[..<end])
            cutBeforeShaping = true
        }
        try budget.spend(text.unicodeScalars.count)
        let source = StyledSource(text: text, runs: spans.count > 1 ? sourceRuns : [])
        let language = locale.pangoLanguage(for: text)
        let direction = locale.textDirection
        let wrapped = TextLayout(
            text: text, style: style, width: maxWidth, language: language, direction: direction, runs: source.runs,
            library: library).lines
        var pieces = wrapped.map { line in
            DisplayPiece(bytes: line.startByte..<(line.startByte + TextFitter.trimmedEnd(line.text).utf8.count))
        }
        let truncated = wrapped.count > maxLines || cutBeforeShaping
        if truncated {
            // The last line shown keeps what it can of its own paragraph: a line break always ends a line,
            // so what follows one is never pulled up into it.
            let lastIndex = min(maxLines, wrapped.count) - 1
            let restStart = wrapped[lastIndex].startByte
            let paragraphEnd = text.utf8[text.utf8.index(text.startIndex, offsetBy: restStart)...].firstIndex(of: UInt8(ascii: "\n"))
                .map { text.utf8.distance(from: text.startIndex, to: $0) } ?? text.utf8.count
            pieces = Array(pieces[..<lastIndex]) + [ellipsized(
                restStart..<paragraphEnd, of: source, style: style, language: language, direction: direction, maxWidth: maxWidth)]
        }
        let wraps = ParagraphMarks(text: text, direction: direction).wraps(for: pieces.map(\.bytes))
        let display = source.display(pieces, wraps: wraps)
        let extents = TextLayout(
            text: display.text, style: style, width: nil, language: language, direction: direction, lineSpacing: lineSpacing,
            runs: display.runs, library: library).extents
        return FittedText(
            lines: display.lines, truncated: truncated,
            width: min(extents.width, maxWidth), naturalWidth: extents.width, height: extents.height, displayText: display.text, style: style, language: language,
            direction: direction, lineSpacing: lineSpacing, runs: display.runs, wraps: wraps)
    }

    /// The longest start of the paragraph at `bytes` that fits on one line with "…" after it.
    private func ellipsized(
        _ bytes: Range<Int>, of source: StyledSource, style: TextStyle, language: String, direction: TextDirection, maxWidth: Double
    ) -> DisplayPiece {
        let paragraph = source.text(bytes)
        let ends = [bytes.lowerBound] + paragraph.indices.dropFirst().map { bytes.lowerBound + paragraph.utf8.distance(from: paragraph.startIndex, to: $0) }
            + [bytes.upperBound]
        func candidate(_ count: Int) -> DisplayPiece {
            let kept = TextFitter.trimmedEnd(source.text(bytes.lowerBound..<ends[count]))
            return DisplayPiece(bytes: bytes.lowerBound..<(bytes.lowerBound + kept.utf8.count), ellipsis: true)
        }
        func fits(_ count: Int) -> Bool {
            let display = source.display([candidate(count)])
            return TextLayout(
                text: display.text, style: style, width: nil, language: language, direction: direction, runs: display.runs,
                library: library).extents.width <= maxWidth
        }
        var low = 0, high = ends.count - 1
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

/// A shown line: a range of the fitted text's bytes, and "…" after it when the text is cut there.
struct DisplayPiece {
    var bytes: Range<Int>
    var ellipsis = false
}

/// The text being fitted with its spans' runs, and how shown lines of it become the display text.
private struct StyledSource {
    let text: String
    let runs: [StyledRun]
    private let utf8: [UInt8]

    init(text: String, runs: [StyledRun]) {
        self.text = text
        self.runs = runs
        utf8 = Array(text.utf8)
    }

    func text(_ bytes: Range<Int>) -> String {
        String(decoding: utf8[bytes], as: UTF8.self)
    }

    /// The pieces one line each, with the runs moved onto them; "…" takes the run of what precedes it.
    /// A line wrapped inside a bidi override or embedding begins by opening it again, and each line is put
    /// inside its wrap (the controls that hold it to its paragraph's direction), which `lines` leave out.
    func display(_ pieces: [DisplayPiece], wraps: [ParagraphMarks.Wrap] = []) -> (text: String, runs: [StyledRun], lines: [String]) {
        var display = ""
        var displayRuns: [StyledRun] = []
        var lines: [String] = []
        for (index, piece) in pieces.enumerated() {
            if index > 0 { display += "\n" }
            let wrap = index < wraps.count ? wraps[index] : ParagraphMarks.Wrap()
            let wrapStart = display.utf8.count, firstRun = displayRuns.count
            display += wrap.before
            let lineStart = display.utf8.count
            display += OpenEmbeddings.prefix(before: Substring(text(0..<piece.bytes.lowerBound)))
            let start = display.utf8.count
            display += text(piece.bytes)
            for run in runs {
                // A run may lie wholly before or after this line: its bounds then cross, and are no range.
                let lower = max(run.bytes.lowerBound, piece.bytes.lowerBound), upper = min(run.bytes.upperBound, piece.bytes.upperBound)
                guard lower < upper else { continue }
                let shift = start - piece.bytes.lowerBound
                displayRuns.append(StyledRun(bytes: (lower + shift)..<(upper + shift), style: run.style, color: run.color))
            }
            if piece.ellipsis {
                let before = display.utf8.count
                display += "…"
                let last = piece.bytes.isEmpty ? piece.bytes.lowerBound : piece.bytes.upperBound - 1
                if let run = runs.first(where: { $0.bytes.contains(last) }) ?? runs.first {
                    displayRuns.append(StyledRun(bytes: before..<display.utf8.count, style: run.style, color: run.color))
                }
            }
            lines.append(String(decoding: display.utf8.dropFirst(lineStart), as: UTF8.self))
            display += wrap.after
            // The wrap's controls take the fonts of the text beside them: a control in the text's own font
            // would add that font's height to a line drawn in a span's smaller one.
            if displayRuns.count > firstRun {
                let first = displayRuns[firstRun].bytes, last = displayRuns.count - 1
                displayRuns[firstRun].bytes = min(first.lowerBound, wrapStart)..<first.upperBound
                displayRuns[last].bytes = displayRuns[last].bytes.lowerBound..<display.utf8.count
            }
        }
        return (display, displayRuns, lines)
    }
}
