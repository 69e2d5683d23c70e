import TileIO

/// Files from HTTP(S) servers, under the tile fetcher's rules: fetched in parallel by `TileHTTPClient` (6
/// connections a host, timeouts, two retries, private addresses refused), one request a URL at a time in
/// the whole process (`TileFlights`) and across the processes sharing the disk cache (`TileFetchLock`),
/// kept in that cache from which a file is never fetched again; with `--offline`, only the cache. Map tiles
/// (`HTTPTileSource`) and `/staticmap`'s icons from allowed hosts come through it.
struct HTTPFetcher: Sendable {
    let cache: TileDiskCache
    /// Nil when offline.
    let client: TileHTTPClient?
    let flights: TileFlights
    let allowPrivateNetwork: Bool

    /// A fetcher with the tile options `settings`; `followsRedirects` false fails a redirect instead.
    init(settings: TileSettings, flights: TileFlights = .shared, followsRedirects: Bool = true) {
        cache = TileDiskCache(folder: settings.cacheFolder ?? TileDiskCache.defaultFolder, limit: settings.cacheMegabytes << 20)
        client = settings.offline
            ? nil
            : TileHTTPClient(
                userAgent: "infowin/\(InfoWin.version)", timeout: settings.timeout, allowPrivateNetwork: settings.allowPrivateNetwork,
                followsRedirects: followsRedirects)
        self.flights = flights
        allowPrivateNetwork = settings.allowPrivateNetwork
    }

    /// The bytes at each of `urls`, in order: from the cache, else fetched (and kept) before `deadline`.
    func fetch(_ urls: [String], deadline: Deadline) -> [TileFetch] {
        let cached = urls.map { url in cache.read(url).map(TileFetch.bytes) }
        let wanted = cached.indices.filter { cached[$0] == nil }
        guard let client else {
            return cached.map { $0 ?? .missing("not in the tile cache, and --offline fetches nothing") }
        }
        var results = cached
        let claims = flights.claim(wanted.map { urls[$0] })
        // Tiles this process leads: fetched now when no other process is fetching them (their cache lock
        // taken), else waited for once these are done, so that no process waits holding a lock.
        var led: [(index: Int, flight: TileFlights.Flight, lock: TileFetchLock?)] = []
        var elsewhere: [(index: Int, flight: TileFlights.Flight)] = []
        for (index, claim) in zip(wanted, claims) {
            guard case .lead(let flight) = claim else { continue }
            switch cache.lockFetching(urls[index]) {
            case .acquired(let lock): led.append((index, flight, lock))
            case .unavailable: led.append((index, flight, nil))
            case .busy: elsewhere.append((index, flight))
            }
        }
        // Another worker or process may have landed a tile between the cache read above and the claim or lock.
        led.removeAll { tile in
            guard let bytes = cache.read(urls[tile.index]) else { return false }
            results[tile.index] = .bytes(bytes)
            tile.lock?.release()
            flights.land(urls[tile.index], tile.flight, .ok(bytes))
            return true
        }
        for (tile, result) in zip(led, client.fetch(led.map { urls[$0.index] }, deadline: deadline)) {
            results[tile.index] = land(result, url: urls[tile.index], flight: tile.flight, lock: tile.lock)
        }
        for tile in elsewhere {
            let url = urls[tile.index]
            let lock: TileFetchLock?
            if case .acquired(let held) = cache.lockFetching(url, waitingUntil: deadline) { lock = held } else { lock = nil }
            if let bytes = cache.read(url) {
                lock?.release()
                flights.land(url, tile.flight, .ok(bytes))
                results[tile.index] = .bytes(bytes)
            } else {
                // The other process could not fetch it (or the deadline passed waiting): ask for it here.
                results[tile.index] = land(client.fetch([url], deadline: deadline)[0], url: url, flight: tile.flight, lock: lock)
            }
        }
        for (index, claim) in zip(wanted, claims) {
            if case .follow(let flight) = claim { results[index] = Self.fetch(flight.wait(), url: urls[index]) }
        }
        return results.map { $0! }
    }

    /// Keeps a fetched tile in the disk cache, lets go of its lock (the tile is there for other processes)
    /// and gives it to this process's waiters.
    private func land(_ result: HTTPTileResult, url: String, flight: TileFlights.Flight, lock: TileFetchLock?) -> TileFetch {
        if case .ok(let bytes) = result { cache.write(bytes, for: url) }
        lock?.release()
        flights.land(url, flight, result)
        return Self.fetch(result, url: url)
    }

    /// What a server's answer means for the render (or the icon).
    private static func fetch(_ result: HTTPTileResult, url: String) -> TileFetch {
        switch result {
        case .ok(let bytes): .bytes(bytes)
        case .notFound(let status): .missing("HTTP \(status)")
        case .failed(let reason): .failed("\(url): \(reason)")
        case .refused(let reason): .failed(reason)
        }
    }
}
