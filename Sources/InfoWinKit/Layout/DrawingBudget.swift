/// What one image may cost to draw beyond its icons (whose painted pixels `SceneBuilder` counts): its
/// shadows' blur radius times the pixels of their masks, and the pixels that windows, the views in them,
/// their shadows and the shapes cover on the canvas, in all. Drawing costs in proportion to these, so a
/// small spec cannot ask for minutes of drawing (a 1 KB spec of four 4096-point windows with blurred,
/// spread shadows took 16 s).
package struct DrawingBudget {
    /// The most blur radius (points) × mask pixels (one a point) of an image's shadows in all. A blur
    /// costs in proportion to its pixels whatever the radius; the radius is counted too because a wide
    /// shadow's mask is mostly the blur's reach (a 4096-point window at blur 100: 2.1 billion, refused;
    /// at blur 50: 0.9 billion; a default window: about 400,000).
    package static let shadowLimit = 1_000_000_000.0
    /// The most pixels windows (their bodies, shadows and views), the views inside icon views and shapes
    /// may cover in all, each counted where it falls on the canvas: a few seconds of drawing, as for icons.
    package static let paintedPixelLimit = 2_000_000_000.0

    let spec: Spec
    let scale: Double

    /// Throws at the shadow where the shadows pass `shadowLimit`, or where the windows and shapes pass
    /// `paintedPixelLimit`.
    func check(windows: [PlacedWindow], shapes: [PlacedShape], markers: [PlacedMarker]) throws(InfoWinError) {
        let canvas = Rect(x: 0, y: 0, width: spec.map.width, height: spec.map.height)
        var painted = 0.0, blurred = 0.0
        for (index, marker) in markers.enumerated() {
            // An icon view's own box is counted with the icons; the views inside it, each at most as much
            // of the canvas as the icon covers, here.
            guard case .view(let view, _) = marker.icon, case .stack(let children) = view.content else { continue }
            let icon = marker.bounds.pixels(on: canvas, scale: scale)
            painted += children.reduce(0.0) { $0 + views(in: $1, atMost: icon) }
            try checkPainted(painted, path: .root.appending("markers").appending(index))
        }
        for shape in shapes {
            painted += cost(of: shape, on: canvas)
            try checkPainted(painted, path: .root.appending("shapes"))
        }
        for window in windows {
            painted += pixels(of: window.shapeBounds(), on: canvas)
            painted += window.view.map { views(in: $0, on: canvas) } ?? 0
            if let shadow = window.chrome.shadow {
                let geometry = ShadowGeometry(shadow: shadow, window: window, visible: canvas)
                blurred += shadow.blur * geometry.maskPixels
                guard blurred <= Self.shadowLimit else {
                    throw .invalid(
                        file: spec.file, path: spec.infoWindowPath(of: window.markerID),
                        message: "the info window's shadow (blur \(Format.number(shadow.blur)), spread \(Format.number(shadow.spread))) "
                            + "blurs \(Format.grouped(Int(geometry.maskPixels))) pixels; blur × pixels of the image's shadows comes to "
                            + "\(Format.grouped(Int(blurred))), more than the limit of \(Format.grouped(Int(Self.shadowLimit))): "
                            + "expected fewer or smaller windows, or less blur or spread")
                }
                painted += geometry.maskArea.map { pixels(of: $0.offsetBy(x: shadow.offsetX, y: shadow.offsetY), on: canvas) } ?? 0
            }
            try checkPainted(painted, path: spec.infoWindowPath(of: window.markerID))
        }
    }

    private func checkPainted(_ painted: Double, path: JSONPath) throws(InfoWinError) {
        guard painted <= Self.paintedPixelLimit else {
            throw .invalid(
                file: spec.file, path: path,
                message: "the info windows, their shadows, the views inside icon views and the shapes cover \(Format.grouped(Int(painted))) pixels of the image in all, "
                    + "more than the limit of \(Format.grouped(Int(Self.paintedPixelLimit))): expected fewer or smaller windows and shapes")
        }
    }

    /// The pixels a shape covers: its box on the canvas for a fill or an image; for a stroke alone, at most
    /// its lines' length times the stroke's width (a line across the canvas covers little of its box).
    private func cost(of shape: PlacedShape, on canvas: Rect) -> Double {
        let box = pixels(of: shape.bounds, on: canvas)
        let strokeWidth: Double
        switch shape.style {
        case .polyline(let line, _): strokeWidth = line.stroke.width
        case .area(nil, let stroke): strokeWidth = stroke.width
        case .area, .image: return box
        }
        let length = (shape.strokedLines ?? shape.lines).reduce(0.0) { total, line in
            zip(line, line.dropFirst()).reduce(total) { $0 + (($1.1.x - $1.0.x) * ($1.1.x - $1.0.x) + ($1.1.y - $1.0.y) * ($1.1.y - $1.0.y)).squareRoot() }
        }
        return min(box, length * (strokeWidth + 2) * scale * scale)
    }

    /// The pixels of every view in `view`'s tree (itself included) on the canvas.
    private func views(in view: PlacedView, on canvas: Rect) -> Double {
        let own = pixels(of: view.frame, on: canvas)
        guard case .stack(let children) = view.content else { return own }
        return children.reduce(own) { $0 + views(in: $1, on: canvas) }
    }

    /// The pixels of every view in an icon view's tree, in the icon's own points, each at most `limit`.
    private func views(in view: PlacedView, atMost limit: Double) -> Double {
        let own = min(limit, view.frame.width * view.frame.height * scale * scale)
        guard case .stack(let children) = view.content else { return own }
        return children.reduce(own) { $0 + views(in: $1, atMost: limit) }
    }

    private func pixels(of rect: Rect, on canvas: Rect) -> Double {
        rect.pixels(on: canvas, scale: scale)
    }
}

extension Rect {
    /// The output pixels, at `scale` pixels a point, of the part of this rectangle on `canvas`.
    func pixels(on canvas: Rect, scale: Double) -> Double {
        let width = max(0, min(maxX, canvas.maxX) - max(x, canvas.x))
        let height = max(0, min(maxY, canvas.maxY) - max(y, canvas.y))
        return width * height * scale * scale
    }
}

private extension Rect {
    func offsetBy(x dx: Double, y dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
