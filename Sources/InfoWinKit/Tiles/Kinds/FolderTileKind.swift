import TileIO

extension TileSourceSpec {
    /// A relative path template (`tiles/{z}/{x}/{y}.png`), sandboxed as any asset: the folders files may
    /// come from, real paths.
    static func folder(template: String, baseFolder: String, allowedFolders: [String]) -> TileSourceSpec {
        TileSourceSpec(kind: FolderTileKind(), location: template, baseFolder: baseFolder, allowedFolders: allowedFolders)
    }
}

/// Tile files named by a path template, under the spec's folder: whatever no other kind claims.
struct FolderTileKind: TileSourceKind {
    let name = "folder"
    var isTemplate: Bool { true }

    func claims(_ text: String) -> Bool { true }

    func located(_ text: String, _ value: JSONValue, _ path: JSONPath, by decoder: SpecDecoder) throws(InfoWinError) -> TileSourceSpec {
        guard !text.contains("://") else {
            throw decoder.reader.failure(path, "only http:// and https:// tile servers are supported, got \(JSONWriter.quoted(text.abbreviated(60)))")
        }
        try decoder.checkTemplate(text, path)
        try decoder.checkTileFolder(text, path)
        return .folder(template: text, baseFolder: decoder.sandbox.baseFolder, allowedFolders: decoder.sandbox.allowedFolders)
    }

    func open(_ source: TileSourceSpec, scheme: TileScheme, settings: TileSettings) throws(TileIOError) -> any TileSource {
        FolderTileSource(template: TileTemplate(text: source.location, scheme: scheme), baseFolder: source.baseFolder, allowedFolders: source.allowedFolders)
    }
}
