/// What an expression is evaluated against: MapLibre's zoom and, for data expressions, one feature.
package struct StyleEvaluationContext: Sendable {
    /// MapLibre's zoom (the camera's zoom − 1).
    package var zoom: Double
    /// The feature a data expression reads; nil for a layer-wide value.
    package var feature: VectorTileFeature?

    package init(zoom: Double, feature: VectorTileFeature? = nil) {
        self.zoom = zoom
        self.feature = feature
    }
}

/// A style property's value or a filter, compiled once when the style is read and evaluated per feature.
package indirect enum StyleExpression: Sendable {
    /// A constant.
    case literal(StyleValue)

    /// The value for `context`.
    package func evaluate(in context: StyleEvaluationContext) -> StyleValue {
        switch self {
        case .literal(let value): value
        }
    }
}
