/// PNG files built by hand for the tests, byte by byte and independent of the PNG writer under test:
/// stored (uncompressed) deflate, valid CRCs and Adler-32, RGBA at 8 bits.
public enum PNG {
    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// An RGBA PNG whose pixel at (x, y) is `pixel(x, y)`. With `claimed`, the header says that size
    /// instead (its CRC still right), for the tests of headers that lie.
    public static func rgba(
        width: Int, height: Int, claiming claimed: (width: Int, height: Int)? = nil, _ pixel: (Int, Int) -> [UInt8]
    ) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0) // filter byte: none
            for x in 0..<width { raw += pixel(x, y) }
        }
        let size = claimed ?? (width, height)
        let ihdr = bigEndian(UInt32(size.width)) + bigEndian(UInt32(size.height)) + [8, 6, 0, 0, 0]
        return signature + chunk("IHDR", ihdr) + chunk("IDAT", storedZlib(raw)) + chunk("IEND", [])
    }

    /// A PNG of one colour, `rgba` (by default a mid blue), for icons and images of a given size.
    public static func solid(
        width: Int, height: Int, rgba: [UInt8] = [0x20, 0x60, 0xC0, 0xFF], claiming claimed: (width: Int, height: Int)? = nil
    ) -> [UInt8] {
        Self.rgba(width: width, height: height, claiming: claimed) { _, _ in rgba }
    }

    /// `data` as a zlib stream of stored deflate blocks (65,535 bytes at the most each) and its Adler-32.
    public static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            zlib.append(offset + count == data.count ? 1 : 0)
            zlib += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        return zlib + bigEndian(adler32(data))
    }

    /// One chunk: length, type, data and the CRC of type and data.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    /// `value` as four bytes, most significant first, as PNG stores numbers.
    public static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// zlib's Adler-32 of `data`.
    public static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// The CRC-32 PNG chunks end with (table driven: some tests checksum megabytes).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    /// The text of the `tEXt` chunk named `keyword`, or nil when there is none.
    public static func textChunk(_ keyword: String, of bytes: [UInt8]) -> String? {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 12 + length <= bytes.count else { return nil }
            let data = bytes[offset + 8..<offset + 8 + length]
            if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == "tEXt", let zero = data.firstIndex(of: 0),
               String(decoding: data[..<zero], as: UTF8.self) == keyword {
                return String(decoding: data[(zero + 1)...], as: UTF8.self)
            }
            offset += 12 + length
        }
        return nil
    }

    /// Width and height from the IHDR chunk, or nil when `bytes` is not a PNG that starts with IHDR.
    public static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature,
              Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }
}
