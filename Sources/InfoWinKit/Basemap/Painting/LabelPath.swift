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

    /// Where labels go along the line for `symbol-placement` `line` (MapLibre's anchors): every `spacing`
    /// points (widened to the label's length and a quarter when shorter), starting half a spacing in when
    /// the line comes from a neighbouring tile, else half the label and two ems in; each anchor kept when
    /// the whole label fits on the line there and its bends are gentle. A line with none gets one at its
    /// middle, as MapLibre's. Distances along the line.
    func repeatedAnchors(spacing: Double, labelLength: Double, continued: Bool, textSize: Double, accept: (Double) -> Bool) -> [Double] {
        guard labelLength > 0, length >= labelLength else { return [] }
        var spacing = max(spacing, 1)
        if spacing - labelLength < spacing / 4 { spacing = labelLength + spacing / 4 }
        let start = continued ? (spacing / 2).truncatingRemainder(dividingBy: spacing)
            : (labelLength / 2 + 2 * textSize).truncatingRemainder(dividingBy: spacing)
        var anchors: [Double] = []
        var distance = start
        while distance <= length, anchors.count < Self.anchorLimit {
            if accept(distance) { anchors.append(distance) }
            distance += spacing
        }
        if anchors.isEmpty, !continued, accept(length / 2) { anchors.append(length / 2) }
        return anchors
    }

    /// The most anchors one line gives (a line a thousand spacings long is cut there).
    package static let anchorLimit = 1_000

    private static func length(_ a: Point, _ b: Point) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }
}
