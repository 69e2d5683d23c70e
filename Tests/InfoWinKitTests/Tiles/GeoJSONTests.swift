import Foundation
import Graphics
import Testing
@testable import InfoWinKit

/// The spec with `geojson` set to `geoJSON` (JSON text, inline).
private func inline(_ geoJSON: String) throws -> Spec {
    try testSpec(shapeSpecJSON(#", "geojson": \#(geoJSON)"#))
}


private func collection(_ features: [String]) -> String {
    #"{"type": "FeatureCollection", "features": [\#(features.joined(separator: ","))]}"#
}

private func feature(_ geometry: String, _ properties: String = "{}", id: String? = nil) -> String {
    #"{"type": "Feature"\#(id.map { #", "id": \#($0)"# } ?? ""), "geometry": \#(geometry), "properties": \#(properties)}"#
}

private let bikeStations = collection([
    feature(#"{"type": "Point", "coordinates": [13.4, 52.52]}"#, ##"{"title": "Alexanderplatz", "snippet": "12 bikes", "marker-color": "#FF0000"}"##, id: #""alex""#),
    feature(#"{"type": "Point", "coordinates": [13.38, 52.51, 34]}"#, #"{"title": "Potsdamer Platz"}"#),
    feature(#"{"type": "LineString", "coordinates": [[13.38, 52.51], [13.4, 52.52]]}"#, ##"{"stroke": "#00FF00", "stroke-width": 5, "stroke-opacity": 0.5}"##, id: "7"),
    feature(#"{"type": "Polygon", "coordinates": [[[13.3, 52.5], [13.5, 52.5], [13.5, 52.6], [13.3, 52.5]], [[13.4, 52.52], [13.45, 52.52], [13.45, 52.55], [13.4, 52.52]]]}"#,
            ##"{"fill": "#0000FF", "fill-opacity": 0.25}"##),
    feature(#"{"type": "MultiLineString", "coordinates": [[[13.3, 52.5], [13.31, 52.5]], [[13.32, 52.5], [13.33, 52.5]]]}"#),
    feature("null"),
])

@Suite("GeoJSON (RFC 7946) with simplestyle-spec properties")
struct GeoJSONTests {
    @Test("points become markers (id from id or the index, title, snippet, marker-color); lines and polygons shapes, styled")
    func featureCollection() throws {
        let spec = try inline(bikeStations)
        #expect(spec.markers.map(\.id) == ["alex", "1"])
        #expect(spec.markers[0].title == "Alexanderplatz" && spec.markers[0].snippet == "12 bikes")
        #expect(spec.markers[0].position == Coordinate(latitude: 52.52, longitude: 13.4))
        guard case .pin(let red) = spec.markers[0].icon, case .pin(let plain) = spec.markers[1].icon else { Issue.record("pins"); return }
        #expect(red == RGBA(hex: 0xFF0000) && plain == Look.ios.pin.color)
        #expect(spec.shapes.map(\.id) == ["7", "3", "4[0]", "4[1]"])
        #expect(spec.shapes.map(\.kind) == [.polyline, .polygon, .polyline, .polyline])
        guard case .polyline(let line) = spec.shapes[0].geometry, case .polygon(let area) = spec.shapes[1].geometry,
              case .polyline(let plainLine) = spec.shapes[2].geometry
        else { Issue.record("kinds"); return }
        #expect(line.stroke == StrokeSpec(width: 5, color: RGBA(hex: 0x00FF00).withAlpha(0.5)))
        #expect(area.fill == RGBA(hex: 0x0000FF).withAlpha(0.25) && area.holes.count == 1)
        #expect(plainLine.stroke == StrokeSpec(width: 2, color: RGBA(hex: 0x555555)), "simplestyle's defaults")
    }

    @Test("a line's positions are [longitude, latitude], an altitude after them allowed and not used")
    func linePositions() throws {
        let spec = try inline(collection([feature(#"{"type": "LineString", "coordinates": [[13.38, 52.51], [-180, 90, 34.5], [180, -90]]}"#)]))
        guard case .polyline(let line) = spec.shapes.first?.geometry else { Issue.record("no line"); return }
        #expect(line.path == [
            Coordinate(latitude: 52.51, longitude: 13.38), Coordinate(latitude: 90, longitude: -180), Coordinate(latitude: -90, longitude: 180),
        ])
    }

    @Test("a .geojson file is read through the sandbox; its errors name it, the JSON path inside it, and the line of a syntax error")
    func file() throws {
        let folder = NSTemporaryDirectory() + "infowin-geojson-\(ProcessInfo.processInfo.processIdentifier)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let decode = { (geoJSON: String) throws -> Spec in
            FileManager.default.createFile(atPath: folder + "/bikes.geojson", contents: Data(geoJSON.utf8))
            return try SpecDecoder.decode(SpecSource(name: "spec.json", bytes: Array(shapeSpecJSON(#", "geojson": "bikes.geojson""#).utf8), folder: folder))
        }
        #expect(try decode(bikeStations).markers.count == 2)
        let wrong = decodingFailure { try decode(collection([feature(#"{"type": "Point", "coordinates": [13.4, 95]}"#)])) }
        #expect(wrong.contains("bikes.geojson") && wrong.contains("features[0].geometry.coordinates[1]") && wrong.contains("-90 to 90"), "\(wrong)")
        let syntax = decodingFailure { try decode("{\"type\": \n \"FeatureCollection\",, }") }
        #expect(syntax.contains("bikes.geojson") && syntax.contains("bikes.geojson:2:"), "\(syntax)")
        let outside = decodingFailure { try SpecDecoder.decode(SpecSource(name: "spec.json", bytes: Array(shapeSpecJSON(#", "geojson": "/etc/passwd.geojson""#).utf8), folder: folder)) }
        #expect(outside.contains("geojson") && outside.contains("outside the allowed folder"), "\(outside)")
    }

    @Test("hostile GeoJSON: wrong types, unknown geometries, deep nesting and too many coordinates are clear errors")
    func hostile() {
        let cases: [(String, String, String)] = [
            (#"[1, 2]"#, "geojson", "expected a .geojson file or an inline FeatureCollection"),
            (#"{"type": "FeatureCollection"}"#, "geojson.features", "is required"),
            (#"{"type": "FeatureCollection", "features": {}}"#, "geojson.features", "expected an array"),
            (collection(["42"]), "geojson.features[0]", "expected an object"),
            (collection([#"{"type": "Point"}"#]), "geojson.features[0].type", "expected \"Feature\""),
            (collection([feature(#"{"type": "Circle", "coordinates": [0, 0]}"#)]), "geojson.features[0].geometry.type", "expected a GeoJSON geometry type"),
            (collection([feature(#"{"type": "Point", "coordinates": "0, 0"}"#)]), "geojson.features[0].geometry.coordinates", "position"),
            (collection([feature(#"{"type": "Point", "coordinates": ["0", 0]}"#)]), "geojson.features[0].geometry.coordinates[0]", "a number"),
            (collection([feature(#"{"type": "LineString", "coordinates": [[0, 0]]}"#)]), "geojson.features[0].geometry.coordinates", "at least 2"),
            // A line's positions are read without a JSON path each; a wrong one still gets its own.
            (collection([feature(#"{"type": "LineString", "coordinates": [[0, 0], [200, 0]]}"#)]), "geojson.features[0].geometry.coordinates[1][0]", "-180 to 180"),
            (collection([feature(#"{"type": "LineString", "coordinates": [[0, 0], [0, "1"]]}"#)]), "geojson.features[0].geometry.coordinates[1][1]", "a number"),
            (collection([feature(#"{"type": "LineString", "coordinates": [[0, 0], [0]]}"#)]), "geojson.features[0].geometry.coordinates[1]", "position"),
            (collection([feature(#"{"type": "LineString", "coordinates": [[0, 0], [0, 0, "high"]]}"#)]), "geojson.features[0].geometry.coordinates[1][2]", "a number"),
            (collection([feature(#"{"type": "Polygon", "coordinates": []}"#)]), "geojson.features[0].geometry.coordinates", "at least one linear ring"),
            (collection([feature(#"{"type": "Point", "coordinates": [0, 0]}"#, "[]")]), "geojson.features[0].properties", "expected an object"),
            (collection([feature(#"{"type": "Point", "coordinates": [0, 0]}"#, id: "true")]), "geojson.features[0].id", "a non-empty string or a number"),
            (collection([feature(#"{"type": "LineString", "coordinates": [[0, 0], [1, 1]]}"#, #"{"stroke-width": "wide"}"#)]),
             #"geojson.features[0].properties["stroke-width"]"#, "a number"),
            (collection([feature(#"{"type": "LineString", "coordinates": [[0, 0], [1, 1]]}"#, #"{"fill-opacity": 2}"#)]),
             #"geojson.features[0].properties["fill-opacity"]"#, "from 0 to 1"),
            (collection([feature(#"{"type": "Point", "coordinates": [0, 0]}"#, #"{"title": 5}"#)]), "geojson.features[0].properties.title", "a string"),
            (collection([feature(String(repeating: #"{"type": "GeometryCollection", "geometries": ["#, count: 10) + String(repeating: "]}", count: 10))]),
             "geojson.features[0].geometry", "nested more than 8 deep"),
        ]
        for (geoJSON, path, words) in cases {
            let message = decodingFailure { try inline(geoJSON) }
            #expect(message.contains("scene-test.json") && message.contains(path) && message.contains(words), "\(geoJSON): \(message)")
        }
        let positions = "[" + Array(repeating: "[0, 0]", count: 100_001).joined(separator: ",") + "]"
        let huge = decodingFailure { try inline(collection([feature(#"{"type": "LineString", "coordinates": \#(positions)}"#)])) }
        #expect(huge.contains("more than 100,000 coordinates"), "\(huge)")
        let points = (0..<10_001).map { feature(#"{"type": "Point", "coordinates": [0, \#(Double($0) / 1000)]}"#) }
        let many = decodingFailure { try inline(collection(points)) }
        #expect(many.contains("more than the limit of 10000"), "\(many)")
        let clash = decodingFailure { try testSpec(shapeSpecJSON(#", "markers": [\#(testMarker("0"))], "geojson": \#(collection([feature(#"{"type": "Point", "coordinates": [0, 0]}"#)]))"#)) }
        #expect(clash.contains("already a marker's id"), "\(clash)")
    }

    @Test("a GeoJSON polygon is drawn with its simplestyle fill and stroke, under its points' pins")
    func drawn() throws {
        let geoJSON = collection([
            feature(#"{"type": "Polygon", "coordinates": [[[-0.1, -0.1], [0.1, -0.1], [0.1, 0.1], [-0.1, 0.1], [-0.1, -0.1]]]}"#,
                    ##"{"fill": "#FF0000", "fill-opacity": 1, "stroke": "#000000", "stroke-width": 4}"##),
            feature(#"{"type": "Point", "coordinates": [0.05, 0]}"#, ##"{"marker-color": "#00FF00"}"##),
        ])
        let (_, image) = try renderPinned(try inline(geoJSON))
        #expect(image.color(x: 2 * 180, y: 2 * 160).rgb == 0xFF0000)
        let edge = MapProjection(camera: CameraSpec(target: Coordinate(latitude: 0, longitude: 0), zoom: 10, bearing: 0), width: 390, height: 300)
            .canvasPoint(of: Coordinate(latitude: 0, longitude: -0.1))
        #expect(image.color(x: Int(edge.x * 2), y: 2 * 170).rgb == 0x000000)
    }
}
