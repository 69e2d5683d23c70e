/// How two images differ, pixel for pixel; nil from `compare` means they are equal.
public struct ExactDifference: Sendable {
    /// Why they differ, in words.
    public let reason: String
    /// How many pixels differ (0 when the sizes differ).
    public let differingPixels: Int
    /// Unchanged pixels faded grey, changed ones red; nil when the sizes differ.
    public let differenceImage: PixelImage?
}

/// Pixel-exact comparison, the strictest check for golden images drawn with pinned fonts.
public enum ExactComparison {
    /// nil when `actual` has exactly the pixels of `expected`.
    public static func compare(expected: PixelImage, actual: PixelImage) -> ExactDifference? {
        guard expected.width == actual.width, expected.height == actual.height else {
            return ExactDifference(
                reason: "the sizes differ: expected \(expected.width) × \(expected.height), got \(actual.width) × \(actual.height)",
                differingPixels: 0, differenceImage: nil)
        }
        guard expected.pixels != actual.pixels else { return nil }
        var count = 0
        let marked = zip(expected.pixels, actual.pixels).map { old, new -> UInt32 in
            if old != new {
                count += 1
                return 0xFFFF_0000
            }
            return faded(old)
        }
        return ExactDifference(
            reason: "\(count) of \(expected.pixels.count) pixels differ", differingPixels: count,
            differenceImage: PixelImage(width: expected.width, height: expected.height, pixels: marked))
    }

    /// A pixel as a light grey of its brightness, so that changes in red stand out.
    private static func faded(_ pixel: UInt32) -> UInt32 {
        let alpha = Double(pixel >> 24) / 255
        let red = Double(pixel >> 16 & 0xFF), green = Double(pixel >> 8 & 0xFF), blue = Double(pixel & 0xFF)
        let luma = (0.299 * red + 0.587 * green + 0.114 * blue) + (1 - alpha) * 255
        let grey = UInt32(min(255, 255 - (255 - luma) * 0.25))
        return 0xFF00_0000 | grey << 16 | grey << 8 | grey
    }
}
