/// The whole-string templates (`"{{userData.status}}"`) of one marker's typed values, filled: each filled
/// value stands in the JSON at a negative offset that finds its entry here, so that the value reader reads
/// it as the key's type and names the template and its text when that fails.
struct FilledValues: Sendable {
    /// One filled template.
    package struct Fill: Sendable {
        /// The template as written, `{{userData.status}}`.
        let template: String
        /// Its text for the marker.
        let text: String

        /// The text quoted for messages, `'blu'`.
        var quotedText: String { "'" + text.abbreviated(60) + "'" }
    }

    private(set) var fills: [Fill] = []

    /// The fill a value stands for, or nil for a value written in the spec.
    subscript(value: JSONValue) -> Fill? {
        let index = -value.offset - 1
        return value.offset < 0 && index < fills.count ? fills[index] : nil
    }

    /// The JSON value that stands for `text`, filled from `template`: a boolean for `true` and `false`, a
    /// number for a number's text, else a string, so that keys of every type can read it.
    mutating func value(filling template: String, with text: String) -> JSONValue {
        fills.append(Fill(template: template, text: text))
        let offset = -fills.count
        if text == "true" || text == "false" { return JSONValue(kind: .bool(text == "true"), offset: offset) }
        if let number = Double(text), number.isFinite, text.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true {
            return JSONValue(kind: .number(number), offset: offset)
        }
        return JSONValue(kind: .string(text), offset: offset)
    }
}
