@testable import InfoWinKit
import Testing

/// The ranges the declaration gives (the schema's `minimum` and `maximum`, the reference page's type column) are the
/// decoder's: a value just past either end of a declared range fails with the message naming that range, and
/// the ends themselves decode.
@Suite("the declared ranges are the decoder's")
struct DeclaredRangesTests {
    typealias Place = DeclaredDefaultsTests.Place

    /// Every ranged key (a number, or lengths) the test spec does not already write, with where it goes.
    static let cases: [(Place, SpecKey, ClosedRange<Double>)] = Place.allCases.flatMap { place in
        place.object.keys.compactMap { key in
            guard !place.written.contains(key.name), let range = key.type.numberRange else { return nil }
            return (place, key, range)
        }
    }

    private static func name(_ place: Place, _ key: SpecKey) -> String { "\(place.rawValue).\(key.name)" }

    /// The message decoding `value` for the case gives, or nil when it decodes.
    private static func message(_ place: Place, _ key: SpecKey, _ value: Double) -> String? {
        do {
            _ = try Spec(json: DeclaredDefaultsTests.spec("\"\(key.name)\": \(JSONWriter.format(value))", in: place), file: "ranges.json", folder: "/tmp")
            return nil
        } catch {
            return error.message
        }
    }

    /// True when the type's number (its number alternative's, for one of several) is a whole number.
    private static func isWhole(_ type: SpecValueType) -> Bool {
        switch type {
        case .number(_, _, let integer): integer
        case .anyOf(_, let options): options.contains(where: isWhole)
        default: false
        }
    }

    @Test("the places hold ranged keys of every kind of object")
    func rangesAreDeclared() {
        #expect(Self.cases.count >= 35, "\(Self.cases.count) ranged keys")
    }

    @Test("a value past either end fails with the declared range; the ends decode", arguments: Self.cases.map { name($0.0, $0.1) })
    func declaredRangeIsChecked(_ name: String) throws {
        let (place, key, range) = try #require(Self.cases.first { Self.name($0.0, $0.1) == name })
        let integer = Self.isWhole(key.type)
        let bounds = "from \(JSONWriter.format(range.lowerBound)) to \(JSONWriter.format(range.upperBound))"
        let expected = "ranges.json: \(place.path)\(key.name): expected \(integer ? "a whole number" : "a number") \(bounds)"
        for past in [range.lowerBound - 1, range.upperBound + 1] {
            let message = Self.message(place, key, past)
            #expect(message == "\(expected), got \(JSONWriter.format(past))", "\(name) = \(JSONWriter.format(past))")
        }
        // An end can fail for another reason (a scale that makes too many pixels), never for its range.
        for end in [range.lowerBound, range.upperBound] {
            let message = Self.message(place, key, end) ?? ""
            #expect(!message.contains(bounds), "\(name) = \(JSONWriter.format(end)): \(message)")
        }
    }
}

extension DeclaredDefaultsTests.Place {
    /// The JSON path of the place's members in the test spec, as messages write it, with its trailing dot.
    var path: String {
        switch self {
        case .topLevel: ""
        case .map: "map."
        case .camera: "map.camera."
        case .selectedMarker: "markers[0]."
        case .otherMarker: "markers[1]."
        case .pin: "markers[1].pin."
        case .windowStyle: "infoWindow.style."
        case .shadow: "infoWindow.style.shadow."
        case .tail: "infoWindow.style.tail."
        case .titleFont: "infoWindow.style.titleFont."
        case .stack: "infoWindow.contents."
        case .textView: "infoWindow.contents.vstack[0]."
        case .divider: "infoWindow.contents.vstack[1].divider."
        case .traits: "traits."
        case .polyline: "polylines[0]."
        case .polygon: "polygons[0]."
        case .circle: "circles[0]."
        }
    }
}
