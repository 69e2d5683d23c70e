/// A small, strict XML reader for the subset catalogs use (Android `strings.xml`, `.stringsdict` plists):
/// elements, attributes, text, CDATA, comments, processing instructions, the five predefined entities and
/// numeric character references. A DOCTYPE is skipped whole and its entity declarations are never used,
/// so an entity cannot expand into more text than the file holds (no "billion laughs"). UTF-8 only.
/// Bounded: nesting and the number of elements are checked while reading. Errors give line and column.
package struct XMLReader {
    /// The deepest element nesting accepted.
    package static let maxDepth = 64
    /// The most elements one file may hold.
    package static let maxElements = 1_000_000

    private let bytes: [UInt8]
    private let file: String
    private var position = 0
    private var elements = 0
    /// Lines counted up to `countedTo`, so that element lines cost one pass over the file in all.
    private var line = 1
    private var lineStart = 0
    private var countedTo = 0

    /// The root element of `bytes`, or an error naming `file`, the line and the column.
    static func parse(_ bytes: [UInt8], file: String) throws(InfoWinError) -> MarkupElement {
        var reader = XMLReader(bytes: bytes, file: file)
        return try reader.document()
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private mutating func document() throws(InfoWinError) -> MarkupElement {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw failure("the file is UTF-16; expected UTF-8 XML")
        }
        guard String(validating: bytes[position...], as: UTF8.self) != nil else { throw failure("the file is not valid UTF-8") }
        try misc(allowingDoctype: true)
        guard peek("<") else { throw failure(position < bytes.count ? "expected an element" : "the file has no root element") }
        let root = try element(depth: 1)
        try misc(allowingDoctype: false)
        guard position == bytes.count else { throw failure("unexpected content after the root element") }
        return root
    }

    /// Whitespace, comments and processing instructions around the root element (and the DOCTYPE before it).
    private mutating func misc(allowingDoctype: Bool) throws(InfoWinError) {
        while true {
            skipWhitespace()
            if peek("<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if peek("<!--") {
                try comment()
            } else if allowingDoctype && peek("<!DOCTYPE") {
                try doctype()
            } else {
                return
            }
        }
    }

    /// `<!DOCTYPE …>` with its internal subset skipped: declared entities are not used.
    private mutating func doctype() throws(InfoWinError) {
        var brackets = 0
        var quote: UInt8?
        position += 9
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                brackets += 1
            } else if byte == UInt8(ascii: "]") {
                brackets -= 1
            } else if byte == UInt8(ascii: ">") && brackets <= 0 {
                return
            }
        }
        throw failure("the DOCTYPE is not closed")
    }

    private mutating func comment() throws(InfoWinError) {
        position += 4
        try skip(past: "-->", what: "a comment")
    }

    private mutating func element(depth: Int) throws(InfoWinError) -> MarkupElement {
        guard depth <= Self.maxDepth else { throw failure("elements nest deeper than \(Self.maxDepth) levels") }
        elements += 1
        guard elements <= Self.maxElements else { throw failure("more than \(Self.maxElements) elements") }
        let start = position
        position += 1
        let name = try self.name()
        let line = lineNumber(at: start)
        var element = MarkupElement(name: name, attributes: [], children: [], line: line, column: start - lineStart + 1)
        while true {
            let spaced = skipWhitespace()
            if peek("/>") {
                position += 2
                return element
            }
            if peek(">") {
                position += 1
                break
            }
            guard spaced else { throw failure("expected whitespace, '>' or '/>' in <\(name)>") }
            let attribute = try self.name()
            skipWhitespace()
            guard peek("=") else { throw failure("expected '=' after the attribute \(attribute)") }
            position += 1
            skipWhitespace()
            let value = try quoted()
            guard !element.attributes.contains(where: { $0.name == attribute }) else {
                throw failure("the attribute \(attribute) is written twice")
            }
            element.attributes.append((attribute, value))
        }
        try content(of: &element, depth: depth)
        return element
    }

    /// Text, CDATA, comments and child elements up to the end tag.
    private mutating func content(of element: inout MarkupElement, depth: Int) throws(InfoWinError) {
        var text: [UInt8] = []
        func flush() {
            if !text.isEmpty { element.children.append(.text(String(decoding: text, as: UTF8.self))) }
            text = []
        }
        while position < bytes.count {
            if peek("</") {
                flush()
                position += 2
                let name = try self.name()
                skipWhitespace()
                guard name == element.name, peek(">") else { throw failure("expected </\(element.name)>") }
                position += 1
                return
            } else if peek("<![CDATA[") {
                position += 9
                let start = position
                try skip(past: "]]>", what: "a CDATA section")
                text += normalisedLineEnds(bytes[start..<(position - 3)])
            } else if peek("<!--") {
                try comment()
            } else if peek("<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if peek("<") {
                flush()
                element.children.append(.element(try self.element(depth: depth + 1)))
            } else if peek("&") {
                text += try reference()
            } else {
                let byte = bytes[position]
                try checkCharacter(byte)
                if byte == UInt8(ascii: "\r") {
                    text.append(UInt8(ascii: "\n"))
                    if position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "\n") { position += 1 }
                } else {
                    text.append(byte)
                }
                position += 1
            }
        }
        throw failure("<\(element.name)> is not closed")
    }

    /// An attribute value in single or double quotes, references replaced.
    private mutating func quoted() throws(InfoWinError) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw failure("expected a quoted attribute value")
        }
        let quote = bytes[position]
        position += 1
        var value: [UInt8] = []
        while position < bytes.count, bytes[position] != quote {
            if bytes[position] == UInt8(ascii: "<") { throw failure("'<' in an attribute value") }
            if bytes[position] == UInt8(ascii: "&") {
                value += try reference()
            } else {
                try checkCharacter(bytes[position])
                value.append(bytes[position])
                position += 1
            }
        }
        guard position < bytes.count else { throw failure("the attribute value is not closed") }
        position += 1
        return String(decoding: value, as: UTF8.self)
    }

    /// `&lt;`, `&gt;`, `&amp;`, `&apos;`, `&quot;`, `&#65;` or `&#x41;`, as UTF-8.
    private mutating func reference() throws(InfoWinError) -> [UInt8] {
        let start = position
        guard let end = bytes[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw failure("'&' not followed by an entity or character reference (write &amp;)")
        }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        var scalar: Unicode.Scalar?
        switch name {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "apos": scalar = "'"
        case "quot": scalar = "\""
        default:
            if name.hasPrefix("#x"), let code = UInt32(name.dropFirst(2), radix: 16) {
                scalar = Unicode.Scalar(code)
            } else if name.hasPrefix("#"), name.dropFirst().allSatisfy(\.isASCII), let code = UInt32(name.dropFirst()) {
                scalar = Unicode.Scalar(code)
            } else {
                throw failure("unknown entity &\(name); (only &lt; &gt; &amp; &apos; &quot; and character references)")
            }
        }
        guard let scalar, scalar.value == 0x9 || scalar.value == 0xA || scalar.value == 0xD || scalar.value >= 0x20 else {
            throw failure("&\(name); is not a character XML allows")
        }
        position = end + 1
        return Array(String(Character(scalar)).utf8)
    }

    /// An element or attribute name (`string`, `xliff:g`, `tools:locale`).
    private mutating func name() throws(InfoWinError) -> String {
        let start = position
        while position < bytes.count, isNameByte(bytes[position], first: position == start) { position += 1 }
        guard position > start else { throw failure("expected a name") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...:
            true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            !first
        default:
            false
        }
    }

    private func checkCharacter(_ byte: UInt8) throws(InfoWinError) {
        if byte < 0x20 && byte != 0x9 && byte != 0xA && byte != 0xD {
            throw failure("control character U+\(String(byte, radix: 16, uppercase: true)) in the text")
        }
    }

    private func normalisedLineEnds(_ slice: ArraySlice<UInt8>) -> [UInt8] {
        guard slice.contains(UInt8(ascii: "\r")) else { return Array(slice) }
        return Array(String(decoding: slice, as: UTF8.self).replacing("\r\n", with: "\n").replacing("\r", with: "\n").utf8)
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while position < bytes.count, [0x20, 0x9, 0xA, 0xD].contains(bytes[position]) { position += 1 }
        return position > start
    }

    private mutating func skip(past terminator: String, what: String) throws(InfoWinError) {
        let end = Array(terminator.utf8)
        while position < bytes.count {
            if bytes[position] == end[0] && bytes[position...].starts(with: end) {
                position += end.count
                return
            }
            position += 1
        }
        throw failure("\(what) is not closed")
    }

    private func peek(_ text: StaticString) -> Bool {
        text.withUTF8Buffer { prefix in
            position + prefix.count <= bytes.count && (0..<prefix.count).allSatisfy { bytes[position + $0] == prefix[$0] }
        }
    }

    /// The line of `offset`, counting on from the last line asked for (offsets only grow).
    private mutating func lineNumber(at offset: Int) -> Int {
        while countedTo < offset {
            countedTo += 1
            if bytes[countedTo - 1] == UInt8(ascii: "\n") {
                line += 1
                lineStart = countedTo
            }
        }
        return line
    }

    private func failure(_ message: String) -> InfoWinError {
        let at = min(position, bytes.count)
        let lineStart = bytes[..<at].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let line = bytes[..<at].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        return .syntax(file: file, line: line, column: at - lineStart + 1, path: nil, message: message)
    }
}
