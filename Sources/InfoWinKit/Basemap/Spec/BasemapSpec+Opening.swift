extension BasemapSpec {
    /// Opens the tileset with `tiles` (which keeps it open for every later picture) and reads the style
    /// file, so that a server's default basemap that cannot be drawn is found when it starts, not at its
    /// first request; `file` names what gave the basemap in messages. A built-in style is checked against
    /// the tileset's schema when its metadata names the layers (else the first tile drawn tells).
    package func open(with tiles: TileProvider, file: String) throws(InfoWinError) {
        let path = JSONPath.root.appending("map").appending("basemap")
        var set: VectorTileSet?
        if let source {
            set = try tiles.vectorTileSet(source, file: file, path: path.appending("source"))
        }
        switch style {
        case .file(let styleFile, _):
            let bytes: [UInt8]
            do throws(FileSystemError) {
                bytes = try FileSystem.read(styleFile, limit: BasemapStyleLoader.styleFileLimit)
            } catch {
                throw .invalid(file: file, path: path.appending("style"), message: "cannot read the style file \(Path.lastComponent(of: styleFile)): \(error.reason) (a style file is at most 4 MB)")
            }
            _ = try MapStyleReader.read(bytes, file: styleFile, folder: Path.folder(of: styleFile))
        case .builtIn(let name):
            guard let set, case .other(let names) = set.schema(firstTile: nil), !names.isEmpty else { return }
            throw .invalid(
                file: file, path: path.appending("source"),
                message: "\(set.name) follows neither schema the built-in style \(JSONWriter.quoted(name.rawValue)) knows (OpenMapTiles, Protomaps basemaps): it has the layers \(names.prefix(20).map { JSONWriter.quoted($0) }.joined(separator: ", "))")
        }
    }
}
