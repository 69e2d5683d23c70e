import Graphics

/// Lays out a marker's `pin` (`GMSPinImage`) over its look's pin art: the colours, the web scale and
/// the glyph fitted to the head.
struct PinLayout {
    let look: Look
    let fitter: TextFitter
    let images: ImageCache
    let locale: LocaleTag

    /// The glyph text's font: bold Inter at `size` (80 % of the glyph box's height before it is shrunk to fit).
    private func glyphFont(size: Double) -> TextStyle { TextStyle(family: Look.defaultFamily, size: size, weight: 700) }

    /// The smallest a glyph text is drawn; a longer text is then cut with "…".
    static let smallestGlyphFont = 4.0

    func place(_ pin: PinImageSpec) throws(InfoWinError) -> PlacedPin {
        let art = look.pin
        var colors = art.colors(fill: pin.background ?? art.color)
        if let border = pin.borderColor { colors.border = border }
        let textColor = colors.dot ?? colors.fill
        var glyph: PlacedPinGlyph?
        switch pin.glyph {
        case nil: break
        case .color(let color)?: colors.dot = color
        case .text(let text, let color)?:
            colors.dot = nil
            glyph = .text(try placeText(text, color: color ?? textColor, in: art.head.glyphBox))
        case .image(let file, let bytes, let source)?:
            colors.dot = nil
            let image = try images.image(file, bytes: bytes, source: source, kind: .icon)
            glyph = .image(image, drawn: Self.fitted(Size(width: Double(image.width), height: Double(image.height)), in: art.head.glyphBox))
        }
        // Only the JavaScript `PinElement` has a scale; the iOS and Android pins are drawn at their size.
        let scale = look.rules.pinHasScale ? pin.scale : 1
        return PlacedPin(art: art, colors: colors, scale: scale, glyph: glyph, isPinImage: true)
    }

    /// One line of bold text centred in `box`, shrunk until it fits its width, then cut with "…".
    private func placeText(_ text: String, color: RGBA, in box: Rect) throws(InfoWinError) -> PlacedText {
        let measureWidth = 4096.0
        let base = box.height * 0.8
        let natural = try fitter.fit(text, style: glyphFont(size: base), maxWidth: measureWidth, maxLines: 1, locale: locale)
        let shrink = min(1, box.width / max(natural.naturalWidth, 1e-9), box.height / max(natural.height, 1e-9))
        let size = max(Self.smallestGlyphFont, base * shrink)
        let fitted = try fitter.fit(text, style: glyphFont(size: size), maxWidth: box.width + 0.5, maxLines: 1, locale: locale)
        let layout = fitted.layout(width: fitted.width, alignment: .center, library: fitter.library)
        let origin = Point(x: box.x + (box.width - fitted.width) / 2, y: box.y + (box.height - fitted.height) / 2)
        return PlacedText(text: fitted, layout: layout, origin: origin, color: color)
    }

    /// `natural` scaled, its aspect kept, to fit in `box`, centred in it.
    static func fitted(_ natural: Size, in box: Rect) -> Rect {
        let factor = min(box.width / max(natural.width, 1), box.height / max(natural.height, 1))
        let width = natural.width * factor, height = natural.height * factor
        return Rect(x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width: width, height: height)
    }
}
