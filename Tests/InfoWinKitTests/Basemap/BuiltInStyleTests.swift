import Foundation
import Testing
@testable import InfoWinKit

/// The four built-in style documents: well formed, inside the style subset SPEC.md lists, made from one
/// recipe, and the same as their copies in Fixtures/basemap/styles (which the bench and the examples read).
struct BuiltInStyleTests {
    static let cases: [(BuiltInStyle, BuiltInStyle.Schema)] = BuiltInStyle.allCases.flatMap { style in
        BuiltInStyle.Schema.allCases.map { (style, $0) }
    }
    static let exportFolder = Repository.root.appendingPathComponent("Tests/InfoWinKitTests/Fixtures/basemap/styles")

    /// The expression operators and legacy filter operators of SPEC.md's style subset.
    static let specOperators: Set<String> = [
        "get", "has", "in", "==", "!=", "<", "<=", ">", ">=", "all", "any", "!", "match", "case", "coalesce", "step",
        "interpolate", "linear", "exponential", "zoom", "literal", "concat", "to-string", "to-number", "to-boolean",
        "upcase", "downcase", "geometry-type", "id", "+", "-", "*", "/", "%", "min", "max", "!in", "!has", "none",
    ]
    static let specProperties: Set<String> = [
        "background-color", "background-opacity", "fill-color", "fill-opacity", "fill-outline-color", "fill-antialias",
        "fill-translate", "fill-pattern", "line-color", "line-width", "line-opacity", "line-dasharray", "line-cap",
        "line-join", "line-miter-limit", "line-gap-width", "line-offset", "circle-radius", "circle-color",
        "circle-opacity", "circle-stroke-width", "circle-stroke-color", "raster-opacity", "symbol-placement",
        "symbol-spacing", "symbol-sort-key", "text-field", "text-font", "text-size", "text-max-width",
        "text-line-height", "text-letter-spacing", "text-justify", "text-anchor", "text-offset", "text-transform",
        "text-padding", "text-allow-overlap", "text-optional", "text-color", "text-opacity", "text-halo-color",
        "text-halo-width", "icon-image", "icon-size", "icon-anchor", "icon-offset", "icon-allow-overlap", "icon-opacity",
        "visibility",
    ]

    static func parsed(_ style: BuiltInStyle, _ schema: BuiltInStyle.Schema) throws -> JSONValue {
        try JSONParser.parse(Array(style.text(for: schema).utf8))
    }

