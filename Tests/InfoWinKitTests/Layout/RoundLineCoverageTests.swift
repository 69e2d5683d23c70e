import Foundation
import Graphics
import Testing

/// The same line drawn by Cairo's stroker and by its pixels' distance to it, on white at scale 2, as
/// 0xAARRGGBB pixels.
private func drawn(_ points: [(x: Double, y: Double)], width: Double, color: RGBA, byCoverage: Bool) throws -> [UInt32] {
    let surface = try ImageSurface(width: 300, height: 200)
    let context = DrawingContext(surface: surface)
    context.setColor(RGBA(red: 1, green: 1, blue: 1))
    context.paint()
    context.scale(by: 2)
    context.setColor(color)
    if byCoverage {
        #expect(context.strokeRoundByCoverage(points, width: width))
    } else {
        context.newPath()
        context.move(toX: points[0].x, y: points[0].y)
        for point in points.dropFirst() { context.line(toX: point.x, y: point.y) }
        context.strokeRound(width: width)
    }
    return surface.withPixelRows { rows, stride in
        (0..<200).flatMap { row in (0..<300).map { rows.load(fromByteOffset: row * stride + $0 * 4, as: UInt32.self) } }
    }
}

/// The largest difference of one channel between two images, the mean over all channels, and how many
/// pixels differ by more than 32 levels in a channel.
private func difference(_ a: [UInt32], _ b: [UInt32]) -> (largest: UInt32, mean: Double, far: Int) {
    var largest: UInt32 = 0, total = 0.0, far = 0
    for (x, y) in zip(a, b) {
        var pixelLargest: UInt32 = 0
        for shift in [0, 8, 16, 24] as [UInt32] {
            let one = (x >> shift) & 0xFF, other = (y >> shift) & 0xFF
            let gap = one > other ? one - other : other - one
            pixelLargest = max(pixelLargest, gap)
            total += Double(gap)
        }
        largest = max(largest, pixelLargest)
        if pixelLargest > 32 { far += 1 }
    }
    return (largest, total / Double(a.count * 4), far)
}

@Suite("shapes: long lines drawn by their pixels' distance look as Cairo's stroke does")
struct RoundLineCoverageTests {
    private let blue = RGBA(red: 0.1, green: 0.45, blue: 0.91)

    private static let wave: [(x: Double, y: Double)] = (0..<2000).map { index in
        let step = Double(index)
        return (x: 5 + step * 0.07, y: 50 + 20 * sin(step / 40) + 3 * sin(step / 3))
    }

    private static let lines: [String: [(x: Double, y: Double)]] = [
        "wave": wave,
        "diagonal": [(x: 10, y: 10), (x: 140, y: 90)],
        "dot": [(x: 70, y: 50), (x: 70, y: 50)],
        "off the edges": [(x: -40, y: 50), (x: 75, y: -30), (x: 190, y: 120), (x: 30, y: 150)],
        "along the last row and column": [(x: 10, y: 99.5), (x: 149.5, y: 99.5), (x: 149.5, y: 10)],
    ]

    @Test("a wavy line of 2,000 points, a diagonal, a dot, a line off the edges and one along them match Cairo's to within antialiasing",
          arguments: ["wave", "diagonal", "dot", "off the edges", "along the last row and column"])
    func matchesCairo(name: String) throws {
        let points = try #require(Self.lines[name])
        let cairo = try drawn(points, width: 4, color: blue, byCoverage: false)
        let coverage = try drawn(points, width: 4, color: blue, byCoverage: true)
        let (largest, mean, far) = difference(cairo, coverage)
        let touched = cairo.filter { $0 != 0xFFFF_FFFF }.count
        // Measured: up to 14 levels apart on a diagonal; a wave's tight turns, 79 at 16 pixels of 13,904.
        #expect(largest <= 96 && mean < 0.2, "\(name): channels differ by up to \(largest) levels, \(mean) on average")
        #expect(far * 100 <= touched, "\(name): \(far) of the \(touched) pixels Cairo touched differ by more than 32 levels")
    }

