extension SpecDecoder {
    /// `map.basemap`.
    func decodeBasemap(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> BasemapSpec {
        let basemap = try reader.object(value, path, declared: SpecDescription.basemap)
        var spec = BasemapSpec()
        spec.source = try basemap.optional("source", decodeVectorSource)
        spec.style = try basemap.decoded("style", by: decodeBasemapStyle)
        if case .builtIn(let name) = spec.style, spec.source == nil {
            throw reader.failure(path.appending("source"), "is required with the built-in style \(JSONWriter.quoted(name.rawValue)): a .pmtiles or .mbtiles file of vector tiles, or a template ending in .pbf or .mvt")
        }
        spec.language = try basemap.decoded("language", by: decodeBasemapLanguage)
        spec.avoid = try basemap.decoded("avoid") { value, path throws(InfoWinError) in
            var obstacles = Set<BasemapObstacle>()
            for (index, element) in try reader.array(value, path).enumerated() {
                obstacles.insert(try reader.choice(element, path.appending(index), among: BasemapObstacle.self))
            }
            return obstacles
        }
        spec.attribution = try basemap.optional("attribution") { value, path throws(InfoWinError) in
            try decodeAttribution(value, path)
        } ?? nil
        return spec
    }

    /// A vector tileset: an archive, or a template whose tiles end in `.pbf` or `.mvt`.
    private func decodeVectorSource(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> TileSourceSpec {
        let text = try reader.string(value, path)
        let kind = TileSourceKinds.kind(of: text)
        if kind.isTemplate {
            let tileName = text.lowercased().split(separator: "?", maxSplits: 1).first ?? ""
            guard tileName.hasSuffix(".pbf") || tileName.hasSuffix(".mvt") else {
                throw reader.failure(path, "expected vector tiles: a .pmtiles or .mbtiles file, or a template ending in .pbf or .mvt, got \(JSONWriter.quoted(text.abbreviated(60))) (raster tiles go in map.tiles)")
            }
        }
        return try kind.located(text, value, path, by: self)
    }

    /// `light`, `dark`, `auto`, or a style file's path inside the sandbox.
    private func decodeBasemapStyle(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> BasemapStyleChoice {
        let text = try reader.string(value, path)
        if let name = BuiltInStyleName(rawValue: text) { return .builtIn(name) }
        guard text.lowercased().hasSuffix(".json") else {
            let names = BuiltInStyleName.allCases.map { JSONWriter.quoted($0.rawValue) }.joined(separator: ", ")
            let guess = closestName(to: text, among: BuiltInStyleName.allCases.map(\.rawValue)).map { " (did you mean \(JSONWriter.quoted($0))?)" } ?? ""
            throw reader.failure(path, "expected \(names) or the path of a MapLibre style file ending in .json, got \(JSONWriter.quoted(text.abbreviated(60)))\(guess)")
        }
        return .file(try sandbox.resolve(value, path), allowedFolders: sandbox.allowedFolders)
    }

    /// `auto`, `local` or a BCP 47 tag.
    private func decodeBasemapLanguage(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> BasemapLanguage {
        switch try reader.string(value, path) {
        case "auto": return .auto
        case "local": return .local
        case let text:
            guard let tag = LocaleTag(parsing: text) else {
                throw reader.mismatch(value, path, expected: "\"auto\", \"local\" or a BCP 47 language tag like \"ar\", \"ja\" or \"de\"")
            }
            return .tag(tag)
        }
    }

    /// An attribution text: at most 500 characters; an empty one is none.
    func decodeAttribution(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> String? {
        let text = try reader.string(value, path)
        guard text.unicodeScalars.count <= 500 else { throw reader.failure(path, "is longer than 500 characters") }
        return text.isEmpty ? nil : text
    }
}
