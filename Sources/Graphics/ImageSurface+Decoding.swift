import CCairo
import CTurboJPEG
import CWebP

/// The encodings a map tile may come in, told by their first bytes.
package enum ImageEncoding: String, Sendable {
    case png, jpeg, webp

    /// The encoding of `bytes`, or nil when they are none of these.
    package init?(sniffing bytes: [UInt8]) {
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
    package static let decodedSideLimit = 4096

    /// Decodes PNG, JPEG or WebP bytes, told by their first bytes; larger than `decodedSideLimit` on a side
    /// is refused before any pixel is decoded, and so is an animated WebP or another format (named).
    package convenience init(encoded bytes: [UInt8]) throws(GraphicsError) {
        let header = try ImageHeader(bytes: bytes)
        guard header.width <= Self.decodedSideLimit, header.height <= Self.decodedSideLimit else {
            throw .unreadableImage("\(header.width) × \(header.height) pixels, more than \(Self.decodedSideLimit) on a side")
        }
        // Asked first: a decoder that cannot get its buffer says only that the file is damaged (cairo's PNG
        // reader turns every failure into "no memory"), and an image refused under a memory cap is not damaged.
        let decoded = header.width * header.height * 4
        guard MemoryTuning.canAllocate(bytes: decoded + (1 << 20)) else {
            throw .tooLargeForMemory(width: header.width, height: header.height, bytes: decoded)
        }
        switch header.encoding {
        case .png:
            try self.init(pngData: bytes)
        case .jpeg:
            try self.init(jpegData: bytes)
        case .webp:
            try self.init(webpData: bytes, width: header.width, height: header.height)
        }
    }

    private convenience init(jpegData bytes: [UInt8]) throws(GraphicsError) {
        guard let decoder = tjInitDecompress() else { throw .unreadableImage("libjpeg-turbo could not start") }
        defer { tjDestroy(decoder) }
        let (width, height, colorspace) = try ImageHeader.jpegHeader(bytes, decoder: decoder)
        try self.init(width: Int(width), height: Int(height))
        let printed = colorspace == TJCS_CMYK.rawValue || colorspace == TJCS_YCCK.rawValue
        // Cairo's ARGB32 is BGRA in memory on little-endian machines, and a JPEG is opaque: no premultiplying.
        // A print (CMYK or YCCK) JPEG decodes only to CMYK, made RGB after.
        let status = withPixelRows { rows, stride in
            bytes.withUnsafeBufferPointer { buffer in
                tjDecompress2(
                    decoder, buffer.baseAddress, UInt(buffer.count), rows.assumingMemoryBound(to: UInt8.self), width, Int32(stride),
                    height, Int32((printed ? TJPF_CMYK : TJPF_BGRA).rawValue), TJFLAG_LIMITSCANS)
            }
        }
        guard status == 0 else { throw .unreadableImage("a damaged JPEG: \(String(cString: tjGetErrorStr2(decoder)))") }
        if printed { convertCMYKToBGRA(inverted: Self.hasAdobeMarker(bytes)) }
    }

    /// CMYK pixels (as libjpeg gives them) made opaque BGRA in place, by the naive formula every viewer uses
    /// without a colour profile. Adobe's JPEGs (an APP14 "Adobe" segment) store the inks inverted.
    private func convertCMYKToBGRA(inverted: Bool) {
        let width = self.width, height = self.height
        withPixelRows { rows, stride in
            for y in 0..<height {
                let row = (rows + y * stride).assumingMemoryBound(to: UInt8.self)
                for x in 0..<width {
                    var ink = (0..<4).map { UInt16(row[4 * x + $0]) }
                    if !inverted { ink = ink.map { 255 - $0 } }
                    let (c, m, yellow, k) = (ink[0], ink[1], ink[2], ink[3])
                    row[4 * x] = UInt8((yellow * k + 127) / 255)
                    row[4 * x + 1] = UInt8((m * k + 127) / 255)
                    row[4 * x + 2] = UInt8((c * k + 127) / 255)
                    row[4 * x + 3] = 255
                }
            }
        }
    }

    /// True when a JPEG has Adobe's APP14 segment before its first scan.
    private static func hasAdobeMarker(_ bytes: [UInt8]) -> Bool {
        var position = 2
        while position + 9 < bytes.count, bytes[position] == 0xFF {
            let code = bytes[position + 1]
            guard code != 0xDA else { return false }
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            if code == 0xEE, Array(bytes[(position + 4)..<(position + 9)]) == Array("Adobe".utf8) { return true }
            position += 2 + length
        }
        return false
    }

    private convenience init(webpData bytes: [UInt8], width: Int, height: Int) throws(GraphicsError) {
        try self.init(width: width, height: height)
        let decoded = withPixelRows { rows, stride in
            bytes.withUnsafeBufferPointer { buffer in
                WebPDecodeBGRAInto(buffer.baseAddress, buffer.count, rows.assumingMemoryBound(to: UInt8.self), stride * height, Int32(stride))
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
