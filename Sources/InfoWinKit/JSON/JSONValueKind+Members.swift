/// Reading a parsed value's members and scalars without a switch at each step (the layout report's reader
/// and the layout comparison).
extension JSONValue.Kind {
    /// The member `key` of an object, or null.
    package subscript(key: String) -> JSONValue.Kind {
        guard case .object(let members) = self, let member = members.first(where: { $0.key == key }) else { return .null }
        return member.value.kind
    }

    /// True for null.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The number, if this is one.
    package var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The string, if this is one.
    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, if this is one.
    package var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements of an array (empty for anything else).
    package var elements: [JSONValue.Kind] {
        if case .array(let values) = self { return values.map(\.kind) }
        return []
    }

    /// The strings of an array of strings.
    package var strings: [String] { elements.compactMap(\.string) }
}
