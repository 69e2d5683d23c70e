import Graphics

/// The raster tiles under the markers (`map.tiles`), put together in one block at their own resolution (so
/// no seam can show between two of them) and drawn once, scaled to the camera's zoom and turned with its
/// bearing. (The attribution is drawn on top of everything, in the bottom-right corner: `PlacedAttribution`.)
struct RasterTileLayer: MapLayer {
    let tiles: FetchedTiles
    let opacity: Double

    /// The most pixels the block of tiles may have (as many as the largest image).
    static let blockPixelLimit = 2 * SpecDecoder.pixelLimit

    /// Asks `drawing.cancellation` before each row of tiles is put in the block.
    func draw(in context: DrawingContext, _ drawing: MapLayerDrawing) throws(InfoWinError) {
        let (scale, file, cancellation) = (drawing.scale, drawing.file, drawing.cancellation)
        let plan = tiles.plan
        guard plan.tileCount > 0, opacity > 0, !tiles.images.isEmpty else { return }
        // A cell of the block holds a tile's pixels, or fewer when the tile is drawn at less than half its
        // size; the block is then drawn once, bilinear (as MapLibre draws raster tiles) when it shrinks by
        // at most half: a fractional zoom costs about what a whole one does.
        let tilePixels = tiles.images.values.map { max($0.width, $0.height) }.max() ?? 256
        let drawnPixels = plan.tilePoints * scale
        let shrunk = max(1, min(tilePixels, Int(drawnPixels.rounded(.up))))
        let whole = drawnPixels * 2 >= Double(tilePixels) && plan.columns * tilePixels * plan.rows * tilePixels <= Self.blockPixelLimit
        let cell = whole ? tilePixels : shrunk
        guard plan.columns * cell * plan.rows * cell <= Self.blockPixelLimit else {
            throw .invalid(
                file: file, path: .root.appending("map").appending("tiles"),
                message: "the map's tiles would take \(plan.columns * cell) × \(plan.rows * cell) pixels, more than the limit")
        }
        let block: ImageSurface
        do throws(GraphicsError) {
            block = try ImageSurface(width: plan.columns * cell, height: plan.rows * cell)
            let blockContext = DrawingContext(surface: block)
            for row in 0..<plan.rows {
                if cancellation?.isCancelled == true { break }
                for column in 0..<plan.columns {
                    guard let pixels = tiles.images[plan.tile(column: column, row: row)] else { continue }
                    blockContext.drawImage(
                        try ImageSurface(copying: pixels), x: Double(column * cell), y: Double(row * cell),
                        width: Double(cell), height: Double(cell))
                }
            }
        } catch {
            throw .machine(file: file, path: nil, message: "not enough memory for the map's tiles (\(error.message))")
        }
        try cancellation.check(file, before: "drawing the map's tiles")
        context.withSavedState {
            context.translate(x: plan.center.x, y: plan.center.y)
            context.rotate(radians: -plan.bearing * .pi / 180)
            let origin = plan.blockOffset
            context.drawImagePadded(
                block, x: origin.x, y: origin.y, width: Double(plan.columns) * plan.tilePoints,
                height: Double(plan.rows) * plan.tilePoints, opacity: opacity, bilinear: drawnPixels * 2 >= Double(cell))
        }
    }
}

/// The tiles' attribution where it is drawn: small text on a translucent white box in the bottom-right
/// corner of the canvas.
package struct PlacedAttribution {
    let text: PlacedText
    let box: Rect

    package static let font = TextStyle(family: Look.defaultFamily, size: 10)
    static let color = RGBA(hex: 0x333333)
    static let background = RGBA(red: 1, green: 1, blue: 1, alpha: 0.7)
    static let padding = EdgeInsets(top: 1, left: 4, bottom: 1, right: 4)

    func draw(in context: DrawingContext) {
        context.addRoundedRect(box, radius: 0)
        context.setColor(Self.background)
        context.fill()
        text.draw(in: context, within: box)
    }
}
