import Graphics

/// A shape where it is drawn, in canvas points (lay out → draw).
struct PlacedShape {
    let id: String
    let kind: ShapeSpec.Kind
    let tappable: Bool
    /// The outline's lines on the canvas (see `ShapeOutline.lines`).
    let lines: [[Point]]
    /// The open lines an area's stroke follows when they are not `lines` closed (`ShapeOutline.strokedLines`).
    var strokedLines: [[Point]]? = nil
    let style: Style
    /// What it draws, its strokes included.
    let bounds: Rect
    /// A hash of the shape as the spec gives it, so that the report changes when its looks do.
    let digest: String

    /// How the lines are drawn.
    enum Style {
        /// A polyline, with where each of its coordinates falls in the line (for spans).
        case polyline(PolylineSpec, vertices: [Int])
        /// A polygon's rings (outer first, holes cut out) or a circle's ring.
        case area(fill: RGBA?, stroke: StrokeSpec)
        /// A ground overlay: the image from its pixels to the canvas.
        case image(ImageSurface, transform: AffineTransform, opacity: Double)
    }

}
