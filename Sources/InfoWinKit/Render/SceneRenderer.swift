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
    /// The vector basemap, when the spec has `map.basemap`.
    var basemap: PreparedBasemap?
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

    /// The map's layers, bottom to top: the tiles or the basemap, the shapes, the markers.
    var mapLayers: [any MapLayer] {
        var layers: [any MapLayer] = []
        if let tiles { layers.append(RasterTileLayer(tiles: tiles, opacity: scene.tileOpacity)) }
        if let basemap { layers.append(BasemapLayer(basemap: basemap)) }
        layers.append(ShapeLayer(shapes: scene.shapes))
        layers.append(MarkerLayer(markers: scene.drawingOrder))
        return layers
    }

    /// The background, then every map layer, on a context in output pixels; lines drop the points within
    /// `lineTolerance` (points) of their simplified course (0 keeps every point).
    private func drawMap(in context: DrawingContext, lineTolerance: Double) throws(InfoWinError) {
        context.setColor(scene.background)
        context.paint()
        context.scale(by: scene.scale)
        let drawing = MapLayerDrawing(
            file: spec.file, canvas: Rect(x: 0, y: 0, width: scene.width, height: scene.height), scale: scene.scale,
            lineTolerance: lineTolerance, cancellation: cancellation)
        for layer in mapLayers {
            try layer.draw(in: context, drawing)
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
}
