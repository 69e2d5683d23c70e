import InfoWinTestSupport
import Testing
@testable import InfoWinKit

@Suite("vector tile decoder")
struct MVTDecoderTests {
    typealias Feature = VectorTileWriter.Feature

    @Test func pointsLinesAndPolygonsDecodeToTheirPartsInTileUnits() throws {
        let tile = try decodeAlone(VectorTileWriter.tile([
            .init(name: "poi", features: [Feature(id: 7, type: .point, parts: [[(x: 10, y: 20)], [(x: 4000, y: -30)]])]),
            .init(name: "roads", extent: 512, features: [Feature(type: .lineString, parts: [[(x: 0, y: 0), (x: 100, y: 50), (x: 90, y: 60)], [(x: 5, y: 5), (x: 6, y: 7)]])]),
            .init(name: "water", features: [Feature(type: .polygon, parts: [[(x: 0, y: 0), (x: 100, y: 0), (x: 100, y: 100), (x: 0, y: 100)]])]),
        ]))
        #expect(tile.layers.map(\.name) == ["poi", "roads", "water"])
        #expect(tile.layers.map(\.extent) == [4096, 512, 4096])
        let point = try #require(tile.layer(named: "poi")?.features.first)
        #expect(point.id == 7 && point.kind == .point)
        #expect(integerParts(point) == [[[10, 20]], [[4000, -30]]])
        let line = try #require(tile.layer(named: "roads")?.features.first)
        #expect(line.id == nil && line.kind == .lineString)
        #expect(integerParts(line) == [[[0, 0], [100, 50], [90, 60]], [[5, 5], [6, 7]]])
        let polygon = try #require(tile.layer(named: "water")?.features.first)
        #expect(polygon.kind == .polygon)
        #expect(integerParts(polygon) == [[[0, 0], [100, 0], [100, 100], [0, 100]]])
    }

    @Test func everyValueKindIsReadAsMapLibreReadsIt() throws {
        let feature = Feature(type: .point, properties: [
            ("name", .string("Lac Léman")), ("float", .float(1.5)), ("double", .double(-2.25)), ("int", .int(-3)),
            ("uint", .uint(1 << 40)), ("sint", .sint(-77)), ("bool", .bool(true)),
        ], parts: [[(x: 1, y: 1)]])
        let decoded = try #require(try decodeAlone(oneLayerTile([feature])).layers.first?.features.first)
        let expected: [String: FeatureValue] = [
            "name": .string("Lac Léman"), "float": .number(1.5), "double": .number(-2.25), "int": .number(-3),
            "uint": .number(1_099_511_627_776), "sint": .number(-77), "bool": .bool(true),
        ]
        #expect(decoded.properties.dictionary == expected)
    }

