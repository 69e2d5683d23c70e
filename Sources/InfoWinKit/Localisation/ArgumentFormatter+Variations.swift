import ICUText

/// The variations of a localised string: the form its arguments and the device choose.
extension ArgumentFormatter {
    /// The format string `value` chooses for these arguments and `device`.
    mutating func text(of value: LocalisedValue, device: String) throws(LocalisationError) -> String {
        switch value {
        case .text(let text):
            return text
        case .device(let forms):
            guard let form = forms[device] ?? forms["other"] else {
                throw .missingForm("device variations have no \(JSONWriter.quoted(device)) or \"other\" form")
            }
            return try text(of: form, device: device)
        case .plural(let forms):
            guard let position = arguments.firstIndex(where: { $0.numericValue != nil }).map({ $0 + 1 }) else {
                throw .noNumber(given: arguments.count)
            }
            let number = try argument(position, for: "plural variations")
            let value = number.numericValue ?? 0
            let style = Self.style(showing: position, in: .plural(forms)) ?? (Int64(exactly: value) != nil ? .integer : .plain)
            let category = try numbers.category(value, style: style)
            guard let form = forms[category] ?? forms[.other] else {
                throw .missingForm("plural variations have no \(category.formNames) form")
            }
            return try text(of: form, device: device)
        }
    }

    /// How the forms show the argument at `position` (the `%.1f` of "%.1f km"), so that its plural category
    /// counts the fraction digits shown; the `other` form is read first. Nil when no form shows it.
    private static func style(showing position: Int, in value: LocalisedValue) -> NumberStyle? {
        for text in value.formats {
            var next = 1
            for token in (try? FormatParser.parse(text)) ?? [] {
                switch token {
                case .specifier(let specifier):
                    let shown = specifier.position ?? next
                    if specifier.position == nil { next += 1 }
                    if shown == position { return specifier.conversion.numberStyle }
                case .substitution(_, nil):
                    next += 1
                case .literal, .substitution:
                    continue
                }
            }
        }
        return nil
    }
}

extension PluralCategory {
    /// The forms that would serve this category, for messages: `"few" or "other"`, or `"other"`.
    var formNames: String { self == .other ? "\"other\"" : "\"\(rawValue)\" or \"other\"" }
}

extension LocalisedValue {
    /// Every format string of the value, `other` forms first.
    var formats: [String] {
        switch self {
        case .text(let text):
            return [text]
        case .plural(let forms):
            return ([.other] + PluralCategory.allCases.filter { $0 != .other }).compactMap { forms[$0] }.flatMap(\.formats)
        case .device(let forms):
            return forms.sorted { ($0.key != "other" ? 1 : 0, $0.key) < ($1.key != "other" ? 1 : 0, $1.key) }.flatMap(\.value.formats)
        }
    }
}
