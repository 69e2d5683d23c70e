extension SpecDecoder {
    /// `map.tiles`.
    func decodeTiles(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> TilesSpec {
        let tiles = try reader.object(value, path, declared: SpecDescription.tiles)
        var spec = TilesSpec(source: try tiles.required("source", decodeTileSource))
        spec.tileSize = try tiles.integer("tileSize")
        if let written = tiles.value("tileSize"), spec.tileSize & (spec.tileSize - 1) != 0 {
            let range = tiles.wholeRange(of: "tileSize")
            throw reader.mismatch(written, path.appending("tileSize"), expected: "a power of two from \(range.lowerBound) to \(range.upperBound)")
        }
        spec.scheme = try tiles.choice("scheme", as: TileScheme.self)
        spec.minZoom = try tiles.integer("minZoom")
        spec.maxZoom = try tiles.integer("maxZoom")
        if spec.minZoom > spec.maxZoom {
            throw reader.failure(path.appending("minZoom"), "is larger than maxZoom (\(spec.maxZoom))")
        }
        spec.attribution = try tiles.optional("attribution", decodeAttribution) ?? nil
        spec.detectRetina = try tiles.bool("detectRetina")
        spec.opacity = try tiles.number("opacity")
        return spec
    }

    /// A URL template, an `.mbtiles` or `.pmtiles` file, or a folder template: whichever registered kind
    /// claims the text reads it.
    private func decodeTileSource(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> TileSourceSpec {
        let text = try reader.string(value, path)
        return try TileSourceKinds.kind(of: text).located(text, value, path, by: self)
    }

    /// A template must say where `{z}`, `{x}` and the row (`{y}` or `{-y}`) go, and use no other name but `{r}`.
    func checkTemplate(_ text: String, _ path: JSONPath) throws(InfoWinError) {
        let expected = "a tile template with {z}, {x} and {y} (or {-y}), like \"tiles/{z}/{x}/{y}.png\", or an .mbtiles or .pmtiles file"
        guard text.contains("{z}"), text.contains("{x}"), text.contains("{y}") || text.contains("{-y}") else {
            throw reader.failure(path, "expected \(expected), got \(JSONWriter.quoted(text.abbreviated(60)))")
        }
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { throw reader.failure(path, "\"{\" is not closed by \"}\"") }
            let name = rest[rest.index(after: open)..<close]
            guard ["z", "x", "y", "-y", "r"].contains(name) else {
                throw reader.failure(path, "unknown template name {\(String(name).abbreviated(40))}; the names are {z}, {x}, {y}, {-y} and {r}")
            }
            rest = rest[rest.index(after: close)...]
        }
    }
}
