import TileIO

extension TileSourceSpec {
    /// An MBTiles file (its real path).
    static func mbtiles(file: String) -> TileSourceSpec { TileSourceSpec(kind: MBTilesKind(), location: file) }
    /// A PMTiles v3 archive (its real path).
    static func pmtiles(file: String) -> TileSourceSpec { TileSourceSpec(kind: PMTilesKind(), location: file) }
}

/// A kind of tile archive, named by its file's extension and resolved inside the sandbox as any asset.
protocol ArchiveTileKind: TileSourceKind {
    /// The extension, with its dot, in lower case.
    var fileExtension: String { get }
    /// Opens the archive at `path`.
    func archive(at path: String) throws(TileIOError) -> any TileArchive
}

extension ArchiveTileKind {
    func claims(_ text: String) -> Bool { text.lowercased().hasSuffix(fileExtension) }

    func located(_ text: String, _ value: JSONValue, _ path: JSONPath, by decoder: SpecDecoder) throws(InfoWinError) -> TileSourceSpec {
        TileSourceSpec(kind: self, location: try decoder.sandbox.resolve(value, path))
    }

    func open(_ source: TileSourceSpec, scheme: TileScheme, settings: TileSettings) throws(TileIOError) -> any TileSource {
        ArchiveTileSource(archive: try archive(at: source.location), name: source.name)
    }
}

/// An MBTiles file (SQLite).
struct MBTilesKind: ArchiveTileKind {
    let name = "mbtiles"
    let fileExtension = ".mbtiles"
    func archive(at path: String) throws(TileIOError) -> any TileArchive { try MBTilesReader(path: path) }
}

/// A PMTiles v3 archive.
struct PMTilesKind: ArchiveTileKind {
    let name = "pmtiles"
    let fileExtension = ".pmtiles"
    func archive(at path: String) throws(TileIOError) -> any TileArchive { try PMTilesReader(path: path) }
}
