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
    /// About how many bytes it takes in memory (`VectorTile.estimatedBytes`).
    let bytes: Int

    init(kind: Kind) {
        self.kind = kind
        if case .decoded(let tile, _, _, _) = kind { bytes = tile.estimatedBytes } else { bytes = 64 }
    }

    /// What a picture's budget is charged for it.
    var coordinates: Int {
        if case .decoded(_, _, let coordinates, _) = kind { return coordinates }
        return 0
    }
}

/// The outcomes a tileset keeps for the next pictures, the least recently used dropped first once their
/// estimated size passes `byteLimit`.
package struct VectorTileMemory: Sendable {
    /// The most bytes of decoded tiles kept a tileset (`VectorTile.estimatedBytes`).
    package static let byteLimit = 16 << 20

    private let limit: Int
    private var outcomes: [TileID: VectorTileOutcome] = [:]
    /// Least recently used first.
    private var order: [TileID] = []
    private var bytes = 0

    /// An empty memory of `byteLimit` bytes, or of a smaller limit (tests).
    init(byteLimit: Int = Self.byteLimit) {
        limit = byteLimit
    }

    /// The tiles kept, least recently used first.
    var tiles: [TileID] { order }

    /// The outcome kept for `tile`, now the most recently used, or nil.
    mutating func recall(_ tile: TileID) -> VectorTileOutcome? {
        guard let outcome = outcomes[tile] else { return nil }
        if order.last != tile, let index = order.lastIndex(of: tile) {
            order.remove(at: index)
            order.append(tile)
        }
        return outcome
    }

    /// Keeps `outcome` of `tile`, unless one is kept already.
    mutating func keep(_ outcome: VectorTileOutcome, for tile: TileID) {
        guard outcomes[tile] == nil else { return }
        outcomes[tile] = outcome
        order.append(tile)
        bytes += outcome.bytes
        while bytes > limit, !order.isEmpty {
            bytes -= outcomes.removeValue(forKey: order.removeFirst())?.bytes ?? 0
        }
    }
}
