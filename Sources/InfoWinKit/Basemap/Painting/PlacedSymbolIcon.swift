import Graphics

/// An icon on the canvas: the sprite's image stretched into `frame` at `opacity`.
struct PlacedSymbolIcon {
    let surface: ImageSurface
    let frame: Rect
    let opacity: Double
    let allowOverlap: Bool

    func draw(in context: DrawingContext) {
        guard opacity > 0 else { return }
        context.drawImage(surface, x: frame.x, y: frame.y, width: frame.width, height: frame.height, opacity: opacity)
    }
}
