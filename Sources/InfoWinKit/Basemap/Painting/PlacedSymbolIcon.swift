import Graphics

/// An icon on the canvas: the sprite's image stretched into `rect` at `opacity`, turned by `rotation`
/// round `pivot` (an icon along a line follows the line; a point's icon is not turned).
struct PlacedSymbolIcon {
    let surface: ImageSurface
    /// The image's rectangle before it is turned, in canvas points.
    let rect: Rect
    /// Radians, clockwise on screen (y down); 0 for a point's icon.
    let rotation: Double
    /// The point it turns round: the symbol's anchor.
    let pivot: Point
    let opacity: Double
    let allowOverlap: Bool

    init(surface: ImageSurface, rect: Rect, rotation: Double = 0, pivot: Point? = nil, opacity: Double, allowOverlap: Bool) {
        self.surface = surface
        self.rect = rect
        self.rotation = rotation
        self.pivot = pivot ?? Point(x: rect.x, y: rect.y)
        self.opacity = opacity
        self.allowOverlap = allowOverlap
    }

    /// The box round the icon as drawn (turned), in canvas points: what `avoid` and the canvas's edge keep
    /// clear and what the layout report gives for an icon alone (it collides with symbols by `rect`).
    var frame: Rect {
        guard rotation != 0 else { return rect }
        return Rect(bounding: [
            Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.y), Point(x: rect.x, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
        ].map(turn.apply))
    }

    private var turn: AffineTransform {
        AffineTransform.translation(x: -pivot.x, y: -pivot.y)
            .then(.rotation(degrees: rotation * 180 / .pi)).then(.translation(x: pivot.x, y: pivot.y))
    }

    func draw(in context: DrawingContext) {
        guard opacity > 0 else { return }
        guard rotation != 0 else {
            context.drawImage(surface, x: rect.x, y: rect.y, width: rect.width, height: rect.height, opacity: opacity)
            return
        }
        context.withSavedState {
            let transform = turn
            context.transform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: transform.tx, ty: transform.ty)
            context.drawImage(surface, x: rect.x, y: rect.y, width: rect.width, height: rect.height, opacity: opacity)
        }
    }
}
