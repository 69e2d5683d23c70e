import Graphics
import TileIO

/// How tiles are fetched (the command line's tile options).
package struct TileSettings: Sendable {
    /// Where fetched HTTP tiles are kept (`--tile-cache`); nil for the XDG default.
    package var cacheFolder: String?
    /// Use only the disk cache, never the network (`--offline`).
    package var offline: Bool
    /// Seconds a tile may take (`--tile-timeout`).
    package var timeout: Double
    /// Allow tile servers on loopback, private, link-local and other special-purpose addresses
    /// (`--allow-private-network`).
    package var allowPrivateNetwork: Bool
    /// Seconds all the tiles of one render may take, fetched and decoded (`--tiles-deadline`).
    package var deadline: Double
    /// The most megabytes the disk cache of HTTP tiles may hold (`--tile-cache-size`).
    package var cacheMegabytes: Int

    /// The defaults of SPEC.md.
    package init(
        cacheFolder: String? = nil, offline: Bool = false, timeout: Double = 10, allowPrivateNetwork: Bool = false,
        deadline: Double = 60, cacheMegabytes: Int = 1024
    ) {
        self.cacheFolder = cacheFolder
        self.offline = offline
        self.timeout = timeout
        self.allowPrivateNetwork = allowPrivateNetwork
        self.deadline = deadline
        self.cacheMegabytes = cacheMegabytes
    }
}

/// Tiles asked of a provider's memory cache: found there (hits), or read or fetched (misses).
package struct TileCacheCounts: Sendable {
    package var hits = 0
    package var misses = 0
}

/// The tiles of one render, decoded, with what was missing and what went wrong.
struct FetchedTiles {
    let plan: TilePlan
    /// Decoded tiles by id; a tile missing or broken is absent.
    let images: [TileID: PixelBuffer]
    /// Tiles the source does not have, in order, or nil when it has them all.
    let missing: MissingTiles?
    /// Warnings: the missing tiles in one line, and each tile that could not be decoded.
    let warnings: [String]
    /// A digest of the tiles drawn, for the fingerprint.
    let digest: String
}

