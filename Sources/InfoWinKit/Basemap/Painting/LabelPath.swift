#if canImport(Glibc)
import Glibc
#endif

/// A line on the canvas that a label follows: its points, each one's distance along it, and the same
/// points in tile units (to tell which anchors lie in the tile's own square).
package struct LabelPath {
    let points: [Point]
    let tilePoints: [Point]
    let distances: [Double]

    init(canvas points: [Point], tile tilePoints: [Point]) {
        self.points = points
        self.tilePoints = tilePoints
        var distances = [0.0]
        for index in points.indices.dropFirst() {
            distances.append(distances[index - 1] + Self.length(points[index - 1], points[index]))
        }
        self.distances = distances
    }

    var length: Double { distances.last ?? 0 }

    /// The point at `distance` along the line (clamped to its ends), in canvas points and tile units, the
    /// direction of its segment (radians, y down), and the segment's index.
    func position(at distance: Double) -> (canvas: Point, tile: Point, angle: Double, segment: Int) {
        var segment = 0
        while segment < points.count - 2, distances[segment + 1] < distance { segment += 1 }
        let start = distances[segment], span = distances[segment + 1] - start
        let t = span > 0 ? min(1, max(0, (distance - start) / span)) : 0
        let a = points[segment], b = points[segment + 1]
        let ta = tilePoints[segment], tb = tilePoints[segment + 1]
        return (
            Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t),
            Point(x: ta.x + (tb.x - ta.x) * t, y: ta.y + (tb.y - ta.y) * t),
            atan2(b.y - a.y, b.x - a.x), segment
        )
    }

    /// True when no stretch of the label's course, `labelLength` long and centred `anchor` along the line,
    /// turns by more than `maxAngle` (radians) within `window` points, as MapLibre's `text-max-angle`
    /// check: a label cannot be read around a sharp bend.
    func bendsGently(around anchor: Double, labelLength: Double, window: Double, maxAngle: Double) -> Bool {
        let from = anchor - labelLength / 2, to = anchor + labelLength / 2
        guard from >= 0, to <= length else { return false }
        var corners: [(distance: Double, turn: Double)] = []
        var total = 0.0
        for index in points.indices.dropFirst().dropLast() where distances[index] > from && distances[index] < to {
            let before = atan2(points[index].y - points[index - 1].y, points[index].x - points[index - 1].x)
            let after = atan2(points[index + 1].y - points[index].y, points[index + 1].x - points[index].x)
            var turn = abs(after - before)
            if turn > .pi { turn = 2 * .pi - turn }
            corners.append((distances[index], turn))
            total += turn
            while let first = corners.first, distances[index] - first.distance > window {
                total -= first.turn
                corners.removeFirst()
            }
            if total > maxAngle { return false }
        }
        return true
    }

    /// Where labels go along the line for `symbol-placement` `line` (MapLibre's `getAnchors`): on each
    /// stretch of the line inside the tile's own square (MapLibre clips the line to its tile first), every
    /// `spacing` points (widened to the label's length and a quarter when shorter), starting half a spacing
    /// in when the stretch comes in over the square's edge, else half the label and two ems in, each start
    /// times the tile's `overscaling` modulo the spacing; each anchor kept when `accept` takes it (the
    /// whole label fits on the line there and its bends are gentle: infowin measures the whole line, not
    /// the stretch, so a label may cross a tile's edge). A stretch with none that does not come in over the
    /// edge gets one at its middle, as MapLibre's. Distances along the line.
    func repeatedAnchors(
        spacing: Double, labelLength: Double, extent: Double, textSize: Double, overscaling: Double = 1, accept: (Double) -> Bool
    ) -> [Double] {
        guard labelLength > 0, length >= labelLength else { return [] }
        var spacing = max(spacing, 1)
        if spacing - labelLength < spacing / 4 { spacing = labelLength + spacing / 4 }
        var anchors: [Double] = []
        for stretch in stretches(inSquareOf: extent) {
            let offset = stretch.continued ? (spacing / 2 * overscaling).truncatingRemainder(dividingBy: spacing)
                : ((labelLength / 2 + 2 * textSize) * overscaling).truncatingRemainder(dividingBy: spacing)
            var found = false
            var distance = stretch.start + offset
            while distance <= stretch.end, anchors.count < Self.anchorLimit {
                if accept(distance) {
                    anchors.append(distance)
                    found = true
                }
                distance += spacing
            }
            let middle = (stretch.start + stretch.end) / 2
            if !found, !stretch.continued, anchors.count < Self.anchorLimit, accept(middle) { anchors.append(middle) }
        }
        return anchors
    }

    /// The stretches of the line inside the tile's square of `extent` units (its buffer left out), as
    /// distances along the line, each with whether it begins on the square's edge (the line comes from a
    /// neighbouring tile): MapLibre's `clipLine` before it looks for anchors.
    func stretches(inSquareOf extent: Double) -> [(start: Double, end: Double, continued: Bool)] {
        var found: [(start: Double, end: Double, continued: Bool)] = []
        var open = false
        for index in tilePoints.indices.dropLast() {
            let a = tilePoints[index], b = tilePoints[index + 1]
            guard let (t0, t1) = Self.clip(from: a, to: b, extent: extent) else {
                open = false
                continue
            }
            let span = distances[index + 1] - distances[index]
            let start = distances[index] + t0 * span, end = distances[index] + t1 * span
            if open, t0 == 0 {
                found[found.count - 1].end = end
            } else {
                let onEdge = a.x == 0 || a.y == 0 || a.x == extent || a.y == extent
                found.append((start, end, t0 > 0 || onEdge))
            }
            open = t1 == 1
        }
        return found
    }

    /// The part of the segment from `a` to `b` inside the square [0, extent]², as fractions of the
    /// segment (Liang–Barsky); nil when none of it is inside.
    private static func clip(from a: Point, to b: Point, extent: Double) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x), (dx, extent - a.x), (-dy, a.y), (dy, extent - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
            }
        }
        return t0 <= t1 ? (t0, t1) : nil
    }

    /// The most anchors one line gives (a line a thousand spacings long is cut there).
    package static let anchorLimit = 1_000

    private static func length(_ a: Point, _ b: Point) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }
}
