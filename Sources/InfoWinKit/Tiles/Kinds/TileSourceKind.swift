import TileIO

/// One kind of tile source (a folder, an MBTiles file, a tile server…): how `map.tiles.source` is
/// recognised as it, checked, and opened. A new kind is one type conforming to this and one line in
/// `TileSourceKinds.builtIn`.
protocol TileSourceKind: Sendable {
    /// The kind's name (`folder`, `mbtiles`, `pmtiles`, `http`): two sources are the same only of one kind.
    var name: String { get }
    /// True for a kind whose location is a template of tile names (`{z}/{x}/{y}`), false for a file.
    var isTemplate: Bool { get }
    /// Whether `text`, as `map.tiles.source` writes it, names a source of this kind (its URL scheme, its
    /// file extension). Kinds are asked in the registry's order.
    func claims(_ text: String) -> Bool
    /// The source `text` names (the string `value` at `path`), checked and its files resolved inside the
    /// decoder's sandbox.
    func located(_ text: String, _ value: JSONValue, _ path: JSONPath, by decoder: SpecDecoder) throws(InfoWinError) -> TileSourceSpec
    /// Opens `source`, its rows counted by `scheme`, with the provider's `settings`.
    func open(_ source: TileSourceSpec, scheme: TileScheme, settings: TileSettings) throws(TileIOError) -> any TileSource
}

/// Where tiles come from: a source of a registered kind, located.
package struct TileSourceSpec: Sendable, Hashable {
    /// The kind that reads and opens it.
    let kind: any TileSourceKind
    /// Its template, or its file's real path.
    let location: String
    /// For a folder template: the folder relative paths start from.
    var baseFolder = ""
    /// For a folder template: the folders files may come from, real paths.
    var allowedFolders: [String] = []

    /// True for a template with `{r}`: at scale 2 and more its tiles hold twice the pixels.
    var hasRetinaChoice: Bool { kind.isTemplate && location.contains("{r}") }

    /// How the source is named in messages and fingerprints: its template, or its file's name.
    var name: String { kind.isTemplate ? location : Path.lastComponent(of: location) }

    package static func == (a: TileSourceSpec, b: TileSourceSpec) -> Bool {
        a.kind.name == b.kind.name && a.location == b.location && a.baseFolder == b.baseFolder && a.allowedFolders == b.allowedFolders
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(kind.name)
        hasher.combine(location)
        hasher.combine(baseFolder)
        hasher.combine(allowedFolders)
    }
}

extension TileSourceKind {
    var isTemplate: Bool { false }
}
