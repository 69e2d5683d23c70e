extension PNGRowFilter {
    /// "Up" on opaque rows straight from the pixels, into zeroed memory: eight pixels equal to those above
    /// are one 32-byte compare and no write; eight others are subtracted at once (each byte apart) and
    /// stored as eight words whose fourth byte, zero, the next pixel overwrites. The row's last pixel is
    /// stored byte by byte, so nothing is written past it. A row where fewer pixels differ from their left
    /// neighbour than from the pixel above is filtered "sub" instead: the deflater finds more zeros.
    static func filterOpaque(_ rows: PixelRows, into target: UnsafeMutablePointer<UInt8>) {
        let width = rows.width, rowLength = 3 * width + 1
        let zeros = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        zeros.initialize(repeating: 0, count: width)
        defer { zeros.deallocate() }
        for y in 0..<rows.height {
            let row = rows.row(y), above = y == 0 ? UnsafePointer(zeros) : rows.row(y - 1)
            let line = target + y * rowLength
            line[0] = Kind.up.rawValue
            var x = 0, changedPixels = 0
            while x + 8 < width {
                if !eightEqual(row + x, above + x) { changedPixels += storeEight(row + x, minus: above + x, into: line + 1 + 3 * x) }
                x += 8
            }
            while x < width {
                changedPixels += storeOne(row[x], minus: above[x], in: line, at: x, width: width)
                x += 1
            }
            if changedPixels > 0 && changesFromTheLeft(row, width: width, firstMask: 0xFF_FFFF) < changedPixels {
                line[0] = Kind.sub.rawValue
                _ = storeOne(row[0], minus: 0, in: line, at: 0, width: width)
                x = 1
                while x + 8 < width {
                    _ = storeEight(row + x, minus: row + x - 1, into: line + 1 + 3 * x)
                    x += 8
                }
                while x < width {
                    _ = storeOne(row[x], minus: row[x - 1], in: line, at: x, width: width)
                    x += 1
                }
            }
        }
    }

    /// Eight pixels minus eight others, each byte apart, stored as RGB from `output` (and one zero byte
    /// after); how many of the differences are not zero.
    @inline(__always)
    private static func storeEight(
        _ pixels: UnsafePointer<UInt32>, minus reference: UnsafePointer<UInt32>, into output: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let difference = bytewiseDifference(load8(pixels), load8(reference))
        for lane in 0..<8 {
            // 0xAARRGGBB → bytes R, G, B, 0 in memory.
            UnsafeMutableRawPointer(output + 3 * lane).storeBytes(of: (difference[lane].byteSwapped >> 8).littleEndian, as: UInt32.self)
        }
        return count((difference & SIMD8(repeating: 0xFF_FFFF)) .!= SIMD8(repeating: 0))
    }

    /// One pixel minus another, stored as RGB at pixel `x` of `line`; 1 when they differ.
    @inline(__always)
    private static func storeOne(_ pixel: UInt32, minus reference: UInt32, in line: UnsafeMutablePointer<UInt8>, at x: Int, width: Int) -> Int {
        let difference = bytewiseDifference(pixel, reference)
        if x == width - 1 {
            line[1 + 3 * x] = UInt8(truncatingIfNeeded: difference >> 16)
            line[2 + 3 * x] = UInt8(truncatingIfNeeded: difference >> 8)
            line[3 + 3 * x] = UInt8(truncatingIfNeeded: difference)
        } else {
            UnsafeMutableRawPointer(line + 1 + 3 * x).storeBytes(of: (difference.byteSwapped >> 8).littleEndian, as: UInt32.self)
        }
        return difference & 0xFF_FFFF != 0 ? 1 : 0
    }
}
