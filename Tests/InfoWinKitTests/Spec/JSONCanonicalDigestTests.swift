@testable import InfoWinKit
import Testing

/// The canonical digest a spec's input hash reads: the same for texts that differ only in spacing, member
/// order and how numbers are written; different for any other change.
@Suite("JSON canonical digest")
struct JSONCanonicalDigestTests {
    private static func digest(_ text: String) throws -> String {
        try JSONParser.parse(Array(text.utf8)).canonicalDigest
    }

    @Test func spacingMemberOrderAndNumberFormsDoNotCount() throws {
        let plain = try Self.digest(#"{"a": 1, "b": [true, null, "x"], "c": {"lat": 51.5, "lng": -0.127}}"#)
        #expect(try Self.digest(#"{ "c" : { "lng" : -0.127e0, "lat" : 5.15E1 }, "b" : [ true , null , "x" ], "a" : 1.0 }"#) == plain)
        #expect(try Self.digest("{\n\"b\":[true,null,\"x\"],\"a\":1,\"c\":{\"lat\":51.50,\"lng\":-0.1270}}") == plain)
        #expect(plain.count == 16)
    }

    @Test(arguments: [
        #"{"a": 2, "b": [true, null, "x"], "c": {"lat": 51.5, "lng": -0.127}}"#,
        #"{"a": 1, "b": [null, true, "x"], "c": {"lat": 51.5, "lng": -0.127}}"#,
        #"{"a": 1, "b": [true, null, "x "], "c": {"lat": 51.5, "lng": -0.127}}"#,
        #"{"a": 1, "b": [true, null, "x"], "c": {"lat": 51.5, "lon": -0.127}}"#,
        #"{"a": "1", "b": [true, null, "x"], "c": {"lat": 51.5, "lng": -0.127}}"#,
        #"{"a": 1, "b": [true, null, "x"], "c": {"lat": 51.5, "lng": -0.127}, "d": null}"#,
        #"{"a": 1, "b": [true, null, "x", []], "c": {"lat": 51.5, "lng": -0.127}}"#,
        #"{"a": 1, "b": [true, null, "x"], "c": [{"lat": 51.5, "lng": -0.127}]}"#,
    ])
    func anyOtherChangeCounts(_ changed: String) throws {
        #expect(try Self.digest(changed) != Self.digest(#"{"a": 1, "b": [true, null, "x"], "c": {"lat": 51.5, "lng": -0.127}}"#))
    }

    @Test func stringsAreTakenByLengthSoNoTwoListsRunTogether() throws {
        #expect(try Self.digest(#"["ab", "c"]"#) != Self.digest(#"["a", "bc"]"#))
        #expect(try Self.digest(#"{"ab": "c"}"#) != Self.digest(#"{"a": "bc"}"#))
        #expect(try Self.digest(#"[0]"#) == Self.digest(#"[-0]"#))
    }

    /// Strings are hashed eight bytes to a word: a change in any byte, around a word's end too, counts, and
    /// the zeros that pad the last word are not mistaken for text.
    @Test func everyByteOfAStringCounts() throws {
        for length in [1, 7, 8, 9, 15, 16, 17, 40] {
            let text = String(repeating: "a", count: length)
            let plain = try Self.digest("[\"\(text)\"]")
            for index in [0, length / 2, length - 1] {
                var changed = Array(text.utf8)
                changed[index] = UInt8(ascii: "b")
                #expect(try Self.digest("[\"\(String(decoding: changed, as: UTF8.self))\"]") != plain, "\(length) bytes, byte \(index)")
            }
            #expect(try Self.digest("[\"\(text)\\u0000\"]") != plain, "\(length) bytes and a NUL")
            #expect(try Self.digest("[\"\(text)\", \"\"]") != plain, "\(length) bytes and an empty string")
        }
    }
}

/// Small objects look for a repeated key among their members, larger ones in a set: both refuse it.
@Suite("JSON duplicate keys, small and large objects")
struct JSONDuplicateKeyTests {
    @Test(arguments: [2, 15, 16, 17, 40])
    func aRepeatedKeyIsRefusedAtAnyObjectSize(_ count: Int) throws {
        let members = (0..<count).map { "\"k\($0)\": \($0)" }
        let unique = "{" + members.joined(separator: ", ") + "}"
        #expect(throws: Never.self) { try JSONParser.parse(Array(unique.utf8)) }
        for repeated in [0, count - 1] {
            let text = "{" + (members + ["\"k\(repeated)\": 0"]).joined(separator: ", ") + "}"
            let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
            #expect(error?.message.contains("duplicate key \"k\(repeated)\"") == true, "\(count) members, k\(repeated)")
        }
    }
}
