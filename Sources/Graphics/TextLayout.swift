import CCairo
import CPango
import PThreadLock

/// Plain text (never markup) laid out by Pango; owns its `PangoLayout`.
/// Lengths are in points; byte offsets index the UTF-8 of `text`.
package final class TextLayout {
    let pointer: OpaquePointer
    /// The text laid out.
    package let text: String
    private let utf8: [UInt8]

    /// Lays out `text` in `style`, wrapping at `width` points (at words, or between characters when a
    /// word is longer than the line) when `width` is given. Right-to-left paragraphs align right.
    /// `language` (a BCP 47 tag) picks among fonts that differ by region, as Noto CJK's Chinese and Japanese.
    /// `direction` `.natural` gives each paragraph the direction of its first strong character and aligns
    /// it by that; the other two lay every line out right to left, start on the right (a right-to-left
    /// locale's paragraphs that run left to right come as left-to-right embeddings in the text).
    /// `letterSpacing` (points) is added between letters (a map label's `text-letter-spacing`).
    package init(
        text: String, style: TextStyle, width: Double?, language: String = "en", alignment: TextAlignment = .start,
        direction: TextDirection = .natural, lineSpacing: Double = 0, letterSpacing: Double = 0, runs: [StyledRun] = [],
        library: FontLibrary
    ) {
        self.text = text
        utf8 = Array(text.utf8)
        pointer = pango_layout_new(direction == .natural ? library.context : library.rightToLeftContext)
        let description = pango_font_description_new()!
        style.describe(into: description)
        pango_layout_set_font_description(pointer, description)
        pango_font_description_free(description)
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_language_new(pango_language_from_string(language)))
        if letterSpacing != 0 {
            pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(Int32((letterSpacing * Double(PANGO_SCALE)).rounded())))
        }
        for run in runs where !run.bytes.isEmpty {
            let start = UInt32(run.bytes.lowerBound), end = UInt32(run.bytes.upperBound)
            let font = pango_font_description_new()!
            run.style.describe(into: font)
            let color = run.color.sixteenBit
            for attribute in [
                pango_attr_font_desc_new(font), pango_attr_foreground_new(color.red, color.green, color.blue),
                pango_attr_foreground_alpha_new(color.alpha),
            ] {
                attribute!.pointee.start_index = start
                attribute!.pointee.end_index = end
                pango_attr_list_insert(attributes, attribute)
            }
            pango_font_description_free(font)
        }
        pango_layout_set_attributes(pointer, attributes)
        pango_attr_list_unref(attributes)
        pango_layout_set_auto_dir(pointer, direction == .natural ? 1 : 0)
        pango_layout_set_alignment(pointer, alignment.pangoAlignment(in: direction))
        if lineSpacing != 0 {
            pango_layout_set_spacing(pointer, Int32((lineSpacing * Double(PANGO_SCALE)).rounded()))
        }
        if let width {
            pango_layout_set_width(pointer, Int32((width * Double(PANGO_SCALE)).rounded(.up)))
            pango_layout_set_wrap(pointer, PANGO_WRAP_WORD_CHAR)
        }
        utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                pango_layout_set_text(pointer, $0.baseAddress, Int32($0.count))
            }
        }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    /// Held while Pango lays out or draws text, on every thread. Each thread has a font map of its own, but
    /// cairo's font faces and scaled fonts are shared by the whole process: two layouts made at once on two
    /// threads could leave one thread's fonts with other metrics (other line heights and line breaks) for
    /// the rest of its life, so that bytes depended on `--jobs`. Shaping is a small part of a render.
    static let pangoLock = PThreadMutex()

    /// The lines Pango made, in order.
    package var lines: [TextLine] {
        TextLayout.pangoLock.withLock { madeLines }
    }

    private var madeLines: [TextLine] {
        let count = Int(pango_layout_get_line_count(pointer))
        return (0..<count).map { index in
            let line = pango_layout_get_line_readonly(pointer, Int32(index))!.pointee
            var logical = PangoRectangle()
            pango_layout_line_get_extents(pango_layout_get_line_readonly(pointer, Int32(index)), nil, &logical)
            let start = Int(line.start_index)
            let end = min(utf8.count, start + Int(line.length))
            // A right-to-left locale sets a left-to-right paragraph as one embedding in a right-to-left line.
            let embedded = utf8[start..<end].starts(with: ParagraphDirection.leftToRightEmbedding.utf8)
            return TextLine(
                text: String(decoding: utf8[start..<end], as: UTF8.self),
                startByte: start,
                width: Double(logical.width) / Double(PANGO_SCALE),
                isRightToLeft: line.resolved_dir == 1 && !embedded
            )
        }
    }

    /// The left edge of each line as aligned in the layout's width, in points from the layout's left edge.
    package var lineLeftEdges: [Double] {
        TextLayout.pangoLock.withLock {
            let iterator = pango_layout_get_iter(pointer)
            defer { pango_layout_iter_free(iterator) }
            var edges: [Double] = []
            repeat {
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &logical)
                edges.append(Double(logical.x) / Double(PANGO_SCALE))
            } while pango_layout_iter_next_line(iterator) != 0
            return edges
        }
    }

    /// Where the laid-out lines are (logical extents) in points, from the layout's top-left corner:
    /// `x` is more than 0 when every line is aligned away from the left.
    package var extents: TextExtents {
        var logical = PangoRectangle()
        TextLayout.pangoLock.withLock { pango_layout_get_extents(pointer, nil, &logical) }
        let unit = Double(PANGO_SCALE)
        return TextExtents(
            x: Double(logical.x) / unit, y: Double(logical.y) / unit,
            width: Double(logical.width) / unit, height: Double(logical.height) / unit)
    }

    /// Where the character at `byte` (of the UTF-8 of `text`) is drawn, in points from the layout's left
    /// edge: its leading edge's x (the right side of a character in a right-to-left run), so the order of
    /// characters on the line shows how bidi placed them.
    package func caretX(ofByte byte: Int) -> Double {
        var position = PangoRectangle()
        TextLayout.pangoLock.withLock { pango_layout_index_to_pos(pointer, Int32(byte), &position) }
        return Double(position.x) / Double(PANGO_SCALE)
    }

    /// Where the laid-out glyphs put ink, in points from the layout's top-left corner: wider or taller than
    /// `extents` where marks stack above a letter or a glyph reaches past its advance.
    package var inkExtents: TextExtents {
        var ink = PangoRectangle()
        TextLayout.pangoLock.withLock { pango_layout_get_extents(pointer, &ink, nil) }
        let unit = Double(PANGO_SCALE)
        return TextExtents(x: Double(ink.x) / unit, y: Double(ink.y) / unit, width: Double(ink.width) / unit, height: Double(ink.height) / unit)
    }

    /// The characters that no available font could draw (shown as boxes), in text order.
    package var missingCharacters: [Unicode.Scalar] {
        var missing: [Unicode.Scalar] = []
        forEachRun { run in
            let item = run.item.pointee
            let glyphs = run.glyphs.pointee
            for index in 0..<Int(glyphs.num_glyphs) {
                let glyph = glyphs.glyphs[index].glyph
                guard glyph & 0x1000_0000 != 0, glyph != 0x0FFF_FFFF else { continue }
                let byte = Int(item.offset) + Int(glyphs.log_clusters[index])
                if let scalar = scalar(atByte: byte) { missing.append(scalar) }
            }
        }
        return missing
    }

    /// The glyphs drawn, in visual order run by run: how the text was shaped (ligatures, conjuncts,
    /// joined and stacked forms), for tests and diagnostics.
    package var glyphs: [ShapedGlyph] {
        var shaped: [ShapedGlyph] = []
        forEachRun { run in
            let glyphs = run.glyphs.pointee
            for index in 0..<Int(glyphs.num_glyphs) {
                let info = glyphs.glyphs[index]
                shaped.append(ShapedGlyph(
                    id: info.glyph, advance: Double(info.geometry.width) / Double(PANGO_SCALE),
                    byte: Int(run.item.pointee.offset) + Int(glyphs.log_clusters[index])))
            }
        }
        return shaped
    }

    /// The font files the text is drawn with, each once, in the order first used.
    package var fontFiles: [String] {
        fontFaces.map(\.file)
    }

    /// The font faces the text is drawn with (family, style, file and rendering properties as fontconfig
    /// resolved them), each file once, in the order first used.
    package var fontFaces: [FontFace] {
        var faces: [FontFace] = []
        forEachRun { run in
            guard let font = run.item.pointee.analysis.font,
                  g_type_check_instance_is_a(UnsafeMutableRawPointer(font).assumingMemoryBound(to: GTypeInstance.self), pango_fc_font_get_type()) != 0
            else { return }
            let pattern = UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self).pointee.font_pattern
            guard let file = FontFace.string(FC_FILE, in: pattern), !faces.contains(where: { $0.file == file }) else { return }
            var face = FontFace(family: FontFace.string(FC_FAMILY, in: pattern) ?? "", style: FontFace.string(FC_STYLE, in: pattern) ?? "", file: file)
            face.rendering = FontFace.rendering(in: pattern)
            faces.append(face)
        }
        return faces
    }

    /// Calls `body` with every glyph run of the layout, line by line.
    private func forEachRun(_ body: (PangoGlyphItem) -> Void) {
        TextLayout.pangoLock.withLock {
            let iterator = pango_layout_get_iter(pointer)
            defer { pango_layout_iter_free(iterator) }
            repeat {
                if let run = pango_layout_iter_get_run_readonly(iterator) { body(run.pointee) }
            } while pango_layout_iter_next_run(iterator) != 0
        }
    }

    private func scalar(atByte byte: Int) -> Unicode.Scalar? {
        guard byte < utf8.count else { return nil }
        var decoder = UTF8()
        var bytes = utf8[byte...].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&bytes) { return scalar }
        return nil
    }

    /// Draws the text with its top-left corner at (x, y), in `color`. The layout keeps the positions it
    /// was measured with (in points, at no scale) and Cairo scales the glyphs: the layout is not updated to
    /// the drawing's transform, which would lay it out again and leave the font library's context changed
    /// for the next text (a colour-bitmap emoji font measures differently at 2×).
    package func draw(in context: DrawingContext, x: Double, y: Double, color: RGBA) {
        context.withSavedState {
            context.setColor(color)
            cairo_move_to(context.pointer, x, y)
            TextLayout.pangoLock.withLock { pango_cairo_show_layout(context.pointer, pointer) }
        }
    }
}

