/// Writes JSON text: pretty-printed with two-space indents, keys in the order given, numbers in their
/// shortest exact form (whole numbers without a decimal point).
package enum JSONWriter {
    /// The document as text, ending with a newline.
    package static func write(_ value: JSONValue.Kind) -> String {
        var output = ""
        write(value, indent: "", into: &output)
        output += "\n"
        return output
    }

    /// The value on one line (for JSON Lines output).
    package static func writeCompact(_ value: JSONValue.Kind) -> String {
        var output = ""
        write(value, indent: nil, into: &output)
        return output
    }

    private static func write(_ value: JSONValue.Kind, indent: String?, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += format(number)
        case .string(let text): output += quoted(text)
        case .array(let elements):
            writeContainer(open: "[", close: "]", elements, indent: indent, into: &output) { element, inner, output in
                write(element.kind, indent: inner, into: &output)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", members, indent: indent, into: &output) { member, inner, output in
                output += quoted(member.key) + (inner == nil ? ":" : ": ")
                write(member.value.kind, indent: inner, into: &output)
            }
        }
    }

    private static func writeContainer<Element>(
        open: String, close: String, _ elements: [Element], indent: String?, into output: inout String,
        writeElement: (Element, String?, inout String) -> Void
    ) {
        guard !elements.isEmpty else {
            output += open + close
            return
        }
        let inner = indent.map { $0 + "  " }
        output += open
        for (index, element) in elements.enumerated() {
            if index > 0 { output += "," }
            if let inner { output += "\n" + inner }
            writeElement(element, inner, &output)
        }
        if let indent { output += "\n" + indent }
        output += close
    }

    /// A number as JSON: `390`, `12.5`, `-0.127`.
    package static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }

    /// A string in double quotes with JSON escapes; C0 and C1 controls, DEL and U+2028/U+2029 are escaped
    /// too, so JSON shown on a terminal (`hit`'s answer) cannot send it an escape sequence.
    package static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                output += "\\u" + hex(scalar.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}

extension JSONValue.Kind {
    /// An object from key–value pairs in order (for writing reports).
    package static func members(_ pairs: KeyValuePairs<String, JSONValue.Kind>) -> JSONValue.Kind {
        .object(pairs.map { JSONMember(key: $0.key, value: JSONValue(kind: $0.value, offset: 0)) })
    }

    /// This object with one more member at its end.
    package func adding(_ key: String, _ value: JSONValue.Kind) -> JSONValue.Kind {
        guard case .object(let members) = self else { return self }
        return .object(members + [JSONMember(key: key, value: JSONValue(kind: value, offset: 0))])
    }

    /// This object with the value of `key` replaced (kept in its place).
    package func replacing(_ key: String, with value: JSONValue.Kind) -> JSONValue.Kind {
        guard case .object(let members) = self else { return self }
        return .object(members.map { $0.key == key ? JSONMember(key: key, value: JSONValue(kind: value, offset: 0)) : $0 })
    }

    /// An array of values (for writing reports).
    package static func list(_ elements: [JSONValue.Kind]) -> JSONValue.Kind {
        .array(elements.map { JSONValue(kind: $0, offset: 0) })
    }
}
