import Graphics

/// Images that push a PNG writer: flat, noisy, translucent, fully transparent, one pixel, one row or one
/// column, rows longer than deflate's 32 KB window, and a map-like picture of flat colour, soft shadows
/// and repeated shapes; all seeded, all premultiplied as Cairo keeps them.
struct PNGTestImage {
    let name: String
    let surface: ImageSurface

    static func all() throws -> [PNGTestImage] {
        var random = SplitMix(state: 2026)
        func noise(_ width: Int, _ height: Int, translucent: Bool) -> [UInt32] {
            (0..<(width * height)).map { _ in
                let alpha = translucent ? UInt32.random(in: 0...255, using: &random) : 255
                let channel = { UInt32.random(in: 0...alpha, using: &random) }
                return alpha << 24 | channel() << 16 | channel() << 8 | channel()
            }
        }
        let cases: [(String, Int, Int, [UInt32])] = [
            ("flat", 64, 48, [UInt32](repeating: 0xFFE8_E4DD, count: 64 * 48)),
            ("noise", 97, 61, noise(97, 61, translucent: false)),
            ("translucent-noise", 83, 57, noise(83, 57, translucent: true)),
            ("transparent", 40, 30, [UInt32](repeating: 0, count: 1200)),
            ("one-pixel", 1, 1, [0xFF12_3456]),
            ("one-clear-pixel", 1, 1, [0x8040_2010]),
            ("one-row", 300, 1, noise(300, 1, translucent: false)),
            ("one-column", 1, 300, noise(1, 300, translucent: true)),
            ("wider-than-the-window", 11000, 3, mapLike(width: 11000, height: 3, random: &random)),
            ("map-like", 780, 600, mapLike(width: 780, height: 600, random: &random)),
            ("big-noise", 400, 300, noise(400, 300, translucent: false)),
        ]
        return try cases.map { name, width, height, pixels in
            PNGTestImage(name: name, surface: try ImageSurface(width: width, height: height, argbPixels: pixels))
        }
    }

    /// A flat background, boxes of other colours at random places, each with a soft grey edge, and the
    /// same small glyph-like pattern stamped in several places.
    private static func mapLike(width: Int, height: Int, random: inout SplitMix) -> [UInt32] {
        var pixels = [UInt32](repeating: 0xFFE8_E4DD, count: width * height)
        let stamp = (0..<64).map { _ in UInt32.random(in: 0...255, using: &random) }
        for _ in 0..<12 {
            let left = Int.random(in: 0..<width, using: &random), top = Int.random(in: 0..<height, using: &random)
            let colour = 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &random)
            for y in top..<min(height, top + 90) {
                for x in left..<min(width, left + 250) {
                    let edge = min(x - left, y - top, 8)
                    let grey = UInt32(255 - edge * 12)
                    pixels[y * width + x] = edge < 8 ? 0xFF00_0000 | grey << 16 | grey << 8 | grey : colour
                }
            }
            for y in top..<min(height, top + 8) {
                for x in left..<min(width, left + 8) { pixels[y * width + x] = 0xFF00_0000 | stamp[(y - top) * 8 + x - left] * 0x01_0101 }
            }
        }
        return pixels
    }
}
