/// The column names of data rows, shared by every row of a CSV file; the first of two equal names wins.
final class RowColumns: Sendable {
    let names: [String]
    let index: [String: Int]

    init(_ names: [String]) {
        self.names = names
        index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// One row's values, stored compactly: their UTF-8 one after another and where each ends (a few bytes a
/// value beyond its text, where a dictionary of strings costs a hundred), read back by column.
struct RowCells: Sendable {
    let columns: RowColumns
    private(set) var bytes: [UInt8] = []
    private(set) var ends: [UInt32] = []

    init(columns: RowColumns) {
        self.columns = columns
    }

    /// How many values the row has.
    var count: Int { ends.count }

    /// The bytes of the value being read, not yet ended.
    var openLength: Int { bytes.count - Int(ends.last ?? 0) }

    mutating func append(_ text: String) {
        bytes += text.utf8
        endValue()
    }

    mutating func appendByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func endValue() {
        ends.append(UInt32(bytes.count))
    }

    func value(_ column: String) -> String? {
        guard let position = columns.index[column], position < ends.count else { return nil }
        return value(at: position)
    }

    /// The value in place `position` (from 0), which must be ended.
    func value(at position: Int) -> String {
        let start = position == 0 ? 0 : Int(ends[position - 1])
        return String(decoding: bytes[start..<Int(ends[position])], as: UTF8.self)
    }

    var values: [String: String] {
        var values: [String: String] = [:]
        for name in columns.names where values[name] == nil { values[name] = value(name) }
        return values
    }
}
