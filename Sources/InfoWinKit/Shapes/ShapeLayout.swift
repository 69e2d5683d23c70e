import Graphics

/// Places a spec's shapes for a camera: their outlines are made once (they do not depend on the camera),
/// then carried to the canvas. The result is in drawing order: lower `zIndex` first, ties in input order.
struct ShapeLayout {
    /// The shapes with their outlines and (for ground overlays) images, in drawing order.
    private let shapes: [(spec: ShapeSpec, outline: ShapeOutline, image: ImageSurface?)]

    init(shapes specs: [ShapeSpec], images: ImageCache) throws(InfoWinError) {
        let builder = OutlineBuilder()
        var shapes: [(spec: ShapeSpec, outline: ShapeOutline, image: ImageSurface?)] = []
        for spec in Self.drawingOrder(specs) {
            var image: ImageSurface?
            if case .groundOverlay(let overlay) = spec.geometry {
                image = try images.image(overlay.file, bytes: overlay.bytes, source: overlay.source, kind: .overlay)
            }
            let size = image.map { Size(width: Double($0.width), height: Double($0.height)) }
            shapes.append((spec, builder.outline(of: spec.geometry, image: size), image))
        }
        self.shapes = shapes
    }

    /// Lower `zIndex` first, ties in input order.
    static func drawingOrder(_ shapes: [ShapeSpec]) -> [ShapeSpec] {
        shapes.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }.map(\.element)
    }

    var isEmpty: Bool { shapes.isEmpty }

    /// Every shape on the canvas of `projection`.
    func placed(with projection: MapProjection) -> [PlacedShape] {
        shapes.map { spec, outline, image in
            let points = outline.lines.flatMap { $0 }
            let world = Rect(bounding: points)
            let transform = projection.canvasTransform(near: Point(x: world.x + world.width / 2, y: world.y + world.height / 2))
            let lines = outline.lines.map { $0.map(transform.apply) }
            let style: PlacedShape.Style
            switch spec.geometry {
            case .polyline(let line): style = .polyline(line, vertices: outline.vertices)
            case .polygon(let area): style = .area(fill: area.fill, stroke: area.stroke)
            case .circle(let circle): style = .area(fill: circle.fill, stroke: circle.stroke)
            case .groundOverlay(let overlay):
                let corners = lines[0]
                let width = Double(image?.width ?? 1), height = Double(image?.height ?? 1)
                let along = Point(x: (corners[1].x - corners[0].x) / width, y: (corners[1].y - corners[0].y) / width)
                let down = Point(x: (corners[3].x - corners[0].x) / height, y: (corners[3].y - corners[0].y) / height)
                let placement = AffineTransform(a: along.x, b: along.y, c: down.x, d: down.y, tx: corners[0].x, ty: corners[0].y)
                // Every overlay has its image (decoding it is part of making the layout); without one it draws nothing.
                style = image.map { .image($0, transform: placement, opacity: overlay.opacity) } ?? .area(fill: nil, stroke: StrokeSpec(width: 0, color: RGBA(hex: 0)))
            }
            let drawn = Rect(bounding: lines.flatMap { $0 })
            let reach = spec.geometry.strokeReach
            return PlacedShape(
                id: spec.id, kind: spec.kind, tappable: spec.tappable, lines: lines,
                strokedLines: outline.strokedLines.map { $0.map { $0.map(transform.apply) } }, style: style,
                bounds: Rect(x: drawn.x - reach, y: drawn.y - reach, width: drawn.width + 2 * reach, height: drawn.height + 2 * reach),
                digest: spec.digest)
        }
    }

    /// What `camera.fit` with `"shapes": true` must show: each shape's points with its half stroke around
    /// them; with no bearing, the corners of each shape's box do as well as all its points.
    func framingItems(bearing: Double) -> [Framing.Item] {
        shapes.flatMap { spec, outline, _ -> [Framing.Item] in
            let reach = spec.geometry.strokeReach
            let points = outline.framed ?? outline.lines.flatMap { $0 }
            let box = Rect(bounding: points)
            let chosen = bearing == 0
                ? [Point(x: box.x, y: box.y), Point(x: box.maxX, y: box.maxY)] : points
            let extent = Rect(x: -reach, y: -reach, width: 2 * reach, height: 2 * reach)
            return chosen.map { Framing.Item(coordinate: MapProjection.coordinate(ofWorld: $0, worldSize: ShapeOutline.worldSize), extent: extent) }
        }
    }
}
