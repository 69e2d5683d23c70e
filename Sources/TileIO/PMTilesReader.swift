#if canImport(Glibc)
import Glibc
#endif

/// Reads tiles from a local PMTiles v3 archive: the 127-byte header, gzip-compressed (or plain)
/// directories of delta-coded entries, leaf directories, and tiles addressed by Hilbert tile ids, as the
/// package PMTiles specification says. Owns its file descriptor and closes it in `deinit`; reads with
/// `pread`, so one reader may serve several threads.
package final class PMTilesReader: @unchecked Sendable {
    private let descriptor: Int32
    private let header: PMTilesHeader
    private let root: [PMTilesEntry]

    /// The lowest and highest zoom levels the archive says it holds.
    package var zoomRange: ClosedRange<Int> { Int(header.minZoom)...Int(max(header.minZoom, header.maxZoom)) }

    /// What the archive's tiles are, as its header says: 1 MVT, 2 PNG, 3 JPEG, 4 WebP, 5 AVIF (0 unknown).
    package var tileType: UInt8 { header.tileType }
    /// How its tiles are compressed: 1 none, 2 gzip, 3 brotli, 4 zstd (0 unknown).
    package var tileCompression: UInt8 { header.tileCompression }

    /// The largest directory or tile read, after decompression.
    static let sizeLimit = 16 << 20
    /// The most entries one directory may hold (large archives' leaves hold tens of thousands).
    static let entryLimit = 1 << 20
    /// How many directories (the root and its leaves) the way to one tile may pass through.
    static let depthLimit = 4

    /// Opens the archive at `path`; fails when it is not PMTiles v3 or its root directory cannot be read.
    package init(path: String) throws(TileIOError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw .unreadable("cannot open it: \(String(cString: strerror(errno)))") }
        do {
            let bytes = try Self.read(descriptor, offset: 0, length: UInt64(PMTilesHeader.size))
            header = try PMTilesHeader(bytes)
            root = try Self.directory(descriptor, header: header, offset: header.rootOffset, length: header.rootLength)
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The bytes of tile `z/x/y` (y from the top), decompressed, or nil when the archive does not hold it.
    package func tile(z: Int, x: Int, y: Int) throws(TileIOError) -> [UInt8]? {
        guard let stored = try storedTile(z: z, x: x, y: y) else { return nil }
        return try decompress(stored, compression: header.tileCompression)
    }

    /// The bytes of tile `z/x/y` as the archive stores them (still compressed, as `tileCompression`
    /// says), or nil when the archive does not hold it: for a reader that inflates under limits of its own.
    package func storedTile(z: Int, x: Int, y: Int) throws(TileIOError) -> [UInt8]? {
        guard (0...26).contains(z), (0..<(1 << z)).contains(x), (0..<(1 << z)).contains(y) else { return nil }
        let id = Self.tileID(z: z, x: x, y: y)
        var entries = root
        // A damaged or hostile archive may point a leaf back at itself or at a directory above it.
        var visited: Set<DirectorySpan> = [DirectorySpan(offset: header.rootOffset, length: header.rootLength)]
        while true {
            guard let entry = Self.find(id, in: entries) else { return nil }
            if entry.runLength > 0 {
                guard id - entry.tileID < UInt64(entry.runLength) else { return nil }
                return try Self.read(descriptor, offset: try Self.sum(header.tileDataOffset, entry.offset), length: entry.length)
            }
            guard visited.count < Self.depthLimit else { break }
            let offset = try Self.sum(header.leafOffset, entry.offset)
            guard visited.insert(DirectorySpan(offset: offset, length: entry.length)).inserted else {
                throw .overLimit("a damaged directory: a leaf directory points back at itself or at a directory above it")
            }
            entries = try Self.directory(descriptor, header: header, offset: offset, length: entry.length)
        }
        throw .overLimit("leaf directories nest deeper than \(Self.depthLimit) levels")
    }

    /// The archive's JSON metadata (`vector_layers`, `attribution`…), inflated, or nil when it has none.
    package func metadata() throws(TileIOError) -> [UInt8]? {
        guard header.metadataLength > 0 else { return nil }
        guard header.metadataLength <= UInt64(Self.metadataLimit) else {
            throw .overLimit("its metadata of \(header.metadataLength) bytes is larger than \(Self.metadataLimit >> 20) MB")
        }
        let stored = try Self.read(descriptor, offset: header.metadataOffset, length: header.metadataLength)
        let bytes = try decompress(stored, compression: header.internalCompression, limit: Self.metadataLimit)
        return bytes
    }

    /// The largest JSON metadata read, before and after inflating.
    package static let metadataLimit = 1 << 20

    /// The Hilbert tile id of `z/x/y`: the count of tiles on every lower level, plus the tile's position
    /// along the Hilbert curve over its level's 2^z × 2^z grid.
    package static func tileID(z: Int, x: Int, y: Int) -> UInt64 {
        let below = ((UInt64(1) << (2 * UInt64(z))) - 1) / 3
        var x = UInt64(x), y = UInt64(y), distance: UInt64 = 0
        var side = (UInt64(1) << UInt64(z)) / 2
        while side > 0 {
            let rx: UInt64 = x & side > 0 ? 1 : 0
            let ry: UInt64 = y & side > 0 ? 1 : 0
            distance += side * side * ((3 * rx) ^ ry)
            if ry == 0 {
                if rx == 1 {
                    x = side &* 2 &- 1 &- x
                    y = side &* 2 &- 1 &- y
                }
                swap(&x, &y)
            }
            side /= 2
        }
        return below + distance
    }

    /// An offset within the file, refusing the sums a damaged archive could overflow.
    private static func sum(_ a: UInt64, _ b: UInt64) throws(TileIOError) -> UInt64 {
        let (total, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw .unreadable("a damaged directory (an offset past any file)") }
        return total
    }

    /// The last entry whose tile id is at most `id`.
    private static func find(_ id: UInt64, in entries: [PMTilesEntry]) -> PMTilesEntry? {
        var low = 0, high = entries.count - 1, found: PMTilesEntry?
        while low <= high {
            let middle = (low + high) / 2
            if entries[middle].tileID <= id {
                found = entries[middle]
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return found
    }

    private static func directory(_ descriptor: Int32, header: PMTilesHeader, offset: UInt64, length: UInt64) throws(TileIOError) -> [PMTilesEntry] {
        let compressed = try read(descriptor, offset: offset, length: length)
        var reader = VarintReader(bytes: try decompress(compressed, compression: header.internalCompression))
        return try reader.entries()
    }

    private static func read(_ descriptor: Int32, offset: UInt64, length: UInt64) throws(TileIOError) -> [UInt8] {
        guard length <= UInt64(sizeLimit) else { throw .unreadable("a directory or tile of \(length) bytes is larger than 16 MB") }
        guard offset <= UInt64(Int64.max) - length else { throw .unreadable("a damaged directory (an offset past any file)") }
        let count = Int(length)
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset) + off_t(done))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { throw .unreadable(got < 0 ? String(cString: strerror(errno)) : "the file ends too soon (it is truncated)") }
            done += got
        }
        return bytes
    }
}

