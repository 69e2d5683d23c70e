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
    let labels: BasemapLabels
    /// The style's sprite, for `fill-pattern` (the labels hold their icons).
    let sprite: SpriteSheet?
    /// Everything left out or missing, each naming what.
    let warnings: [String]
    /// A digest of the style's text and of its sprite's files.
    let styleDigest: String

    /// What the layout report says of it, frames in output pixels.
    func report(frame: (Rect) -> LayoutReport.Frame) -> LayoutReport.Basemap {
        LayoutReport.Basemap(
            style: styleName, schema: schema, level: level ?? 0, drawn: tiles.tiles.count,
            missing: tiles.missing.map(\.tile.name),
            labels: labels.texts.map { LayoutReport.Label(text: $0.text, layer: $0.layer, frame: frame($0.frame)) },
            warnings: warnings)
    }
}

/// The basemap under the shapes and markers: its layers in style order, then its labels.
struct BasemapLayer: MapLayer {
    let basemap: PreparedBasemap

    func draw(in context: DrawingContext, _ drawing: MapLayerDrawing) throws(InfoWinError) {
        try drawing.cancellation.check(drawing.file, before: "drawing the basemap")
        context.withSavedState {
            _ = BasemapPainter(layers: basemap.layers, tiles: basemap.tiles.tiles, view: basemap.view, sprite: basemap.sprite).draw(in: context)
        }
        try drawing.cancellation.check(drawing.file, before: "drawing the basemap's labels")
        context.withSavedState { basemap.labels.draw(in: context) }
    }
}
