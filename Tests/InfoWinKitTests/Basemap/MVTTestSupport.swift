import FastPNG
import InfoWinTestSupport
@testable import InfoWinKit

/// `bytes` as gzip data (RFC 1952): the deflate stream of infowin's own PNG deflater between a gzip
/// header and the CRC-32 and length trailer, so the tests need no zlib of their own.
func gzipped(_ bytes: [UInt8]) -> [UInt8] {
    let zlib = bytes.withUnsafeBufferPointer { RowDeflater.zlibStream($0, pixelBytes: 1, rowBytes: 1, adler32: 0) }
    let deflate = zlib[2..<(zlib.count - 4)]
    func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) } }
    return [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF] + deflate + le32(crc32(bytes)) + le32(UInt32(truncatingIfNeeded: bytes.count))
}

/// The CRC-32 of gzip (polynomial 0xEDB88320).
private func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

/// Decodes `bytes` as the only tile of a picture.
func decodeAlone(_ bytes: [UInt8]) throws(VectorTileError) -> VectorTile {
    var budget = VectorTileBudget()
    return try VectorTileDecoder.decode(bytes, budget: &budget)
}

/// The error decoding `bytes` alone gives, or nil when it decodes.
func decodingError(_ bytes: [UInt8]) -> VectorTileError? {
    do throws(VectorTileError) {
        _ = try decodeAlone(bytes)
        return nil
    } catch {
        return error
    }
}

/// A tile of one layer `name` holding `features`.
func oneLayerTile(_ features: [VectorTileWriter.Feature], name: String = "water", version: Int = 2) -> [UInt8] {
    VectorTileWriter.tile([VectorTileWriter.Layer(name: name, version: version, features: features)])
}

/// A tile of one layer whose only feature is `feature` (its raw fields).
func tileWithRawFeature(_ feature: [UInt8], keys: [String] = [], values: [[UInt8]] = []) -> [UInt8] {
    var layer = ProtobufWriter()
    layer.varint(15, 2)
    layer.string(1, "raw")
    layer.bytes(2, feature)
    for key in keys { layer.string(3, key) }
    for value in values { layer.bytes(4, value) }
    var tile = ProtobufWriter()
    tile.bytes(3, layer.bytes)
    return tile.bytes
}

/// A feature's raw fields: its type and packed geometry (and packed tags, when given).
func rawFeature(type: Int, geometry: [UInt32], tags: [UInt32]? = nil) -> [UInt8] {
    var feature = ProtobufWriter()
    if let tags { feature.packed(2, tags) }
    feature.varint(3, UInt64(type))
    feature.packed(4, geometry)
    return feature.bytes
}

/// A tile's geometry as integer pairs, to compare with what was written.
func integerParts(_ feature: VectorTileFeature) -> [[[Int]]] {
    feature.geometry.map { part in part.map { [Int($0.x), Int($0.y)] } }
}
