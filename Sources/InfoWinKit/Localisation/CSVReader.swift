/// RFC 4180 CSV read a byte at a time (its separators are ASCII, so UTF-8 text passes through whole): a
/// header row, then rows of as many fields; a quoted field may hold commas, line breaks and doubled quotes.
/// Each row is checked and kept as it ends, and a value longer than a spec's string is refused while it
/// is read, so a hostile file costs a few times its size, never gigabytes.
enum CSVReader {
    static func read(_ bytes: [UInt8], into collector: inout RowCollector) throws(InfoWinError) {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), newline = UInt8(ascii: "\n"), carriage = UInt8(ascii: "\r")
        var header: RowColumns?
        var cells = RowCells(columns: RowColumns([]))
        var quoted = false, afterQuote = false, line = 1
        var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0

        func endRow() throws(InfoWinError) {
            cells.endValue()
            defer { cells = RowCells(columns: header ?? RowColumns([])) }
            if cells.count == 1 && cells.bytes.isEmpty { return }
            guard let columns = header else {
                header = RowColumns((0..<cells.count).map { cells.value(at: $0) })
                return
            }
            guard cells.count == columns.names.count else {
                throw .io(file: collector.file, message: "row \(collector.rows.count + 1): \(cells.count) fields, but the header has \(columns.names.count) columns")
            }
            try collector.add(cells)
        }

        while position < bytes.count {
            var byte = bytes[position]
            position += 1
            if byte == carriage && position < bytes.count && bytes[position] == newline {
                byte = newline
                position += 1
            }
            if quoted {
                if byte == quote { quoted = false; afterQuote = true } else { cells.appendByte(byte) }
                if byte == newline { line += 1 }
            } else if byte == quote && afterQuote {
                cells.appendByte(quote)
                quoted = true
                afterQuote = false
            } else if byte == quote && cells.openLength == 0 {
                quoted = true
            } else if byte == comma {
                cells.endValue()
                afterQuote = false
                guard cells.count < DataRows.columnLimit else { throw DataRows.tooManyColumns(collector.file, at: "line \(line)") }
            } else if byte == newline {
                try endRow()
                afterQuote = false
                line += 1
            } else {
                guard !afterQuote else { throw .io(file: collector.file, message: "line \(line): text after a closing quote") }
                cells.appendByte(byte)
            }
            guard cells.openLength <= JSONParser.stringLimit else {
                throw .io(file: collector.file, message: "line \(line): a value longer than \(Format.grouped(JSONParser.stringLimit)) bytes, the limit for one string")
            }
        }
        guard !quoted else { throw .io(file: collector.file, message: "line \(line): a quoted field is not closed") }
        if cells.count > 0 || cells.openLength > 0 { try endRow() }
    }
}
