import Foundation
import Graphics
import Testing
@testable import InfoWinKit

/// A spec with these top-level members (starting with a comma) and no markers.
func shapeSpecJSON(_ members: String, zoom: Double = 10, scale: Double = 2) -> String {
    #"""
    {"map": {"width": 390, "height": 300, "scale": \#(scale),
             "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": \#(zoom)}}\#(members)}
    """#
}

/// The message of the error `body` throws while decoding a spec, or "no error" (GeoJSON's tests).
func decodingFailure(_ body: () throws -> Spec) -> String {
    do {
        _ = try body()
        return "no error"
    } catch let error as InfoWinError {
        return error.message
    } catch {
        return "\(error)"
    }
}

/// The message of the error decoding `json` gives.
private func decodeFailure(_ json: String) -> String? {
    do {
        _ = try testSpec(json)
        return nil
    } catch let error as InfoWinError {
        return error.message
    } catch {
        return "\(error)"
    }
}

@Suite("shapes: decoding (SPEC.md, Shapes)")
struct ShapeDecodingTests {
    @Test("Google's published encoded path decodes to its three coordinates")
    func googleExample() throws {
        let decoded = try EncodedPolyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", limit: 100).get()
        #expect(decoded == [
            Coordinate(latitude: 38.5, longitude: -120.2), Coordinate(latitude: 40.7, longitude: -120.95),
            Coordinate(latitude: 43.252, longitude: -126.453),
        ])
        #expect(EncodedPolyline.encode(decoded) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
    }

    @Test("a broken encoded path is an error naming the key and what is wrong")
    func brokenEncodedPaths() {
        let cases = [
            ("_p~iF~ps|U_ulLnnqC_mqN", "ends inside a coordinate"), ("_p~iF ps|U", "character 6 is outside"),
            ("_p~iF~ps|", "ends inside a coordinate"), ("~~~~~~~~~~~~~~~~~~~~?", "too large"),
        ]
        for (text, words) in cases {
            let message = decodeFailure(shapeSpecJSON(#", "polylines": [{"encodedPath": "\#(text)"}]"#))
            #expect(message?.contains("polylines[0].encodedPath") == true, "\(text): \(message ?? "no error")")
            #expect(message?.contains(words) == true, "\(text): \(message ?? "no error")")
        }
    }

    @Test("defaults are SPEC.md's: polyline blue 1 pt, polygon #0000FF40 with a black stroke, circle unfilled, overlay opaque")
    func defaults() throws {
        let spec = try testSpec(shapeSpecJSON(#"""
            , "polylines": [{"path": [{"latitude": 0, "longitude": 0}, {"latitude": 1, "longitude": 1}]}],
              "polygons": [{"path": [{"latitude": 0, "longitude": 0}, {"latitude": 1, "longitude": 0}, {"latitude": 0, "longitude": 1}]}],
              "circles": [{"position": {"latitude": 0, "longitude": 0}, "radius": 100}],
              "groundOverlays": [{"image": "icon.png", "position": {"latitude": 0, "longitude": 0}, "zoomLevel": 10}]
            """#))
        #expect(spec.shapes.map(\.id) == ["polylines[0]", "polygons[0]", "circles[0]", "groundOverlays[0]"])
        #expect(spec.shapes.allSatisfy { $0.zIndex == 0 && !$0.tappable })
        guard case .polyline(let line) = spec.shapes[0].geometry, case .polygon(let area) = spec.shapes[1].geometry,
              case .circle(let circle) = spec.shapes[2].geometry, case .groundOverlay(let overlay) = spec.shapes[3].geometry
        else { Issue.record("kinds"); return }
        #expect(line.stroke == StrokeSpec(width: 1, color: RGBA(hex: 0x0000FF)))
        #expect(!line.geodesic && line.spans.isEmpty && line.pattern.isEmpty)
        #expect(area.fill == RGBA(hex: 0x0000FF).withAlpha(0x40 / 255))
        #expect(area.stroke == StrokeSpec(width: 1, color: RGBA(hex: 0)))
        #expect(circle.fill == nil && circle.stroke == StrokeSpec(width: 1, color: RGBA(hex: 0)))
        #expect(overlay.opacity == 1 && overlay.bearing == 0 && overlay.anchor == UnitPoint(x: 0.5, y: 0.5))
    }

    @Test("shapes keep the order the spec writes their keys in")
    func inputOrder() throws {
        let spec = try testSpec(shapeSpecJSON(#"""
            , "circles": [{"id": "c", "position": {"latitude": 0, "longitude": 0}, "radius": 100}],
              "polylines": [{"id": "l", "path": [{"latitude": 0, "longitude": 0}, {"latitude": 1, "longitude": 1}]}]
            """#))
        #expect(spec.shapes.map(\.id) == ["c", "l"])
    }

    @Test("bad shapes are errors naming the JSON path and what was expected")
    func badShapes() {
        let line = #"[{"latitude": 0, "longitude": 0}, {"latitude": 1, "longitude": 1}]"#
        let cases: [(String, String, String)] = [
            (#", "polylines": [{}]"#, "polylines[0]", "needs \"path\""),
            (#", "polylines": [{"path": \#(line), "encodedPath": "??"}]"#, "polylines[0].encodedPath", "cannot be given with"),
            (#", "polylines": [{"path": [{"latitude": 0, "longitude": 0}]}]"#, "polylines[0].path", "at least 2"),
            (#", "polylines": [{"path": \#(line), "strokeColor": "bluish"}]"#, "polylines[0].strokeColor", "colour"),
            (#", "polylines": [{"path": \#(line), "spans": [{"segments": 1}]}]"#, "polylines[0].spans[0]", "needs \"color\""),
            (##", "polylines": [{"path": \##(line), "spans": [{"color": "#F00", "segments": 0}]}]"##, "polylines[0].spans[0].segments", "above 0"),
            (#", "polylines": [{"path": \#(line), "strokePattern": [{"dot": true}]}]"#, "polylines[0].strokePattern", "no length"),
            (#", "polylines": [{"path": \#(line), "strokePattern": [{"dash": 2, "gap": 1}]}]"#, "polylines[0].strokePattern[0]", "exactly one"),
            (#", "polylines": [{"path": \#(line), "stroke": 2}]"#, "polylines[0].stroke", "unknown key"),
            (#", "polylines": [{"id": "x", "path": \#(line)}, {"id": "x", "path": \#(line)}]"#, "polylines[1].id", "already used"),
            (#", "polygons": [{"path": \#(line)}]"#, "polygons[0].path", "at least 3"),
            (#", "circles": [{"position": {"latitude": 0, "longitude": 0}, "radius": -1}]"#, "circles[0].radius", "from 0"),
            (#", "groundOverlays": [{"image": "icon.png"}]"#, "groundOverlays[0]", "needs \"bounds\""),
            (#", "groundOverlays": [{"image": "icon.png", "position": {"latitude": 0, "longitude": 0}}]"#, "groundOverlays[0].zoomLevel", "required"),
            (#", "groundOverlays": [{"image": "../icon.png", "position": {"latitude": 0, "longitude": 0}, "zoomLevel": 3}]"#, "groundOverlays[0].image", "outside the allowed folder"),
            (#", "groundOverlays": [{"image": "icon.png", "bounds": {"southWest": {"latitude": 1, "longitude": 0}, "northEast": {"latitude": 0, "longitude": 1}}}]"#,
             "groundOverlays[0].bounds.northEast.latitude", "north of"),
        ]
        for (members, path, words) in cases {
            let message = decodeFailure(shapeSpecJSON(members))
            #expect(message?.contains("scene-test.json") == true, "\(members): \(message ?? "no error")")
            #expect(message?.contains(path) == true, "\(members): \(message ?? "no error")")
            #expect(message?.contains(words) == true, "\(members): \(message ?? "no error")")
        }
    }

    @Test("at most 100,000 coordinates in a spec's shapes, counted across shapes")
    func coordinateLimit() throws {
        let point = #"{"latitude": 0, "longitude": 0}"#
        let half = "[" + Array(repeating: point, count: 50_000).joined(separator: ",") + "]"
        _ = try testSpec(shapeSpecJSON(#", "polylines": [{"path": \#(half)}, {"path": \#(half)}]"#))
        let message = decodeFailure(shapeSpecJSON(#", "polylines": [{"path": \#(half)}, {"path": \#(half)}, {"path": [\#(point), \#(point)]}]"#))
        #expect(message?.contains("polylines[2].path") == true, "\(message ?? "no error")")
        #expect(message?.contains("more than 100,000 coordinates") == true, "\(message ?? "no error")")
        let encoded = String(repeating: "??", count: 100_001)
        let encodedMessage = decodeFailure(shapeSpecJSON(#", "polylines": [{"encodedPath": "\#(encoded)"}]"#))
        #expect(encodedMessage?.contains("more than 100,000 coordinates") == true, "\(encodedMessage ?? "no error")")
    }
}
