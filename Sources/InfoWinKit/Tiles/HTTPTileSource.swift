import TileIO

/// Tiles from a tile server: fetched in parallel by `TileHTTPClient` (6 connections a host, timeouts, two
/// retries, private addresses refused), one request a URL in the whole process at a time (`TileFlights`),
/// kept in a disk cache from which a tile is never fetched again; with `--offline`, only the cache.
struct HTTPTileSource: TileSource {
    let template: TileTemplate
    let cache: TileDiskCache
    /// Nil when offline.
    let client: TileHTTPClient?
    let flights: TileFlights
    let allowPrivateNetwork: Bool

    init(template: TileTemplate, settings: TileSettings, flights: TileFlights = .shared) {
        self.template = template
        cache = TileDiskCache(folder: settings.cacheFolder ?? TileDiskCache.defaultFolder, limit: settings.cacheMegabytes << 20)
        client = settings.offline
            ? nil
            : TileHTTPClient(userAgent: "infowin/\(InfoWin.version)", timeout: settings.timeout, allowPrivateNetwork: settings.allowPrivateNetwork)
        self.flights = flights
        allowPrivateNetwork = settings.allowPrivateNetwork
    }

    /// Two for each of the connections a fetch may open, so that none waits long for work.
    var tilesPerFetch: Int { 24 }

    func fetch(_ tiles: [TileID], retina: Bool, deadline: Deadline) -> [TileFetch] {
        let urls = tiles.map { template.filled($0, retina: retina) }
        let cached = urls.map { url in cache.read(url).map(TileFetch.bytes) }
        let wanted = cached.indices.filter { cached[$0] == nil }
        guard let client else {
            return cached.map { $0 ?? .missing("not in the tile cache, and --offline fetches nothing") }
        }
        var results = cached
        let claims = flights.claim(wanted.map { urls[$0] })
        var led: [(index: Int, flight: TileFlights.Flight)] = []
        for (index, claim) in zip(wanted, claims) {
            guard case .lead(let flight) = claim else { continue }
            // Another worker may have landed this tile between the cache read above and the claim.
            if let bytes = cache.read(urls[index]) {
                results[index] = .bytes(bytes)
                flights.land(urls[index], flight, .ok(bytes))
            } else {
                led.append((index, flight))
            }
        }
        for ((index, flight), result) in zip(led, client.fetch(led.map { urls[$0.index] }, deadline: deadline)) {
            if case .ok(let bytes) = result { cache.write(bytes, for: urls[index]) }
            flights.land(urls[index], flight, result)
            results[index] = Self.fetch(result, url: urls[index])
        }
        for (index, claim) in zip(wanted, claims) {
            if case .follow(let flight) = claim { results[index] = Self.fetch(flight.wait(), url: urls[index]) }
        }
        return results.map { $0! }
    }

    /// The template filled for the first tile, its host resolved and judged by the private-network rule;
    /// offline, nothing (no tile comes from the network).
    func check() -> String? {
        guard client != nil else { return nil }
        let url = template.filled(TileID(z: 0, x: 0, y: 0), retina: false)
        return TileHostCheck.problem(url: url, allowPrivateNetwork: allowPrivateNetwork).map { "\(url): \($0)" }
    }

    /// What a server's answer means for the render.
    private static func fetch(_ result: HTTPTileResult, url: String) -> TileFetch {
        switch result {
        case .ok(let bytes): .bytes(bytes)
        case .notFound(let status): .missing("HTTP \(status)")
        case .failed(let reason): .failed("\(url): \(reason)")
        case .refused(let reason): .failed(reason)
        }
    }
}
