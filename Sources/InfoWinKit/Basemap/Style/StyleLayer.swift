/// The layer types of the style subset infowin draws (SPEC.md, "Vector basemaps").
package enum StyleLayerType: String, Sendable, CaseIterable {
    case background, fill, line, symbol, circle, raster
}

/// One layer of a parsed MapLibre style, with only what infowin draws: anything else was reported as a
/// warning when the style was read.
package struct StyleLayer: Sendable {
    package var id: String
    package var type: StyleLayerType
    /// The style source it draws from (nil for `background`).
    package var source: String?
    /// The vector tile layer it draws (`source-layer`).
    var sourceLayer: String?
    /// MapLibre's zoom range (the camera's zoom − 1): drawn when `minZoom <= zoom < maxZoom`.
    package var minZoom: Double?
    package var maxZoom: Double?
    /// Which features it draws; nil draws all.
    package var filter: StyleExpression?
    /// `layout.visibility` is not `none`.
    var isVisible: Bool
    /// `paint` and `layout` properties, by name, each a constant or an expression.
    package var paint: [String: StyleExpression]
    package var layout: [String: StyleExpression]

    package init(
        id: String, type: StyleLayerType, source: String? = nil, sourceLayer: String? = nil, minZoom: Double? = nil,
        maxZoom: Double? = nil, filter: StyleExpression? = nil, isVisible: Bool = true,
        paint: [String: StyleExpression] = [:], layout: [String: StyleExpression] = [:]
    ) {
        self.id = id
        self.type = type
        self.source = source
        self.sourceLayer = sourceLayer
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.filter = filter
        self.isVisible = isVisible
        self.paint = paint
        self.layout = layout
    }

    /// True when the layer is drawn at MapLibre zoom `zoom`.
    func isDrawn(atZoom zoom: Double) -> Bool {
        isVisible && zoom >= (minZoom ?? 0) && zoom < (maxZoom ?? 24.000_001)
    }
}
