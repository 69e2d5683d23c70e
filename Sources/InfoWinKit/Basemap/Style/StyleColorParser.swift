import Graphics

/// Colours written as MapLibre reads them (CSS Color 4): names, `transparent`, `#rgb`, `#rgba`, `#rrggbb`,
/// `#rrggbbaa`, and `rgb()`, `rgba()`, `hsl()`, `hsla()` with commas or spaces (`rgb(255 0 0 / 50%)`).
enum StyleColorParser {
    /// The colour `text` writes, or nil when it writes none.
    package static func parse(_ text: String) -> RGBA? {
        let input = String(text.lowercased().trimmingWhitespace)
        if input == "transparent" { return RGBA(red: 0, green: 0, blue: 0, alpha: 0) }
        if let rgb = CSSColorNames.table[input] { return color(rgb: rgb) }
        if input.hasPrefix("#") { return hex(input.dropFirst()) }
        for (prefix, isHSL) in [("rgba(", false), ("rgb(", false), ("hsla(", true), ("hsl(", true)] where input.hasPrefix(prefix) {
            guard input.hasSuffix(")") else { return nil }
            let inside = input.dropFirst(prefix.count).dropLast()
            return isHSL ? hsl(inside) : rgb(inside)
        }
        return nil
    }

    private static func color(rgb: UInt32) -> RGBA {
        RGBA(red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255)
    }

    private static func hex(_ digits: Substring) -> RGBA? {
        guard [3, 4, 6, 8].contains(digits.count), let value = UInt32(digits, radix: 16), digits.allSatisfy(\.isHexDigit) else { return nil }
        let short = digits.count <= 4
        let channelCount = short ? digits.count : digits.count / 2
        var channels: [Double] = []
        for index in 0..<channelCount {
            let shift = UInt32((channelCount - 1 - index) * (short ? 4 : 8))
            let raw = short ? (value >> shift & 0xF) * 17 : value >> shift & 0xFF
            channels.append(Double(raw) / 255)
        }
        return RGBA(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
    }

    /// One number of a colour function and whether it was a percentage.
    private struct Component {
        var number: Double
        var isPercent: Bool
    }

    /// The components of a function's inside and the separators between them: "  " or "  /" for the
    /// space syntax, ",," or ",,," for the comma syntax; nil when it cannot be read.
    private static func components(_ inside: Substring, allowingDegrees: Bool) -> ([Component], String)? {
        var components: [Component] = []
        var separators = ""
        var rest = inside.trimmingWhitespace
        while !rest.isEmpty {
            let token = rest.prefix { "0123456789e.+-".contains($0) }
            guard !token.isEmpty, let number = StyleValue.javaScriptNumber(token), number.isFinite else { return nil }
            rest = rest.dropFirst(token.count)
            var isPercent = false
            if rest.hasPrefix("%") {
                isPercent = true
                rest = rest.dropFirst()
            } else if allowingDegrees, components.isEmpty, rest.hasPrefix("deg") {
                rest = rest.dropFirst(3)
            }
            components.append(Component(number: number, isPercent: isPercent))
            let trimmed = rest.drop(while: \.isWhitespace)
            let hadSpace = trimmed.count < rest.count
            rest = trimmed
            if rest.isEmpty { break }
            if rest.hasPrefix(",") || rest.hasPrefix("/") {
                separators.append(rest.first!)
                rest = rest.dropFirst().drop(while: \.isWhitespace)
            } else if hadSpace {
                separators.append(" ")
            } else {
                return nil
            }
        }
        guard components.count == separators.count + 1, ["  ", "  /", ",,", ",,,"].contains(separators) else { return nil }
        return (components, separators)
    }

    private static func alpha(_ component: Component?) -> Double {
        guard let component else { return 1 }
        return min(max(component.isPercent ? component.number / 100 : component.number, 0), 1)
    }

    private static func rgb(_ inside: Substring) -> RGBA? {
        guard let (parts, _) = components(inside, allowingDegrees: false), parts.count >= 3 else { return nil }
        let channels = parts.prefix(3)
        let scale: Double
        if channels.allSatisfy(\.isPercent) { scale = 100 } else if channels.allSatisfy({ !$0.isPercent }) { scale = 255 } else { return nil }
        let values = channels.map { min(max($0.number / scale, 0), 1) }
        return RGBA(red: values[0], green: values[1], blue: values[2], alpha: alpha(parts.count == 4 ? parts[3] : nil))
    }

    private static func hsl(_ inside: Substring) -> RGBA? {
        guard let (parts, _) = components(inside, allowingDegrees: true), parts.count >= 3,
              !parts[0].isPercent, parts[1].isPercent, parts[2].isPercent
        else { return nil }
        let saturation = min(max(parts[1].number, 0), 100) / 100
        let lightness = min(max(parts[2].number, 0), 100) / 100
        let hue = parts[0].number
        // CSS Color 4's hslToRgb: each channel from its own phase around the hue circle.
        func channel(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let wrapped = k < 0 ? k + 12 : k
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(wrapped - 3, 9 - wrapped, 1))
        }
        return RGBA(red: channel(0), green: channel(8), blue: channel(4), alpha: alpha(parts.count == 4 ? parts[3] : nil))
    }
}

extension StringProtocol {
    /// The text without white space at its ends, as JavaScript's `trim()` cuts it.
    fileprivate var trimmingWhitespace: SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
