import Graphics

/// Places a spec's markers and its selected marker's info window (decode → validate → resolve → **lay out**).
struct SceneBuilder {
    let spec: Spec
    let scale: Double
    let selectedMarker: String?
    let library: FontLibrary

    func build() throws(InfoWinError) -> Scene {
        let projection = MapProjection(camera: spec.map.camera, width: spec.map.width, height: spec.map.height)
        var markers: [PlacedMarker] = []
        for marker in spec.markers {
            markers.append(try place(marker, projection: projection))
        }
        var warnings: [String] = []
        var missing: [MissingGlyph] = []
        var window: PlacedWindow?
        if let selectedMarker, let marker = spec.markers.first(where: { $0.id == selectedMarker }),
           let anchor = markers.first(where: { $0.id == selectedMarker })?.infoWindowAnchor {
            let layout = WindowLayout(
                marker: marker, style: (marker.infoWindow ?? spec.infoWindow).style, anchor: anchor, scale: scale,
                canvas: Size(width: spec.map.width, height: spec.map.height), library: library)
            window = layout.place()
            if let window {
                missing = window.missingGlyphs
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
            background: spec.map.background, markers: markers, infoWindow: window, missingGlyphs: missing,
            warnings: warnings)
    }

    private func place(_ marker: MarkerSpec, projection: MapProjection) throws(InfoWinError) -> PlacedMarker {
        let icon: PlacedIcon
        let size: Size
        switch marker.icon {
        case .pin(let color):
            icon = .pin(color: color)
            size = DefaultPin.size
        case .image(let file, let bytes, let imageScale, let source):
            let image: ImageSurface
            do {
                image = try ImageSurface(pngData: bytes)
            } catch {
                throw .invalid(file: spec.file, path: source, message: "\(file) is not a readable PNG image (it is damaged or truncated)")
            }
            icon = .image(image, scale: imageScale)
            size = Size(width: Double(image.width) / imageScale, height: Double(image.height) / imageScale)
        }
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
}
