extension SpecDecoder {
    static let tilesKeys = SpecDescription.tiles.names

    /// `map.tiles`.
    func decodeTiles(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> TilesSpec {
        let tiles = try reader.object(value, path, allowed: Self.tilesKeys)
        let level = { (value: JSONValue, path: JSONPath) throws(InfoWinError) in try reader.integer(value, path, in: 0...24) }
        var spec = TilesSpec(source: try tiles.required("source", decodeTileSource))
        spec.tileSize = try tiles.optional("tileSize") { value, path throws(InfoWinError) in
            let size = try reader.integer(value, path, in: 64...1024)
            guard size & (size - 1) == 0 else { throw reader.mismatch(value, path, expected: "a power of two from 64 to 1024") }
            return size
        } ?? spec.tileSize
        spec.scheme = try tiles.optional("scheme") { value, path throws(InfoWinError) in
            try reader.choice(value, path, among: TileScheme.self)
        } ?? spec.scheme
        spec.minZoom = try tiles.optional("minZoom", level) ?? spec.minZoom
        spec.maxZoom = try tiles.optional("maxZoom", level) ?? spec.maxZoom
        if spec.minZoom > spec.maxZoom {
            throw reader.failure(path.appending("minZoom"), "is larger than maxZoom (\(spec.maxZoom))")
        }
        spec.attribution = try tiles.optional("attribution", decodeAttribution) ?? nil
        spec.detectRetina = try tiles.optional("detectRetina", reader.bool) ?? false
        spec.opacity = try tiles.optional("opacity") { value, path throws(InfoWinError) in try reader.number(value, path, in: 0...1) } ?? 1
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
