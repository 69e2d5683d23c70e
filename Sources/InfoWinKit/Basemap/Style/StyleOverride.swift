/// One change a restyling makes to a property's value (Google's map styles, `GoogleStyleRule`), for the
/// features `selector` lets through (all of them when nil). A property's changes are kept in one flat list
/// (`StyleExpression.overridden`), so a hundred of them cost a loop, not a hundred levels of recursion.
package struct StyleOverride: Sendable {
    /// What is done to the value.
    package enum Change: Sendable {
        /// The value replaced.
        case value(StyleValue)
        /// A colour changed (a value that is not a colour is left as it is).
        case color(StyleColorAdjustment)
    }

    /// The features changed: an expression giving true for them, or nil for every feature.
    var selector: StyleExpression?
    package var change: Change

    package init(selector: StyleExpression?, change: Change) {
        self.selector = selector
        self.change = change
    }

    /// `value` after this change, for the feature in `context`. A selector that cannot be evaluated
    /// selects nothing (the style's own value stays).
    func applied(to value: StyleValue, in context: StyleEvaluationContext) -> StyleValue {
        if let selector, selector.evaluate(in: context) != .bool(true) { return value }
        switch change {
        case .value(let replacement): return replacement
        case .color(let adjustment):
            guard case .color(let color) = value else { return value }
            return .color(adjustment.applied(to: color))
        }
    }
}
