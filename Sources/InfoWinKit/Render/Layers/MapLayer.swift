import Graphics

/// One layer of the map under the windows: the renderer draws its layers in order, each on the same
/// context in points (already scaled to output pixels), so a layer drawn on an image and in an SVG or PDF
/// document is the same drawing. A new layer is one type conforming to this and one line in
/// `SceneRenderer.mapLayers` (Documentation/architecture.md, "The layer door").
protocol MapLayer {
    /// Draws the layer; `cancellation` is asked between costly steps.
    func draw(in context: DrawingContext, _ drawing: MapLayerDrawing) throws(InfoWinError)
}

/// What every layer of one drawing shares.
struct MapLayerDrawing {
    /// The spec's file, for messages.
    let file: String
    /// The canvas in points.
    let canvas: Rect
    /// Output pixels per point.
    let scale: Double
    /// Lines drop the points within this many points of their simplified course (0 keeps every point:
    /// vector documents).
    let lineTolerance: Double
    let cancellation: RenderCancellation?
}

/// The spec's shapes, in spec order, those that reach the canvas.
struct ShapeLayer: MapLayer {
    let shapes: [PlacedShape]

    func draw(in context: DrawingContext, _ drawing: MapLayerDrawing) throws(InfoWinError) {
        for shape in shapes where shape.bounds.intersects(drawing.canvas) {
            try drawing.cancellation.check(drawing.file, before: "drawing a shape")
            ShapePainter.draw(shape, in: context, lineTolerance: drawing.lineTolerance)
        }
    }
}
