import TileIO

/// A tile-source kind that can also hold vector tiles: how `map.basemap.source` is opened as a vector
/// tileset, through the kind's own reader (the sandbox, limits, cache, deadline and private-network rules
/// of raster tiles), refusing a source of raster tiles with a message saying so.
protocol VectorTileSourceKind: TileSourceKind {
    /// Opens `source` for vector tiles: its tiles (as stored: the decoder inflates them under its own
    /// limit) and what it says of itself.
    func openVector(_ source: TileSourceSpec, scheme: TileScheme, settings: TileSettings) throws(TileIOError) -> (tiles: any TileSource, metadata: VectorTileSetMetadata)
}

extension PMTilesKind: VectorTileSourceKind {
    /// A PMTiles v3 archive of tile type MVT (1), its tiles gzip-compressed or not.
    func openVector(_ source: TileSourceSpec, scheme: TileScheme, settings: TileSettings) throws(TileIOError) -> (tiles: any TileSource, metadata: VectorTileSetMetadata) {
        let reader = try PMTilesReader(path: source.location)
        guard reader.tileType == 1 else {
            let types: [UInt8: String] = [0: "unknown", 2: "PNG", 3: "JPEG", 4: "WebP", 5: "AVIF"]
            throw .unreadable("its tiles are of type \(types[reader.tileType] ?? String(reader.tileType)), not vector tiles (MVT, tile type 1): a basemap needs vector tiles; raster tiles go in map.tiles")
        }
        guard [0, 1, 2].contains(reader.tileCompression) else {
            throw .unreadable("its tiles are compressed with \(reader.tileCompression == 3 ? "brotli" : reader.tileCompression == 4 ? "zstd" : "method \(reader.tileCompression)"); gzip or none is read")
        }
        let metadata = VectorTileSetMetadata(pmtilesZooms: reader.zoomRange, json: try reader.metadata())
        return (ArchiveTileSource(archive: StoredPMTiles(reader: reader), name: source.name), metadata)
    }
}

extension MBTilesKind: VectorTileSourceKind {
    /// An MBTiles file whose metadata `format` is `pbf`.
    func openVector(_ source: TileSourceSpec, scheme: TileScheme, settings: TileSettings) throws(TileIOError) -> (tiles: any TileSource, metadata: VectorTileSetMetadata) {
        let reader = try MBTilesReader(path: source.location)
        guard let format = reader.metadata["format"] else {
            throw .unreadable("its metadata has no format: a basemap's MBTiles file says format pbf (vector tiles)")
        }
        guard format.lowercased() == "pbf" else {
            throw .unreadable("its metadata format is \(JSONWriter.quoted(format.abbreviated(40))), not pbf: a basemap needs vector tiles; raster tiles go in map.tiles")
        }
        return (ArchiveTileSource(archive: reader, name: source.name), VectorTileSetMetadata(mbtiles: reader.metadata))
    }
}

extension HTTPTileKind: VectorTileSourceKind {
    /// A tile server's template ending in `.pbf` or `.mvt` (before its query, if any).
    func openVector(_ source: TileSourceSpec, scheme: TileScheme, settings: TileSettings) throws(TileIOError) -> (tiles: any TileSource, metadata: VectorTileSetMetadata) {
        if let problem = VectorTileSet.templateProblem(source.location) { throw .unreadable(problem) }
        return (try open(source, scheme: scheme, settings: settings), VectorTileSetMetadata())
    }
}

extension FolderTileKind: VectorTileSourceKind {
    /// A folder template ending in `.pbf` or `.mvt`.
    func openVector(_ source: TileSourceSpec, scheme: TileScheme, settings: TileSettings) throws(TileIOError) -> (tiles: any TileSource, metadata: VectorTileSetMetadata) {
        if let problem = VectorTileSet.templateProblem(source.location) { throw .unreadable(problem) }
        return (try open(source, scheme: scheme, settings: settings), VectorTileSetMetadata())
    }
}

/// A PMTiles archive's tiles as it stores them, not inflated: the vector tile decoder inflates them
/// under its own limit, and a tile over it is then a missing tile, not a failed render.
private struct StoredPMTiles: TileArchive {
    let reader: PMTilesReader

    func tile(z: Int, x: Int, y: Int) throws(TileIOError) -> [UInt8]? { try reader.storedTile(z: z, x: x, y: y) }
    var isDoubleDensity: Bool { false }
}
