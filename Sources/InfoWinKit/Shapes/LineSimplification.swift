/// Drops the points of a line that change no pixel: Douglas–Peucker with a tolerance well under a pixel,
/// so that a 10,000-point GPS route, ten points a pixel, reaches Cairo as the few hundred that make its
/// shape (Cairo strokes each segment with its joins: thousands of them overlapping cost it tens of
/// milliseconds). Used for images only: SVG and PDF keep every point.
enum LineSimplification {
    /// The tolerance for images: a tenth of a pixel, Cairo's own for flattening curves.
    static let pixels = 0.1

    /// Points are simplified this many at a time, each run's ends kept: Douglas–Peucker's worst case (a
    /// spiral, each split peeling one point off) is then bounded by the run, not by the line.
    private static let run = 256

    /// The points of `line` to keep so that every dropped point is within `tolerance` of the kept line; the
    /// first and the last are always kept.
    static func simplified(_ line: [Point], tolerance: Double) -> [Point] {
        guard line.count > 2, tolerance > 0 else { return line }
        var keep = [Bool](repeating: false, count: line.count)
        // The ranges still to split, one stack for every run (a run's stack holds at most its points).
        var ranges: [(Int, Int)] = []
        ranges.reserveCapacity(run)
        line.withUnsafeBufferPointer { line in
            keep.withUnsafeMutableBufferPointer { keep in
                var start = 0
                while start < line.count - 1 {
                    let end = min(start + run, line.count - 1)
                    mark(line, from: start, to: end, tolerance: tolerance, keep: keep, ranges: &ranges)
                    start = end
                }
            }
        }
        var kept: [Point] = []
        for index in line.indices where keep[index] { kept.append(line[index]) }
        return kept
    }

    /// Marks `first`, `last` and the points between them that the line from one to the other would miss by
    /// more than `tolerance` (`ranges`, empty, is the work stack).
    private static func mark(
        _ line: UnsafeBufferPointer<Point>, from first: Int, to last: Int, tolerance: Double, keep: UnsafeMutableBufferPointer<Bool>,
        ranges: inout [(Int, Int)]
    ) {
        keep[first] = true
        keep[last] = true
        ranges.append((first, last))
        let toleranceSquared = tolerance * tolerance
        while let (a, b) = ranges.popLast() {
            guard b - a > 1 else { continue }
            let gauge = SegmentGauge(from: line[a], to: line[b])
            var farthest = a, distance = toleranceSquared
            for index in (a + 1)..<b {
                let away = gauge.squaredDistance(to: line[index])
                if away > distance {
                    distance = away
                    farthest = index
                }
            }
            guard farthest != a else { continue }
            keep[farthest] = true
            ranges.append((a, farthest))
            ranges.append((farthest, b))
        }
    }

    /// A segment made ready for many points' distances to it: one division, not one a point.
    private struct SegmentGauge {
        let start: Point, dx: Double, dy: Double, scaledX: Double, scaledY: Double

        init(from a: Point, to b: Point) {
            start = a
            dx = b.x - a.x
            dy = b.y - a.y
            let lengthSquared = dx * dx + dy * dy
            scaledX = lengthSquared > 0 ? dx / lengthSquared : 0
            scaledY = lengthSquared > 0 ? dy / lengthSquared : 0
        }

        /// The square of how far `point` is from the segment.
        @inline(__always)
        func squaredDistance(to point: Point) -> Double {
            let t = min(1, max(0, (point.x - start.x) * scaledX + (point.y - start.y) * scaledY))
            let x = start.x + t * dx - point.x, y = start.y + t * dy - point.y
            return x * x + y * y
        }
    }

    /// How far `point` is from the segment from `a` to `b` (not the whole line through them: a route that
    /// turns back is kept).
    static func distanceToSegment(_ point: Point, _ a: Point, _ b: Point) -> Double {
        SegmentGauge(from: a, to: b).squaredDistance(to: point).squareRoot()
    }
}
