import Foundation
import InfoWinKit
import Testing

/// The facade: `Marker`, `MapView`, `Spec(json:)` and `Renderer().render(_:format:)`.
@Suite("The Swift API")
struct MapViewTests {
    static var london: MapView {
        var marker = Marker(id: "london", position: .init(latitude: 51.5, longitude: -0.127))
        marker.title = "London"
        marker.snippet = "Population: 8,174,100"
        var map = MapView(width: 390, height: 300, camera: Camera(target: .init(latitude: 51.5, longitude: -0.127), zoom: 12))
        map.scale = 2
        map.markers = [marker]
        map.selectedMarker = "london"
        return map
    }

    static let examples = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Examples").standardized.path

    @Test("a map built in code draws as the same spec written as JSON")
    func sameAsJSON() throws {
        let text = try String(contentsOfFile: Self.examples + "/london-title-snippet/spec.json", encoding: .utf8)
        let fromCode = try Renderer().render(Self.london, format: .png)
        let fromJSON = try Renderer().render(try Spec(json: text), format: .png)
        #expect(fromCode.bytes == fromJSON.bytes)
        #expect(fromCode.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(fromCode.report.text == fromJSON.report.text)
    }

    @Test("Spec(json:) keeps its JSON text: spec.json gives it back, and it decodes to the same spec")
    func specRoundTrip() throws {
        let text = try Self.london.jsonText
        let spec = try Spec(json: text)
        #expect(spec.json == text)
        #expect(try Spec(json: spec.json).markers.map(\.id) == ["london"])
        #expect(try Self.london.spec.selectedMarker == "london")
    }

    @Test("the fields are the spec's keys, and extraJSON adds and replaces keys")
    func fieldsAndExtraJSON() throws {
        var map = Self.london
        map.look = .web
        map.locale = "de-DE"
        map.markers[0].zIndex = 3
        map.markers[0].groundAnchor = Anchor(x: 0.5, y: 0.5)
        map.markers[0].userData = ["rank": "3", "name": #""Big Ben""#]
        map.markers[0].extraJSON = #"{ "title": "Londres", "opacity": 0.5 }"#
        let spec = try map.spec
        #expect(spec.look == .web)
        #expect(spec.markers[0].title == "Londres")
        #expect(spec.markers[0].zIndex == 3)
        let text = try map.jsonText
        #expect(text.contains(#""locale": "de-DE""#))
        #expect(text.contains(#""userData": {"#))
    }

    @Test("a bad value is the command line's error, at its JSON path")
    func badValue() {
        var map = Self.london
        map.markers[0].position.latitude = 200
        #expect { try map.spec } throws: { error in
            (error as? InfoWinError)?.message.contains("markers[0].position.latitude") == true
        }
        map = Self.london
        map.selectedMarker = "paris"
        #expect { try map.spec } throws: { error in
            (error as? InfoWinError)?.message.contains("selectedMarker") == true
        }
    }

    @Test("raw JSON that is not JSON names the field it was given in")
    func badRawJSON() {
        var map = Self.london
        map.markers[0].pin = "{ background: red }"
        #expect { try map.jsonText } throws: { error in
            (error as? InfoWinError)?.message.hasPrefix("markers[0].pin") == true
        }
    }

    @Test("a custom info window given as JSON is drawn")
    func customWindow() throws {
        var map = Self.london
        map.infoWindow = InfoWindow(window: ##"{ "vstack": [{ "text": "{{title}}" }], "padding": 10, "background": "#FFEEAA" }"##)
        let custom = try Renderer().render(map, format: .png)
        let plain = try Renderer().render(Self.london, format: .png)
        #expect(custom.bytes != plain.bytes)
    }
}
