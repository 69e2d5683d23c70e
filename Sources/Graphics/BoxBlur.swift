/// A Gaussian blur of an 8-bit plane as five box blurs in each direction (the central limit theorem:
/// five boxes are within 4 levels of 255 of the Gaussian, three within 7), each a running sum, so that a
/// pixel costs the same whatever the radius. The boxes have odd widths, centred on each pixel, chosen so that their
/// variances add up to σ² (two widths, w and w + 2: Kovesi's "fast almost-Gaussian filtering").
/// All in whole numbers (values × 256 between the passes, rounded once to bytes a direction):
/// deterministic on every machine.
struct BoxBlur {
    /// The boxes' half-widths.
    let radii: [Int]

    init(sigma: Double, passes count: Int = 5) {
        let passes = Double(count)
        let ideal = (12 * sigma * sigma / passes + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(1, lower)
        let upper = lower + 2
        let narrow = (12 * sigma * sigma - passes * Double(lower * lower) - 4 * passes * Double(lower) - 3 * passes) / Double(-4 * lower - 4)
        let narrowCount = Int(narrow.rounded())
        radii = (0..<count).map { ($0 < narrowCount ? lower : upper) / 2 }
    }

    /// How far the blur reaches from a pixel: the radii together (about 3.9σ).
    var reach: Int { radii.reduce(0, +) }

    /// Blurs `height` rows of `width` bytes, `stride` apart, in place: rows first, then columns, a strip
    /// of columns at a time; `isCancelled` is asked between rows and strips (false when it said yes).
    func blur(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, isCancelled: () -> Bool) -> Bool {
        let longest = max(width, height)
        let first = UnsafeMutablePointer<UInt32>.allocate(capacity: longest)
        let second = UnsafeMutablePointer<UInt32>.allocate(capacity: longest)
        defer {
            first.deallocate()
            second.deallocate()
        }
        for y in 0..<height {
            if y % 64 == 0, isCancelled() { return false }
            let row = pixels + y * stride
            for x in 0..<width { first[x] = UInt32(row[x]) << 8 }
            blurLine(first, second, count: width)
            for x in 0..<width { row[x] = Self.byte(second[x]) }
        }
        let strip = 16
        let columns = UnsafeMutablePointer<UInt32>.allocate(capacity: strip * height)
        defer { columns.deallocate() }
        for left in Swift.stride(from: 0, to: width, by: strip) {
            if isCancelled() { return false }
            let count = min(strip, width - left)
            for y in 0..<height {
                let row = pixels + y * stride + left
                for column in 0..<count { columns[column * height + y] = UInt32(row[column]) << 8 }
            }
            for column in 0..<count {
                let line = columns + column * height
                blurLine(line, second, count: height)
                line.update(from: second, count: height)
            }
            for y in 0..<height {
                let row = pixels + y * stride + left
                for column in 0..<count { row[column] = Self.byte(columns[column * height + y]) }
            }
        }
        return true
    }

    /// The boxes over one line of `count` values, `line` to `result` (`line` is used between passes);
    /// beyond the ends is zero, as around a mask.
    private func blurLine(_ line: UnsafeMutablePointer<UInt32>, _ result: UnsafeMutablePointer<UInt32>, count: Int) {
        var (source, target) = (line, result)
        for radius in radii {
            Self.box(source, into: target, count: count, radius: radius)
            swap(&source, &target)
        }
        // After an odd number of passes the result is in `result`; after an even one, copy it there.
        if radii.count % 2 == 0 { result.update(from: line, count: count) }
    }

    /// One box of width 2 × radius + 1: a running sum, each value the sum times the width's reciprocal
    /// in 32-bit fixed point, rounded.
    private static func box(_ source: UnsafePointer<UInt32>, into target: UnsafeMutablePointer<UInt32>, count: Int, radius: Int) {
        let width = UInt64(2 * radius + 1)
        let reciprocal = ((1 << 32) + width / 2) / width
        var sum: UInt64 = 0
        for index in 0..<min(radius, count) { sum += UInt64(source[index]) }
        for index in 0..<count {
            if index + radius < count { sum += UInt64(source[index + radius]) }
            target[index] = UInt32((sum &* reciprocal &+ (1 << 31)) >> 32)
            if index >= radius { sum -= UInt64(source[index - radius]) }
        }
    }

    /// A value × 256 back to a byte, rounded.
    private static func byte(_ value: UInt32) -> UInt8 {
        UInt8(min(255, (value + 128) >> 8))
    }
}
