/// A zlib stream (RFC 1950) of filtered PNG rows, made for pictures of flat colour: a greedy LZ77 that
/// first tries the few distances such rows repeat at (one byte back, one pixel back, one row back) and
/// then the last four places its next four bytes were seen (a bucket per hash, no chains, no lazy
/// matching), so long runs go by at eight bytes a compare. Each block of up to 32,768 tokens gets Huffman
/// codes made from its own counts.
package enum RowDeflater {
    private static let tokensPerBlock = 1 << 15
    private static let hashBits = 15
    /// Places remembered per hash: four make map tiles 13 % smaller than one (zlib level 6 is 6 % smaller
    /// still) for 8 % more time on them, and change nothing measurable on flat pictures.
    private static let bucketSize = 4

    /// The zlib stream of `data` (PNG rows of `rowBytes` bytes, filter byte included, of pixels
    /// `pixelBytes` wide), ending in `adler32`, the data's checksum, which the caller computes.
    package static func zlibStream(_ data: UnsafeBufferPointer<UInt8>, pixelBytes: Int, rowBytes: Int, adler32: UInt32) -> [UInt8] {
        var writer = BitWriter(capacity: data.count / 8 + 1024)
        writer.append([0x78, 0x01])
        var block = TokenBlock(capacity: tokensPerBlock)
        guard let bytes = data.baseAddress, data.count > 0 else {
            block.write(isFinal: true, into: &writer)
            writer.alignToByte()
            writer.append(bigEndian(adler32))
            return writer.finish()
        }
        let recent = UnsafeMutablePointer<Int32>.allocate(capacity: bucketSize << hashBits)
        defer { recent.deallocate() }
        recent.initialize(repeating: -1, count: bucketSize << hashBits)
        let count = data.count
        let rowDistance = rowBytes <= DeflateAlphabet.window ? rowBytes : 0
        var position = 0
        while position < count {
            var best = 0, bestDistance = 0
            let limit = min(DeflateAlphabet.longestMatch, count - position)
            if limit >= DeflateAlphabet.shortestMatch {
                let head = load32(bytes + position)
                // The three distances one by one, not a loop over an array: a debug build would make an
                // array for every byte.
                tryDistance(1, head: head, bytes: bytes, at: position, limit: limit, best: &best, bestDistance: &bestDistance)
                tryDistance(pixelBytes, head: head, bytes: bytes, at: position, limit: limit, best: &best, bestDistance: &bestDistance)
                tryDistance(rowDistance, head: head, bytes: bytes, at: position, limit: limit, best: &best, bestDistance: &bestDistance)
                let bucket = recent + bucketSize * Int((head &* 0x9E37_79B1) >> UInt32(32 - hashBits))
                var slot = 0
                while slot < bucketSize && best < limit {
                    let earlier = Int(bucket[slot])
                    slot += 1
                    guard earlier >= 0 && position - earlier <= DeflateAlphabet.window else { break }
                    if load32(bytes + earlier) == head {
                        let length = matchLength(bytes + position, bytes + earlier, limit: limit)
                        if length > best { (best, bestDistance) = (length, position - earlier) }
                    }
                }
                var place = bucketSize - 1
                while place > 0 { bucket[place] = bucket[place - 1]; place -= 1 }
                bucket[0] = Int32(position)
            }
            if best >= DeflateAlphabet.shortestMatch {
                block.appendMatch(DeflateAlphabet.matchToken(length: best, distance: bestDistance))
                position += best
            } else {
                block.appendLiteral(bytes[position])
                position += 1
            }
            if block.isFull && position < count { block.write(isFinal: false, into: &writer) }
        }
        block.write(isFinal: true, into: &writer)
        writer.alignToByte()
        writer.append(bigEndian(adler32))
        return writer.finish()
    }

    /// The tokens of the block being made and the counts of their symbols, in buffers it owns. (Plain
    /// pointers: Swift 6.3 crashes compiling buffer pointers kept in a noncopyable type under
    /// ThreadSanitizer.)
    private struct TokenBlock: ~Copyable {
        private let tokens: UnsafeMutablePointer<UInt32>
        private let capacity: Int
        private var count = 0
        private let literalCounts: UnsafeMutablePointer<UInt32>
        private let distanceCounts: UnsafeMutablePointer<UInt32>

        init(capacity: Int) {
            self.capacity = capacity
            tokens = .allocate(capacity: capacity)
            literalCounts = .allocate(capacity: DeflateAlphabet.literalLengthSymbols)
            distanceCounts = .allocate(capacity: DeflateAlphabet.distanceSymbols)
            literalCounts.initialize(repeating: 0, count: DeflateAlphabet.literalLengthSymbols)
            distanceCounts.initialize(repeating: 0, count: DeflateAlphabet.distanceSymbols)
        }

        deinit {
            tokens.deallocate()
            literalCounts.deallocate()
            distanceCounts.deallocate()
        }

        var isFull: Bool { count == capacity }

        @inline(__always)
        mutating func appendLiteral(_ byte: UInt8) {
            literalCounts[Int(byte)] &+= 1
            tokens[count] = UInt32(byte)
            count += 1
        }

        @inline(__always)
        mutating func appendMatch(_ token: UInt32) {
            literalCounts[Int(token & 0x1FF)] &+= 1
            distanceCounts[Int(token >> 14 & 0x1F)] &+= 1
            tokens[count] = token
            count += 1
        }

        /// Writes the block and starts an empty one.
        mutating func write(isFinal: Bool, into writer: inout BitWriter) {
            DeflateBlockWriter.write(
                UnsafeBufferPointer(start: tokens, count: count),
                literalCounts: Array(UnsafeBufferPointer(start: literalCounts, count: DeflateAlphabet.literalLengthSymbols)),
                distanceCounts: Array(UnsafeBufferPointer(start: distanceCounts, count: DeflateAlphabet.distanceSymbols)),
                isFinal: isFinal, into: &writer)
            count = 0
            literalCounts.update(repeating: 0, count: DeflateAlphabet.literalLengthSymbols)
            distanceCounts.update(repeating: 0, count: DeflateAlphabet.distanceSymbols)
        }
    }

    /// A match `distance` back (none when 0 or before the start), kept when longer than `best`.
    @inline(__always)
    private static func tryDistance(
        _ distance: Int, head: UInt32, bytes: UnsafePointer<UInt8>, at position: Int, limit: Int,
        best: inout Int, bestDistance: inout Int
    ) {
        guard best < limit && distance > 0 && distance <= position, load32(bytes + position - distance) == head else { return }
        let length = matchLength(bytes + position, bytes + position - distance, limit: limit)
        if length > best { (best, bestDistance) = (length, distance) }
    }

    @inline(__always)
    private static func load32(_ pointer: UnsafePointer<UInt8>) -> UInt32 {
        UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self)
    }

    /// How many bytes from `current` equal those from `earlier`, up to `limit`, eight at a time.
    @inline(__always)
    private static func matchLength(_ current: UnsafePointer<UInt8>, _ earlier: UnsafePointer<UInt8>, limit: Int) -> Int {
        var length = 0
        while length + 8 <= limit {
            let difference = UnsafeRawPointer(current + length).loadUnaligned(as: UInt64.self)
                ^ UnsafeRawPointer(earlier + length).loadUnaligned(as: UInt64.self)
            if difference != 0 { return length + difference.trailingZeroBitCount >> 3 }
            length += 8
        }
        while length < limit && current[length] == earlier[length] { length += 1 }
        return length
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
