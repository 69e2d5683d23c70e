#if canImport(Glibc)
import Glibc
#endif
import Graphics

/// A symbol's icon for one feature (SPEC.md, "Vector basemaps": `icon-image`, `icon-size`, `icon-anchor`,
/// `icon-offset`, `icon-allow-overlap`, `icon-opacity`): the sprite's image and where it sits round the
/// symbol's anchor, as MapLibre puts it (the offset in the image's points, scaled by `icon-size`).
struct LabelIcon {
    /// `icon-rotation-alignment`: `auto` is `map` along lines and `viewport` at points.
    enum Alignment: String { case map, viewport, auto }

    /// The room MapLibre keeps round an icon by default (`icon-padding`).
    static let padding = 2.0
    /// The largest `icon-size` drawn (an icon larger than the largest canvas is never seen whole).
    static let sizeLimit = 1_000.0

    let image: SpriteSheet.Image
    let size: Double
    let anchor: LabelStyle.Anchor
    let offset: (x: Double, y: Double)
    let allowOverlap: Bool
    let opacity: Double
    /// `icon-rotate`, in radians clockwise.
    let rotation: Double
    /// `icon-padding`: the room kept round its box.
    let padding: Double
    let alignment: Alignment
    /// `icon-keep-upright`: along a line turned with the map, an icon that would point left is turned round.
    let keepsUpright: Bool

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
        let degrees = properties.number("icon-rotate")
        rotation = degrees.isFinite ? degrees.truncatingRemainder(dividingBy: 360) * .pi / 180 : 0
        padding = LabelStyle.bounded(max(0, properties.number("icon-padding")))
        alignment = properties.keyword("icon-rotation-alignment", default: .auto)
        keepsUpright = properties.bool("icon-keep-upright")
    }

    /// The icon put down at `point` (canvas points), turned round it as MapLibre turns it: by
    /// `icon-rotate`, plus, when it is aligned with the map, the map's turn (`bearing`, in radians clockwise)
    /// or, along a line, the line's direction at the point (`lineAngle`; `auto` alignment is `map` along lines,
    /// `viewport` at points); with `icon-keep-upright` an icon along a line that would point left is turned
    /// round. Its anchor and offset turn with it.
    func placed(at point: Point, lineAngle: Double? = nil, mapTurn: Double = 0) -> PlacedSymbolIcon {
        let width = image.width * size, height = image.height * size
        let fraction = anchor.fraction
        let rect = Rect(x: point.x + offset.x - fraction.x * width, y: point.y + offset.y - fraction.y * height, width: width, height: height)
        var alignedTurn = 0.0
        switch (alignment, lineAngle) {
        case (.viewport, _), (.auto, nil): break
        case (.map, nil): alignedTurn = mapTurn
        case (.map, let angle?), (.auto, let angle?):
            alignedTurn = angle
            if keepsUpright, cos(angle) < 0 { alignedTurn += .pi }
        }
        return PlacedSymbolIcon(
            surface: image.surface, rect: rect, ownRotation: rotation, alignedRotation: alignedTurn, pivot: point, opacity: opacity,
            padding: padding, allowOverlap: allowOverlap)
    }

    /// The length MapLibre gives the icon when it spaces a line's anchors and checks that the symbol fits
    /// on the line: the image's width in points (before `icon-size`) measured as text of `textSize` is
    /// (MapLibre's `getAnchors` scales the icon's box by the text's em: `text-size` ÷ 24).
    func lengthAlongLine(textSize: Double) -> Double { image.width * textSize / 24 }
}
