import Graphics
@testable import InfoWinKit
import Testing

/// The defaults the declaration gives (the schema's `default`, the reference page's column) are the decoder's: a spec
/// that writes a key with its declared default draws the same bytes and report as one that leaves it out.
@Suite("the declared defaults are the decoder's")
struct DeclaredDefaultsTests {
    /// Where a key is written in the test spec: the object's declaration and the place its members go.
    enum Place: String, CaseIterable, Sendable {
        case topLevel, map, camera, selectedMarker, otherMarker, pin, windowStyle, shadow, tail, titleFont, stack, textView, divider, traits
        case polyline, polygon, circle

        var object: SpecObject {
            switch self {
            case .topLevel: SpecDescription.topLevel
            case .map: SpecDescription.map
            case .camera: SpecDescription.camera
            case .selectedMarker, .otherMarker: SpecDescription.marker
            case .pin: SpecDescription.pin
            case .windowStyle: SpecDescription.style
            case .shadow: SpecDescription.shadow
            case .tail: SpecDescription.tail
            case .titleFont: SpecDescription.font
            case .stack: Self.view(.vstack)
            case .textView: Self.view(.text)
            case .divider: SpecDescription.divider
            case .traits: SpecDescription.traits
            case .polyline: SpecDescription.polyline
            case .polygon: SpecDescription.polygon
            case .circle: SpecDescription.circle
            }
        }

        /// The keys the base spec writes here, whose defaults it cannot test by adding them.
        var written: [String] {
            switch self {
            case .topLevel: ["map", "markers", "infoWindow", "selectedMarker", "traits", "polylines", "polygons", "circles"]
            case .map: ["width", "height", "camera"]
            case .camera: ["target", "zoom"]
            case .selectedMarker: ["id", "position", "title", "snippet"]
            case .otherMarker: ["id", "position", "pin"]
            case .pin: ["background"]
            case .windowStyle: ["padding", "shadow", "tail", "titleFont"]
            case .shadow: ["blur"]
            case .tail: ["width"]
            case .titleFont: ["size"]
            case .stack: ["vstack"]
            case .textView: ["text"]
            case .divider: ["thickness"]
            case .traits: ["userInterfaceStyle"]
            case .polyline: ["id", "path"]
            case .polygon, .circle: ["path", "position", "radius"]
            }
        }

        /// The keys a view of `kind` may hold: its own, its kind's and the modifiers.
        static func view(_ kind: SpecViewKind) -> SpecObject {
            SpecObject("a \(kind.rawValue) view", keys: [SpecKey(name: kind.rawValue, type: kind.type)] + kind.keys + SpecDescription.modifiers.keys)
        }
    }

    /// A small spec with a window open on one of two markers; `extra` is written into `place`.
    static func spec(_ extra: String = "", in place: Place? = nil) -> String {
        let add = { (here: Place) in place == here ? ", " + extra : "" }
        return #"""
            {"map": {"width": 240, "height": 180, "camera": {"target": {"latitude": 51.5, "longitude": -0.12}, "zoom": 14\#(add(.camera))}\#(add(.map))},
             "markers": [
               {"id": "a", "position": {"latitude": 51.5, "longitude": -0.12}, "title": "London", "snippet": "A city on the Thames"\#(add(.selectedMarker))},
               {"id": "b", "position": {"latitude": 51.501, "longitude": -0.115}, "pin": {"background": "#DB4437"\#(add(.pin))}\#(add(.otherMarker))}],
             "infoWindow": {
               "style": {"padding": 12, "shadow": {"blur": 4\#(add(.shadow))}, "tail": {"width": 16\#(add(.tail))}, "titleFont": {"size": 15\#(add(.titleFont))}\#(add(.windowStyle))},
               "contents": {"vstack": [{"text": "{{title}}"\#(add(.textView))}, {"divider": {"thickness": 1\#(add(.divider))}}]\#(add(.stack))}},
             "polylines": [{"id": "r", "path": [{"latitude": 51.499, "longitude": -0.125}, {"latitude": 51.502, "longitude": -0.113}]\#(add(.polyline))}],
             "polygons": [{"path": [{"latitude": 51.498, "longitude": -0.124}, {"latitude": 51.498, "longitude": -0.118}, {"latitude": 51.4995, "longitude": -0.121}]\#(add(.polygon))}],
             "circles": [{"position": {"latitude": 51.5015, "longitude": -0.123}, "radius": 60\#(add(.circle))}],
             "selectedMarker": "a", "traits": {"userInterfaceStyle": "light"\#(add(.traits))}\#(add(.topLevel))}
            """#
    }

    /// Every declared default that the base spec does not already write, with where it goes.
    static let cases: [(Place, SpecKey)] = Place.allCases.flatMap { place in
        place.object.keys.filter { $0.defaultJSON != nil && !place.written.contains($0.name) }.map { (place, $0) }
    }

    private static func render(_ json: String) throws -> RenderResult {
        var spec = try Spec(json: json, file: "defaults.json", folder: "/tmp")
        spec.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
        return try Renderer().render(spec, format: .png)
    }

    @Test("the declaration gives defaults, each valid JSON")
    func defaultsAreDeclared() {
        #expect(Self.cases.count >= 25, "\(Self.cases.count) defaults")
        for object in SpecKeyTables.objects.map(\.object) {
            for key in object.keys where key.defaultJSON != nil {
                #expect(key.defaultValue != nil, "\(key.name)'s default is not JSON: \(key.defaultJSON ?? "")")
            }
        }
    }

    @Test("writing a key with its declared default changes nothing", arguments: Self.cases.map { "\($0.0.rawValue).\($0.1.name)" })
    func writingTheDefaultChangesNothing(_ name: String) throws {
        let (place, key) = try #require(Self.cases.first { "\($0.0.rawValue).\($0.1.name)" == name })
        let plain = try Self.render(Self.spec())
        let explicit = try Self.render(Self.spec("\"\(key.name)\": \(key.defaultJSON ?? "")", in: place))
        #expect(explicit.report.text == plain.report.text, "\(name): the report differs")
        // The same pixels (the input hash differs: another spec text is another input).
        let samePixels = explicit.fingerprint.pixels == plain.fingerprint.pixels && explicit.fingerprint.pixels != nil
        #expect(samePixels, "\(name): the pixels differ")
    }

    @Test("a value other than the default does change the drawing (the test can fail)")
    func anotherValueChangesTheDrawing() throws {
        let plain = try Self.render(Self.spec())
        let translucent = try Self.render(Self.spec(#""opacity": 0.5"#, in: .otherMarker)).bytes
        let dark = try Self.render(Self.spec(##""background": "#102030""##, in: .map)).bytes
        #expect(translucent != plain.bytes && dark != plain.bytes)
    }
}
