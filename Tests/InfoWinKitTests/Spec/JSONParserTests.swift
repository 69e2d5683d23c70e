#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import InfoWinKit

/// A JSON value reduced to something `#expect` can compare.
private indirect enum Plain: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Plain])
    case object([Member])

    struct Member: Equatable {
        let key: String
        let value: Plain
    }

    init(_ value: JSONValue) {
        switch value.kind {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(Plain.init))
        case .object(let members): self = .object(members.map { Member(key: $0.key, value: Plain($0.value)) })
        }
    }
}

private func parse(_ text: String, maxDepth: Int = 256) throws(JSONSyntaxError) -> Plain {
    Plain(try JSONParser.parse(Array(text.utf8), maxDepth: maxDepth))
}

/// The error parsing `bytes` gives, or nil (recorded as a failure) when it parses.
private func syntaxError(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> JSONSyntaxError? {
    do {
        _ = try JSONParser.parse(bytes)
        Issue.record("expected a syntax error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

private func syntaxError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONSyntaxError? {
    syntaxError(Array(text.utf8), sourceLocation: sourceLocation)
}

/// Expects `text` to fail at `line`:`column` with a message containing `fragment`.
private func expectSyntaxError(
    _ text: String, line: Int, column: Int, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error = syntaxError(text, sourceLocation: sourceLocation) else { return }
    #expect(error.line == line, "line of \(error)", sourceLocation: sourceLocation)
    #expect(error.column == column, "column of \(error)", sourceLocation: sourceLocation)
    #expect(error.message.contains(fragment), "message: \(error.message)", sourceLocation: sourceLocation)
}

@Suite struct JSONParserTests {
    // MARK: valid documents

    @Test func parsesEveryScalarTypeAtTheTopLevel() throws {
        #expect(try parse("null") == .null)
        #expect(try parse("true") == .bool(true))
        #expect(try parse("false") == .bool(false))
        #expect(try parse("42") == .number(42))
        #expect(try parse("\"hi\"") == .string("hi"))
        #expect(try parse("[]") == .array([]))
        #expect(try parse("{}") == .object([]))
    }

    @Test func parsesNestedObjectsAndArraysKeepingMemberOrder() throws {
        let value = try parse(#" { "z" : [1, "two", true, null, {"a": []}], "a": {"b": {"c": false}} } "#)
        #expect(
            value
                == .object([
                    .init(key: "z", value: .array([.number(1), .string("two"), .bool(true), .null, .object([.init(key: "a", value: .array([]))])])),
                    .init(key: "a", value: .object([.init(key: "b", value: .object([.init(key: "c", value: .bool(false))]))])),
                ]))
    }

    @Test func parsesNumbersInEveryForm() throws {
        #expect(try parse("0") == .number(0))
        #expect(try parse("-0") == .number(0))
        #expect(try parse("-0.127") == .number(-0.127))
        #expect(try parse("12.5") == .number(12.5))
        #expect(try parse("1e3") == .number(1000))
        #expect(try parse("1E-3") == .number(0.001))
        #expect(try parse("2.5e+2") == .number(250))
        #expect(try parse("-4096") == .number(-4096))
        #expect(try parse("1e-400") == .number(0), "underflow to zero is finite")
        #expect(try parse("1.7976931348623157e308") == .number(.greatestFiniteMagnitude))
    }

    /// The fast path (up to 19 significant digits, scaled by at most 10^22) and `strtod` must agree bit for
    /// bit: a coordinate read differently would move a pixel.
    @Test func everyNumberIsReadAsStrtodReadsIt() throws {
        var generator = SystemRandomNumberGenerator()
        var literals = [
            "51.50398329474823", "-0.12765432109876543", "9007199254740993", "9007199254740992", "0.1", "0.30000000000000004",
            "123456789012345678901234567890", "1e22", "1e23", "-1e-22", "1e-23", "4.9e-324", "2.2250738585072014e-308",
            "0.000000000000000000000001", "1.00000000000000011102230246251565404236316680908203125", "17976931348623157e292",
            "0e500", "-0.0e-5", "1.5e0005", "100000000000000000000000", "3.14159265358979323846264338327950288",
        ]
        for _ in 0..<2000 {
            let digits = Int.random(in: 1...20, using: &generator)
            var text = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            text = String(text.drop { $0 == "0" }.isEmpty ? "0" : text.drop(while: { $0 == "0" }))
            let point = Int.random(in: 0...text.count, using: &generator)
            if point < text.count, point > 0 { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
            if Bool.random(using: &generator) { text = "-" + text }
            if Int.random(in: 0...3, using: &generator) == 0 { text += "e\(Int.random(in: -30...30, using: &generator))" }
            literals.append(text)
        }
        for literal in literals {
            guard case .number(let read) = try parse(literal) else {
                Issue.record("\(literal) is not a number")
                continue
            }
            #expect(read.bitPattern == strtod(literal, nil).bitPattern, "\(literal)")
        }
    }

    /// Coordinates printed in full (17 to 19 significant digits, as Python and JavaScript print a double)
    /// and numbers down to 10^-27 are divided exactly in integers: each must round as `strtod` rounds it,
    /// ties to even included.
    @Test func longCoordinatesRoundAsStrtodRoundsThem() throws {
        var generator = SystemRandomNumberGenerator()
        var literals: [String] = []
        for _ in 0..<20_000 {
            let digits = Int.random(in: 16...19, using: &generator)
            let text = String(Int.random(in: 1...9, using: &generator)) + (1..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            let point = Int.random(in: 0...text.count, using: &generator)
            let sign = Bool.random(using: &generator) ? "-" : ""
            if point == 0 {
                literals.append(sign + "0." + String(repeating: "0", count: Int.random(in: 0...8, using: &generator)) + text)
            } else if point < text.count {
                literals.append(sign + text.prefix(point) + "." + text.dropFirst(point))
            } else {
                literals.append(sign + text + "e-\(Int.random(in: 1...27, using: &generator))")
            }
        }
        // Exactly halfway between two doubles above 2^53, written with a fraction: ties go to the even one.
        for power in 53...56 {
            let spacing = UInt64(1) << UInt64(power - 52)
            for step in [0, 1, 2, 3, 1000, 12345] as [UInt64] {
                let halfway = (UInt64(1) << UInt64(power)) + spacing * step + spacing / 2
                literals += ["\(halfway).0", "\(halfway).00", "\(halfway)0e-1", "\(halfway - 1).9", "\(halfway).01"]
            }
        }
        literals += ["1e-27", "0.000000000000000000000000001", "9999999999999999999e-27", "18446744073709551615e-1", "5e-1"]
        for literal in literals {
            guard case .number(let read) = try parse(literal) else {
                Issue.record("\(literal) is not a number")
                continue
            }
            #expect(read.bitPattern == strtod(literal, nil).bitPattern, "\(literal)")
        }
    }

    @Test func parsesStringEscapes() throws {
        #expect(try parse(#""a\"b\\c\/d\be\ff\ng\rh\ti""#) == .string("a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti"))
        #expect(try parse(#""\u0041\u00e9\u4E2D""#) == .string("Aé中"))
        #expect(try parse(#""\u0000""#) == .string("\u{0}"))
    }

    @Test func parsesRawNonASCIIText() throws {
        #expect(try parse("\"Zürich 東京 😀\"") == .string("Zürich 東京 😀"))
    }

    @Test func decodesSurrogatePairs() throws {
        #expect(try parse(#""\uD83D\uDE00""#) == .string("😀"))
        #expect(try parse(#""x\ud83d\ude00y""#) == .string("x😀y"))
        #expect(try parse(#""\uDBFF\uDFFF""#) == .string("\u{10FFFF}"))
    }

    @Test func skipsAByteOrderMark() throws {
        #expect(Plain(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))) == .object([.init(key: "a", value: .number(1))]))
    }

    @Test func recordsTheOffsetOfEachValue() throws {
        let value = try JSONParser.parse(Array(#"{"a": [10, "x"]}"#.utf8))
        guard case .object(let members) = value.kind, case .array(let elements) = members[0].value.kind else {
            Issue.record("expected an object holding an array")
            return
        }
        #expect(value.offset == 0)
        #expect(members[0].value.offset == 6)
        #expect(elements.map(\.offset) == [7, 11])
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let text = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        _ = try parse(text)
        #expect(throws: JSONSyntaxError.self) { try parse("[[1]]", maxDepth: 1) }
        #expect(try parse("[[1]]", maxDepth: 2) == .array([.array([.number(1)])]))
    }

    // MARK: syntax errors and their positions

    @Test func emptyInputIsAnError() {
        expectSyntaxError("", line: 1, column: 1, "empty")
        expectSyntaxError("  \n\t ", line: 2, column: 3, "empty")
    }

    @Test func trailingGarbageIsAnError() {
        expectSyntaxError("{} x", line: 1, column: 4, "after the end of the JSON value")
        expectSyntaxError("{}{}", line: 1, column: 3, "after the end of the JSON value")
        expectSyntaxError("1 2", line: 1, column: 3, "after the end")
        expectSyntaxError("[1]\n\n  ]", line: 3, column: 3, "']'")
    }

    @Test func syntaxErrorsGiveOneBasedLineAndColumn() {
        expectSyntaxError("{\n  \"a\": tru\n}", line: 2, column: 8, "expected a value")
        expectSyntaxError(#"{"a": 1,}"#, line: 1, column: 9, "expected a key in double quotes")
        expectSyntaxError("[1,]", line: 1, column: 4, "expected a value")
        expectSyntaxError(#"{"a" 1}"#, line: 1, column: 6, "expected ':'")
        expectSyntaxError(#"{"a": 1 "b": 2}"#, line: 1, column: 9, "expected ',' or '}'")
        expectSyntaxError("[1 2]", line: 1, column: 4, "expected ',' or ']'")
        expectSyntaxError("{'a': 1}", line: 1, column: 2, "expected a key in double quotes")
        expectSyntaxError("[\n1,\n2,\n", line: 4, column: 1, "end of the file")
    }

    @Test func columnCountsCharactersNotBytes() {
        // "名前" is 6 bytes but 2 characters: the x is the 8th character (12th byte).
        expectSyntaxError(#"{"名前": x}"#, line: 1, column: 8, "'x'")
        // é (2 bytes) and 😀 (4 bytes) on the line of the error; the line before does not count.
        expectSyntaxError("{\"ü\": 1,\n \"é😀\": @}", line: 2, column: 8, "'@'")
    }

    @Test func unexpectedNonASCIICharacterIsNamed() {
        expectSyntaxError("[1, é]", line: 1, column: 5, "U+00E9")
    }

    @Test func badLiteralsAreErrors() {
        expectSyntaxError("tru", line: 1, column: 1, "expected a value")
        expectSyntaxError("nul", line: 1, column: 1, "expected a value")
        expectSyntaxError("True", line: 1, column: 1, "expected a value")
        expectSyntaxError("[NaN]", line: 1, column: 2, "expected a value")
        expectSyntaxError("[Infinity]", line: 1, column: 2, "expected a value")
        expectSyntaxError("truex", line: 1, column: 5, "after the end")
    }

    @Test func malformedNumbersAreErrors() {
        expectSyntaxError("-", line: 1, column: 2, "digits")
        expectSyntaxError("1.", line: 1, column: 3, "after its decimal point")
        expectSyntaxError("1e", line: 1, column: 3, "exponent")
        expectSyntaxError("1e+", line: 1, column: 4, "exponent")
        expectSyntaxError(".5", line: 1, column: 1, "expected a value")
        expectSyntaxError("+1", line: 1, column: 1, "expected a value")
        expectSyntaxError("01", line: 1, column: 2, "after the end")
        expectSyntaxError("[0x10]", line: 1, column: 3, "expected ',' or ']'")
    }

    @Test func numbersThatOverflowToInfinityAreErrors() {
        expectSyntaxError("1e400", line: 1, column: 1, "too large to be finite")
        expectSyntaxError(#"{"a": -1e400}"#, line: 1, column: 7, "-1e400")
        expectSyntaxError("[1, 2e308]", line: 1, column: 5, "too large")
    }

    @Test func duplicateKeysAreAnErrorNamingTheKeyAndItsPath() throws {
        let text = #"{"markers": [{"id": "a"}, {"id": "b", "id": "c"}]}"#
        let error = try #require(syntaxError(text))
        #expect(error.message.contains(#"duplicate key "id""#))
        #expect(error.path?.description == "markers[1].id")
        #expect(error.line == 1)
        #expect(error.column == 39)  // the second "id" key
    }

    @Test func duplicateKeysAtTheTopLevelAndOnLaterLines() throws {
        let error = try #require(syntaxError("{\n  \"map\": 1,\n  \"map\": 2\n}"))
        #expect(error.path?.description == "map")
        #expect(error.line == 3)
        #expect(error.column == 3)
    }

    @Test func sameKeyInDifferentObjectsIsNotADuplicate() throws {
        _ = try parse(#"[{"a": 1}, {"a": 2, "b": {"a": 3}}]"#)
    }

    @Test func otherSyntaxErrorsHaveNoPath() throws {
        let error = try #require(syntaxError("[1,,2]"))
        #expect(error.path == nil)
    }

    @Test func invalidUTF8IsAnError() throws {
        // {"a":"<FF>"}: the bad byte is the 7th character.
        let error = try #require(syntaxError([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D]))
        #expect(error.message.contains("UTF-8"))
        #expect(error.line == 1)
        #expect(error.column == 7)
    }

    @Test func invalidUTF8AfterNonASCIIReportsTheCharacterColumn() throws {
        // "é" then a lone continuation byte: column 3 in characters (4 in bytes).
        let error = try #require(syntaxError([0x22, 0xC3, 0xA9, 0x80, 0x22]))
        #expect(error.message.contains("UTF-8"))
        #expect(error.column == 3)
    }

    @Test(arguments: [
        [0x22, 0xC0, 0xAF, 0x22],  // overlong "/"
        [0x22, 0xED, 0xA0, 0x80, 0x22],  // a UTF-8-encoded surrogate
        [0x22, 0xE2, 0x82, 0x22],  // truncated sequence
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // beyond U+10FFFF
        [0x5B, 0x31, 0x5D, 0xE2],  // truncated at the end, outside a string
    ] as [[UInt8]])
    func everyKindOfInvalidUTF8IsAnError(bytes: [UInt8]) throws {
        let error = try #require(syntaxError(bytes))
        #expect(error.message.contains("UTF-8"))
    }

    @Test func loneSurrogateEscapesAreErrors() {
        expectSyntaxError(#""\uD800""#, line: 1, column: 8, "surrogate")
        expectSyntaxError(#""\uD800x""#, line: 1, column: 8, "surrogate")
        expectSyntaxError(#""\uD800\u0041""#, line: 1, column: 14, "low surrogate")
        expectSyntaxError(#""\uDC00""#, line: 1, column: 8, "lone low surrogate")
        expectSyntaxError(#""\uDFFF\uD800""#, line: 1, column: 8, "surrogate")
        expectSyntaxError(#""\uD800"#, line: 1, column: 8, "surrogate")
    }

    @Test func badEscapesAreErrors() {
        expectSyntaxError(#""\x""#, line: 1, column: 3, "unknown escape")
        expectSyntaxError(#""\u12""#, line: 1, column: 4, "four hexadecimal digits")
        expectSyntaxError(#""\u+041""#, line: 1, column: 4, "four hexadecimal digits")
        expectSyntaxError(#""\u-041""#, line: 1, column: 4, "four hexadecimal digits")
        expectSyntaxError(#""\uG000""#, line: 1, column: 4, "four hexadecimal digits")
        expectSyntaxError(#""\"#, line: 1, column: 3, "end of the file inside a string")
    }

    @Test func controlCharactersInsideStringsAreErrors() {
        expectSyntaxError("\"a\tb\"", line: 1, column: 3, "U+0009")
        expectSyntaxError("{\"a\": \"line\nbreak\"}", line: 1, column: 12, "control character")
        expectSyntaxError("\"\u{1}\"", line: 1, column: 2, "U+0001")
        expectSyntaxError("\"\u{1F}\"", line: 1, column: 2, "U+001F")
        expectSyntaxError("\"x\0\"", line: 1, column: 3, "U+0000")
    }

    @Test func delIsAllowedInStrings() throws {
        #expect(try parse("\"\u{7F}\"") == .string("\u{7F}"))
    }

    @Test func unterminatedStringIsAnError() {
        expectSyntaxError(#"{"a": "abc"#, line: 1, column: 11, "inside a string")
    }

    @Test func tooDeepNestingFailsQuicklyWithoutCrashing() throws {
        let error = try #require(syntaxError(String(repeating: "[", count: 100_000)))
        let objects = try #require(syntaxError(String(repeating: "{\"a\":", count: 100_000)))
        #expect(error.message.contains("deeper than 256"))
        #expect(error.line == 1)
        #expect(error.column == 257)  // the 257th '[' is one too many
        #expect(objects.message.contains("deeper than 256"))
    }

    @Test func oneLevelPastTheLimitIsAnError() throws {
        let text = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        let error = try #require(syntaxError(text))
        #expect(error.message.contains("deeper"))
    }
}

// MARK: - JSONWriter

extension JSONParserTests {
    @Suite struct Writer {
        @Test func formatsWholeNumbersWithoutAFraction() {
            #expect(JSONWriter.format(390) == "390")
            #expect(JSONWriter.format(0) == "0")
            #expect(JSONWriter.format(-0.0) == "0")
            #expect(JSONWriter.format(-3) == "-3")
            #expect(JSONWriter.format(67_108_864) == "67108864")
            #expect(JSONWriter.format(123_456_789_012_345) == "123456789012345")
        }

        @Test func formatsFractionsInTheirShortestExactForm() {
            #expect(JSONWriter.format(12.5) == "12.5")
            #expect(JSONWriter.format(-0.127) == "-0.127")
            #expect(JSONWriter.format(0.1) == "0.1")
            #expect(JSONWriter.format(0.1 + 0.2) == "0.30000000000000004")
        }

        @Test(arguments: [0.1, -0.127, 1e15, -1e15, 1e300, 5e-324, 123456.789, 0.30000000000000004, 2.5e-8, 4096])
        func formattedNumbersParseBackExactly(number: Double) throws {
            let text = JSONWriter.format(number)
            #expect(try parse(text) == .number(number), "\(text)")
        }

        @Test func quotesAndEscapesStrings() {
            #expect(JSONWriter.quoted("plain") == #""plain""#)
            #expect(JSONWriter.quoted("a\"b\\c") == #""a\"b\\c""#)
            #expect(JSONWriter.quoted("l1\nl2\r\t") == #""l1\nl2\r\t""#)
            #expect(JSONWriter.quoted("\u{1}\u{8}\u{1F}") == #""\u0001\u0008\u001F""#)
            #expect(JSONWriter.quoted("é😀/") == "\"é😀/\"")
        }

        @Test func writesPrettyJSONWithTwoSpaceIndents() {
            let value = JSONValue.Kind.members([
                "a": .number(1), "b": .list([.bool(true), .null]), "c": .members([:]), "d": .list([]),
                "e": .members(["f": .string("g")]),
            ])
            let expected = """
                {
                  "a": 1,
                  "b": [
                    true,
                    null
                  ],
                  "c": {},
                  "d": [],
                  "e": {
                    "f": "g"
                  }
                }

                """
            #expect(JSONWriter.write(value) == expected)
        }

        @Test func writesCompactJSONOnOneLine() {
            let value = JSONValue.Kind.members(["a": .number(1.5), "b": .list([.bool(false), .null, .string("x y")]), "c": .members([:])])
            #expect(JSONWriter.writeCompact(value) == #"{"a":1.5,"b":[false,null,"x y"],"c":{}}"#)
        }

        @Test func outputRoundTripsThroughTheParser() throws {
            let value = JSONValue.Kind.members([
                "image": .members(["width": .number(780), "height": .number(600), "scale": .number(2)]),
                "text": .string("quote \" backslash \\ newline \n tab \t bell \u{7} nul \u{0} é 中 😀 \u{10FFFF}"),
                "numbers": .list([.number(-0.127), .number(1e300), .number(5e-324), .number(0), .number(-42)]),
                "flags": .list([.bool(true), .bool(false), .null]),
                "nested": .list([.list([.list([])]), .members(["": .string("empty key"), "a b": .number(1)])]),
            ])
            let pretty = JSONWriter.write(value)
            let compact = JSONWriter.writeCompact(value)
            let fromPretty = try JSONParser.parse(Array(pretty.utf8))
            let fromCompact = try JSONParser.parse(Array(compact.utf8))
            let original = Plain(JSONValue(kind: value, offset: 0))
            #expect(Plain(fromPretty) == original)
            #expect(Plain(fromCompact) == original)
            #expect(JSONWriter.write(fromPretty.kind) == pretty)
            #expect(!compact.contains("\n"))
            #expect(pretty.hasSuffix("}\n"))
            #expect(pretty.contains("\"width\": 780,"))
            #expect(!pretty.contains("780.0"))
        }

        @Test func parsedDocumentIsRewrittenInTheSameKeyOrder() throws {
            let text = #"{"z":1,"a":[2,3.25],"m":{"y":null,"b":true}}"#
            #expect(JSONWriter.writeCompact(try JSONParser.parse(Array(text.utf8)).kind) == text)
        }
    }
}

// MARK: - JSONPath

extension JSONParserTests {
    @Suite struct PathDescription {
        @Test func describesKeysAndIndexes() {
            let path = JSONPath(components: [.key("markers"), .index(2), .key("position"), .key("latitude")])
            #expect(path.description == "markers[2].position.latitude")
        }

        @Test func appendingBuildsTheSamePath() {
            let path = JSONPath.root.appending("markers").appending(2).appending("position").appending("latitude")
            #expect(path == JSONPath(components: [.key("markers"), .index(2), .key("position"), .key("latitude")]))
            #expect("\(path)" == "markers[2].position.latitude")
            #expect(JSONPath.root.appending("a").appending(0).appending(1).description == "a[0][1]")
        }

        @Test func theRootHasADescription() {
            #expect(JSONPath.root.description == "(the whole spec)")
            #expect(JSONPath.root.appending(3).description == "[3]")
        }

        @Test func plainNamesAreNotQuoted() {
            #expect(JSONPath.root.appending("_private").appending("a1_B").description == "_private.a1_B")
        }

        @Test func oddKeysAreQuoted() {
            let userData = JSONPath.root.appending("markers").appending(0).appending("userData")
            #expect(userData.appending("a b").description == #"markers[0].userData["a b"]"#)
            #expect(userData.appending("2x").description == #"markers[0].userData["2x"]"#)
            #expect(userData.appending("").description == #"markers[0].userData[""]"#)
            #expect(userData.appending("a.b").description == #"markers[0].userData["a.b"]"#)
            #expect(userData.appending("quo\"te").description == #"markers[0].userData["quo\"te"]"#)
            #expect(userData.appending("café").description == #"markers[0].userData["café"]"#)
            #expect(userData.appending("new\nline").description == #"markers[0].userData["new\nline"]"#)
            #expect(JSONPath.root.appending("a-b").appending("c").description == #"["a-b"].c"#)
        }
    }
}
