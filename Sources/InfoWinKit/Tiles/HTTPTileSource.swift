import TileIO

/// Tiles from a tile server: fetched in parallel by `TileHTTPClient` (6 connections a host, timeouts, two
/// retries, private addresses refused), kept in a disk cache from which a tile is never fetched again;
/// with `--offline`, only the cache.
struct HTTPTileSource: TileSource {
    let template: TileTemplate
    let cache: TileDiskCache
    /// Nil when offline.
    let client: TileHTTPClient?

    init(template: TileTemplate, settings: TileSettings) {
        self.template = template
        cache = TileDiskCache(folder: settings.cacheFolder ?? TileDiskCache.defaultFolder, limit: settings.cacheMegabytes << 20)
        client = settings.offline
            ? nil
            : TileHTTPClient(userAgent: "infowin/\(InfoWin.version)", timeout: settings.timeout, allowPrivateNetwork: settings.allowPrivateNetwork)
    }

    /// Two for each of the connections a fetch may open, so that none waits long for work.
    var tilesPerFetch: Int { 24 }

    func fetch(_ tiles: [TileID], retina: Bool, deadline: Deadline) -> [TileFetch] {
        let urls = tiles.map { template.filled($0, retina: retina) }
        var results = urls.map { url in cache.read(url).map(TileFetch.bytes) }
        let wanted = results.indices.filter { results[$0] == nil }
        guard let client else {
            for index in wanted { results[index] = .missing("not in the tile cache, and --offline fetches nothing") }
            return results.map { $0! }
        }
        for (index, result) in zip(wanted, client.fetch(wanted.map { urls[$0] }, deadline: deadline)) {
            switch result {
            case .ok(let bytes):
                cache.write(bytes, for: urls[index])
                results[index] = .bytes(bytes)
            case .notFound(let status):
                results[index] = .missing("HTTP \(status)")
            case .failed(let reason):
                results[index] = .missing(reason)
            case .refused(let reason):
                results[index] = .fatal(reason)
            }
        }
        return results.map { $0! }
    }
}
