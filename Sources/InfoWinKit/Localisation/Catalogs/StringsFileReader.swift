/// Reads an Apple `.strings` file (`"key" = "value";`, `/* */` and `//` comments; UTF-8, or UTF-16 LE or BE
/// with a byte-order mark) as Foundation's parser does: `\"`, `\\`, `\n`, `\t`, `\r`, `\'`, `\UXXXX` (a
/// surrogate pair as two) escapes, keys unquoted when they are letters, digits and `_.-$:/`, and `"key";`
/// for a key that is its own value. An error names the file and the line.
struct StringsFileReader {
    private let scalars: [Unicode.Scalar]
    private let file: String
    private var position = 0
    /// Lines counted up to `countedTo`: pairs' lines cost one pass over the file in all.
    private var line = 1
    private var countedTo = 0

    /// Every `key = value` pair, in order, with the line it starts on.
    static func pairs(_ bytes: [UInt8], file: String) throws(InfoWinError) -> [(key: String, value: String, line: Int)] {
        var reader = StringsFileReader(scalars: try decode(bytes, file: file), file: file)
        return try reader.pairs()
    }

    /// The text of a UTF-8 or (with a byte-order mark) UTF-16 file, strictly decoded.
    static func decode(_ bytes: [UInt8], file: String) throws(InfoWinError) -> [Unicode.Scalar] {
        let failure = { (message: String) in InfoWinError.syntax(file: file, line: 1, column: 1, path: nil, message: message) }
        let bigEndian = bytes.starts(with: [0xFE, 0xFF])
        if bigEndian || bytes.starts(with: [0xFF, 0xFE]) {
            guard bytes.count % 2 == 0 else { throw failure("the UTF-16 text has an odd number of bytes (truncated)") }
            let (high, low) = bigEndian ? (0, 1) : (1, 0)
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            for index in stride(from: 2, to: bytes.count, by: 2) {
                units.append(UInt16(bytes[index + high]) << 8 | UInt16(bytes[index + low]))
            }
            guard let text = String(validating: units, as: UTF16.self) else { throw failure("the text is not valid UTF-16 (a lone surrogate)") }
            return Array(text.unicodeScalars)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard let text = String(validating: body, as: UTF8.self) else {
            throw failure("the text is not UTF-8 (UTF-16 needs a byte-order mark)")
        }
        return Array(text.unicodeScalars)
    }

    private init(scalars: [Unicode.Scalar], file: String) {
        self.scalars = scalars
        self.file = file
    }

    private mutating func pairs() throws(InfoWinError) -> [(key: String, value: String, line: Int)] {
        var pairs: [(key: String, value: String, line: Int)] = []
        while try skipSpaceAndComments() {
            let line = lineNumber(at: position)
            let key = try string(what: "a key")
            _ = try skipSpaceAndComments()
            var value = key
            if peek() == "=" {
                position += 1
                guard try skipSpaceAndComments() else { throw failure("expected a value after '='") }
                value = try string(what: "a value")
                _ = try skipSpaceAndComments()
            }
            guard peek() == ";" else { throw failure("expected ';' after \(JSONWriter.quoted(key.abbreviated(40)))") }
            position += 1
            pairs.append((key, value, line))
            guard pairs.count <= CatalogLimits.keys else { throw failure("more than \(Format.grouped(CatalogLimits.keys)) keys") }
        }
        return pairs
    }

    /// A quoted string with its escapes, or an unquoted word.
    private mutating func string(what: String) throws(InfoWinError) -> String {
        var text = ""
        guard peek() == "\"" else {
            while let scalar = peek(), Self.isUnquoted(scalar) {
                text.unicodeScalars.append(scalar)
                position += 1
            }
            guard !text.isEmpty else { throw failure("expected \(what) in double quotes") }
            return text
        }
        let start = position
        position += 1
        while let scalar = peek() {
            position += 1
            switch scalar {
            case "\"":
                return text
            case "\\":
                try escape(into: &text)
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        position = start
        throw failure("the string is not closed")
    }

    private mutating func escape(into text: inout String) throws(InfoWinError) {
        guard let escaped = peek() else { throw failure("the file ends in a lone '\\'") }
        position += 1
        switch escaped {
        case "n": text += "\n"
        case "t": text += "\t"
        case "r": text += "\r"
        case "\"", "\\", "'": text.unicodeScalars.append(escaped)
        case "U", "u":
            var code = try hexUnit()
            if (0xD800..<0xDC00).contains(code), peek() == "\\", position + 1 < scalars.count, ["U", "u"].contains(scalars[position + 1]) {
                position += 2
                let low = try hexUnit()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("\\U\(String(code, radix: 16)) is a lone surrogate") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { throw failure("\\U\(String(code, radix: 16)) is a lone surrogate") }
            text.unicodeScalars.append(scalar)
        default:
            throw failure("unknown escape \\\(escaped); expected \\\", \\\\, \\n, \\t, \\r or \\UXXXX")
        }
    }

    private mutating func hexUnit() throws(InfoWinError) -> UInt32 {
        let digits = scalars[position..<min(position + 4, scalars.count)]
        guard digits.count == 4, let code = UInt32(String(String.UnicodeScalarView(digits)), radix: 16) else {
            throw failure("\\U needs four hexadecimal digits")
        }
        position += 4
        return code
    }

    /// Skips whitespace and comments; false at the end of the file.
    private mutating func skipSpaceAndComments() throws(InfoWinError) -> Bool {
        while let scalar = peek() {
            if scalar.properties.isWhitespace {
                position += 1
            } else if scalar == "/" && position + 1 < scalars.count && scalars[position + 1] == "*" {
                let start = position
                position += 2
                while position + 1 < scalars.count && !(scalars[position] == "*" && scalars[position + 1] == "/") { position += 1 }
                guard position + 1 < scalars.count else {
                    position = start
                    throw failure("the comment is not closed")
                }
                position += 2
            } else if scalar == "/" && position + 1 < scalars.count && scalars[position + 1] == "/" {
                while let next = peek(), next != "\n" { position += 1 }
            } else {
                return true
            }
        }
        return false
    }

    private static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.-$:/".unicodeScalars.contains(scalar))
    }

    private func peek() -> Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    /// The line of `offset`, counting on from the last line asked for (offsets only grow).
    private mutating func lineNumber(at offset: Int) -> Int {
        while countedTo < offset {
            if scalars[countedTo] == "\n" { line += 1 }
            countedTo += 1
        }
        return line
    }

    private func failure(_ message: String) -> InfoWinError {
        let at = min(position, scalars.count)
        let lineStart = scalars[..<at].lastIndex(of: "\n").map { $0 + 1 } ?? 0
        let line = scalars[..<at].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        return .syntax(file: file, line: line, column: at - lineStart + 1, path: nil, message: message)
    }
}
