import Foundation
import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

private func coordinate(_ latitude: Double, _ longitude: Double) -> String {
    #"{"latitude": \#(latitude), "longitude": \#(longitude)}"#
}

/// A spec at zoom 10 looking at (0, 0) with the pinned fonts.
private func pinnedSpec(_ members: String) throws -> Spec {
    var spec = try testSpec(shapeSpecJSON(members))
    spec.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
    return spec
}

/// A route along the equator from 0.1° W to 0.1° E: at zoom 10 from x = 122.2 to 267.8 pt on the 390 pt canvas.
private let route = #"{"id": "route", "tappable": true, "path": [\#(coordinate(0, -0.1)), \#(coordinate(0, 0.1))], "strokeWidth": 4}"#

@Suite("shapes: report, fingerprint, hit, taps, fit and crop (SPEC.md, Shapes)")
struct ShapeReportTests {
    @Test("the report lists each shape's id, kind and frame (stroke included) in output pixels, in drawing order")
    func report() throws {
        let spec = try pinnedSpec(#", "polylines": [\#(route)], "circles": [{"id": "fence", "zIndex": -1, "position": \#(coordinate(0, 0)), "radius": 500}]"#)
        let report = try Renderer().report(spec)
        let shapes = try #require(report.shapes)
        #expect(shapes.map(\.id) == ["fence", "route"])
        #expect(shapes.map(\.kind) == ["circle", "polyline"])
        let frame = shapes[1].frame
        let projection = spec.map.projection()
        let west = projection.canvasPoint(of: Coordinate(latitude: 0, longitude: -0.1))
        #expect(abs(frame.x - (west.x - 2) * 2) < 0.01)
        #expect(abs(frame.y - (150 - 2) * 2) < 0.01)
        #expect(abs(frame.height - 8) < 0.01)
        let json = report.text
        #expect(json.contains(#""kind": "polyline""#) && json.contains(#""id": "route""#))
        let read = LayoutReportReader.report(report.json)
        #expect(read.shapes == report.shapes)
        let noShapes = try Renderer().report(try pinnedSpec(""))
        #expect(noShapes.shapes == nil && !noShapes.text.contains("\"shapes\""))
    }

    @Test("check names a shape that changed colour, moved, appeared or went: polyline \"route\" changed")
    func changes() throws {
        let before = try Renderer().report(try pinnedSpec(#", "polylines": [\#(route)]"#))
        let recoloured = try Renderer().report(try pinnedSpec(##", "polylines": [\##(route.replacing("\"strokeWidth\": 4", with: "\"strokeWidth\": 4, \"strokeColor\": \"#FF0000\""))]"##))
        #expect(before.shapes?.first?.frame == recoloured.shapes?.first?.frame)
        #expect(LayoutChanges.between(golden: before, actual: recoloured) == [#"polyline "route" changed"#])
        #expect(LayoutChanges.between(golden: before, actual: before).isEmpty)
        let other = try Renderer().report(try pinnedSpec(#", "circles": [{"id": "fence", "position": \#(coordinate(0, 0)), "radius": 500}]"#))
        #expect(LayoutChanges.between(golden: before, actual: other) == [#"circle "fence" is new"#, #"polyline "route" is gone"#])
    }

    @Test("hit: the open window and markers first, then the topmost tappable shape, else the map")
    func hit() throws {
        let player = ScenarioPlayer(renderer: Renderer())
        let spec = try pinnedSpec(#", "polylines": [\#(route), {"id": "quiet", "path": [\#(coordinate(0.05, -0.1)), \#(coordinate(0.05, 0.1))], "strokeWidth": 4}]"#)
        let onRoute = try player.hit(spec, at: Point(x: 150, y: 150))
        #expect(onRoute.kind == .shape && onRoute.shape == "route")
        #expect(JSONWriter.writeCompact(onRoute.json).contains(#""kind":"shape","shape":"route""#))
        #expect(try player.hit(spec, at: Point(x: 150, y: 160)).kind == .map)
        let quietY = spec.map.projection().canvasPoint(of: Coordinate(latitude: 0.05, longitude: 0)).y
        #expect(try player.hit(spec, at: Point(x: 150, y: quietY)).kind == .map, "not tappable")
        let withMarker = try pinnedSpec(#", "polylines": [\#(route)], "markers": [\#(testMarker("m", longitude: -0.055))]"#)
        let x = withMarker.map.projection().canvasPoint(of: Coordinate(latitude: 0, longitude: -0.055)).x
        let onMarker = try player.hit(withMarker, at: Point(x: x, y: 148))
        #expect(onMarker.kind == .marker && onMarker.marker == "m")
    }

    @Test("a tap on a tappable shape in a scenario gives didTapOverlay with its id, not didTapAtCoordinate")
    func tapOverlay() throws {
        let spec = try pinnedSpec(#", "polylines": [\#(route)], "events": [{"tapMap": {"x": 150, "y": 150}}, {"tapMap": {"x": 150, "y": 40}}]"#)
        let run = try ScenarioPlayer(renderer: Renderer()).play(spec)
        let lines = run.callbacks.map(\.jsonLine)
        #expect(lines.contains(#"{"step":1,"callback":"didTapOverlay","overlay":"route"}"#), "\(lines)")
        #expect(!lines.contains { $0.contains(#""step":1,"callback":"didTapAtCoordinate""#) })
        #expect(lines.contains { $0.contains(#""step":2,"callback":"didTapAtCoordinate""#) })
    }

    @Test("camera.fit with shapes: true frames every shape inside the canvas less the padding")
    func fit() throws {
        let spec = try testSpec(#"""
            {"map": {"width": 390, "height": 300, "camera": {"fit": {"shapes": true, "padding": 10}}},
             "polygons": [{"id": "area", "path": [\#(coordinate(48, 2)), \#(coordinate(49, 2)), \#(coordinate(49, 3.5))], "strokeWidth": 2}]}
            """#)
        let report = try Renderer().report(spec)
        let frame = try #require(report.shapes?.first?.frame)
        #expect(frame.x >= 10 - 0.01 && frame.y >= 10 - 0.01 && frame.x + frame.width <= 380.01 && frame.y + frame.height <= 290.01)
        #expect(abs(frame.x - 10) < 0.6 || abs(frame.y - 10) < 0.6, "touches the padding on one axis: \(frame)")
    }

    @Test("crop to shapes keeps every shape on the canvas with the margin")
    func crop() throws {
        var spec = try pinnedSpec(#", "polylines": [\#(route)], "crop": {"to": "shapes", "margin": 4}"#)
        let report = try Renderer().report(spec)
        let crop = try #require(report.image.crop)
        #expect(crop.height == 2 * (4 + 2 * 4) && abs(crop.y - 2 * (148 - 4)) < 1)
        spec.shapes = []
        #expect(throws: InfoWinError.self) { try Renderer().report(spec) }
    }
}
