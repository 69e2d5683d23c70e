extension PlacedShape {
    /// How far beyond its stroke a tap still hits a line, in points (a finger is wider than a 1 pt line).
    static let tapSlop = 4.0

    /// True when `point` (canvas points) falls on what the shape draws: a line's stroke (with `tapSlop`),
    /// an area's inside (holes excluded) or its stroke, an overlay's image.
    func contains(_ point: Point) -> Bool {
        guard bounds.outset(by: Self.tapSlop).contains(point) else { return false }
        switch style {
        case .polyline(let line, _):
            return lines.first.map { Self.distance(from: point, toLine: $0, closed: false) <= line.stroke.width / 2 + Self.tapSlop } ?? false
        case .area(let fill, let stroke):
            if fill != nil, Self.insideEvenOdd(point, lines) { return true }
            let reach = stroke.width / 2 + Self.tapSlop
            if let open = strokedLines { return open.contains { Self.distance(from: point, toLine: $0, closed: false) <= reach } }
            return lines.contains { Self.distance(from: point, toLine: $0, closed: true) <= reach }
        case .image:
            return Self.insideEvenOdd(point, lines)
        }
    }

    /// Even-odd: inside when a ray from the point crosses the rings' edges an odd number of times.
    private static func insideEvenOdd(_ point: Point, _ rings: [[Point]]) -> Bool {
        var inside = false
        for ring in rings {
            guard var previous = ring.last else { continue }
            for current in ring {
                if (current.y > point.y) != (previous.y > point.y),
                   point.x < (previous.x - current.x) * (point.y - current.y) / (previous.y - current.y) + current.x {
                    inside.toggle()
                }
                previous = current
            }
        }
        return inside
    }

    private static func distance(from point: Point, toLine line: [Point], closed: Bool) -> Double {
        guard let first = line.first else { return .infinity }
        var nearest = FarPointClipping.distance(point, first)
        let ends = closed ? line.indices.map { (line[$0], line[($0 + 1) % line.count]) } : zip(line, line.dropFirst()).map { ($0, $1) }
        for (a, b) in ends {
            let dx = b.x - a.x, dy = b.y - a.y
            let length = dx * dx + dy * dy
            let t = length > 0 ? min(1, max(0, ((point.x - a.x) * dx + (point.y - a.y) * dy) / length)) : 0
            nearest = min(nearest, FarPointClipping.distance(point, FarPointClipping.lerp(a, b, t)))
        }
        return nearest
    }
}
