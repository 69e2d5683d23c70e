import Graphics
import HTTPServer
import InfoWinKit

/// Google Static Maps' `style` parameter (repeatable): `feature:TYPE|element:TYPE|RULE|RULE…`, both
/// selectors optional (`all` by default), the rules `visibility`, `color`, `hue`, `saturation`,
/// `lightness`, `gamma`, `invert_lightness` and `weight`, read into `GoogleStyleRule`s in the URL's order.
/// Anything Google would not take, or infowin cannot draw, is a 400 naming it.
package enum StaticMapStyleRules {
    /// The most `style` parameters a request takes: each is applied to every layer of the basemap.
    package static let styleLimit = 100
    /// The most items (selectors and rules) one `style` holds.
    package static let itemLimit = 16
    /// The widest `weight`, in pixels.
    package static let weightLimit = 100.0

    static let ruleNames = ["visibility", "color", "hue", "saturation", "lightness", "gamma", "invert_lightness", "weight"]

    /// The rules of every `style` parameter, in order; none when there is no `style`.
    package static func rules(_ parameters: [QueryParameter]) throws(Problem) -> [GoogleStyleRule] {
        let values = parameters.filter { $0.name == "style" }.map(\.value)
        guard values.count <= styleLimit else { throw Problem(400, "style: at most \(styleLimit) styles a request, got \(values.count)") }
        var rules: [GoogleStyleRule] = []
        for value in values { rules.append(try rule(value)) }
        return rules
    }

    /// One `style` value.
    package static func rule(_ value: String) throws(Problem) -> GoogleStyleRule {
        let items = value.split(separator: "|", omittingEmptySubsequences: true)
        guard items.count <= itemLimit else { throw Problem(400, "style: at most \(itemLimit) items (feature, element and rules) a style, got \(items.count)") }
        var feature: GoogleStyleFeature?, element: GoogleStyleElement?
        var operations: [GoogleStyleOperation] = [], ruleCount = 0
        for item in items {
            guard let colon = item.firstIndex(of: ":") else {
                throw Problem(400, "style: expected feature:TYPE, element:TYPE or a rule NAME:VALUE, got \(JSONWriter.quoted(String(item)))")
            }
            let key = String(item[..<colon]), text = String(item[item.index(after: colon)...])
            switch key {
            case "feature", "element":
                guard ruleCount == 0 else { throw Problem(400, "style: \(key): comes before the rules, as Google's feature:…|element:…|RULES") }
                if key == "feature" {
                    guard feature == nil else { throw Problem(400, "style: feature: given more than once in one style") }
                    feature = try named(text, kind: "feature", GoogleStyleFeature.self)
                } else {
                    guard element == nil else { throw Problem(400, "style: element: given more than once in one style") }
                    element = try named(text, kind: "element", GoogleStyleElement.self)
                }
            default:
                ruleCount += 1
                if let operation = try operation(key, text) { operations.append(operation) }
            }
        }
        guard ruleCount > 0 else {
            throw Problem(400, "style: \(JSONWriter.quoted(value)) has no rule; give one of \(ruleNames.joined(separator: ", ")) after feature:…|element:…")
        }
        return GoogleStyleRule(feature: feature ?? .all, element: element ?? .all, operations: operations)
    }

    private static func named<Name: RawRepresentable<String> & CaseIterable>(_ text: String, kind: String, _: Name.Type) throws(Problem) -> Name {
        if let name = Name(rawValue: text) { return name }
        let known = Name.allCases.map(\.rawValue)
        let hint = closestName(to: text, among: known).map { " (did you mean \($0)?)" } ?? ""
        throw Problem(400, "style: unknown \(kind) \(JSONWriter.quoted(text))\(hint); the \(kind)s are \(known.joined(separator: ", "))")
    }

    /// The rule `key:text`; nil for `invert_lightness:false`, which changes nothing.
    private static func operation(_ key: String, _ text: String) throws(Problem) -> GoogleStyleOperation? {
        switch key {
        case "visibility":
            guard let visibility = GoogleStyleVisibility(rawValue: text) else {
                throw Problem(400, "style: visibility: expected on, off or simplified, got \(JSONWriter.quoted(text))")
            }
            return .visibility(visibility)
        case "color": return .color(.color(try hexColor(text, key)))
        case "hue": return .color(.hue(try hexColor(text, key)))
        case "saturation": return .color(.saturation(try number(text, key, in: -100...100)))
        case "lightness": return .color(.lightness(try number(text, key, in: -100...100)))
        case "gamma": return .color(.gamma(try number(text, key, in: 0.01...10)))
        case "weight": return .weight(try number(text, key, in: 0...weightLimit))
        case "invert_lightness":
            guard text == "true" || text == "false" else { throw Problem(400, "style: invert_lightness: expected true or false, got \(JSONWriter.quoted(text))") }
            return text == "true" ? .color(.invertLightness) : nil
        default:
            let hint = closestName(to: key, among: ruleNames).map { " (did you mean \($0)?)" } ?? ""
            throw Problem(400, "style: unknown rule \(JSONWriter.quoted(key))\(hint); the rules are \(ruleNames.joined(separator: ", ")), after feature:… and element:…")
        }
    }

    /// `0xRRGGBB` (Google's form; `#RRGGBB` too) as a colour.
    private static func hexColor(_ text: String, _ key: String) throws(Problem) -> RGBA {
        let digits = text.hasPrefix("0x") || text.hasPrefix("0X") ? text.dropFirst(2) : text.hasPrefix("#") ? text.dropFirst() : ""
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let rgb = UInt32(digits, radix: 16) else {
            throw Problem(400, "style: \(key): expected a colour 0xRRGGBB (six hexadecimal digits, as 0xff0000), got \(JSONWriter.quoted(text))")
        }
        return RGBA(red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255)
    }

    private static func number(_ text: String, _ key: String, in range: ClosedRange<Double>) throws(Problem) -> Double {
        // Decimal only: Swift would read 0x10 or nan too.
        guard text.allSatisfy({ "0123456789.+-eE".contains($0) }), let value = Double(text), range.contains(value) else {
            throw Problem(400, "style: \(key): expected a number from \(JSONWriter.format(range.lowerBound)) to \(JSONWriter.format(range.upperBound)), got \(JSONWriter.quoted(text))")
        }
        return value
    }
}
