/// `--data FILE`: rows of values for `{{data.column}}` templates, from JSON Lines, a JSON array of objects,
/// or CSV with a header (quotes, commas and line breaks inside quoted fields, UTF-8), told by their first
/// character and the file's extension.
public struct DataRows: Sendable {
    /// One row: its values by column, and its name (`id` column, else its number from 1).
    public struct Row: Sendable {
        public let name: String
        public let values: [String: String]
    }

    /// The rows, in order.
    public let rows: [Row]
    /// The file, for messages.
    public let file: String

    /// The most rows a data file may have.
    public static let rowLimit = 100_000

    /// Reads `bytes` (named `file`); errors name the file, the row and the column.
    public init(bytes: [UInt8], file: String) throws(InfoWinError) {
        self.file = file
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .io(file: file, message: "is not UTF-8 text")
        }
        let trimmed = text.drop { $0.isWhitespace }
        let objects: [[String: String]]
        if file.lowercased().hasSuffix(".csv") || !(trimmed.hasPrefix("{") || trimmed.hasPrefix("[")) {
            objects = try Self.csv(text, file: file)
        } else if trimmed.hasPrefix("[") {
            objects = try Self.jsonArray(bytes, file: file)
        } else {
            objects = try Self.jsonLines(text, file: file)
        }
        guard !objects.isEmpty else { throw .io(file: file, message: "has no rows") }
        guard objects.count <= Self.rowLimit else { throw .io(file: file, message: "has \(objects.count) rows, more than the limit of \(Self.rowLimit)") }
        var names = Set<String>()
        rows = try objects.enumerated().map { index, values throws(InfoWinError) in
            let name = values["id"] ?? String(index + 1)
            guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), !name.utf8.contains(0) else {
                throw .io(file: file, message: "row \(index + 1): its id \(JSONWriter.quoted(name.abbreviated(40))) cannot name a file")
            }
            guard names.insert(name).inserted else { throw .io(file: file, message: "row \(index + 1): its id \(JSONWriter.quoted(name)) is used by an earlier row") }
            return Row(name: name, values: values)
        }
    }

    private static func jsonArray(_ bytes: [UInt8], file: String) throws(InfoWinError) -> [[String: String]] {
        let reader = ValueReader(file: file)
        let root = try JSONParser.parse(bytes, file: file)
        return try reader.array(root, .root).enumerated().map { index, element throws(InfoWinError) in
            try object(element, reader: reader, path: JSONPath.root.appending(index))
        }
    }

    private static func jsonLines(_ text: String, file: String) throws(InfoWinError) -> [[String: String]] {
        let reader = ValueReader(file: file)
        var rows: [[String: String]] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let value: JSONValue
            do {
                value = try JSONParser.parse(Array(line.utf8))
            } catch {
                throw .io(file: file, message: "line \(number + 1), column \(error.column): \(error.message)")
            }
            rows.append(try object(value, reader: reader, path: .root))
        }
        return rows
    }

    private static func object(_ value: JSONValue, reader: ValueReader, path: JSONPath) throws(InfoWinError) -> [String: String] {
        guard case .object(let members) = value.kind else { throw reader.mismatch(value, path, expected: "an object: one row") }
        var values: [String: String] = [:]
        for member in members {
            switch member.value.kind {
            case .string(let text): values[member.key] = text
            case .number(let number): values[member.key] = JSONWriter.format(number)
            case .bool(let flag): values[member.key] = flag ? "true" : "false"
            case .null: values[member.key] = ""
            default: throw reader.mismatch(member.value, path.appending(member.key), expected: "a string, a number, a boolean or null")
            }
        }
        return values
    }

    /// RFC 4180 CSV: a header row, then rows of as many fields; a quoted field may hold commas, line breaks
    /// and doubled quotes.
    private static func csv(_ text: String, file: String) throws(InfoWinError) -> [[String: String]] {
        var records: [[String]] = [], record: [String] = [], field = "", quoted = false, afterQuote = false
        var line = 1
        var characters = Array(text.replacing("\r\n", with: "\n"))
        if characters.first == "\u{FEFF}" { characters.removeFirst() }
        for character in characters {
            if quoted {
                if character == "\"" { quoted = false; afterQuote = true } else { field.append(character) }
                if character == "\n" { line += 1 }
                continue
            }
            switch character {
            case "\"" where afterQuote:
                field.append("\"")
                quoted = true
                afterQuote = false
            case "\"" where field.isEmpty:
                quoted = true
            case ",":
                record.append(field)
                field = ""
                afterQuote = false
            case "\n":
                record.append(field)
                records.append(record)
                record = []
                field = ""
                afterQuote = false
                line += 1
            default:
                guard !afterQuote else { throw .io(file: file, message: "line \(line): text after a closing quote") }
                field.append(character)
            }
        }
        guard !quoted else { throw .io(file: file, message: "line \(line): a quoted field is not closed") }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        records.removeAll { $0 == [""] }
        guard let header = records.first else { return [] }
        return try records.dropFirst().enumerated().map { index, fields throws(InfoWinError) in
            guard fields.count == header.count else {
                throw .io(file: file, message: "row \(index + 1): \(fields.count) fields, but the header has \(header.count) columns")
            }
            return Dictionary(zip(header, fields), uniquingKeysWith: { first, _ in first })
        }
    }
}
