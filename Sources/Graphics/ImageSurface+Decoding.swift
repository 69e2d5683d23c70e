import CCairo
import CTurboJPEG
import CWebP

/// The encodings a map tile may come in, told by their first bytes.
public enum ImageEncoding: String, Sendable {
    case png, jpeg, webp

    /// The encoding of `bytes`, or nil when they are none of these.
    public init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }
}

extension ImageSurface {
    /// The largest side a decoded image may have.
    public static let decodedSideLimit = 4096

    /// Decodes PNG, JPEG or WebP bytes, told by their first bytes; larger than `decodedSideLimit` on a side
    /// is refused before any pixel is decoded.
    public convenience init(encoded bytes: [UInt8]) throws(GraphicsError) {
        switch ImageEncoding(sniffing: bytes) {
        case .png:
            guard let header = PNGHeader(bytes: bytes) else { throw .unreadableImage("a damaged PNG header") }
            try Self.checkSide(header.width, header.height)
            try self.init(pngData: bytes)
        case .jpeg:
            try JPEGScans.check(bytes)
            try self.init(jpegData: bytes)
        case .webp:
            try self.init(webpData: bytes)
        case nil:
            throw .unreadableImage("not a PNG, JPEG or WebP image")
        }
    }

    private static func checkSide(_ width: Int, _ height: Int) throws(GraphicsError) {
        guard width > 0, height > 0, width <= decodedSideLimit, height <= decodedSideLimit else {
            throw .unreadableImage("\(width) × \(height) pixels, more than \(decodedSideLimit) on a side")
        }
    }

    private convenience init(jpegData bytes: [UInt8]) throws(GraphicsError) {
        guard let decoder = tjInitDecompress() else { throw .unreadableImage("libjpeg-turbo could not start") }
        defer { tjDestroy(decoder) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let read = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(decoder, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard read == 0 else { throw .unreadableImage("a damaged JPEG: \(String(cString: tjGetErrorStr2(decoder)))") }
        try Self.checkSide(Int(width), Int(height))
        try self.init(width: Int(width), height: Int(height))
        // Cairo's ARGB32 is BGRA in memory on little-endian machines, and a JPEG is opaque: no premultiplying.
        let status = withPixelRows { rows, stride in
            bytes.withUnsafeBufferPointer { buffer in
                tjDecompress2(
                    decoder, buffer.baseAddress, UInt(buffer.count), rows.assumingMemoryBound(to: UInt8.self), width, Int32(stride),
                    height, Int32(TJPF_BGRA.rawValue), TJFLAG_LIMITSCANS)
            }
        }
        guard status == 0 else { throw .unreadableImage("a damaged JPEG: \(String(cString: tjGetErrorStr2(decoder)))") }
    }

    private convenience init(webpData bytes: [UInt8]) throws(GraphicsError) {
        var width: Int32 = 0, height: Int32 = 0
        guard bytes.withUnsafeBufferPointer({ WebPGetInfo($0.baseAddress, $0.count, &width, &height) }) != 0 else {
            throw .unreadableImage("a damaged WebP image")
        }
        try Self.checkSide(Int(width), Int(height))
        try self.init(width: Int(width), height: Int(height))
        let decoded = withPixelRows { rows, stride in
            bytes.withUnsafeBufferPointer { buffer in
                WebPDecodeBGRAInto(buffer.baseAddress, buffer.count, rows.assumingMemoryBound(to: UInt8.self), stride * Int(height), Int32(stride))
            }
        }
        guard decoded != nil else { throw .unreadableImage("a damaged WebP image") }
        premultiplyAlpha()
    }

    /// Cairo wants premultiplied alpha; WebP gives straight alpha.
    private func premultiplyAlpha() {
        let width = self.width, height = self.height
        withPixelRows { rows, stride in
            for y in 0..<height {
                let row = (rows + y * stride).assumingMemoryBound(to: UInt8.self)
                for x in 0..<width {
                    let alpha = UInt16(row[4 * x + 3])
                    guard alpha < 255 else { continue }
                    for channel in 0..<3 {
                        row[4 * x + channel] = UInt8((UInt16(row[4 * x + channel]) * alpha + 127) / 255)
                    }
                }
            }
        }
    }
}
