import Graphics

extension Scene {
    /// Every buffer of its image at once: the canvas, its filtered rows and the compressed PNG, each about
    /// 4 bytes a pixel, and a kept map layer (`play`) if any.
    func peakBytes(keepingMap: Bool) -> Int { canvas.width * canvas.height * 4 * (keepingMap ? 4 : 3) }
}

/// Draws a laid-out scene (lay out → **draw**): background, markers in z-order, the info window on top.
struct SceneRenderer {
    let scene: Scene
    /// The spec the scene was laid out from, for messages.
    let spec: Spec
    /// The map's tiles, when the spec has `map.tiles`.
    var tiles: FetchedTiles?
    /// Asked before each tile row, shape, marker and window, and during a shadow's blur.
    var cancellation: RenderCancellation?

    /// Draws the whole scene on a new surface.
    func draw() throws(InfoWinError) -> ImageSurface {
        let surface = try drawMap(keepingIt: false)
        try drawWindow(on: surface)
        return surface
    }

    /// Draws the scene over `map`, the background and markers an earlier frame drew for these same markers
    /// (`play`, while only the window changes), on a copy: `map` stays as it is for the next frame.
    func draw(over map: ImageSurface) throws(InfoWinError) -> ImageSurface {
        let surface: ImageSurface
        do {
            surface = try map.copy()
        } catch {
            throw .machine(file: spec.file, path: .root.appending("map"), message: "cannot draw the map: \(error.message)")
        }
        try drawWindow(on: surface)
        return surface
    }

    /// The background and the markers; `keepingIt` says it will be kept to draw later frames over.
    func drawMap(keepingIt: Bool) throws(InfoWinError) -> ImageSurface {
        let (width, height) = (scene.canvas.width, scene.canvas.height)
        let bytes = scene.peakBytes(keepingMap: keepingIt)
        // Cairo reports a canvas it cannot allocate, but the encoder's buffers would abort the process: ask
        // for all of it at once, first, and say so if it is not there.
        guard MemoryTuning.canAllocate(bytes: bytes) else {
            throw .outOfMemory(file: spec.file, width: width, height: height, bytes: bytes)
        }
        let surface: ImageSurface
        do {
            surface = try ImageSurface(width: width, height: height)
        } catch {
            throw .machine(file: spec.file, path: .root.appending("map"), message: "cannot draw the map: \(error.message)")
        }
        try drawMap(in: DrawingContext(surface: surface), lineTolerance: LineSimplification.pixels / scene.scale)
        return surface
    }

    /// Draws the whole scene, cropped as the scene says, as one page of an SVG or PDF document: the same
    /// drawing calls as on an image, so shapes stay shapes and text stays text (or outlines).
    func drawDocument(_ format: VectorFormat) throws(InfoWinError) -> [UInt8] {
        let page = scene.crop ?? PixelRect(x: 0, y: 0, width: scene.canvas.width, height: scene.canvas.height)
        let name = format == .svg ? "SVG" : "PDF"
        let document: VectorDocument
        do {
            document = try VectorDocument(format, width: Double(page.width), height: Double(page.height))
        } catch {
            throw .machine(file: spec.file, path: nil, message: "cannot make the \(name) document: \(error.message)")
        }
        let context = DrawingContext(document: document)
        context.translate(x: -Double(page.x), y: -Double(page.y))
        try context.withSavedState { () throws(InfoWinError) in try drawMap(in: context, lineTolerance: 0) }
        try context.withSavedState { () throws(InfoWinError) in try drawWindow(in: context) }
        do {
            return try document.finish()
        } catch {
            throw .machine(file: spec.file, path: nil, message: "cannot write the \(name) document: \(error.message)")
        }
    }

