import CDeflate

/// An image as straight (not premultiplied) RGBA bytes, row by row: what an animation's frames are made
/// from, read back exactly from the PNG files infowin wrote (8 bits, RGB or RGBA, not interlaced).
package struct StraightPixels: Equatable, Sendable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// Four bytes a pixel: red, green, blue, alpha.
    package let rgba: [UInt8]

    /// True when every pixel is opaque.
    var isOpaque: Bool {
        stride(from: 3, to: rgba.count, by: 4).allSatisfy { rgba[$0] == 255 }
    }

    /// Decodes a PNG of 8-bit RGB or RGBA, not interlaced (as `PNGEncoder` writes them), exactly.
    package init(png bytes: [UInt8]) throws(GraphicsError) {
        var header: [UInt8] = [], data: [UInt8] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            guard length >= 0, offset + 12 + length <= bytes.count else { break }
            let body = bytes[offset + 8..<offset + 8 + length]
            if type == "IHDR" { header = Array(body) }
            if type == "IDAT" { data += body }
            offset += 12 + length
        }
        guard header.count == 13, header[8] == 8, header[9] == 2 || header[9] == 6, header[12] == 0 else {
            throw .unreadableImage("not a PNG of 8-bit RGB or RGBA pixels, not interlaced")
        }
        let number = { (at: Int) in Int(header[at]) << 24 | Int(header[at + 1]) << 16 | Int(header[at + 2]) << 8 | Int(header[at + 3]) }
        let width = number(0), height = number(4), channels = header[9] == 6 ? 4 : 3
        guard (1...8192).contains(width), (1...8192).contains(height) else { throw .unreadableImage("a PNG of \(width) × \(height) pixels") }
        let rowBytes = width * channels
        let filtered = try Self.inflate(data, count: (rowBytes + 1) * height)
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        var previous = [UInt8](repeating: 0, count: rowBytes), row = previous
        for y in 0..<height {
            let start = y * (rowBytes + 1)
            try Self.unfilter(filtered[start], filtered[(start + 1)...].prefix(rowBytes), previous: previous, into: &row, pixelBytes: channels)
            for x in 0..<width {
                for channel in 0..<channels { rgba[(y * width + x) * 4 + channel] = row[x * channels + channel] }
            }
            swap(&previous, &row)
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    private static func inflate(_ data: [UInt8], count: Int) throws(GraphicsError) -> [UInt8] {
        guard let decompressor = libdeflate_alloc_decompressor() else { throw .unreadableImage("no memory to inflate a PNG") }
        defer { libdeflate_free_decompressor(decompressor) }
        var out = [UInt8](repeating: 0, count: count)
        var written = 0
        let result = data.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { target in
                libdeflate_zlib_decompress(decompressor, source.baseAddress, source.count, target.baseAddress, target.count, &written)
            }
        }
        guard result == LIBDEFLATE_SUCCESS, written == count else { throw .unreadableImage("a damaged PNG (its image data does not inflate)") }
        return out
    }

    /// Undoes one row's PNG filter (0 none, 1 sub, 2 up, 3 average, 4 Paeth).
    private static func unfilter(
        _ filter: UInt8, _ source: ArraySlice<UInt8>, previous: [UInt8], into row: inout [UInt8], pixelBytes: Int
    ) throws(GraphicsError) {
        guard filter <= 4 else { throw .unreadableImage("a damaged PNG (row filter \(filter))") }
        for (index, byte) in source.enumerated() {
            let left = index >= pixelBytes ? Int(row[index - pixelBytes]) : 0
            let up = Int(previous[index]), upLeft = index >= pixelBytes ? Int(previous[index - pixelBytes]) : 0
            let predictor: Int
            switch filter {
            case 1: predictor = left
            case 2: predictor = up
            case 3: predictor = (left + up) / 2
            case 4:
                let estimate = left + up - upLeft
                let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                predictor = a <= b && a <= c ? left : b <= c ? up : upLeft
            default: predictor = 0
            }
            row[index] = byte &+ UInt8(truncatingIfNeeded: predictor)
        }
    }
}
