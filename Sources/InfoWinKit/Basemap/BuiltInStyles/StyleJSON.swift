/// A JSON value written as a Swift literal, for building the built-in styles' documents: objects keep their
/// keys in the order written, so the documents read as a person would write them and come out the same
/// bytes every time.
package indirect enum StyleJSON: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([StyleJSON])
    case object([(key: String, value: StyleJSON)])

    package init(stringLiteral value: String) { self = .string(value) }
    package init(floatLiteral value: Double) { self = .number(value) }
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: StyleJSON...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, StyleJSON)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }

    /// An array of strings (a `match` label list, an `in` list).
    package static func strings(_ values: [String]) -> StyleJSON { .array(values.map(StyleJSON.string)) }

    /// This object with `value` set at `key`: replaced in its place, or added at the end.
    func setting(_ key: String, _ value: StyleJSON) -> StyleJSON {
        guard case .object(let members) = self else { return self }
        if members.contains(where: { $0.key == key }) {
            return .object(members.map { $0.key == key ? (key: key, value: value) : $0 })
        }
        return .object(members + [(key: key, value: value)])
    }

    /// The value as the JSON writer's tree.
    package var json: JSONValue.Kind {
        switch self {
        case .string(let text): .string(text)
        case .number(let number): .number(number)
        case .bool(let flag): .bool(flag)
        case .array(let elements): .list(elements.map(\.json))
        case .object(let members):
            .object(members.map { JSONMember(key: $0.key, value: JSONValue(kind: $0.value.json, offset: 0)) })
        }
    }

    package static func == (lhs: StyleJSON, rhs: StyleJSON) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }
}
