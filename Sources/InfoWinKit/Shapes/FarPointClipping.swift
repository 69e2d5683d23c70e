/// Cuts lines to a square far around the canvas before they reach Cairo, whose fixed-point coordinates
/// wrap around beyond about 8 million pixels: a line across the world at zoom 22 has points billions of
/// points away. Inside the square nothing changes.
enum FarPointClipping {
    /// Half the side of the square kept, in points, centred on the canvas origin.
    static let reach = 1_000_000.0

    private static let box = Rect(x: -reach, y: -reach, width: 2 * reach, height: 2 * reach)

    /// A piece of a line kept whole, and how far along the line (in points) it starts.
    struct Piece {
        var points: [Point]
        var startDistance: Double
    }

    /// The parts of the open line `points` inside the square, with their distances along the whole line.
    static func pieces(of points: [Point]) -> [Piece] {
        guard points.contains(where: { !box.contains($0) }) else { return [Piece(points: points, startDistance: 0)] }
        var pieces: [Piece] = []
        var current: Piece?
        var travelled = 0.0
        for index in points.indices.dropLast() {
            let a = points[index], b = points[index + 1]
            let length = distance(a, b)
            defer { travelled += length }
            guard let (t0, t1) = clip(a, b) else {
                if let piece = current { pieces.append(piece) }
                current = nil
                continue
            }
            let start = lerp(a, b, t0), end = lerp(a, b, t1)
            if current == nil || t0 > 0 {
                if let piece = current { pieces.append(piece) }
                current = Piece(points: [start], startDistance: travelled + t0 * length)
            }
            current?.points.append(end)
            if t1 < 1 {
                if let piece = current { pieces.append(piece) }
                current = nil
            }
        }
        if let piece = current { pieces.append(piece) }
        return pieces
    }

    /// The closed ring `points` cut to the square (Sutherland–Hodgman): the same area inside it.
    static func ring(_ points: [Point]) -> [Point] {
        guard points.contains(where: { !box.contains($0) }) else { return points }
        var ring = points
        let edges: [(inside: (Point) -> Bool, cross: (Point, Point) -> Point)] = [
            ({ $0.x >= -reach }, { a, b in lerp(a, b, (-reach - a.x) / (b.x - a.x)) }),
            ({ $0.x <= reach }, { a, b in lerp(a, b, (reach - a.x) / (b.x - a.x)) }),
            ({ $0.y >= -reach }, { a, b in lerp(a, b, (-reach - a.y) / (b.y - a.y)) }),
            ({ $0.y <= reach }, { a, b in lerp(a, b, (reach - a.y) / (b.y - a.y)) }),
        ]
        for edge in edges {
            guard let last = ring.last else { break }
            var kept: [Point] = []
            var previous = last
            for point in ring {
                switch (edge.inside(previous), edge.inside(point)) {
                case (true, true): kept.append(point)
                case (true, false): kept.append(edge.cross(previous, point))
                case (false, true): kept += [edge.cross(previous, point), point]
                case (false, false): break
                }
                previous = point
            }
            ring = kept
        }
        return ring
    }

    /// The part (t0…t1 of 0…1) of the segment from `a` to `b` inside the square (Liang–Barsky), or nil.
    private static func clip(_ a: Point, _ b: Point) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x + reach), (dx, reach - a.x), (-dy, a.y + reach), (dy, reach - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
            if t0 > t1 { return nil }
        }
        return (t0, t1)
    }

    static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }
}
