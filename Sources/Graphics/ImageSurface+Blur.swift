#if canImport(Glibc)
import Glibc
#endif

extension ImageSurface {
    /// Blurs an A8 surface in place with a Gaussian of standard deviation `sigma` pixels, cut at 3σ and
    /// centred on each pixel (a box blur's even widths would move the shadow by half a pixel a pass).
    /// The weights are whole numbers summing to 2¹⁶: deterministic on every machine.
    package func blurAlpha(sigma: Double) {
        guard sigma > 0.05 else { return }
        let weights = gaussianWeights(sigma: sigma).map { UInt32($0) }
        let radius = weights.count / 2
        let width = self.width, height = self.height
        withPixelRows { rows, stride in
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
                (padded + radius).update(from: pixels + y * stride, count: width)
                sums.initialize(repeating: 0, count: width)
                for (tap, weight) in weights.enumerated() { accumulate(padded + tap, weight: weight, into: sums, count: width) }
                store(sums, count: width, into: across + y * width)
            }
            for y in 0..<height {
                sums.initialize(repeating: 0, count: width)
                for (tap, weight) in weights.enumerated() where (0..<height).contains(y + tap - radius) {
                    accumulate(across + (y + tap - radius) * width, weight: weight, into: sums, count: width)
                }
                store(sums, count: width, into: pixels + y * stride)
            }
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
