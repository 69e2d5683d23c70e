/// What one picture's vector tiles may hold together (SPEC.md, "Vector basemaps"): 200,000 features and
/// 2,000,000 coordinates. The caller makes one for a picture and hands it to the decoder for each of its
/// tiles; a tile that would pass it is refused whole (nothing of it is counted) and is missing.
package struct VectorTileBudget: Sendable {
    /// The most features one picture's tiles may hold.
    package static let featureLimit = 200_000
    /// The most coordinates (points of every geometry) one picture's tiles may hold.
    package static let coordinateLimit = 2_000_000

    let featureLimit: Int
    let coordinateLimit: Int
    /// Features and coordinates of the tiles decoded so far.
    package private(set) var features = 0
    package private(set) var coordinates = 0

    /// A fresh budget of SPEC's limits, or of smaller ones (tests).
    package init(featureLimit: Int = Self.featureLimit, coordinateLimit: Int = Self.coordinateLimit) {
        self.featureLimit = featureLimit
        self.coordinateLimit = coordinateLimit
    }

    /// Counts one feature more; past the limit, an error naming it.
    mutating func spendFeature() throws(VectorTileError) {
        try spend(features: 1, coordinates: 0)
    }

    /// Counts `count` coordinates more; past the limit, an error naming it.
    mutating func spendCoordinates(_ count: Int) throws(VectorTileError) {
        try spend(features: 0, coordinates: count)
    }

    /// Counts `count` features and `points` coordinates more (a tile decoded before, kept in memory,
    /// costs what it did): all of them, or nothing and an error naming the limit they would pass.
    mutating func spend(features count: Int, coordinates points: Int) throws(VectorTileError) {
        guard count <= featureLimit - features else {
            throw .overLimit("the picture's tiles hold more than \(Format.grouped(featureLimit)) features")
        }
        guard points <= coordinateLimit - coordinates else {
            throw .overLimit("the picture's tiles hold more than \(Format.grouped(coordinateLimit)) coordinates")
        }
        features += count
        coordinates += points
    }
}