/// Where lines sit in a layout's width: start is left in left-to-right paragraphs and right in
/// right-to-left ones, end the other side.
package enum TextAlignment: Sendable {
    case start, center, end

    /// Pango's alignment: with a natural direction Pango swaps left and right in right-to-left
    /// paragraphs itself; with every line laid out right to left (`auto_dir` off), `PANGO_ALIGN_LEFT`
    /// really means left, so start is the right edge by hand.
    func pangoAlignment(in direction: TextDirection) -> PangoAlignment {
        switch (self, direction) {
        case (.center, _): PANGO_ALIGN_CENTER
        case (.start, .natural), (.end, .naturalInRightToLeftLocale), (.end, .rightToLeft): PANGO_ALIGN_LEFT
        case (.end, .natural), (.start, .naturalInRightToLeftLocale), (.start, .rightToLeft): PANGO_ALIGN_RIGHT
        }
    }
}

/// How a text's paragraphs take their direction and where they align (SPEC.md, "Locale").
package enum TextDirection: Sendable, Hashable {
    /// Each paragraph takes the direction of its first strong character (Unicode bidi rules P2–P3), left
    /// to right when it has none, and start is its own start: a left-to-right locale.
    case natural
    /// Each paragraph takes the direction of its first strong character, right to left when it has none,
    /// and start is the right edge for every paragraph: a right-to-left locale, whose natural alignment
    /// follows the locale as UIKit's does ("Jonas K." reads so, aligned right).
    case naturalInRightToLeftLocale
    /// Every paragraph runs right to left, whatever it starts with (`ar-XB`).
    case rightToLeft
}

