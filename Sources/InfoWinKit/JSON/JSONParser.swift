#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A strict JSON reader (RFC 8259): rejects duplicate keys, numbers that are not finite, text that is
/// not UTF-8 and nesting deeper than `maxDepth`, and says where (line and column) anything is wrong.
package struct JSONParser {
    private let bytes: [UInt8]
    private let maxDepth: Int
    private var offset = 0
    private var path: [JSONPath.Component] = []

    private let maxStringBytes: Int

    /// The longest string a spec may hold, in UTF-8 bytes: room for a multi-megabyte snippet.
    package static let stringLimit = 16 << 20
    /// The deepest nesting of arrays and objects a spec may have.
    package static let depthLimit = 256

    /// Parses a whole document.
    package static func parse(
        _ bytes: [UInt8], maxDepth: Int = depthLimit, maxStringBytes: Int = stringLimit
    ) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth, maxStringBytes: maxStringBytes)
        return try parser.parseDocument()
    }

    /// Parses the whole document of `file`, nested at most `maxDepth` deep; a syntax error is an
    /// `InfoWinError` naming the file, the line and the column.
    package static func parse(_ bytes: [UInt8], file: String, maxDepth: Int = depthLimit) throws(InfoWinError) -> JSONValue {
        do {
            return try parse(bytes, maxDepth: maxDepth)
        } catch {
            throw .syntax(file: file, line: error.line, column: error.column, path: error.path, message: error.message)
        }
    }

    private init(bytes: [UInt8], maxDepth: Int, maxStringBytes: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        skipWhitespace()
        guard offset < bytes.count else { throw failure("the file is empty: expected a JSON object") }
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard offset == bytes.count else { throw failure("unexpected \(describeByte()) after the end of the JSON value") }
        return value
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard offset < bytes.count else { throw failure("unexpected end of the file: expected a value") }
        let start = offset
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            return JSONValue(kind: .object(try parseObject(depth: depth + 1)), offset: start)
        case UInt8(ascii: "["):
            return JSONValue(kind: .array(try parseArray(depth: depth + 1)), offset: start)
        case UInt8(ascii: "\""):
            return JSONValue(kind: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONValue(kind: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONValue(kind: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONValue(kind: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try parseNumber()), offset: start)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
            throw valueFailure("unexpected \(describeByte()): expected a value (a string needs double quotes; NaN and Infinity are not JSON)")
        default:
            throw failure("unexpected \(describeByte()): expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
        try checkDepth(depth)
        offset += 1
        var members: [JSONMember] = []
        // Keys seen, once an object has many: a small one (a coordinate, a colour) is searched instead, as a
        // set for each of 10,000 coordinates costs more than their parsing.
        var seen: Set<String>?
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            offset += 1
            return members
        }
        // Room for a coordinate's or a colour's members at once, rather than growing twice.
        members.reserveCapacity(4)
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw failure("unexpected \(describeByte()): expected a key in double quotes") }
            let keyOffset = offset
            let key = try parseString()
            if seen == nil && members.count >= 16 { seen = Set(members.map(\.key)) }
            let repeated: Bool
            if seen != nil {
                repeated = !seen!.insert(key).inserted
            } else {
                repeated = members.contains { $0.key == key }
            }
            guard !repeated else {
                offset = keyOffset
                throw failure("duplicate key \(JSONWriter.quoted(key))", path: JSONPath(components: path + [.key(key)]))
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("unexpected \(describeByte()): expected ':' after the key") }
            offset += 1
            skipWhitespace()
            path.append(.key(key))
            let value = try parseValue(depth: depth)
            path.removeLast()
            members.append(JSONMember(key: key, value: value))
            if try passSeparator(closing: UInt8(ascii: "}"), expected: "',' or '}' in an object") { return members }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
        try checkDepth(depth)
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            offset += 1
            return elements
        }
        while true {
            skipWhitespace()
            path.append(.index(elements.count))
            elements.append(try parseValue(depth: depth))
            path.removeLast()
            if try passSeparator(closing: UInt8(ascii: "]"), expected: "',' or ']' in an array") { return elements }
        }
    }

    /// Passes what follows a member or an element: a comma (false: another comes) or the `closing` bracket
    /// (true: the container ends); anything else is an error saying what was `expected`.
    private mutating func passSeparator(closing: UInt8, expected: String) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        if peek(UInt8(ascii: ",")) {
            offset += 1
            return false
        }
        guard peek(closing) else { throw failure("unexpected \(describeByte()): expected \(expected)") }
        offset += 1
        return true
    }

    private func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        if depth > maxDepth { throw failure("the JSON nests deeper than \(maxDepth) levels") }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        offset += 1
        let start = offset
        // Most strings (keys, names, colours) have no escape: made straight from the bytes, checked once,
        // and those all in ASCII (every key of a 10,000-point path) need no UTF-8 check at all.
        var ascii = true
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                try checkLength(offset - start)
                let text = ascii ? asciiString(from: start..<offset) : try string(from: start..<offset)
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            ascii = ascii && byte < 0x80
            offset += 1
        }
        offset = start
        return try parseEscapedString()
    }

    /// The rest of a string that has an escape (or a fault), from its first byte at `offset`.
    private mutating func parseEscapedString() throws(JSONSyntaxError) -> String {
        var utf8: [UInt8] = []
        var runStart = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                try checkUTF8(runStart..<offset)
                utf8.append(contentsOf: bytes[runStart..<offset])
                try checkLength(utf8.count)
                offset += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            if byte < 0x20 {
                throw valueFailure("a control character (U+\(hex(UInt32(byte)))) in a string must be escaped")
            }
            if byte == UInt8(ascii: "\\") {
                try checkUTF8(runStart..<offset)
                utf8.append(contentsOf: bytes[runStart..<offset])
                utf8.append(contentsOf: UTF8.encode(try parseEscape())!)
                runStart = offset
            } else {
                offset += 1
            }
        }
        throw valueFailure("unexpected end of the file inside a string")
    }

    private func checkLength(_ count: Int) throws(JSONSyntaxError) {
        guard count <= maxStringBytes else {
            throw failure("the string has \(count) bytes, more than the limit of \(maxStringBytes)", path: JSONPath(components: path))
        }
    }

    /// The text of `range`, all ASCII: copied from the contiguous bytes (the generic slice initialisers
    /// look type metadata up on every call, a fifth of a long path's parsing).
    private func asciiString(from range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The text of `range`, which has no escape; fails at its first byte that breaks UTF-8.
    private mutating func string(from range: Range<Int>) throws(JSONSyntaxError) -> String {
        if let text = String(validating: bytes[range], as: UTF8.self) { return text }
        try checkUTF8(range)
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// Fails at the first byte of `range` that breaks UTF-8, naming the value being read.
    private mutating func checkUTF8(_ range: Range<Int>) throws(JSONSyntaxError) {
        guard let bad = firstInvalidUTF8(bytes[range]) else { return }
        offset = range.lowerBound + bad
        throw failure("the text is not valid UTF-8 (byte 0x\(byteHex(bytes[offset])))", path: JSONPath(components: path))
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        offset += 1
        guard offset < bytes.count else { throw valueFailure("unexpected end of the file inside a string") }
        let escape = bytes[offset]
        offset += 1
        switch escape {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800...0xDBFF).contains(high) {
                guard bytes[offset...].starts(with: Array("\\u".utf8)) else {
                    throw valueFailure("\\u\(hex(high)) is half of a surrogate pair with no second half")
                }
                offset += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw valueFailure("\\u\(hex(high)) is not followed by a low surrogate")
                }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw valueFailure("\\u\(hex(high)) is a lone low surrogate")
            }
            return scalar
        default:
            offset -= 1
            let shown = escape >= 0x20 && escape < 0x7F ? String(Character(Unicode.Scalar(escape))) : "byte 0x\(byteHex(escape))"
            throw valueFailure("unknown escape \\\(shown) in a string (the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16),
              bytes[offset..<offset + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw valueFailure("\\u must be followed by four hexadecimal digits") }
        offset += 4
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = offset
        var decimal = DecimalDigits()
        let negative = peek(UInt8(ascii: "-"))
        if negative { offset += 1 }
        if peek(UInt8(ascii: "0")) {
            offset += 1
        } else if !skipDigits(into: &decimal, fraction: false) {
            throw valueFailure("a number needs digits")
        }
        if peek(UInt8(ascii: ".")) {
            offset += 1
            guard skipDigits(into: &decimal, fraction: true) else { throw valueFailure("a number needs digits after its decimal point") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            offset += 1
            var exponentNegative = false
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) {
                exponentNegative = bytes[offset] == UInt8(ascii: "-")
                offset += 1
            }
            var exponent = DecimalDigits()
            guard skipDigits(into: &exponent, fraction: false) else { throw valueFailure("a number needs digits in its exponent") }
            decimal.scale(byPowerOfTen: exponent, negative: exponentNegative)
        }
        if let value = decimal.exactValue { return negative ? -value : value }
        let literal = String(decoding: bytes[start..<offset], as: UTF8.self)
        let value = strtod(literal, nil)
        guard value.isFinite else {
            offset = start
            throw failure("the number \(literal.abbreviated(40)) is too large to be finite", path: JSONPath(components: path))
        }
        return value
    }

    /// Skips digits, adding them to `decimal` (those after a decimal point when `fraction`); false when there are none.
    private mutating func skipDigits(into decimal: inout DecimalDigits, fraction: Bool) -> Bool {
        let start = offset
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
            decimal.append(bytes[offset] &- UInt8(ascii: "0"), fraction: fraction)
            offset += 1
        }
        return offset > start
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        let expected = Array(literal.utf8)
        guard bytes[offset...].starts(with: expected) else {
            throw valueFailure("unexpected \(describeByte()): expected a value")
        }
        offset += expected.count
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool {
        offset < bytes.count && bytes[offset] == byte
    }

    private func describeByte() -> String {
        guard offset < bytes.count else { return "end of the file" }
        let byte = bytes[offset]
        if byte >= 0x80, firstInvalidUTF8(bytes[offset..<min(offset + 4, bytes.count)]) == 0 {
            return "byte 0x\(byteHex(byte)) (the text is not valid UTF-8)"
        }
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        var decoder = UTF8()
        var iterator = bytes[offset...].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return "character U+\(hex(scalar.value))" }
        return "byte 0x\(byteHex(byte))"
    }

    private func failure(_ message: String, path: JSONPath? = nil) -> JSONSyntaxError {
        let position = SourcePosition(of: offset, in: bytes)
        return JSONSyntaxError(line: position.line, column: position.column, path: path, message: message)
    }

    /// A fault inside a value (a string, a number, a word like NaN): it names the value's JSON path too.
    private func valueFailure(_ message: String) -> JSONSyntaxError {
        failure(message, path: path.isEmpty ? nil : JSONPath(components: path))
    }
}

/// A 1-based line and column (in characters) of a byte offset.
struct SourcePosition {
    let line: Int
    let column: Int

    init(of offset: Int, in bytes: [UInt8]) {
        var line = 1
        var column = 1
        for byte in bytes[0..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.line = line
        // A byte-order mark is not a character of the first line.
        self.column = line == 1 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) && offset >= 3 ? column - 1 : column
    }
}

/// Upper-case hexadecimal with at least four digits, as in U+00E9.
func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// Two upper-case hexadecimal digits.
func byteHex(_ byte: UInt8) -> String {
    (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
}

/// The offset (from the slice's start) of the first byte that breaks UTF-8, or nil when all of it is valid.
func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar):
            offset += UTF8.width(scalar)
        case .emptyInput:
            return nil
        case .error:
            return offset
        }
    }
}
