/// The point of a polygon farthest inside it (from its outline, holes included): where MapLibre puts a
/// polygon's point label. Found by halving square cells, the most promising first, to within `precision`.
package enum PoleOfInaccessibility {
    /// The most cells looked at for one polygon.
    package static let cellLimit = 256

    static func find(rings: [[Point]], precision: Double) -> Point? {
        guard let outer = rings.first, outer.count >= 3 else { return nil }
        let bounds = Rect(bounding: outer)
        let size = min(bounds.width, bounds.height)
        guard size > 0 else { return outer[0] }
        var queue: [(center: Point, half: Double, distance: Double, potential: Double)] = []
        func add(_ center: Point, _ half: Double) {
            let distance = signedDistance(center, rings)
            queue.append((center, half, distance, distance + half * 2.0.squareRoot()))
        }
        var half = size / 2
        var y = bounds.y
        while y < bounds.maxY {
            var x = bounds.x
            while x < bounds.maxX {
                add(Point(x: x + half, y: y + half), half)
                x += size
            }
            y += size
        }
        // The area-weighted centre is a good first guess.
        var best = (point: centroid(outer), distance: 0.0)
        best.distance = signedDistance(best.point, rings)
        var looked = 0
        while !queue.isEmpty, looked < cellLimit {
            let index = queue.indices.max { queue[$0].potential < queue[$1].potential }!
            let cell = queue.remove(at: index)
            looked += 1
            if cell.distance > best.distance { best = (cell.center, cell.distance) }
            guard cell.potential - best.distance > precision else { continue }
            half = cell.half / 2
            for (dx, dy) in [(-1.0, -1.0), (1, -1), (-1, 1), (1, 1)] {
                add(Point(x: cell.center.x + dx * half, y: cell.center.y + dy * half), half)
            }
        }
        return best.point
    }

    /// The distance from `point` to the nearest ring edge, negative outside the polygon (even-odd rule).
    private static func signedDistance(_ point: Point, _ rings: [[Point]]) -> Double {
        var inside = false
        var nearest = Double.infinity
        for ring in rings where ring.count >= 2 {
            var previous = ring[ring.count - 1]
            for current in ring {
                if (current.y > point.y) != (previous.y > point.y),
                   point.x < (previous.x - current.x) * (point.y - current.y) / (previous.y - current.y) + current.x {
                    inside.toggle()
                }
                nearest = min(nearest, segmentDistance(point, current, previous))
                previous = current
            }
        }
        return inside ? nearest : -nearest
    }

    private static func segmentDistance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared)) : 0
        let x = a.x + dx * t - p.x, y = a.y + dy * t - p.y
        return (x * x + y * y).squareRoot()
    }

    private static func centroid(_ ring: [Point]) -> Point {
        var area = 0.0, x = 0.0, y = 0.0
        var previous = ring[ring.count - 1]
        for current in ring {
            let cross = previous.x * current.y - current.x * previous.y
            area += cross
            x += (previous.x + current.x) * cross
            y += (previous.y + current.y) * cross
            previous = current
        }
        return area != 0 ? Point(x: x / (3 * area), y: y / (3 * area)) : ring[0]
    }
}
