import Graphics

/// A layer's properties as the painter reads them: evaluated for a zoom and a feature, checked against the
/// property's type, and MapLibre's default where the style gives none or its value does not fit.
extension StyleLayer {
    /// True when the layer's filter lets the feature in `context` through (no filter: every feature).
    package func passesFilter(_ context: StyleEvaluationContext) -> Bool {
        guard let filter else { return true }
        return filter.evaluate(in: context) == .bool(true)
    }

    /// The paint property's value, or its default.
    func paintValue(_ name: String, in context: StyleEvaluationContext) -> StyleValue {
        Self.checked(paint[name], name, context)
    }

    /// The layout property's value, or its default.
    func layoutValue(_ name: String, in context: StyleEvaluationContext) -> StyleValue {
        Self.checked(layout[name], name, context)
    }

    /// The property's value (paint or layout, as `StyleProperties` files it), or its default.
    package func value(_ name: String, in context: StyleEvaluationContext) -> StyleValue {
        StyleProperties.all[name]?.group == .layout ? layoutValue(name, in: context) : paintValue(name, in: context)
    }

    /// A number property (`line-width`); 0 for `symbol-sort-key` when none is given.
    package func number(_ name: String, in context: StyleEvaluationContext) -> Double {
        if case .number(let number) = value(name, in: context) { return number }
        return 0
    }

    /// A colour property; nil only for `fill-outline-color` when none is given (it follows `fill-color`).
    package func color(_ name: String, in context: StyleEvaluationContext) -> RGBA? {
        if case .color(let color) = value(name, in: context) { return color }
        return nil
    }

    /// A string or enumeration property (`text-field`, `line-cap`); nil for `icon-image` and `fill-pattern`
    /// when none is given.
    package func string(_ name: String, in context: StyleEvaluationContext) -> String? {
        if case .string(let text) = value(name, in: context) { return text }
        return nil
    }

    /// A boolean property (`text-allow-overlap`).
    package func bool(_ name: String, in context: StyleEvaluationContext) -> Bool {
        value(name, in: context) == .bool(true)
    }

    /// An array-of-numbers property (`text-offset`, `line-dasharray`); nil for `line-dasharray` when none is given.
    package func numbers(_ name: String, in context: StyleEvaluationContext) -> [Double]? {
        guard case .array(let elements) = value(name, in: context) else { return nil }
        return elements.compactMap { if case .number(let number) = $0 { number } else { nil } }
    }

    /// An array-of-strings property (`text-font`).
    package func strings(_ name: String, in context: StyleEvaluationContext) -> [String] {
        guard case .array(let elements) = value(name, in: context) else { return [] }
        return elements.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    /// The expression's value when it fits the property, else the property's default (MapLibre's rule for
    /// null, NaN, an evaluation error and an enumeration's unknown value).
    private static func checked(_ expression: StyleExpression?, _ name: String, _ context: StyleEvaluationContext) -> StyleValue {
        guard let property = StyleProperties.all[name] else { return expression?.evaluate(in: context) ?? .null }
        guard let expression else { return property.defaultValue }
        let value = expression.evaluate(in: context)
        switch value {
        case .null: return property.defaultValue
        case .number(let number) where !number.isFinite: return property.defaultValue
        case .string(let text) where !property.choices.isEmpty && !property.choices.contains(text): return property.defaultValue
        default: return property.type.accepts(StyleType.of(value)) ? value : property.defaultValue
        }
    }
}
