import Graphics

/// A spec's `map.basemap` made ready for one picture (SPEC.md, "Vector basemaps"): the style's layers, the
/// tiles of the level the camera needs, decoded, and the labels placed round what infowin draws on top.
/// `BasemapLayer` draws it; the layout report, the fingerprint and the input hash read it.
struct PreparedBasemap {
    /// The built-in style's name (`light`, `dark`) or the style file's name, as the report names it.
    let styleName: String
    /// `openmaptiles`, `protomaps`, or `custom` with a style file.
    let schema: String
    /// The style's layers, bottom first.
    let layers: [StyleLayer]
    let view: BasemapView
    /// The level drawn, or nil when the camera is below the tileset's levels.
    let level: Int?
    let tiles: FetchedVectorTiles
    /// The tiles of the style's raster sources drawn by its `raster` layers.
    let rasters: BasemapRasters
    let labels: BasemapLabels
    /// The style's sprite, for `fill-pattern` (the labels hold their icons).
    let sprite: SpriteSheet?
    /// Everything left out or missing, each naming what.
    let warnings: [String]
    /// Each warning's kind (`--quiet`): a tile not drawn, or what the style leaves out.
    let warningKinds: [WarningKind]
    /// A digest of the style's text and of its sprite's files.
    let styleDigest: String

    /// What the layout report says of it, frames in output pixels.
    func report(frame: (Rect) -> LayoutReport.Frame) -> LayoutReport.Basemap {
        LayoutReport.Basemap(
            style: styleName, schema: schema, level: level ?? 0, drawn: tiles.tiles.count + rasters.drawnCount,
            missing: tiles.missing.map(\.tile.name) + rasters.missingNames,
            labels: labels.texts.map { LayoutReport.Label(text: $0.text, layer: $0.layer, frame: frame($0.frame)) },
            warnings: warnings)
    }

    /// The tiles missing, vector ones first, for `--fail-on missing-tiles`, or nil when none is.
    var missingTiles: MissingTiles? { tiles.missingTiles ?? rasters.firstMissing }

    /// A digest of every tile's bytes, vector and raster, for the input hash.
    var tilesDigest: String {
        let raster = rasters.digest
        return raster.isEmpty ? tiles.digest : tiles.digest + " " + raster
    }
}

/// The basemap under the shapes and markers: its layers in style order, then its labels.
struct BasemapLayer: MapLayer {
    let basemap: PreparedBasemap

    func draw(in context: DrawingContext, _ drawing: MapLayerDrawing) throws(InfoWinError) {
        try drawing.cancellation.check(drawing.file, before: "drawing the basemap")
        // Runs of vector layers between the raster layers, so that each raster lies where the style puts it.
        var run: [StyleLayer] = []
        for layer in basemap.layers {
            guard layer.type == .raster else {
                run.append(layer)
                continue
            }
            paint(run, in: context)
            run = []
            try drawRaster(layer, in: context, drawing)
        }
        paint(run, in: context)
        try drawing.cancellation.check(drawing.file, before: "drawing the basemap's labels")
        context.withSavedState { basemap.labels.draw(in: context) }
    }

    private func paint(_ layers: [StyleLayer], in context: DrawingContext) {
        guard !layers.isEmpty else { return }
        context.withSavedState {
            _ = BasemapPainter(layers: layers, tiles: basemap.tiles.tiles, view: basemap.view, sprite: basemap.sprite).draw(in: context)
        }
    }

    /// A `raster` layer: its source's tiles scaled to the camera's zoom, at its `raster-opacity`.
    private func drawRaster(_ layer: StyleLayer, in context: DrawingContext, _ drawing: MapLayerDrawing) throws(InfoWinError) {
        let zoom = basemap.view.styleZoom
        guard layer.isDrawn(atZoom: zoom), let source = layer.source, let tiles = basemap.rasters.bySource[source] else { return }
        let opacity = min(max(FeatureProperties(layer, zoom: zoom).number("raster-opacity"), 0), 1)
        try RasterTileLayer(tiles: tiles, opacity: opacity).draw(in: context, drawing)
    }
}
