import Graphics

/// A look's default marker: its box in points and its untinted colour. `PinPainter` draws it as vectors,
/// so it is sharp at every scale and takes any tint (`icon.color`) and any `pin` colours.
enum PinArt: Sendable {
    /// The Maps SDK for iOS: 26 × 41 pt, a round head with a white rim narrowing into a thin stem.
    case iosPin
    /// The Maps SDK for Android's default marker: a 27 × 43 pt teardrop with a darker outline and dot.
    case teardrop
    /// The Maps JavaScript default pin (`PinElement`): a 26 × 37 pt balloon, a darker border and dot.
    case balloon

    /// The box the pin is drawn in; its tip is the bottom centre.
    var size: Size {
        switch self {
        case .iosPin: Size(width: 26, height: 41)
        case .teardrop: Size(width: 27, height: 43)
        case .balloon: Size(width: 26, height: 37)
        }
    }

    /// The fill when no tint is given.
    var color: RGBA { RGBA(hex: 0xEA4335) }

    /// The round head's centre and the radius inside its outline, in the pin's own points: where the dot
    /// and a glyph sit.
    var head: PinHead {
        switch self {
        case .iosPin: PinHead(center: Point(x: 13, y: 13), radius: 12, dotRadius: 4)
        case .teardrop: PinHead(center: Point(x: 13.5, y: 13.5), radius: 12.5, dotRadius: 4.5)
        case .balloon: PinHead(center: Point(x: 13, y: 13), radius: 12, dotRadius: 5)
        }
    }

    /// The outline and dot drawn with `fill`, as each SDK derives them from the fill colour: the iOS pin's
    /// white rim and dark dot (measured), Android's outline 25 % and dot 60 % darker, the JavaScript
    /// border 16 % and dot 30 % darker (`#C5221F` and `#B31412` on the default fill).
    func colors(fill: RGBA) -> PinColors {
        switch self {
        case .iosPin:
            PinColors(fill: fill, border: RGBA(red: 1, green: 1, blue: 1), dot: fill == color ? RGBA(hex: 0x811411) : fill.darkened(by: 0.45))
        case .teardrop:
            PinColors(fill: fill, border: fill.darkened(by: 0.25), dot: fill.darkened(by: 0.6))
        case .balloon:
            fill == color
                ? PinColors(fill: fill, border: RGBA(hex: 0xC5221F), dot: RGBA(hex: 0xB31412))
                : PinColors(fill: fill, border: fill.darkened(by: 0.16), dot: fill.darkened(by: 0.3))
        }
    }
}

/// A pin's round head, in the pin's own points.
struct PinHead: Sendable {
    let center: Point
    /// Inside the outline (the iOS rim, the Android and web strokes).
    let radius: Double
    /// The look's dot.
    let dotRadius: Double

    /// The square a glyph is fitted into: most of the head, clear of its outline.
    var glyphBox: Rect {
        let side = radius * 1.3
        return Rect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side)
    }
}

/// The colours a pin is drawn in; `dot` is nil when a text or image glyph takes the dot's place.
struct PinColors: Sendable, Equatable {
    var fill: RGBA
    var border: RGBA
    var dot: RGBA?
}
