extension BasemapPainter {
    /// The `fill-pattern` images drawn features name that the sprite lacks, known before drawing (the
    /// layout report is made first): a warning for each layer and image name.
    func missingPatterns() -> [String] {
        var missing = MissingSpriteImages(sprite: sprite)
        for layer in layers where layer.type == .fill && layer.paint["fill-pattern"] != nil && layer.isDrawn(atZoom: view.styleZoom) {
            guard let sourceLayer = layer.sourceLayer else { continue }
            for (_, tile) in orderedTiles {
                guard let data = tile.layer(named: sourceLayer) else { continue }
                for feature in data.features where feature.kind == .polygon && passes(layer, feature) {
                    let properties = FeatureProperties(layer, zoom: view.styleZoom, feature: feature)
                    if let name = properties.string("fill-pattern"), !name.isEmpty { _ = missing.image(name, layer: layer.id) }
                }
            }
        }
        return missing.warnings
    }
}
