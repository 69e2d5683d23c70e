import Foundation
import Graphics
import Testing
@testable import InfoWinKit

/// MapLibre's expression conformance tests (maplibre/maplibre-style-spec, `test/integration/expression/tests`),
/// read from where `INFOWIN_STYLE_SPEC_TESTS` points (`make style-conformance` brings them): every case whose
/// operators are all in infowin's subset must compile, or fail to, as MapLibre's does and give its outputs.
/// Nothing of theirs is copied here.
@Suite("BasemapStyle: MapLibre's expression conformance tests", .enabled(if: StyleConformance.folder != nil, "INFOWIN_STYLE_SPEC_TESTS does not name the folder of maplibre-style-spec's test/integration/expression/tests (make style-conformance brings it)"))
struct BasemapStyleConformanceTests {
    @Test func everyCaseOfTheClaimedOperatorsGivesMapLibresResult() throws {
        let summary = try StyleConformance.runAll()
        let reasons = summary.skipReasons.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        print("style conformance: \(summary.passed) passed, \(summary.failed.count) failed, \(summary.skipped) skipped (\(reasons))")
        for failure in summary.failed { print("  FAIL \(failure)") }
        #expect(summary.passed > 0)
        #expect(summary.failed.isEmpty, "\(summary.failed.count) cases differ from MapLibre")
    }
}

/// Runs the conformance cases.
enum StyleConformance {
    /// The folder of cases, from `INFOWIN_STYLE_SPEC_TESTS`.
    static let folder: String? = {
        guard let path = ProcessInfo.processInfo.environment["INFOWIN_STYLE_SPEC_TESTS"], !path.isEmpty else { return nil }
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue ? path : nil
    }()

    struct Summary {
        var passed = 0
        var skipped = 0
        var skipReasons: [String: Int] = [:]
        var failed: [String] = []
    }

    /// A case that cannot be run: an operator, a property type or a feature value outside the subset.
    struct Skip: Error {
        var reason = "an operator outside the subset"
    }

    static func runAll() throws -> Summary {
        var summary = Summary()
        let root = URL(fileURLWithPath: folder!)
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        var files: [URL] = []
        for case let url as URL in enumerator where url.lastPathComponent == "test.json" { files.append(url) }
        for file in files.sorted(by: { $0.path < $1.path }) {
            let name = String(file.deletingLastPathComponent().path.dropFirst(root.path.count + 1))
            do {
                if let difference = try run(Array(try Data(contentsOf: file))) {
                    summary.failed.append("\(name): \(difference)")
                } else {
                    summary.passed += 1
                }
            } catch let skip as Skip {
                summary.skipped += 1
                summary.skipReasons[skip.reason, default: 0] += 1
            }
        }
        return summary
    }

    /// Runs one case: nil when infowin agrees with MapLibre, else what differs.
    static func run(_ bytes: [UInt8]) throws -> String? {
        let fixture = try JSONParser.parse(bytes)
        guard let expression = fixture["expression"], let expected = fixture["expected"],
              let compiled = expected["compiled"], case .string(let result)? = compiled["result"]?.kind
        else { throw Skip(reason: "without an expected result") }
        if expression.kind.isObject == false { try checkOperators(expression) }
        let property = try property(fixture["propertySpec"])
        var parser = StyleExpressionParser()
        let compiledExpression: StyleExpression
        // MapLibre's tests compile every array as an expression; a style's array that names no operator
        // is a constant instead, so an array that is not an expression is one MapLibre cannot compile.
        if case .array = expression.kind, !StyleExpressionParser.isExpression(expression) {
            return result == "error" ? nil : "compiled with an error MapLibre has not: not an expression"
        }
        do {
            compiledExpression = try parser.parseProperty(property, expression, at: .root)
        } catch {
            if case .unsupported = error { throw Skip() }
            return result == "error" ? nil : "compiled with an error MapLibre has not: \(error)"
        }
        if result == "error" { return "compiled where MapLibre's fails" }
        guard case .array(let inputs)? = fixture["inputs"]?.kind, case .array(let outputs)? = expected["outputs"]?.kind,
              inputs.count == outputs.count
        else { return nil }
        for (index, (input, output)) in zip(inputs, outputs).enumerated() {
            let context = try context(input)
            let actual: StyleValue?
            do { actual = try compiledExpression.value(in: context) } catch { actual = nil }
            let wantsError = output["error"] != nil && output.kind.isObject
            if wantsError {
                if let actual { return "input \(index): gave \(actual.json), MapLibre an error" }
                continue
            }
            guard let actual else { return "input \(index): gave an error, MapLibre \(describe(output))" }
            if !matches(actual, output) { return "input \(index): gave \(actual.json), MapLibre \(describe(output))" }
        }
        return nil
    }

