/// A label's text from `text-field` (SPEC.md, "Vector basemaps"): a string's `{field}` tokens filled with
/// the feature's attributes (an attribute it lacks gives nothing, as MapLibre's), a number or boolean as
/// its text; `{name}` reads `name:LANG` first when a label language is given; then `text-transform`.
enum LabelText {
    static func resolve(_ value: StyleValue, feature: VectorTileFeature, language: String?, transform: String?) -> String {
        let text: String = switch value {
        case .string(let template): fill(template, feature: feature, language: language)
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

    /// `template` with each `{field}` replaced.
    static func fill(_ template: String, feature: VectorTileFeature, language: String?) -> String {
        guard template.contains("{") else { return template }
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            result += rest[..<open]
            let field = String(rest[rest.index(after: open)..<close])
            result += attribute(field, of: feature, language: language)?.labelText ?? ""
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The attribute a label reads: `name` prefers `name:LANG`.
    static func attribute(_ field: String, of feature: VectorTileFeature, language: String?) -> FeatureValue? {
        if field == "name", let language, let localised = feature.properties["name:" + language] { return localised }
        return feature.properties[field]
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
