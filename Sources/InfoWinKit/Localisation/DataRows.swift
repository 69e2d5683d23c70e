/// `--data FILE`: rows of values for `{{data.column}}` templates, from JSON Lines, a JSON array of objects,
/// or CSV with a header (quotes, commas and line breaks inside quoted fields, UTF-8), told by their first
/// character and the file's extension. CSV and JSON Lines are read a row at a time, and the row limit and
/// the length of each value are checked while reading, so memory stays within a few times the file's size.
package struct DataRows: Sendable {
    /// One row: its values by column, and its name (`id` column, else its number from 1).
    package struct Row: Sendable {
        /// The row's name in output names: its `id`, else its number from 1.
        package let name: String
        let cells: RowCells

        /// The value in `column`, or nil when the row has no such column.
        package func value(_ column: String) -> String? { cells.value(column) }

        /// Every value by column.
        package var values: [String: String] { cells.values }
    }

    /// The rows, in order.
    package let rows: [Row]
    /// The file, for messages.
    package let file: String

    /// The most rows a data file may have.
    package static let rowLimit = 100_000
    /// The most columns (values) a row may have.
    package static let columnLimit = 1_000

    /// The error for a row with more than `columnLimit` values, found at `place` (`line 3`, `row 2`).
    static func tooManyColumns(_ file: String, at place: String) -> InfoWinError {
        .io(file: file, message: "\(place): more than \(Format.grouped(columnLimit)) columns, the limit")
    }

    /// Reads `bytes` (named `file`), at most `rowLimit` rows (fewer when each row is rendered in several
    /// locales); errors name the file, the row and the column.
    package init(bytes: [UInt8], file: String, rowLimit: Int = DataRows.rowLimit) throws(InfoWinError) {
        self.file = file
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw .io(file: file, message: "is not UTF-8 text")
        }
        var collector = RowCollector(file: file, limit: rowLimit)
        let first = bytes.first { !Self.isSpace($0) }
        if file.lowercased().hasSuffix(".csv") || !(first == UInt8(ascii: "{") || first == UInt8(ascii: "[")) {
            try CSVReader.read(bytes, into: &collector)
        } else if first == UInt8(ascii: "[") {
            try Self.jsonArray(bytes, into: &collector)
        } else {
            try Self.jsonLines(bytes, into: &collector)
        }
        guard !collector.rows.isEmpty else { throw .io(file: file, message: "has no rows") }
        rows = collector.rows
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Counted, then parsed one element at a time; when the scan or an element fails, the whole file is
    /// parsed for the error's line and column.
    private static func jsonArray(_ bytes: [UInt8], into collector: inout RowCollector) throws(InfoWinError) {
        let reader = ValueReader(file: collector.file)
        guard let ranges = JSONArraySplitter.elements(of: bytes, limit: collector.limit) else {
            _ = try reader.array(try JSONParser.parse(bytes, file: collector.file), .root)
            throw .io(file: collector.file, message: "is not a JSON array of rows")
        }
        try collector.checkCount(ranges.count)
        for (index, range) in ranges.enumerated() {
            guard let element = try? JSONParser.parse(Array(bytes[range])) else {
                _ = try JSONParser.parse(bytes, file: collector.file)
                throw .io(file: collector.file, message: "element \(index + 1) is not valid JSON")
            }
            try collector.add(try object(element, reader: reader, path: JSONPath.root.appending(index)))
        }
    }

    /// One line at a time: blank lines are passed over, and the row limit is checked as rows come.
    private static func jsonLines(_ bytes: [UInt8], into collector: inout RowCollector) throws(InfoWinError) {
        let reader = ValueReader(file: collector.file)
        var start = 0, number = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            number += 1
            let line = bytes[start..<end]
            start = end + 1
            guard !line.allSatisfy(isSpace) else { continue }
            let value: JSONValue
            do {
                value = try JSONParser.parse(Array(line))
            } catch {
                throw .io(file: collector.file, message: "line \(number), column \(error.column): \(error.message)")
            }
            try collector.add(try object(value, reader: reader, path: .root))
        }
    }

    private static func object(_ value: JSONValue, reader: ValueReader, path: JSONPath) throws(InfoWinError) -> RowCells {
        guard case .object(let members) = value.kind else { throw reader.mismatch(value, path, expected: "an object: one row") }
        guard members.count <= columnLimit else { throw tooManyColumns(reader.file, at: path == .root ? "a row" : "the row \(path)") }
        var cells = RowCells(columns: RowColumns(members.map(\.key)))
        for member in members {
            switch member.value.kind {
            case .string(let text): cells.append(text)
            case .number(let number): cells.append(JSONWriter.format(number))
            case .bool(let flag): cells.append(flag ? "true" : "false")
            case .null: cells.append("")
            default: throw reader.mismatch(member.value, path.appending(member.key), expected: "a string, a number, a boolean or null")
            }
        }
        return cells
    }
}

/// The rows read so far: each named and checked as it comes, the limit enforced before the next is read.
struct RowCollector {
    let file: String
    let limit: Int
    private(set) var rows: [DataRows.Row] = []
    private var names = Set<String>()

    init(file: String, limit: Int) {
        self.file = file
        self.limit = limit
    }

    /// Refuses a file with more rows than the limit, told before they are turned into rows.
    func checkCount(_ count: Int) throws(InfoWinError) {
        guard count <= limit else { throw .io(file: file, message: "has more than \(Format.grouped(limit)) rows, the limit") }
    }

    mutating func add(_ cells: RowCells) throws(InfoWinError) {
        try checkCount(rows.count + 1)
        let number = rows.count + 1
        let name = cells.value("id") ?? String(number)
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), !name.utf8.contains(0) else {
            throw .io(file: file, message: "row \(number): its id \(JSONWriter.quoted(name.abbreviated(40))) cannot name a file")
        }
        guard names.insert(name).inserted else {
            throw .io(file: file, message: "row \(number): its id \(JSONWriter.quoted(name.abbreviated(40))) is used by an earlier row")
        }
        rows.append(DataRows.Row(name: name, cells: cells))
    }
}
