import Testing
@testable import InfoWinKit

@Suite("decoded vector tiles kept in memory")
struct VectorTileMemoryTests {
    /// A decoded tile of `points` point features, each with a name.
    private func outcome(points: Int) -> VectorTileOutcome {
        let features = (0..<points).map { index in
            VectorTileFeature(id: nil, kind: .point, properties: ["name": .string("Place \(index)")], geometry: [[Point(x: 1, y: 2)]])
        }
        let tile = VectorTile(layers: [VectorTileLayer(name: "place", extent: 4096, features: features)])
        return VectorTileOutcome(kind: .decoded(tile, features: points, coordinates: points, hash: "0"))
    }

    @Test func aTilesEstimatedSizeGrowsWithItsFeaturesAndTheirAttributes() {
        let small = outcome(points: 10).bytes, large = outcome(points: 1_000).bytes
        #expect(small > 10 * 100, "a point feature costs more than its one coordinate's 16 bytes")
        #expect(large > 90 * small)
        let plain = VectorTile(layers: [VectorTileLayer(name: "place", extent: 4096, features: [
            VectorTileFeature(id: nil, kind: .point, properties: [:], geometry: [[Point(x: 1, y: 2)]]),
        ])])
        let named = VectorTile(layers: [VectorTileLayer(name: "place", extent: 4096, features: [
            VectorTileFeature(id: nil, kind: .point, properties: ["name": .string("A name longer than fifteen bytes")], geometry: [[Point(x: 1, y: 2)]]),
        ])])
        #expect(named.estimatedBytes > plain.estimatedBytes + 32)
    }

    @Test func theLeastRecentlyUsedTileIsDroppedFirstOnceTheBytesPassTheLimit() {
        let tile = outcome(points: 100)
        var memory = VectorTileMemory(byteLimit: 3 * tile.bytes)
        let a = TileID(z: 14, x: 1, y: 1), b = TileID(z: 14, x: 2, y: 1), c = TileID(z: 14, x: 3, y: 1), d = TileID(z: 14, x: 4, y: 1)
        memory.keep(tile, for: a)
        memory.keep(tile, for: b)
        memory.keep(tile, for: c)
        #expect(memory.tiles == [a, b, c])
        #expect(memory.recall(a) != nil, "a is used again")
        memory.keep(tile, for: d)
        #expect(memory.tiles == [c, a, d], "b, the least recently used, is dropped")
        #expect(memory.recall(b) == nil)
    }

    @Test func aTileLargerThanTheLimitIsNotKept() {
        var memory = VectorTileMemory(byteLimit: 1_000)
        memory.keep(outcome(points: 100), for: TileID(z: 1, x: 0, y: 0))
        #expect(memory.tiles.isEmpty)
    }
}