/// Opens tile sources and fetches, decodes and keeps their tiles. One provider serves every render of a
/// batch, from any thread: each tile is fetched and decoded once, and decoded tiles are kept in memory up
/// to `memoryLimit` bytes (the oldest dropped first).
///
/// One render's tiles are fetched and decoded a few at a time (as many as the source's `tilesPerFetch`),
/// so that only so many encoded tiles are held at once; identical tiles are decoded once; the decoded tiles of one render may take at most
/// `renderMemoryLimit` bytes, and all of it at most `settings.deadline` seconds.
package final class TileProvider: Sendable {
    let settings: TileSettings
    /// The most bytes of decoded tiles kept.
    package static let memoryLimit = 256 << 20
    /// The most bytes of decoded tiles one render may use.
    let renderMemoryLimit: Int

    private struct Cache {
        var sources: [TileSourceSpec: any TileSource] = [:]
        var tiles: [TileCacheKey: DecodedTile] = [:]
        var order: [TileCacheKey] = []
        var bytes = 0
    }

    private let cache = Locked(Cache())
    private let counts = Locked(TileCacheCounts())
    /// Vector tilesets opened, each keeping its decoded tiles (`TileProvider.vectorTileSet`).
    let vectorTileSets = Locked<[TileSourceSpec: VectorTileSet]>([:])

    /// How many tiles renders found decoded in memory, and how many they had to read or fetch.
    package var cacheCounts: TileCacheCounts { counts.withLock { $0 } }

    /// A provider with these settings.
    package convenience init(settings: TileSettings = TileSettings()) {
        self.init(settings: settings, renderMemoryLimit: 512 << 20)
    }

    /// A provider with a render memory limit of its own (tests give a small one).
    init(settings: TileSettings, renderMemoryLimit: Int) {
        self.settings = settings
        self.renderMemoryLimit = renderMemoryLimit
    }

    /// Where `map.tiles` names its source, as errors name it.
    static let tilesSourcePath = JSONPath.root.appending("map").appending("tiles").appending("source")

    /// The tiles `plan` needs from `spec`'s source; a source that cannot be opened, or a tile it cannot
    /// give for a reason other than not having it, is an error naming `sourcePath` of `file`
    /// (`map.tiles.source`, or a style file's raster source).
    /// A cancelled `cancellation` stops the fetch (unfinished requests are dropped) and fails it.
    func fetch(
        _ plan: TilePlan, spec: TilesSpec, retina: Bool, file: String, sourcePath: JSONPath = TileProvider.tilesSourcePath,
        cancellation: RenderCancellation? = nil
    ) throws(InfoWinError) -> FetchedTiles {
        guard plan.tileCount <= TilePlan.tileLimit else {
            // map.tiles names the whole block; a style's raster source is named itself.
            throw .invalid(
                file: file, path: sourcePath == Self.tilesSourcePath ? .root.appending("map").appending("tiles") : sourcePath,
                message: "the map needs \(Format.grouped(plan.tileCount)) tiles, more than the limit of \(Format.grouped(TilePlan.tileLimit)) for one image")
        }
        let source = try openSource(spec, file: file, path: sourcePath)
        let wanted = plan.tiles
        let keys = wanted.map { TileCacheKey(source: spec.source, tile: $0, retina: retina) }
        var results = cache.withLock { cache in keys.map { cache.tiles[$0] } }
        let hits = results.count { $0 != nil }
        counts.withLock { $0.hits += hits; $0.misses += results.count - hits }
        try fill(&results, wanted: wanted, keys: keys, from: source, retina: retina, file: file, sourcePath: sourcePath, cancellation: cancellation)
        var images: [TileID: PixelBuffer] = [:], missing: [TileID] = [], reasons: [String] = [], warnings: [String] = []
        var digest = spec.source.name
        for (tile, decoded) in zip(wanted, results.map { $0! }) {
            digest += " " + tile.name
            switch decoded {
            case .image(let pixels, let hash):
                images[tile] = pixels
                digest += "=" + hash
            case .missing(let reason):
                missing.append(tile)
                if let reason, !reasons.contains(reason) { reasons.append(reason) }
            case .broken(let reason):
                warnings.append("map tile \(tile.name) of \(spec.source.name) is not drawn: \(reason)")
            }
        }
        let lacking = missing.isEmpty ? nil : MissingTiles(source: spec.source.name, tiles: missing, reasons: reasons)
        return FetchedTiles(
            plan: plan, images: images, missing: lacking, warnings: (lacking.map { [$0.line] } ?? []) + warnings,
            digest: String(fnv1a(Array(digest.utf8)), radix: 16))
    }

    /// Fetches and decodes the tiles `results` does not hold yet, as many at a time as `source` takes,
    /// within the render's memory budget and deadline: past either, or at a tile the source refuses, the
    /// render fails naming `sourcePath`.
    private func fill(
        _ results: inout [DecodedTile?], wanted: [TileID], keys: [TileCacheKey], from source: any TileSource, retina: Bool,
        file: String, sourcePath: JSONPath, cancellation: RenderCancellation?
    ) throws(InfoWinError) {
        var stopped: (@Sendable () -> Bool)?
        if let cancellation { stopped = { cancellation.isCancelled } }
        let deadline = Deadline(seconds: settings.deadline, or: stopped)
        var budget = TileMemoryBudget(limit: renderMemoryLimit)
        for case .image(let pixels, let hash)? in results { _ = budget.admit(pixels, hash: hash) }
        let unknown = wanted.indices.filter { results[$0] == nil }
        let size = source.tilesPerFetch
        for chunk in stride(from: 0, to: unknown.count, by: size).map({ unknown[$0..<min($0 + size, unknown.count)] }) {
            let fetched = source.fetch(chunk.map { wanted[$0] }, retina: retina, deadline: deadline)
            try cancellation.check(file, before: "its map tiles were fetched")
            let pastDeadline = InfoWinError.invalid(
                file: file, path: sourcePath, message: "tiles took longer than \(Format.number(settings.deadline)) s in all (--tiles-deadline)")
            guard !deadline.hasPassed else { throw pastDeadline }
            if let failure = fetched.lazy.compactMap({ if case .failed(let reason) = $0 { reason } else { nil } }).first {
                throw .invalid(file: file, path: sourcePath, message: failure)
            }
            for (position, index) in chunk.enumerated() {
                try cancellation.check(file, before: "its map tiles were decoded")
                guard !deadline.hasPassed else { throw pastDeadline }
                results[index] = DecodedTile(fetch: fetched[position], tile: wanted[index], budget: &budget)
                guard !budget.isSpent else {
                    throw .invalid(
                        file: file, path: sourcePath,
                        message: "the map's tiles take more than \(renderMemoryLimit >> 20) MB of memory decoded (\(wanted.count) tiles); a smaller map or a closer zoom needs fewer")
                }
            }
            remember(chunk.compactMap { index in results[index].map { (keys[index], $0) } })
        }
    }

    /// Opens `spec`'s source without fetching a tile (`validate`): a source that cannot be opened (not
    /// SQLite, not PMTiles v3), a folder template leaving the sandbox, or a tile server whose host does not
    /// resolve or is refused by the private-network rule is an error naming `map.tiles.source`.
    package func checkSource(_ spec: TilesSpec, file: String) throws(InfoWinError) {
        if let problem = try openSource(spec, file: file, path: Self.tilesSourcePath).check() {
            throw .invalid(file: file, path: Self.tilesSourcePath, message: problem)
        }
    }

    /// True when `spec`'s tiles hold twice the pixels of their size on the map, so that `detectRetina`
    /// has no deeper level to draw (the source is opened, and kept, to know).
    func isDoubleDensity(_ spec: TilesSpec, file: String) throws(InfoWinError) -> Bool {
        try openSource(spec, file: file, path: Self.tilesSourcePath).isDoubleDensity
    }

    private func openSource(_ spec: TilesSpec, file: String, path: JSONPath) throws(InfoWinError) -> any TileSource {
        if let source = cache.withLock({ $0.sources[spec.source] }) { return source }
        let source: any TileSource
        do throws(TileIOError) {
            source = try spec.source.kind.open(spec.source, scheme: spec.scheme, settings: settings)
        } catch {
            throw .invalid(file: file, path: path, message: "\(spec.source.name) cannot be opened as a tile source: \(error.message)")
        }
        cache.withLock { $0.sources[spec.source] = source }
        return source
    }

    private func remember(_ entries: [(TileCacheKey, DecodedTile)]) {
        cache.withLock { cache in
            for (key, tile) in entries where cache.tiles[key] == nil {
                cache.tiles[key] = tile
                cache.order.append(key)
                cache.bytes += tile.byteCount
            }
            while cache.bytes > Self.memoryLimit, !cache.order.isEmpty {
                let oldest = cache.order.removeFirst()
                cache.bytes -= cache.tiles.removeValue(forKey: oldest)?.byteCount ?? 0
            }
        }
    }
}

