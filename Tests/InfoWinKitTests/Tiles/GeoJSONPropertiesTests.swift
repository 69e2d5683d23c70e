import Foundation
import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

/// A folder with `points.geojson` holding `geoJSON`, and the spec `members` that reads it decoded there.
private func decodeWithFile(_ geoJSON: String, _ members: String) throws -> Spec {
    let folder = NSTemporaryDirectory() + "infowin-geojson-properties-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    FileManager.default.createFile(atPath: folder + "/points.geojson", contents: Data(geoJSON.utf8))
    let json = shapeSpecJSON(#", "geojson": "points.geojson"\#(members)"#)
    return try SpecDecoder.decode(SpecSource(name: "spec.json", bytes: Array(json.utf8), folder: folder))
}


/// A file as exports from uMap, geojson.io or OpenStreetMap write them: simplestyle's `name` and
/// `description`, numbers, a nested object, nulls for what a feature lacks.
private let kiosks = #"""
{
  "type": "FeatureCollection",
  "features": [
    {
      "type": "Feature",
      "id": "kiosk-1",
      "geometry": { "type": "Point", "coordinates": [0.01, 0.0] },
      "properties": {
        "name": "Kiosk am Markt",
        "description": "Zeitungen und Kaffee",
        "marker-color": "#7B1FA2",
        "capacity": 12,
        "open": true,
        "address": { "street": "Marktplatz 3", "city": "Potsdam" },
        "tags": ["coffee", "news"],
        "phone": null
      }
    },
    {
      "type": "Feature",
      "id": "kiosk-2",
      "geometry": { "type": "Point", "coordinates": [-0.01, 0.0] },
      "properties": {
        "title": "Title wins",
        "name": "Name loses",
        "snippet": null,
        "description": "Description stands in for a null snippet",
        "capacity": 3,
        "address": { "street": "Bahnhof 1", "city": "Werder" },
        "tags": ["bread"]
      }
    }
  ]
}
"""#

@Suite("GeoJSON points: properties as userData, name and description as title and snippet")
struct GeoJSONPropertiesTests {
    @Test("title falls back to the property name, snippet to description; title and snippet win where both are written")
    func simplestyleNames() throws {
        let spec = try decodeWithFile(kiosks, "")
        #expect(spec.markers.map(\.title) == ["Kiosk am Markt", "Title wins"])
        #expect(spec.markers.map(\.snippet) == ["Zeitungen und Kaffee", "Description stands in for a null snippet"])
    }

    @Test("a selected GeoJSON point with only a name shows the default window with that title")
    func selectedPointWithNameShowsWindow() throws {
        let geoJSON = #"{"type": "Feature", "id": "p", "geometry": {"type": "Point", "coordinates": [0, 0]}, "properties": {"name": "Only a name"}}"#
        let spec = try decodeWithFile(geoJSON, #", "selectedMarker": "p""#)
        let window = try #require(try layOut(spec).infoWindow)
        #expect(window.title?.text.lines == ["Only a name"])
        #expect(window.snippet == nil)
    }

    @Test("every property is the point's userData: numbers and flags as text, nested objects and arrays by path, nulls left out")
    func propertiesAreUserData() throws {
        let spec = try decodeWithFile(kiosks, "")
        let data = spec.markers[0].userData
        #expect(data.map(\.key) == ["name", "description", "marker-color", "capacity", "open", "address", "tags"])
        #expect(data.first { $0.key == "capacity" }?.text == "12")
        #expect(data.first { $0.key == "open" }?.text == "true")
        #expect(try data.value(at: #require(UserDataPath(parsing: "address.city"))).get().text == "Potsdam")
        #expect(try data.value(at: #require(UserDataPath(parsing: "tags[1]"))).get().text == "news")
    }

    @Test("{{userData.KEY}} and {{properties.KEY}} in the top-level window fill from the selected point's properties")
    func templatesReadProperties() throws {
        let window = #"""
            , "selectedMarker": "kiosk-1",
            "infoWindow": {"contents": {"vstack": [
                {"text": "{{title}}: {{userData.capacity}} places"},
                {"text": "{{properties.address.city}}, {{properties.tags[0]}}"}
            ]}}
            """#
        let scene = try layOut(try decodeWithFile(kiosks, window))
        let texts = try #require(scene.infoWindow?.view).texts.map(\.text.lines)
        #expect(texts == [["Kiosk am Markt: 12 places"], ["Potsdam, coffee"]])
    }

    @Test("a template naming a property a point lacks is an error naming the template's JSON path, the point and its file")
    func missingPropertyIsAnError() {
        let window = #", "infoWindow": {"contents": {"text": "Call {{properties.phone}}"}}"#
        // Checked against the point whose window is drawn (SPEC.md: a top-level template is checked only
        // against the markers drawn with it).
        #expect((try? decodeWithFile(kiosks, window)) != nil, "no point's window is drawn")
        let error = decodingFailure { try decodeWithFile(kiosks, window + #", "selectedMarker": "kiosk-1""#) }
        #expect(error.hasPrefix("spec.json: infoWindow.contents.text: {{properties.phone}} names a key that point \"kiosk-1\""), "\(error)")
        #expect(error.contains("{{properties.phone}}") && error.contains("\"kiosk-1\"") && error.contains("points.geojson"), "\(error)")
        #expect(error.contains("features[0]"), "\(error)")
        // The same template on a spec marker without that userData fails the same way.
        let marker = decodingFailure {
            try testSpec(testSpecJSON(markers: [testMarker("a")], extra: #", "infoWindow": {"contents": {"text": "Call {{properties.phone}}"}}"#))
        }
        #expect(marker.contains("{{properties.phone}} names a key that marker \"a\""), "\(marker)")
    }

    @Test("a data-driven value in the top-level window is filled from each point's properties")
    func dataDrivenWindowFromProperties() throws {
        let geoJSON = ##"""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "busy", "geometry": {"type": "Point", "coordinates": [0, 0]}, "properties": {"name": "A", "tint": "#D32F2F"}},
              {"type": "Feature", "id": "calm", "geometry": {"type": "Point", "coordinates": [0.01, 0]}, "properties": {"name": "B", "tint": "#388E3C"}}
            ]}
            """##
        let window = #", "infoWindow": {"contents": {"text": "{{title}}", "color": "{{properties.tint}}"}}"#
        let spec = try decodeWithFile(geoJSON, window)
        let colors = try spec.markers.map { marker in
            let view = try #require(marker.infoWindow?.content.view)
            guard case .text(let text) = view.kind else { throw GeoJSONTestError.notText }
            return text.color
        }
        #expect(colors == [RGBA(hex: 0xD32F2F), RGBA(hex: 0x388E3C)])
        let wrong = decodingFailure { try decodeWithFile(geoJSON.replacingOccurrences(of: "#388E3C", with: "green-ish"), window + #", "selectedMarker": "calm""#) }
        #expect(wrong.contains("infoWindow.contents.color: {{properties.tint}} filled as 'green-ish', expected a colour"), "\(wrong)")
    }

    @Test("a property that is no text where a template wants text, and a name that is not a string, are errors naming where")
    func wrongKinds() {
        let object = decodingFailure { try decodeWithFile(kiosks, #", "selectedMarker": "kiosk-1", "infoWindow": {"contents": {"text": "{{properties.address}}"}}"#) }
        #expect(object.contains("{{properties.address}} is an object"), "\(object)")
        let badName = #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}, "properties": {"name": {"de": "Markt"}}}"#
        let name = decodingFailure { try decodeWithFile(badName, "") }
        #expect(name.hasPrefix("points.geojson: properties.name: expected a string"), "\(name)")
    }

    private enum GeoJSONTestError: Error { case notText }
}
