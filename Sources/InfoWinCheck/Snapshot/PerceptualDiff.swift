#if canImport(Glibc)
import Glibc
#endif
import InfoWinKit

/// How two images compare: what differs, what was taken for anti-aliasing, and a picture of it.
package struct ImageDiff: Sendable {
    /// Pixels that changed beyond the threshold and are not anti-aliasing.
    package let differingPixels: Int
    /// Pixels that changed only on an anti-aliased edge (shown yellow; counted only by a tolerance that
    /// `countsAntiAliasing`).
    let antiAliasedPixels: Int
    /// Pixels whose value changed at all, within the threshold or not, anti-aliased or not.
    var changedPixels = 0
    /// Pixels compared.
    let totalPixels: Int
    /// Why the images cannot be compared pixel by pixel (their sizes differ), or nil.
    package let sizeMismatch: String?
    /// Unchanged pixels faded grey, changed ones red, anti-aliasing ones yellow; nil when the sizes differ
    /// or nothing differs at all.
    package let image: PixelImage?

    /// Differing pixels as a share of all pixels.
    package var ratio: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }

    /// True when nothing differs: same size, no pixel beyond the threshold.
    package var isIdentical: Bool { sizeMismatch == nil && differingPixels == 0 }
}

/// How different two images may be and still pass.
package struct DiffTolerance: Sendable, Equatable {
    /// YIQ colour distance below which two pixels count as the same, 0…1 (pixelmatch's threshold).
    package var threshold: Double
    /// Differing pixels allowed.
    package var maxDiffPixels: Int?
    /// Differing pixels allowed, as a share of all pixels (0…1).
    package var maxDiffRatio: Double?
    /// Count changed pixels on anti-aliased edges too, without telling them apart (pixelmatch's `includeAA`).
    package var includeAntiAliasing: Bool
    /// Tell anti-aliased pixels apart (yellow in the difference image, counted apart in the message) but
    /// count them as differences: how a golden drawn by this very renderer is compared.
    var countsAntiAliasing = false
    /// True when the user chose it (`--threshold`, `--max-diff-pixels`, `--max-diff-ratio`, `--include-aa`,
    /// on the command line or in `infowin.json`): then it applies whoever drew the golden.
    package var isExplicit = false

    /// The default: pixelmatch's threshold 0.1, anti-aliasing ignored, and no differing pixel allowed.
    package init(threshold: Double = 0.1, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil, includeAntiAliasing: Bool = false) {
        self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.includeAntiAliasing = includeAntiAliasing
    }

    /// Every changed pixel counts, and anti-aliased ones are still told apart: a golden drawn by the same
    /// build with the same libraries (SPEC.md, "Comparing, round four").
    package static let exact: DiffTolerance = {
        var exact = DiffTolerance(threshold: 0)
        exact.countsAntiAliasing = true
        return exact
    }()

    /// True when pixels count as changed only when their values differ (threshold 0).
    var isExact: Bool { threshold == 0 }

    /// The pixels this tolerance counts as differing in `diff`.
    func countedPixels(_ diff: ImageDiff) -> Int {
        diff.differingPixels + (countsAntiAliasing ? diff.antiAliasedPixels : 0)
    }

    /// True when `diff` is within this tolerance: same size, and at most the larger of the two allowances.
    package func accepts(_ diff: ImageDiff) -> Bool {
        guard diff.sizeMismatch == nil else { return false }
        let allowed = max(Double(maxDiffPixels ?? 0), (maxDiffRatio ?? 0) * Double(diff.totalPixels))
        return Double(countedPixels(diff)) <= allowed
    }
}

