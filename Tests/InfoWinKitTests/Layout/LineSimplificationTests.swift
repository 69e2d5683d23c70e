import Foundation
import Testing
@testable import InfoWinKit

/// A route of `count` points winding 1.5 pt a step, turning every 60 steps, with a slowly drifting error.
private func route(_ count: Int, seed: UInt64) -> [Point] {
    var random = SeededRandom(seed: seed)
    var x = 0.0, y = 0.0, heading = 0.0, errorX = 0.0, errorY = 0.0
    var points: [Point] = []
    for step in 0..<count {
        if step % 60 == 0 { heading += Double(Int(random.next() % 3) - 1) * .pi / 2 }
        x += 0.15 * cos(heading)
        y += 0.15 * sin(heading)
        errorX = 0.95 * errorX + (random.unit() - 0.5) * 0.1
        errorY = 0.95 * errorY + (random.unit() - 0.5) * 0.1
        points.append(Point(x: x + errorX, y: y + errorY))
    }
    return points
}

/// xorshift64*: the same routes on every run.
private struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed | 1 }
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

@Suite("shapes: a line's points that change no pixel are dropped before drawing")
struct LineSimplificationTests {
    @Test("every dropped point is within the tolerance of the kept line between its neighbours", arguments: [1, 2, 3] as [UInt64])
    func droppedPointsAreWithinTheTolerance(seed: UInt64) {
        let line = route(5000, seed: seed)
        let tolerance = 0.05
        let kept = LineSimplification.simplified(line, tolerance: tolerance)
        #expect(kept.first == line.first && kept.last == line.last)
        #expect(kept.count < line.count / 4, "a drifting route of \(line.count) points kept \(kept.count)")
        var next = 0
        var previousKept = line[0]
        for point in line {
            if next < kept.count && point == kept[next] {
                previousKept = point
                next += 1
                continue
            }
            let away = LineSimplification.distanceToSegment(point, previousKept, kept[next])
            #expect(away <= tolerance, "a point \(away) pt from the kept line")
        }
        #expect(next == kept.count, "the kept points are the line's, in its order")
    }

    @Test("points on a straight line go; a spike and a turn back stay")
    func straightSpikesAndTurns() {
        let straight = (0...1000).map { Point(x: Double($0) * 0.3, y: 0.5 * Double($0) * 0.3) }
        // Simplified 256 points at a time, each run's ends kept.
        let kept = LineSimplification.simplified(straight, tolerance: 0.05)
        #expect(kept.first == straight[0] && kept.last == straight[1000] && kept.count <= 2 + 1000 / 256)
        var spiked = straight
        spiked[500].y += 1
        #expect(LineSimplification.simplified(spiked, tolerance: 0.05).contains(spiked[500]))
        let back = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 0, y: 0)]
        #expect(LineSimplification.simplified(back, tolerance: 0.05) == back)
        #expect(LineSimplification.simplified([Point(x: 1, y: 1), Point(x: 2, y: 2)], tolerance: 0.05).count == 2)
        #expect(LineSimplification.simplified(spiked, tolerance: 0) == spiked, "no tolerance keeps every point")
    }

    @Test("an image of a dense line looks as the line through its corners does; its SVG keeps every point")
    func denseLineImage() throws {
        // 4,001 points along an L, each 0.02 pt off the line at random: the image must look like the L.
        var random = SeededRandom(seed: 9)
        var coordinates: [String] = []
        for step in 0...4000 {
            let along = Double(step) / 2000
            let (latitude, longitude) = along <= 1 ? (0.0, -0.2 + 0.2 * along) : (0.2 * (along - 1), 0.0)
            let wobble = (random.unit() - 0.5) * 0.000_02
            coordinates.append(#"{"latitude": \#(latitude + wobble), "longitude": \#(longitude + wobble)}"#)
        }
        func spec(_ path: [String]) throws -> Spec {
            try testSpec(#"""
                {"map": {"width": 390, "height": 300, "scale": 2, "background": "\#u{23}FFFFFF",
                         "camera": {"target": {"latitude": 0.05, "longitude": -0.05}, "zoom": 10}},
                 "polylines": [{"path": [\#(path.joined(separator: ","))], "strokeWidth": 4, "strokeColor": "\#u{23}1A73E8"}]}
                """#)
        }
        let (_, dense) = try renderPinned(try spec(coordinates))
        let (_, corners) = try renderPinned(try spec([coordinates[0], coordinates[2000], coordinates[4000]]))
        var differing = 0, largest: UInt32 = 0
        for (a, b) in zip(dense.pixels, corners.pixels) where a != b {
            differing += 1
            for shift in [0, 8, 16] as [UInt32] {
                let x = (a >> shift) & 0xFF, y = (b >> shift) & 0xFF
                largest = max(largest, x > y ? x - y : y - x)
            }
        }
        #expect(largest <= 24, "\(differing) pixels differ, by up to \(largest) levels")
        var options = RenderOptions()
        options.format = .svg
        let text = String(decoding: try Renderer().render(try spec(coordinates), options: options).bytes, as: UTF8.self)
        // Cairo itself merges a segment into the last when their slopes are the same: about 4,000 stay.
        #expect(text.components(separatedBy: " L ").count > 3000, "the SVG's path keeps its points")
    }
}
