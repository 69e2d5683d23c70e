import Graphics

extension BasemapPainter {
    /// Draws one point feature's circles: `circle-radius` points in `circle-color`, with a ring
    /// `circle-stroke-width` wide outside the radius in `circle-stroke-color`, both at `circle-opacity`.
    /// Only the points in the tile's own square: a point in the buffer is its neighbour's.
    func drawCircles(_ feature: VectorTileFeature, layer: StyleLayer, placement: TilePlacement, in context: DrawingContext) {
        guard feature.kind == .point else { return }
        let properties = FeatureProperties(layer, zoom: view.styleZoom, feature: feature)
        let radius = max(0, properties.number("circle-radius"))
        let strokeWidth = max(0, properties.number("circle-stroke-width"))
        let opacity = properties.number("circle-opacity")
        var color = properties.color("circle-color")
        color.alpha *= opacity
        var stroke = properties.color("circle-stroke-color")
        stroke.alpha *= opacity
        for point in feature.geometry.joined() where placement.holds(point) {
            let center = placement.canvasPoint(point)
            if strokeWidth > 0, stroke.alpha > 0 {
                context.newPath()
                context.arc(centerX: center.x, centerY: center.y, radius: radius + strokeWidth / 2, from: 0, to: 2 * .pi)
                context.setColor(stroke)
                context.stroke(width: strokeWidth, cap: .butt, join: .round, miterLimit: 2)
            }
            if radius > 0, color.alpha > 0 {
                context.newPath()
                context.arc(centerX: center.x, centerY: center.y, radius: radius, from: 0, to: 2 * .pi)
                context.setColor(color)
                context.fill()
            }
        }
    }
}
