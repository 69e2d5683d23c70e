extension LayoutReport {
    /// The report of a laid-out scene and the map tiles fetched for it.
    init(scene: Scene, tiles: FetchedTiles? = nil, basemap: PreparedBasemap? = nil) {
        let measure = ReportMeasure(scene: scene)
        func text(_ text: PlacedText) -> Text {
            Text(lines: text.text.lines, truncated: text.text.truncated, frame: measure.frame(text.reportedFrame), clipped: text.clipped)
        }
        func window(_ window: PlacedWindow) -> InfoWindow {
            InfoWindow(
                marker: window.markerID, kind: window.kind.rawValue, frame: measure.frame(window.frame), tailTip: measure.position(window.tailTip),
                clipped: window.clipped.map(\.rawValue), title: window.title.map(text), snippet: window.snippet.map(text),
                texts: window.view?.texts.map(text) ?? [], closeButton: window.closeButton.map { measure.frame($0.frame) })
        }
        let markers = scene.markers.map { marker in
            var entry = Marker(
                id: marker.id, icon: measure.frame(marker.bounds), groundAnchor: measure.position(marker.groundAnchor),
                infoWindowAnchor: measure.position(marker.infoWindowAnchor), texts: nil, pin: nil)
            if case .view(let view, _) = marker.icon {
                // An icon view's texts are in the icon's own points: report their lines and cuts only.
                entry.texts = view.texts.map { Text(lines: $0.text.lines, truncated: $0.text.truncated, frame: nil, clipped: $0.clipped) }
            }
            if case .pin(let pin) = marker.icon, pin.isPinImage {
                entry.pin = pin.reportPin(frame: marker.pinGlyphFrame.map(measure.frame))
            }
            return entry
        }
        self.init(
            image: measure.image, markers: markers, infoWindow: scene.infoWindow.map(window),
            missingGlyphs: scene.missingGlyphs.map { MissingGlyph(marker: $0.markerID, character: $0.code) },
            warnings: scene.warnings + (tiles?.warnings ?? []) + (basemap?.warnings ?? []), look: scene.look.rawValue, locale: scene.locale.tag, camera: scene.camera,
            hiddenByCollision: scene.collisionsDecided ? scene.hiddenByCollision : nil,
            // Every window, the selected marker's first (`infoWindow` is that one), in drawing order.
            infoWindows: scene.listsInfoWindows ? scene.windows.map(window) : nil,
            tiles: tiles.map { Tiles(level: $0.plan.level, drawn: $0.images.count, missing: ($0.missing?.tiles ?? []).map(\.name)) },
            attribution: scene.attribution.map { measure.frame($0.box) }, untranslated: scene.untranslated, missingTiles: tiles?.missing ?? basemap?.missingTiles,
            shapes: scene.listsShapes
                ? scene.shapes.map { Shape(id: $0.id, kind: $0.kind.rawValue, frame: measure.frame($0.bounds), digest: $0.digest) } : nil,
            basemap: basemap?.report(frame: measure.frame))
        warningKinds = WarningKinds(
            scene.warningKinds + (tiles?.warnings ?? []).map { _ in .missingTiles } + (basemap?.warningKinds ?? []).map { $0 })
    }
}

/// Scene points to the report's output pixels, counted from the written image's top-left corner (a
/// crop's, or the canvas's) and rounded to a thousandth.
private struct ReportMeasure {
    let scale: Double
    let originX: Double, originY: Double
    let image: LayoutReport.Image

    init(scene: Scene) {
        scale = scene.scale
        originX = Double(scene.crop?.x ?? 0)
        originY = Double(scene.crop?.y ?? 0)
        let crop = scene.crop.map {
            LayoutReport.Frame(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height))
        }
        image = LayoutReport.Image(
            width: Double(scene.crop?.width ?? scene.canvas.width), height: Double(scene.crop?.height ?? scene.canvas.height),
            scale: scene.scale, crop: crop)
    }

    func pixels(_ value: Double, from origin: Double = 0) -> Double {
        ((value * scale - origin) * 1000).rounded() / 1000
    }

    func position(_ point: Point) -> LayoutReport.Position {
        LayoutReport.Position(x: pixels(point.x, from: originX), y: pixels(point.y, from: originY))
    }

    func frame(_ rect: Rect) -> LayoutReport.Frame {
        LayoutReport.Frame(x: pixels(rect.x, from: originX), y: pixels(rect.y, from: originY), width: pixels(rect.width), height: pixels(rect.height))
    }
}
