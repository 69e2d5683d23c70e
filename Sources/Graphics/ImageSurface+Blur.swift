#if canImport(Glibc)
import Glibc
#endif

extension ImageSurface {
    /// Blurs an A8 surface in place with a Gaussian of standard deviation `sigma` pixels, cut at 3σ and
    /// centred on each pixel (a box blur's even widths would move the shadow by half a pixel a pass).
    /// The weights are whole numbers summing to 2¹⁶: deterministic on every machine.
    public func blurAlpha(sigma: Double) {
        guard sigma > 0.05 else { return }
        let weights = gaussianWeights(sigma: sigma)
        let width = self.width, height = self.height
        withPixelRows { rows, stride in
            let pixels = rows.assumingMemoryBound(to: UInt8.self)
            let line = UnsafeMutablePointer<UInt8>.allocate(capacity: max(width, height))
            let blurred = UnsafeMutablePointer<UInt8>.allocate(capacity: max(width, height))
            defer {
                line.deallocate()
                blurred.deallocate()
            }
            for y in 0..<height {
                let row = pixels + y * stride
                convolve(row, count: width, weights: weights, into: blurred)
                row.update(from: blurred, count: width)
            }
            for x in 0..<width {
                for y in 0..<height { line[y] = pixels[y * stride + x] }
                convolve(line, count: height, weights: weights, into: blurred)
                for y in 0..<height { pixels[y * stride + x] = blurred[y] }
            }
        }
    }
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

/// One line convolved with `weights` (centred); outside the line counts as 0.
private func convolve(_ source: UnsafePointer<UInt8>, count: Int, weights: [Int], into destination: UnsafeMutablePointer<UInt8>) {
    let radius = weights.count / 2
    weights.withUnsafeBufferPointer { weights in
        for index in 0..<count {
            let first = max(0, index - radius), last = min(count - 1, index + radius)
            var sum = 0
            var sample = first
            while sample <= last {
                sum += Int(source[sample]) * weights[sample - index + radius]
                sample += 1
            }
            destination[index] = UInt8(min(255, (sum + 32768) >> 16))
        }
    }
}
