extension PNGRowFilter {
    /// Straight colour from premultiplied, (c × 255 + a / 2) / a, at index a × 256 + c: looked up rather than
    /// divided three times a pixel. Alpha 0 and 255 keep their colour.
    static let straightColour: [UInt8] = (0..<65536).map { index in
        let alpha = index >> 8, colour = index & 0xFF
        guard alpha > 0 && alpha < 255 else { return UInt8(colour) }
        return UInt8(truncatingIfNeeded: (colour * 255 + alpha / 2) / alpha)
    }

    /// Rows of RGBA with some pixels not opaque: each row made straight into words whose bytes are R, G, B,
    /// A, then filtered like opaque rows ("up", or "sub" when fewer pixels change from the left), eight
    /// whole pixels a step.
    static func filterTranslucent(_ rows: PixelRows, into target: UnsafeMutablePointer<UInt8>) {
        let width = rows.width, rowLength = 4 * width + 1
        let buffers = (UnsafeMutablePointer<UInt32>.allocate(capacity: width), UnsafeMutablePointer<UInt32>.allocate(capacity: width))
        defer {
            buffers.0.deallocate()
            buffers.1.deallocate()
        }
        var (above, current) = buffers
        above.initialize(repeating: 0, count: width)
        straightColour.withUnsafeBufferPointer { table in
            for y in 0..<rows.height {
                straighten(rows.row(y), width: width, table: table.baseAddress!, into: current)
                let line = target + y * rowLength
                line[0] = Kind.up.rawValue
                let changedPixels = storeDifferences(current, minus: above, count: width, into: line + 1, skippingEqual: true)
                if changedPixels > 0 && changesFromTheLeft(current, width: width, firstMask: .max) < changedPixels {
                    line[0] = Kind.sub.rawValue
                    UnsafeMutableRawPointer(line + 1).storeBytes(of: current[0], as: UInt32.self) // minus nothing
                    _ = storeDifferences(current + 1, minus: current, count: width - 1, into: line + 5, skippingEqual: false)
                }
                swap(&above, &current)
            }
        }
    }

    /// A row of premultiplied pixels (0xAARRGGBB) as straight words whose bytes in memory are R, G, B, A.
    static func straighten(
        _ row: UnsafePointer<UInt32>, width: Int, table: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt32>
    ) {
        for x in 0..<width {
            let pixel = row[x], alpha = pixel >> 24
            let straight: UInt32
            if alpha == 255 || alpha == 0 {
                straight = pixel & 0xFF00_FF00 | pixel >> 16 & 0xFF | (pixel & 0xFF) << 16
            } else {
                let base = Int(alpha) << 8
                straight = alpha << 24 | UInt32(table[base | Int(pixel & 0xFF)]) << 16
                    | UInt32(table[base | Int(pixel >> 8 & 0xFF)]) << 8 | UInt32(table[base | Int(pixel >> 16 & 0xFF)])
            }
            out[x] = straight.littleEndian
        }
    }

    /// `count` pixels minus as many reference pixels, each byte apart, stored as 4 bytes each; with
    /// `skippingEqual`, eight equal pixels are left unwritten (the memory is zeroed). How many differ.
    private static func storeDifferences(
        _ pixels: UnsafePointer<UInt32>, minus reference: UnsafePointer<UInt32>, count: Int,
        into output: UnsafeMutablePointer<UInt8>, skippingEqual: Bool
    ) -> Int {
        var x = 0, changed = 0
        while x + 8 <= count {
            if !skippingEqual || !eightEqual(pixels + x, reference + x) {
                let difference = bytewiseDifference(load8(pixels + x), load8(reference + x))
                UnsafeMutableRawPointer(output + 4 * x).storeBytes(of: difference, as: SIMD8<UInt32>.self)
                changed += Self.count(difference .!= SIMD8(repeating: 0))
            }
            x += 8
        }
        while x < count {
            let difference = bytewiseDifference(pixels[x], reference[x])
            UnsafeMutableRawPointer(output + 4 * x).storeBytes(of: difference, as: UInt32.self)
            if difference != 0 { changed += 1 }
            x += 1
        }
        return changed
    }
}
