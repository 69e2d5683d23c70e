/// The overlays drawn on the map (SPEC.md, "Shapes"), named as the SDK names them: `GMSPolyline`,
/// `GMSPolygon`, `GMSCircle`, `GMSGroundOverlay`, and GeoJSON turned into them.
extension SpecDescription {
    /// The top-level keys of the shapes, in the order "allowed keys" lists them.
    static let shapeKeys: KeyValuePairs<String, SpecValueType> = [
        "polylines": .array("GMSPolyline: lines over the map, under every marker", of: .object(polyline)),
        "polygons": .array("GMSPolygon: filled areas with holes, under every marker", of: .object(polygon)),
        "circles": .array("GMSCircle: geodesic circles of a radius in metres, under every marker", of: .object(circle)),
        "groundOverlays": .array("GMSGroundOverlay: images laid on the map, under every marker", of: .object(groundOverlay)),
        "geojson": .anyOf("a .geojson file (sandboxed) or an inline FeatureCollection (RFC 7946): points become markers (properties their userData, name and description their title and snippet), lines and polygons shapes", [
            .string("a .geojson file"), .keysOf("an inline GeoJSON FeatureCollection (RFC 7946)"),
        ]),
    ]

    /// What every overlay takes (`GMSOverlay`).
    private static let overlayKeys: [SpecKey] = [
        SpecKey(name: "id", type: .string("unique among the shapes, non-empty; named in the report, hit and didTapOverlay")),
        SpecKey(name: "zIndex", type: .number("higher draws later, among the shapes only", integer: true)),
        SpecKey(name: "tappable", type: .bool("taps and hit report the shape (didTapOverlay)")),
    ]

    /// The defaults of what every overlay takes (SPEC.md, "Shapes").
    private static let overlayDefaults: [String: SpecDefault] = ["zIndex": 0, "tappable": false]

    private static func overlay(
        _ description: String, _ keys: KeyValuePairs<String, SpecValueType>, required: [String] = [], defaults: [String: SpecDefault] = [:]
    ) -> SpecObject {
        let all = overlayKeys + keys.map { SpecKey(name: $0.key, type: $0.value) }
        let defaults = overlayDefaults.merging(defaults) { $1 }
        return SpecObject(
            description, keys: all.map { SpecKey(name: $0.name, type: $0.type, default: defaults[$0.name]) }, required: required)
    }

    static let coordinates = SpecValueType.array("coordinates", of: .reference(.coordinate))

    static let polyline = overlay("one GMSPolyline", [
        "path": coordinates,
        "encodedPath": .string("Google's encoded polyline format (GMSPath(fromEncodedPath:)), instead of path"),
        "strokeWidth": .number("points", 0...1000), "strokeColor": .colour,
        "geodesic": .bool("segments follow great circles"),
        "spans": .array("GMSStyleSpan: colours or gradients over the segments, the last one carried to the end", of: .object(styleSpan)),
        "strokePattern": .array("dashes, gaps and dots repeated along the line", of: .object(patternItem)),
    ], defaults: ["strokeWidth": 1, "strokeColor": "#0000FF", "geodesic": false])

    static let styleSpan = SpecObject("a solid colour or a gradient over a number of segments", [
        "color": .colour, "gradient": .object(gradient), "segments": .number("how many segments it covers", 0...1_000_000),
    ], defaults: ["segments": 1])

    static let gradient = SpecObject("GMSStrokeStyle.gradient(from:to:)", ["from": .colour, "to": .colour], required: ["from", "to"])

    static let patternItem = SpecObject("one of dash, gap or dot", [
        "dash": .number("points drawn", 0...10_000), "gap": .number("points left out", 0...10_000),
        "dot": .bool("a round dot as wide as the stroke"),
    ])

    static let polygon = overlay("one GMSPolygon", [
        "path": coordinates, "holes": .array("areas cut out of it", of: coordinates),
        "fillColor": .colour, "strokeColor": .colour, "strokeWidth": .number("points", 0...1000),
        "geodesic": .bool("edges follow great circles"),
    ], required: ["path"], defaults: ["fillColor": "#0000FF40", "strokeColor": "#000000", "strokeWidth": 1, "geodesic": false])

    static let circle = overlay("one GMSCircle", [
        "position": .reference(.coordinate), "radius": .number("metres on the ground", 0...20_000_000),
        "fillColor": .colour, "strokeColor": .colour, "strokeWidth": .number("points", 0...1000),
    ], required: ["position", "radius"], defaults: ["strokeColor": "#000000", "strokeWidth": 1])

    static let groundOverlay = overlay("one GMSGroundOverlay", [
        "image": .string("a PNG, JPEG or WebP file, sandboxed as every asset"),
        "bounds": .object(coordinateBounds),
        "position": .reference(.coordinate, "where the anchor sits, with zoomLevel instead of bounds"),
        "zoomLevel": .number("the zoom at which one image pixel is one point", 0...22),
        "anchor": .object(unitPoint),
        "bearing": .number("degrees clockwise from north"), "opacity": .number("0…1", 0...1),
    ], required: ["image"], defaults: ["anchor": ["x": 0.5, "y": 0.5], "bearing": 0, "opacity": 1])

    static let coordinateBounds = SpecObject("GMSCoordinateBounds", [
        "southWest": .reference(.coordinate), "northEast": .reference(.coordinate),
    ], required: ["southWest", "northEast"])
}
