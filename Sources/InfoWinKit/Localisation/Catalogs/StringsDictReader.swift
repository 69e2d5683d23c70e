/// Reads a `.stringsdict` (an XML plist): each key's `NSStringLocalizedFormatKey` and its `%#@name@`
/// placeholders' `NSStringPluralRuleType` entries (`NSStringFormatValueTypeKey` and the forms `zero` …
/// `other`) become a `LocalisedString` with its `LocalisedSubstitution`s. A substitution's argument is the
/// position of its `%#@name@` among the format's arguments, as Foundation counts them. An error names the
/// file and the line.
enum StringsDictReader {
    static let formatKey = "NSStringLocalizedFormatKey"

    /// Every key's string, in order.
    static func strings(_ bytes: [UInt8], file: String) throws(InfoWinError) -> [(key: String, string: LocalisedString, element: MarkupElement)] {
        let (root, rootElement) = try PlistReader.parse(bytes, file: file)
        guard case .dictionary(let entries) = root else { throw rootElement.failure(file, "expected a <dict> of keys, got \(root.typeName)") }
        guard entries.count <= CatalogLimits.keys else { throw rootElement.failure(file, "more than \(Format.grouped(CatalogLimits.keys)) keys") }
        var strings: [(key: String, string: LocalisedString, element: MarkupElement)] = []
        for entry in entries {
            strings.append((entry.key, try string(entry.value, element: entry.element, file: file), entry.element))
        }
        return strings
    }

    private static func string(_ value: PlistValue, element: MarkupElement, file: String) throws(InfoWinError) -> LocalisedString {
        guard case .dictionary(let members) = value else { throw element.failure(file, "expected a <dict>, got \(value.typeName)") }
        guard let format = members.first(where: { $0.key == formatKey }) else { throw element.failure(file, "the <dict> has no \(formatKey)") }
        guard case .string(let text) = format.value else { throw format.element.failure(file, "\(formatKey): expected a <string>") }
        let positions = argumentPositions(text)
        var substitutions: [String: LocalisedSubstitution] = [:]
        for member in members where member.key != formatKey {
            let argument = positions[member.key] ?? (substitutions.values.map(\.argumentNumber).max() ?? positions.count) + 1
            substitutions[member.key] = try substitution(member.value, element: member.element, argument: argument, file: file)
        }
        return LocalisedString(value: .text(text), substitutions: substitutions)
    }

    private static func substitution(_ value: PlistValue, element: MarkupElement, argument: Int, file: String) throws(InfoWinError) -> LocalisedSubstitution {
        guard case .dictionary(let members) = value else { throw element.failure(file, "expected a <dict>, got \(value.typeName)") }
        var type: String?, specifier: String?
        var forms: [PluralCategory: String] = [:]
        for member in members {
            guard case .string(let text) = member.value else { throw member.element.failure(file, "\(member.key): expected a <string>") }
            switch member.key {
            case "NSStringFormatSpecTypeKey": type = text
            case "NSStringFormatValueTypeKey": specifier = text
            default:
                guard let category = PluralCategory(rawValue: member.key) else {
                    throw member.element.failure(file, "unknown key \(JSONWriter.quoted(member.key)); expected NSStringFormatSpecTypeKey, NSStringFormatValueTypeKey, zero, one, two, few, many or other")
                }
                forms[category] = text
            }
        }
        guard type == "NSStringPluralRuleType" else {
            throw element.failure(file, "NSStringFormatSpecTypeKey: expected NSStringPluralRuleType, got \(type.map(JSONWriter.quoted) ?? "none")")
        }
        guard let specifier else { throw element.failure(file, "the substitution has no NSStringFormatValueTypeKey") }
        return LocalisedSubstitution(argumentNumber: argument, formatSpecifier: specifier, forms: forms)
    }

    /// The argument number of each `%#@name@` in `format`: its `n$` when written, else its place among the
    /// format's unnumbered specifiers (`%%` not counted).
    static func argumentPositions(_ format: String) -> [String: Int] {
        var positions: [String: Int] = [:]
        var count = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                rest = rest.dropFirst()
                continue
            }
            let digits = rest.prefix(while: \.isNumber)
            var explicit: Int?
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
                explicit = Int(digits)
                rest = rest.dropFirst(digits.count + 1)
            }
            if explicit == nil { count += 1 }
            let number = explicit ?? count
            if rest.hasPrefix("#@"), let end = rest.dropFirst(2).firstIndex(of: "@") {
                let name = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end])
                if positions[name] == nil { positions[name] = number }
                rest = rest[rest.index(after: end)...]
            } else {
                rest = rest.drop { !$0.isLetter || "hlqztjL".contains($0) }.dropFirst()
            }
        }
        return positions
    }
}
