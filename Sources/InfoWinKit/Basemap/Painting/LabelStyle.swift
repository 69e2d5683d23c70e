import Graphics

/// How one label looks and where its text sits, from a symbol layer's properties for one feature.
struct LabelStyle {
    enum Placement: String { case point, line, lineCenter = "line-center" }
    enum Anchor: String {
        case center, left, right, top, bottom
        case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"

        /// Where the anchor point sits on a box, from its left and top, in fractions of its size.
        var fraction: (x: Double, y: Double) {
            switch self {
            case .center: (0.5, 0.5)
            case .left: (0, 0.5)
            case .right: (1, 0.5)
            case .top: (0.5, 0)
            case .bottom: (0.5, 1)
            case .topLeft: (0, 0)
            case .topRight: (1, 0)
            case .bottomLeft: (0, 1)
            case .bottomRight: (1, 1)
            }
        }
    }
    enum Justify: String { case auto, left, center, right }

    var placement: Placement
    var spacing: Double
    var sortKey: Double
    var font: TextStyle
    var size: Double
    var maxWidth: Double
    var lineHeight: Double
    var letterSpacing: Double
    var justify: Justify
    var anchor: Anchor
    var offset: (x: Double, y: Double)
    var padding: Double
    var allowOverlap: Bool
    /// `text-optional`: with an icon, the icon may be placed without its text.
    var optional: Bool
    /// `icon-optional`: with text, the text may be placed without its icon.
    var iconOptional: Bool
    var color: RGBA
    var haloColor: RGBA
    var haloWidth: Double
    /// The most a line may bend under a label within three fifths of an em (MapLibre's `text-max-angle`
    /// default, 45°; the property is not of infowin's subset).
    var maxAngle: Double
    static let maxAngle = 45 * Double.pi / 180

    init(_ properties: FeatureProperties, fallbackFamily: String) {
        placement = properties.keyword("symbol-placement", default: .point)
        spacing = max(1, properties.number("symbol-spacing"))
        sortKey = properties.number("symbol-sort-key")
        size = min(max(0, properties.number("text-size")), Self.sizeLimit)
        let names: [String] = if case .array(let items) = properties.value("text-font") {
            items.compactMap { if case .string(let name) = $0 { name } else { nil } }
        } else { [] }
        font = LabelFont.style(names: names, size: size, fallbackFamily: fallbackFamily)
        maxWidth = max(0, properties.number("text-max-width"))
        lineHeight = max(0, properties.number("text-line-height"))
        letterSpacing = properties.number("text-letter-spacing")
        justify = properties.keyword("text-justify", default: .center)
        anchor = properties.keyword("text-anchor", default: .center)
        let (dx, dy) = properties.pair("text-offset")
        offset = (Self.bounded(dx * size), Self.bounded(dy * size))
        padding = Self.bounded(max(0, properties.number("text-padding")))
        allowOverlap = properties.bool("text-allow-overlap")
        optional = properties.bool("text-optional")
        iconOptional = properties.bool("icon-optional")
        let opacity = min(1, max(0, properties.number("text-opacity")))
        color = properties.color("text-color")
        color.alpha *= opacity
        haloColor = properties.color("text-halo-color")
        haloColor.alpha *= opacity
        // MapLibre draws a halo at most a quarter of the text's size wide.
        haloWidth = min(max(0, properties.number("text-halo-width")), size / 4)
        maxAngle = Self.maxAngle
    }

    /// The largest text drawn, in points (a label larger than the largest canvas is never seen whole).
    static let sizeLimit = 10_000.0

    /// A length in points kept within ±10⁶ (an offset of 10³⁰⁰ points would overflow every box after it).
    static func bounded(_ length: Double) -> Double { min(max(length, -1e6), 1e6) }

    /// Where the anchor point sits on the text's box, from its left and top, in fractions of its size.
    var anchorFraction: (x: Double, y: Double) { anchor.fraction }

    /// How lines of a point label align: `auto` follows the anchor's side.
    var alignment: TextAlignment {
        switch justify {
        case .left: .start
        case .right: .end
        case .center: .center
        case .auto: anchorFraction.x == 0 ? .start : anchorFraction.x == 1 ? .end : .center
        }
    }
}
