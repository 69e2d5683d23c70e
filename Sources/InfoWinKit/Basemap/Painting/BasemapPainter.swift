import Graphics

/// Draws a vector basemap's non-symbol layers (SPEC.md, "Vector basemaps", "Drawing"): the style's layers
/// in order, each tile's features clipped to the tile's own square (a feature in a neighbour's buffer is
/// drawn by that neighbour only), geometry scaled to the camera's fractional zoom and turned with its
/// bearing, widths and radii in points (MapLibre's pixels). The same calls draw on an image, an SVG or a
/// PDF, where the basemap stays paths. Labels are `LabelPlacer`'s; raster layers `BasemapLayer`'s.
struct BasemapPainter {
    /// The style's layers, bottom first.
    package let layers: [StyleLayer]
    /// The decoded tiles of one level.
    package let tiles: [TileID: VectorTile]
    package let view: BasemapView
    /// The style's sprite, for `fill-pattern`; nil when the style has none.
    let sprite: SpriteSheet?

    package init(layers: [StyleLayer], tiles: [TileID: VectorTile], view: BasemapView, sprite: SpriteSheet? = nil) {
        self.layers = layers
        self.tiles = tiles
        self.view = view
        self.sprite = sprite
    }

    /// Draws every layer but the symbol layers, in style order, and returns what was left out (a warning
    /// naming the layer and the property or layer type), each once.
    package func draw(in context: DrawingContext) -> [String] {
        var warnings = BasemapWarnings()
        let zoom = view.styleZoom
        for layer in layers where layer.isDrawn(atZoom: zoom) {
            switch layer.type {
            case .background: drawBackground(layer, in: context)
            case .fill, .line, .circle: drawFeatures(of: layer, in: context)
            // Raster layers are drawn by `BasemapLayer` between the runs of layers painted here; labels by `LabelPlacer`.
            case .raster, .symbol: break
            }
            if let warning = Self.leftOut(of: layer) { warnings.add(warning) }
        }
        return warnings.messages
    }

    /// What the painter leaves out of `layer`, known before drawing: a warning naming the layer and what
    /// is not drawn, or nil.
    static func leftOut(of layer: StyleLayer) -> String? {
        nil
    }

    /// The tiles in a fixed order (level, row, column), so that the same inputs draw the same bytes.
    var orderedTiles: [(id: TileID, tile: VectorTile)] {
        tiles.keys.sorted().map { ($0, tiles[$0]!) }
    }

    private func drawBackground(_ layer: StyleLayer, in context: DrawingContext) {
        let properties = FeatureProperties(layer, zoom: view.styleZoom)
        var color = properties.color("background-color")
        color.alpha *= properties.number("background-opacity")
        guard color.alpha > 0 else { return }
        context.setColor(color)
        context.paint()
    }

    /// Each tile's features, once for every copy of the world the canvas shows (`BasemapView.placements`).
    private func drawFeatures(of layer: StyleLayer, in context: DrawingContext) {
        for (id, tile) in orderedTiles {
            guard let sourceLayer = layer.sourceLayer, let data = tile.layer(named: sourceLayer) else { continue }
            let features = data.features.filter { passes(layer, $0) }
            guard !features.isEmpty else { continue }
            for placement in view.placements(of: id, extent: data.extent) {
                if layer.type == .circle {
                    // As MapLibre: a circle belongs to the tile whose square holds its centre, and is not cut.
                    for feature in features { drawCircles(feature, layer: layer, placement: placement, in: context) }
                    continue
                }
                context.withSavedState {
                    addPolygon(placement.square, in: context)
                    context.clipAliased()
                    for feature in features {
                        if layer.type == .fill {
                            drawFill(feature, layer: layer, placement: placement, in: context)
                        } else {
                            drawLine(feature, layer: layer, placement: placement, in: context)
                        }
                    }
                }
            }
        }
    }

    /// True when `feature` is of a geometry the layer draws and its filter lets it through.
    func passes(_ layer: StyleLayer, _ feature: VectorTileFeature) -> Bool {
        guard let filter = layer.filter else { return true }
        return filter.evaluate(in: StyleEvaluationContext(zoom: view.styleZoom, feature: feature)) == .bool(true)
    }

    func addPolygon(_ points: [Point], in context: DrawingContext) {
        guard let first = points.first else { return }
        context.move(toX: first.x, y: first.y)
        for point in points.dropFirst() { context.line(toX: point.x, y: point.y) }
        context.closePath()
    }
}

/// What a basemap left out, each message once, in the order first met.
struct BasemapWarnings {
    private(set) var messages: [String] = []
    private var seen: Set<String> = []

    mutating func add(_ message: String) {
        if seen.insert(message).inserted { messages.append(message) }
    }
}
