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
        // How much nearer than `reach` each pixel centre is to the line so far, squared: reach² − d², 0 where
        // no segment is within reach (kept so rather than as d², for an array that starts as zeros), and the
        // columns each row's segments touched, for a last pass over those only.
        let reachSquared = Float(reach * reach)
        var closeness = [Float](repeating: 0, count: width * height)
        let touched = TouchedColumns(rows: height)
        closeness.withUnsafeMutableBufferPointer { closeness in
            for index in points.indices.dropLast() {
                let a = points[index], b = points[index + 1]
                addSegment(
                    from: (a.x - Double(left), a.y - Double(top)), to: (b.x - Double(left), b.y - Double(top)), reach: reach,
                    reachSquared: reachSquared, withStart: index == 0, into: closeness, touched: touched)
            }
        }
        var bytes = [UInt8](repeating: 0, count: stride * height)
        let reachInPixels = Float(reach)
        let (columns, rowBytes) = (width, stride)
        closeness.withUnsafeBufferPointer { closeness in
            bytes.withUnsafeMutableBufferPointer { bytes in
                for (row, range) in touched.ranges {
                    let nearer = closeness.baseAddress! + row * columns + range.lowerBound
                    let covered = bytes.baseAddress! + row * rowBytes + range.lowerBound
                    // Without branches, so that it runs as vector instructions. Adding 2²³ leaves the nearest
                    // whole number of 0…255 in a Float's low mantissa bits (the conversion to an integer would
                    // check its range on every pixel).
                    for column in 0..<range.count {
                        let distance = Swift.max(0, reachSquared - nearer[column]).squareRoot()
                        let fraction = Swift.min(1, Swift.max(0, reachInPixels - distance))
                        covered[column] = UInt8(truncatingIfNeeded: (fraction * 255 + 8_388_608).bitPattern)
                    }
                }
            }
        }
        coverage = bytes
    }

    /// Runs `body` with the coverage's bytes (for a Cairo surface made over them that is gone by its end).
    mutating func withCoverage(_ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        coverage.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    /// Raises `closeness` where a pixel centre within `reach` of the segment from `a` to `b` (box
    /// coordinates) is nearer to it than to the line so far, a row at a time. A row's pixels are those within
    /// `reach` across of the segment's part within `reach` of the row: a few more than the capsule's own (at
    /// most √2 times as many, on a diagonal), found without a square root; their distances are exact.
    ///
    /// Without `withStart`, the pixels behind `a` (t < 0, nearest to `a` itself) are left out, up to a
    /// pixel: the segment before ends at `a`, so it or one before it is at least as near to each of them.
    /// (Behind `a`, |p − b| > |p − a|: by induction the nearest earlier segment that has p in front of its
    /// start, or the first, which keeps all.) A GPS route's segments are shorter than the line is wide, so
    /// the disc at their start is most of their pixels.
    private func addSegment(
        from a: (x: Double, y: Double), to b: (x: Double, y: Double), reach: Double, reachSquared: Float, withStart: Bool,
        into closeness: UnsafeMutableBufferPointer<Float>, touched: TouchedColumns
    ) {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        // t along the segment as multiplications: (p − a) · (dx, dy) / length².
        let scaledX = lengthSquared > 0 ? dx / lengthSquared : 0, scaledY = lengthSquared > 0 ? dy / lengthSquared : 0
        let firstRow = Self.ceiling(min(a.y, b.y) - reach - 0.5, within: height)
        let lastRow = Self.floor(max(a.y, b.y) + reach - 0.5, within: height - 1)
        guard firstRow <= lastRow else { return }
        if lengthSquared <= Self.shortSegmentSquared {
            addShortSegment(
                from: a, to: b, scaledX: scaledX, scaledY: scaledY, rows: firstRow...lastRow, reach: reach, reachSquared: reachSquared,
                into: closeness, touched: touched)
            return
        }
        // Where along the segment its height is a row's centre's ± reach (an almost level one is level).
        let level = abs(dy) < 1e-9
        let perRow = level ? 0 : 1 / dy
        // Behind the start: before (dx > 0) or after (dx < 0) x = a.x − (centreY − a.y)·dy/dx, where t = 0, or
        // the whole row for an upright segment; a pixel of margin.
        let cutsStart = !withStart && lengthSquared > 0, upright = abs(dx) <= 1e-12
        let slope = upright ? 0 : dy / dx
        for row in firstRow...lastRow {
            let centreY = Double(row) + 0.5, rise = centreY - a.y
            var low = 0.0, high = 1.0
            if !level {
                let first = (rise - reach) * perRow, second = (rise + reach) * perRow
                low = max(0, min(first, second))
                high = min(1, max(first, second))
            }
            guard low <= high else { continue }
            let fromX = a.x + low * dx, toX = a.x + high * dx
            var firstColumn = Self.ceiling(min(fromX, toX) - reach - 0.5, within: width)
            var lastColumn = Self.floor(max(fromX, toX) + reach - 0.5, within: width - 1)
            if cutsStart {
                if upright {
                    if rise * dy < -abs(dy) { continue }
                } else if dx > 0 {
                    firstColumn = max(firstColumn, Self.ceiling(a.x - rise * slope - 1.5, within: width))
                } else {
                    lastColumn = min(lastColumn, Self.floor(a.x - rise * slope + 0.5, within: width - 1))
                }
            }
            guard firstColumn <= lastColumn else { continue }
            (firstColumn, lastColumn) = wholeGroupsOfFour(firstColumn, lastColumn)
            touched.add(row: row, from: firstColumn, to: lastColumn)
            // Along the row, from the first column's centre: t = t₀ + k·scaledX for the k-th column, clamped.
            let startX = Double(firstColumn) + 0.5
            let run = RowRun(
                t0: Float((startX - a.x) * scaledX + rise * scaledY), tStep: Float(scaledX),
                offX0: Float(a.x - startX), offY0: Float(-rise), dx: Float(dx), dy: Float(dy), reachSquared: reachSquared)
            run.raise(closeness.baseAddress! + (row &* width &+ firstColumn), count: lastColumn &- firstColumn &+ 1)
        }
    }

    /// Segments at most this long (squared, in pixels) take `addShortSegment`'s way.
    private static let shortSegmentSquared = 2.25

    /// `addSegment` for a segment at most a pixel and a half long (most of a GPS route's, after
    /// simplification): every row of its box gets the box's columns, t and the offset carried from one row
    /// to the next, for no set-up a row but a few more pixels (their distances exact, as every row's): the
    /// rows of such a segment are many more than its pixels across, and their set-up was most of its cost.
    @inline(__always)
    private func addShortSegment(
        from a: (x: Double, y: Double), to b: (x: Double, y: Double), scaledX: Double, scaledY: Double, rows: ClosedRange<Int>,
        reach: Double, reachSquared: Float, into closeness: UnsafeMutableBufferPointer<Float>, touched: TouchedColumns
    ) {
        let first = Self.ceiling(min(a.x, b.x) - reach - 0.5, within: width)
        let last = Self.floor(max(a.x, b.x) + reach - 0.5, within: width - 1)
        guard first <= last else { return }
        let (firstColumn, lastColumn) = wholeGroupsOfFour(first, last)
        let startX = Double(firstColumn) + 0.5, count = lastColumn &- firstColumn &+ 1
        let alongRow = (startX - a.x) * scaledX
        let (tStep, offX0, dx, dy) = (Float(scaledX), Float(a.x - startX), Float(b.x - a.x), Float(b.y - a.y))
        for row in rows {
            let rise = Double(row) + 0.5 - a.y
            touched.add(row: row, from: firstColumn, to: lastColumn)
            let run = RowRun(t0: Float(alongRow + rise * scaledY), tStep: tStep, offX0: offX0, offY0: Float(-rise), dx: dx, dy: dy, reachSquared: reachSquared)
            run.raise(closeness.baseAddress! + (row &* width &+ firstColumn), count: count)
        }
    }

    /// The columns `first`…`last` widened to whole groups of four pixels (see RowRun), within the row when
    /// it is that wide: the pixels added are within reach or not, their distances as exact.
    @inline(__always)
    private func wholeGroupsOfFour(_ first: Int, _ last: Int) -> (Int, Int) {
        let padded = (last - first + 4) & ~3
        guard padded <= width else { return (first, last) }
        let start = min(first, width - padded)
        return (start, start + padded - 1)
    }

    /// The smallest whole number at least `value` (or one more where `value` is whole), kept to
    /// 0…`limit` + 1 (past `limit` only for a `value` at or past it, a row or column beyond the box). One
    /// more only leaves out a pixel whose centre is exactly `reach` away, which nothing covers.
    @inline(__always)
    private static func ceiling(_ value: Double, within limit: Int) -> Int {
        max(0, nearestWhole(min(Double(limit), max(-1, value)) + 0.5))
    }

    /// The largest whole number at most `value` (or one less where `value` is whole), kept to −2…`limit`
    /// (`limit` itself for any `value` past it).
    @inline(__always)
    private static func floor(_ value: Double, within limit: Int) -> Int {
        nearestWhole(min(Double(limit) + 0.25, max(-1, value)) - 0.5)
    }

    /// The whole number nearest `value` (|value| < 2³¹), ties to even: adding 1.5 × 2⁵² leaves it in the
    /// Double's low mantissa bits. Two instructions, where libm's floor and ceil are calls and Swift's
    /// conversion to Int checks its range, four times a row.
    @inline(__always)
    private static func nearestWhole(_ value: Double) -> Int {
        Int(Int32(truncatingIfNeeded: (value + 6_755_399_441_055_744).bitPattern))
    }

    /// One row's pixels near one segment: how much nearer than reach they are to it, in a loop without
    /// branches that the compiler turns into vector instructions (four pixels at a time: rows come padded to
    /// a multiple of four, so that no pixel is left for single instructions).
    private struct RowRun {
        let t0, tStep, offX0, offY0, dx, dy, reachSquared: Float

        /// Raises the `count` closenesses from `start` to this segment's where it is nearer.
        @inline(__always)
        func raise(_ start: UnsafeMutablePointer<Float>, count: Int) {
            // Counted in 32 bits: SSE2 turns four of them into Floats at once, and 64-bit ones one by one.
            for k in 0..<Int32(truncatingIfNeeded: count) {
                let along = Float(k)
                let t = Swift.min(1, Swift.max(0, t0 + along * tStep))
                let offX = offX0 + t * dx - along, offY = offY0 + t * dy
                start[Int(k)] = Swift.max(start[Int(k)], reachSquared - (offX * offX + offY * offY))
            }
        }
    }

    /// The first and last column each row's segments touched, for the last pass: a buffer this owns, written
    /// twice a row of every segment without Array's copy-on-write checks.
    private final class TouchedColumns {
        private let rows: Int
        /// First and last column, a pair a row (first > last where nothing touched the row).
        private let columns: UnsafeMutablePointer<Int>

        init(rows: Int) {
            self.rows = rows
            columns = .allocate(capacity: 2 * rows)
            for row in 0..<rows {
                columns[2 * row] = .max
                columns[2 * row + 1] = -1
            }
        }

        deinit { columns.deallocate() }

        @inline(__always)
        func add(row: Int, from firstColumn: Int, to lastColumn: Int) {
            columns[2 &* row] = min(columns[2 &* row], firstColumn)
            columns[2 &* row &+ 1] = max(columns[2 &* row &+ 1], lastColumn)
        }

        /// Each touched row with its columns, top to bottom.
        var ranges: [(row: Int, columns: Range<Int>)] {
            (0..<rows).compactMap { row in
                let first = columns[2 * row], last = columns[2 * row + 1]
                return first <= last ? (row, first..<last + 1) : nil
            }
        }
    }
}
