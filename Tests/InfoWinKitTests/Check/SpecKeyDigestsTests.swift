import Testing
import InfoWinCheck
@testable import InfoWinKit

/// `infowin:spec-keys`: a digest of each key path of a spec, so that a failed check names the spec key
/// that changed, the cause that groups the failures of every variant (SPEC.md, "Shards by render, causes,
/// CI engines").
@Suite("spec key digests: the changed key path named")
struct SpecKeyDigestsTests {
    private static func lines(_ json: String) throws -> [String] {
        try #require(SpecKeyDigests.lines(of: try JSONParser.parse(Array(json.utf8), file: "t.json")))
    }

    private static func change(_ old: String, _ new: String) throws -> String? {
        SpecKeyDigests.change(golden: try lines(old), actual: try lines(new))
    }

    @Test func leavesAreNamedThroughObjectsAndArraysOfObjectsAndOtherArraysAreOneLeaf() throws {
        let paths = try Self.lines(##"{"map": {"background": "#FFF", "padding": [1, 2]}, "markers": [{"id": "a"}, {"id": "b", "userData": {"n": 1}}]}"##)
            .map { String($0.drop { $0 != " " }.dropFirst()) }
        #expect(paths == ["map.background", "map.padding", "markers[0].id", "markers[1].id", "markers[1].userData.n"], "\(paths)")
    }

    @Test func oneChangedKeyIsNamedAndSpacingOrMemberOrderChangeNothing() throws {
        let golden = ##"{"map": {"background": "#F2EFE9", "width": 200}, "markers": [{"id": "a", "title": "A"}]}"##
        #expect(try Self.change(golden, ##"{"map": {"background": "#3050A0", "width": 200}, "markers": [{"id": "a", "title": "A"}]}"##) == "spec key map.background changed")
        #expect(try Self.change(golden, ##"{"markers": [{"title": "A", "id": "a"}], "map": {"width": 200.0, "background": "#F2EFE9"}}"##) == nil)
        #expect(try Self.change(golden, ##"{"map": {"background": "#F2EFE9", "width": 200}, "markers": [{"id": "a", "title": "A", "snippet": "s"}]}"##) == "spec key markers[0].snippet changed", "a key added")
    }

    @Test func manyChangedKeysAreNamedUpToThreeThenCounted() throws {
        let golden = #"{"a": 1, "b": 1, "c": 1, "d": 1, "e": 1}"#
        #expect(try Self.change(golden, #"{"a": 2, "b": 2, "c": 2, "d": 2, "e": 2}"#) == "spec keys a, b, c and 2 more changed")
        #expect(try Self.change(golden, #"{"a": 2, "b": 2, "c": 1, "d": 1, "e": 1}"#) == "spec keys a, b changed")
    }

    @Test func aSpecWithMoreKeyPathsThanTheLimitKeepsNone() throws {
        let markers = (0...SpecKeyDigests.pathLimit).map { #"{"id": "m\#($0)"}"# }.joined(separator: ",")
        #expect(SpecKeyDigests.lines(of: try JSONParser.parse(Array(#"{"markers": [\#(markers)]}"#.utf8), file: "t.json")) == nil)
    }

    @Test func aKeyOutsideASCIIReadsBackFromThePNGAsItWasWritten() throws {
        let json = #"{"map": {"width": 120, "height": 80, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 3}}, "markers": [{"id": "a", "position": {"latitude": 0, "longitude": 0}, "userData": {"café ☕": "x"}}]}"#
        let spec = try SpecDecoder.decode(SpecSource(name: "t.json", bytes: Array(json.utf8), folder: TestAssets.folder))
        let result = try Renderer().render(spec)
        let read = try #require(Fingerprint(entries: PNGText.entries(of: result.png)))
        #expect(read.specKeys == result.fingerprint.specKeys && read.specKeys?.contains { $0.hasSuffix(#"userData["caf\u{e9} \u{2615}"]"#) } == true, "\(read.specKeys ?? [])")
        #expect(result.fingerprint.differences(from: read).isEmpty, "the golden and the same render name no change")
    }

    @Test func aLongListIsKeptCompressedInThePNGAndStillNamesTheChangedKey() throws {
        func spec(title: String) throws -> Spec {
            let markers = (0..<60).map { index in
                let name = index == 41 ? title : "Stop \(index)"
                return #"{"id": "m\#(index)", "position": {"latitude": 0, "longitude": 0}, "title": "\#(name)"}"#
            }.joined(separator: ",")
            let json = #"{"map": {"width": 120, "height": 80, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 3}}, "markers": [\#(markers)]}"#
            return try SpecDecoder.decode(SpecSource(name: "t.json", bytes: Array(json.utf8), folder: TestAssets.folder))
        }
        let golden = try Renderer().render(try spec(title: "Depot"))
        let written = try #require(golden.fingerprint.specKeys).joined(separator: "\n")
        #expect(written.utf8.count > PNGText.compressionThreshold)
        #expect(String(decoding: golden.png, as: UTF8.self).contains("zTXtinfowin:spec-keys"), "kept compressed")
        let read = try #require(Fingerprint(entries: PNGText.entries(of: golden.png)))
        #expect(read.specKeys == golden.fingerprint.specKeys)
        let changed = try Renderer().render(try spec(title: "Warehouse"))
        #expect(changed.fingerprint.differences(from: read).contains { $0.contains("spec key markers[41].title changed") },
                "\(changed.fingerprint.differences(from: read))")
    }
}
