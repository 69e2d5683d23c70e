/// The special forms: `literal`, `match`, `case`, `coalesce`, `step` and `interpolate`, whose arguments are
/// not all expressions of one type.
extension StyleExpressionParser {
    /// A JSON value as a constant, each element counted against the budget.
    mutating func constant(_ json: JSONValue, at path: JSONPath) throws(StyleExpressionIssue) -> StyleValue {
        try count(path)
        switch json.kind {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let elements):
            var values: [StyleValue] = []
            for (index, element) in elements.enumerated() { values.append(try constant(element, at: path.appending(index))) }
            return .array(values)
        case .object(let members):
            var values: [String: StyleValue] = [:]
            for member in members { values[member.key] = try constant(member.value, at: path.appending(member.key)) }
            return .object(values)
        }
    }

    mutating func parseLiteral(_ arguments: [JSONValue], at path: JSONPath) throws(StyleExpressionIssue) -> Typed {
        try arity(1...1, arguments, path)
        let value = try constant(arguments[0], at: path.appending(1))
        return Typed(expression: .literal(value), type: StyleType.of(value))
    }

    /// The type branches' outputs share: what is expected, else the first output's.
    private static func outputType(_ expected: StyleType?) -> StyleType? {
        expected == .value ? nil : expected
    }

    mutating func parseMatch(_ arguments: [JSONValue], at path: JSONPath, expecting expected: StyleType?, depth: Int) throws(StyleExpressionIssue) -> Typed {
        try arity(4...Int.max, arguments, path)
        guard arguments.count.isMultiple(of: 2) else { throw .invalid(path, "expected an even number of arguments (input, label–output pairs, fallback), got \(arguments.count)") }
        var outputType = Self.outputType(expected)
        var labelType: StyleType?
        // Labels seen, in sets: a list searched for each of 60,000 labels would cost billions of comparisons.
        var seenStrings: Set<String> = []
        var seenNumbers: Set<Double> = []
        var branches: [StyleMatchBranch] = []
        for pair in stride(from: 1, to: arguments.count - 1, by: 2) {
            let labelPath = path.appending(pair + 1)
            var labels: [(JSONValue, JSONPath)] = [(arguments[pair], labelPath)]
            if case .array(let elements) = arguments[pair].kind {
                guard !elements.isEmpty else { throw .invalid(labelPath, "expected at least one branch label") }
                labels = elements.enumerated().map { ($0.element, labelPath.appending($0.offset)) }
            }
            var values: [StyleValue] = []
            for (label, labelPath) in labels {
                try count(labelPath)
                let value: StyleValue
                switch label.kind {
                case .string(let text): value = .string(text)
                case .number(let number):
                    guard number == number.rounded(), abs(number) <= 9_007_199_254_740_991 else {
                        throw .invalid(labelPath, "expected a whole number as a branch label (at most 2^53 − 1), got \(JSONWriter.format(number))")
                    }
                    value = .number(number)
                default:
                    throw .invalid(labelPath, "expected a string or a number as a branch label, got \(label.typeName)")
                }
                let type = StyleType.of(value)
                if let labelType, labelType != type { throw .invalid(labelPath, "expected \(Self.describe(labelType)) label like the others, got \(Self.describe(type))") }
                labelType = type
                let isNew = switch value {
                case .string(let text): seenStrings.insert(text).inserted
                case .number(let number): seenNumbers.insert(number).inserted
                default: false
                }
                guard isNew else { throw .invalid(labelPath, "branch labels must be unique: \(value.json) is given twice") }
                values.append(value)
            }
            let output = try parse(arguments[pair + 1], at: path.appending(pair + 2), expecting: outputType, depth: depth)
            outputType = outputType ?? output.type
            branches.append(StyleMatchBranch(labels: values, output: output.expression))
        }
        let input = try parse(arguments[0], at: path.appending(1), expecting: .value, depth: depth)
        if let labelType, input.type != .value, input.type != labelType {
            throw .invalid(path.appending(1), "expected \(Self.describe(labelType)) (the labels' type), got \(Self.describe(input.type))")
        }
        let fallback = try parse(arguments[arguments.count - 1], at: path.appending(arguments.count), expecting: outputType, depth: depth)
        return Typed(expression: .match(input.expression, StyleMatchTable(branches), fallback: fallback.expression), type: outputType ?? fallback.type)
    }

    mutating func parseCase(_ arguments: [JSONValue], at path: JSONPath, expecting expected: StyleType?, depth: Int) throws(StyleExpressionIssue) -> Typed {
        try arity(3...Int.max, arguments, path)
        guard !arguments.count.isMultiple(of: 2) else { throw .invalid(path, "expected an odd number of arguments (condition–output pairs, fallback), got \(arguments.count)") }
        var outputType = Self.outputType(expected)
        var branches: [StyleCaseBranch] = []
        for pair in stride(from: 0, to: arguments.count - 1, by: 2) {
            let condition = try parse(arguments[pair], at: path.appending(pair + 1), expecting: .boolean, depth: depth)
            let output = try parse(arguments[pair + 1], at: path.appending(pair + 2), expecting: outputType, depth: depth)
            outputType = outputType ?? output.type
            branches.append(StyleCaseBranch(condition: condition.expression, output: output.expression))
        }
        let fallback = try parse(arguments[arguments.count - 1], at: path.appending(arguments.count), expecting: outputType, depth: depth)
        return Typed(expression: .conditional(branches, fallback: fallback.expression), type: outputType ?? fallback.type)
    }

    mutating func parseCoalesce(_ arguments: [JSONValue], at path: JSONPath, expecting expected: StyleType?, depth: Int) throws(StyleExpressionIssue) -> Typed {
        try arity(1...Int.max, arguments, path)
        var outputType = Self.outputType(expected)
        var compiled: [StyleExpression] = []
        var needsAnnotation = false
        for (index, argument) in arguments.enumerated() {
            // Each argument may be null (that is what coalesce passes over), so `get` is not asserted here.
            let typed = try parse(argument, at: path.appending(index + 1), expecting: outputType == nil ? nil : .value, depth: depth)
            if let outputType, !outputType.accepts(typed.type) {
                let readAtRuntime = typed.type == .value || (outputType == .color && typed.type == .string)
                guard readAtRuntime else { throw .invalid(path.appending(index + 1), "expected \(Self.describe(outputType)), got \(Self.describe(typed.type))") }
                needsAnnotation = true
            }
            if outputType == nil { outputType = typed.type }
            compiled.append(typed.expression)
        }
        // As in MapLibre: where an argument's type is known only while evaluating, the first value that is
        // not null is checked (or read as a colour, or written as text) by the annotation around this one.
        return Typed(expression: .coalesce(compiled), type: needsAnnotation ? .value : outputType ?? .value)
    }

    /// The stops of `step` or `interpolate`: literal numbers, strictly ascending.
    private mutating func stops(
        _ arguments: ArraySlice<JSONValue>, at path: JSONPath, operatorName: String, outputType: inout StyleType?, depth: Int
    ) throws(StyleExpressionIssue) -> [StyleStop] {
        var stops: [StyleStop] = []
        var index = arguments.startIndex
        while index + 1 < arguments.endIndex {
            let stopPath = path.appending(index + 1)
            guard case .number(let input) = arguments[index].kind else {
                throw .invalid(stopPath, "expected a literal number as a stop of \"\(operatorName)\", got \(arguments[index].typeName)")
            }
            if let previous = stops.last, input <= previous.input {
                throw .invalid(stopPath, "expected stops in strictly ascending order, got \(JSONWriter.format(input)) after \(JSONWriter.format(previous.input))")
            }
            let output = try parse(arguments[index + 1], at: path.appending(index + 2), expecting: outputType, depth: depth)
            outputType = outputType ?? output.type
            stops.append(StyleStop(input: input, output: output.expression))
            index += 2
        }
        return stops
    }

    mutating func parseStep(_ arguments: [JSONValue], at path: JSONPath, expecting expected: StyleType?, depth: Int) throws(StyleExpressionIssue) -> Typed {
        try arity(2...Int.max, arguments, path)
        guard arguments.count.isMultiple(of: 2) else { throw .invalid(path, "expected an even number of arguments (input, first output, stop–output pairs), got \(arguments.count)") }
        let input = try parse(arguments[0], at: path.appending(1), expecting: .number, depth: depth)
        var outputType = Self.outputType(expected)
        let first = try parse(arguments[1], at: path.appending(2), expecting: outputType, depth: depth)
        outputType = outputType ?? first.type
        let stops = try stops(arguments[2...], at: path, operatorName: "step", outputType: &outputType, depth: depth)
        return Typed(expression: .step(input.expression, first: first.expression, stops: stops), type: outputType ?? first.type)
    }

    mutating func parseInterpolate(_ arguments: [JSONValue], at path: JSONPath, expecting expected: StyleType?, depth: Int) throws(StyleExpressionIssue) -> Typed {
        try arity(4...Int.max, arguments, path)
        guard arguments.count.isMultiple(of: 2) else { throw .invalid(path, "expected an even number of arguments (interpolation, input, stop–output pairs), got \(arguments.count)") }
        let interpolation = try parseInterpolation(arguments[0], at: path.appending(1))
        let input = try parse(arguments[1], at: path.appending(2), expecting: .number, depth: depth)
        var outputType = Self.outputType(expected)
        if let type = outputType, !Self.isInterpolatable(type) {
            throw .invalid(path, "\(Self.describe(type)) cannot be interpolated (numbers, colours and arrays of numbers can)")
        }
        let stops = try stops(arguments[2...], at: path, operatorName: "interpolate", outputType: &outputType, depth: depth)
        let type = outputType ?? .number
        guard Self.isInterpolatable(type) else {
            throw .invalid(path, "\(Self.describe(type)) cannot be interpolated (numbers, colours and arrays of numbers can)")
        }
        return Typed(expression: .interpolate(interpolation, input.expression, stops: stops), type: type)
    }

    private static func isInterpolatable(_ type: StyleType) -> Bool {
        switch type {
        case .number, .color, .array(.number, _?): true
        default: false
        }
    }

    private mutating func parseInterpolation(_ json: JSONValue, at path: JSONPath) throws(StyleExpressionIssue) -> StyleInterpolation {
        try count(path)
        guard case .array(let elements) = json.kind, case .string(let name)? = elements.first?.kind else {
            throw .invalid(path, "expected an interpolation type ([\"linear\"] or [\"exponential\", base]), got \(json.typeName)")
        }
        switch name {
        case "linear":
            // MapLibre reads ["linear", …] and passes over anything after the name.
            return .linear
        case "exponential":
            guard elements.count == 2, case .number(let base) = elements[1].kind else {
                throw .invalid(path, "expected [\"exponential\", base] with a literal number as the base")
            }
            return .exponential(base: base)
        case "cubic-bezier":
            throw .unsupported(path, "cubic-bezier")
        default:
            throw .invalid(path.appending(0), "unknown interpolation type \(JSONWriter.quoted(name.abbreviated(60))): expected \"linear\" or \"exponential\"")
        }
    }
}
