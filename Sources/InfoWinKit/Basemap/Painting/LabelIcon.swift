import Graphics

/// A symbol's icon for one feature (SPEC.md, "Vector basemaps": `icon-image`, `icon-size`, `icon-anchor`,
/// `icon-offset`, `icon-allow-overlap`, `icon-opacity`): the sprite's image and where it sits round the
/// symbol's anchor, as MapLibre puts it (the offset in the image's points, scaled by `icon-size`).
struct LabelIcon {
    /// The room MapLibre keeps round an icon (`icon-padding`'s default; the property is not of the subset).
    static let padding = 2.0
    /// The largest `icon-size` drawn (an icon larger than the largest canvas is never seen whole).
    static let sizeLimit = 1_000.0

    let image: SpriteSheet.Image
    let size: Double
    let anchor: LabelStyle.Anchor
    let offset: (x: Double, y: Double)
    let allowOverlap: Bool
    let opacity: Double

    /// The feature's icon, or nil when `icon-image` names none, or one the sprite lacks (noted in `missing`).
    init?(_ properties: FeatureProperties, layer: StyleLayer, missing: inout MissingSpriteImages) {
        guard let name = properties.string("icon-image"), !name.isEmpty, let image = missing.image(name, layer: layer.id) else { return nil }
        self.image = image
        size = min(max(0, properties.number("icon-size")), Self.sizeLimit)
        guard size > 0 else { return nil }
        anchor = properties.keyword("icon-anchor", default: .center)
        let (dx, dy) = properties.pair("icon-offset")
        offset = (LabelStyle.bounded(dx * size), LabelStyle.bounded(dy * size))
        allowOverlap = properties.bool("icon-allow-overlap")
        opacity = min(1, max(0, properties.number("icon-opacity")))
    }

    /// The icon put down at `point` (canvas points), turned by `rotation` (radians, clockwise) round it:
    /// along a line the icon follows the line (MapLibre's `icon-rotation-alignment` `auto`, which is `map`
    /// with line placement), its anchor and offset turning with it.
    func placed(at point: Point, rotation: Double = 0) -> PlacedSymbolIcon {
        let width = image.width * size, height = image.height * size
        let fraction = anchor.fraction
        let rect = Rect(x: point.x + offset.x - fraction.x * width, y: point.y + offset.y - fraction.y * height, width: width, height: height)
        return PlacedSymbolIcon(surface: image.surface, rect: rect, rotation: rotation, pivot: point, opacity: opacity, allowOverlap: allowOverlap)
    }

    /// The length MapLibre gives the icon when it spaces a line's anchors and checks that the symbol fits
    /// on the line: the image's width in points (before `icon-size`) measured as text of `textSize` is
    /// (MapLibre's `getAnchors` scales the icon's box by the text's em: `text-size` ÷ 24).
    func lengthAlongLine(textSize: Double) -> Double { image.width * textSize / 24 }
}
