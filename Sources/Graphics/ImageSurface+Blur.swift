#if canImport(Glibc)
import Glibc
#endif

extension ImageSurface {
    /// The widest Gaussian drawn tap by tap (radius ⌈3σ⌉ ≤ 16, σ ≤ 5.33: every shadow of the looks and the
    /// examples); wider ones are five box blurs, whose cost does not grow with the radius.
    package static let exactBlurRadiusLimit = 16

    /// How far a blur of `sigma` reaches from a pixel: 3σ for the exact Gaussian, the boxes' reach beyond.
    package static func blurReach(sigma: Double) -> Int {
        let exact = Int((3 * sigma).rounded(.up))
        return exact <= exactBlurRadiusLimit ? exact : max(exact, BoxBlur(sigma: sigma).reach)
    }

    /// Blurs an A8 surface in place with a Gaussian of standard deviation `sigma` pixels, centred on each
    /// pixel, at a cost linear in its pixels whatever `sigma`: up to `exactBlurRadiusLimit` the Gaussian
    /// itself, cut at 3σ (a fixed number of taps at most); beyond, five box blurs of odd widths (no
    /// shift) with running sums, whose variances add up to σ² (within 4 levels of 255 of the Gaussian). `isCancelled` is asked between rows;
    /// returns false when it said yes (the surface is then half blurred).
    @discardableResult
    package func blurAlpha(sigma: Double, isCancelled: () -> Bool = { false }) -> Bool {
        guard sigma > 0.05 else { return true }
        let exact = gaussianWeights(sigma: sigma)
        if exact.count / 2 <= Self.exactBlurRadiusLimit {
            return blurAlpha(weights: exact.map { UInt32($0) }, isCancelled: isCancelled)
        }
        let boxes = BoxBlur(sigma: sigma)
        return withPixelRows { rows, stride in
            boxes.blur(rows.assumingMemoryBound(to: UInt8.self), width: width, height: height, stride: stride, isCancelled: isCancelled)
        }
    }

    /// The Gaussian tap by tap. The weights are whole numbers summing to 2¹⁶: deterministic on every machine.
    private func blurAlpha(weights: [UInt32], isCancelled: () -> Bool) -> Bool {
        let radius = weights.count / 2
        let width = self.width, height = self.height
        return withPixelRows { rows, stride in
            let pixels = rows.assumingMemoryBound(to: UInt8.self)
            // Each pass is a sum of whole shifted lines times one weight, a loop the compiler vectorises:
            // rows padded with zeros for the horizontal pass, rows of the horizontal result for the vertical.
            let padded = UnsafeMutablePointer<UInt8>.allocate(capacity: width + 2 * radius)
            let across = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
            let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
            defer {
                padded.deallocate()
                across.deallocate()
                sums.deallocate()
            }
            padded.initialize(repeating: 0, count: width + 2 * radius)
            for y in 0..<height {
                if y % 64 == 0, isCancelled() { return false }
                (padded + radius).update(from: pixels + y * stride, count: width)
                sums.initialize(repeating: 0, count: width)
                for (tap, weight) in weights.enumerated() { accumulate(padded + tap, weight: weight, into: sums, count: width) }
                store(sums, count: width, into: across + y * width)
            }
            for y in 0..<height {
                if y % 64 == 0, isCancelled() { return false }
                sums.initialize(repeating: 0, count: width)
                for (tap, weight) in weights.enumerated() where (0..<height).contains(y + tap - radius) {
                    accumulate(across + (y + tap - radius) * width, weight: weight, into: sums, count: width)
                }
                store(sums, count: width, into: pixels + y * stride)
            }
            return true
        }
    }
}

/// `sums[i] += weight × line[i]` for every i.
@inline(__always)
private func accumulate(_ line: UnsafePointer<UInt8>, weight: UInt32, into sums: UnsafeMutablePointer<UInt32>, count: Int) {
    for index in 0..<count { sums[index] &+= weight &* UInt32(line[index]) }
}

/// Sums of 16-bit fixed-point weights back to bytes, rounded.
@inline(__always)
private func store(_ sums: UnsafePointer<UInt32>, count: Int, into line: UnsafeMutablePointer<UInt8>) {
    for index in 0..<count { line[index] = UInt8(min(255, (sums[index] &+ 32768) >> 16)) }
}

/// The weights of a Gaussian from −radius to +radius (radius = ⌈3σ⌉), each the integral of the Gaussian
/// over its pixel, scaled to sum to exactly 65,536.
private func gaussianWeights(sigma: Double) -> [Int] {
    let radius = Int((3 * sigma).rounded(.up))
    let cumulative = { (x: Double) in 0.5 * (1 + erf(x / (sigma * 2.0.squareRoot()))) }
    let exact = (-radius...radius).map { offset in
        cumulative(Double(offset) + 0.5) - cumulative(Double(offset) - 0.5)
    }
    let total = exact.reduce(0, +)
    var weights = exact.map { Int(($0 / total * 65536).rounded()) }
    weights[radius] += 65536 - weights.reduce(0, +)
    return weights
}
