import Graphics

/// The memory one render's decoded tiles take: identical tiles (by the hash of their bytes) are decoded
/// once and shared, and the render fails once the distinct ones pass the limit.
struct TileMemoryBudget {
    let limit: Int
    private(set) var bytes = 0
    private var decoded: [String: PixelBuffer] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    /// True once the tiles take more than the limit.
    var isSpent: Bool { bytes > limit }

    /// The tile already decoded from bytes of this hash, if any.
    func shared(_ hash: String) -> PixelBuffer? {
        decoded[hash]
    }

    /// Counts a decoded tile, once a hash, and gives the one kept for that hash.
    mutating func admit(_ pixels: PixelBuffer, hash: String) -> PixelBuffer {
        if let known = decoded[hash] { return known }
        decoded[hash] = pixels
        bytes += pixels.byteCount
        return pixels
    }
}