/// A perceptual, anti-aliasing-aware image comparison in the manner of pixelmatch: pixels are compared by
/// YIQ colour distance, and a changed pixel on an anti-aliased edge of either image is not counted.
/// Transparency counts: colours are compared over white and over black, so a pixel turning transparent changes.
package enum PerceptualDiff {
    /// Compares `actual` with `expected`; `withImage` asks for the difference picture. With threshold 0 and
    /// `countAntiAliasing`, every changed pixel counts: a pixel-exact comparison.
    package static func compare(
        expected: PixelImage, actual: PixelImage, threshold: Double = 0.1, countAntiAliasing: Bool = false,
        withImage: Bool = true
    ) -> ImageDiff {
        guard expected.width == actual.width, expected.height == actual.height else {
            return ImageDiff(
                differingPixels: 0, antiAliasedPixels: 0, totalPixels: expected.pixels.count,
                sizeMismatch: "the sizes differ: expected \(expected.width) × \(expected.height) pixels, got \(actual.width) × \(actual.height)",
                image: nil)
        }
        let total = expected.pixels.count
        if sameBytes(expected.pixels, actual.pixels) {
            return ImageDiff(differingPixels: 0, antiAliasedPixels: 0, totalPixels: total, sizeMismatch: nil, image: nil)
        }
        let maxDelta = 35215 * threshold * threshold
        let width = expected.width, height = expected.height
        var output = withImage ? [UInt32](repeating: 0, count: total) : []
        var differing = 0, antiAliased = 0, changed = 0
        // Threshold 0 is exact: a changed value is a change, even one whose YIQ distance rounds to nothing.
        let exact = threshold == 0
        expected.pixels.withUnsafeBufferPointer { old in
            actual.pixels.withUnsafeBufferPointer { new in
                let first = PixelGrid(pixels: old, width: width, height: height)
                let second = PixelGrid(pixels: new, width: width, height: height)
                for y in 0..<height {
                    for x in 0..<width {
                        let index = y * width + x
                        let a = old[index], b = new[index]
                        let delta = a == b ? 0 : colorDelta(a, b)
                        if a != b { changed += 1 }
                        if exact ? a != b : abs(delta) > maxDelta {
                            if !countAntiAliasing
                                && (first.isAntiAliased(x, y, other: second) || second.isAntiAliased(x, y, other: first)) {
                                antiAliased += 1
                                if withImage { output[index] = 0xFFFF_FF00 }
                            } else {
                                differing += 1
                                if withImage { output[index] = 0xFFFF_0000 }
                            }
                        } else if withImage {
                            output[index] = faded(a)
                        }
                    }
                }
            }
        }
        var diff = ImageDiff(
            differingPixels: differing, antiAliasedPixels: antiAliased, totalPixels: total, sizeMismatch: nil,
            image: withImage ? PixelImage(width: width, height: height, pixels: output) : nil)
        diff.changedPixels = changed
        return diff
    }

    /// pixelmatch's YIQ distance, negative when the first pixel is the brighter; the larger of the distances
    /// over white and over black, so that transparency counts.
    static func colorDelta(_ a: UInt32, _ b: UInt32) -> Double {
        let overWhite = yiqDelta(Channels(a, over: 255), Channels(b, over: 255))
        let overBlack = yiqDelta(Channels(a, over: 0), Channels(b, over: 0))
        return abs(overWhite) >= abs(overBlack) ? overWhite : overBlack
    }

    private static func yiqDelta(_ a: Channels, _ b: Channels) -> Double {
        let y = a.y - b.y, i = a.i - b.i, q = a.q - b.q
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return a.y > b.y ? -delta : delta
    }

    /// A pixel as pale grey of its brightness over white, so that the changes drawn over it stand out.
    private static func faded(_ pixel: UInt32) -> UInt32 {
        let brightness = Channels(pixel, over: 255).y
        let grey = UInt32(max(0, min(255, (255 + (brightness - 255) * 0.1).rounded())))
        return 0xFF00_0000 | grey << 16 | grey << 8 | grey
    }
}

/// A premultiplied ARGB pixel laid over a grey background, as straight colour channels.
struct Channels {
    let red, green, blue: Double

    init(_ pixel: UInt32, over background: Double) {
        let transparency = 1 - Double(pixel >> 24) / 255
        red = Double(pixel >> 16 & 0xFF) + background * transparency
        green = Double(pixel >> 8 & 0xFF) + background * transparency
        blue = Double(pixel & 0xFF) + background * transparency
    }

    var y: Double { red * 0.29889531 + green * 0.58662247 + blue * 0.11448223 }
    var i: Double { red * 0.59597799 - green * 0.27417610 - blue * 0.32180189 }
    var q: Double { red * 0.21147017 - green * 0.52261711 + blue * 0.31114694 }
}

/// An image's pixels with the neighbourhood tests pixelmatch uses to tell anti-aliasing from change.
struct PixelGrid {
    let pixels: UnsafeBufferPointer<UInt32>
    let width: Int
    let height: Int

    /// True when the pixel at (x, y) looks like an anti-aliased edge: its neighbours hold both a darker
    /// and a brighter pixel, and one of those has many identical siblings in both images.
    func isAntiAliased(_ x: Int, _ y: Int, other: PixelGrid) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x2 = min(x + 1, width - 1), y2 = min(y + 1, height - 1)
        let center = pixels[y * width + x]
        var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var minimum = 0.0, maximum = 0.0
        var darkest = (x: 0, y: 0), brightest = (x: 0, y: 0)
        let centerBrightness = Channels(center, over: 255).y
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let neighbour = pixels[ny * width + nx]
                let delta = neighbour == center ? 0 : centerBrightness - Channels(neighbour, over: 255).y
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minimum {
                    minimum = delta
                    darkest = (nx, ny)
                } else if delta > maximum {
                    maximum = delta
                    brightest = (nx, ny)
                }
            }
        }
        if minimum == 0 || maximum == 0 { return false }
        return (hasManySiblings(darkest.x, darkest.y) && other.hasManySiblings(darkest.x, darkest.y))
            || (hasManySiblings(brightest.x, brightest.y) && other.hasManySiblings(brightest.x, brightest.y))
    }

    /// True when at least three neighbours of (x, y) have exactly its colour.
    func hasManySiblings(_ x: Int, _ y: Int) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x2 = min(x + 1, width - 1), y2 = min(y + 1, height - 1)
        let center = pixels[y * width + x]
        var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        for nx in x0...x2 {
            for ny in y0...y2 where (nx != x || ny != y) && pixels[ny * width + nx] == center {
                zeroes += 1
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}

/// True when two arrays hold the same bytes: one `memcmp`.
func sameBytes<Element: BitwiseCopyable>(_ a: [Element], _ b: [Element]) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
}
