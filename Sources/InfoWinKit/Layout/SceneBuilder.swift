import Graphics

/// Places a spec's markers and its selected marker's info window (decode → validate → resolve → **lay out**).
package struct SceneBuilder {
    let spec: Spec
    let scale: Double
    let selectedMarker: String?
    /// The marker as the open window shows it, when that is not as it is now.
    var windowContent: MarkerSpec?
    let library: FontLibrary
    /// The markers as an earlier frame placed them, when they and the camera are unchanged (`play`).
    var placedMarkers: [PlacedMarker]?
    /// The part of the canvas to write, or nil for all of it.
    var crop: CropSpec?
    /// Asked before each marker's icon is laid out.
    var cancellation: RenderCancellation?

    /// The widest an icon view is offered: it takes its own size unless its modifiers bound it.
    static let iconViewOffer = 4096.0

    func build() throws(InfoWinError) -> Scene {
        let fitter = TextFitter(library: library, budget: TextBudget(file: spec.file))
        let images = ImageCache(file: spec.file, folder: spec.folder, templatedAssets: spec.templatedImages)
        let shapeLayout = try ShapeLayout(shapes: spec.shapes, images: images)
        let camera: CameraSpec
        let markers: [PlacedMarker]
        if let placedMarkers, spec.map.fit == nil, spec.autoPanPadding(forWindowOf: selectedMarker) == nil {
            camera = spec.map.camera
            markers = placedMarkers
        } else {
            // Icons are laid out once, around their ground anchors; the camera decides where those go.
            var icons: [PlacedMarker] = []
            for marker in spec.markers {
                try cancellation.check(spec.file, before: "laying out a marker")
                icons.append(try placeIcon(marker, fitter: fitter, images: images))
            }
            camera = try chooseCamera(icons: icons, shapes: shapeLayout, fitter: fitter, images: images)
            let projection = spec.map.projection(camera)
            markers = zip(spec.markers, icons).map { marker, icon in icon.moved(to: projection.canvasPoint(of: marker.position)) }
            try checkPaintedArea(of: markers)
        }
        // Collisions are decided where the icons finally are: after fit and auto-pan, for this selection.
        let hidden = CollisionResolver(markers: markers, behaviors: spec.markers.map(\.collisionBehavior), selected: selectedMarker).hidden()
        let hiddenIDs = Set(hidden)
        let offCanvas = OffCanvasWarnings(
            canvas: Rect(x: 0, y: 0, width: spec.map.width, height: spec.map.height), projection: spec.map.projection(camera))
        // Each warning with its kind, for --quiet.
        var warnings = KindedWarnings()
        warnings.add(spec.untranslated.map(\.message), nil)
        warnings.add(offCanvas.markers(markers, specs: spec.markers), .offCanvas)
        warnings.add([SDKLimitWarnings.pinScales(spec.markers, look: spec.look)].compactMap { $0 }, nil)
        var missing = markers.flatMap(\.missingGlyphs)
        let window = try layOutWindow(markers: markers, fitter: fitter, images: images)?.window
        let shown = try layOutShownWindows(markers: markers, fitter: fitter, images: images)
        for window in ([window].compactMap { $0 } + shown) {
            warnings.add([SDKLimitWarnings.windowSize(window)].compactMap { $0 }, .largeWindow)
            missing += window.missingGlyphs.filter { glyph in !missing.contains(glyph) }
            if let off = offCanvas.window(window, marker: window.markerID) {
                warnings.add([off], .offCanvas)
            } else {
                warnings.add(window.clipped.map { edge in
                    "marker \(JSONWriter.quoted(window.markerID)): the info window is cut by the \(edge.rawValue) edge of the canvas"
                }, .offCanvas)
            }
        }
        warnings.add(missing.map { glyph in
            "marker \(JSONWriter.quoted(glyph.markerID)): no font can draw the character \(glyph.code); it is shown as a box"
        }, nil)
        let shapes = shapeLayout.placed(with: spec.map.projection(camera))
        var scene = Scene(
            canvas: CanvasSize(map: spec.map, scale: scale), scale: scale, width: spec.map.width, height: spec.map.height,
            background: spec.map.background, look: spec.look, locale: spec.locale, camera: camera, markers: markers,
            infoWindow: window, attribution: try attribution(fitter: fitter, camera: camera), tileOpacity: spec.map.tiles?.opacity ?? 1,
            crop: try cropRect(
                markers: markers.filter { !hiddenIDs.contains($0.id) }, windows: [window].compactMap { $0 } + shown, shapes: shapes),
            missingGlyphs: missing, warnings: warnings.lines)
        scene.warningKinds = warnings.kinds
        scene.shownWindows = shown
        scene.listsInfoWindows = spec.listsInfoWindows
        scene.untranslated = spec.untranslated
        scene.hiddenByCollision = hidden
        scene.imageFiles = images.readFiles
        scene.collisionsDecided = spec.markers.contains { $0.collisionBehavior != .required }
        scene.untappableMarkers = Set(spec.markers.filter { !$0.tappable }.map(\.id))
        scene.shapes = shapes
        scene.listsShapes = !spec.shapes.isEmpty
        try DrawingBudget(spec: spec, scale: scale).check(windows: scene.windows, shapes: shapes, markers: markers)
        return scene
    }

    /// The crop in output pixels: the windows with their tails and shadows (`window`), or also every
    /// marker's icon on the canvas (`markers`), or every shape on the canvas (`shapes`), plus the margin,
    /// rounded out to whole pixels and kept on the canvas.
    private func cropRect(markers: [PlacedMarker], windows: [PlacedWindow], shapes: [PlacedShape]) throws(InfoWinError) -> PixelRect? {
        guard let crop else { return nil }
        let canvasRect = Rect(x: 0, y: 0, width: spec.map.width, height: spec.map.height)
        var parts = crop.target == .shapes ? shapes.map(\.bounds).filter { $0.intersects(canvasRect) } : windows.map(\.extentWithShadow)
        if crop.target == .markers {
            parts += markers.map(\.bounds).filter { $0.intersects(canvasRect) }
        }
        guard let content = parts.reduce(nil as Rect?, { $0?.union($1) ?? $1 }) else {
            let what = switch crop.target {
            case .window: "no info window is open"
            case .markers: "there is no marker and no window"
            case .shapes: "no shape is on the canvas"
            }
            throw .invalid(file: spec.file, path: .root.appending("crop"), message: "cannot crop to the \(crop.target.rawValue): \(what)")
        }
        let size = CanvasSize(map: spec.map, scale: scale)
        let left = max(0, Int(((content.x - crop.margin) * scale + 1e-9).rounded(.down)))
        let top = max(0, Int(((content.y - crop.margin) * scale + 1e-9).rounded(.down)))
        let right = min(size.width, Int(((content.maxX + crop.margin) * scale - 1e-9).rounded(.up)))
        let bottom = min(size.height, Int(((content.maxY + crop.margin) * scale - 1e-9).rounded(.up)))
        guard right > left, bottom > top else {
            throw .invalid(file: spec.file, path: .root.appending("crop"), message: "the \(crop.target.rawValue) \(crop.target == .markers ? "are" : "is") off the canvas: nothing to keep")
        }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The tiles' attribution on one line (cut with "…" when the canvas is narrower), in the bottom-right
    /// corner; its box's edges on whole output pixels.
    private func attribution(fitter: TextFitter, camera: CameraSpec) throws(InfoWinError) -> PlacedAttribution? {
        guard let text = spec.map.tiles?.attribution ?? spec.map.basemap?.attributionText(cameraZoom: camera.zoom) else { return nil }
        let padding = PlacedAttribution.padding
        let fitted = try fitter.fit(
            text, style: PlacedAttribution.font, maxWidth: max(1, spec.map.width - padding.horizontal), maxLines: 1,
            locale: spec.locale)
        let snap = { (length: Double) in (length * scale).rounded(.up) / scale }
        let width = snap(fitted.width + padding.horizontal), height = snap(fitted.height + padding.vertical)
        let box = Rect(x: spec.map.width - width, y: spec.map.height - height, width: width, height: height)
        let layout = fitted.layout(width: fitted.width, alignment: .start, library: library)
        let origin = Point(x: box.x + padding.left, y: box.y + padding.top)
        return PlacedAttribution(text: PlacedText(text: fitted, layout: layout, origin: origin, color: PlacedAttribution.color), box: box)
    }

    /// The most icon pixels one image may paint in all (each icon counted where it falls on the canvas):
    /// a few seconds of drawing. 10,000 default pins at 2× paint 46 million.
    package static let paintedPixelLimit = 2_000_000_000.0

    private func checkPaintedArea(of markers: [PlacedMarker]) throws(InfoWinError) {
        let canvas = Rect(x: 0, y: 0, width: spec.map.width, height: spec.map.height)
        let painted = markers.reduce(0.0) { $0 + $1.bounds.pixels(on: canvas, scale: scale) }
        guard painted <= Self.paintedPixelLimit else {
            throw .invalid(
                file: spec.file, path: .root.appending("markers"),
                message: "the icons cover \(Format.grouped(Int(painted))) pixels of the image in all, more than the limit of "
                    + "\(Format.grouped(Int(Self.paintedPixelLimit)))")
        }
    }

    /// The selected marker (as its window shows it) and its window, laid out at its icon's anchor; nil when
    /// no marker is selected.
    private func layOutWindow(
        markers: [PlacedMarker], fitter: TextFitter, images: ImageCache
    ) throws(InfoWinError) -> (marker: MarkerSpec, window: PlacedWindow?)? {
        guard let selectedMarker, let index = spec.markers.firstIndex(where: { $0.id == selectedMarker }) else { return nil }
        let marker = windowContent.flatMap { $0.id == selectedMarker ? $0 : nil } ?? spec.markers[index]
        return (marker, try layOutWindow(of: marker, at: index, markers: markers, fitter: fitter, images: images))
    }

    /// The windows of `showInfoWindows` other than the selected marker's (shown once, as the selection), in
    /// drawing order, each showing its marker as it is; markers with no window to show (a default window
    /// with neither title nor snippet) are left out.
    private func layOutShownWindows(markers: [PlacedMarker], fitter: TextFitter, images: ImageCache) throws(InfoWinError) -> [PlacedWindow] {
        var windows: [PlacedWindow] = []
        for id in spec.showInfoWindows where id != selectedMarker {
            guard let index = spec.markers.firstIndex(where: { $0.id == id }) else { continue }
            if let window = try layOutWindow(of: spec.markers[index], at: index, markers: markers, fitter: fitter, images: images) {
                windows.append(window)
            }
        }
        return windows
    }

    /// `marker`'s window (the marker as the window shows it), at the anchor of the icon `markers[index]`.
    private func layOutWindow(
        of marker: MarkerSpec, at index: Int, markers: [PlacedMarker], fitter: TextFitter, images: ImageCache
    ) throws(InfoWinError) -> PlacedWindow? {
        // Drawn with the top-level window, whose templates name what this marker lacks.
        if let error = marker.topLevelWindowError { throw error }
        let window = marker.shownInfoWindow(default: spec.infoWindow)
        // `pixelOffset` moves the whole window, its tail's tip included, from the anchor.
        let anchor = markers[index].infoWindowAnchor, offset = window.options.pixelOffset
        let layout = WindowLayout(
            marker: marker, window: window, anchor: Point(x: anchor.x + offset.x, y: anchor.y + offset.y),
            scale: scale, canvas: Size(width: spec.map.width, height: spec.map.height), fitter: fitter, images: images, file: spec.file,
            locale: spec.locale)
        return try layout.place()
    }

    /// The spec's camera, or the one `camera.fit` and `autoPan` choose (SPEC.md, "Framing"). Sizes are
    /// learnt with every ground anchor at the canvas origin: icons and windows keep their size in points
    /// whatever the camera.
    private func chooseCamera(
        icons: [PlacedMarker], shapes: ShapeLayout, fitter: TextFitter, images: ImageCache
    ) throws(InfoWinError) -> CameraSpec {
        let framing = Framing(map: spec.map, scale: scale)
        let panPadding = spec.autoPanPadding(forWindowOf: selectedMarker)
        guard spec.map.fit != nil || panPadding != nil else { return spec.map.camera }
        let index = selectedMarker.flatMap { id in spec.markers.firstIndex { $0.id == id } }
        let window = try layOutWindow(markers: icons, fitter: fitter, images: images)?.window.map { window in
            Framing.Item(coordinate: spec.markers[index!].position, extent: window.extentWithShadow)
        }
        var camera = spec.map.camera
        if let fit = spec.map.fit {
            let listed = fit.markers.map(Set.init)
            var items = zip(spec.markers, icons).filter { listed?.contains($0.0.id) ?? true }.map { marker, icon in
                Framing.Item(coordinate: marker.position, extent: icon.bounds)
            }
            if fit.includeInfoWindow {
                items += [window].compactMap { $0 }
                items += try layOutShownWindows(markers: icons, fitter: fitter, images: images).compactMap { shown in
                    spec.markers.first { $0.id == shown.markerID }.map { Framing.Item(coordinate: $0.position, extent: shown.extentWithShadow) }
                }
            }
            if fit.shapes { items += shapes.framingItems(bearing: spec.map.camera.bearing) }
            camera = framing.fitted(items, fit: fit)
        }
        if let padding = panPadding, let window, let index {
            let icon = Framing.Item(coordinate: spec.markers[index].position, extent: icons[index].bounds)
            camera = framing.panned(camera, toShow: [window, icon], panPadding: padding)
        }
        return camera
    }

    /// A marker's icon placed with its ground anchor at the canvas origin.
    private func placeIcon(_ marker: MarkerSpec, fitter: TextFitter, images: ImageCache) throws(InfoWinError) -> PlacedMarker {
        let (icon, size) = try icon(of: marker, fitter: fitter, images: images)
        let groundAnchor = Point(x: 0, y: 0)
        let screenRotation = marker.rotation - (marker.flat ? spec.map.camera.bearing : 0)
        let transform = AffineTransform
            .translation(x: -marker.groundAnchor.x * size.width, y: -marker.groundAnchor.y * size.height)
            .then(.rotation(degrees: screenRotation))
            .then(.translation(x: groundAnchor.x, y: groundAnchor.y))
        let windowAnchor = transform.apply(
            Point(x: marker.infoWindowAnchor.x * size.width, y: marker.infoWindowAnchor.y * size.height))
        return PlacedMarker(
            id: marker.id, icon: icon, size: size, transform: transform, opacity: marker.opacity, zIndex: marker.zIndex,
            groundAnchor: groundAnchor, infoWindowAnchor: windowAnchor, screenRotation: screenRotation)
    }

    /// The icon view laid out at its own size, the PNG decoded, or the default pin.
    private func icon(of marker: MarkerSpec, fitter: TextFitter, images: ImageCache) throws(InfoWinError) -> (PlacedIcon, Size) {
        if let view = marker.shownIconView {
            let layout = ViewLayout(marker: marker, fitter: fitter, images: images, file: spec.file, locale: spec.locale)
            let measured = try layout.measure(view, offered: Self.iconViewOffer)
            let placed = layout.place(measured, at: Point(x: 0, y: 0), size: measured.size)
                .mirrored(if: spec.locale.isRightToLeft, about: measured.size.width / 2)
            return (.view(placed, clipsToBounds: marker.iconViewClipsToBounds), measured.size)
        }
        switch marker.icon {
        case .pin(let color):
            let pin = try marker.pin.map { pin throws(InfoWinError) in
                try PinLayout(look: spec.look, fitter: fitter, images: images, locale: spec.locale).place(pin)
            } ?? PlacedPin(art: spec.look.pin, color: color)
            return (.pin(pin), pin.size)
        case .image(let file, let bytes, let imageScale, let source):
            let image = try images.image(file, bytes: bytes, source: source, kind: .icon)
            return (.image(image, scale: imageScale), Size(width: Double(image.width) / imageScale, height: Double(image.height) / imageScale))
        }
    }
}

extension PlacedMarker {
    /// Characters of an icon view's texts (or a pin's glyph text) that no font could draw, each once.
    var missingGlyphs: [MissingGlyph] {
        let texts: [PlacedText]
        switch icon {
        case .view(let view, _): texts = view.texts
        case .pin(let pin): texts = pin.glyphText.map { [$0] } ?? []
        case .image: texts = []
        }
        var seen = Set<Unicode.Scalar>()
        return texts.flatMap(\.layout.missingCharacters).filter { seen.insert($0).inserted }
            .map { MissingGlyph(markerID: id, scalar: $0) }
    }
}

/// Warnings in order, each with its kind (nil: none `--quiet` names).
private struct KindedWarnings {
    private(set) var lines: [String] = []
    private(set) var kinds: [WarningKind?] = []

    mutating func add(_ new: [String], _ kind: WarningKind?) {
        lines += new
        kinds += new.map { _ in kind }
    }
}
