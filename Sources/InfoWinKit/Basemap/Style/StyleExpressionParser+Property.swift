/// A paint or layout property's value: a constant, a legacy function (`{"stops": …}`) or an expression,
/// compiled to one `StyleExpression` of the property's type.
extension StyleExpressionParser {
    /// Compiles `json`, the value of `property`, at `path`.
    mutating func parseProperty(_ property: StyleProperty, _ json: JSONValue, at path: JSONPath) throws(StyleExpressionIssue) -> StyleExpression {
        // A string property (`text-field`, `icon-image`, `fill-pattern`) takes any value written as text, as
        // MapLibre coerces it; other types check `get`'s value instead.
        let coercesToString = property.type == .string && property.choices.isEmpty
        var typed: Typed
        switch json.kind {
        case .null:
            // An unset value, as MapLibre reads it: the property's default.
            try count(path)
            return .literal(.null)
        case .object:
            typed = Typed(expression: try parseFunction(property, json, at: path), type: property.type)
        case .array where Self.isExpression(json):
            typed = try parse(json, at: path, expecting: property.type, coercingToString: coercesToString)
        default:
            typed = try constantProperty(property, json, at: path)
        }
        if coercesToString {
            switch typed.type {
            case .string: break
            case .value, .null: typed = Typed(expression: .operation(.toString, [typed.expression]), type: .string)
            default: throw .invalid(path, "expected a string, got \(Self.describe(typed.type))")
            }
        }
        try Self.checkInputs(typed.expression, of: property, at: path)
        return typed.expression
    }

    /// MapLibre's rules for what a property's value may read: the zoom only as the input of a `step` or
    /// `interpolate` at the top (or at the top of a `coalesce`'s argument), and no feature data for a
    /// property evaluated once a layer.
    private static func checkInputs(_ expression: StyleExpression, of property: StyleProperty, at path: JSONPath) throws(StyleExpressionIssue) {
        if !property.isDataDriven, expression.readsFeature {
            throw .invalid(path, "\(property.name) cannot read a feature's data (get, has, id, geometry-type): its value is one for the whole layer")
        }
        if !zoomIsOnlyACurvesInput(expression) {
            throw .invalid(path, "[\"zoom\"] may only be the input of a \"step\" or \"interpolate\" at the top of the expression")
        }
    }

    private static func zoomIsOnlyACurvesInput(_ expression: StyleExpression) -> Bool {
        switch expression {
        case .assertion(_, let inner), .colorCoercion(let inner):
            return zoomIsOnlyACurvesInput(inner)
        case .operation(.toString, let arguments) where arguments.count == 1:
            return zoomIsOnlyACurvesInput(arguments[0])
        case .coalesce(let arguments):
            return arguments.filter(\.readsZoom).count <= 1 && arguments.allSatisfy(zoomIsOnlyACurvesInput)
        case .step(.zoom, let first, let stops):
            return !([first] + stops.map(\.output)).contains(where: \.readsZoom)
        case .interpolate(_, .zoom, let stops):
            return !stops.map(\.output).contains(where: \.readsZoom)
        default:
            return !expression.readsZoom
        }
    }

    /// A constant of the property's type; an enumeration's value must be one it allows.
    private mutating func constantProperty(
        _ property: StyleProperty, _ json: JSONValue, at path: JSONPath, readingTokens: Bool = true
    ) throws(StyleExpressionIssue) -> Typed {
        if property.hasTokens, readingTokens, case .string(let text) = json.kind {
            try count(path)
            return Typed(expression: Self.tokens(text), type: .string)
        }
        let value = try constant(json, at: path)
        let typed = try annotate(Typed(expression: .literal(value), type: StyleType.of(value)), expecting: property.type, at: path)
        if !property.choices.isEmpty, case .string(let text) = value, !property.choices.contains(text) {
            let names = property.choices.map { JSONWriter.quoted($0) }
            throw .invalid(path, "expected \(names.dropLast().joined(separator: ", ")) or \(names.last!), got \(JSONWriter.quoted(text.abbreviated(60)))")
        }
        return typed
    }

