/// Why a style value could not be compiled: a fault (the style is not valid: an error), or an operator
/// of MapLibre's outside infowin's subset (a warning, and the property or layer is not drawn).
enum StyleExpressionIssue: Error, Sendable {
    /// The value is wrong at `path`: a wrong type, a missing argument, an unknown operator.
    case invalid(JSONPath, String)
    /// MapLibre's operator `name`, at `path`, is not in the subset infowin draws.
    case unsupported(JSONPath, String)
}

/// The operators of MapLibre's expression language that infowin does not evaluate: a style that uses
/// one is valid, and the property or filter holding it is reported and left out.
enum StyleUnsupportedOperators {
    static let names: Set<String> = [
        "^", "abs", "accumulated", "acos", "array", "asin", "at", "atan", "boolean", "ceil", "collator", "cos",
        "distance", "e", "elevation", "feature-state", "floor", "format", "global-state", "heatmap-density",
        "image", "index-of", "interpolate-hcl", "interpolate-lab", "is-supported-script", "join", "length",
        "let", "line-progress", "ln", "ln2", "log10", "log2", "number", "number-format", "object", "pi",
        "properties", "resolved-locale", "rgb", "rgba", "round", "semiliteral", "sin", "slice", "split", "sqrt",
        "string", "tan", "to-color", "to-rgba", "typeof", "var", "within",
    ]
}
