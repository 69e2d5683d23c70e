import Foundation
import Graphics
import Testing

/// The shadow blur: the exact Gaussian for small radii, five running-sum boxes beyond, whose cost does not
/// grow with the radius; centred, close to the Gaussian, and stopped between rows when asked.
@Suite struct ShadowBlurTests {
    /// An A8 surface of `size` × `size` with a filled square from `from` to `to` (pixels, both axes).
    private func square(size: Int, from: Int, to: Int) throws -> ImageSurface {
        let surface = try ImageSurface(width: size, height: size, format: .a8)
        surface.withPixelRows { rows, stride in
            let pixels = rows.assumingMemoryBound(to: UInt8.self)
            for y in from..<to { for x in from..<to { pixels[y * stride + x] = 255 } }
        }
        return surface
    }

    private func values(_ surface: ImageSurface) -> [[Int]] {
        surface.withPixelRows { rows, stride in
            let pixels = rows.assumingMemoryBound(to: UInt8.self)
            return (0..<surface.height).map { y in (0..<surface.width).map { x in Int(pixels[y * stride + x]) } }
        }
    }

    /// The continuous Gaussian of standard deviation `sigma` over a square from `from` to `to`, at the
    /// centre of pixel (x, y), in levels of 255.
    private func gaussianOfSquare(x: Int, y: Int, from: Int, to: Int, sigma: Double) -> Double {
        let across = { (centre: Double) in
            0.5 * (erf((Double(to) - centre) / (sigma * 2.0.squareRoot())) - erf((Double(from) - centre) / (sigma * 2.0.squareRoot())))
        }
        return 255 * across(Double(x) + 0.5) * across(Double(y) + 0.5)
    }

    @Test func aWideBlurIsWithinAFewLevelsOfTheGaussianEverywhere() throws {
        let sigma = 20.0
        let surface = try square(size: 300, from: 100, to: 200)
        #expect(surface.blurAlpha(sigma: sigma))
        let blurred = values(surface)
        var worst = 0.0
        for y in 0..<300 { for x in 0..<300 {
            worst = max(worst, abs(Double(blurred[y][x]) - gaussianOfSquare(x: x, y: y, from: 100, to: 200, sigma: sigma)))
        } }
        #expect(worst <= 4, "largest difference from the Gaussian: \(worst) levels")
        // Not the square any more: blurred across its edge.
        #expect(blurred[150][100] > 100 && blurred[150][100] < 155)
        #expect(blurred[150][60] > 0)
    }

    @Test func aWideBlurStaysCentredOnItsShape() throws {
        let surface = try square(size: 301, from: 120, to: 181)
        surface.blurAlpha(sigma: 33)
        let blurred = values(surface)
        for y in 0..<301 { for x in 0..<301 {
            #expect(blurred[y][x] == blurred[300 - y][300 - x], "(\(x), \(y)) differs from its mirror")
            if blurred[y][x] != blurred[300 - y][300 - x] { return }
        } }
    }

    @Test func theGaussianAndTheBoxesAgreeWhereOneHandsOverToTheOther() throws {
        // σ just inside and just beyond the exact Gaussian's last radius: the look does not jump between them.
        let inside = try square(size: 200, from: 70, to: 130), beyond = try square(size: 200, from: 70, to: 130)
        let lastExact = Double(ImageSurface.exactBlurRadiusLimit) / 3
        inside.blurAlpha(sigma: lastExact)
        beyond.blurAlpha(sigma: lastExact + 0.01)
        let a = values(inside), b = values(beyond)
        let worst = (0..<200).flatMap { y in (0..<200).map { x in abs(a[y][x] - b[y][x]) } }.max() ?? 0
        #expect(worst <= 4)
    }

    @Test(arguments: [3.0, 40.0]) func aBlurAsksToStopBetweenRowsAndStopsWhenTold(sigma: Double) throws {
        let surface = try square(size: 200, from: 50, to: 150)
        var asked = 0
        let finished = surface.blurAlpha(sigma: sigma) {
            asked += 1
            return true
        }
        #expect(!finished)
        #expect(asked == 1)
        var askedToTheEnd = 0
        #expect(try square(size: 200, from: 50, to: 150).blurAlpha(sigma: sigma) {
            askedToTheEnd += 1
            return false
        })
        #expect(askedToTheEnd > 1)
    }
}
