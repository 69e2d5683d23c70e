import SpecGenerator
import Testing
@testable import InfoWinKit

/// The structure-aware generator against the one declaration: every key it writes is read by the decoder
/// (none declared and then ignored), and between them its specs write every key the declaration has, so
/// a key added to the declaration that the generator cannot make (a string, an object: plain keys it makes
/// from the declaration itself) fails here until it has a generator case.
@Suite("generated specs hold every declared key, each read by the decoder")
struct GeneratedKeyCoverageTests {
    static let count = 400

    @Test func everyGeneratedKeyIsReadAndEveryDeclaredKeyIsGenerated() throws {
        var generator = SpecGenerator(entropy: SeededEntropy(seed: 7))
        var written: Set<String> = []
        var unread: [String] = [], undeclared: [String] = []
        for index in 0..<Self.count {
            let json = generator.specJSON()
            let log = KeyReadLog()
            try KeyReadLog.$current.withValue(log) {
                _ = try SpecDecoder.decode(SpecSource(name: "generated-\(index).json", bytes: Array(json.utf8), folder: TestAssets.folder))
            }
            let value = try JSONParser.parse(Array(json.utf8), file: "generated")
            // A view whose `if` is false for every marker, or a forEach over no items, is checked for unknown
            // keys but never drawn, so its values are not read: only those may be unread.
            let conditional = conditionalViews(in: value.kind, at: .root)
            unread += log.unread.filter { entry in !conditional.contains { entry.hasPrefix($0) } }.map { "generated-\(index).json: \($0)" }
            written.formUnion(keys(in: value))
            undeclared += log.undeclared.map { "generated-\(index).json: \($0)" }
        }
        #expect(unread.isEmpty, "keys present but never read: \(unread.prefix(10))")
        #expect(undeclared.isEmpty, "keys read but not declared: \(undeclared.prefix(10))")
        let declared = Set(SpecKeyTables.objects.flatMap { $0.object.names })
        let missing = declared.subtracting(written).subtracting(Self.notGenerated)
        #expect(missing.isEmpty, "declared keys no generated spec holds: \(missing.sorted())")
    }

    /// Keys the generator leaves out on purpose: each needs something a render-anywhere spec cannot have.
    static let notGenerated: Set<String> = [
        "$schema",  // an editor's hint, never read for drawing
        "tiles", "source", "tileSize", "scheme", "minZoom", "attribution", "detectRetina",  // a tile source on disk or a server
        "basemap", "style", "language", "avoid",  // a vector tileset on disk (BasemapSpecTests, BasemapRenderTests)
        "fonts", "hermeticFonts", "family", "file",  // font files: the tests pin their own
        // A crop to markers or a window that a tap, a collision or an anchor moved off the canvas is an error
        // by design, so a generated spec with one need not render; FramingTests and ShapeReportTests cover crop.
        "crop", "to", "margin",
    ]

    /// The paths of the views drawn only under a condition (`if`, or a forEach's `view`) in `kind`.
    private func conditionalViews(in kind: JSONValue.Kind, at path: JSONPath) -> [String] {
        switch kind {
        case .object(let members):
            let here = members.contains { $0.key == "if" } || members.contains { $0.key == "forEach" } ? [path.description] : []
            return here + members.flatMap { conditionalViews(in: $0.value.kind, at: path.appending($0.key)) }
        case .array(let items):
            return items.enumerated().flatMap { conditionalViews(in: $1.kind, at: path.appending($0)) }
        default:
            return []
        }
    }

    /// Every object key anywhere in `value`.
    private func keys(in value: JSONValue) -> Set<String> { keys(in: value.kind) }

    private func keys(in kind: JSONValue.Kind) -> Set<String> {
        switch kind {
        case .object(let members): members.reduce(into: Set(members.map(\.key))) { $0.formUnion(keys(in: $1.value)) }
        case .array(let items): items.reduce(into: Set<String>()) { $0.formUnion(keys(in: $1)) }
        default: []
        }
    }
}

