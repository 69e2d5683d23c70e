import Graphics

/// An icon on the canvas: the sprite's image stretched into `rect` at `opacity`, turned round `pivot` (the
/// symbol's anchor) by `icon-rotate` and by what it is aligned with (a line, the map's bearing).
struct PlacedSymbolIcon {
    let surface: ImageSurface
    /// The image's rectangle before it is turned, in canvas points.
    let rect: Rect
    /// `icon-rotate`, radians clockwise on screen (y down).
    let ownRotation: Double
    /// The line's direction under the anchor, or the map's turn, radians clockwise; 0 in the viewport.
    let alignedRotation: Double
    /// The point it turns round: the symbol's anchor.
    let pivot: Point
    let opacity: Double
    /// `icon-padding`: the room its collision box keeps.
    let padding: Double
    let allowOverlap: Bool

    init(
        surface: ImageSurface, rect: Rect, ownRotation: Double = 0, alignedRotation: Double = 0, pivot: Point? = nil, opacity: Double,
        padding: Double = LabelIcon.padding, allowOverlap: Bool
    ) {
        self.surface = surface
        self.rect = rect
        self.ownRotation = ownRotation
        self.alignedRotation = alignedRotation
        self.pivot = pivot ?? Point(x: rect.x, y: rect.y)
        self.opacity = opacity
        self.padding = padding
        self.allowOverlap = allowOverlap
    }

    /// The whole turn, radians clockwise.
    var rotation: Double { ownRotation + alignedRotation }

    /// The box round the icon as drawn (turned), in canvas points: what `avoid` and the canvas's edge keep
    /// clear and what the layout report gives for an icon alone.
    var frame: Rect { bounds(turnedBy: rotation) }

    /// The box it collides with other symbols by, as MapLibre's: turned by `icon-rotate` only (not with
    /// the line or the map), grown by `icon-padding`.
    var collisionBox: Rect { bounds(turnedBy: ownRotation).insetBy(-padding) }

    private func bounds(turnedBy angle: Double) -> Rect {
        guard angle != 0 else { return rect }
        let turn = Self.turn(angle, round: pivot)
        return Rect(bounding: [
            Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.y), Point(x: rect.x, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
        ].map(turn.apply))
    }

    private static func turn(_ angle: Double, round pivot: Point) -> AffineTransform {
        AffineTransform.translation(x: -pivot.x, y: -pivot.y)
            .then(.rotation(degrees: angle * 180 / .pi)).then(.translation(x: pivot.x, y: pivot.y))
    }

    func draw(in context: DrawingContext) {
        guard opacity > 0 else { return }
        guard rotation != 0 else {
            context.drawImage(surface, x: rect.x, y: rect.y, width: rect.width, height: rect.height, opacity: opacity)
            return
        }
        context.withSavedState {
            let transform = Self.turn(rotation, round: pivot)
            context.transform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: transform.tx, ty: transform.ty)
            context.drawImage(surface, x: rect.x, y: rect.y, width: rect.width, height: rect.height, opacity: opacity)
        }
    }
}
