import Graphics

extension BasemapPainter {
    /// Draws one line feature (a polygon's rings too, as MapLibre's line layers do) in `line-color` at
    /// `line-opacity`, `line-width` points wide with its `line-cap`, `line-join` and `line-miter-limit`,
    /// dashed by `line-dasharray` (in line widths), moved `line-offset` points to the right of its course;
    /// with a `line-gap-width`, as two lines of that width either side of a gap.
    func drawLine(_ feature: VectorTileFeature, layer: StyleLayer, placement: TilePlacement, in context: DrawingContext) {
        guard feature.kind == .lineString || feature.kind == .polygon else { return }
        let properties = FeatureProperties(layer, zoom: view.styleZoom, feature: feature)
        var color = properties.color("line-color")
        color.alpha *= properties.number("line-opacity")
        let width = properties.number("line-width")
        guard color.alpha > 0, width > 0 else { return }
        let gap = max(0, properties.number("line-gap-width"))
        let offset = properties.number("line-offset")
        let cap: LineCapStyle = properties.keyword("line-cap", default: .butt)
        let join: LineJoinStyle = properties.keyword("line-join", default: .miter)
        let miterLimit = max(1, properties.number("line-miter-limit"))
        let dashes = properties.numbers("line-dasharray").map { max(0, $0) * width }
        let validDashes = dashes.count >= 2 && dashes.contains { $0 > 0 } ? dashes : []
        let offsets = gap > 0 ? [offset - (gap + width) / 2, offset + (gap + width) / 2] : [offset]
        let lines = feature.geometry.map { part -> [Point] in
            let points = part.map(placement.canvasPoint)
            // A ring is closed implicitly: its line goes back to its start.
            return feature.kind == .polygon && points.count > 2 ? points + [points[0]] : points
        }
        context.setColor(color)
        context.newPath()
        for line in lines where line.count >= 2 {
            for distance in offsets {
                let course = distance == 0 ? line : LineOffset.offset(line, by: distance)
                context.move(toX: course[0].x, y: course[0].y)
                for point in course.dropFirst() { context.line(toX: point.x, y: point.y) }
            }
        }
        context.stroke(width: width, cap: cap, join: join, miterLimit: miterLimit, dashes: validDashes)
    }
}

/// A polyline moved sideways, as MapLibre's `line-offset` moves it: each vertex along the bisector of its
/// two segments' normals, far enough that both segments lie `distance` from the course (positive: to the
/// right when walking along the line, y down).
enum LineOffset {
    /// The most a sharp corner's vertex moves, in offset distances (a spike would reach far out).
    static let cornerLimit = 4.0

    static func offset(_ line: [Point], by distance: Double) -> [Point] {
        let normals: [Point] = line.indices.dropLast().map { index in
            let dx = line[index + 1].x - line[index].x, dy = line[index + 1].y - line[index].y
            let length = (dx * dx + dy * dy).squareRoot()
            // The right of the direction (dx, dy) on a y-down screen is (−dy, dx).
            return length > 0 ? Point(x: -dy / length, y: dx / length) : Point(x: 0, y: 0)
        }
        return line.indices.map { index in
            let before = index > 0 ? normals[index - 1] : normals[index]
            let after = index < normals.count ? normals[index] : normals[index - 1]
            var bisector = Point(x: before.x + after.x, y: before.y + after.y)
            let length = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
            guard length > 1e-9 else { return Point(x: line[index].x + after.x * distance, y: line[index].y + after.y * distance) }
            bisector = Point(x: bisector.x / length, y: bisector.y / length)
            let cosine = bisector.x * after.x + bisector.y * after.y
            let reach = min(cornerLimit, 1 / max(cosine, 1 / cornerLimit))
            return Point(x: line[index].x + bisector.x * distance * reach, y: line[index].y + bisector.y * distance * reach)
        }
    }
}
