import Graphics

/// Draws a laid-out scene (lay out → **draw**): background, markers in z-order, the info window on top.
struct SceneRenderer {
    let scene: Scene
    /// The spec the scene was laid out from, for messages.
    let spec: Spec

    /// Every buffer of one image at once: the canvas, its filtered rows and the compressed PNG, each about
    /// 4 bytes a pixel.
    static func peakBytes(width: Int, height: Int) -> Int { width * height * 4 * 3 }

    func draw() throws(InfoWinError) -> ImageSurface {
        let (width, height) = (scene.canvas.width, scene.canvas.height)
        let bytes = Self.peakBytes(width: width, height: height)
        // Cairo reports a canvas it cannot allocate, but the encoder's buffers would abort the process: ask
        // for all of it at once, first, and say so if it is not there.
        guard MemoryTuning.canAllocate(bytes: bytes) else {
            throw .io(file: spec.file, message: "not enough memory for a \(width) × \(height) image (\(Format.grouped((bytes + (1 << 20) - 1) >> 20)) MB)")
        }
        let surface: ImageSurface
        do {
            surface = try ImageSurface(width: width, height: height)
        } catch {
            throw .invalid(file: spec.file, path: .root.appending("map"), message: "cannot draw the map: \(error.message)")
        }
        let context = DrawingContext(surface: surface)
        context.setColor(scene.background)
        context.paint()
        context.scale(by: scene.scale)
        let canvas = Rect(x: 0, y: 0, width: scene.width, height: scene.height)
        for marker in scene.drawingOrder where marker.bounds.intersects(canvas) {
            draw(marker, in: context)
        }
        if let window = scene.infoWindow {
            do {
                try WindowPainter(window: window).draw(in: context)
            } catch {
                throw .invalid(file: spec.file, path: windowPath(window.markerID), message: "cannot draw the info window: \(error.message)")
            }
        }
        return surface
    }

    /// Where the open window was made: the marker's own `infoWindow`, else the top-level one.
    private func windowPath(_ markerID: String) -> JSONPath {
        guard let index = spec.markers.firstIndex(where: { $0.id == markerID }) else { return .root.appending("infoWindow") }
        return spec.markers[index].infoWindow == nil
            ? .root.appending("infoWindow") : .root.appending("markers").appending(index).appending("infoWindow")
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
