import CDeflate
import FastPNG

/// How hard the PNG writer compresses: speed against file size. Every level gives the same bytes on
/// every run and machine (`fast` is our own code; the others need the same libdeflate).
package enum PNGCompression: String, Sendable, CaseIterable {
    /// Our deflate for flat pictures (`FastPNG`), rows filtered "up" or "sub": the fastest (about 0.5 ms
    /// for a 780 × 600 map with a window, against 2.1 ms for zlib's level 1), files about Cairo's size.
    case fast
    /// libdeflate level 6, "up" filter: files smaller than Cairo's (zlib level 9), in half zlib level 6's time.
    case `default`
    /// libdeflate level 9, the best filter chosen row by row: the smallest files, the slowest.
    case small
}

/// Writes PNG files itself (Cairo's writer has no settings and spends most of a render's time in zlib at
/// level 6): colour type RGB when every pixel is opaque, RGBA otherwise, 8 bits, no interlace.
enum PNGEncoder {
    static func encode(_ surface: ImageSurface, compression: PNGCompression) throws(GraphicsError) -> [UInt8] {
        let width = surface.width, height = surface.height
        let filtered = surface.withPixelRows { pixels, stride in
            let rows = PixelRows(pixels: pixels, stride: stride, width: width, height: height)
            let channels = rows.isOpaque ? 3 : 4
            return (PNGRowFilter.filter(rows, channels: channels, adaptive: compression == .small), channels)
        }
        let compressed = try compress(filtered.0, compression, pixelBytes: filtered.1, rowBytes: width * filtered.1 + 1)
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, filtered.1 == 4 ? 6 : 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", compressed) + chunk("IEND", [])
    }

    private static func compress(
        _ bytes: [UInt8], _ compression: PNGCompression, pixelBytes: Int, rowBytes: Int
    ) throws(GraphicsError) -> [UInt8] {
        switch compression {
        case .fast: bytes.withUnsafeBufferPointer { RowDeflater.zlibStream(
            $0, pixelBytes: pixelBytes, rowBytes: rowBytes, adler32: UInt32(libdeflate_adler32(1, $0.baseAddress, $0.count))) }
        case .default: try libdeflateCompress(bytes, level: 6)
        case .small: try libdeflateCompress(bytes, level: 9)
        }
    }

    static func libdeflateCompress(_ bytes: [UInt8], level: Int32) throws(GraphicsError) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else {
            throw .cairo("cannot compress the image (no memory for a level \(level) compressor)")
        }
        defer { libdeflate_free_compressor(compressor) }
        var out = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, bytes.count))
        let length = bytes.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { target in
                libdeflate_zlib_compress(compressor, source.baseAddress, source.count, target.baseAddress, target.count)
            }
        }
        guard length > 0 else { throw .cairo("cannot compress the image") }
        out.removeLast(out.count - length)
        return out
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let crc = (typeBytes + data).withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(UInt32(crc))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
