/// The types of MapLibre's expression language, checked when a style is read (as MapLibre's parser
/// checks them) so that a wrong type is an error naming the JSON path, not a surprise while drawing.
package indirect enum StyleType: Sendable, Equatable {
    case null, number, string, boolean, color, object
    /// Any value: what `get` gives; an operator that needs a number checks it while evaluating.
    case value
    /// An array of `item`, of exactly `length` elements when given.
    case array(StyleType, length: Int?)

    /// The name MapLibre's messages use: `number`, `array<number, 2>`.
    package var name: String {
        switch self {
        case .null: "null"
        case .number: "number"
        case .string: "string"
        case .boolean: "boolean"
        case .color: "color"
        case .object: "object"
        case .value: "value"
        case .array(.value, nil): "array"
        case .array(let item, nil): "array<\(item.name)>"
        case .array(let item, let length?): "array<\(item.name), \(length)>"
        }
    }

    /// True when a value of type `other` may stand where this type is expected (`value` takes any).
    package func accepts(_ other: StyleType) -> Bool {
        switch (self, other) {
        case (.value, _): return true
        case (.array(let item, let length), .array(let otherItem, let otherLength)):
            return item.accepts(otherItem) && (length == nil || length == otherLength)
        default: return self == other
        }
    }

    /// The type of a value met while evaluating (an array's item type is its elements' common type).
    package static func of(_ value: StyleValue) -> StyleType {
        switch value {
        case .null: return .null
        case .bool: return .boolean
        case .number: return .number
        case .string: return .string
        case .color: return .color
        case .object: return .object
        case .array(let elements):
            var item: StyleType?
            for element in elements {
                let type = of(element)
                if item == nil {
                    item = type
                } else if item != type {
                    item = .value
                    break
                }
            }
            return .array(item ?? .value, length: elements.count)
        }
    }
}
