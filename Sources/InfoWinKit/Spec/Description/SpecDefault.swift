/// What a spec without a key gets, as the declaration gives it (SPEC.md's "default" column): a typed value the
/// decoder's typed key readers return as it is, written as JSON for the schema's `default` and the reference
/// page's column. Written as a Swift literal: `1`, `false`, `"required"`, `nil`, `[]`, `["x": 0.5, "y": 1]`.
enum SpecDefault: Sendable, ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SpecDefault])
    /// Members in the order the JSON text lists them.
    case object([(String, SpecDefault)])

    init(nilLiteral: ()) { self = .null }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(floatLiteral value: Double) { self = .number(value) }
    init(stringLiteral value: String) { self = .string(value) }
    init(arrayLiteral elements: SpecDefault...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, SpecDefault)...) { self = .object(elements) }

    /// The value as JSON text, as the reference page shows it.
    var json: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): JSONWriter.format(number)
        case .string(let text): JSONWriter.quoted(text)
        case .array(let elements): "[" + elements.map(\.json).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { JSONWriter.quoted($0.0) + ": " + $0.1.json }.joined(separator: ", ") + "}"
        }
    }
}

extension SpecDefault {
    /// The number, when the default is one.
    var number: Double? { if case .number(let number) = self { number } else { nil } }
    /// The flag, when the default is one.
    var bool: Bool? { if case .bool(let flag) = self { flag } else { nil } }
    /// The text, when the default is a string (a choice's name, a colour).
    var string: String? { if case .string(let text) = self { text } else { nil } }

    /// The value as JSON, for a reader of the key's own kind (an anchor's, a locale's) to read as it reads the
    /// spec's. Offset 0 is no filled template's (theirs are negative), so it reads as written.
    var jsonValue: JSONValue {
        let kind: JSONValue.Kind = switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.jsonValue))
        case .object(let members): .object(members.map { JSONMember(key: $0.0, value: $0.1.jsonValue) })
        }
        return JSONValue(kind: kind, offset: 0)
    }
}
