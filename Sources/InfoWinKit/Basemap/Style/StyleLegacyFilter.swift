/// A filter in MapLibre's legacy syntax, kept apart from expressions because it reads differently: a
/// missing property is never equal to anything, and values of different types never compare.
package enum StyleLegacyFilter: Sendable {
    /// What a legacy filter reads: a property, `$type` (the geometry type) or `$id`.
    package enum Key: Sendable, Equatable {
        case property(String)
        case geometryType
        case id
    }

    /// `["==", key, value]` and the orderings (`!=` is `!` of `==`).
    case compare(StyleComparison, Key, StyleValue)
    /// `["in", key, values…]`.
    case membership(Key, [StyleValue])
    /// `["has", key]`.
    case has(Key)

    /// Whether the feature passes, by MapLibre's `filter-*` rules (JavaScript's `===` and `typeof`).
    func passes(_ context: StyleEvaluationContext) -> Bool {
        switch self {
        case .compare(let comparison, let key, let expected):
            guard let actual = Self.read(key, context) else { return false }
            if comparison == .equal { return actual.isStrictlyEqual(to: expected) }
            guard let order = actual.order(against: expected) else { return false }
            return comparison.holds(order)
        case .membership(let key, let values):
            guard let actual = Self.read(key, context) else { return false }
            return values.contains { actual.isStrictlyEqual(to: $0) }
        case .has(.property(let name)):
            return context.feature?.properties[name] != nil
        case .has(.id):
            return context.feature?.id != nil
        case .has(.geometryType):
            return true
        }
    }

    /// The key's value; nil where JavaScript has `undefined` (a property the feature lacks).
    private static func read(_ key: Key, _ context: StyleEvaluationContext) -> StyleValue? {
        switch key {
        case .property(let name): context.feature?.properties[name].map(StyleValue.init)
        case .geometryType: context.feature.map { .string($0.kind.styleName) } ?? .null
        case .id: context.feature?.id.map { .number(Double($0)) } ?? .null
        }
    }
}

extension VectorTileFeature.Kind {
    /// The name `geometry-type` and `$type` give it.
    var styleName: String {
        switch self {
        case .unknown: "Unknown"
        case .point: "Point"
        case .lineString: "LineString"
        case .polygon: "Polygon"
        }
    }
}

extension StyleValue {
    /// JavaScript's `===`: same type and value; colours, arrays and objects are never equal (they are
    /// distinct objects there).
    func isStrictlyEqual(to other: StyleValue) -> Bool {
        switch (self, other) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        default: false
        }
    }

    /// -1, 0 or 1 for two numbers or two strings (strings by UTF-16 code units, as JavaScript orders
    /// them); nil for other types, or NaN.
    func order(against other: StyleValue) -> Int? {
        switch (self, other) {
        case (.number(let a), .number(let b)):
            if a < b { return -1 }
            if a > b { return 1 }
            return a == b ? 0 : nil
        case (.string(let a), .string(let b)):
            if a == b { return 0 }
            return a.utf16.lexicographicallyPrecedes(b.utf16) ? -1 : 1
        default:
            return nil
        }
    }
}
