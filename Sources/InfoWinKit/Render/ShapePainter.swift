import Graphics

/// Draws placed shapes (lay out → **draw**): lines with round joins and caps, areas filled by the even-odd
/// rule so that holes are cut out whatever their direction, ground overlays as images; the same calls on
/// an image, an SVG or a PDF, where they stay paths. On an image, a solid line's points within
/// `lineTolerance` (points) of its course are dropped first (`LineSimplification`).
enum ShapePainter {
    static func draw(_ shape: PlacedShape, in context: DrawingContext, lineTolerance: Double) {
        switch shape.style {
        case .polyline(let line, let vertices):
            guard let points = shape.lines.first, line.stroke.width > 0 else { return }
            PolylineRuns(points: points, vertices: vertices, spans: line.spans, color: line.stroke.color).draw(
                width: line.stroke.width, dashes: StrokeDashes(line.pattern), tolerance: lineTolerance, in: context)
        case .area(let fill, let stroke):
            addRings(shape.lines, in: context)
            if let fill, fill.alpha > 0 {
                context.setColor(fill)
                context.fillEvenOdd(preserve: true)
            }
            if stroke.width > 0, stroke.color.alpha > 0 {
                if let open = shape.strokedLines { addLines(open, in: context) }
                context.setColor(stroke.color)
                context.strokeRound(width: stroke.width, preserve: true)
            }
            context.newPath()
        case .image(let image, let transform, let opacity):
            guard opacity > 0 else { return }
            context.withSavedState {
                context.transform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: transform.tx, ty: transform.ty)
                // Padded and cut at its edges, as a map lays an image down: no fade into transparency.
                context.drawImagePadded(image, x: 0, y: 0, width: Double(image.width), height: Double(image.height), opacity: opacity)
            }
        }
    }

    /// Open lines, each cut to the far square (`FarPointClipping`).
    private static func addLines(_ lines: [[Point]], in context: DrawingContext) {
        context.newPath()
        for piece in lines.flatMap(FarPointClipping.pieces) {
            guard let first = piece.points.first else { continue }
            context.move(toX: first.x, y: first.y)
            for point in piece.points.dropFirst() { context.line(toX: point.x, y: point.y) }
        }
    }

    private static func addRings(_ rings: [[Point]], in context: DrawingContext) {
        context.newPath()
        for ring in rings {
            let kept = FarPointClipping.ring(ring)
            guard let first = kept.first else { continue }
            context.move(toX: first.x, y: first.y)
            for point in kept.dropFirst() { context.line(toX: point.x, y: point.y) }
            context.closePath()
        }
    }
}

/// A stroke pattern as Cairo's dashes: lengths alternately drawn and left out, starting with one drawn,
/// and where in them the line starts (a pattern that starts with a gap starts inside them).
struct StrokeDashes {
    var lengths: [Double] = []
    var offset = 0.0

    static let dotLength = 1e-3

    init(_ pattern: [PatternItem]) {
        var runs: [(drawn: Bool, length: Double)] = []
        for item in pattern {
            let (drawn, length): (Bool, Double) = switch item {
            case .dash(let length): (true, length)
            case .gap(let length): (false, length)
            // Cairo draws no cap on a dash of length 0: a dot is a dash too short to see, capped round.
            case .dot: (true, Self.dotLength)
            }
            if let last = runs.last, last.drawn == drawn {
                if drawn { runs.append((false, 0)) } else { runs[runs.count - 1].length += length; continue }
            }
            runs.append((drawn, length))
        }
        guard !runs.isEmpty else { return }
        if !runs[0].drawn {
            let gap = runs.removeFirst()
            if let last = runs.last, !last.drawn { runs[runs.count - 1].length += gap.length } else { runs.append(gap) }
            offset = runs.reduce(0) { $0 + $1.length } - gap.length
        }
        if runs.last?.drawn == true { runs.append((false, 0)) }
        lengths = runs.map(\.length)
    }
}

/// A polyline cut where its spans change style: each run from one place along the line to another,
/// counted in segments (coordinate `i` of the path is at `i`), in a colour or a gradient.
private struct PolylineRuns {
    let points: [Point]
    /// Each point's place along the line, in segments.
    let places: [Double]
    /// Each point's distance along the line, in points.
    let distances: [Double]
    let runs: [(from: Double, to: Double, style: StyleSpan.Style)]

