import Graphics

/// Draws a laid-out scene (lay out → **draw**): background, markers in z-order, the info window on top.
struct SceneRenderer {
    let scene: Scene
    /// The map's tiles, when the spec has `map.tiles`.
    var tiles: FetchedTiles?
    var file = "image"

    func draw() throws(InfoWinError) -> ImageSurface {
        let surface: ImageSurface
        do {
            surface = try ImageSurface(width: scene.canvas.width, height: scene.canvas.height)
        } catch {
            throw .io(file: "image", message: error.message)
        }
        let context = DrawingContext(surface: surface)
        context.setColor(scene.background)
        context.paint()
        context.scale(by: scene.scale)
        if let tiles {
            try MapPainter(tiles: tiles, opacity: scene.tileOpacity, scale: scene.scale, file: file).draw(in: context)
        }
        let canvas = Rect(x: 0, y: 0, width: scene.width, height: scene.height)
        for marker in scene.drawingOrder where marker.bounds.intersects(canvas) {
            draw(marker, in: context)
        }
        if let window = scene.infoWindow {
            try WindowPainter(window: window).draw(in: context)
        }
        scene.attribution?.draw(in: context)
        return surface
    }

    private func draw(_ marker: PlacedMarker, in context: DrawingContext) {
        guard marker.opacity > 0 else { return }
        context.withSavedState {
            let t = marker.transform
            context.transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
            switch marker.icon {
            case .pin(let art, let color):
                context.withOpacityGroup(marker.opacity) { PinPainter.draw(art, color: color, in: context) }
            case .image(let image, let imageScale):
                context.drawImage(image, scale: 1 / imageScale, opacity: marker.opacity)
            case .view(let view):
                context.withOpacityGroup(marker.opacity) { ViewPainter.draw(view, in: context) }
            }
        }
    }
}
