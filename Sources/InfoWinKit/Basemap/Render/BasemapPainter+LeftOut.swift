extension BasemapPainter {
    /// What the painter leaves out of `layers`, known before drawing (so that the layout report, made
    /// before the picture is drawn, lists it): each a warning naming the layer and what is not drawn.
    static func leftOut(_ layers: [StyleLayer]) -> [String] {
        layers.compactMap(leftOut(of:))
    }
}
