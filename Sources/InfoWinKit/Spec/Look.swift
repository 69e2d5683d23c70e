import Graphics

/// Whose default window and pin are drawn (SPEC.md, "Looks"). A look is data: the defaults of the
/// window's `style` and the drawing of the default marker. Documentation/looks-and-traits.md names the source of every number.
public enum Look: String, CaseIterable, Sendable {
    /// The Maps SDK for iOS, measured from its own bubble and marker art at 3×.
    case ios
    /// The Maps SDK for Android: centred text, a one-line snippet, small corners and tail.
    case android
    /// The Maps JavaScript `InfoWindow`: 8 pt corners, 12 pt padding, a close button.
    case web

    /// The family every look's text starts from: Inter, the free face closest to the iOS system font.
    package static let defaultFamily = "Inter"

    /// The default of a custom text view's font.
    package static let textViewFont = TextStyle(family: defaultFamily, size: 13)

    /// The window's `style` before a spec changes any key.
    package var windowStyle: WindowStyle {
        var style = WindowStyle()
        switch self {
        case .ios:
            break
        case .android:
            // The SDK's default bubble: a white card with 2 dp corners and a short tail, title and snippet
            // centred, the snippet kept to one line.
            style.padding = 8
            style.minWidth = 40
            style.cornerRadius = 2
            style.tail = TailStyle(width: 14, height: 7)
            style.shadow = ShadowStyle(color: RGBA(red: 0, green: 0, blue: 0, alpha: 0.35), blur: 3, offsetX: 0, offsetY: 1)
            style.titleFont = TextStyle(family: Self.defaultFamily, size: 14, weight: 700)
            style.titleColor = RGBA(hex: 0x000000)
            style.snippetFont = TextStyle(family: Self.defaultFamily, size: 14)
            style.snippetColor = RGBA(hex: 0x757575)
            style.snippetMaxLines = 1
            style.textAlign = .center
        case .web:
            // `.gm-style-iw-c`: padding 12px, border-radius 8px, box-shadow 0 2px 7px 1px rgba(0,0,0,.3);
            // `.gm-style-iw-tc`: a 25 × 12 px tail; text 14px / 13px, weight 500 / 400.
            style.padding = 12
            style.minWidth = 52
            style.cornerRadius = 8
            style.tail = TailStyle(width: 25, height: 12)
            style.shadow = ShadowStyle(color: RGBA(red: 0, green: 0, blue: 0, alpha: 0.3), blur: 7, offsetX: 0, offsetY: 2, spread: 1)
            style.titleFont = TextStyle(family: Self.defaultFamily, size: 14, weight: 600)
            style.titleColor = RGBA(hex: 0x1F1F1F)
            style.snippetFont = TextStyle(family: Self.defaultFamily, size: 13)
            style.snippetColor = RGBA(hex: 0x3C4043)
            style.closeButton = CloseButtonStyle()
        }
        return style
    }

    /// The default marker of this look.
    var pin: PinArt {
        switch self {
        case .ios: .iosPin
        case .android: .teardrop
        case .web: .balloon
        }
    }
}

/// The close button (×) of the web look's window, in the body's top-right corner.
struct CloseButtonStyle: Sendable, Equatable {
    /// The side of the square that a tap hits, in points.
    package var size: Double = 24
    /// The side of the cross drawn in its middle, in points.
    var crossSize: Double = 10
    /// The width of the cross's strokes, in points.
    package var lineWidth: Double = 1.6
    /// The cross's colour.
    package var color = RGBA(hex: 0x5F6368)
    /// Space between the square and the body's top and right edges, in points.
    var inset: Double = 4

    /// The JavaScript `InfoWindow`'s button.
    package init() {}
}

/// How a line of the default window's text sits in the window's width: `start` and `end` follow the
/// text's own direction (left and right for English, right and left for Arabic).
enum TextAlign: String, CaseIterable, Sendable {
    case start, center, end

    var alignment: TextAlignment {
        switch self {
        case .start: .start
        case .center: .center
        case .end: .end
        }
    }
}
