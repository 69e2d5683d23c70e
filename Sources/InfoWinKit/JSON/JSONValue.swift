/// A parsed JSON value and where it starts in its source.
package struct JSONValue: Sendable {
    /// What the value is.
    package let kind: Kind
    /// The offset of the value's first byte in the source.
    package let offset: Int
    /// A hash of the value in a canonical form (`canonicalDigest`), made from its children's as it is made.
    package let digest: UInt64

    package init(kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
        digest = CanonicalHash.of(kind)
    }

    /// The JSON types; an object keeps its members in source order.
    package enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    /// How this type is named in error messages ("a string", "an object").
    package var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` pair of an object.
package struct JSONMember: Sendable {
    /// The key.
    package let key: String
    /// The value.
    package let value: JSONValue
}

extension JSONMember {
    /// A member made in code rather than parsed (a schema, a report): `key` holding a value of `kind`.
    package init(key: String, kind: JSONValue.Kind) {
        self.init(key: key, value: JSONValue(kind: kind, offset: 0))
    }
}
