/// PNG's row filters (ISO 15948 §9): each row of straight RGB or RGBA bytes after one filter-type byte.
public enum PNGRowFilter {
    private enum Kind: UInt8 {
        case none = 0, sub, up, average, paeth
    }

    /// The filtered rows: "up" for every row, or with `adaptive` the filter whose bytes sum smallest as
    /// signed values (libpng's heuristic). Opaque images (`channels` 3) take a fast path.
    public static func filter(_ rows: PixelRows, channels: Int, adaptive: Bool) -> [UInt8] {
        let rowLength = rows.width * channels + 1
        var out = [UInt8](repeating: 0, count: rowLength * rows.height)
        out.withUnsafeMutableBufferPointer { buffer in
            if channels == 3 && !adaptive {
                filterOpaqueUp(rows, into: buffer.baseAddress!)
            } else {
                filterStraight(rows, channels: channels, adaptive: adaptive, into: buffer.baseAddress!)
            }
        }
        return out
    }

    /// "Up" on opaque rows straight from the pixels, into zeroed memory: eight pixels equal to those above
    /// are one 32-byte compare and no write; eight others are subtracted at once (each byte apart) and
    /// stored as eight words whose fourth byte, zero, the next pixel overwrites. The row's last pixel is
    /// stored byte by byte, so nothing is written past it. A row where fewer pixels differ from their left
    /// neighbour than from the pixel above is filtered "sub" instead: the deflater finds more zeros.
    private static func filterOpaqueUp(_ rows: PixelRows, into target: UnsafeMutablePointer<UInt8>) {
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
                if load8(row + x) != load8(above + x) { changedPixels += storeEight(row + x, minus: above + x, into: line + 1 + 3 * x) }
                x += 8
            }
            while x < width {
                changedPixels += storeOne(row[x], minus: above[x], in: line, at: x, width: width)
                x += 1
            }
            if changedPixels > 0 && changesFromTheLeft(row, width: width) < changedPixels {
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

    @inline(__always)
    private static func load8(_ pixels: UnsafePointer<UInt32>) -> SIMD8<UInt32> {
        UnsafeRawPointer(pixels).loadUnaligned(as: SIMD8<UInt32>.self)
    }

    /// How many of the row's pixels differ from the one on their left (the first from black).
    private static func changesFromTheLeft(_ row: UnsafePointer<UInt32>, width: Int) -> Int {
        var changes = row[0] & 0xFF_FFFF != 0 ? 1 : 0
        var x = 1
        while x + 8 <= width {
            changes += count(load8(row + x) .!= load8(row + x - 1))
            x += 8
        }
        while x < width {
            if row[x] != row[x - 1] { changes += 1 }
            x += 1
        }
        return changes
    }

    /// Eight pixels minus eight others, each byte apart, stored as RGB from `output` (and one zero byte
    /// after); how many of the differences are not zero.
    @inline(__always)
    private static func storeEight(
        _ pixels: UnsafePointer<UInt32>, minus reference: UnsafePointer<UInt32>, into output: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let a = load8(pixels), b = load8(reference)
        let high = SIMD8<UInt32>(repeating: 0x8080_8080)
        let difference = ((a | high) &- (b & ~high)) ^ ((a ^ ~b) & high)
        for lane in 0..<8 {
            // 0xAARRGGBB → bytes R, G, B, 0 in memory.
            UnsafeMutableRawPointer(output + 3 * lane).storeBytes(of: (difference[lane].byteSwapped >> 8).littleEndian, as: UInt32.self)
        }
        return count((difference & SIMD8(repeating: 0xFF_FFFF)) .!= SIMD8(repeating: 0))
    }

    @inline(__always)
    private static func count(_ mask: SIMDMask<SIMD8<Int32>>) -> Int {
        Int(SIMD8<Int32>(repeating: 0).replacing(with: 1, where: mask).wrappedSum())
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

    /// Each byte of `a` minus the same byte of `b`, wrapping, with no borrow between bytes.
    @inline(__always)
    private static func bytewiseDifference(_ a: UInt32, _ b: UInt32) -> UInt32 {
        ((a | 0x8080_8080) &- (b & 0x7F7F_7F7F)) ^ ((a ^ ~b) & 0x8080_8080)
    }

    /// One row as straight (not premultiplied) RGB or RGBA bytes.
    private static func unpremultiply(_ row: UnsafePointer<UInt32>, width: Int, channels: Int, into out: UnsafeMutablePointer<UInt8>) {
        var index = 0
        for x in 0..<width {
            let pixel = row[x]
            if channels == 3 {
                out[index] = UInt8(truncatingIfNeeded: pixel >> 16)
                out[index + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                out[index + 2] = UInt8(truncatingIfNeeded: pixel)
                index += 3
                continue
            }
            let alpha = pixel >> 24
            var red = pixel >> 16 & 0xFF, green = pixel >> 8 & 0xFF, blue = pixel & 0xFF
            if alpha != 0xFF && alpha != 0 {
                red = (red * 255 + alpha / 2) / alpha
                green = (green * 255 + alpha / 2) / alpha
                blue = (blue * 255 + alpha / 2) / alpha
            }
            out[index] = UInt8(truncatingIfNeeded: red)
            out[index + 1] = UInt8(truncatingIfNeeded: green)
            out[index + 2] = UInt8(truncatingIfNeeded: blue)
            if channels == 4 { out[index + 3] = UInt8(truncatingIfNeeded: alpha) }
            index += channels
        }
    }

    /// Rows unpremultiplied to straight RGB(A), then filtered with "up" or adaptively.
    private static func filterStraight(_ rows: PixelRows, channels: Int, adaptive: Bool, into target: UnsafeMutablePointer<UInt8>) {
        let rowLength = rows.width * channels
        let previous = UnsafeMutablePointer<UInt8>.allocate(capacity: rowLength)
        let current = UnsafeMutablePointer<UInt8>.allocate(capacity: rowLength)
        let candidate = UnsafeMutablePointer<UInt8>.allocate(capacity: rowLength)
        defer {
            previous.deallocate()
            current.deallocate()
            candidate.deallocate()
        }
        previous.initialize(repeating: 0, count: rowLength)
        var (above, row) = (previous, current)
        for y in 0..<rows.height {
            unpremultiply(rows.row(y), width: rows.width, channels: channels, into: row)
            let line = target + y * (rowLength + 1)
            if adaptive {
                filterAdaptively(row, above: above, length: rowLength, channels: channels, candidate: candidate, into: line)
            } else {
                line[0] = Kind.up.rawValue
                for i in 0..<rowLength { line[1 + i] = row[i] &- above[i] }
            }
            swap(&above, &row)
        }
    }

    private static func filterAdaptively(
        _ row: UnsafeMutablePointer<UInt8>, above: UnsafeMutablePointer<UInt8>, length: Int, channels: Int,
        candidate: UnsafeMutablePointer<UInt8>, into line: UnsafeMutablePointer<UInt8>
    ) {
        var bestCost = Int.max
        for kind: UInt8 in [0, 1, 2, 3, 4] {
            var cost = 0
            for i in 0..<length {
                let left = i < channels ? 0 : Int(row[i - channels])
                let up = Int(above[i])
                let upperLeft = i < channels ? 0 : Int(above[i - channels])
                let predicted: Int = switch kind {
                case 0: 0
                case 1: left
                case 2: up
                case 3: (left + up) / 2
                default: paeth(left, up, upperLeft)
                }
                let byte = UInt8(truncatingIfNeeded: Int(row[i]) - predicted)
                candidate[i] = byte
                cost += byte < 128 ? Int(byte) : 256 - Int(byte)
            }
            if cost < bestCost {
                bestCost = cost
                line[0] = kind
                (line + 1).update(from: candidate, count: length)
            }
        }
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

}