    init(points: [Point], vertices: [Int], spans: [StyleSpan], color: RGBA) {
        self.points = points
        guard !spans.isEmpty else {
            // One run in one colour, the whole line from its start: no places or distances needed.
            (places, distances, runs) = ([], [], [(0, Double(max(0, (vertices.isEmpty ? points.count : vertices.count) - 1)), .color(color))])
            return
        }
        var distances = [0.0]
        for index in points.indices.dropFirst() {
            distances.append(distances[index - 1] + FarPointClipping.distance(points[index - 1], points[index]))
        }
        self.distances = distances
        let vertices = vertices.isEmpty ? Array(points.indices) : vertices
        var places = [Double](repeating: 0, count: points.count)
        for segment in vertices.indices.dropLast() {
            let start = vertices[segment], end = vertices[segment + 1]
            let length = distances[end] - distances[start]
            for index in start...end {
                places[index] = Double(segment) + (length > 0 ? (distances[index] - distances[start]) / length : 0)
            }
        }
        self.places = places
        let segments = Double(max(0, vertices.count - 1))
        var runs: [(from: Double, to: Double, style: StyleSpan.Style)] = []
        var start = 0.0
        // As GMSPolyline.spans: the last span's style carries on to the end of the line.
        for (index, span) in spans.enumerated() where start < segments {
            let end = index == spans.count - 1 ? segments : min(segments, start + span.segments)
            runs.append((start, end, span.style))
            start = end
        }
        self.runs = runs
    }

    /// Strokes every run; a solid one drops its points within `tolerance` of its course (a dashed one keeps
    /// them all: its dashes are measured along every segment).
    func draw(width: Double, dashes: StrokeDashes, tolerance: Double, in context: DrawingContext) {
        for run in runs {
            let (line, placesAlong, startDistance) = part(from: run.from, to: run.to)
            switch run.style {
            case .color(let color):
                context.setColor(color)
                stroke(line, startingAt: startDistance, width: width, dashes: dashes, tolerance: dashes.lengths.isEmpty ? tolerance : 0, in: context)
            case .gradient(let from, let to):
                var travelled = startDistance
                for index in line.indices.dropLast() {
                    let a = line[index], b = line[index + 1]
                    let span = max(run.to - run.from, 1e-12)
                    context.setLinearGradient(
                        from: mix(from, to, (placesAlong[index] - run.from) / span), to: mix(from, to, (placesAlong[index + 1] - run.from) / span),
                        x0: a.x, y0: a.y, x1: b.x, y1: b.y)
                    stroke([a, b], startingAt: travelled, width: width, dashes: dashes, tolerance: 0, in: context)
                    travelled += FarPointClipping.distance(a, b)
                }
            }
        }
    }

    /// The line from place `from` to place `to`, each point's place, and the distance along the whole line
    /// where it starts (the whole line, without places, when it has no spans).
    private func part(from: Double, to: Double) -> ([Point], [Double], Double) {
        guard !places.isEmpty else { return (points, [], 0) }
        var line: [Point] = [], placesAlong: [Double] = []
        var startDistance = 0.0
        for index in points.indices.dropLast() {
            let a = places[index], b = places[index + 1]
            guard b > from, a < to else { continue }
            if line.isEmpty {
                let t = b > a ? max(0, (from - a) / (b - a)) : 0
                line.append(FarPointClipping.lerp(points[index], points[index + 1], t))
                placesAlong.append(a + (b - a) * t)
                startDistance = distances[index] + (distances[index + 1] - distances[index]) * t
            }
            let t = b > a ? min(1, (to - a) / (b - a)) : 1
            line.append(FarPointClipping.lerp(points[index], points[index + 1], t))
            placesAlong.append(a + (b - a) * t)
            if t < 1 { break }
        }
        return (line, placesAlong, startDistance)
    }

    /// From this many points, a solid line on an image is drawn by its pixels' distance to it
    /// (`RoundLineCoverage`), not by Cairo, whose time grows with the segments' outlines.
    static let coveragePoints = 256

    private func stroke(
        _ line: [Point], startingAt distance: Double, width: Double, dashes: StrokeDashes, tolerance: Double, in context: DrawingContext
    ) {
        for piece in FarPointClipping.pieces(of: line) {
            let points = LineSimplification.simplified(piece.points, tolerance: tolerance)
            if tolerance > 0, dashes.lengths.isEmpty, points.count >= Self.coveragePoints,
               context.strokeRoundByCoverage(points.map { (x: $0.x, y: $0.y) }, width: width) { continue }
            guard let first = points.first else { continue }
            context.newPath()
            context.move(toX: first.x, y: first.y)
            for point in points.dropFirst() { context.line(toX: point.x, y: point.y) }
            context.strokeRound(width: width, dashes: dashes.lengths, dashOffset: dashes.offset + distance + piece.startDistance)
        }
    }

    private func mix(_ a: RGBA, _ b: RGBA, _ t: Double) -> RGBA {
        let t = min(1, max(0, t))
        return RGBA(
            red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t, blue: a.blue + (b.blue - a.blue) * t,
            alpha: a.alpha + (b.alpha - a.alpha) * t)
    }
}
