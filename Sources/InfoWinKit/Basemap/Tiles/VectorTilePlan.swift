/// Which vector tiles a picture draws (SPEC.md, "Vector basemaps"): the level is `floor(zoom − 1)` of the
/// camera's zoom (MapLibre's tiles are 512 px: a level-z tile covers 512 points at camera zoom z + 1),
/// at least 0, at most the tileset's `maxZoom` (deeper, its tiles are overzoomed: scaled up). Below the
/// tileset's `minZoom` nothing is drawn and `warning` says so. The block of tiles, their size on the
/// canvas and the bearing are those of `TilePlan`.
struct VectorTilePlan {
    /// The level drawn, or nil when the camera is below the tileset's `minZoom`.
    package let level: Int?
    /// The tiles covering the canvas (none below `minZoom`).
    let block: TilePlan?
    /// Why nothing is drawn, when the camera is below the tileset's `minZoom`.
    package let warning: String?

    /// The plan of a `width` × `height` canvas seen by `camera` for a tileset of levels `zooms`, named
    /// `source` in the warning.
    init(camera: CameraSpec, width: Double, height: Double, padding: EdgeInsets = .zero, zooms: ClosedRange<Int>, source: String) {
        let level = min(max(Int((camera.zoom - 1).rounded(.down)), 0), zooms.upperBound)
        guard level >= zooms.lowerBound else {
            self.level = nil
            block = nil
            warning = "the basemap is not drawn: zoom \(Format.number(camera.zoom)) is below the levels of \(source) (its tiles start at level \(zooms.lowerBound), drawn from zoom \(zooms.lowerBound + 1))"
            return
        }
        self.level = level
        block = TilePlan(level: level, camera: camera, width: width, height: height, padding: padding)
        warning = nil
    }

    /// Every tile to draw, row by row (columns wrap around the world).
    package var tiles: [TileID] { block?.tiles ?? [] }

    /// The side of one tile on the canvas, in points (512 at a whole MapLibre zoom, more when overzoomed).
    var tilePoints: Double { block?.tilePoints ?? 0 }
}
