extension JSONValue.Kind {
    /// The value as compact JSON with every object's members sorted by key (keys that repeat keep their
    /// order) and numbers as `JSONWriter.format` writes them: the same for two texts that differ only in
    /// spacing, member order and how numbers are written (`1`, `1.0`, `1e0`). What a spec's input hash reads.
    var canonicalText: String {
        var text = ""
        appendCanonical(to: &text)
        return text
    }

    private func appendCanonical(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += JSONWriter.format(value)
        case .string(let value): text += JSONWriter.quoted(value)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.kind.appendCanonical(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            let sorted = members.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }
            for (index, member) in sorted.enumerated() {
                if index > 0 { text += "," }
                text += JSONWriter.quoted(member.element.key) + ":"
                member.element.value.kind.appendCanonical(to: &text)
            }
            text += "}"
        }
    }
}
