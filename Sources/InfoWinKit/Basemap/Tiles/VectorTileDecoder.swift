import TileIO

/// Decodes Mapbox Vector Tiles 2.1 (protocol buffers, gzip-compressed or not) into `VectorTile`s.
///
/// Bounded: a tile at most `sizeLimit` bytes after inflating (inflating stops there), and the features
/// and coordinates of a picture's tiles within the `VectorTileBudget` the caller shares across them.
/// Fields a tile does not need (extensions, unknown numbers) are skipped by their wire type; anything
/// damaged is a `VectorTileError`, never a crash or a read past the bytes.
package enum VectorTileDecoder {
    /// The largest tile, after inflating.
    package static let sizeLimit = 4 << 20

    /// The tile `bytes` hold (gzip data is inflated first, told by its magic bytes 1f 8b), its features
    /// and coordinates counted in `budget`. A tile that fails is not counted.
    package static func decode(_ bytes: [UInt8], budget: inout VectorTileBudget) throws(VectorTileError) -> VectorTile {
        let plain = try inflated(bytes)
        var spent = budget
        var reader = ProtobufReader(plain)
        var layers: [VectorTileLayer] = []
        while let (number, wireType) = try reader.field(in: "the tile") {
            guard number == 3 else {
                try reader.skip(wireType, in: "the tile")
                continue
            }
            guard wireType == .lengthDelimited else { throw .badWireType(field: "a layer", wireType: wireType.rawValue) }
            var layer = try reader.message(in: "a layer")
            layers.append(try self.layer(&layer, budget: &spent))
        }
        budget = spent
        return VectorTile(layers: layers)
    }

    /// True when `bytes` may be a vector tile, by their first bytes: gzip data, or a protocol buffer
    /// beginning with a layer (field 3, length-delimited), as every encoder writes one. What the disk cache
    /// of tiles keeps: an error page served with status 200 (`<`, `{`) is not.
    static func looksLikeTile(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x1F, 0x8B]) || bytes.first == 0x1A
    }

    /// The plain bytes of a tile: inflated when they are gzip data, else as they are; either at most
    /// `sizeLimit` bytes.
    static func inflated(_ bytes: [UInt8]) throws(VectorTileError) -> [UInt8] {
        let limit = "a tile is at most \(sizeLimit >> 20) MB after inflating"
        guard bytes.starts(with: [0x1F, 0x8B]) else {
            guard bytes.count <= sizeLimit else { throw .overLimit(limit) }
            return bytes
        }
        do throws(TileIOError) {
            return try gunzip(bytes, limit: sizeLimit)
        } catch {
            if case .overLimit = error { throw .overLimit(limit) }
            throw .malformed("its gzip data is damaged or cut short")
        }
    }

    /// A layer (fields 15 version, 1 name, 2 features, 3 keys, 4 values, 5 extent). Its features are
    /// decoded once every field is read, since the keys and values they name may come after them.
    private static func layer(_ reader: inout ProtobufReader, budget: inout VectorTileBudget) throws(VectorTileError) -> VectorTileLayer {
        var version: UInt64 = 1, name: String?, extent: UInt64 = 4096
        var features: [ProtobufReader] = [], keys: [String] = [], values: [FeatureValue?] = []
        while let (number, wireType) = try reader.field(in: "a layer") {
            switch (number, wireType) {
            case (15, .varint): version = try reader.varint(in: "a layer's version")
            case (1, .lengthDelimited): name = try reader.string(in: "a layer's name")
            case (2, .lengthDelimited):
                try budget.spendFeature()
                features.append(try reader.message(in: "a feature"))
            case (3, .lengthDelimited): keys.append(try reader.string(in: "a layer's key"))
            case (4, .lengthDelimited):
                var value = try reader.message(in: "a layer's value")
                values.append(try self.value(&value))
            case (5, .varint): extent = try reader.varint(in: "a layer's extent")
            case (1...5, _), (15, _): throw .badWireType(field: "field \(number) of a layer", wireType: wireType.rawValue)
            default: try reader.skip(wireType, in: "a layer")
            }
        }
        guard version == 1 || version == 2 else { throw .unsupportedVersion(Int(clamping: version)) }
        guard let name else { throw .malformed("a layer has no name") }
        guard (1...UInt64(UInt32.max)).contains(extent) else { throw .malformed("layer \(name) has an extent of \(extent)") }
        let table = keys.isEmpty && values.isEmpty ? .empty : VectorTileAttributeTable(keys: keys, values: values)
        var decoded: [VectorTileFeature] = []
        decoded.reserveCapacity(features.count)
        for var feature in features {
            decoded.append(try self.feature(&feature, table: table, budget: &budget))
        }
        return VectorTileLayer(name: name, extent: Int(extent), features: decoded)
    }

    /// A feature (fields 1 id, 2 tags, 3 type, 4 geometry).
    private static func feature(
        _ reader: inout ProtobufReader, table: VectorTileAttributeTable, budget: inout VectorTileBudget
    ) throws(VectorTileError) -> VectorTileFeature {
        var id: UInt64?, type: UInt64 = 0
        var tags: [UInt32] = [], commands: [UInt32] = []
        while let (number, wireType) = try reader.field(in: "a feature") {
            switch (number, wireType) {
            case (1, .varint): id = try reader.varint(in: "a feature's id")
            case (2, _): try reader.appendUInt32s(wireType, to: &tags, in: "a feature's tags")
            case (3, .varint): type = try reader.varint(in: "a feature's type")
            case (4, _): try reader.appendUInt32s(wireType, to: &commands, in: "a feature's geometry")
            case (1, _), (3, _): throw .badWireType(field: "field \(number) of a feature", wireType: wireType.rawValue)
            default: try reader.skip(wireType, in: "a feature")
            }
        }
        guard tags.count % 2 == 0 else { throw .malformed("a feature's tags are not key and value pairs") }
        for pair in stride(from: 0, to: tags.count, by: 2) {
            let key = Int(tags[pair]), value = Int(tags[pair + 1])
            guard key < table.keys.count else { throw .indexOutOfRange(table: "key", index: key, count: table.keys.count) }
            guard value < table.values.count else { throw .indexOutOfRange(table: "value", index: value, count: table.values.count) }
        }
        // A value of no kind this decoder knows (a later version's) leaves the property out.
        let properties = FeatureAttributes(table: table, checkedTags: tags)
        let kind: VectorTileFeature.Kind = switch type {
        case 1: .point
        case 2: .lineString
        case 3: .polygon
        default: .unknown
        }
        return VectorTileFeature(id: id, kind: kind, properties: properties, geometry: try VectorTileGeometry.parts(commands, kind: kind, budget: &budget))
    }

    /// A value (fields 1 string, 2 float, 3 double, 4 int64, 5 uint64, 6 sint64, 7 bool), or nil when it
    /// holds none of them; when it holds several, the last read wins, as protocol buffers merge.
    private static func value(_ reader: inout ProtobufReader) throws(VectorTileError) -> FeatureValue? {
        var value: FeatureValue?
        while let (number, wireType) = try reader.field(in: "a value") {
            switch (number, wireType) {
            case (1, .lengthDelimited): value = .string(try reader.string(in: "a string value"))
            case (2, .fixed32): value = .number(Double(Float(bitPattern: UInt32(try reader.fixed(4, in: "a float value")))))
            case (3, .fixed64): value = .number(Double(bitPattern: try reader.fixed(8, in: "a double value")))
            case (4, .varint): value = .number(Double(Int64(bitPattern: try reader.varint(in: "an int value"))))
            case (5, .varint): value = .number(Double(try reader.varint(in: "a uint value")))
            case (6, .varint):
                let coded = try reader.varint(in: "a sint value")
                value = .number(Double(Int64(bitPattern: coded >> 1) ^ -Int64(bitPattern: coded & 1)))
            case (7, .varint): value = .bool(try reader.varint(in: "a bool value") != 0)
            case (1...7, _): throw .badWireType(field: "field \(number) of a value", wireType: wireType.rawValue)
            default: try reader.skip(wireType, in: "a value")
            }
        }
        return value
    }
}
