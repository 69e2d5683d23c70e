/// Writes a PMTiles v3 archive for tests: one root directory (uncompressed), no leaves, the JSON
/// metadata (uncompressed) and the tiles as given (already compressed as `tileCompression` says).
public enum PMTilesWriter {
    /// The archive's bytes. `tiles` are keyed by their PMTiles tile id (`PMTilesReader.tileID`);
    /// `tileType` 1 is MVT, 2 PNG; `tileCompression` 1 none, 2 gzip.
    public static func archive(
        tiles: [UInt64: [UInt8]], tileType: UInt8 = 1, tileCompression: UInt8 = 1, minZoom: UInt8 = 0, maxZoom: UInt8 = 14,
        metadata: String = "{}"
    ) -> [UInt8] {
        let ids = tiles.keys.sorted()
        var directory = ProtobufWriter()
        directory.varint(UInt64(ids.count))
        var last: UInt64 = 0
        for id in ids {
            directory.varint(id - last)
            last = id
        }
        for _ in ids { directory.varint(1) }
        for id in ids { directory.varint(UInt64(tiles[id]!.count)) }
        var data: [UInt8] = []
        for (index, id) in ids.enumerated() {
            // 0: right after the previous tile; the first's offset is written plus one.
            directory.varint(index == 0 ? 1 : 0)
            data += tiles[id]!
        }
        let json = Array(metadata.utf8)
        let root = directory.bytes
        let rootOffset: UInt64 = 127
        let metadataOffset = rootOffset + UInt64(root.count)
        let dataOffset = metadataOffset + UInt64(json.count)
        func u64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) } }
        var header = Array("PMTiles".utf8) + [3]
        header += u64(rootOffset) + u64(UInt64(root.count)) + u64(metadataOffset) + u64(UInt64(json.count))
        header += u64(dataOffset + UInt64(data.count)) + u64(0) + u64(dataOffset) + u64(UInt64(data.count))
        header += u64(UInt64(ids.count)) + u64(UInt64(ids.count)) + u64(UInt64(ids.count))
        header += [0, 1, tileCompression, tileType, minZoom, maxZoom]
        header += [UInt8](repeating: 0, count: 127 - header.count)
        return header + root + json + data
    }
}
