/// What an expression is evaluated against: MapLibre's zoom and, for data expressions, one feature.
package struct StyleEvaluationContext: Sendable {
    /// MapLibre's zoom (the camera's zoom − 1).
    package var zoom: Double
    /// The feature a data expression reads; nil for a layer-wide value.
    package var feature: VectorTileFeature?

    package init(zoom: Double, feature: VectorTileFeature? = nil) {
        self.zoom = zoom
        self.feature = feature
    }
}

/// A style property's value or a filter, compiled once when the style is read and evaluated per feature.
/// The cases are the subset of MapLibre's expressions SPEC.md lists; types were checked when it was read
/// (`StyleExpressionParser`), so evaluating only checks what `get` brings.
package indirect enum StyleExpression: Sendable {
    /// A constant.
    case literal(StyleValue)
    /// `["zoom"]`.
    case zoom
    /// `["id"]`: the feature's id, or null.
    case featureID
    /// `["geometry-type"]`: `Point`, `LineString`, `Polygon` or `Unknown`.
    case geometryType
    /// `["get", key]` (from the feature's properties) or `["get", key, object]`.
    case get(StyleExpression, object: StyleExpression?)
    /// `["has", key]` or `["has", key, object]`.
    case has(StyleExpression, object: StyleExpression?)
    /// An operator applied to its arguments, each evaluated first (`all` and `any` stop early).
    case operation(StyleOperation, [StyleExpression])
    /// `==`, `!=`, `<`, `<=`, `>`, `>=`.
    case comparison(StyleComparison, StyleExpression, StyleExpression)
    /// `["match", input, labels, output, …, fallback]`.
    case match(StyleExpression, StyleMatchTable, fallback: StyleExpression)
    /// `["case", condition, output, …, fallback]`.
    case conditional([StyleCaseBranch], fallback: StyleExpression)
    /// `["coalesce", …]`: the first value that is not null.
    case coalesce([StyleExpression])
    /// `["step", input, output₀, stop₁, output₁, …]`.
    case step(StyleExpression, first: StyleExpression, stops: [StyleStop])
    /// `["interpolate", kind, input, stop, output, …]`.
    case interpolate(StyleInterpolation, StyleExpression, stops: [StyleStop])
    /// A value that must be of `type` where `get` gave an unknown one (MapLibre's implicit assertion).
    case assertion(StyleType, StyleExpression)
    /// A string (or `get`'s value) read as a colour where a colour is expected (MapLibre's implicit coercion).
    case colorCoercion(StyleExpression)
    /// True when the value is of `type`: how a legacy property function (`{"property": …, "default": …}`)
    /// tells a feature whose value it can read from one that takes the default.
    case typeCheck(StyleType, StyleExpression)
    /// A filter in the legacy syntax (`["==", "class", "park"]`), with its own looser semantics.
    case legacy(StyleLegacyFilter)
    /// A value with a restyling's changes applied in order (Google's map styles); no style file writes it.
    case overridden(StyleExpression, [StyleOverride])

    /// The value for `context`; an evaluation error (a string where a number is needed) gives null, which
    /// a property reads as its default and a filter as false, as in MapLibre.
    func evaluate(in context: StyleEvaluationContext) -> StyleValue {
        (try? value(in: context)) ?? .null
    }
}

/// The operators whose arguments are all evaluated the same way.
package enum StyleOperation: String, Sendable, CaseIterable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%", minimum = "min", maximum = "max"
    case not = "!", all, any
    case concat, toString = "to-string", toNumber = "to-number", toBoolean = "to-boolean", upcase, downcase
    case contains = "in"
}

/// The comparison operators.
package enum StyleComparison: String, Sendable, CaseIterable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

    /// True for `<`, `<=`, `>`, `>=`, which need two numbers or two strings.
    var isOrdering: Bool { self != .equal && self != .notEqual }

    /// The comparison's answer from the order of its operands (-1, 0 or 1).
    func holds(_ order: Int) -> Bool {
        switch self {
        case .equal: order == 0
        case .notEqual: order != 0
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        }
    }
}

/// One branch of `match`: the labels (numbers or strings) that select `output`.
package struct StyleMatchBranch: Sendable {
    package var labels: [StyleValue]
    package var output: StyleExpression
}

/// The branches of `match`, indexed by label: a feature finds its branch at once however many labels
/// there are.
package struct StyleMatchTable: Sendable {
    /// The branches, in the style's order.
    let branches: [StyleMatchBranch]
    private var strings: [String: Int] = [:]
    private var numbers: [Double: Int] = [:]

    package init(_ branches: [StyleMatchBranch]) {
        self.branches = branches
        for (index, branch) in branches.enumerated() {
            for label in branch.labels {
                switch label {
                case .string(let text): strings[text] = strings[text] ?? index
                case .number(let number): numbers[number] = numbers[number] ?? index
                default: break
                }
            }
        }
    }

    /// The branch whose labels hold `value` (same type and value), if any.
    package func branch(for value: StyleValue) -> StyleMatchBranch? {
        let index: Int? = switch value {
        case .string(let text): strings[text]
        case .number(let number): numbers[number]
        default: nil
        }
        return index.map { branches[$0] }
    }
}

/// One branch of `case`.
package struct StyleCaseBranch: Sendable {
    var condition: StyleExpression
    package var output: StyleExpression
}

/// One stop of `step` or `interpolate`: from `input` on, `output`.
package struct StyleStop: Sendable {
    package var input: Double
    package var output: StyleExpression
}

/// How `interpolate` blends between stops.
package enum StyleInterpolation: Sendable, Equatable {
    case linear
    /// Faster towards the upper stop when the base is above 1 (1 is linear).
    case exponential(base: Double)
}
