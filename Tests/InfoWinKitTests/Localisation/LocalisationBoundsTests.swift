import Testing
@testable import InfoWinKit

@Suite("localisation inputs at their bounds: long texts, large templates, many variants")
struct LocalisationBoundsTests {
    @Test("en-XA pseudo-localises a 320,000-character snippet whole: accented, bracketed, about 40 % longer")
    func longPseudoLocalisedSnippet() {
        let text = String(repeating: "Open late ", count: 32_000)
        let accented = PseudoLocale.accented.apply(to: text)
        #expect(accented.hasPrefix("[Öþéñ ļáţé Öþéñ"))
        #expect(accented.hasSuffix("]"))
        let length = accented.count
        #expect(length >= 14 * text.count / 10 && length <= 14 * text.count / 10 + 8)
        #expect(accented.contains(" one two three four five six seven eight nine ten one"))
    }
}

@Suite("template expansion and data rows checked while they grow")
struct ExpansionBoundsTests {
    static let spec = #"{"map": {"width": 100, "height": 100, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1}}, "markers": [MARKERS]}"#

    static func source(titles: [String]) -> SpecSource {
        let markers = titles.enumerated().map { #"{"id": "m\#($0)", "position": {"latitude": 0, "longitude": 0}, "title": "\#($1)"}"# }
        return SpecSource(name: "s.json", bytes: Array(spec.replacing("MARKERS", with: markers.joined(separator: ", ")).utf8), folder: "/tmp")
    }

    static func row(_ value: String) throws -> DataRows.Row {
        try DataRows(bytes: Array("x\n\(value)\n".utf8), file: "rows.csv").rows[0]
    }

    @Test("one long value filled in 600 times is refused while the string grows, naming the file and JSON path")
    func aStringLongerThanSixteenMebibytesIsRefused() throws {
        let variant = SpecVariant(row: try Self.row(String(repeating: "x", count: 1 << 20)))
        let error = #expect(throws: InfoWinError.self) {
            try variant.apply(to: Self.source(titles: [String(repeating: "{{data.x}}", count: 600)]))
        }
        #expect(error?.message.contains("s.json: markers[0].title: {{data.x}}") == true, "\(String(describing: error?.message))")
        #expect(error?.message.contains("16,777,216 bytes") == true)
    }

    @Test("strings each within 16 MiB that come to more than 32 MiB in one spec are refused at the one that passes")
    func aSpecLargerThanThirtyTwoMebibytesIsRefused() throws {
        let variant = SpecVariant(row: try Self.row(String(repeating: "x", count: 7 << 20)))
        let error = #expect(throws: InfoWinError.self) {
            try variant.apply(to: Self.source(titles: Array(repeating: "{{data.x}}{{data.x}}", count: 3)))
        }
        #expect(error?.message.contains("markers[2].title") == true, "\(String(describing: error?.message))")
        #expect(error?.message.contains("33,554,432 bytes") == true)
    }

    @Test("a value just within the limit is filled in whole")
    func aValueWithinTheLimitIsFilled() throws {
        let variant = SpecVariant(row: try Self.row(String(repeating: "x", count: 4 << 20)))
        let filled = try variant.apply(to: Self.source(titles: ["{{data.x}}{{data.x}}"]))
        #expect(try SpecDecoder.decode(filled).markers[0].title?.utf8.count == 8 << 20)
    }

    @Test("CSV and JSON Lines stop at the row limit while reading, and a CSV value longer than a string is refused")
    func rowsAreCountedWhileReading() throws {
        let csv = "id\n" + (1...11).map { "r\($0)\n" }.joined()
        let tooMany = #expect(throws: InfoWinError.self) { try DataRows(bytes: Array(csv.utf8), file: "rows.csv", rowLimit: 10) }
        #expect(tooMany?.message.contains("more than 10 rows") == true, "\(String(describing: tooMany?.message))")
        #expect(try DataRows(bytes: Array(csv.utf8), file: "rows.csv", rowLimit: 11).rows.count == 11)
        let lines = String(repeating: "{\"a\": 1}\n", count: 11)
        #expect(throws: InfoWinError.self) { try DataRows(bytes: Array(lines.utf8), file: "rows.jsonl", rowLimit: 10) }
        let huge = "x\n" + String(repeating: "1\n", count: DataRows.rowLimit + 1)
        let limit = #expect(throws: InfoWinError.self) { try DataRows(bytes: Array(huge.utf8), file: "rows.csv") }
        #expect(limit?.message.contains("more than 100,000 rows") == true)
        let long = "x\n" + String(repeating: "y", count: (16 << 20) + 1) + "\n"
        let cell = #expect(throws: InfoWinError.self) { try DataRows(bytes: Array(long.utf8), file: "rows.csv") }
        #expect(cell?.message.contains("the limit for one string") == true, "\(String(describing: cell?.message))")
    }

    @Test("CSV rows keep their values by column, the first of two equal column names winning, UTF-8 whole")
    func csvValuesByColumn() throws {
        let rows = try DataRows(bytes: Array("\u{FEFF}id,a,a,b\r\nr1,ü,second,\"x,\r\ny\"\r\n\r\n".utf8), file: "rows.csv").rows
        #expect(rows.count == 1)
        #expect(rows[0].values == ["id": "r1", "a": "ü", "b": "x,\ny"])
        #expect(rows[0].value("missing") == nil)
    }
}

@Suite("data files read in proportion to their size")
struct DataFileShapeTests {
    @Test("a JSON array is counted before its rows are parsed, and parsed one element at a time")
    func jsonArrayCountedFirst() throws {
        let many = "[" + Array(repeating: "{}", count: 11).joined(separator: ",") + "]"
        let error = #expect(throws: InfoWinError.self) { try DataRows(bytes: Array(many.utf8), file: "rows.json", rowLimit: 10) }
        #expect(error?.message.contains("more than 10 rows") == true, "\(String(describing: error?.message))")
        let rows = try DataRows(bytes: Array(#" [ {"id": "a,]", "n": "{[,"}, {"id": "b\"}"} ] "#.utf8), file: "rows.json").rows
        #expect(rows.map(\.name) == ["a,]", "b\"}"])
        let broken = #expect(throws: InfoWinError.self) { try DataRows(bytes: Array("[{}, {\"a\": }]".utf8), file: "rows.json") }
        #expect(broken?.message.contains("rows.json:1:") == true || broken?.message.contains("line 1") == true, "\(String(describing: broken?.message))")
    }

    @Test("a row of more than 1,000 columns is refused while it is read")
    func columnsAreBounded() {
        let csv = Array(repeating: "a", count: 1_001).joined(separator: ",") + "\n"
        let error = #expect(throws: InfoWinError.self) { try DataRows(bytes: Array(csv.utf8), file: "rows.csv") }
        #expect(error?.message.contains("more than 1,000 columns") == true, "\(String(describing: error?.message))")
        let json = "{" + (1...1_001).map { "\"k\($0)\": 1" }.joined(separator: ", ") + "}\n"
        #expect(throws: InfoWinError.self) { try DataRows(bytes: Array(json.utf8), file: "rows.jsonl") }
    }
}