/// A tile by source, id and pixel density.
private struct TileCacheKey: Hashable {
    let source: TileSourceSpec
    let tile: TileID
    let retina: Bool
}

/// A tile after fetching and decoding.
private enum DecodedTile: Sendable {
    case image(PixelBuffer, hash: String)
    case missing(String?)
    case broken(String)

    /// Decodes a fetched tile, unless `budget` holds one of the same bytes already, and counts it there.
    init(fetch: TileFetch, tile: TileID, budget: inout TileMemoryBudget) {
        switch fetch {
        case .missing(let reason):
            self = .missing(reason)
        case .failed(let reason):
            self = .broken(reason)
        case .bytes(let bytes):
            let hash = String(fnv1a(bytes), radix: 16)
            if let shared = budget.shared(hash) {
                self = .image(shared, hash: hash)
                return
            }
            do throws(GraphicsError) {
                let surface = try ImageSurface(encoded: bytes)
                self = .image(budget.admit(surface.pixelBuffer, hash: hash), hash: hash)
            } catch {
                guard case .tooLargeForMemory = error else {
                    self = .broken("it is not an image (\(error.message))")
                    return
                }
                self = .broken("it is too large for the memory cap: \(error.message)")
            }
        }
    }

    var byteCount: Int {
        if case .image(let pixels, _) = self { return pixels.byteCount }
        return 64
    }
}