    @Test("where a translucent line crosses itself it is not drawn twice")
    func crossingTranslucent() throws {
        let cross = [(x: 20.0, y: 20.0), (x: 120.0, y: 80.0), (x: 120.0, y: 20.0), (x: 20.0, y: 80.0)]
        let pixels = try drawn(cross, width: 6, color: RGBA(red: 0, green: 0, blue: 1, alpha: 0.5), byCoverage: true)
        // The crossing at (70, 50) pt, and a point on one arm only, at (45, 35) pt: scale 2.
        #expect(pixels[100 * 300 + 140] == pixels[70 * 300 + 90])
    }

    @Test("a line under 2 pixels wide is left to Cairo, and so are a vector document and points not finite")
    func thinLinesAndDocuments() throws {
        let surface = try ImageSurface(width: 10, height: 10)
        #expect(!DrawingContext(surface: surface).strokeRoundByCoverage([(x: 1, y: 1), (x: 8, y: 8)], width: 1.5))
        let context = DrawingContext(surface: surface)
        #expect(!context.strokeRoundByCoverage([(x: 1, y: 1), (x: .nan, y: 8), (x: 8, y: 1)], width: 4), "a point not a number")
        #expect(!context.strokeRoundByCoverage([(x: 1, y: 1), (x: .infinity, y: 8)], width: 4))
        #expect(context.strokeRoundByCoverage([(x: -1e8, y: -1e8), (x: 1e8, y: 1e8)], width: 4), "far points are cut to the image")
        let document = try VectorDocument(.svg, width: 10, height: 10)
        #expect(!DrawingContext(document: document).strokeRoundByCoverage([(x: 1, y: 1), (x: 8, y: 8)], width: 4))
    }
}

@Suite("shapes: a long line's coverage is each pixel's distance to its nearest segment")
struct RoundLineCoverageDistanceTests {
    /// Each pixel's coverage found the slow way: its centre's distance to every segment.
    private func bruteForce(_ points: [(x: Double, y: Double)], radius: Double, width: Int, height: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width {
                let p = (x: Double(column) + 0.5, y: Double(row) + 0.5)
                var nearest = Double.infinity
                for (a, b) in zip(points, points.dropFirst()) {
                    let dx = b.x - a.x, dy = b.y - a.y, lengthSquared = dx * dx + dy * dy
                    let t = lengthSquared > 0 ? min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared)) : 0
                    let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
                    nearest = min(nearest, (x * x + y * y).squareRoot())
                }
                bytes[row * width + column] = UInt8((min(1, max(0, radius + 0.5 - nearest)) * 255).rounded())
            }
        }
        return bytes
    }

    @Test("random lines, of segments shorter and longer than the line is wide, turning back on themselves and leaving the box",
          arguments: [(seed: 1, step: 0.6), (seed: 2, step: 3), (seed: 3, step: 25), (seed: 4, step: 80)])
    func matchesEverySegmentsDistance(seed: Int, step: Double) throws {
        var random = SplitMix(state: UInt64(seed))
        var point = (x: 60.0, y: 50.0)
        var points = [point]
        for _ in 0..<300 {
            point = (x: point.x + step * Double.random(in: -1...1, using: &random), y: point.y + step * Double.random(in: -1...1, using: &random))
            points.append(point)
        }
        let (width, height) = (120, 100)
        let line = try #require(RoundLineCoverage(points: points, lineWidth: 7, deviceWidth: width, deviceHeight: height))
        let expected = bruteForce(points, radius: 3.5, width: width, height: height)
        var worst = 0
        for row in 0..<height {
            for column in 0..<width {
                let inside = row >= line.y && row < line.y + line.height && column >= line.x && column < line.x + line.width
                let got = inside ? Int(line.coverage[(row - line.y) * line.stride + column - line.x]) : 0
                worst = max(worst, abs(got - Int(expected[row * width + column])))
            }
        }
        #expect(worst <= 1, "a pixel's coverage is \(worst) levels from its distance's")
    }
}