    /// Every operator the expression uses must be in the subset (a literal's contents are not operators).
    static func checkOperators(_ json: JSONValue) throws {
        guard case .array(let elements) = json.kind, case .string(let name)? = elements.first?.kind else { return }
        if name == "literal" { return }
        guard StyleExpressionParser.operatorNames.contains(name) else { throw Skip() }
        for (index, element) in elements.enumerated().dropFirst() {
            if name == "match", index >= 2, index < elements.count - 1, index.isMultiple(of: 2) { continue }
            if name == "interpolate", index == 1 {
                if case .array(let kind) = element.kind, case .string(let kindName)? = kind.first?.kind, kindName != "linear", kindName != "exponential" { throw Skip() }
                continue
            }
            try checkOperators(element)
        }
    }

    /// The property a case's `propertySpec` describes (none: any type).
    static func property(_ spec: JSONValue?) throws -> StyleProperty {
        var type = StyleType.value
        var choices: [String] = []
        var defaultValue = StyleValue.null
        var interpolated = true
        var tokens = false
        if let spec {
            switch spec["type"]?.kind {
            case .string("number")?: type = .number
            case .string("string")?: type = .string
            case .string("boolean")?: type = .boolean
            case .string("color")?: type = .color
            case .string("enum")?:
                type = .string
                guard case .object(let values)? = spec["values"]?.kind else { throw Skip(reason: "a property type outside the subset") }
                choices = values.map(\.key)
            case .string("array")?:
                let item: StyleType
                switch spec["value"]?.kind {
                case .string("number")?: item = .number
                case .string("string")?: item = .string
                default: throw Skip(reason: "a property type outside the subset")
                }
                var length: Int?
                if case .number(let count)? = spec["length"]?.kind { length = Int(count) }
                type = .array(item, length: length)
            case nil: break
            default: throw Skip(reason: "a property type outside the subset")
            }
            if case .bool(false)? = spec["expression"]?["interpolated"]?.kind { interpolated = false }
            if case .bool(true)? = spec["tokens"]?.kind { tokens = true }
            if let value = spec["default"] {
                var parser = StyleExpressionParser()
                defaultValue = (try? parser.constant(value, at: .root)) ?? .null
                if type == .color, case .string(let text) = defaultValue { defaultValue = StyleColorParser.parse(text).map(StyleValue.color) ?? .null }
            }
        }
        return StyleProperty(name: "some-property", group: .paint, layerType: .fill, type: type, choices: choices,
                             defaultValue: defaultValue, isInterpolated: interpolated && type != .string, hasTokens: tokens)
    }

    /// The zoom and feature of one input: `[globals, feature]`.
    static func context(_ input: JSONValue) throws -> StyleEvaluationContext {
        guard case .array(let pair) = input.kind, pair.count == 2 else { throw Skip(reason: "an input of another form") }
        var zoom = 0.0
        if case .number(let value)? = pair[0]["zoom"]?.kind { zoom = value }
        let feature = pair[1]
        var properties: [String: FeatureValue] = [:]
        if case .object(let members)? = feature["properties"]?.kind {
            for member in members {
                switch member.value.kind {
                case .string(let text): properties[member.key] = .string(text)
                case .number(let number): properties[member.key] = .number(number)
                case .bool(let flag): properties[member.key] = .bool(flag)
                default: throw Skip(reason: "a feature value MVT cannot hold (null, array, object)")
                }
            }
        }
        var id: UInt64?
        if let idJSON = feature["id"] {
            guard case .number(let number) = idJSON.kind, number >= 0, number == number.rounded(), number < 1.8e19 else { throw Skip(reason: "a feature id MVT cannot hold") }
            id = UInt64(number)
        }
        var kind = VectorTileFeature.Kind.unknown
        if case .string(let type)? = feature["geometry"]?["type"]?.kind {
            switch type {
            case "Point": kind = .point
            case "LineString": kind = .lineString
            case "Polygon": kind = .polygon
            default: throw Skip(reason: "a multi-part geometry")
            }
        }
        return StyleEvaluationContext(zoom: zoom, feature: VectorTileFeature(id: id, kind: kind, properties: properties, geometry: []))
    }

    /// Our value against MapLibre's expected JSON, to its 6 significant figures; colours premultiplied.
    static func matches(_ actual: StyleValue, _ expected: JSONValue) -> Bool {
        switch (actual, expected.kind) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return close(a, b)
        case (.string(let a), .string(let b)): return a == b
        case (.color(let color), .array(let channels)):
            let premultiplied = [color.red * color.alpha, color.green * color.alpha, color.blue * color.alpha, color.alpha]
            return channels.count == 4 && zip(premultiplied, channels).allSatisfy { a, b in
                if case .number(let n) = b.kind { return close(a, n) }
                return false
            }
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && b.allSatisfy { member in a[member.key].map { matches($0, member.value) } ?? false }
        default: return false
        }
    }

    static func close(_ a: Double, _ b: Double) -> Bool {
        if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
        if a == b { return true }
        return abs(a - b) <= 5e-6 * max(1, abs(b))
    }

    static func describe(_ json: JSONValue) -> String {
        String(JSONWriter.writeCompact(json.kind).prefix(200))
    }
}

extension JSONValue {
    /// The member `key` of an object, else nil.
    fileprivate subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }
}

extension JSONValue.Kind {
    fileprivate var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}