    /// `{field}` tokens in `text-field` and `icon-image`: each reads the feature's property, as MapLibre's
    /// `convertTokenString` makes them (a missing property writes nothing).
    static func tokens(_ text: String) -> StyleExpression {
        var parts: [StyleExpression] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(where: { $0 == "}" || $0 == "{" }), after[close] == "}", close > after.startIndex else {
                literal += rest[...open]
                rest = after
                continue
            }
            literal += rest[..<open]
            if !literal.isEmpty { parts.append(.literal(.string(literal))) }
            literal = ""
            parts.append(.get(.literal(.string(String(after[..<close]))), object: nil))
            rest = after[after.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty || parts.isEmpty { parts.append(.literal(.string(literal))) }
        if parts.count == 1, case .literal = parts[0] { return parts[0] }
        return parts.count == 1 ? .operation(.toString, parts) : .operation(.concat, parts)
    }

    /// A legacy function: a zoom function (`{"stops": [[zoom, value], …], "base": b}`) or a property
    /// function (`"property"`, with `"type"` `identity`, `categorical`, `interval` or `exponential`),
    /// compiled as MapLibre converts them to expressions.
    private mutating func parseFunction(_ property: StyleProperty, _ json: JSONValue, at path: JSONPath) throws(StyleExpressionIssue) -> StyleExpression {
        try count(path)
        guard case .object(let members) = json.kind else { throw .invalid(path, "expected a function object") }
        var stopsJSON: JSONValue?, base = 1.0, propertyName: String?, type: String?, defaultJSON: JSONValue?
        for member in members {
            let memberPath = path.appending(member.key)
            switch (member.key, member.value.kind) {
            case ("stops", .array): stopsJSON = member.value
            case ("base", .number(let number)): base = number
            case ("property", .string(let name)): propertyName = name
            case ("type", .string(let name)) where ["identity", "exponential", "interval", "categorical"].contains(name): type = name
            case ("default", _): defaultJSON = member.value
            case ("colorSpace", .string("rgb")): break
            case ("colorSpace", .string(let space)) where space == "lab" || space == "hcl": throw .unsupported(memberPath, "colorSpace \(space)")
            case ("stops", _), ("base", _), ("property", _), ("type", _), ("colorSpace", _):
                throw .invalid(memberPath, "expected \(Self.functionMemberExpectation[member.key] ?? "another value"), got \(Self.describeJSON(member.value))")
            default:
                throw .invalid(memberPath, "unknown key \(JSONWriter.quoted(member.key.abbreviated(60))) in a function (expected stops, base, property, type, default or colorSpace)")
            }
        }
        let fallback = try defaultJSON.map { (json) throws(StyleExpressionIssue) in try constantProperty(property, json, at: path.appending("default")).expression }
        let kind = type ?? (property.isInterpolated ? "exponential" : "interval")
        let input: StyleExpression
        if let propertyName {
            input = .get(.literal(.string(propertyName)), object: nil)
            if kind == "identity" {
                let read = try annotate(Typed(expression: input, type: .value), expecting: property.type, at: path).expression
                guard let fallback else { return read }
                // An enumeration's value must be one it allows; another type, or a colour that is not text, takes the default.
                let condition: StyleExpression = property.choices.isEmpty
                    ? .typeCheck(property.type == .color ? .string : property.type, input)
                    : .operation(.contains, [input, .literal(.array(property.choices.map(StyleValue.string)))])
                return .conditional([StyleCaseBranch(condition: condition, output: read)], fallback: fallback)
            }
        } else {
            guard kind == "exponential" || kind == "interval" else {
                throw .invalid(path.appending("type"), "a zoom function (no \"property\") must be \"exponential\" or \"interval\", got \(JSONWriter.quoted(kind))")
            }
            input = .zoom
        }
        guard case .array(let stopList)? = stopsJSON?.kind, !stopList.isEmpty else {
            throw .invalid(path.appending("stops"), "expected a non-empty array of [input, output] stops")
        }
        var stops: [(StyleValue, StyleExpression, JSONPath)] = []
        for (index, stop) in stopList.enumerated() {
            let stopPath = path.appending("stops").appending(index)
            guard case .array(let pair) = stop.kind, pair.count == 2 else { throw .invalid(stopPath, "expected a stop [input, output], got \(stop.typeName)") }
            if case .object = pair[0].kind { throw .unsupported(stopPath.appending(0), "zoom-and-property function") }
            let stopInput = try constant(pair[0], at: stopPath.appending(0))
            // MapLibre reads `{field}` tokens in a zoom function's outputs, not in a property function's.
            let output = try constantProperty(property, pair[1], at: stopPath.appending(1), readingTokens: propertyName == nil).expression
            // MapLibre keeps the first of stops that repeat an input.
            if let last = stops.last, last.0 == stopInput { continue }
            stops.append((stopInput, output, stopPath.appending(0)))
        }
        if kind == "categorical" {
            return try categorical(stops, input: input, fallback: fallback ?? .literal(property.defaultValue))
        }
        var numeric: [StyleStop] = []
        for (stopInput, output, stopPath) in stops {
            guard case .number(let number) = stopInput else { throw .invalid(stopPath, "expected a number as a stop's input, got \(StyleType.of(stopInput).name)") }
            if let previous = numeric.last, number <= previous.input {
                throw .invalid(stopPath, "expected stops in ascending order, got \(JSONWriter.format(number)) after \(JSONWriter.format(previous.input))")
            }
            numeric.append(StyleStop(input: number, output: output))
        }
        let number: StyleExpression = propertyName == nil ? input : .assertion(.number, input)
        let compiled: StyleExpression
        if kind == "interval" {
            compiled = .step(number, first: numeric[0].output, stops: Array(numeric.dropFirst()))
        } else {
            guard property.isInterpolated else { throw .invalid(path, "\(property.name) cannot be interpolated: use \"type\": \"interval\"") }
            compiled = .interpolate(base == 1 ? .linear : .exponential(base: base), number, stops: numeric)
        }
        guard propertyName != nil, let fallback else { return compiled }
        return .conditional([StyleCaseBranch(condition: .typeCheck(.number, input), output: compiled)], fallback: fallback)
    }

    /// A JSON value as a message shows it: a string quoted, a number written, else its type.
    static func describeJSON(_ json: JSONValue) -> String {
        switch json.kind {
        case .string(let text): JSONWriter.quoted(text.abbreviated(60))
        case .number(let number): JSONWriter.format(number)
        case .bool(let flag): flag ? "true" : "false"
        default: json.typeName
        }
    }

    private static let functionMemberExpectation = [
        "stops": "an array of stops", "base": "a number", "property": "a string",
        "type": "\"identity\", \"exponential\", \"interval\" or \"categorical\"", "colorSpace": "\"rgb\"",
    ]

    /// A categorical property function: each stop's input (a string, number or boolean) selects its output.
    private func categorical(_ stops: [(StyleValue, StyleExpression, JSONPath)], input: StyleExpression, fallback: StyleExpression) throws(StyleExpressionIssue) -> StyleExpression {
        var branches: [StyleCaseBranch] = []
        for (value, output, stopPath) in stops {
            switch value {
            case .string, .number, .bool: break
            default: throw .invalid(stopPath, "expected a string, number or boolean as a stop's input, got \(StyleType.of(value).name)")
            }
            branches.append(StyleCaseBranch(condition: .comparison(.equal, input, .literal(value)), output: output))
        }
        return .conditional(branches, fallback: fallback)
    }
}
