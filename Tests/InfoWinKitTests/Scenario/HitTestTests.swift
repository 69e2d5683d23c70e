import Foundation
import Graphics
import Testing
@testable import InfoWinKit

// MARK: - Support

/// A spec with the pinned fonts only, so that window sizes do not depend on the machine.
private func pinned(_ json: String) throws -> Spec {
    var spec = try testSpec(json)
    spec.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
    return spec
}

/// What a tap at (x, y) hits.
private func hit(_ spec: Spec, _ x: Double, _ y: Double, selection: Selection = .fromSpec) throws -> HitResult {
    try ScenarioPlayer(renderer: Renderer()).hit(spec, at: Point(x: x, y: y), selection: selection)
}

/// The window as laid out with the pinned fonts.
private func window(of spec: Spec) throws -> PlacedWindow {
    try #require(try layOut(spec).infoWindow)
}

// MARK: - Tests

@Suite("hit tests (infowin hit, tapMap)")
struct HitTestTests {
    @Test("a point on the window body hits the window, even over a marker drawn under it")
    func windowBody() throws {
        // b sits where a's window is drawn: 0.05° north is about 58 pt up, under the window.
        let spec = try pinned(testSpecJSON(markers: [
            testMarker("a", #", "title": "A window title", "snippet": "with a snippet""#),
            testMarker("b", latitude: 0.05, #", "zIndex": 10"#),
        ]))
        let frame = try window(of: spec).frame
        let result = try hit(spec, frame.x + frame.width / 2, frame.y + frame.height / 2)
        #expect(result.kind == .infoWindow)
        #expect(result.marker == "a")
        let corner = try hit(spec, frame.x + 1, frame.y + 1)
        #expect(corner.kind == .infoWindow)
        // With no window, the same point is on b.
        let closed = try hit(spec, frame.x + frame.width / 2, frame.y + frame.height - 2, selection: .none)
        #expect(closed.kind == .marker && closed.marker == "b")
    }

    @Test("the tail counts: a point just above its tip hits the window, a point just outside its slanted edge does not")
    func tail() throws {
        let spec = try pinned(testSpecJSON(markers: [testMarker("a", #", "title": "A""#)]))
        let placed = try window(of: spec)
        let tip = placed.tailTip, base = placed.frame.maxY
        #expect(tip == Point(x: 195, y: 109))
        #expect(base == 103.5)
        // Just above the tip (the pin's top is at y = 109, so this is not the marker).
        #expect(try hit(spec, tip.x, tip.y - 0.5).kind == .infoWindow)
        // Half way down the 11.3 pt tail, it is 5.65 pt wide: 2.8 pt either side of the middle.
        let y = (base + tip.y) / 2
        #expect(try hit(spec, tip.x + 2.3, y).kind == .infoWindow)
        #expect(try hit(spec, tip.x - 2.3, y).kind == .infoWindow)
        let outside = try hit(spec, tip.x + 3.3, y)
        #expect(outside.kind == .map && outside.marker == nil)
        #expect(try hit(spec, tip.x - 3.3, y).kind == .map)
        // Near the tip the tail is narrow: the corner of the tail's bounding box is map.
        #expect(try hit(spec, tip.x + 7, tip.y - 1).kind == .map)
    }

    @Test("a window without a tail is hit on its body only")
    func noTail() throws {
        let spec = try pinned(testSpecJSON(
            markers: [testMarker("a", #", "title": "A""#)], extra: #", "infoWindow": {"style": {"tail": null}}"#))
        let placed = try window(of: spec)
        // Without a tail the body's bottom edge is on the anchor.
        #expect(placed.frame.maxY == placed.tailTip.y)
        #expect(try hit(spec, placed.tailTip.x, placed.tailTip.y - 1).kind == .infoWindow)
        // Just below it is the pin (its top is on the anchor); beside the pin, below the body, the map.
        #expect(try hit(spec, placed.tailTip.x, placed.tailTip.y + 1).kind == .marker)
        #expect(try hit(spec, placed.frame.x + 1, placed.tailTip.y + 1).kind == .map)
    }

    @Test("a rotated icon is hit on its turned rectangle, not on the unrotated one")
    func rotatedMarker() throws {
        let spec = try pinned(testSpecJSON(markers: [testMarker("a", #", "rotation": 90"#)], selected: nil))
        // The 26 × 41 pin turns 90° clockwise about its tip at (195, 150): the icon point (u, v) goes to
        // (195 + 41 − v, 150 + u − 13), so the icon covers x 195…236, y 137…163.
        func canvas(u: Double, v: Double) -> (Double, Double) { (195 + 41 - v, 150 + u - 13) }
        let (x, y) = canvas(u: 20, v: 10)
        let result = try hit(spec, x, y)
        #expect(result.kind == .marker && result.marker == "a")
        let (x2, y2) = canvas(u: 1, v: 40)
        #expect(try hit(spec, x2, y2).marker == "a")
        // Inside the unrotated rectangle (x 182…208, y 109…150), outside the turned one.
        #expect(try hit(spec, 190, 115).kind == .map)
        #expect(try hit(spec, 205, 120).kind == .map)
    }

    @Test("a flat marker turns with the bearing, and its hit area with it")
    func flatMarkerWithBearing() throws {
        let spec = try pinned(testSpecJSON(markers: [testMarker("a", #", "flat": true"#)], selected: nil, bearing: 90))
        // Turned 90° counter-clockwise about its tip: (u, v) goes to (195 + v − 41, 150 − u + 13), x 154…195.
        #expect(try hit(spec, 195 + 10 - 41, 150 - 20 + 13).marker == "a")
        #expect(try hit(spec, 225, 150).kind == .map)
        #expect(try hit(spec, 195, 120).kind == .map)
    }

    @Test("a custom window's own tail is hit as drawn")
    func customWindowTail() throws {
        let custom = ##", "infoWindow": {"window": {"text": "{{title}}", "padding": 8, "background": "#FFFFFF", "tail": {"width": 30, "height": 20}}}"##
        let spec = try pinned(testSpecJSON(markers: [testMarker("a", #", "title": "A""#)], extra: custom))
        let placed = try window(of: spec)
        #expect(placed.tailTip == Point(x: 195, y: 109))
        #expect(placed.frame.maxY == 89)
        // 5 pt above the tip the tail is 30 × 5/20 = 7.5 pt wide.
        #expect(try hit(spec, 195 + 3, 104).kind == .infoWindow)
        #expect(try hit(spec, 195 - 3, 104).kind == .infoWindow)
        #expect(try hit(spec, 195 + 5, 104).kind == .map)
        // At its base it is 30 pt wide.
        #expect(try hit(spec, 195 + 14, 90).kind == .infoWindow)
        #expect(try hit(spec, 195 + 16, 90).kind == .map)
    }

    @Test("at 45° the empty corners of the icon's bounding box are map")
    func rotatedBoundingBoxCorner() throws {
        let spec = try pinned(testSpecJSON(markers: [testMarker("a", #", "rotation": 45"#)], selected: nil))
        let bounds = try #require(try layOut(spec).markers.first).bounds
        #expect(try hit(spec, bounds.x + 1, bounds.y + 1).kind == .map)
        #expect(try hit(spec, bounds.maxX - 1, bounds.maxY - 1).kind == .map)
        // The icon's middle, (13, 20.5) turned about (195, 150), is on it.
        let angle = Double.pi / 4, dx = 0.0, dy = -20.5
        let x = 195 + dx * cos(angle) - dy * sin(angle), y = 150 + dx * sin(angle) + dy * cos(angle)
        #expect(try hit(spec, x, y).marker == "a")
    }

    @Test("a custom groundAnchor moves the icon's hit area; a custom infoWindowAnchor moves the window's")
    func customAnchors() throws {
        let marker = testMarker("a", #", "title": "A", "groundAnchor": {"x": 0, "y": 0}, "infoWindowAnchor": {"x": 1, "y": 0.5}"#)
        let spec = try pinned(testSpecJSON(markers: [marker]))
        // The icon's top-left corner is on the position: it covers x 195…221, y 150…191.
        let onIcon = try hit(spec, 200, 185, selection: .none)
        #expect(onIcon.kind == .marker && onIcon.marker == "a")
        #expect(try hit(spec, 190, 140, selection: .none).kind == .map)
        // The tail's tip is on the right middle of the icon: (221, 170.5).
        let placed = try window(of: spec)
        #expect(placed.tailTip == Point(x: 221, y: 170.5))
        #expect(try hit(spec, 221, 170).kind == .infoWindow)
        #expect(try hit(spec, placed.frame.x + placed.frame.width / 2, placed.frame.y + 2).kind == .infoWindow)
        // With no window, the point just above the tip is on the icon.
        #expect(try hit(spec, 220, 171, selection: .none).kind == .marker)
    }

    @Test("overlapping markers: the higher zIndex wins whatever the input order; ties go to the later one")
    func overlapping() throws {
        let ordered = try pinned(testSpecJSON(
            markers: [testMarker("high", #", "zIndex": 2"#), testMarker("low")], selected: nil))
        #expect(try hit(ordered, 195, 130).marker == "high")
        let reversed = try pinned(testSpecJSON(
            markers: [testMarker("low", #", "zIndex": -3"#), testMarker("high", #", "zIndex": -1"#)], selected: nil))
        #expect(try hit(reversed, 195, 130).marker == "high")
        let tied = try pinned(testSpecJSON(markers: [testMarker("first"), testMarker("second")], selected: nil))
        #expect(try hit(tied, 195, 130).marker == "second")
        // Where only the lower one is, the lower one is hit.
        let shifted = try pinned(testSpecJSON(
            markers: [testMarker("under"), testMarker("over", longitude: 0.02, #", "zIndex": 1"#)], selected: nil))
        #expect(try hit(shifted, 185, 130).marker == "under")
        #expect(try hit(shifted, 200, 130).marker == "over")
    }

    @Test("a window cut by the canvas edge is still hit on its visible part")
    func clippedWindow() throws {
        // The anchor is about 13 pt from the left edge; the wide window reaches past it.
        let marker = testMarker("a", longitude: -0.25, #", "title": "A title long enough to be cut by the left edge""#)
        let spec = try pinned(testSpecJSON(markers: [marker]))
        let placed = try window(of: spec)
        #expect(placed.clipped.contains(.left))
        #expect(placed.frame.x < 0)
        let result = try hit(spec, 1, placed.frame.y + placed.frame.height / 2)
        #expect(result.kind == .infoWindow && result.marker == "a")
        #expect(try hit(spec, 0, placed.frame.y + placed.frame.height / 2).kind == .infoWindow)

        // Cut by the top edge: the visible bottom of the body is hit.
        let top = testMarker("top", latitude: 0.09, #", "title": "Top", "snippet": "cut by the top edge""#)
        let topSpec = try pinned(testSpecJSON(markers: [top], selected: "top"))
        let topWindow = try window(of: topSpec)
        #expect(topWindow.clipped.contains(.top))
        #expect(try hit(topSpec, topWindow.tailTip.x, 0).kind == .infoWindow)
        #expect(try hit(topSpec, topWindow.tailTip.x, topWindow.frame.maxY - 1).kind == .infoWindow)
    }

    @Test("the canvas centre's coordinate is the camera target, and every result has a coordinate")
    func coordinates() throws {
        let spec = try pinned(#"""
            {"map": {"width": 390, "height": 300, "camera": {"target": {"latitude": 51.5, "longitude": -0.127}, "zoom": 12, "bearing": 30}},
             "markers": [{"id": "london", "position": {"latitude": 51.5, "longitude": -0.127}, "title": "London"}],
             "selectedMarker": "london"}
            """#)
        let centre = try hit(spec, 195, 150)
        #expect(centre.kind == .marker && centre.marker == "london")
        #expect(abs(centre.coordinate.latitude - 51.5) < 1e-9)
        #expect(abs(centre.coordinate.longitude - -0.127) < 1e-9)

        let projection = MapProjection(camera: spec.map.camera, width: 390, height: 300)
        let placed = try window(of: spec)
        for (x, y) in [(195.0, 150.0), (10.0, 290.0), (placed.frame.x + 4, placed.frame.y + 4)] {
            let result = try hit(spec, x, y)
            let expected = projection.coordinate(at: Point(x: x, y: y))
            #expect(abs(result.coordinate.latitude - expected.latitude) < 1e-9)
            #expect(abs(result.coordinate.longitude - expected.longitude) < 1e-9)
            #expect(result.json["coordinate"]["latitude"].number != nil)
            #expect(result.json["coordinate"]["longitude"].number != nil)
        }
        let map = try hit(spec, 10, 290)
        #expect(map.kind == .map && map.marker == nil)
        #expect(map.json["marker"].isNull)
        #expect(map.json["kind"].string == "map")
        #expect(try hit(spec, placed.frame.x + 4, placed.frame.y + 4).json["kind"].string == "infoWindow")
    }

    @Test("hit's selection: .none hides the window, .marker opens another one")
    func selection() throws {
        let spec = try pinned(testSpecJSON(markers: [
            testMarker("a", #", "title": "A""#), testMarker("b", longitude: 0.1, #", "title": "B""#),
        ]))
        let placed = try window(of: spec)
        let point = (placed.frame.x + placed.frame.width / 2, placed.frame.y + placed.frame.height / 2)
        #expect(try hit(spec, point.0, point.1).kind == .infoWindow)
        #expect(try hit(spec, point.0, point.1, selection: .none).kind == .map)
        // b's window is above b, 72.8 pt right of the centre.
        let other = try hit(spec, 195 + 72.8, placed.tailTip.y - 0.5, selection: .marker("b"))
        #expect(other.kind == .infoWindow && other.marker == "b")
    }
}