    @Test func aPolygonKeepsItsExteriorThenItsHolesAndDropsDegenerateRings() throws {
        let exterior = [(x: 0, y: 0), (x: 100, y: 0), (x: 100, y: 100), (x: 0, y: 100)]
        let hole = [(x: 20, y: 20), (x: 20, y: 40), (x: 40, y: 40), (x: 40, y: 20)]
        let twoPoints = [(x: 1, y: 1), (x: 5, y: 5)]
        let flat = [(x: 0, y: 0), (x: 10, y: 10), (x: 20, y: 20)]
        let second = [(x: 200, y: 0), (x: 300, y: 0), (x: 300, y: 100)]
        let tile = oneLayerTile([Feature(type: .polygon, parts: [exterior, hole, twoPoints, flat, second])])
        let polygon = try #require(try decodeAlone(tile).layers.first?.features.first)
        #expect(integerParts(polygon) == [
            [[0, 0], [100, 0], [100, 100], [0, 100]], [[20, 20], [20, 40], [40, 40], [40, 20]], [[200, 0], [300, 0], [300, 100]],
        ])
        let areas = polygon.geometry.map(VectorTileGeometry.signedArea)
        #expect(areas[0] > 0 && areas[1] < 0 && areas[2] > 0, "exteriors positive, holes negative (y down)")
    }

    @Test func ringsWoundTheOtherWayAreTurnedSoThatExteriorsArePositive() throws {
        // Version 1 tiles may wind exteriors counter-clockwise: the first ring gives the winding, as MapLibre reads it.
        let exterior = [(x: 0, y: 0), (x: 0, y: 100), (x: 100, y: 100), (x: 100, y: 0)]
        let hole = [(x: 20, y: 20), (x: 40, y: 20), (x: 40, y: 40), (x: 20, y: 40)]
        let polygon = try #require(try decodeAlone(oneLayerTile([Feature(type: .polygon, parts: [exterior, hole])], version: 1)).layers.first?.features.first)
        #expect(integerParts(polygon) == [[[100, 0], [100, 100], [0, 100], [0, 0]], [[20, 40], [40, 40], [40, 20], [20, 20]]])
        #expect(VectorTileGeometry.signedArea(polygon.geometry[0]) > 0 && VectorTileGeometry.signedArea(polygon.geometry[1]) < 0)
    }

    @Test func aGzipTileDecodesAsThePlainOne() throws {
        let plain = oneLayerTile([Feature(type: .lineString, properties: [("class", .string("primary"))], parts: [[(x: 0, y: 0), (x: 9, y: 9)]])])
        let compressed = gzipped(plain)
        #expect(compressed.starts(with: [0x1F, 0x8B]))
        let a = try decodeAlone(plain), b = try decodeAlone(compressed)
        #expect(integerParts(a.layers[0].features[0]) == integerParts(b.layers[0].features[0]))
        #expect(a.layers[0].features[0].properties == b.layers[0].features[0].properties)
    }

    @Test func unknownFieldsOfEveryWireTypeAreSkippedAndKeysMayFollowTheFeatures() throws {
        var feature = ProtobufWriter()
        feature.varint(9, 99)
        feature.fixed(10, 0xDEAD_BEEF, size: 4)
        feature.packed(2, [0, 0])
        feature.varint(3, 1)
        feature.packed(4, [VectorTileWriter.command(1, count: 1), 6, 8])
        feature.fixed(11, 1, size: 8)
        feature.string(12, "an extension")
        var value = ProtobufWriter()
        value.varint(8, 5)
        value.string(1, "kept")
        var layer = ProtobufWriter()
        layer.string(1, "later")
        layer.bytes(2, feature.bytes)
        layer.string(3, "name")
        layer.bytes(4, value.bytes)
        layer.varint(16, 1)
        layer.varint(15, 2)
        var tile = ProtobufWriter()
        tile.varint(1, 5)
        tile.bytes(3, layer.bytes)
        tile.string(20, "extension")
        let decoded = try decodeAlone(tile.bytes)
        let only = try #require(decoded.layer(named: "later")?.features.first)
        #expect(decoded.layers[0].extent == 4096, "the default extent")
        #expect(only.properties == ["name": .string("kept")])
        #expect(integerParts(only) == [[[3, 4]]])
    }

    @Test func aValueOfNoKnownKindLeavesItsPropertyOut() throws {
        var unknown = ProtobufWriter()
        unknown.varint(9, 1)
        let tile = tileWithRawFeature(rawFeature(type: 1, geometry: [9, 2, 2], tags: [0, 0]), keys: ["future"], values: [unknown.bytes])
        #expect(try decodeAlone(tile).layers[0].features[0].properties.isEmpty)
    }

    @Test func aKeyTaggedTwiceKeepsItsLastKnownValueWhereverTheTableHoldsIt() throws {
        var first = ProtobufWriter(), second = ProtobufWriter(), unknown = ProtobufWriter(), other = ProtobufWriter()
        first.string(1, "first")
        second.string(1, "second")
        unknown.varint(9, 1)
        other.varint(4, 7)
        // "name" is at key indexes 0 and 2; the last tag of a known kind wins, as protocol buffers merge.
        let tags: [UInt32] = [0, 0, 1, 3, 2, 1, 0, 2]
        let tile = tileWithRawFeature(rawFeature(type: 1, geometry: [9, 2, 2], tags: tags), keys: ["name", "rank", "name"],
                                      values: [first.bytes, second.bytes, unknown.bytes, other.bytes])
        let feature = try decodeAlone(tile).layers[0].features[0]
        #expect(feature.properties["name"] == .string("second"))
        #expect(feature.properties["rank"] == .number(7))
        #expect(feature.properties["missing"] == nil)
        #expect(feature.properties == ["name": .string("second"), "rank": .number(7)])
    }

    @Test func aLabelsLocalisedNameIsSetOnItsCopyAlone() throws {
        let tile = oneLayerTile([
            .init(type: .point, properties: [("name", .string("Rue")), ("name:ar", .string("شارع"))], parts: [[(x: 1, y: 1)]]),
            .init(type: .point, properties: [("name", .string("Quai"))], parts: [[(x: 2, y: 2)]]),
        ])
        let features = try decodeAlone(tile).layers[0].features
        let arabic = LabelText.feature(features[0], in: "ar")
        #expect(arabic.properties["name"] == .string("شارع"))
        #expect(features[0].properties["name"] == .string("Rue"), "the decoded feature is unchanged")
        #expect(features[1].properties["name"] == .string("Quai"), "the layer's shared table is unchanged")
        var removed = features[1].properties
        removed["name"] = nil
        #expect(removed["name"] == nil && removed.isEmpty)
    }

    @Test func aMultiPointAndLinesOfOnePointGiveWhatCanBeDrawn() throws {
        // MoveTo of three points (a multipoint); a line whose second part has a single point.
        let points = try decodeAlone(tileWithRawFeature(rawFeature(type: 1, geometry: [VectorTileWriter.command(1, count: 3), 2, 2, 2, 2, 2, 2])))
        #expect(integerParts(points.layers[0].features[0]) == [[[1, 1]], [[2, 2]], [[3, 3]]])
        let lines = try decodeAlone(tileWithRawFeature(rawFeature(type: 2, geometry: [9, 0, 0, 10, 4, 4, 9, 2, 2])))
        #expect(integerParts(lines.layers[0].features[0]) == [[[0, 0], [2, 2]]])
    }

    @Test func aPictureBudgetCountsFeaturesAndCoordinatesAcrossTiles() throws {
        let tile = oneLayerTile([Feature(type: .lineString, parts: [[(x: 0, y: 0), (x: 1, y: 1), (x: 2, y: 2)]]), Feature(type: .point, parts: [[(x: 0, y: 0)]])])
        var budget = VectorTileBudget(featureLimit: 6, coordinateLimit: 8)
        _ = try VectorTileDecoder.decode(tile, budget: &budget)
        _ = try VectorTileDecoder.decode(tile, budget: &budget)
        #expect(budget.features == 4 && budget.coordinates == 8)
        let error = #expect(throws: VectorTileError.self) { try VectorTileDecoder.decode(tile, budget: &budget) }
        #expect(error == .overLimit("the picture's tiles hold more than 8 coordinates"))
        #expect(budget.features == 4 && budget.coordinates == 8, "a tile refused is not counted")
        var features = VectorTileBudget(featureLimit: 3)
        _ = try VectorTileDecoder.decode(tile, budget: &features)
        #expect(throws: VectorTileError.overLimit("the picture's tiles hold more than 3 features")) { try VectorTileDecoder.decode(tile, budget: &features) }
        #expect(VectorTileBudget.featureLimit == 200_000 && VectorTileBudget.coordinateLimit == 2_000_000 && VectorTileDecoder.sizeLimit == 4 << 20)
    }

    @Test func aTileOfMoreThan200000FeaturesIsOverThePictureLimit() {
        var layer = ProtobufWriter()
        layer.string(1, "many")
        for _ in 0...VectorTileBudget.featureLimit { layer.bytes(2, []) }
        var tile = ProtobufWriter()
        tile.bytes(3, layer.bytes)
        #expect(decodingError(tile.bytes) == .overLimit("the picture's tiles hold more than 200,000 features"))
        #expect(decodingError(tile.bytes)?.message == "it is over a limit: the picture's tiles hold more than 200,000 features")
    }
}
