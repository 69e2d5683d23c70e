#if canImport(Glibc)
import Glibc
#endif

/// One tile of a level, by column and row counted from the top-left (XYZ), whatever the source's scheme.
package struct TileID: Hashable, Sendable, Comparable {
    package let z: Int
    package let x: Int
    package let y: Int

    /// `"z/x/y"`, as the layout report lists missing tiles.
    package var name: String { "\(z)/\(x)/\(y)" }

    package static func < (a: TileID, b: TileID) -> Bool { (a.z, a.y, a.x) < (b.z, b.y, b.x) }
}

/// Which tiles cover the canvas and where they go (SPEC.md, "Map tiles"): the level is
/// `round(zoom − log2(tileSize / 256))`, halves up, clamped to the source's levels; its tiles are scaled
/// to the camera's zoom and turned with the bearing.
package struct TilePlan {
    /// The level drawn.
    let level: Int
    /// The side of one tile on the canvas, in points.
    let tilePoints: Double
    /// The first column and row of the block of tiles (columns may run past the world's edge: they wrap).
    let firstColumn: Int
    let firstRow: Int
    let columns: Int
    let rows: Int
    /// The world point, at the camera's zoom, of the camera target (the canvas centre).
    let targetWorld: Point
    /// Canvas centre and bearing, to place the block.
    let center: Point
    let bearing: Double

    /// The most tiles one image may draw.
    package static let tileLimit = 10_000

    /// `deeper` draws one level below the usual one (no deeper than `maxZoom`): tiles of half the size on
    /// the canvas, for `detectRetina`.
    init(tiles: TilesSpec, camera: CameraSpec, width: Double, height: Double, padding: EdgeInsets = .zero, deeper: Bool = false) {
        let ideal = camera.zoom - log2(Double(tiles.tileSize) / 256)
        let usual = min(max(Int((ideal + 0.5).rounded(.down)), tiles.minZoom), tiles.maxZoom)
        self.init(level: deeper ? min(usual + 1, tiles.maxZoom) : usual, camera: camera, width: width, height: height, padding: padding)
    }

    /// The block of tiles of `level` that covers the canvas, whatever the level (vector tiles choose
    /// theirs by a rule of their own: `VectorTilePlan`).
    init(level: Int, camera: CameraSpec, width: Double, height: Double, padding: EdgeInsets = .zero) {
        self.level = level
        let worldSize = 256 * pow(2, camera.zoom)
        tilePoints = worldSize / pow(2, Double(level))
        let target = MapProjection.worldPoint(camera.target, worldSize: worldSize)
        let middle = MapProjection(camera: camera, width: width, height: height, padding: padding).center
        targetWorld = target
        center = middle
        bearing = camera.bearing
        // The canvas's corners in world points: the block of tiles is their bounding box.
        let turn = AffineTransform.rotation(degrees: camera.bearing)
        let corners = [Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: 0, y: height), Point(x: width, y: height)].map { corner in
            let offset = turn.apply(Point(x: corner.x - middle.x, y: corner.y - middle.y))
            return Point(x: target.x + offset.x, y: target.y + offset.y)
        }
        let bounds = Rect(bounding: corners)
        let count = 1 << level
        firstColumn = Int((bounds.x / tilePoints).rounded(.down))
        let lastColumn = Int((bounds.maxX / tilePoints).rounded(.down))
        firstRow = max(0, Int((bounds.y / tilePoints).rounded(.down)))
        let lastRow = min(count - 1, Int((bounds.maxY / tilePoints).rounded(.down)))
        columns = max(0, lastColumn - firstColumn + 1)
        rows = max(0, lastRow - firstRow + 1)
    }

    /// How many tiles the block holds.
    var tileCount: Int { columns * rows }

    /// The tile at a column and row of the block, its column wrapped into the world.
    func tile(column: Int, row: Int) -> TileID {
        let count = 1 << level
        let x = ((firstColumn + column) % count + count) % count
        return TileID(z: level, x: x, y: firstRow + row)
    }

    /// Every tile of the block, row by row.
    var tiles: [TileID] {
        (0..<rows).flatMap { row in (0..<columns).map { column in tile(column: column, row: row) } }
    }

    /// Where the block's top-left corner goes relative to the canvas centre before turning: the map is
    /// drawn by translating to the centre, turning by −bearing, and placing the block at this offset.
    var blockOffset: Point {
        Point(x: Double(firstColumn) * tilePoints - targetWorld.x, y: Double(firstRow) * tilePoints - targetWorld.y)
    }
}
