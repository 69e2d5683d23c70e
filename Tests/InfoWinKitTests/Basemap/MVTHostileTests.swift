import InfoWinTestSupport
import Testing
@testable import InfoWinKit

@Suite("hostile vector tiles")
struct MVTHostileTests {
    private static let sample = VectorTileWriter.tile([
        .init(name: "transportation", features: [
            .init(id: 3, type: .lineString, properties: [("class", .string("primary")), ("lanes", .int(2))], parts: [[(x: 0, y: 0), (x: 300, y: 200), (x: 4000, y: 4100)]]),
            .init(type: .polygon, properties: [("class", .string("park"))], parts: [[(x: 0, y: 0), (x: 50, y: 0), (x: 50, y: 50)]]),
        ]),
    ])

    @Test func everyTruncationOfATileIsAnErrorOrAShorterTileNeverACrash() {
        for length in 0..<Self.sample.count {
            _ = decodingError(Array(Self.sample.prefix(length)))
        }
        #expect(decodingError(Array(Self.sample.dropLast())) == .truncated("a layer"))
        #expect(decodingError(Array(Self.sample.dropLast()))?.message == "it is truncated (it ends inside a layer)")
        #expect(decodingError(gzipped(Self.sample).dropLast(9).map { $0 }) == .malformed("its gzip data is damaged or cut short"))
    }

