/// How a number is written, in the locale's own digits and separators.
package enum NumberStyle: Sendable, Hashable {
    /// A whole number, grouped (`%lld`: 1,234,567).
    case integer
    /// Grouped, with exactly this many fraction digits (`%.2f`; `%f` has 6), at most `fractionDigitLimit`.
    case fixed(fractionDigits: Int)
    /// Ungrouped, the shortest form up to 16 significant digits, as an NSNumber describes itself (`%@`: 5, 2.5).
    case plain

    /// The most fraction digits `fixed` may ask for.
    package static let fractionDigitLimit = 30

    /// ICU's number skeleton for the style.
    var skeleton: String {
        switch self {
        case .integer:
            return "precision-integer"
        case .fixed(let digits):
            return digits <= 0 ? "precision-integer" : "." + String(repeating: "0", count: min(digits, Self.fractionDigitLimit))
        case .plain:
            return "@" + String(repeating: "#", count: 15) + " group-off"
        }
    }
}
