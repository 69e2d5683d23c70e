/// One argument of a localised string (`{{strings.walk(5, "Hauptbahnhof")}}`): a number or a text.
package enum FormatArgument: Sendable, Equatable {
    /// A number: a literal of the spec, or a JSON number of `userData`.
    case number(Double)
    /// A text; one that reads as a number (`"5"`, `"-2.5"`, as CSV cells do) also fills a numeric specifier.
    case string(String)

    /// The number it is or reads as (`5`, `"5"`, `"1e3"`); nil for other text and numbers that are not finite.
    var numericValue: Double? {
        switch self {
        case .number(let value):
            return value
        case .string(let text):
            return Self.decimalNumber(text)
        }
    }

    /// The argument as a message shows it: `5`, `2.5`, `"Hauptbahnhof"`.
    var described: String {
        switch self {
        case .number(let value):
            if let whole = Int64(exactly: value) { return String(whole) }
            return String(value)
        case .string(let text):
            return JSONWriter.quoted(text)
        }
    }

    /// A decimal number written as JSON or a spreadsheet writes one (`-12`, `2.50`, `.5`, `1e3`), spaces
    /// around it allowed; `nan`, `inf`, hexadecimal and numbers too large to be finite are not numbers.
    private static func decimalNumber(_ text: String) -> Double? {
        let bytes = Array(text.utf8.drop { $0 == 0x20 }.reversed().drop { $0 == 0x20 }.reversed())
        var index = 0
        func skipSign() { if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 } }
        func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }
        skipSign()
        var count = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            count += digits()
        }
        guard count > 0 else { return nil }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            skipSign()
            guard digits() > 0 else { return nil }
        }
        guard index == bytes.count, let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }
}
