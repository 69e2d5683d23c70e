#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Graphics

/// Why an expression has no value for a feature (`to-number` of "abc", `<` between a string and a
/// number): MapLibre's runtime error, after which a property takes its default.
package struct StyleEvaluationError: Error, Sendable {
    package let message: String
}

extension StyleExpression {
    /// The value for `context`, or the error MapLibre would raise.
    package func value(in context: StyleEvaluationContext) throws(StyleEvaluationError) -> StyleValue {
        switch self {
        case .literal(let value):
            return value
        case .zoom:
            return .number(context.zoom)
        case .featureID:
            return context.feature?.id.map { .number(Double($0)) } ?? .null
        case .geometryType:
            return context.feature.map { .string($0.kind.styleName) } ?? .null
        case .get(let key, let object):
            let name = try key.string(in: context)
            if let object {
                return try object.members(in: context)[name] ?? .null
            }
            return context.feature?.properties[name].map(StyleValue.init) ?? .null
        case .has(let key, let object):
            let name = try key.string(in: context)
            if let object { return .bool(try object.members(in: context)[name] != nil) }
            return .bool(context.feature?.properties[name] != nil)
        case .operation(let operation, let arguments):
            return try operation.apply(to: arguments, in: context)
        case .comparison(let comparison, let left, let right):
            return .bool(try comparison.compare(try left.value(in: context), try right.value(in: context)))
        case .match(let input, let table, let fallback):
            if let branch = table.branch(for: try input.value(in: context)) { return try branch.output.value(in: context) }
            return try fallback.value(in: context)
        case .conditional(let branches, let fallback):
            for branch in branches where try branch.condition.boolean(in: context) {
                return try branch.output.value(in: context)
            }
            return try fallback.value(in: context)
        case .coalesce(let arguments):
            for argument in arguments {
                let value = try argument.value(in: context)
                if value != .null { return value }
            }
            return .null
        case .step(let input, let first, let stops):
            let position = try input.number(in: context)
            guard let index = stops.lastIndex(where: { $0.input <= position }) else { return try first.value(in: context) }
            return try stops[index].output.value(in: context)
        case .interpolate(let interpolation, let input, let stops):
            return try Self.interpolate(interpolation, at: try input.number(in: context), stops: stops, in: context)
        case .assertion(let type, let expression):
            let value = try expression.value(in: context)
            let actual = StyleType.of(value)
            guard type.accepts(actual) else {
                throw StyleEvaluationError(message: "Expected value to be of type \(type.name), but found \(actual.name) instead.")
            }
            return value
        case .typeCheck(let type, let expression):
            return .bool(type.accepts(StyleType.of(try expression.value(in: context))))
        case .colorCoercion(let expression):
            return .color(try Self.color(from: try expression.value(in: context)))
        case .legacy(let filter):
            return .bool(filter.passes(context))
        case .overridden(let expression, let overrides):
            var value = try expression.value(in: context)
            for override in overrides { value = override.applied(to: value, in: context) }
            return value
        }
    }

    func number(in context: StyleEvaluationContext) throws(StyleEvaluationError) -> Double {
        let value = try value(in: context)
        guard case .number(let number) = value else { throw Self.mismatch(value, expected: .number) }
        return number
    }

    func string(in context: StyleEvaluationContext) throws(StyleEvaluationError) -> String {
        let value = try value(in: context)
        guard case .string(let text) = value else { throw Self.mismatch(value, expected: .string) }
        return text
    }

    func boolean(in context: StyleEvaluationContext) throws(StyleEvaluationError) -> Bool {
        let value = try value(in: context)
        guard case .bool(let flag) = value else { throw Self.mismatch(value, expected: .boolean) }
        return flag
    }

    private func members(in context: StyleEvaluationContext) throws(StyleEvaluationError) -> [String: StyleValue] {
        let value = try value(in: context)
        guard case .object(let members) = value else { throw Self.mismatch(value, expected: .object) }
        return members
    }

    static func mismatch(_ value: StyleValue, expected: StyleType) -> StyleEvaluationError {
        StyleEvaluationError(message: "Expected value to be of type \(expected.name), but found \(StyleType.of(value).name) instead.")
    }

    /// A colour from a colour, a CSS colour string or `[r, g, b]` / `[r, g, b, a]` (channels 0…255).
    static func color(from value: StyleValue) throws(StyleEvaluationError) -> RGBA {
        switch value {
        case .color(let color):
            return color
        case .string(let text):
            if let color = StyleColorParser.parse(text) { return color }
        case .array(let elements) where elements.count == 3 || elements.count == 4:
            let numbers = elements.compactMap { if case .number(let n) = $0 { n } else { nil } }
            if numbers.count == elements.count, numbers.prefix(3).allSatisfy({ (0...255).contains($0) }),
               numbers.count == 3 || (0...1).contains(numbers[3]) {
                return RGBA(red: numbers[0] / 255, green: numbers[1] / 255, blue: numbers[2] / 255, alpha: numbers.count == 4 ? numbers[3] : 1)
            }
        default:
            break
        }
        let written = if case .string(let text) = value { text } else { value.json }
        throw StyleEvaluationError(message: "Could not parse color from value '\(written)'")
    }

    private static func interpolate(
        _ interpolation: StyleInterpolation, at position: Double, stops: [StyleStop], in context: StyleEvaluationContext
    ) throws(StyleEvaluationError) -> StyleValue {
        guard let first = stops.first, let last = stops.last else { return .null }
        // Clamped to the first and last stops, as MapLibre does.
        if position <= first.input { return try first.output.value(in: context) }
        if position >= last.input { return try last.output.value(in: context) }
        let upperIndex = stops.firstIndex { $0.input > position }!
        let lower = stops[upperIndex - 1]
        let upper = stops[upperIndex]
        let difference = upper.input - lower.input
        let progress = position - lower.input
        let base = if case .exponential(let base) = interpolation { base } else { 1.0 }
        let t: Double
        if difference == 0 {
            t = 0
        } else if base == 1 {
            t = progress / difference
        } else {
            t = (pow(base, progress) - 1) / (pow(base, difference) - 1)
        }
        return try blend(try lower.output.value(in: context), try upper.output.value(in: context), t)
    }

    /// `from` moved `t` of the way to `to`: numbers, colours (channel by channel, not premultiplied) and
    /// arrays of numbers of one length, as MapLibre's `interpolate` blends them.
    static func blend(_ from: StyleValue, _ to: StyleValue, _ t: Double) throws(StyleEvaluationError) -> StyleValue {
        func mix(_ a: Double, _ b: Double) -> Double { a + t * (b - a) }
        switch (from, to) {
        case (.number(let a), .number(let b)):
            return .number(mix(a, b))
        case (.color(let a), .color(let b)):
            return .color(RGBA(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue), alpha: mix(a.alpha, b.alpha)))
        case (.array(let a), .array(let b)) where a.count == b.count:
            var blended: [StyleValue] = []
            for (x, y) in zip(a, b) {
                guard case .number(let p) = x, case .number(let q) = y else { throw mismatch(.array(a), expected: .array(.number, length: nil)) }
                blended.append(.number(mix(p, q)))
            }
            return .array(blended)
        default:
            throw StyleEvaluationError(message: "Cannot interpolate between \(StyleType.of(from).name) and \(StyleType.of(to).name).")
        }
    }
}
