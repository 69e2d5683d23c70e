/// What a `{{strings.KEY(ARG, …)}}` placeholder names: a key, and the arguments for its format specifiers.
struct StringsReference: Sendable, Equatable {
    /// An argument as written: a literal, or a value of the marker or of the data row.
    enum Argument: Sendable, Equatable {
        case number(Double)
        case string(String)
        case userData(String)
        case data(String)
    }

    let key: String
    let arguments: [Argument]

    /// A reference to `key` with these arguments.
    init(key: String, arguments: [Argument]) {
        self.key = key
        self.arguments = arguments
    }

    /// True when an argument is a marker's `userData` value: such a string is filled per marker.
    var usesUserData: Bool {
        arguments.contains { if case .userData = $0 { true } else { false } }
    }

    /// Parses what follows `strings.` inside `{{…}}`: `parcels_waiting`, `walk(5, "Hauptbahnhof")`,
    /// `reviews(userData.count)`; a message says what is wrong.
    init(parsing text: Substring) throws(StringsReferenceError) {
        guard let open = text.firstIndex(of: "(") else {
            key = String(text)
            arguments = []
            guard !key.isEmpty else { throw StringsReferenceError(message: "{{strings.}} names no key") }
            return
        }
        key = String(text[..<open])
        guard !key.isEmpty else { throw StringsReferenceError(message: "{{strings.(…)}} names no key") }
        guard text.last == ")" else { throw StringsReferenceError(message: "{{strings.\(key)(…}}: the arguments do not end with \")\"") }
        var scanner = ArgumentScanner(text[text.index(after: open)..<text.index(before: text.endIndex)], key: key)
        arguments = try scanner.arguments()
    }
}

/// A `{{strings.…}}` placeholder that cannot be read.
struct StringsReferenceError: Error, Equatable {
    let message: String
}

/// Reads a comma-separated argument list.
private struct ArgumentScanner {
    private let text: Substring
    private var position: Substring.Index
    private let key: String

    init(_ text: Substring, key: String) {
        self.text = text
        position = text.startIndex
        self.key = key
    }

    mutating func arguments() throws(StringsReferenceError) -> [StringsReference.Argument] {
        var arguments: [StringsReference.Argument] = []
        skipSpaces()
        guard position < text.endIndex else { return [] }
        while true {
            arguments.append(try argument())
            skipSpaces()
            guard position < text.endIndex else { return arguments }
            guard text[position] == "," else { throw failure("expected \",\" between arguments, found \(JSONWriter.quoted(String(text[position...])))") }
            position = text.index(after: position)
            skipSpaces()
        }
    }

    private mutating func argument() throws(StringsReferenceError) -> StringsReference.Argument {
        guard position < text.endIndex else { throw failure("an argument is missing after \",\"") }
        if text[position] == "\"" { return .string(try stringLiteral()) }
        let start = position
        while position < text.endIndex, text[position] != ",", !text[position].isWhitespace { position = text.index(after: position) }
        let word = String(text[start..<position])
        if word.hasPrefix("userData."), word.count > "userData.".count { return .userData(String(word.dropFirst("userData.".count))) }
        if word.hasPrefix("data."), word.count > "data.".count { return .data(String(word.dropFirst("data.".count))) }
        if let number = Double(word), number.isFinite, word.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true {
            return .number(number)
        }
        throw failure("\(JSONWriter.quoted(word)) is not an argument: expected a number, a string in double quotes, userData.KEY or data.COLUMN")
    }

    private mutating func stringLiteral() throws(StringsReferenceError) -> String {
        var value = ""
        position = text.index(after: position)
        while position < text.endIndex {
            let character = text[position]
            position = text.index(after: position)
            switch character {
            case "\"": return value
            case "\\":
                guard position < text.endIndex else { break }
                value.append(text[position])
                position = text.index(after: position)
            default: value.append(character)
            }
        }
        throw failure("a string argument does not end with a double quote")
    }

    private mutating func skipSpaces() {
        while position < text.endIndex, text[position].isWhitespace { position = text.index(after: position) }
    }

    private func failure(_ message: String) -> StringsReferenceError {
        StringsReferenceError(message: "{{strings.\(key)(…)}}: \(message)")
    }
}
