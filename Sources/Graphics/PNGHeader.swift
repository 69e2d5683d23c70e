/// The size a PNG file declares in its IHDR chunk, read without decoding anything.
package struct PNGHeader: Equatable, Sendable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int

    /// Reads the header, or returns nil when the bytes do not start like a PNG file.
    package init?(bytes: [UInt8]) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let ihdr: [UInt8] = [0x49, 0x48, 0x44, 0x52]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == ihdr else {
            return nil
        }
        func bigEndian(_ at: Int) -> Int {
            bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        width = bigEndian(16)
        height = bigEndian(20)
        guard width > 0, height > 0 else { return nil }
    }
}
