/// Numbers as people read them.
package enum Format {
    /// 468000 → `468,000`.
    /// `32 MiB`, `64 KiB`, or bytes: a size as the limits' table and the errors name it.
    package static func bytes(_ value: Int) -> String {
        if value >= 1 << 20, value % (1 << 20) == 0 { return grouped(value >> 20) + " MiB" }
        if value >= 1 << 10, value % (1 << 10) == 0 { return grouped(value >> 10) + " KiB" }
        return grouped(value) + " bytes"
    }

    package static func grouped(_ value: Int) -> String {
        let digits = Array(String(abs(value)))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }

    /// 0.00026 → `0.026%`.
    package static func percent(_ ratio: Double) -> String {
        let thousandths = Int((ratio * 100_000).rounded())
        let whole = thousandths / 1000, fraction = thousandths % 1000
        let padded = String(repeating: "0", count: 3 - String(fraction).count) + String(fraction)
        return "\(whole).\(padded)%"
    }

    /// A number as JSON writes it: `390`, `12.5`.
    package static func number(_ value: Double) -> String {
        JSONWriter.format(value)
    }

    /// 1, "spec" → `1 spec`; 3, "spec" → `3 specs`.
    package static func count(_ value: Int, _ noun: String) -> String {
        "\(grouped(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    /// 1.26 → `1.3 s`.
    package static func seconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
