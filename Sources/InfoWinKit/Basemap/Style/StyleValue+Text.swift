import Graphics

extension StyleValue {
    /// The value a vector tile feature's attribute gives.
    package init(_ value: FeatureValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .number(let number): self = .number(number)
        case .bool(let flag): self = .bool(flag)
        }
    }

    /// The value as `to-string` and `concat` write it, as MapLibre (JavaScript's `String`) does: null is
    /// empty, `1` not `1.0`, a colour `rgba(255,0,0,1)`, arrays and objects as JSON.
    package var text: String {
        switch self {
        case .null: ""
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): Self.javaScriptText(number)
        case .string(let text): text
        case .color(let color): Self.cssText(color)
        case .array, .object: json
        }
    }

    /// JSON as JavaScript's `JSON.stringify` writes it (no spaces; an object's keys sorted, as infowin
    /// keeps no member order).
    var json: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number.isFinite ? Self.javaScriptText(number) : "null"
        case .string(let text): JSONWriter.quoted(text)
        case .color(let color): JSONWriter.quoted(Self.cssText(color))
        case .array(let elements): "[" + elements.map(\.json).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.keys.sorted().map { JSONWriter.quoted($0) + ":" + members[$0]!.json }.joined(separator: ",") + "}"
        }
    }

    /// JavaScript's truthiness, which `to-boolean` follows: null, false, 0, NaN and "" are false.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let flag): flag
        case .number(let number): number != 0 && !number.isNaN
        case .string(let text): !text.isEmpty
        case .color, .array, .object: true
        }
    }

    /// `rgba(r,g,b,a)` with channels rounded to 0…255, as MapLibre's `Color.toString` writes a colour.
    static func cssText(_ color: RGBA) -> String {
        let channels = [color.red, color.green, color.blue].map { javaScriptText(($0 * 255).rounded(.toNearestOrAwayFromZero)) }
        return "rgba(" + channels.joined(separator: ",") + "," + javaScriptText(color.alpha) + ")"
    }

    /// A number as JavaScript's `Number.prototype.toString` writes it: the shortest digits that read back
    /// the same (as Swift's), placed by ECMAScript's rules (exponent form from 1e21 and below 1e-6).
    static func javaScriptText(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number == 0 { return "0" }
        let sign = number < 0 ? "-" : ""
        let (digits, exponent) = shortestDigits(abs(number))
        let count = digits.count
        // `exponent` places the decimal point: the value is 0.DIGITS × 10^exponent.
        if count <= exponent && exponent <= 21 {
            return sign + digits + String(repeating: "0", count: exponent - count)
        }
        if 0 < exponent && exponent <= 21 {
            return sign + digits.prefix(exponent) + "." + digits.dropFirst(exponent)
        }
        if -6 < exponent && exponent <= 0 {
            return sign + "0." + String(repeating: "0", count: -exponent) + digits
        }
        let power = exponent - 1
        let mantissa = count == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst()
        return sign + mantissa + "e" + (power < 0 ? "-" : "+") + String(abs(power))
    }

    /// The significant digits of a positive finite number (no leading or trailing zeros) and the power
    /// of ten that puts the decimal point before the first, read from Swift's shortest round-trip form.
    private static func shortestDigits(_ number: Double) -> (String, Int) {
        let written = "\(number)"
        let parts = written.split(separator: "e", maxSplits: 1)
        let power = parts.count == 2 ? Int(parts[1])! : 0
        let mantissa = parts[0]
        let dot = mantissa.firstIndex(of: ".")
        let whole = dot.map { mantissa[..<$0] } ?? mantissa
        let fraction = dot.map { mantissa[mantissa.index(after: $0)...] } ?? ""
        var digits = Substring(whole + fraction)
        var exponent = whole.count + power
        while digits.first == "0" {
            digits = digits.dropFirst()
            exponent -= 1
        }
        while digits.last == "0" { digits = digits.dropLast() }
        return (String(digits), exponent)
    }
}

extension StyleValue {
    /// JavaScript's `Number(text)`: white space around is allowed, "" is 0, `0x1F`, `0o17`, `0b11` and
    /// `Infinity` are read; nil where it gives NaN.
    static func javaScriptNumber<Text: StringProtocol>(_ text: Text) -> Double? {
        let trimmed = text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        let body = String(trimmed)
        if body.isEmpty { return 0 }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where body.lowercased().hasPrefix(prefix) {
            let digits = body.dropFirst(2)
            guard !digits.isEmpty, let value = UInt64(digits, radix: radix) else { return nil }
            return Double(value)
        }
        var unsigned = Substring(body)
        var sign = 1.0
        if let first = unsigned.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            unsigned = unsigned.dropFirst()
        }
        if unsigned == "Infinity" { return sign * .infinity }
        guard isDecimalLiteral(unsigned), let value = Double(normalizedDecimal(unsigned)) else { return nil }
        return sign * value
    }

    /// ECMAScript's StrUnsignedDecimalLiteral: `1`, `1.`, `.5`, `1.5e-3`.
    private static func isDecimalLiteral(_ text: Substring) -> Bool {
        var rest = text
        let whole = rest.prefix(while: \.isASCIIDigit)
        rest = rest.dropFirst(whole.count)
        var fraction = Substring("")
        if rest.first == "." {
            rest = rest.dropFirst()
            fraction = rest.prefix(while: \.isASCIIDigit)
            rest = rest.dropFirst(fraction.count)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return false }
        if let marker = rest.first, marker == "e" || marker == "E" {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: \.isASCIIDigit)
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }

    /// The literal in the form Swift's `Double(_:)` reads (`1.` → `1.0`, `.5` → `0.5`).
    private static func normalizedDecimal(_ text: Substring) -> String {
        var written = String(text)
        if written.hasPrefix(".") { written = "0" + written }
        written = written.replacing(".e", with: ".0e").replacing(".E", with: ".0E")
        if written.hasSuffix(".") { written += "0" }
        return written
    }
}

extension Character {
    /// 0…9 only (not other scripts' digits).
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
