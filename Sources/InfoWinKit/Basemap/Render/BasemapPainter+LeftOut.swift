extension BasemapPainter {
    /// What the painter leaves out of `layers`, known before drawing (so that the layout report, made
    /// before the picture is drawn, lists it): each a warning naming the layer and what is not drawn.
    static func leftOut(_ layers: [StyleLayer]) -> [String] {
        layers.compactMap { layer in
            if layer.type == .raster { return "layer \(layer.id): raster layers are not drawn yet" }
            if layer.type == .fill, layer.paint["fill-pattern"] != nil {
                return "layer \(layer.id): fill-pattern is not drawn (no sprite is loaded); the fill's colour is drawn instead"
            }
            return nil
        }
    }
}
