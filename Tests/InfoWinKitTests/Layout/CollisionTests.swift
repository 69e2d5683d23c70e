import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

// MARK: - Support

/// A collision case: markers as `(id, longitude, latitude, behaviour, zIndex)`, the selection, and the ids
/// hidden (input order). At zoom 10 a degree is about 728 pt: 0.02° apart overlaps a 26 pt pin, 0.05° does not.
struct CollisionCase: CustomTestStringConvertible, Sendable {
    let name: String
    let markers: [(id: String, longitude: Double, latitude: Double, behavior: String, zIndex: Int)]
    var selected: String?
    let hidden: [String]

    var testDescription: String { name }

    var json: String {
        testSpecJSON(markers: markers.map { marker in
            testMarker(marker.id, latitude: marker.latitude, longitude: marker.longitude,
                       #", "collisionBehavior": "\#(marker.behavior)", "zIndex": \#(marker.zIndex), "title": "\#(marker.id)""#)
        }, selected: selected)
    }
}

private let optional = "optionalAndHidesLowerPriority", required = "required", hiding = "requiredAndHidesOptional"

private let collisionCases: [CollisionCase] = [
    CollisionCase(name: "the optional marker of lower zIndex is hidden", markers: [("a", 0, 0, optional, 0), ("b", 0.02, 0, optional, 1)], hidden: ["a"]),
    CollisionCase(name: "zIndex first, whatever the input order", markers: [("a", 0, 0, optional, 3), ("b", 0.02, 0, optional, 1)], hidden: ["b"]),
    CollisionCase(name: "on a zIndex tie, the one lower on the screen wins", markers: [("a", 0, -0.01, optional, 0), ("b", 0.02, 0, optional, 0)], hidden: ["b"]),
    CollisionCase(name: "on a zIndex and height tie, the later one wins", markers: [("a", 0, 0, optional, 0), ("b", 0.02, 0, optional, 0)], hidden: ["a"]),
    CollisionCase(name: "a required marker hides nothing", markers: [("a", 0, 0, required, 0), ("b", 0.02, 0, optional, 0)], hidden: []),
    CollisionCase(name: "requiredAndHidesOptional hides an optional marker of any zIndex", markers: [("a", 0, 0, hiding, 0), ("b", 0.02, 0, optional, 9)], hidden: ["b"]),
    CollisionCase(name: "requiredAndHidesOptional never hides a required marker", markers: [("a", 0, 0, hiding, 0), ("b", 0.02, 0, required, 0)], hidden: []),
    CollisionCase(name: "two required-and-hiding markers both show", markers: [("a", 0, 0, hiding, 0), ("b", 0.02, 0, hiding, 0)], hidden: []),
    CollisionCase(name: "markers apart do not collide", markers: [("a", 0, 0, optional, 0), ("b", 0.05, 0, optional, 1)], hidden: []),
    CollisionCase(
        name: "a hidden marker hides nothing: decided from the highest priority down",
        markers: [("a", 0, 0, optional, 2), ("b", 0.025, 0, optional, 1), ("c", 0.05, 0, optional, 0)], hidden: ["b"]),
    CollisionCase(
        name: "the ids are listed in input order",
        markers: [("a", 0, 0, optional, 0), ("b", 0.3, 0, optional, 0), ("c", 0.02, 0, hiding, 0), ("d", 0.32, 0, hiding, 0)],
        hidden: ["a", "b"]),
    CollisionCase(name: "the selected marker is never hidden by a higher one", markers: [("a", 0, 0, optional, 0), ("b", 0.02, 0, optional, 1)], selected: "a", hidden: []),
    CollisionCase(name: "the selected marker is never hidden by a hiding one", markers: [("a", 0, 0, hiding, 0), ("b", 0.02, 0, optional, 0)], selected: "b", hidden: []),
]

/// A spec of one required-and-hiding red pin `a` under an optional blue pin `b` of higher zIndex, 0.02° east.
private let hiddenBlue = testSpecJSON(markers: [
    testMarker("a", #", "collisionBehavior": "requiredAndHidesOptional""#),
    testMarker("b", longitude: 0.02, ##", "collisionBehavior": "optionalAndHidesLowerPriority", "zIndex": 5, "icon": {"color": "#0000FF"}"##),
], selected: nil)

// MARK: - Tests

@Suite("collisionBehavior: which markers are hidden, and what that changes")
struct CollisionTests {
    @Test("the SDK's rules", arguments: collisionCases)
    func rules(_ example: CollisionCase) throws {
        let spec = try testSpec(example.json)
        let (result, _) = try renderPinned(spec)
        #expect((result.report.hiddenByCollision ?? []) == example.hidden)
        #expect(try layOut(spec).hiddenByCollision == example.hidden)
    }

    @Test("a hidden marker is not drawn, and the report still places it")
    func hiddenIsNotDrawn() throws {
        let (result, image) = try renderPinned(try testSpec(hiddenBlue))
        let blue = image.pixels.count { pixel in colorsAreClose(pixel & 0xFFFFFF, 0x0000FF, tolerance: 40) }
        #expect(blue == 0)
        #expect(result.report.markers.map(\.id) == ["a", "b"])
        // Without collisions it is drawn.
        let plain = try renderPinned(try testSpec(hiddenBlue.replacingOccurrences(of: "optionalAndHidesLowerPriority", with: "required"))).image
        #expect(plain.pixels.count { colorsAreClose($0 & 0xFFFFFF, 0x0000FF, tolerance: 40) } > 100)
        #expect(plain.pixels.count { _ in true } == image.pixels.count)
    }

    @Test("no marker with a collisionBehavior: the report has no hiddenByCollision; one: it lists them, maybe none")
    func reportKey() throws {
        let none = try renderPinned(try testSpec(testSpecJSON(markers: [testMarker("a")], selected: nil))).result
        #expect(none.report.hiddenByCollision == nil)
        let some = try renderPinned(try testSpec(testSpecJSON(markers: [testMarker("a", #", "collisionBehavior": "required""#)], selected: nil)))
        #expect(some.result.report.hiddenByCollision == nil)
        let optionalAlone = try renderPinned(try testSpec(testSpecJSON(markers: [testMarker("a", #", "collisionBehavior": "optionalAndHidesLowerPriority""#)], selected: nil)))
        #expect(optionalAlone.result.report.hiddenByCollision == [])
    }

    @Test("check names a marker newly hidden, or no longer hidden, by a collision")
    func changeDescription() throws {
        let hidden = try renderPinned(try testSpec(hiddenBlue)).result.report
        let shown = try renderPinned(try testSpec(hiddenBlue.replacingOccurrences(of: "requiredAndHidesOptional", with: "required")))
            .result.report
        #expect(LayoutChanges.between(golden: shown, actual: hidden) == [#"marker "b" is now hidden by a collision"#])
        #expect(LayoutChanges.between(golden: hidden, actual: shown) == [#"marker "b" is no longer hidden by a collision"#])
    }

    @Test("a tap on a hidden marker falls through to the marker below, or the map")
    func hiddenIsNotTapped() throws {
        let spec = try testSpec(hiddenBlue)
        let scene = try layOut(spec)
        let a = try #require(scene.markers.first { $0.id == "a" }).bounds, b = try #require(scene.markers.first { $0.id == "b" }).bounds
        let player = ScenarioPlayer(renderer: Renderer())
        // Where the two overlap, b (zIndex 5) would be on top: it is hidden, so a is hit.
        let overlap = Point(x: (b.x + a.maxX) / 2, y: a.y + 10)
        #expect(try player.hit(spec, at: overlap).marker == "a")
        // On b alone: the map.
        #expect(try player.hit(spec, at: Point(x: b.maxX - 2, y: b.y + 10)).kind == .map)
    }

    @Test("collisions are decided after fit: zooming out makes markers collide")
    func afterFit() throws {
        let apart = testSpecJSON(markers: [
            testMarker("a", #", "collisionBehavior": "optionalAndHidesLowerPriority""#),
            testMarker("b", longitude: 0.04, #", "collisionBehavior": "optionalAndHidesLowerPriority", "zIndex": 1"#),
            testMarker("far", latitude: 20, longitude: 20),
        ], selected: nil)
        #expect(try layOut(try testSpec(apart)).hiddenByCollision == [])
        let fitted = apart.replacingOccurrences(
            of: #""camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 10,"#, with: #""camera": {"fit": {"markers": "all"},"#)
        #expect(try layOut(try testSpec(fitted)).hiddenByCollision == ["a"])
    }

    @Test("play decides per frame: selecting a hidden marker shows it, and the frame draws it")
    func perFrameInPlay() throws {
        var spec = try testSpec(testSpecJSON(markers: [
            testMarker("a", ##", "collisionBehavior": "optionalAndHidesLowerPriority", "title": "A", "icon": {"color": "#00FF00"}"##),
            testMarker("b", longitude: 0.02, #", "collisionBehavior": "optionalAndHidesLowerPriority", "zIndex": 1, "title": "B""#),
        ], selected: nil, extra: #", "events": [{"select": "a"}, {"select": null}]"#))
        spec.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
        let run = try ScenarioPlayer(renderer: Renderer()).play(spec)
        #expect(run.frames.map { ($0.report.hiddenByCollision ?? []) } == [["a"], [], ["a"]])
        let green = try run.frames.map { frame in
            try #require(PixelImage(png: frame.png)).pixels.count { colorsAreClose($0 & 0xFFFFFF, 0x00FF00, tolerance: 30) }
        }
        #expect(green[0] == 0 && green[1] > 100 && green[2] == 0, "a is drawn only while selected: \(green)")
    }
}

@Suite("FrameIndex: overlap queries over a grid")
struct FrameIndexTests {
    @Test("small and large rectangles, negative coordinates, and edges that only touch")
    func overlaps() {
        var index = FrameIndex()
        index.insert(Rect(x: -70, y: -10, width: 26, height: 41))
        index.insert(Rect(x: 1000, y: 1000, width: 900, height: 20))
        #expect(index.overlapsAny(Rect(x: -50, y: 20, width: 26, height: 41)))
        #expect(!index.overlapsAny(Rect(x: -44, y: -10, width: 26, height: 41)), "touching the right edge is no overlap")
        #expect(index.overlapsAny(Rect(x: 1800, y: 1010, width: 10, height: 10)), "inside the large one")
        #expect(index.overlapsAny(Rect(x: -100, y: -100, width: 2000, height: 2000)), "a large query finds small ones")
        #expect(!index.overlapsAny(Rect(x: 300, y: 300, width: 26, height: 41)))
        #expect(!index.overlapsAny(Rect(x: .infinity, y: 0, width: 1, height: 1)))
    }

    @Test("the same answers as comparing with every rectangle")
    func agreesWithBruteForce() {
        var random = SplitMix(state: 11)
        var index = FrameIndex()
        var all: [Rect] = []
        for _ in 0..<400 {
            let rect = Rect(x: Double(random.next() % 2000) - 1000, y: Double(random.next() % 2000) - 1000,
                            width: Double(random.next() % 400), height: Double(random.next() % 60))
            #expect(index.overlapsAny(rect) == all.contains { $0.intersects(rect) })
            if random.next() % 2 == 0 {
                index.insert(rect)
                all.append(rect)
            }
        }
    }
}
