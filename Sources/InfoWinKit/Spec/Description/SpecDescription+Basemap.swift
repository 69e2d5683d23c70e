extension SpecDescription {
    static let basemap = SpecObject("a vector tileset drawn with a MapLibre style (SPEC.md, \"Vector basemaps\")", [
        "source": .string("a .pmtiles or .mbtiles file of vector tiles, or a folder or http(s):// template ending in .pbf or .mvt"),
        "style": .string("\"light\", \"dark\", \"auto\" (dark in dark mode) or the path of a MapLibre style file (version 8)"),
        "language": .string("\"auto\" (the spec's locale), \"local\" (the tiles' name) or a BCP 47 tag: labels read name:LANG, then name"),
        "avoid": .array(
            "what labels make room for", of: .choice("drawn on top of the map", BasemapObstacle.allCases.map(\.rawValue))),
        "attribution": .string("drawn in the bottom-right corner, with a style file's sources' attributions (default: the tileset's metadata attribution)"),
    ], defaults: ["style": "auto", "language": "auto", "avoid": ["windows", "markers", "attribution"]])
}
