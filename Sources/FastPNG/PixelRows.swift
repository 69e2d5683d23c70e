/// A borrowed view of an ARGB32 surface's rows (premultiplied, native-endian 32-bit pixels), valid
/// only while the surface's pixels are (inside `ImageSurface.withPixelRows`).
package struct PixelRows {
    let pixels: UnsafeMutableRawPointer
    let stride: Int
    let width: Int
    let height: Int

    /// Rows of `width` pixels, `stride` bytes apart, from `pixels`.
    package init(pixels: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int) {
        self.pixels = pixels
        self.stride = stride
        self.width = width
        self.height = height
    }

    func row(_ y: Int) -> UnsafePointer<UInt32> {
        UnsafePointer((pixels + y * stride).assumingMemoryBound(to: UInt32.self))
    }

    /// Whether every pixel's alpha is 255: the rows are and-ed together two pixels at a time.
    package var isOpaque: Bool {
        let opaque: UInt64 = 0xFF00_0000_FF00_0000
        for y in 0..<height {
            let row = UnsafeRawPointer(self.row(y))
            var all = UInt64.max
            for pair in 0..<(width / 2) { all &= row.loadUnaligned(fromByteOffset: 8 * pair, as: UInt64.self) }
            if width % 2 == 1 { all &= UInt64(row.load(fromByteOffset: 4 * (width - 1), as: UInt32.self)) | 0xFFFF_FFFF_0000_0000 }
            if all & opaque != opaque { return false }
        }
        return true
    }
}
