import Graphics

/// One text entry of a PNG file (`tEXt`, or `zTXt` compressed).
package struct PNGTextEntry: Hashable, Sendable {
    /// The keyword.
    package let key: String
    /// The text.
    package let value: String
}

/// Reads and writes the text chunks of a PNG file (keyword and Latin-1 text), without decoding pixels:
/// `tEXt`, and `zTXt` (the text as a zlib stream) for a long text.
package enum PNGText {
    /// Texts longer than this are written compressed (`zTXt`): the lists of key paths and catalog keys,
    /// whose paths repeat (a spec of 2,000 key paths: about 84 KB as `tEXt`, a third of it as `zTXt`).
    package static let compressionThreshold = 1_024
    /// The most bytes a `zTXt` text is read to: more is a damaged or hostile file, and the entry is skipped.
    package static let inflatedLimit = 4 << 20

    /// The PNG with `entries` added as text chunks right after its header chunk.
    package static func adding(_ entries: [PNGTextEntry], to png: [UInt8]) -> [UInt8] {
        guard png.count > 33 else { return png }
        let headerEnd = 8 + 25
        var chunks: [UInt8] = []
        for entry in entries {
            let text = latin1(entry.value)
            if text.count > compressionThreshold, let stream = ZlibData.compressed(text) {
                chunks += chunk(type: "zTXt", data: latin1(entry.key) + [0, 0] + stream)
            } else {
                chunks += chunk(type: "tEXt", data: latin1(entry.key) + [0] + text)
            }
        }
        return Array(png[..<headerEnd]) + chunks + Array(png[headerEnd...])
    }

    /// Every `tEXt` and `zTXt` entry of a PNG file, in order; empty when there is none or the bytes are not
    /// a PNG. A `zTXt` entry of another compression method than zlib's, damaged, or inflating past
    /// `inflatedLimit` is left out.
    package static func entries(of png: [UInt8]) -> [PNGTextEntry] {
        var entries: [PNGTextEntry] = []
        forEachChunk(of: png) { type, data in
            guard type == "tEXt" || type == "zTXt", let separator = data.firstIndex(of: 0) else { return }
            let key = text(data[..<separator])
            if type == "tEXt" {
                entries.append(PNGTextEntry(key: key, value: text(data[(separator + 1)...])))
            } else if data.index(after: separator) < data.endIndex, data[data.index(after: separator)] == 0,
                      let inflated = ZlibData.inflated(data[(separator + 2)...], limit: inflatedLimit) {
                entries.append(PNGTextEntry(key: key, value: text(inflated[...])))
            }
        }
        return entries
    }

    /// `infowin:pixels`: a hash of what the pixels are decoded from (the header, palette, transparency
    /// and image data chunks), text and other chunks aside. The same pixels encoded otherwise hash
    /// otherwise, which only means a golden is drawn again; changed pixels always change it.
    package static func imageDataDigest(of png: [UInt8]) -> String {
        var imageData: [UInt8] = []
        forEachChunk(of: png) { type, data in
            if ["IHDR", "PLTE", "tRNS", "IDAT"].contains(type) { imageData += Array(type.utf8) + data }
        }
        return imageData.withUnsafeBytes(ContentHash.hash)
    }

    /// Calls `body` with each chunk's type and data, in order, up to `IEND` or the first chunk cut short.
    private static func forEachChunk(of png: [UInt8], _ body: (String, ArraySlice<UInt8>) -> Void) {
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            let end = offset + 12 + length
            guard length >= 0, end <= png.count else { break }
            body(type, png[offset + 8..<offset + 8 + length])
            if type == "IEND" { break }
            offset = end
        }
    }

    private static func chunk(type: String, data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let length = UInt32(data.count)
        let crc = CRC32.checksum(typeBytes + data)
        return bigEndian(length) + typeBytes + data + bigEndian(crc)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// Latin-1 bytes; characters beyond it become '?' (the keys and values written here are ASCII).
    private static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
    }

    /// Latin-1 text; ASCII (all infowin writes) is read as it is, without a scalar at a time.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}

/// The CRC-32 of PNG chunks (ISO 3309, polynomial 0xEDB88320).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
