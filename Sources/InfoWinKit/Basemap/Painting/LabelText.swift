/// A label's text: `text-field`'s value for the feature (the style reader has made its `{field}` tokens
/// `get`s), a number or boolean as its text, then `text-transform`.
enum LabelText {
    static func resolve(_ value: StyleValue, transform: String?) -> String {
        let text: String = switch value {
        case .string(let text): text
        case .number(let number): FeatureValue.number(number).labelText
        case .bool(let flag): flag ? "true" : "false"
        default: ""
        }
        switch transform {
        case "uppercase": return text.uppercased()
        case "lowercase": return text.lowercased()
        default: return text
        }
    }

    /// The feature as a label in `language` reads it: its `name` is its `name:LANG` when it has one, so
    /// that every `["get", "name"]` and `{name}` prefers the language (SPEC.md, `language`).
    static func feature(_ feature: VectorTileFeature, in language: String?) -> VectorTileFeature {
        guard let language, let localised = feature.properties["name:" + language] else { return feature }
        var copy = feature
        copy.properties["name"] = localised
        return copy
    }
}

extension FeatureValue {
    /// The value as a label shows it: a whole number without a fraction, as MapLibre's `to-string`.
    var labelText: String {
        switch self {
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number):
            number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        }
    }
}
