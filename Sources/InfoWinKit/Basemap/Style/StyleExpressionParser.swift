/// Compiles MapLibre expressions (JSON) into `StyleExpression`s, checking their types as MapLibre's parser
/// does and holding every expression of a style to one budget: 64 levels deep, 100,000 values in all.
package struct StyleExpressionParser {
    /// The deepest an expression may nest (SPEC.md: expressions 64 deep).
    package static let depthLimit = 64
    /// The values (operators, arguments, literal elements) all expressions of one style may hold.
    package static let nodeLimit = 100_000

    /// Values read so far, against `nodeLimit`.
    private(set) var nodes = 0

    package init() {}

    /// An expression and its type.
    struct Typed {
        var expression: StyleExpression
        var type: StyleType
    }

    /// Compiles `json` at `path` where a value of `expected` is needed (nil: any). With `coercingToString`
    /// (the top of a string property's value, as MapLibre parses it) a value of unknown type is written as
    /// text rather than checked to be a string.
    mutating func parse(
        _ json: JSONValue, at path: JSONPath, expecting expected: StyleType?, depth: Int = 0, coercingToString: Bool = false
    ) throws(StyleExpressionIssue) -> Typed {
        try count(path)
        guard depth < Self.depthLimit else {
            throw .invalid(path, "the expression nests deeper than \(Self.depthLimit) levels")
        }
        let parsed: Typed
        switch json.kind {
        case .null: parsed = Typed(expression: .literal(.null), type: .null)
        case .bool(let flag): parsed = Typed(expression: .literal(.bool(flag)), type: .boolean)
        case .number(let number): parsed = Typed(expression: .literal(.number(number)), type: .number)
        case .string(let text): parsed = Typed(expression: .literal(.string(text)), type: .string)
        case .object:
            throw .invalid(path, "expected an expression, got an object (bare objects are not valid: use [\"literal\", {…}])")
        case .array(let elements):
            guard let first = elements.first else {
                throw .invalid(path, "expected an expression, got an empty array (a literal array is [\"literal\", […]])")
            }
            guard case .string(let name) = first.kind else {
                throw .invalid(path.appending(0), "expected an operator's name, got \(first.typeName) (a literal array is [\"literal\", […]])")
            }
            parsed = try parseCall(name, Array(elements.dropFirst()), at: path, expecting: expected, depth: depth + 1)
        }
        if coercingToString, parsed.type == .value {
            return Typed(expression: .operation(.toString, [parsed.expression]), type: .string)
        }
        return try annotate(parsed, expecting: expected, at: path)
    }

    /// Counts one value against the style's budget.
    mutating func count(_ path: JSONPath, _ amount: Int = 1) throws(StyleExpressionIssue) {
        nodes += amount
        if nodes > Self.nodeLimit {
            throw .invalid(path, "the style's expressions hold more than \(Format.grouped(Self.nodeLimit)) values")
        }
    }

    /// MapLibre's implicit annotations: a value of unknown type where a number, string, boolean, object or
    /// array is needed is checked while evaluating; a string where a colour is needed is read as one.
    func annotate(_ parsed: Typed, expecting expected: StyleType?, at path: JSONPath) throws(StyleExpressionIssue) -> Typed {
        guard let expected, expected != .value else { return parsed }
        var result = parsed
        // An empty array literal is an empty array of whatever is expected, as in MapLibre.
        if case .literal(.array([])) = parsed.expression, case .array = expected { return Typed(expression: parsed.expression, type: expected) }
        switch expected {
        case .string, .number, .boolean, .object, .array:
            if parsed.type == .value { result = Typed(expression: .assertion(expected, parsed.expression), type: expected) }
        case .color:
            if case .literal(.string(let text)) = parsed.expression {
                guard let color = StyleColorParser.parse(text) else {
                    throw .invalid(path, "expected a colour (a CSS colour name, #rrggbb, rgb(), rgba(), hsl() or hsla()), got \(JSONWriter.quoted(text.abbreviated(60)))")
                }
                result = Typed(expression: .literal(.color(color)), type: .color)
            } else if parsed.type == .value || parsed.type == .string {
                result = Typed(expression: .colorCoercion(parsed.expression), type: .color)
            }
        default:
            break
        }
        guard expected.accepts(result.type) else {
            throw .invalid(path, "expected \(Self.describe(expected)), got \(Self.describe(result.type))")
        }
        return result
    }

    /// A type as messages name it: "a number", "an array<number, 2>".
    static func describe(_ type: StyleType) -> String {
        switch type {
        case .null: "null"
        case .array, .object: "an \(type.name)"
        default: "a \(type.name)"
        }
    }

    /// The operators infowin evaluates, by name.
    static let operatorNames: Set<String> = Set(StyleOperation.allCases.map(\.rawValue) + StyleComparison.allCases.map(\.rawValue))
        .union(["zoom", "id", "geometry-type", "get", "has", "literal", "match", "case", "coalesce", "step", "interpolate"])

    /// True when `json` is an expression rather than a constant array (`["Open Sans Regular"]`): an array
    /// whose first element names an operator of MapLibre's, as MapLibre's `isExpression` decides.
    static func isExpression(_ json: JSONValue) -> Bool {
        guard case .array(let elements) = json.kind, case .string(let name)? = elements.first?.kind else { return false }
        return operatorNames.contains(name) || StyleUnsupportedOperators.names.contains(name)
    }

    private mutating func parseCall(
        _ name: String, _ arguments: [JSONValue], at path: JSONPath, expecting expected: StyleType?, depth: Int
    ) throws(StyleExpressionIssue) -> Typed {
        if let operation = StyleOperation(rawValue: name) {
            return try parseOperation(operation, arguments, at: path, depth: depth)
        }
        if let comparison = StyleComparison(rawValue: name) {
            return try parseComparison(comparison, arguments, at: path, depth: depth)
        }
        switch name {
        case "zoom": try arity(0...0, arguments, path); return Typed(expression: .zoom, type: .number)
        case "id": try arity(0...0, arguments, path); return Typed(expression: .featureID, type: .value)
        case "geometry-type": try arity(0...0, arguments, path); return Typed(expression: .geometryType, type: .string)
        case "get", "has":
            try arity(1...2, arguments, path)
            let key = try parse(arguments[0], at: path.appending(1), expecting: .string, depth: depth)
            let object = arguments.count == 2 ? try parse(arguments[1], at: path.appending(2), expecting: .object, depth: depth).expression : nil
            return name == "get"
                ? Typed(expression: .get(key.expression, object: object), type: .value)
                : Typed(expression: .has(key.expression, object: object), type: .boolean)
        case "literal": return try parseLiteral(arguments, at: path)
        case "match": return try parseMatch(arguments, at: path, expecting: expected, depth: depth)
        case "case": return try parseCase(arguments, at: path, expecting: expected, depth: depth)
        case "coalesce": return try parseCoalesce(arguments, at: path, expecting: expected, depth: depth)
        case "step": return try parseStep(arguments, at: path, expecting: expected, depth: depth)
        case "interpolate": return try parseInterpolate(arguments, at: path, expecting: expected, depth: depth)
        default:
            if StyleUnsupportedOperators.names.contains(name) { throw .unsupported(path, name) }
            throw .invalid(path.appending(0), "unknown operator \(JSONWriter.quoted(name.abbreviated(60))) (a literal array is [\"literal\", […]])")
        }
    }

    func arity(_ range: ClosedRange<Int>, _ arguments: [JSONValue], _ path: JSONPath) throws(StyleExpressionIssue) {
        guard !range.contains(arguments.count) else { return }
        let expected = range.lowerBound == range.upperBound ? "\(range.lowerBound)"
            : range.upperBound == Int.max ? "at least \(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
        throw .invalid(path, "expected \(expected) argument\(range.upperBound == 1 ? "" : "s"), got \(arguments.count)")
    }

    private mutating func parseOperation(_ operation: StyleOperation, _ arguments: [JSONValue], at path: JSONPath, depth: Int) throws(StyleExpressionIssue) -> Typed {
        let (argumentType, resultType, range): (StyleType, StyleType, ClosedRange<Int>) = switch operation {
        case .add, .multiply, .minimum, .maximum: (.number, .number, 0...Int.max)
        case .subtract: (.number, .number, 1...2)
        case .divide, .remainder: (.number, .number, 2...2)
        case .not: (.boolean, .boolean, 1...1)
        case .all, .any: (.boolean, .boolean, 0...Int.max)
        case .concat: (.value, .string, 0...Int.max)
        case .toString: (.value, .string, 1...1)
        case .toNumber: (.value, .number, 1...Int.max)
        case .toBoolean: (.value, .boolean, 1...1)
        case .upcase, .downcase: (.string, .string, 1...1)
        case .contains: (.value, .boolean, 2...2)
        }
        try arity(range, arguments, path)
        var compiled: [StyleExpression] = []
        for (index, argument) in arguments.enumerated() {
            let typed = try parse(argument, at: path.appending(index + 1), expecting: argumentType, depth: depth)
            if operation == .contains { try checkMembershipType(typed.type, isNeedle: index == 0, at: path.appending(index + 1)) }
            compiled.append(typed.expression)
        }
        return Typed(expression: .operation(operation, compiled), type: resultType)
    }

    /// `in`'s operands: the needle a boolean, string, number or null; the haystack an array or string.
    private func checkMembershipType(_ type: StyleType, isNeedle: Bool, at path: JSONPath) throws(StyleExpressionIssue) {
        switch (isNeedle, type) {
        case (_, .value), (true, .boolean), (true, .string), (true, .number), (true, .null), (false, .string), (false, .array): return
        default:
            let expected = isNeedle ? "a boolean, string, number or null" : "an array or a string"
            throw .invalid(path, "expected \(expected), got \(Self.describe(type))")
        }
    }

    private mutating func parseComparison(_ comparison: StyleComparison, _ arguments: [JSONValue], at path: JSONPath, depth: Int) throws(StyleExpressionIssue) -> Typed {
        if arguments.count == 3 { throw .unsupported(path.appending(3), "collator") }
        try arity(2...2, arguments, path)
        var sides: [Typed] = []
        for (index, argument) in arguments.enumerated() {
            let side = try parse(argument, at: path.appending(index + 1), expecting: .value, depth: depth)
            let comparable: Bool = switch side.type {
            case .string, .number, .value: true
            case .boolean, .null: !comparison.isOrdering
            default: false
            }
            guard comparable else {
                throw .invalid(path.appending(index + 1), "\"\(comparison.rawValue)\" cannot compare \(Self.describe(side.type))")
            }
            sides.append(side)
        }
        let (left, right) = (sides[0], sides[1])
        if left.type != right.type, left.type != .value, right.type != .value {
            throw .invalid(path, "cannot compare \(Self.describe(left.type)) with \(Self.describe(right.type))")
        }
        // An ordering of a known type against `get`'s value checks that value's type while evaluating.
        var (leftExpression, rightExpression) = (left.expression, right.expression)
        if comparison.isOrdering {
            if left.type == .value, right.type != .value { leftExpression = .assertion(right.type, leftExpression) }
            if right.type == .value, left.type != .value { rightExpression = .assertion(left.type, rightExpression) }
        }
        return Typed(expression: .comparison(comparison, leftExpression, rightExpression), type: .boolean)
    }
}
