import Testing
@testable import InfoWinKit
@testable import SpecGenerator

/// The spec generator reads the declaration: words and ranges come from it, and a plain key it does not
/// write by hand is generated from its declared type, so a new key is fuzzed with no change to the generator.
@Suite("the spec generator reads the declaration")
struct DeclaredKeyGenerationTests {
    @Test("plain keys carry the declaration's words and ranges")
    func plainKeysAreTheDeclarations() {
        let marker = Dictionary(uniqueKeysWithValues: DeclaredObject.marker.plainKeys.map { ($0.name, $0.values) })
        #expect(marker["opacity"] == .number(0...1, integer: false))
        #expect(marker["collisionBehavior"] == .words(CollisionBehavior.allCases.map(\.rawValue)))
        #expect(marker["flat"] == .bool)
        #expect(marker["zIndex"] == .number(nil, integer: true))
        // Strings, objects and references are the generator's to write: only it knows a valid path or id.
        #expect(marker["title"] == nil && marker["icon"] == nil && marker["position"] == nil)
        #expect(DeclaredObject.font.words(of: "weight").contains("semibold"), "a named alternative of anyOf gives its words")
        #expect(DeclaredObject.pin.range(of: "scale") == PinImageSpec.scaleRange)
    }

    @Test("every plain key an object lacks is generated from its declared type, and the spec decodes", arguments: 0..<20)
    func keysOnlyTheDeclarationKnowsAreGenerated(seed: UInt64) throws {
        var generator = SpecGenerator(entropy: SeededEntropy(seed: seed))
        let marker = generator.object(
            [("id", .string("a")), ("position", .object([("latitude", .number(0)), ("longitude", .number(0))]))],
            withDeclaredKeysOf: .marker, odds: 1)
        guard case .object(let members) = marker else { Issue.record("not an object"); return }
        let written = Set(members.map(\.0))
        #expect(written.isSuperset(of: DeclaredObject.marker.plainKeys.map(\.name)))
        let spec = GeneratedJSON.object([
            ("version", .number(1)),
            ("map", .object([("width", .number(120)), ("height", .number(90)), ("camera", .object([
                ("target", .object([("latitude", .number(0)), ("longitude", .number(0))])), ("zoom", .number(12)),
            ]))])),
            ("markers", .array([marker])),
        ])
        _ = try Spec(json: spec.text, file: "generated.json")
    }
}
