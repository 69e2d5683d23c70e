import CTurboJPEG
import CWebP

/// What an image file is and how large it says it is, read from its first bytes without decoding a pixel:
/// photos, icons and tiles may be PNG, JPEG or WebP, told by their bytes, not their names.
package struct ImageHeader: Equatable, Sendable {
    /// The encoding.
    package let encoding: ImageEncoding
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int

    /// Reads the header; throws naming the format found when the bytes are not a PNG, a JPEG or a still
    /// WebP image (an animated WebP is refused by name), or when the header is damaged.
    package init(bytes: [UInt8]) throws(GraphicsError) {
        guard let encoding = ImageEncoding(sniffing: bytes) else {
            throw .unreadableImage("not a PNG, JPEG or WebP image (\(Self.otherFormat(of: bytes) ?? "its bytes are of no image format infowin knows"))")
        }
        self.encoding = encoding
        switch encoding {
        case .png:
            guard let header = PNGHeader(bytes: bytes) else { throw .unreadableImage("a damaged PNG header") }
            (width, height) = (header.width, header.height)
        case .jpeg:
            // Scans are counted first: a JPEG of thousands is refused as damaged, whatever else is wrong.
            try JPEGScans.check(bytes)
            (width, height) = try Self.jpegSize(bytes)
        case .webp:
            var features = WebPBitstreamFeatures()
            guard bytes.withUnsafeBufferPointer({ WebPGetFeatures($0.baseAddress, $0.count, &features) }) == VP8_STATUS_OK else {
                throw .unreadableImage("a damaged WebP image")
            }
            guard features.has_animation == 0 else { throw .unreadableImage("an animated WebP image (only still images can be drawn)") }
            (width, height) = (Int(features.width), Int(features.height))
        }
        guard width > 0, height > 0 else { throw .unreadableImage("a damaged \(encoding.rawValue.uppercased()) header (\(width) × \(height) pixels)") }
    }

    private static func jpegSize(_ bytes: [UInt8]) throws(GraphicsError) -> (Int, Int) {
        guard let decoder = tjInitDecompress() else { throw .unreadableImage("libjpeg-turbo could not start") }
        defer { tjDestroy(decoder) }
        let header = try jpegHeader(bytes, decoder: decoder)
        return (Int(header.width), Int(header.height))
    }

    /// A JPEG's size and colour space, as libjpeg-turbo reads them with `decoder` (which the caller owns).
    static func jpegHeader(_ bytes: [UInt8], decoder: tjhandle) throws(GraphicsError) -> (width: Int32, height: Int32, colorspace: Int32) {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let read = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(decoder, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard read == 0 else { throw .unreadableImage("a damaged JPEG: \(String(cString: tjGetErrorStr2(decoder)))") }
        return (width, height, colorspace)
    }

    /// The name of a common image or document format that infowin does not draw, told by its first bytes.
    static func otherFormat(of bytes: [UInt8]) -> String? {
        func starts(_ text: String, at offset: Int = 0) -> Bool {
            bytes.count >= offset + text.utf8.count && Array(bytes[offset..<offset + text.utf8.count]) == Array(text.utf8)
        }
        if starts("GIF87a") || starts("GIF89a") { return "it is a GIF image" }
        if starts("BM") { return "it is a BMP image" }
        if starts("II*\u{0}") || starts("MM\u{0}*") { return "it is a TIFF image" }
        if starts("ftypavif", at: 4) { return "it is an AVIF image" }
        if starts("ftyphei", at: 4) || starts("ftypmif1", at: 4) { return "it is a HEIC image" }
        if starts("%PDF") { return "it is a PDF document" }
        let head = String(decoding: bytes.prefix(256), as: UTF8.self)
        if head.contains("<svg") || (head.hasPrefix("<?xml") && head.contains("svg")) { return "it is an SVG document" }
        return nil
    }
}
