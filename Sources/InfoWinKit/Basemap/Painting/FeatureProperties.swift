import Graphics

/// A layer's paint and layout properties as one feature sees them at one zoom: each is the style's value
/// evaluated for that feature, or MapLibre's default (`StyleProperties`) when the style gives none or its
/// expression gives null (an evaluation error, as in MapLibre).
struct FeatureProperties {
    let layer: StyleLayer
    let context: StyleEvaluationContext

    init(_ layer: StyleLayer, zoom: Double, feature: VectorTileFeature? = nil) {
        self.layer = layer
        context = StyleEvaluationContext(zoom: zoom, feature: feature)
    }

    /// The property's value, or its default (`.null` when MapLibre has none).
    func value(_ name: String) -> StyleValue {
        if let expression = layer.paint[name] ?? layer.layout[name] {
            let value = expression.evaluate(in: context)
            if value != .null { return value }
        }
        return Self.defaultValue(name)
    }

    /// True when the style gives the property at all.
    func isGiven(_ name: String) -> Bool { layer.paint[name] != nil || layer.layout[name] != nil }

    func number(_ name: String) -> Double {
        if case .number(let number) = value(name), number.isFinite { return number }
        if case .number(let number) = Self.defaultValue(name) { return number }
        return 0
    }

    func color(_ name: String) -> RGBA {
        if case .color(let color) = value(name) { return color }
        return RGBA(red: 0, green: 0, blue: 0)
    }

    /// A colour the style gives, or nil (a property whose default is another property's value).
    func givenColor(_ name: String) -> RGBA? {
        if case .color(let color) = value(name) { return color }
        return nil
    }

    func bool(_ name: String) -> Bool {
        if case .bool(let flag) = value(name) { return flag }
        if case .bool(let flag) = Self.defaultValue(name) { return flag }
        return false
    }

    func string(_ name: String) -> String? {
        if case .string(let text) = value(name) { return text }
        return nil
    }

    /// A keyword property (`line-cap`, `text-anchor`) as `Keyword`, its default when the value is not one.
    func keyword<Keyword: RawRepresentable<String>>(_ name: String, default fallback: Keyword) -> Keyword {
        string(name).flatMap(Keyword.init(rawValue:)) ?? fallback
    }

    /// An array of numbers (`line-dasharray`, `text-offset`), empty when the value is not one.
    func numbers(_ name: String) -> [Double] {
        guard case .array(let items) = value(name) else { return [] }
        let numbers = items.compactMap { item -> Double? in
            if case .number(let number) = item, number.isFinite { return number }
            return nil
        }
        return numbers.count == items.count ? numbers : []
    }

    /// A pair of numbers (`fill-translate`, `text-offset`), (0, 0) when the value is not one.
    func pair(_ name: String) -> (Double, Double) {
        let numbers = numbers(name)
        return numbers.count == 2 ? (numbers[0], numbers[1]) : (0, 0)
    }

    /// MapLibre's default for the property (the style reader's table).
    static func defaultValue(_ name: String) -> StyleValue {
        StyleProperties.all[name]?.defaultValue ?? .null
    }
}
