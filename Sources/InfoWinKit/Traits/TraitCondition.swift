/// A view's `if` on the traits it is drawn with (SPEC.md, "Shards by render, causes, CI engines"):
/// `isAccessibilityCategory` (AX1…AX5), `userInterfaceStyle == dark` (`==`, `!=`), or
/// `preferredContentSizeCategory >= XXL` (`==`, `!=`, `<`, `<=`, `>`, `>=`, by the category's place in
/// XS … XXXL, AX1 … AX5): a card whose `hstack` becomes a `vstack` at accessibility sizes, as apps do.
struct TraitCondition {
    /// Why a condition cannot be read: the message names the trait, operator or value.
    struct ParseError: Error {
        let message: String
    }

    private enum Test {
        case isAccessibility
        case style(equal: Bool, UserInterfaceStyle)
        case category(ComparisonOperator, ContentSizeCategory)
    }

    private enum ComparisonOperator: String, CaseIterable {
        case equal = "==", notEqual = "!=", lessOrEqual = "<=", greaterOrEqual = ">=", less = "<", greater = ">"

        func compare(_ a: Int, _ b: Int) -> Bool {
            switch self {
            case .equal: a == b
            case .notEqual: a != b
            case .less: a < b
            case .lessOrEqual: a <= b
            case .greater: a > b
            case .greaterOrEqual: a >= b
            }
        }
    }

    private let test: Test

    /// The condition after `traits.`.
    init(parsing text: String) throws(ParseError) {
        let traitNames = ["isAccessibilityCategory", "userInterfaceStyle", "preferredContentSizeCategory"]
        let trimmed = text[...].trimmingSpaces
        if trimmed == "isAccessibilityCategory" {
            test = .isAccessibility
            return
        }
        // The longest operator first, so that `<=` is not read as `<`.
        guard let op = ComparisonOperator.allCases.first(where: { trimmed.contains($0.rawValue) }),
              let range = trimmed.firstRange(of: op.rawValue)
        else {
            let guess = closestName(to: trimmed, among: traitNames).map { " (did you mean \(JSONWriter.quoted($0))?)" } ?? ""
            throw ParseError(message: "unknown trait condition \(JSONWriter.quoted("traits." + trimmed))\(guess); expected traits.isAccessibilityCategory, traits.userInterfaceStyle == light|dark or traits.preferredContentSizeCategory OP SIZE")
        }
        let trait = trimmed[..<range.lowerBound].trimmingSpaces
        let written = trimmed[range.upperBound...].trimmingSpaces
        switch trait {
        case "userInterfaceStyle":
            guard op == .equal || op == .notEqual else {
                throw ParseError(message: "userInterfaceStyle is compared with == or != only, not \(op.rawValue)")
            }
            guard let style = UserInterfaceStyle(rawValue: written) else {
                throw ParseError(message: "unknown userInterfaceStyle \(JSONWriter.quoted(written)); expected light or dark")
            }
            test = .style(equal: op == .equal, style)
        case "preferredContentSizeCategory":
            guard let category = ContentSizeCategory(rawValue: written) else {
                let guess = closestName(to: written, among: ContentSizeCategory.names).map { " (did you mean \(JSONWriter.quoted($0))?)" } ?? ""
                throw ParseError(message: "unknown preferredContentSizeCategory \(JSONWriter.quoted(written))\(guess); expected one of \(ContentSizeCategory.names.joined(separator: ", "))")
            }
            test = .category(op, category)
        default:
            let guess = closestName(to: trait, among: traitNames).map { " (did you mean \(JSONWriter.quoted($0))?)" } ?? ""
            throw ParseError(message: "unknown trait \(JSONWriter.quoted(trait))\(guess); the traits are \(traitNames.joined(separator: ", "))")
        }
    }

    /// True when `traits` meet the condition.
    func holds(for traits: Traits) -> Bool {
        switch test {
        case .isAccessibility: traits.category.column >= ContentSizeCategory.accessibility1.column
        case .style(let equal, let style): (traits.style == style) == equal
        case .category(let op, let category): op.compare(traits.category.column, category.column)
        }
    }
}
