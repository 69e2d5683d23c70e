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

/// An MBTiles file (SQLite) of raster tiles: one whose metadata says `format` `pbf` holds vector tiles,
/// refused with a message naming where they go.
struct MBTilesKind: ArchiveTileKind {
    let name = "mbtiles"
    let fileExtension = ".mbtiles"
    func archive(at path: String) throws(TileIOError) -> any TileArchive {
        let reader = try MBTilesReader(path: path)
        if reader.metadata["format"]?.lowercased() == "pbf" { throw .unreadable(vectorTilesMessage) }
        return reader
    }
}

/// A PMTiles v3 archive of raster tiles: one of tile type MVT (1) holds vector tiles, refused with a
/// message naming where they go.
struct PMTilesKind: ArchiveTileKind {
    let name = "pmtiles"
    let fileExtension = ".pmtiles"
    func archive(at path: String) throws(TileIOError) -> any TileArchive {
        let reader = try PMTilesReader(path: path)
        if reader.tileType == 1 { throw .unreadable(vectorTilesMessage) }
        return reader
    }
}

/// Why an archive of vector tiles is not raster tiles: the words both archive kinds use.
private let vectorTilesMessage = "it holds vector tiles (MVT), not images: a vector tileset is drawn as map.basemap.source (with a style), raster tiles go in map.tiles"
