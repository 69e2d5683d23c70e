import TileIO

/// A vector tileset opened for a picture (`map.basemap.source`, or a style's vector source): a PMTiles
/// v3 archive of MVT tiles, an MBTiles file of format `pbf`, or a folder or `http(s)://` template ending
/// in `.pbf` or `.mvt`, read through the tile-source kinds of raster tiles (their sandbox, limits, disk
/// cache, deadline and private-network rules). Safe to share between threads, as its source is.
final class VectorTileSet: Sendable {
    /// The source, as the spec named it.
    package let source: TileSourceSpec
    /// What the tileset says of itself.
    package let metadata: VectorTileSetMetadata
    private let tiles: any TileSource
    /// Tiles decoded (or found absent) for earlier pictures.
    private let memory = Locked(VectorTileMemory())
    /// `--tiles-deadline`, for the message when it passes.
    private let deadlineSeconds: Double

    /// How the tileset is named in messages: its template, or its file's name.
    package var name: String { source.name }

    private init(source: TileSourceSpec, tiles: any TileSource, metadata: VectorTileSetMetadata, deadlineSeconds: Double) {
        self.source = source
        self.deadlineSeconds = deadlineSeconds
        self.tiles = tiles
        self.metadata = metadata
    }

    /// Opens `source` (found at `path` of `file`), its rows counted by `scheme`, with the tile `settings`.
    /// A source that cannot be opened, of raster tiles, or of a kind that cannot hold vector tiles is an
    /// error naming `path`.
    package static func open(
        _ source: TileSourceSpec, scheme: TileScheme = .xyz, settings: TileSettings, file: String, path: JSONPath
    ) throws(InfoWinError) -> VectorTileSet {
        let failure = { (reason: String) in InfoWinError.invalid(file: file, path: path, message: "\(source.name) cannot be opened as a vector tileset: \(reason)") }
        guard let kind = source.kind as? any VectorTileSourceKind else { throw failure("a \(source.kind.name) source cannot hold vector tiles") }
        do throws(TileIOError) {
            let (tiles, metadata) = try kind.openVector(source, scheme: scheme, settings: settings)
            return VectorTileSet(source: source, tiles: tiles, metadata: metadata, deadlineSeconds: settings.deadline)
        } catch {
            throw failure(error.message)
        }
    }

    /// What is wrong with a template as a vector tileset's: it must end in `.pbf` or `.mvt` (an
    /// `http(s)://` URL's path, before its query), or nil.
    static func templateProblem(_ template: String) -> String? {
        let isURL = HTTPTileKind().claims(template)
        let path = isURL ? String(template.prefix { $0 != "?" && $0 != "#" }) : template
        let lower = path.lowercased()
        guard !lower.hasSuffix(".pbf") && !lower.hasSuffix(".mvt") else { return nil }
        return "a vector tile template ends in .pbf or .mvt (\(JSONWriter.quoted(template.abbreviated(80))) does not)"
    }

    /// What `validate` finds wrong without reading a tile (a folder template leaving the sandbox, a tile
    /// server refused by the private-network rule), or nil.
    package func check() -> String? { tiles.check() }

    /// The tiles `wanted` (each once, in order), decoded, their features and coordinates counted in
    /// `budget`. A tile the tileset does not have, or that cannot be read (damaged, not MVT, over a
    /// limit of its own or of the picture's), is missing and named in a warning. Tiles are decoded once
    /// for all the pictures of a process, and kept within `VectorTileMemory.byteLimit`. A source that fails
    /// otherwise (an unreadable file, a refused or failed connection, a path outside the sandbox) and the
    /// `deadline` passing are errors naming `path` of `file`, as for raster tiles.
    package func fetch(
        _ wanted: [TileID], deadline: Deadline, budget: inout VectorTileBudget, file: String, path: JSONPath
    ) throws(InfoWinError) -> FetchedVectorTiles {
        guard wanted.count <= TilePlan.tileLimit else {
            throw .invalid(
                file: file, path: path,
                message: "the map needs \(Format.grouped(wanted.count)) vector tiles, more than the limit of \(Format.grouped(TilePlan.tileLimit)) for one image")
        }
        var fetched = FetchedVectorTiles(source: name)
        let size = max(1, tiles.tilesPerFetch)
        // A chunk at a time, in the order asked (so that the budget refuses the same tiles every time),
        // holding only one chunk's encoded tiles at once.
        for start in stride(from: 0, to: wanted.count, by: size) {
            let chunk = Array(wanted[start..<min(start + size, wanted.count)])
            let kept = memory.withLock { memory in chunk.map { memory.recall($0) } }
            let unknown = chunk.indices.filter { kept[$0] == nil }
            let results = unknown.isEmpty || deadline.hasPassed ? [] : tiles.fetch(unknown.map { chunk[$0] }, retina: false, deadline: deadline)
            guard !deadline.hasPassed else {
                throw .invalid(file: file, path: path, message: "vector tiles took longer than \(Deadline.text(seconds: deadlineSeconds)) s in all (--tiles-deadline)")
            }
            if let failure = results.lazy.compactMap({ if case .failed(let reason) = $0 { reason } else { nil } }).first {
                throw .invalid(file: file, path: path, message: failure)
            }
            var outcomes = kept
            for (index, result) in zip(unknown, results) { outcomes[index] = Self.outcome(of: result) }
            memory.withLock { memory in
                for index in unknown { if let outcome = outcomes[index] { memory.keep(outcome, for: chunk[index]) } }
            }
            for (tile, outcome) in zip(chunk, outcomes) {
                if let outcome { fetched.add(outcome, for: tile, budget: &budget) }
            }
        }
        return fetched
    }

    /// What a fetched tile comes to: decoded (alone: the picture's budget is charged afterwards, the same
    /// whether the tile is decoded now or was kept), absent, or unreadable; nil for a failure (thrown).
    private static func outcome(of result: TileFetch) -> VectorTileOutcome? {
        switch result {
        case .bytes(let bytes):
            let hash = String(fnv1a(bytes), radix: 16)
            var alone = VectorTileBudget()
            do throws(VectorTileError) {
                let tile = try VectorTileDecoder.decode(bytes, budget: &alone)
                return VectorTileOutcome(kind: .decoded(tile, features: alone.features, coordinates: alone.coordinates, hash: hash))
            } catch {
                return VectorTileOutcome(kind: .unreadable(error.message, hash: hash))
            }
        case .missing(let reason):
            return VectorTileOutcome(kind: .absent(reason))
        case .failed:
            return nil
        }
    }

    /// The tileset's schema: from its metadata's `vector_layers`, else from the layers of `firstTile`
    /// (the first tile drawn), else unknown (no layers).
    package func schema(firstTile: VectorTile?) -> VectorTileSchema {
        VectorTileSchema(layerNames: metadata.layerNames ?? firstTile?.layers.map(\.name) ?? [])
    }
}
