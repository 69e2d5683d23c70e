import CDeflate
import CZlib

/// How hard the PNG writer compresses: speed against file size. Every level gives the same bytes on
/// every run and machine (same zlib).
public enum PNGCompression: String, Sendable, CaseIterable {
    /// zlib level 1, rows filtered with "up": the fastest (measured: 2.1 ms for a 780 × 600 image, against
    /// 2.4 ms for libdeflate's fastest), files about a fifth larger than Cairo's.
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
            let channels = isOpaque(pixels, stride: stride, width: width, height: height) ? 3 : 4
            return (filteredRows(pixels, stride: stride, width: width, height: height, channels: channels, adaptive: compression == .small), channels)
        }
        let compressed = try compress(filtered.0, compression, pixelBytes: filtered.1, rowBytes: width * filtered.1 + 1)
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, filtered.1 == 4 ? 6 : 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", compressed) + chunk("IEND", [])
    }

    private static func isOpaque(_ pixels: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int) -> Bool {
        for y in 0..<height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] < 0xFF00_0000 { return false }
        }
        return true
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

    /// The rows with their filter byte: "up" (2) for every row, or with `adaptive` the filter whose bytes
    /// sum smallest as signed values (libpng's heuristic), among none, sub, up, average and Paeth.
    private static func filteredRows(
        _ pixels: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int, channels: Int, adaptive: Bool
    ) -> [UInt8] {
        let rowLength = width * channels
        var out = [UInt8](repeating: 0, count: (rowLength + 1) * height)
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
        out.withUnsafeMutableBufferPointer { buffer in
            let target = buffer.baseAddress!
            if channels == 3 && !adaptive {
                // The common case, opaque and "up": bytes straight from two pixel rows, no copies.
                let zeros = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
                zeros.initialize(repeating: 0, count: width)
                defer { zeros.deallocate() }
                for y in 0..<height {
                    let pixelRow = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                    let pixelAbove = y == 0 ? UnsafeMutablePointer(zeros) : (pixels + (y - 1) * stride).assumingMemoryBound(to: UInt32.self)
                    let line = target + y * (rowLength + 1) + 1
                    line[-1] = 2
                    for x in 0..<width {
                        let pixel = pixelRow[x], up = pixelAbove[x]
                        line[3 * x] = UInt8(truncatingIfNeeded: pixel >> 16) &- UInt8(truncatingIfNeeded: up >> 16)
                        line[3 * x + 1] = UInt8(truncatingIfNeeded: pixel >> 8) &- UInt8(truncatingIfNeeded: up >> 8)
                        line[3 * x + 2] = UInt8(truncatingIfNeeded: pixel) &- UInt8(truncatingIfNeeded: up)
                    }
                }
                return
            }
            for y in 0..<height {
                unpremultiply((pixels + y * stride).assumingMemoryBound(to: UInt32.self), width: width, channels: channels, into: row)
                let line = target + y * (rowLength + 1)
                if adaptive {
                    filterAdaptively(row, above: above, length: rowLength, channels: channels, candidate: candidate, into: line)
                } else {
                    line[0] = 2
                    for i in 0..<rowLength { line[1 + i] = row[i] &- above[i] }
                }
                swap(&above, &row)
            }
        }
        return out
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

    private static func compress(
        _ bytes: [UInt8], _ compression: PNGCompression, pixelBytes: Int, rowBytes: Int
    ) throws(GraphicsError) -> [UInt8] {
        switch compression {
        case .fast: bytes.withUnsafeBufferPointer { RowDeflater.zlibStream($0, pixelBytes: pixelBytes, rowBytes: rowBytes) }
        case .default: try libdeflateCompress(bytes, level: 6)
        case .small: try libdeflateCompress(bytes, level: 9)
        }
    }

    private static func zlibCompress(_ bytes: [UInt8], level: Int32) throws(GraphicsError) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = bytes.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), level)
            }
        }
        guard status == Z_OK else { throw .cairo("cannot compress the image (zlib error \(status))") }
        out.removeLast(out.count - Int(length))
        return out
    }

    private static func libdeflateCompress(_ bytes: [UInt8], level: Int32) throws(GraphicsError) -> [UInt8] {
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

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let crc = (typeBytes + data).withUnsafeBufferPointer { crc32(crc32(0, nil, 0), $0.baseAddress, uInt($0.count)) }
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(UInt32(crc))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
