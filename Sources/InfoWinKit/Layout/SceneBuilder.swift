import Graphics

/// Places a spec's markers and its selected marker's info window (decode → validate → resolve → **lay out**).
struct SceneBuilder {
    let spec: Spec
    let scale: Double
    let selectedMarker: String?
    /// The marker as the open window shows it, when that is not as it is now.
    var windowContent: MarkerSpec?
    let library: FontLibrary
    /// The markers as an earlier frame placed them, when they and the camera are unchanged (`play`).
    var placedMarkers: [PlacedMarker]?

    /// The widest an icon view is offered: it takes its own size unless its modifiers bound it.
    static let iconViewOffer = 4096.0

    func build() throws(InfoWinError) -> Scene {
        let fitter = TextFitter(library: library, budget: TextBudget(file: spec.file))
        let images = ImageCache(file: spec.file)
        let projection = MapProjection(camera: spec.map.camera, width: spec.map.width, height: spec.map.height)
        var markers: [PlacedMarker] = []
        if let placedMarkers {
            markers = placedMarkers
        } else {
            for marker in spec.markers {
                markers.append(try place(marker, projection: projection, fitter: fitter, images: images))
            }
            try checkPaintedArea(of: markers)
        }
        var warnings: [String] = []
        var missing = markers.flatMap(\.missingGlyphs)
        var window: PlacedWindow?
        if let selectedMarker, let index = spec.markers.firstIndex(where: { $0.id == selectedMarker }) {
            let marker = windowContent.flatMap { $0.id == selectedMarker ? $0 : nil } ?? spec.markers[index]
            let layout = WindowLayout(
                marker: marker, window: marker.infoWindow ?? spec.infoWindow, anchor: markers[index].infoWindowAnchor,
                scale: scale, canvas: Size(width: spec.map.width, height: spec.map.height), fitter: fitter, images: images, file: spec.file)
            window = try layout.place()
            if let window {
                missing += window.missingGlyphs.filter { glyph in !missing.contains(glyph) }
                for edge in window.clipped {
                    warnings.append("marker \(JSONWriter.quoted(marker.id)): the info window is cut by the \(edge.rawValue) edge of the canvas")
                }
            }
        }
        for glyph in missing {
            warnings.append("marker \(JSONWriter.quoted(glyph.markerID)): no font can draw the character \(glyph.code); it is shown as a box")
        }
        return Scene(
            canvas: CanvasSize(map: spec.map, scale: scale), scale: scale, width: spec.map.width, height: spec.map.height,
            background: spec.map.background, look: spec.look, camera: spec.map.camera, markers: markers, infoWindow: window, missingGlyphs: missing,
            warnings: warnings)
    }

    /// The most icon pixels one image may paint in all (each icon counted where it falls on the canvas):
    /// a few seconds of drawing. 10,000 default pins at 2× paint 46 million.
    static let paintedPixelLimit = 2_000_000_000.0

    private func checkPaintedArea(of markers: [PlacedMarker]) throws(InfoWinError) {
        let canvas = Rect(x: 0, y: 0, width: spec.map.width, height: spec.map.height)
        let painted = markers.reduce(0.0) { total, marker in
            let bounds = marker.bounds
            let width = max(0, min(bounds.maxX, canvas.maxX) - max(bounds.x, canvas.x))
            let height = max(0, min(bounds.maxY, canvas.maxY) - max(bounds.y, canvas.y))
            return total + width * height * scale * scale
        }
        guard painted <= Self.paintedPixelLimit else {
            throw .invalid(
                file: spec.file, path: .root.appending("markers"),
                message: "the icons cover \(Format.grouped(Int(painted))) pixels of the image in all, more than the limit of "
                    + "\(Format.grouped(Int(Self.paintedPixelLimit)))")
        }
    }

    private func place(
        _ marker: MarkerSpec, projection: MapProjection, fitter: TextFitter, images: ImageCache
    ) throws(InfoWinError) -> PlacedMarker {
        let (icon, size) = try icon(of: marker, fitter: fitter, images: images)
        let groundAnchor = projection.canvasPoint(of: marker.position)
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
        if let view = marker.iconView {
            let layout = ViewLayout(marker: marker, fitter: fitter, images: images, file: spec.file)
            let measured = try layout.measure(view, offered: Self.iconViewOffer)
            return (.view(layout.place(measured, at: Point(x: 0, y: 0), size: measured.size)), measured.size)
        }
        switch marker.icon {
        case .pin(let color):
            return (.pin(spec.look.pin, color: color), spec.look.pin.size)
        case .image(let file, let bytes, let imageScale, let source):
            let image = try images.image(file, bytes: bytes, source: source)
            return (.image(image, scale: imageScale), Size(width: Double(image.width) / imageScale, height: Double(image.height) / imageScale))
        }
    }
}

extension PlacedMarker {
    /// Characters of an icon view's texts that no font could draw, each once.
    var missingGlyphs: [MissingGlyph] {
        guard case .view(let view) = icon else { return [] }
        var seen = Set<Unicode.Scalar>()
        return view.texts.flatMap(\.layout.missingCharacters).filter { seen.insert($0).inserted }
            .map { MissingGlyph(markerID: id, scalar: $0) }
    }
}
