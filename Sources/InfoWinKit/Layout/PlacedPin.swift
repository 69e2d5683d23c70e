import Graphics

/// A pin icon laid out: the look's shape in its colours, the web pin's scale and the glyph in its head,
/// the glyph placed in the pin's own unscaled points.
struct PlacedPin {
    let art: PinArt
    let colors: PinColors
    /// The web pin's `scale`; 1 for the other looks' pins.
    let scale: Double
    /// A text or image glyph, or nil when the dot (in `colors.dot`) is the glyph.
    let glyph: PlacedPinGlyph?
    /// True when the marker gave a `pin`: the report then describes it.
    let isPinImage: Bool

    /// The look's own pin in `color` (`icon.color`, or the look's red).
    init(art: PinArt, color: RGBA) {
        self.init(art: art, colors: art.colors(fill: color), scale: 1, glyph: nil, isPinImage: false)
    }

    init(art: PinArt, colors: PinColors, scale: Double, glyph: PlacedPinGlyph?, isPinImage: Bool) {
        self.art = art
        self.colors = colors
        self.scale = scale
        self.glyph = glyph
        self.isPinImage = isPinImage
    }

    /// The icon's size in points: the art's, scaled.
    var size: Size { Size(width: art.size.width * scale, height: art.size.height * scale) }

    /// The text glyph, if the glyph is text.
    var glyphText: PlacedText? {
        if case .text(let text)? = glyph { return text }
        return nil
    }

    /// Where the glyph is drawn in the icon's own (scaled) points, or nil for the dot.
    var glyphFrame: Rect? {
        let frame: Rect
        switch glyph {
        case .text(let text)?: frame = text.drawnFrame
        case .image(_, let drawn)?: frame = drawn
        case nil: return nil
        }
        return Rect(x: frame.x * scale, y: frame.y * scale, width: frame.width * scale, height: frame.height * scale)
    }
}

/// What a pin's head shows besides its dot.
enum PlacedPinGlyph {
    /// One bold line centred in the head.
    case text(PlacedText)
    /// An image fitted to the head, where it is drawn.
    case image(ImageSurface, drawn: Rect)
}

extension PlacedPin {
    /// The report's `pin`: its scale and its glyph (`dot`, `text` with its lines, or `image`), with the
    /// glyph's `frame` (in output pixels, given) for text and images.
    func reportPin(frame: LayoutReport.Frame?) -> LayoutReport.Pin {
        let glyph: LayoutReport.PinGlyph = switch self.glyph {
        case nil: .dot
        case .text(let text)?:
            .text(LayoutReport.Text(lines: text.text.lines, truncated: text.text.truncated, frame: frame, clipped: false),
                  fontSize: (text.text.style.size * 1000).rounded() / 1000)
        case .image?: .image(frame: frame)
        }
        return LayoutReport.Pin(scale: scale, glyph: glyph)
    }
}

extension PlacedMarker {
    /// The bounding box on the canvas of a pin's text or image glyph, rotation included; nil otherwise.
    var pinGlyphFrame: Rect? {
        guard case .pin(let pin) = icon, let frame = pin.glyphFrame else { return nil }
        return Rect(bounding: [Point(x: frame.x, y: frame.y), Point(x: frame.maxX, y: frame.y), Point(x: frame.x, y: frame.maxY),
                               Point(x: frame.maxX, y: frame.maxY)].map(transform.apply))
    }
}