    static func member(_ value: JSONValue, _ key: String) -> JSONValue? {
        guard case .object(let members) = value.kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    static func layers(_ document: JSONValue) -> [JSONValue] {
        guard let layers = member(document, "layers"), case .array(let elements) = layers.kind else { return [] }
        return elements
    }

    static func string(_ value: JSONValue?) -> String? {
        guard let value, case .string(let text) = value.kind else { return nil }
        return text
    }

    /// Every operator named at the head of an array in `value` (a filter or an expression); a `match`'s
    /// label lists and a `literal`'s value are data, not operators.
    static func operators(in value: JSONValue) -> [String] {
        guard case .array(let elements) = value.kind, let head = elements.first.flatMap({ string($0) }) else { return [] }
        let arguments = Array(elements.dropFirst())
        switch head {
        case "literal": return [head]
        case "match":
            let operands = arguments.enumerated().filter { index, _ in index == 0 || index % 2 == 0 || index == arguments.count - 1 }
            return [head] + operands.flatMap { operators(in: $0.element) }
        default: return [head] + arguments.flatMap(operators(in:))
        }
    }

    @Test("each built-in document is version 8 with one vector source named basemap", arguments: cases)
    func documentsHaveOneVectorSource(style: BuiltInStyle, schema: BuiltInStyle.Schema) throws {
        let document = try Self.parsed(style, schema)
        if case .number(let version) = Self.member(document, "version")?.kind { #expect(version == 8) } else { Issue.record("no version") }
        guard let sources = Self.member(document, "sources"), case .object(let members) = sources.kind else {
            Issue.record("no sources")
            return
        }
        #expect(members.map(\.key) == [BuiltInStyle.sourceName])
        #expect(Self.string(Self.member(members[0].value, "type")) == "vector")
        #expect(Self.string(Self.member(members[0].value, "url")) == BuiltInStyle.placeholderSourceURL)
    }

    @Test("the style reader reads every built-in document with no warning, every layer kept", arguments: cases)
    func styleReaderReadsThemWithoutWarnings(style: BuiltInStyle, schema: BuiltInStyle.Schema) throws {
        let text = style.text(for: schema)
        let read = try MapStyleReader.read(Array(text.utf8), file: "\(style.rawValue)-\(schema.rawValue).json")
        #expect(read.warnings == [])
        #expect(read.layers.count == Self.layers(try Self.parsed(style, schema)).count)
        #expect(read.sources.map(\.name) == [BuiltInStyle.sourceName])
        #expect(read.sources.first?.kind == .vector)
        #expect(read.layers.allSatisfy { $0.type == .background || $0.source == BuiltInStyle.sourceName })
    }

    @Test("the read built-in style is the document's, named as a built-in in messages", arguments: cases)
    func mapStyleIsTheDocumentRead(style: BuiltInStyle, schema: BuiltInStyle.Schema) throws {
        let read = style.mapStyle(for: schema)
        #expect(read.file == "\(style.rawValue) (built-in, \(schema.rawValue))")
        #expect(read.warnings == [])
        #expect(read.layers.map(\.id) == Self.layers(try Self.parsed(style, schema)).compactMap { Self.string(Self.member($0, "id")) })
    }

    @Test("a built-in document's source URL is the one asked for")
    func sourceURLIsReplaced() throws {
        let text = BuiltInStyle.light.text(for: .protomaps, sourceURL: "mbtiles:///tmp/city.mbtiles")
        let document = try JSONParser.parse(Array(text.utf8))
        let source = Self.member(Self.member(document, "sources")!, BuiltInStyle.sourceName)!
        #expect(Self.string(Self.member(source, "url")) == "mbtiles:///tmp/city.mbtiles")
    }

    @Test("built-in layers use only the subset's layer types, properties and operators, with unique ids", arguments: cases)
    func layersStayInsideTheSubset(style: BuiltInStyle, schema: BuiltInStyle.Schema) throws {
        let layers = Self.layers(try Self.parsed(style, schema))
        #expect(layers.count > 20)
        let ids = layers.compactMap { Self.string(Self.member($0, "id")) }
        #expect(ids.count == layers.count)
        #expect(Set(ids).count == ids.count)
        for layer in layers {
            let type = try #require(Self.string(Self.member(layer, "type")))
            #expect(["background", "fill", "line", "symbol", "circle"].contains(type))
            for group in ["paint", "layout"] {
                guard let properties = Self.member(layer, group), case .object(let members) = properties.kind else { continue }
                for member in members {
                    #expect(Self.specProperties.contains(member.key), "\(member.key) is outside the subset")
                    guard !["text-font", "line-dasharray", "text-offset"].contains(member.key) else { continue }
                    let outside = Set(Self.operators(in: member.value)).subtracting(Self.specOperators)
                    #expect(outside.isEmpty, "\(member.key) uses \(outside)")
                }
            }
            if let filter = Self.member(layer, "filter") {
                let outside = Set(Self.operators(in: filter)).subtracting(Self.specOperators)
                #expect(outside.isEmpty, "\(ids) filter uses \(outside)")
            }
        }
    }

    @Test("built-in layers read only the schema's own source layers", arguments: cases)
    func layersReadTheSchemasLayers(style: BuiltInStyle, schema: BuiltInStyle.Schema) throws {
        let sourceLayers = Set(Self.layers(try Self.parsed(style, schema)).compactMap { Self.string(Self.member($0, "source-layer")) })
        #expect(sourceLayers.isSubset(of: Set(schema.layerNames)), "\(sourceLayers.subtracting(schema.layerNames))")
        #expect(sourceLayers.count >= 10)
    }

    @Test("labels read name (so a language rewrites them), and road names follow their lines", arguments: cases)
    func labelsReadNameAndRoadNamesFollowLines(style: BuiltInStyle, schema: BuiltInStyle.Schema) throws {
        let symbols = Self.layers(try Self.parsed(style, schema)).filter { Self.string(Self.member($0, "type")) == "symbol" }
        let fields = symbols.compactMap { Self.member(Self.member($0, "layout")!, "text-field") }
        #expect(fields.filter { Self.operators(in: $0) == ["get"] && JSONWriter.writeCompact($0.kind) == #"["get","name"]"# }.count
                == symbols.count - 1)
        let roadLabel = try #require(symbols.first { Self.string(Self.member($0, "id")) == "road-label" })
        #expect(Self.string(Self.member(Self.member(roadLabel, "layout")!, "symbol-placement")) == "line")
    }

    @Test("light and dark are the same layers in other colours", arguments: BuiltInStyle.Schema.allCases)
    func lightAndDarkShareTheRecipe(schema: BuiltInStyle.Schema) throws {
        let light = Self.layers(try Self.parsed(.light, schema)), dark = Self.layers(try Self.parsed(.dark, schema))
        #expect(light.map { Self.string(Self.member($0, "id")) } == dark.map { Self.string(Self.member($0, "id")) })
        #expect(light.map { Self.member($0, "filter").map { JSONWriter.writeCompact($0.kind) } }
                == dark.map { Self.member($0, "filter").map { JSONWriter.writeCompact($0.kind) } })
        #expect(BuiltInStyle.light.text(for: schema) != BuiltInStyle.dark.text(for: schema))
    }

    /// The copies the bench and the examples read; INFOWIN_RECORD_BUILTIN_STYLES=1 writes them afresh.
    @Test("Fixtures/basemap/styles holds the built-in documents as they are made", arguments: cases)
    func exportedCopiesAreCurrent(style: BuiltInStyle, schema: BuiltInStyle.Schema) throws {
        let file = Self.exportFolder.appendingPathComponent("\(style.rawValue)-\(schema.rawValue).json")
        let text = style.text(for: schema)
        if ProcessInfo.processInfo.environment["INFOWIN_RECORD_BUILTIN_STYLES"] != nil {
            try FileManager.default.createDirectory(at: Self.exportFolder, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let stored = try String(contentsOf: file, encoding: .utf8)
        #expect(stored == text, "\(file.lastPathComponent) is stale: run INFOWIN_RECORD_BUILTIN_STYLES=1 swift test --filter BuiltInStyle")
    }
}
