/// What fetching and decoding one vector tile came to, kept by its tileset for the next pictures of a
/// process (a batch, `serve`): each tile is then read and decoded once.
struct VectorTileOutcome: Sendable {
    package enum Kind: Sendable {
        /// Decoded: what it cost a picture's budget, and a hash of its bytes for the digest.
        case decoded(VectorTile, features: Int, coordinates: Int, hash: String)
        /// Not in the tileset (the text says why, when the source says).
        case absent(String?)
        /// Its bytes are no vector tile, or over a tile's limit: the decoder's message, and their hash.
        case unreadable(String, hash: String)
    }

    let kind: Kind

    /// What a picture's budget is charged for it.
    var coordinates: Int {
        if case .decoded(_, _, let coordinates, _) = kind { return coordinates }
        return 0
    }
}

/// The outcomes a tileset keeps, the oldest dropped first once their coordinates pass `coordinateLimit`
/// (about 16 bytes each, with their features and properties beside them).
package struct VectorTileMemory: Sendable {
    /// The most coordinates of decoded tiles kept: two pictures at the budget's limit.
    package static let coordinateLimit = 2 * VectorTileBudget.coordinateLimit

    private var outcomes: [TileID: VectorTileOutcome] = [:]
    private var order: [TileID] = []
    private var coordinates = 0

    subscript(tile: TileID) -> VectorTileOutcome? { outcomes[tile] }

    /// Keeps `outcome` of `tile`, unless one is kept already.
    mutating func keep(_ outcome: VectorTileOutcome, for tile: TileID) {
        guard outcomes[tile] == nil else { return }
        outcomes[tile] = outcome
        order.append(tile)
        coordinates += outcome.coordinates
        while coordinates > Self.coordinateLimit, !order.isEmpty {
            coordinates -= outcomes.removeValue(forKey: order.removeFirst())?.coordinates ?? 0
        }
    }
}
