/// How much of each pixel a line with round joins and caps covers, found from each pixel centre's
/// distance to the nearest of its segments: a pixel at distance d from a line of half-width r is covered
/// by `r + ½ − d` (clamped to 0…1), as a straight edge covers a pixel it crosses. Cairo's scan converter
/// gives nearly the same coverage, but at a cost per edge of the stroke's outline times the rows it
/// spans: a 10,000-point GPS route took it 20–40 ms, where each segment here costs the few dozen pixels
/// around it. The line is drawn at once, so that where it crosses itself nothing is drawn twice.
package struct RoundLineCoverage {
    /// The covered pixels' box in the device: coverage[row × width + column] is pixel (x + column, y + row).
    package let x: Int
    package let y: Int
    package let width: Int
    package let height: Int
    /// 0 (not covered) to 255 (covered), a byte a pixel, rows `stride` bytes apart (Cairo's A8 layout).
    package private(set) var coverage: [UInt8]
    package let stride: Int

    /// The coverage of the line through `points` (device pixels) `lineWidth` wide, within the device box
    /// 0..<`deviceWidth` × 0..<`deviceHeight`; nil when none of it falls inside.
    package init?(points: [(x: Double, y: Double)], lineWidth: Double, deviceWidth: Int, deviceHeight: Int) {
        let radius = lineWidth / 2
        // Past this distance a pixel centre's coverage is 0.
        let reach = radius + 0.5
        // One point alone draws nothing, as in Cairo (a line from a point to itself is a dot).
        guard points.count >= 2, radius > 0, radius < 1e6,
              points.allSatisfy({ abs($0.x) < 1e12 && abs($0.y) < 1e12 })  // finite, and whole pixels fit an Int
        else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for point in points {
            minX = min(minX, point.x); maxX = max(maxX, point.x)
            minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        let left = max(0, Int((minX - reach).rounded(.down))), right = min(deviceWidth, Int((maxX + reach).rounded(.up)) + 1)
        let top = max(0, Int((minY - reach).rounded(.down))), bottom = min(deviceHeight, Int((maxY + reach).rounded(.up)) + 1)
        guard left < right, top < bottom else { return nil }
        x = left
        y = top
        width = right - left
        height = bottom - top
        stride = (width + 3) & ~3
        coverage = []
        // The squared distance of each pixel centre to the line so far (reach² where nothing is nearer).
        var nearest = [Float](repeating: Float(reach * reach), count: width * height)
        nearest.withUnsafeMutableBufferPointer { nearest in
            for (a, b) in zip(points, points.dropFirst()) {
                addSegment(
                    from: (a.x - Double(left), a.y - Double(top)), to: (b.x - Double(left), b.y - Double(top)), reach: reach, into: nearest)
            }
        }
        var bytes = [UInt8](repeating: 0, count: stride * height)
        let reachInPixels = Float(reach)
        let (columns, rows, rowBytes) = (width, height, stride)
        nearest.withUnsafeBufferPointer { nearest in
            bytes.withUnsafeMutableBufferPointer { bytes in
                for row in 0..<rows {
                    let distances = nearest.baseAddress! + row * columns, covered = bytes.baseAddress! + row * rowBytes
                    // Without branches, so that it runs as vector instructions: an untouched pixel (reach²)
                    // comes out 0. Adding 2²³ leaves the nearest whole number of 0…255 in a Float's low
                    // mantissa bits (the conversion to an integer would check its range on every pixel).
                    for column in 0..<columns {
                        let fraction = Swift.min(1, Swift.max(0, reachInPixels - distances[column].squareRoot()))
                        covered[column] = UInt8(truncatingIfNeeded: (fraction * 255 + 8_388_608).bitPattern)
                    }
                }
            }
        }
        coverage = bytes
    }

    /// Runs `body` with the coverage's bytes (for a Cairo surface made over them that is gone by its end).
    package mutating func withCoverage(_ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        coverage.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    /// Lowers `nearest` to each pixel centre's squared distance to the segment from `a` to `b` (box
    /// coordinates), for the pixels within `reach` of it, a row at a time.
    private func addSegment(from a: (x: Double, y: Double), to b: (x: Double, y: Double), reach: Double, into nearest: UnsafeMutableBufferPointer<Float>) {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        // t along the segment as multiplications: (p − a) · (dx, dy) / length².
        let scaledX = lengthSquared > 0 ? dx / lengthSquared : 0, scaledY = lengthSquared > 0 ? dy / lengthSquared : 0
        let firstRow = max(0, Int((min(a.y, b.y) - reach - 0.5).rounded(.up)))
        let lastRow = min(height - 1, Int((max(a.y, b.y) + reach - 0.5).rounded(.down)))
        guard firstRow <= lastRow else { return }
        for row in firstRow...lastRow {
            let centreY = Double(row) + 0.5
            guard let (from, to) = Self.span(atY: centreY, a: a, b: b, dx: dx, dy: dy, lengthSquared: lengthSquared, reach: reach) else { continue }
            let firstColumn = max(0, Int((from - 0.5).rounded(.up)))
            let lastColumn = min(width - 1, Int((to - 0.5).rounded(.down)))
            guard firstColumn <= lastColumn else { continue }
            // Along the row, from the first column's centre: t = t₀ + k·scaledX for the k-th column, clamped.
            let startX = Double(firstColumn) + 0.5
            let run = RowRun(
                t0: Float((startX - a.x) * scaledX + (centreY - a.y) * scaledY), tStep: Float(scaledX),
                offX0: Float(a.x - startX), offY0: Float(a.y - centreY), dx: Float(dx), dy: Float(dy))
            run.lower(nearest.baseAddress! + row * width + firstColumn, count: lastColumn - firstColumn + 1)
        }
    }

    /// One row's pixels within reach of one segment: their squared distances to it, in a loop without
    /// branches that the compiler turns into vector instructions.
    private struct RowRun {
        let t0, tStep, offX0, offY0, dx, dy: Float

        /// Lowers the `count` distances from `start` to this segment's where it is nearer.
        @inline(__always)
        func lower(_ start: UnsafeMutablePointer<Float>, count: Int) {
            for k in 0..<count {
                let along = Float(k)
                let t = Swift.min(1, Swift.max(0, t0 + along * tStep))
                let offX = offX0 + t * dx - along, offY = offY0 + t * dy
                start[k] = Swift.min(start[k], offX * offX + offY * offY)
            }
        }
    }

    /// Where the horizontal line at `centreY` crosses the capsule of radius `reach` around the segment (the
    /// hull of the discs at its ends and the band along it), or nil when it does not.
    @inline(__always)
    private static func span(
        atY centreY: Double, a: (x: Double, y: Double), b: (x: Double, y: Double), dx: Double, dy: Double, lengthSquared: Double, reach: Double
    ) -> (Double, Double)? {
        var from = Double.infinity, to = -Double.infinity
        let riseA = centreY - a.y
        if abs(riseA) <= reach {
            let half = (reach * reach - riseA * riseA).squareRoot()
            from = a.x - half
            to = a.x + half
        }
        let riseB = centreY - b.y
        if abs(riseB) <= reach {
            let half = (reach * reach - riseB * riseB).squareRoot()
            from = min(from, b.x - half)
            to = max(to, b.x + half)
        }
        guard lengthSquared > 0 else { return from <= to ? (from, to) : nil }
        let length = lengthSquared.squareRoot()
        let normalX = -dy / length, normalY = dx / length
        // The band: |normal · (p − a)| ≤ reach, and 0 ≤ t ≤ 1 along the segment.
        var low = -Double.infinity, high = Double.infinity
        let across = normalY * riseA
        if abs(normalX) > 1e-12 {
            let first = a.x + (-reach - across) / normalX, second = a.x + (reach - across) / normalX
            low = max(low, min(first, second))
            high = min(high, max(first, second))
        } else if abs(across) > reach {
            return from <= to ? (from, to) : nil
        }
        let along = riseA * dy
        if abs(dx) > 1e-12 {
            let first = a.x - along / dx, second = a.x + (lengthSquared - along) / dx
            low = max(low, min(first, second))
            high = min(high, max(first, second))
        } else if along < 0 || along > lengthSquared {
            return from <= to ? (from, to) : nil
        }
        if low <= high {
            from = min(from, low)
            to = max(to, high)
        }
        return from <= to ? (from, to) : nil
    }
}
