extension ImageSurface {
    /// Blurs an A8 surface in place with three box blurs, which approximate a Gaussian of
    /// standard deviation `sigma` pixels (the SVG and CSS recipe). Integer arithmetic: deterministic.
    public func blurAlpha(sigma: Double) {
        let box = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        guard box > 1 else { return }
        let width = self.width, height = self.height
        withPixelRows { rows, stride in
            let pixels = rows.assumingMemoryBound(to: UInt8.self)
            let line = UnsafeMutablePointer<UInt8>.allocate(capacity: max(width, height))
            let blurred = UnsafeMutablePointer<UInt8>.allocate(capacity: max(width, height))
            defer {
                line.deallocate()
                blurred.deallocate()
            }
            for _ in 0..<3 {
                for y in 0..<height {
                    let row = pixels + y * stride
                    boxBlur(row, count: width, box: box, into: blurred)
                    row.update(from: blurred, count: width)
                }
                for x in 0..<width {
                    for y in 0..<height { line[y] = pixels[y * stride + x] }
                    boxBlur(line, count: height, box: box, into: blurred)
                    for y in 0..<height { pixels[y * stride + x] = blurred[y] }
                }
            }
        }
    }
}

/// A running-sum box blur of `box` samples centred on each one; outside the line counts as 0.
private func boxBlur(_ source: UnsafePointer<UInt8>, count: Int, box: Int, into destination: UnsafeMutablePointer<UInt8>) {
    let before = box / 2
    let after = box - before - 1
    var sum = 0
    for index in 0..<min(after, count) { sum += Int(source[index]) }
    for index in 0..<count {
        let entering = index + after
        if entering < count { sum += Int(source[entering]) }
        let leaving = index - before - 1
        if leaving >= 0 { sum -= Int(source[leaving]) }
        destination[index] = UInt8((sum + box / 2) / box)
    }
}
