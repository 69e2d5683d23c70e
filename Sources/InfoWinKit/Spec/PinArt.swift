import Graphics

/// A look's default marker: its box in points and its untinted colour. `PinPainter` draws it as vectors,
/// so it is sharp at every scale and takes any tint (`icon.color`).
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
}
