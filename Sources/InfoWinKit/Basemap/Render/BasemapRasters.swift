#if canImport(Glibc)
import Glibc
#endif

/// The raster tiles of a style file's `raster` sources for one picture (SPEC.md, "Vector basemaps"): each
/// source a `raster` layer draws at the camera's zoom, fetched through the tile provider as `map.tiles` is
/// (its tile-source kinds, sandbox, limits, caches, deadline and private-network rules), at MapLibre's
/// level for the source's `tileSize` (512 by default, as MapLibre's), clamped to its `maxzoom`.
struct BasemapRasters {
    /// The tiles of each source drawn, by the source's name.
    private(set) var bySource: [String: FetchedTiles] = [:]
    /// The sources not drawn because the camera is below their levels, and the tiles missing or broken.
    private(set) var warnings: [String] = []

    /// The tiles missing from every source, as the layout report names them.
    var missingNames: [String] { sortedSources.flatMap { $0.missing?.tiles.map(\.name) ?? [] } }

    /// The first source's missing tiles, for `--fail-on missing-tiles` when the vector tiles lack none.
    var firstMissing: MissingTiles? { sortedSources.lazy.compactMap(\.missing).first }

    /// The tiles drawn from every source.
    var drawnCount: Int { bySource.values.reduce(0) { $0 + $1.images.count } }

    /// A digest of every source's tiles (their ids and bytes), for the input hash; empty without rasters.
    var digest: String { sortedSources.map(\.digest).joined(separator: " ") }

    private var sortedSources: [FetchedTiles] { bySource.keys.sorted().map { bySource[$0]! } }

    /// No raster tiles (a built-in style has no raster layer).
    init() {}

    /// Fetches the tiles of the raster sources that `style`'s layers draw at the camera's zoom.
    init(style: MapStyle, loader: BasemapStyleLoader, allowedFolders: [String], view: BasemapView, scene: Scene, provider: TileProvider) throws(InfoWinError) {
        let drawn = style.layers.filter { $0.type == .raster && $0.isDrawn(atZoom: view.styleZoom) }.compactMap(\.source)
        var names: [String] = []
        for name in drawn where !names.contains(name) { names.append(name) }
        let map = loader.spec.map
        for name in names {
            guard let source = style.source(named: name), source.kind == .raster else { continue }
            let path = JSONPath.root.appending("sources").appending(name)
            var tiles = TilesSpec(source: try loader.tileSource(of: source, style: style, allowedFolders: allowedFolders))
            tiles.tileSize = source.tileSize
            tiles.scheme = source.isTMS ? .tms : .xyz
            tiles.minZoom = source.minZoom
            tiles.maxZoom = source.maxZoom
            // MapLibre rounds the level of a raster source; below its minzoom it draws none of its tiles.
            let ideal = scene.camera.zoom - log2(Double(source.tileSize) / 256)
            guard Int((ideal + 0.5).rounded(.down)) >= source.minZoom else {
                warnings.append(
                    "raster source \(JSONWriter.quoted(name.abbreviated(60))) of \(Path.lastComponent(of: style.file)) is not drawn: zoom \(Format.number(scene.camera.zoom)) is below its levels (they start at \(source.minZoom))")
                continue
            }
            let plan = TilePlan(tiles: tiles, camera: scene.camera, width: map.width, height: map.height, padding: map.padding)
            let retina = scene.scale >= 2 && tiles.source.hasRetinaChoice
            let fetched = try provider.fetch(plan, spec: tiles, retina: retina, file: style.file, sourcePath: path)
            bySource[name] = fetched
            warnings += fetched.warnings
        }
    }
}
