import Graphics

/// Lays out label texts with Pango, each text in each style once (a road's name repeats along it and
/// across tiles).
struct LabelShaper {
    let fonts: FontLibrary
    let language: String
    private var layouts: [Key: TextLayout] = [:]

    private struct Key: Hashable {
        let text: String
        let font: TextStyle
        let width: Double?
        let alignment: String
        let lineHeight: Double
        let letterSpacing: Double
    }

    init(fonts: FontLibrary, language: String) {
        self.fonts = fonts
        self.language = language
    }

    /// `text` on one line (a label along a line).
    mutating func line(_ text: String, style: LabelStyle) -> TextLayout {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return layout(flat, style: style, width: nil, alignment: .center, lineHeight: 0)
    }

    /// `text` wrapped at `text-max-width` ems, its lines `text-line-height` ems apart, aligned by
    /// `text-justify` (a point label).
    mutating func block(_ text: String, style: LabelStyle) -> TextLayout {
        let width = style.maxWidth > 0 ? style.maxWidth * style.size : nil
        return layout(text, style: style, width: width, alignment: style.alignment, lineHeight: style.lineHeight * style.size)
    }

    private mutating func layout(_ text: String, style: LabelStyle, width: Double?, alignment: TextAlignment, lineHeight: Double) -> TextLayout {
        let key = Key(text: text, font: style.font, width: width, alignment: "\(alignment)", lineHeight: lineHeight, letterSpacing: style.letterSpacing)
        if let known = layouts[key] { return known }
        let letterSpacing = style.letterSpacing * style.size
        var layout = TextLayout(text: text, style: style.font, width: width, language: language, alignment: alignment, letterSpacing: letterSpacing, library: fonts)
        let lines = layout.lines.count
        if lines > 1, lineHeight > 0 {
            // Pango's own line pitch is the font's; MapLibre's is `text-line-height` ems: the difference is
            // spacing between lines.
            let natural = layout.extents.height / Double(lines)
            layout = TextLayout(
                text: text, style: style.font, width: width, language: language, alignment: alignment, lineSpacing: lineHeight - natural,
                letterSpacing: letterSpacing, library: fonts)
        }
        layouts[key] = layout
        return layout
    }
}
