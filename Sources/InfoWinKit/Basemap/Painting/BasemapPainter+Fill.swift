import Graphics

extension BasemapPainter {
    /// Draws one polygon feature: its rings filled by the even-odd rule in `fill-color` at `fill-opacity`,
    /// moved by `fill-translate` (turned with the map), and, when `fill-antialias` is on, its outline one
    /// device pixel wide in `fill-outline-color` (the fill's colour when not given), as MapLibre draws it.
    /// Outline edges along or beyond the tile's edge are the tile's cut, not the polygon's: not stroked.
    /// With `fill-pattern`, the sprite's image is repeated instead of the colour, from the tile's top-left
    /// corner, turned with the map; a pattern the sprite lacks fills nothing (as MapLibre, which skips it).
    func drawFill(_ feature: VectorTileFeature, layer: StyleLayer, placement: TilePlacement, in context: DrawingContext) {
        guard feature.kind == .polygon else { return }
        let properties = FeatureProperties(layer, zoom: view.styleZoom, feature: feature)
        let opacity = properties.number("fill-opacity")
        var color = properties.color("fill-color")
        color.alpha *= opacity
        let antialiased = properties.bool("fill-antialias")
        let (dx, dy) = properties.pair("fill-translate")
        let shift = AffineTransform.rotation(degrees: -view.bearing).apply(Point(x: dx, y: dy))
        let rings = feature.geometry.map { ring in
            ring.map { placement.canvasPoint($0) }.map { Point(x: $0.x + shift.x, y: $0.y + shift.y) }
        }
        if let pattern = properties.string("fill-pattern"), !pattern.isEmpty {
            if let image = sprite?.images[pattern] {
                context.newPath()
                for ring in rings where ring.count >= 3 { addPolygon(ring, in: context) }
                let corner = placement.canvasPoint(Point(x: 0, y: 0))
                context.fillEvenOddRepeating(
                    image.surface, x: corner.x + shift.x, y: corner.y + shift.y, angle: -view.bearing * .pi / 180, scale: 1 / image.pixelRatio,
                    opacity: min(1, max(0, opacity)), antialiased: antialiased)
            }
        } else if color.alpha > 0 {
            context.newPath()
            for ring in rings where ring.count >= 3 { addPolygon(ring, in: context) }
            context.setColor(color)
            context.fillEvenOdd(antialiased: antialiased)
        }
        guard antialiased, layer.paint["fill-pattern"] == nil || properties.isGiven("fill-outline-color") else { return }
        var outline = properties.givenColor("fill-outline-color") ?? properties.color("fill-color")
        outline.alpha *= opacity
        guard outline.alpha > 0 else { return }
        context.newPath()
        for (tileRing, ring) in zip(feature.geometry, rings) where ring.count >= 3 {
            for index in ring.indices {
                let next = (index + 1) % ring.count
                guard !placement.isOnEdge(tileRing[index], tileRing[next]) else { continue }
                context.move(toX: ring[index].x, y: ring[index].y)
                context.line(toX: ring[next].x, y: ring[next].y)
            }
        }
        context.setColor(outline)
        context.stroke(width: context.devicePixel, cap: .butt, join: .miter, miterLimit: 2)
    }
}

extension TilePlacement {
    /// True when the segment from `a` to `b` (tile units) runs along or beyond one edge of the tile.
    func isOnEdge(_ a: Point, _ b: Point) -> Bool {
        (a.x <= 0 && b.x <= 0) || (a.y <= 0 && b.y <= 0) || (a.x >= extent && b.x >= extent) || (a.y >= extent && b.y >= extent)
    }
}