    @Test func randomBytesAreAnErrorOrATileNeverACrash() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for round in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<(round % 97) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 33))
            }
            // A tile's first byte is mostly a layer's key, so half the rounds start like one.
            if round % 2 == 0, !bytes.isEmpty { bytes[0] = 0x1A }
            _ = decodingError(bytes)
        }
    }

    @Test func aVarintOfMoreThan64BitsIsRefused() {
        #expect(decodingError([0x1A] + [UInt8](repeating: 0xFF, count: 10) + [0x01]) == .badVarint)
        #expect(decodingError([0x1A, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02]) == .badVarint)
        #expect(decodingError([0x1A, 0x80, 0x80]) == .truncated("a layer"))
    }

    @Test func aLengthPastTheEndIsTruncatedNotARead() {
        var tile = ProtobufWriter()
        tile.key(3, wireType: 2)
        tile.varint(UInt64.max >> 1)
        tile.raw([1, 2, 3])
        #expect(decodingError(tile.bytes) == .truncated("a layer"))
        var layer = ProtobufWriter()
        layer.key(1, wireType: 2)
        layer.varint(1_000)
        var outer = ProtobufWriter()
        outer.bytes(3, layer.bytes)
        #expect(decodingError(outer.bytes) == .truncated("a layer's name"))
    }

    @Test func groupsUndefinedWireTypesAndFieldZeroAreRefused() {
        #expect(decodingError([0x1B]) == .badWireType(field: "a field of the tile", wireType: 3))
        #expect(decodingError([0x1C]) == .badWireType(field: "a field of the tile", wireType: 4))
        #expect(decodingError([0x1E]) == .badWireType(field: "a field of the tile", wireType: 6))
        #expect(decodingError([0x02, 0x00]) == .malformed("the tile has a field numbered 0"))
        #expect(decodingError([0x18, 0x01]) == .badWireType(field: "a layer", wireType: 0))
        var layer = ProtobufWriter()
        layer.varint(1, 5)
        var tile = ProtobufWriter()
        tile.bytes(3, layer.bytes)
        #expect(decodingError(tile.bytes) == .badWireType(field: "field 1 of a layer", wireType: 0))
    }

    @Test func anUnknownGeometryCommandIsNamed() {
        let error = decodingError(tileWithRawFeature(rawFeature(type: 2, geometry: [9, 0, 0, VectorTileWriter.command(3, count: 1), 2, 2])))
        #expect(error == .unknownGeometryCommand(3))
        #expect(error?.message == "it is damaged (unknown geometry command 3; MoveTo 1, LineTo 2 and ClosePath 7 are the commands)")
    }

    @Test func aCommandCountPastTheEndIsRefusedBeforeAnythingIsMadeOfIt() {
        let huge = VectorTileWriter.command(2, count: (1 << 29) - 1)
        #expect(decodingError(tileWithRawFeature(rawFeature(type: 2, geometry: [9, 0, 0, huge, 2, 2]))) == .commandPastEnd(command: "LineTo", count: (1 << 29) - 1))
        #expect(decodingError(tileWithRawFeature(rawFeature(type: 1, geometry: [VectorTileWriter.command(1, count: 2), 2, 2, 2]))) == .commandPastEnd(command: "MoveTo", count: 2))
        #expect(decodingError(tileWithRawFeature(rawFeature(type: 2, geometry: [10, 2, 2]))) == .malformed("a LineTo before any MoveTo"))
        #expect(decodingError(tileWithRawFeature(rawFeature(type: 3, geometry: [15]))) == .malformed("a ClosePath before any MoveTo"))
        #expect(decodingError(tileWithRawFeature(rawFeature(type: 2, geometry: [9, 0, 0, 1, 2, 15]))) == nil, "commands of count 0 and a ClosePath do nothing")
    }

    @Test func aTagNamingAKeyOrValueTheLayerLacksIsOutOfRange() {
        var value = ProtobufWriter()
        value.string(1, "v")
        #expect(decodingError(tileWithRawFeature(rawFeature(type: 1, geometry: [9, 2, 2], tags: [1, 0]), keys: ["k"], values: [value.bytes]))
            == .indexOutOfRange(table: "key", index: 1, count: 1))
        #expect(decodingError(tileWithRawFeature(rawFeature(type: 1, geometry: [9, 2, 2], tags: [0, 4_000_000_000]), keys: ["k"], values: [value.bytes]))
            == .indexOutOfRange(table: "value", index: 4_000_000_000, count: 1))
        #expect(decodingError(tileWithRawFeature(rawFeature(type: 1, geometry: [9, 2, 2], tags: [0]), keys: ["k"], values: [value.bytes]))
            == .malformed("a feature's tags are not key and value pairs"))
    }

    @Test func aGeometryIntegerOfMoreThan32BitsIsRefused() {
        var geometry = ProtobufWriter()
        geometry.varint(9)
        geometry.varint(1 << 40)
        geometry.varint(0)
        var feature = ProtobufWriter()
        feature.varint(3, 1)
        feature.bytes(4, geometry.bytes)
        #expect(decodingError(tileWithRawFeature(feature.bytes)) == .malformed("a feature's geometry holds 1099511627776, more than 32 bits"))
    }

    @Test func layerVersionsOtherThan1And2AndLayersWithoutANameAreRefused() {
        #expect(decodingError(oneLayerTile([], version: 3)) == .unsupportedVersion(3))
        #expect(decodingError(oneLayerTile([], version: 3))?.message == "its layer version is 3; Mapbox Vector Tiles 2.1 has versions 1 and 2")
        #expect(decodingError(oneLayerTile([], version: 1)) == nil)
        var layer = ProtobufWriter()
        layer.varint(15, 2)
        var tile = ProtobufWriter()
        tile.bytes(3, layer.bytes)
        #expect(decodingError(tile.bytes) == .malformed("a layer has no name"))
        var zeroExtent = ProtobufWriter()
        zeroExtent.string(1, "flat")
        zeroExtent.varint(5, 0)
        var flat = ProtobufWriter()
        flat.bytes(3, zeroExtent.bytes)
        #expect(decodingError(flat.bytes) == .malformed("layer flat has an extent of 0"))
    }

    @Test func aZipBombOverFourMegabytesStopsInflatingAtTheLimit() {
        let bomb = gzipped([UInt8](repeating: 0, count: 5 << 20))
        #expect(bomb.count < 64 << 10, "the bomb is small: \(bomb.count) bytes")
        #expect(decodingError(bomb) == .overLimit("a tile is at most 4 MB after inflating"))
        #expect(decodingError([UInt8](repeating: 0, count: (4 << 20) + 1)) == .overLimit("a tile is at most 4 MB after inflating"))
    }
}
