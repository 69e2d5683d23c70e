/// A property list's values, as XML plists (`<plist version="1.0">`) write them.
enum PlistValue {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case array([PlistValue])
    /// Keys in order, with the element of each value (for its line).
    case dictionary([PlistMember])

    /// How the type is named in messages.
    var typeName: String {
        switch self {
        case .string: "a <string>"
        case .integer: "an <integer>"
        case .real: "a <real>"
        case .bool: "a <true/> or <false/>"
        case .array: "an <array>"
        case .dictionary: "a <dict>"
        }
    }
}

/// One `<key>` of a `<dict>` and its value, with the value's element (for its line).
struct PlistMember {
    let key: String
    let value: PlistValue
    let element: MarkupElement
}

/// Reads an XML property list (the format of `.stringsdict` files) strictly: `<plist>` holding one value;
/// `<dict>` of `<key>`s each followed by its value, `<array>`, `<string>`, `<integer>`, `<real>`, `<true/>`,
/// `<false/>`. An error names the file and the line.
enum PlistReader {
    /// The root value of a plist and its element.
    static func parse(_ bytes: [UInt8], file: String) throws(InfoWinError) -> (value: PlistValue, element: MarkupElement) {
        let root = try XMLReader.parse(bytes, file: file)
        guard root.name == "plist" else { throw root.failure(file, "expected <plist>, got <\(root.name)>") }
        guard root.hasOnlyElements, root.elements.count == 1, let value = root.elements.first else {
            throw root.failure(file, "<plist> must hold exactly one value")
        }
        return (try self.value(value, file: file), value)
    }

    private static func value(_ element: MarkupElement, file: String) throws(InfoWinError) -> PlistValue {
        switch element.name {
        case "string":
            guard element.elements.isEmpty else { throw element.failure(file, "<string> holds markup") }
            return .string(element.textContent)
        case "integer":
            guard let number = Int(element.textContent.trimmed) else { throw element.failure(file, "expected a whole number in <integer>") }
            return .integer(number)
        case "real":
            guard let number = Double(element.textContent.trimmed), number.isFinite else {
                throw element.failure(file, "expected a finite number in <real>")
            }
            return .real(number)
        case "true", "false":
            guard element.children.isEmpty else { throw element.failure(file, "<\(element.name)/> must be empty") }
            return .bool(element.name == "true")
        case "array":
            guard element.hasOnlyElements else { throw element.failure(file, "<array> holds text") }
            var values: [PlistValue] = []
            for child in element.elements { values.append(try value(child, file: file)) }
            return .array(values)
        case "dict":
            return try dictionary(element, file: file)
        default:
            throw element.failure(file, "unknown plist element <\(element.name)>")
        }
    }

    private static func dictionary(_ element: MarkupElement, file: String) throws(InfoWinError) -> PlistValue {
        guard element.hasOnlyElements else { throw element.failure(file, "<dict> holds text outside its keys and values") }
        let children = element.elements
        guard children.count % 2 == 0 else { throw element.failure(file, "<dict> has a <key> without a value") }
        var members: [PlistMember] = []
        for index in stride(from: 0, to: children.count, by: 2) {
            let key = children[index], value = children[index + 1]
            guard key.name == "key", key.elements.isEmpty else { throw key.failure(file, "expected <key>, got <\(key.name)>") }
            guard !members.contains(where: { $0.key == key.textContent }) else {
                throw key.failure(file, "the key \(JSONWriter.quoted(key.textContent)) is written twice")
            }
            members.append(PlistMember(key: key.textContent, value: try self.value(value, file: file), element: value))
        }
        return .dictionary(members)
    }
}

extension String {
    fileprivate var trimmed: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
