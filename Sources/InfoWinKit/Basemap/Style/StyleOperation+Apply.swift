extension StyleOperation {
    /// The operator's value on `arguments`, evaluated in `context`.
    func apply(to arguments: [StyleExpression], in context: StyleEvaluationContext) throws(StyleEvaluationError) -> StyleValue {
        switch self {
        case .add:
            var sum = 0.0
            for argument in arguments { sum += try argument.number(in: context) }
            return .number(sum)
        case .multiply:
            var product = 1.0
            for argument in arguments { product *= try argument.number(in: context) }
            return .number(product)
        case .subtract:
            let first = try arguments[0].number(in: context)
            return .number(arguments.count == 1 ? -first : first - (try arguments[1].number(in: context)))
        case .divide:
            return .number(try arguments[0].number(in: context) / (try arguments[1].number(in: context)))
        case .remainder:
            // JavaScript's `%` keeps the dividend's sign, as `truncatingRemainder` does.
            return .number((try arguments[0].number(in: context)).truncatingRemainder(dividingBy: try arguments[1].number(in: context)))
        case .minimum, .maximum:
            // JavaScript's Math.min and Math.max: NaN wins, and no argument gives ±Infinity.
            var result = self == .minimum ? Double.infinity : -Double.infinity
            for argument in arguments {
                let number = try argument.number(in: context)
                if number.isNaN || result.isNaN {
                    result = .nan
                } else {
                    result = self == .minimum ? min(result, number) : max(result, number)
                }
            }
            return .number(result)
        case .not:
            return .bool(!(try arguments[0].boolean(in: context)))
        case .all:
            for argument in arguments where !(try argument.boolean(in: context)) { return .bool(false) }
            return .bool(true)
        case .any:
            for argument in arguments where try argument.boolean(in: context) { return .bool(true) }
            return .bool(false)
        case .concat:
            var text = ""
            for argument in arguments { text += try argument.value(in: context).text }
            return .string(text)
        case .toString:
            return .string(try arguments[0].value(in: context).text)
        case .toNumber:
            return .number(try Self.number(from: arguments, in: context))
        case .toBoolean:
            return .bool(try arguments[0].value(in: context).isTruthy)
        case .upcase:
            return .string((try arguments[0].string(in: context)).uppercased())
        case .downcase:
            return .string((try arguments[0].string(in: context)).lowercased())
        case .contains:
            return .bool(try Self.contains(try arguments[0].value(in: context), in: try arguments[1].value(in: context)))
        }
    }

    /// `to-number`: the first argument JavaScript's `Number()` reads (null is 0), else an error.
    private static func number(from arguments: [StyleExpression], in context: StyleEvaluationContext) throws(StyleEvaluationError) -> Double {
        var last = StyleValue.null
        for argument in arguments {
            last = try argument.value(in: context)
            switch last {
            case .null: return 0
            case .bool(let flag): return flag ? 1 : 0
            case .number(let number) where !number.isNaN: return number
            case .string(let text): if let number = StyleValue.javaScriptNumber(text) { return number }
            default: break
            }
        }
        throw StyleEvaluationError(message: "Could not convert \(last.json) to number.")
    }

    /// `in`: an element of an array (by `===`) or a substring of a string; false when the haystack is null.
    private static func contains(_ needle: StyleValue, in haystack: StyleValue) throws(StyleEvaluationError) -> Bool {
        switch needle {
        case .null, .bool, .number, .string: break
        default:
            throw StyleEvaluationError(message: "Expected first argument to be of type boolean, string, number or null, but found \(StyleType.of(needle).name) instead.")
        }
        switch haystack {
        case .null, .bool(false):
            return false
        case .number(let number) where number == 0 || number.isNaN:
            return false
        case .string(""):
            return false
        case .array(let elements):
            return elements.contains { $0.isStrictlyEqual(to: needle) }
        case .string(let text):
            // JavaScript's `indexOf` on strings converts the needle with String().
            let part = needle.text
            return part.isEmpty || text.utf16.firstRange(of: part.utf16) != nil
        default:
            throw StyleEvaluationError(message: "Expected second argument to be of type array or string, but found \(StyleType.of(haystack).name) instead.")
        }
    }
}

extension StyleComparison {
    /// The comparison of two evaluated values: `==` and `!=` by `===`, the orderings between two
    /// numbers or two strings only (anything else is an error, as in MapLibre).
    func compare(_ left: StyleValue, _ right: StyleValue) throws(StyleEvaluationError) -> Bool {
        if !isOrdering {
            let equal = left.isStrictlyEqual(to: right)
            return self == .equal ? equal : !equal
        }
        guard let order = left.order(against: right) else {
            let (leftType, rightType) = (StyleType.of(left), StyleType.of(right))
            let comparable = leftType == rightType && (leftType == .number || leftType == .string)
            if comparable { return false }  // NaN: every ordering is false.
            throw StyleEvaluationError(message: "Expected arguments for \"\(rawValue)\" to be (string, string) or (number, number), but found (\(leftType.name), \(rightType.name)) instead.")
        }
        return holds(order)
    }
}
