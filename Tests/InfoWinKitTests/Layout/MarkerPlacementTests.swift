import Testing
import InfoWinCheck
@testable import InfoWinKit

@Suite("marker placement and anchors")
struct MarkerPlacementTests {
    @Test("the default pin is 26 × 41 pt with its tip on the position and the window anchor at its top centre")
    func defaultPin() throws {
        let scene = try layOut(try testSpec(testSpecJSON(markers: [testMarker()], selected: nil)))
        let marker = try #require(scene.markers.first)
        #expect(marker.bounds == Rect(x: 195 - 13, y: 150 - 41, width: 26, height: 41))
        #expect(marker.groundAnchor == Point(x: 195, y: 150))
        #expect(marker.infoWindowAnchor == Point(x: 195, y: 109))
    }

    @Test("groundAnchor and infoWindowAnchor pick points of the icon's unit square")
    func customAnchors() throws {
        let json = testSpecJSON(markers: [testMarker("a", #", "groundAnchor": {"x": 0, "y": 0}, "infoWindowAnchor": {"x": 1, "y": 0.5}"#)])
        let marker = try #require(try layOut(try testSpec(json)).markers.first)
        #expect(marker.bounds == Rect(x: 195, y: 150, width: 26, height: 41))
        #expect(marker.infoWindowAnchor == Point(x: 195 + 26, y: 150 + 20.5))
    }

    @Test("rotation turns the icon clockwise about the ground anchor, and the window anchor with it")
    func rotation() throws {
        let json = testSpecJSON(markers: [testMarker("a", #", "rotation": 90"#)])
        let marker = try #require(try layOut(try testSpec(json)).markers.first)
        // The top centre, 41 pt above the tip, turns to 41 pt right of it.
        #expect(abs(marker.infoWindowAnchor.x - (195 + 41)) < 1e-9 && abs(marker.infoWindowAnchor.y - 150) < 1e-9)
        #expect(abs(marker.bounds.width - 41) < 1e-9 && abs(marker.bounds.height - 26) < 1e-9)
    }

    @Test("a flat marker turns with the map's bearing, a billboard one does not")
    func flat() throws {
        let json = testSpecJSON(
            markers: [testMarker("flat", #", "flat": true"#), testMarker("upright")], selected: nil, bearing: 30)
        let scene = try layOut(try testSpec(json))
        #expect(scene.markers[0].screenRotation == -30)
        #expect(scene.markers[1].screenRotation == 0)
    }

    @Test("an image icon's size in points is its pixel size divided by its scale")
    func imageScale() {
        #expect(SpecDecoder.impliedScale(ofImageNamed: "/a/house@2x.png") == 2)
        #expect(SpecDecoder.impliedScale(ofImageNamed: "/a/house@3x.PNG") == 3)
        #expect(SpecDecoder.impliedScale(ofImageNamed: "/a/house.png") == 1)
    }

    @Test("markers draw by zIndex, ties in input order, and the report keeps input order")
    func drawingOrder() throws {
        let json = testSpecJSON(
            markers: [testMarker("top", #", "zIndex": 5"#), testMarker("first"), testMarker("second"), testMarker("bottom", #", "zIndex": -1"#)],
            selected: nil)
        let scene = try layOut(try testSpec(json))
        #expect(scene.drawingOrder.map(\.id) == ["bottom", "first", "second", "top"])
        #expect(scene.markers.map(\.id) == ["top", "first", "second", "bottom"])
    }
}