    /// The background, the tiles, the shapes and the markers, on a context in output pixels; lines drop the
    /// points within `lineTolerance` (points) of their simplified course (0 keeps every point).
    private func drawMap(in context: DrawingContext, lineTolerance: Double) throws(InfoWinError) {
        context.setColor(scene.background)
        context.paint()
        context.scale(by: scene.scale)
        if let tiles {
            try MapPainter(tiles: tiles, opacity: scene.tileOpacity, scale: scene.scale, file: spec.file, cancellation: cancellation).draw(in: context)
        }
        let canvas = Rect(x: 0, y: 0, width: scene.width, height: scene.height)
        for shape in scene.shapes where shape.bounds.intersects(canvas) {
            try cancellation.check(spec.file, before: "drawing a shape")
            ShapePainter.draw(shape, in: context, lineTolerance: lineTolerance)
        }
        for marker in scene.drawingOrder where marker.bounds.intersects(canvas) {
            try cancellation.check(spec.file, before: "drawing a marker")
            draw(marker, in: context)
        }
    }

    private func drawWindow(on surface: ImageSurface) throws(InfoWinError) {
        try drawWindow(in: DrawingContext(surface: surface))
    }

    /// The windows (later on top), then the tiles' attribution over everything, as maps draw it, on a
    /// context in output pixels.
    private func drawWindow(in context: DrawingContext) throws(InfoWinError) {
        context.scale(by: scene.scale)
        let visible = Rect(x: 0, y: 0, width: scene.width, height: scene.height)
        for window in scene.windows {
            try cancellation.check(spec.file, before: "drawing an info window")
            let drawn: Bool
            do {
                drawn = try WindowPainter(window: window, visible: visible, cancellation: cancellation).draw(in: context)
            } catch {
                throw .machine(file: spec.file, path: spec.infoWindowPath(of: window.markerID), message: "cannot draw the info window: \(error.message)")
            }
            if !drawn { throw .cancelled(file: spec.file, step: "blurring an info window's shadow") }
        }
        scene.attribution?.draw(in: context)
    }

    /// Draws a marker's icon at its opacity as one layer no larger than what it draws, `frames` and a
    /// margin for the pins' strokes and anti-aliasing: a layer per translucent marker the size of the
    /// canvas was a pass over the whole canvas each (150 on an 8192-pixel canvas took 11 s).
    private func fade(_ marker: PlacedMarker, drawingIn frames: [Rect], in context: DrawingContext, _ body: () -> Void) {
        guard marker.opacity < 1 else { return body() }
        let margin = 4.0
        let box = Rect(bounding: frames.flatMap { [Point(x: $0.x, y: $0.y), Point(x: $0.maxX, y: $0.maxY)] })
        context.withSavedState {
            context.clip(toPixelsAround: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin)
            context.withOpacityGroup(marker.opacity, body)
        }
    }

    /// The box of a view and of every view in it: views draw inside their boxes (text and images are cut
    /// to them), but an offset child may sit outside its parent's.
    private static func frames(in view: PlacedView) -> [Rect] {
        guard case .stack(let children) = view.content else { return [view.frame] }
        return [view.frame] + children.flatMap(frames)
    }

    private func draw(_ marker: PlacedMarker, in context: DrawingContext) {
        guard marker.opacity > 0 else { return }
        context.withSavedState {
            let t = marker.transform
            context.transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
            switch marker.icon {
            case .pin(let pin):
                fade(marker, drawingIn: [Rect(x: 0, y: 0, width: marker.size.width, height: marker.size.height)], in: context) {
                    PinPainter.draw(pin, in: context)
                }
            case .image(let image, let imageScale):
                context.drawImage(image, scale: 1 / imageScale, opacity: marker.opacity)
            case .view(let view, let clipsToBounds):
                // `UIView.clipsToBounds`, as the SDK sets it on an iconView: nothing outside the icon's frame.
                // Views draw inside their boxes, so only children moved out (`offset`) need the clip.
                let frame = Rect(x: 0, y: 0, width: marker.size.width, height: marker.size.height)
                let clips = clipsToBounds && !frame.contains(view.drawnBounds)
                fade(marker, drawingIn: clips ? [frame] : Self.frames(in: view), in: context) {
                    context.withSavedState {
                        if clips {
                            context.addRoundedRect(frame, radius: 0)
                            context.clip()
                        }
                        ViewPainter.draw(view, in: context, textBounds: clipsToBounds ? frame : nil)
                    }
                }
            }
        }
    }
}