/// Decompresses with the archive's method: 1 none, 2 gzip (0, unknown, is taken as none).
private func decompress(_ bytes: [UInt8], compression: UInt8, limit: Int = PMTilesReader.sizeLimit) throws(TileIOError) -> [UInt8] {
    switch compression {
    case 0, 1: return bytes
    case 2: return try gunzip(bytes, limit: limit)
    default: throw .unreadable("compression \(compression) (brotli or zstd) is not supported; use gzip or none")
    }
}

/// The header's fields that reading needs.
private struct PMTilesHeader {
    static let size = 127
    let rootOffset, rootLength, metadataOffset, metadataLength, leafOffset, tileDataOffset: UInt64
    let internalCompression, tileCompression, tileType, minZoom, maxZoom: UInt8

    init(_ bytes: [UInt8]) throws(TileIOError) {
        guard bytes.count == Self.size, bytes.starts(with: Array("PMTiles".utf8)) else { throw .unreadable("not a PMTiles archive") }
        guard bytes[7] == 3 else { throw .unreadable("PMTiles version \(bytes[7]); only version 3 is read") }
        func u64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) } }
        rootOffset = u64(8)
        rootLength = u64(16)
        metadataOffset = u64(24)
        metadataLength = u64(32)
        leafOffset = u64(40)
        tileDataOffset = u64(56)
        internalCompression = bytes[97]
        tileCompression = bytes[98]
        tileType = bytes[99]
        minZoom = bytes[100]
        maxZoom = bytes[101]
    }
}

/// Where a directory lies in the file, to tell a directory already read on the way to a tile.
private struct DirectorySpan: Hashable {
    let offset: UInt64
    let length: UInt64
}

/// One directory entry: a run of tiles in the data section, or (run length 0) a leaf directory.
private struct PMTilesEntry {
    var tileID: UInt64
    var offset: UInt64
    var length: UInt64
    var runLength: UInt32
}

/// Reads a directory's varints: the count, then tile ids (delta-coded), run lengths, lengths and offsets
/// (0 meaning "right after the previous entry", else offset + 1).
private struct VarintReader {
    let bytes: [UInt8]
    var position = 0

    mutating func varint() throws(TileIOError) -> UInt64 {
        var value: UInt64 = 0, shift: UInt64 = 0
        while true {
            guard position < bytes.count, shift < 64 else { throw .unreadable("a damaged directory") }
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    mutating func entries() throws(TileIOError) -> [PMTilesEntry] {
        let count = try varint()
        // Each entry takes at least four bytes, one a column.
        guard count <= UInt64(bytes.count / 4) else { throw .unreadable("a directory claims more entries than it has bytes") }
        guard count <= UInt64(PMTilesReader.entryLimit) else {
            throw .unreadable("a directory of \(count) entries, more than the limit of \(PMTilesReader.entryLimit)")
        }
        var entries = [PMTilesEntry](repeating: PMTilesEntry(tileID: 0, offset: 0, length: 0, runLength: 0), count: Int(count))
        var last: UInt64 = 0
        for index in entries.indices {
            let (sum, overflow) = last.addingReportingOverflow(try varint())
            guard !overflow else { throw .unreadable("a damaged directory") }
            last = sum
            entries[index].tileID = last
        }
        for index in entries.indices {
            let run = try varint()
            guard run <= UInt64(UInt32.max) else { throw .unreadable("a damaged directory") }
            entries[index].runLength = UInt32(run)
        }
        for index in entries.indices { entries[index].length = try varint() }
        for index in entries.indices {
            let value = try varint()
            if value == 0 && index > 0 {
                entries[index].offset = entries[index - 1].offset &+ entries[index - 1].length
            } else {
                entries[index].offset = value &- 1
            }
        }
        return entries
    }
}