/// A part of a text in its own font and colour (a `spans` text), by UTF-8 offsets.
package struct StyledRun: Sendable, Equatable {
    /// The bytes of the text it covers.
    package var bytes: Range<Int>
    /// Its font.
    package var style: TextStyle
    /// Its colour (over the colour the whole text is drawn in).
    package var color: RGBA

    /// Makes a run.
    package init(bytes: Range<Int>, style: TextStyle, color: RGBA) {
        self.bytes = bytes
        self.style = style
        self.color = color
    }
}

extension TextStyle {
    /// Sets a Pango font description to this style.
    func describe(into description: OpaquePointer) {
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(weight)))
        pango_font_description_set_style(description, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
    }
}

extension RGBA {
    /// The colour's channels as Pango's 16-bit values.
    var sixteenBit: (red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16) {
        func channel(_ value: Double) -> UInt16 { UInt16((min(1, max(0, value)) * 65535).rounded()) }
        return (channel(red), channel(green), channel(blue), channel(alpha))
    }
}

/// One glyph of a shaped text.
package struct ShapedGlyph: Equatable, Sendable {
    /// The glyph's index in its font (a missing glyph has bit 28 set).
    package let id: UInt32
    /// How far it moves the pen, in points (0 for a mark stacked on its base).
    package let advance: Double
    /// Where its cluster starts in the UTF-8 of the text.
    package let byte: Int
}

/// One line of a `TextLayout`.
package struct TextLine: Equatable, Sendable {
    /// The characters of the line, trailing spaces included.
    package let text: String
    /// Where the line starts in the UTF-8 of the layout's text.
    package let startByte: Int
    /// The line's logical width in points.
    package let width: Double
    /// True when the line's paragraph runs right to left.
    package let isRightToLeft: Bool
}

/// The logical rectangle of laid-out text, in points from the layout's top-left corner.
package struct TextExtents: Hashable, Sendable {
    /// Left edge of the leftmost line.
    package var x: Double
    /// Top edge.
    package var y: Double
    /// Horizontal extent.
    package var width: Double
    /// Vertical extent.
    package var height: Double
}
