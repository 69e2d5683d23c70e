/// Reads the style a basemap is drawn with (SPEC.md, "Vector basemaps"): a built-in style for the
/// tileset's schema, or a MapLibre style file read with its limits; and finds the vector tileset it draws.
struct BasemapStyleLoader {
    let spec: Spec
    let basemap: BasemapSpec

    /// The largest style file read.
    static let styleFileLimit = 4 << 20

    private var path: JSONPath { .root.appending("map").appending("basemap") }

    /// The built-in style meant by `name` for the spec's traits (`auto` is dark in dark mode).
    func builtInStyle(_ name: BuiltInStyleName) -> BuiltInStyle {
        switch name {
        case .light: .light
        case .dark: .dark
        case .auto: spec.traits.style == .dark ? .dark : .light
        }
    }

    /// A built-in style, drawn for `tileset`'s schema (told by its metadata, else its first tile).
    func readBuiltIn(_ style: BuiltInStyle, tileset: VectorTileSet, firstTile: VectorTile?) throws(InfoWinError) -> (MapStyle, schema: String, digest: String) {
        let schema: BuiltInStyle.Schema
        switch tileset.schema(firstTile: firstTile) {
        case .openMapTiles: schema = .openMapTiles
        case .protomaps: schema = .protomaps
        case .other(let names):
            let found = names.isEmpty ? "no layers" : "the layers " + names.prefix(20).map { JSONWriter.quoted($0) }.joined(separator: ", ")
                + (names.count > 20 ? " and \(names.count - 20) more" : "")
            throw .invalid(
                file: spec.file, path: path.appending("source"),
                message: "\(tileset.name) follows neither schema the built-in style \(JSONWriter.quoted(style.rawValue)) knows (OpenMapTiles, Protomaps basemaps): it has \(found); give a style file of your own in map.basemap.style")
        }
        return (style.mapStyle(for: schema), schema.rawValue, style.digest(for: schema))
    }

    /// A style file, read within its limit, and the digest of its bytes.
    func readFile(_ file: String) throws(InfoWinError) -> (MapStyle, digest: String) {
        let bytes: [UInt8]
        do throws(FileSystemError) {
            bytes = try FileSystem.read(file, limit: Self.styleFileLimit)
        } catch {
            throw .invalid(file: spec.file, path: path.appending("style"), message: "cannot read the style file \(Path.lastComponent(of: file)): \(error.reason) (a style file is at most 4 MB)")
        }
        return (try MapStyleReader.read(bytes, file: file, folder: Path.folder(of: file)), Fingerprint.digest(bytes))
    }

    /// The vector source a style file draws: `map.basemap.source` when given (replacing the style's single
    /// vector source), else the style's one vector source, its files inside the sandbox.
    func vectorSource(of style: MapStyle, allowedFolders: [String]) throws(InfoWinError) -> (TileSourceSpec, styleSource: MapStyleSource?) {
        let vectors = style.sources.filter { $0.kind == .vector }
        guard vectors.count <= 1 else {
            throw .invalid(
                file: style.file, path: .root.appending("sources"),
                message: "has \(vectors.count) vector sources (\(vectors.map { JSONWriter.quoted($0.name) }.joined(separator: ", "))); infowin draws one vector source a style")
        }
        if let given = basemap.source { return (given, vectors.first) }
        guard let source = vectors.first else {
            throw .invalid(file: spec.file, path: path.appending("source"), message: "is required: the style file \(Path.lastComponent(of: style.file)) has no vector source")
        }
        return (try tileSource(of: source, style: style, allowedFolders: allowedFolders), source)
    }

    /// Where a style's source (vector or raster) reads its tiles: its `pmtiles://`/`mbtiles://` file,
    /// which must lie inside the sandbox, or its first `tiles` template (a folder template keeps to the
    /// sandbox when read; a server's to the private-network rule). Any other `url` is an error naming it.
    func tileSource(of source: MapStyleSource, style: MapStyle, allowedFolders: [String]) throws(InfoWinError) -> TileSourceSpec {
        let sourcePath = JSONPath.root.appending("sources").appending(source.name)
        let inSandbox = { (file: String) throws(InfoWinError) -> String in
            guard let real = FileSystem.realPath(file), allowedFolders.contains(where: { Path.isInside(real, folder: $0) }) else {
                throw .invalid(file: style.file, path: sourcePath.appending("url"), message: "\(JSONWriter.quoted(file)) does not exist or is outside the folders assets may come from (--asset-root)")
            }
            return real
        }
        switch source.location {
        case .pmtiles(let file): return .pmtiles(file: try inSandbox(file))
        case .mbtiles(let file): return .mbtiles(file: try inSandbox(file))
        case .tiles(let templates):
            guard let template = templates.first else {
                throw .invalid(file: style.file, path: sourcePath.appending("tiles"), message: "holds no tile template")
            }
            if HTTPTileKind().claims(template) { return TileSourceSpec(kind: HTTPTileKind(), location: template) }
            return .folder(template: template, baseFolder: Path.folder(of: style.file), allowedFolders: allowedFolders)
        case .url(let url):
            let replace = source.kind == .vector ? "; give map.basemap.source to replace it" : ""
            throw .invalid(
                file: style.file, path: sourcePath.appending("url"),
                message: "\(JSONWriter.quoted(url.abbreviated(80))) is read by no infowin source (pmtiles://PATH, mbtiles://PATH or tiles templates are)\(replace)")
        }
    }
}
