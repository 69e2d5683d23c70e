import TileIO

/// Tiles from a tile server: its template filled for each tile, fetched through `HTTPFetcher` (the cache,
/// the limits, the private-network rule; with `--offline`, only the cache).
struct HTTPTileSource: TileSource {
    let template: TileTemplate
    let fetcher: HTTPFetcher

    init(template: TileTemplate, settings: TileSettings, flights: TileFlights = .shared) {
        self.template = template
        fetcher = HTTPFetcher(settings: settings, flights: flights)
    }

    /// Two for each of the connections a fetch may open, so that none waits long for work.
    var tilesPerFetch: Int { 24 }

    func fetch(_ tiles: [TileID], retina: Bool, deadline: Deadline) -> [TileFetch] {
        fetcher.fetch(tiles.map { template.filled($0, retina: retina) }, deadline: deadline)
    }

    /// The template filled for the first tile, its host resolved and judged by the private-network rule;
    /// offline, nothing (no tile comes from the network).
    func check() -> String? {
        guard fetcher.client != nil else { return nil }
        let url = template.filled(TileID(z: 0, x: 0, y: 0), retina: false)
        return TileHostCheck.problem(url: url, allowPrivateNetwork: fetcher.allowPrivateNetwork).map { "\(url): \($0)" }
    }
}
