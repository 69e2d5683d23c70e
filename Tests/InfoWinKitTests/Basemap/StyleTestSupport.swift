import Graphics
@testable import InfoWinKit

/// A style file of `layers` (JSON text) over one vector source `city` and one raster source `hills`.
func styleJSON(layers: String, extra: String = "") -> String {
    #"{"version": 8, "name": "test", \#(extra) "sources": {"city": {"type": "vector", "url": "pmtiles://tiles/city.pmtiles"}, "hills": {"type": "raster", "tiles": ["https://example.com/{z}/{x}/{y}.png"], "tileSize": 256}}, "layers": [\#(layers)]}"#
}

/// The style read from `json` as `style.json` in `/styles`.
func readStyle(_ json: String) throws(InfoWinError) -> MapStyle {
    try MapStyleReader.read(Array(json.utf8), file: "style.json", folder: "/styles")
}

/// The one layer a style of `layer` (JSON text) draws.
func readLayer(_ layer: String) throws -> StyleLayer {
    let style = try readStyle(styleJSON(layers: layer))
    guard style.layers.count == 1 else { throw InfoWinError.io(file: "style.json", message: "expected one layer, got \(style.layers.count)") }
    return style.layers[0]
}

/// The error reading `json` gives, as its message; nil when it reads.
func styleError(_ json: String) -> String? {
    do {
        _ = try readStyle(json)
        return nil
    } catch {
        return error.message
    }
}

/// A feature of the given properties, kind and id.
func styleFeature(_ properties: [String: FeatureValue] = [:], kind: VectorTileFeature.Kind = .polygon, id: UInt64? = nil) -> VectorTileFeature {
    VectorTileFeature(id: id, kind: kind, properties: properties, geometry: [])
}

/// An expression compiled from JSON text, for a property of `type` (nil: any).
func compileExpression(_ json: String, expecting type: StyleType? = nil) throws -> StyleExpression {
    var parser = StyleExpressionParser()
    return try parser.parse(try JSONParser.parse(Array(json.utf8)), at: .root, expecting: type).expression
}

/// The expression's value for `properties` at `zoom`.
func evaluate(_ json: String, _ properties: [String: FeatureValue] = [:], zoom: Double = 10, expecting type: StyleType? = nil) throws -> StyleValue {
    try compileExpression(json, expecting: type).evaluate(in: StyleEvaluationContext(zoom: zoom, feature: styleFeature(properties)))
}
