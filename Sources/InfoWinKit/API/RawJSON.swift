/// A piece of the JSON spec format given as text, for what the facade's fields do not name
/// (`marker.extraJSON`, `map.extraJSON`, a custom info window's view): checked when the map is built.
public struct RawJSON: Sendable, Equatable, ExpressibleByStringLiteral {
    /// The JSON text.
    public var text: String

    /// JSON text such as `#"{ "text": "{{title}}" }"#`.
    public init(_ text: String) {
        self.text = text
    }

    /// JSON text from a string literal.
    public init(stringLiteral text: String) {
        self.text = text
    }

    /// The parsed value; a syntax error names `field` (`markers[0].extraJSON`) as its file.
    func value(for field: String) throws(InfoWinError) -> JSONValue.Kind {
        try JSONParser.parse(Array(text.utf8), file: field).kind
    }
}

/// A JSON object being built from a facade value's fields, in the spec format's key order.
struct JSONObjectBuilder {
    private(set) var members: [(String, JSONValue.Kind)] = []

    /// Adds `key` when `value` is not nil.
    mutating func set(_ key: String, _ value: JSONValue.Kind?) {
        if let value { members.append((key, value)) }
    }

    mutating func set(_ key: String, _ text: String?) { set(key, text.map(JSONValue.Kind.string)) }
    mutating func set(_ key: String, _ number: Double?) { set(key, number.map(JSONValue.Kind.number)) }

    /// The object of the members set.
    var kind: JSONValue.Kind { .object(members.map { JSONMember(key: $0.0, value: JSONValue(kind: $0.1, offset: 0)) }) }

    /// The object, with the members of `extra` (a JSON object) added, replacing those of the same key.
    func kind(adding extra: RawJSON?, field: String) throws(InfoWinError) -> JSONValue.Kind {
        var all = members
        if let extra {
            guard case .object(let extraMembers) = try extra.value(for: field) else {
                throw .invalid(file: field, path: .root, message: "expected a JSON object")
            }
            for member in extraMembers {
                all.removeAll { $0.0 == member.key }
                all.append((member.key, member.value.kind))
            }
        }
        return .object(all.map { JSONMember(key: $0.0, value: JSONValue(kind: $0.1, offset: 0)) })
    }
}
