/// RFC 1951's length and distance alphabets: a match's symbols and extra bits worked out with a few
/// shifts instead of table walks, packed into one `UInt32` token the block writer unpacks.
///
/// A token's bits: 0–8 the literal/length symbol (0…285), 9–13 the length's extra value, 14–18 the
/// distance symbol, 19–31 the distance's extra value. A literal is just its byte.
enum DeflateAlphabet {
    static let endOfBlock = 256
    static let literalLengthSymbols = 286
    static let distanceSymbols = 30
    static let shortestMatch = 4
    static let longestMatch = 258
    static let window = 32768

    /// The token of a match `length` (3…258) bytes long, `distance` (1…32768) bytes back.
    @inline(__always)
    static func matchToken(length: Int, distance: Int) -> UInt32 {
        lengthPart(length) | distancePart(distance)
    }

    @inline(__always)
    private static func lengthPart(_ length: Int) -> UInt32 {
        if length == longestMatch { return 285 }
        let offset = UInt32(length - 3)
        if offset < 8 { return 257 + offset }
        let log = UInt32(31 - offset.leadingZeroBitCount)
        let symbol = 257 + 4 * (log - 1) + (offset >> (log - 2) & 3)
        return symbol | (offset & (1 << (log - 2) - 1)) << 9
    }

    @inline(__always)
    private static func distancePart(_ distance: Int) -> UInt32 {
        let offset = UInt32(distance - 1)
        if offset < 4 { return offset << 14 }
        let log = UInt32(31 - offset.leadingZeroBitCount)
        let symbol = 2 * log + (offset >> (log - 1) & 1)
        return symbol << 14 | (offset & (1 << (log - 1) - 1)) << 19
    }

    /// How many extra bits follow a length symbol (257…285).
    @inline(__always)
    static func lengthExtraBits(_ symbol: Int) -> Int {
        symbol < 265 || symbol == 285 ? 0 : (symbol - 261) >> 2
    }

    /// How many extra bits follow a distance symbol (0…29).
    @inline(__always)
    static func distanceExtraBits(_ symbol: Int) -> Int {
        symbol < 4 ? 0 : symbol >> 1 - 1
    }
}
