/// Filters, in either syntax: MapLibre tells a legacy filter (`["==", "class", "park"]`) from an
/// expression by its shape, and so does infowin (`isExpressionFilter`).
extension StyleExpressionParser {
    /// Compiles a layer's `filter`.
    mutating func parseFilter(_ json: JSONValue, at path: JSONPath) throws(StyleExpressionIssue) -> StyleExpression {
        if Self.classify(json) == .legacy {
            return try parseLegacyFilter(json, at: path, depth: 0)
        }
        return try parse(json, at: path, expecting: .boolean).expression
    }

    private enum Syntax { case expression, legacy, neutral }

    /// MapLibre's `classifyFilter`: which syntax a filter is written in (`neutral` when both read it alike).
    private static func classify(_ json: JSONValue) -> Syntax {
        if case .bool = json.kind { return .neutral }
        guard case .array(let elements) = json.kind, let first = elements.first, case .string(let name) = first.kind else {
            if case .array(let elements) = json.kind, !elements.isEmpty { return .expression }
            return .legacy
        }
        let second = elements.count > 1 ? elements[1].kind : nil
        let secondIsString = if case .string? = second { true } else { false }
        let isArray = { (index: Int) -> Bool in
            guard index < elements.count, case .array = elements[index].kind else { return false }
            return true
        }
        switch name {
        case "has":
            if case .string(let key)? = second, key == "$id" || key == "$type" { return .legacy }
            if elements.count < 2 { return .legacy }
            return elements.count == 2 ? .neutral : .expression
        case "in":
            return elements.count >= 3 && (!secondIsString || isArray(2)) ? .expression : .legacy
        case "!in", "!has", "none":
            return .legacy
        case "==", "!=", ">", ">=", "<", "<=":
            return elements.count != 3 || isArray(1) || isArray(2) ? .expression : .legacy
        case "any", "all":
            var sawLegacy = false
            for child in elements.dropFirst() {
                switch classify(child) {
                case .expression: return .expression
                case .legacy: sawLegacy = true
                case .neutral: break
                }
            }
            return sawLegacy ? .legacy : .neutral
        default:
            return .expression
        }
    }

    private mutating func parseLegacyFilter(_ json: JSONValue, at path: JSONPath, depth: Int) throws(StyleExpressionIssue) -> StyleExpression {
        try count(path)
        guard depth < Self.depthLimit else { throw .invalid(path, "the filter nests deeper than \(Self.depthLimit) levels") }
        guard case .array(let elements) = json.kind else {
            throw .invalid(path, "expected a filter (an array such as [\"==\", \"class\", \"park\"]), got \(json.typeName)")
        }
        guard let first = elements.first, case .string(let name) = first.kind else {
            throw .invalid(path, "expected a filter operator's name first, got \(elements.first?.typeName ?? "an empty array")")
        }
        let operands = Array(elements.dropFirst())
        switch name {
        case "all", "any", "none":
            var children: [StyleExpression] = []
            for (index, child) in operands.enumerated() {
                let compiled = try parseLegacyFilter(child, at: path.appending(index + 1), depth: depth + 1)
                children.append(name == "none" ? .operation(.not, [compiled]) : compiled)
            }
            return .operation(name == "any" ? .any : .all, children)
        case "==", "!=", "<", "<=", ">", ">=":
            guard operands.count == 2 else { throw .invalid(path, "expected [\"\(name)\", key, value], got \(operands.count) operands") }
            let key = try legacyKey(operands[0], at: path.appending(1))
            let value = try legacyValue(operands[1], at: path.appending(2), key: key)
            if key == .geometryType, name != "==", name != "!=" {
                throw .invalid(path, "\"$type\" can only be compared with \"==\" or \"!=\"")
            }
            if name == "!=" { return .operation(.not, [.legacy(.compare(.equal, key, value))]) }
            return .legacy(.compare(StyleComparison(rawValue: name)!, key, value))
        case "in", "!in":
            guard !operands.isEmpty else { throw .invalid(path, "expected [\"\(name)\", key, values…], got no key") }
            let key = try legacyKey(operands[0], at: path.appending(1))
            var values: [StyleValue] = []
            for (index, operand) in operands.dropFirst().enumerated() {
                values.append(try legacyValue(operand, at: path.appending(index + 2), key: key))
            }
            let membership = StyleExpression.legacy(.membership(key, values))
            return name == "in" ? membership : .operation(.not, [membership])
        case "has", "!has":
            guard operands.count == 1 else { throw .invalid(path, "expected [\"\(name)\", key], got \(operands.count) operands") }
            let has = StyleExpression.legacy(.has(try legacyKey(operands[0], at: path.appending(1))))
            return name == "has" ? has : .operation(.not, [has])
        default:
            throw .invalid(path.appending(0), "unknown filter operator \(JSONWriter.quoted(name.abbreviated(60)))")
        }
    }

    private mutating func legacyKey(_ json: JSONValue, at path: JSONPath) throws(StyleExpressionIssue) -> StyleLegacyFilter.Key {
        try count(path)
        guard case .string(let key) = json.kind else { throw .invalid(path, "expected a property name (a string), got \(json.typeName)") }
        switch key {
        case "$type": return .geometryType
        case "$id": return .id
        default: return .property(key)
        }
    }

    private mutating func legacyValue(_ json: JSONValue, at path: JSONPath, key: StyleLegacyFilter.Key) throws(StyleExpressionIssue) -> StyleValue {
        try count(path)
        switch json.kind {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text):
            if key == .geometryType, !["Point", "LineString", "Polygon"].contains(text) {
                throw .invalid(path, "expected \"Point\", \"LineString\" or \"Polygon\", got \(JSONWriter.quoted(text.abbreviated(60)))")
            }
            return .string(text)
        case .array, .object:
            throw .invalid(path, "expected a string, number, boolean or null to compare with, got \(json.typeName)")
        }
    }
}
