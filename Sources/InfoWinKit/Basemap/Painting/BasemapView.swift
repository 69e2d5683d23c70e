#if canImport(Glibc)
import Glibc
#endif

/// Where a basemap's vector tiles fall on the canvas (SPEC.md, "Vector basemaps", "Zoom"): the camera's
/// world is 256 · 2^zoom points wide, so a tile of level z is 256 · 2^(zoom − z) points a side (512 at
/// MapLibre's zoom z, the camera's z + 1: MapLibre's 512-pixel tiles at the same ground scale), placed
/// around the camera's target and turned with its bearing.
package struct BasemapView: Sendable {
    /// The camera and the canvas centre.
    let projection: MapProjection
    /// The canvas, in points.
    package let width: Double
    package let height: Double

    /// The zoom a style sees: MapLibre's, the camera's zoom − 1.
    var styleZoom: Double { projection.camera.zoom - 1 }

    /// The camera's bearing, degrees clockwise from north.
    var bearing: Double { projection.camera.bearing }

    /// The tile level drawn at this camera for a tileset of levels `minZoom...maxZoom`: `floor(zoom − 1)`
    /// clamped to the tileset's levels (above its top level tiles are overzoomed); nil below its lowest
    /// level, where nothing is drawn.
    package func level(minZoom: Int, maxZoom: Int) -> Int? {
        let ideal = Int(styleZoom.rounded(.down))
        guard ideal >= minZoom else { return nil }
        return min(max(ideal, 0), maxZoom)
    }

    /// The side of a tile of level `z` on the canvas, in points.
    func tileSide(level z: Int) -> Double {
        projection.worldSize / pow(2, Double(z))
    }

    /// Where tile units of `tile` (a grid of `extent` units a side) go on the canvas, once for each copy
    /// of the world the canvas shows: the copy nearest the camera's target first, then those east and
    /// west of it whose square reaches the canvas. A canvas wider than the world at a low zoom shows the
    /// world repeated side by side, as MapLibre draws it (`renderWorldCopies`, true by default) and as
    /// raster tiles wrap; each copy's labels are placed as its own.
    func placements(of tile: TileID, extent: Int) -> [TilePlacement] {
        let nearest = placement(of: tile, extent: extent)
        // Copies further than the canvas's diagonal from the nearest one cannot reach the canvas.
        let reach = Int(((width * width + height * height).squareRoot() / projection.worldSize).rounded(.up)) + 1
        let copies = (1...reach).flatMap { [$0, -$0] }.map { placement(of: tile, extent: extent, world: $0) }
        return [nearest] + copies.filter { Rect(bounding: $0.square).intersects(canvas) }
    }

    /// Where tile units of `tile` go on the canvas in the copy of the world `world` copies east of the
    /// one nearest the camera's target (the world wraps east to west).
    func placement(of tile: TileID, extent: Int, world: Int = 0) -> TilePlacement {
        let side = tileSide(level: tile.z)
        var originX = Double(tile.x) * side - projection.targetWorld.x
        let originY = Double(tile.y) * side - projection.targetWorld.y
        originX -= projection.worldSize * ((originX + side / 2) / projection.worldSize).rounded()
        originX += Double(world) * projection.worldSize
        let unit = side / Double(max(1, extent))
        let transform = AffineTransform(a: unit, b: 0, c: 0, d: unit, tx: originX, ty: originY)
            .then(.rotation(degrees: -bearing))
            .then(.translation(x: projection.center.x, y: projection.center.y))
        // MapLibre lays a tile's symbols out at the level it is shown at (an overzoomed tile too).
        let layoutLevel = max(Int(styleZoom.rounded(.down)), tile.z)
        return TilePlacement(
            transform: transform, extent: Double(max(1, extent)), side: side,
            pixelScale: tileSide(level: layoutLevel) / 512, overscaling: pow(2, Double(layoutLevel - tile.z)))
    }

    /// The canvas as a rectangle.
    var canvas: Rect { Rect(x: 0, y: 0, width: width, height: height) }
}

/// One tile's place on the canvas.
struct TilePlacement {
    /// Tile units to canvas points.
    let transform: AffineTransform
    /// Units along a side of the tile.
    let extent: Double
    /// The tile's side on the canvas, in points.
    let side: Double

    /// Where a point in tile units falls on the canvas.
    func canvasPoint(_ point: Point) -> Point { transform.apply(point) }

    /// The tile's square (without its buffer) on the canvas, corner by corner.
    var square: [Point] {
        [Point(x: 0, y: 0), Point(x: extent, y: 0), Point(x: extent, y: extent), Point(x: 0, y: extent)].map(canvasPoint)
    }

    /// True when a point in tile units lies in the tile's own square (not its buffer): the one tile that
    /// holds a point label or a circle, as MapLibre keeps an anchor only in its own tile.
    func holds(_ point: Point) -> Bool {
        point.x >= 0 && point.x < extent && point.y >= 0 && point.y < extent
    }

    /// Canvas points per MapLibre pixel of the level MapLibre lays the tile's symbols out at, the zoom's
    /// whole part (an overzoomed tile's too): 1 at a whole zoom, up to 2 between.
    let pixelScale: Double
    /// How many times the tile is enlarged past its own level (2 for a tile one level overzoomed): MapLibre's
    /// `overscaling`, which moves the first anchor along a line.
    let overscaling: Double
}
