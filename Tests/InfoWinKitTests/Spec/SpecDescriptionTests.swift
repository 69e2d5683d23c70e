import Glibc
@testable import InfoWinKit
import Testing

/// The spec is declared once (`SpecDescription`); these check that the decoder, the schema and the reference page's
/// key tables all agree with that declaration.
@Suite("the spec's one declaration: decoder, schema and reference tables")
struct SpecDescriptionTests {
    @Test("every key an example spec holds is read by the decoder: none declared and then ignored", arguments: Repository.exampleNames)
    func everyPresentKeyIsRead(name: String) throws {
        let folder = Repository.examples.appendingPathComponent(name)
        let bytes = try FileSystem.read(folder.path + "/spec.json", limit: 1 << 24)
        let log = KeyReadLog()
        do {
            try KeyReadLog.$current.withValue(log) {
                _ = try SpecDecoder.decode(SpecSource(name: "\(name)/spec.json", bytes: bytes, folder: folder.path))
            }
        } catch where "\(error)".contains("needs --strings") {
            return  // a localised example: its catalog comes from its infowin.json, checked by its golden test
        }
        #expect(log.unread.isEmpty, "keys present but never read: \(log.unread)")
        #expect(log.undeclared.isEmpty, "keys read but not declared: \(log.undeclared)")
    }

    @Test("a key the decoder does not read is reported as ignored")
    func anUnreadKeyIsReported() throws {
        let log = KeyReadLog()
        log.noteObject(["zoom", "bearing"], at: JSONPath.root.appending("camera"))
        log.noteRead("zoom", at: JSONPath.root.appending("camera"))
        #expect(log.unread.count == 1)
        #expect(log.unread.allSatisfy { $0.hasSuffix(": bearing") })
    }

    @Test("a key read that its object does not declare is reported")
    func anUndeclaredReadIsReported() {
        let log = KeyReadLog()
        log.noteRead("zoom", at: JSONPath.root.appending("camera"))
        log.noteRead("tilt", at: JSONPath.root.appending("camera"), declared: false)
        #expect(log.undeclared == ["camera: tilt"])
    }

    @Test("no object declares a key twice")
    func keysAreUnique() {
        for (title, object) in SpecKeyTables.objects {
            #expect(Set(object.names).count == object.names.count, "\(title) declares a key twice: \(object.names)")
        }
    }

    /// The property names the schema gives the named definition `name` (`$defs.view.properties`).
    private func schemaProperties(of name: String) -> Set<String>? {
        guard case .object(let top) = SpecSchema.schema, case .object(let definitions)? = top.first(where: { $0.key == "$defs" })?.value.kind,
            case .object(let definition)? = definitions.first(where: { $0.key == name })?.value.kind,
            case .object(let properties)? = definition.first(where: { $0.key == "properties" })?.value.kind
        else { return nil }
        return Set(properties.map(\.key))
    }

    @Test("the schema's view takes every view kind, and a view without one names them all")
    func viewKindsReachSchemaAndDecoder() throws {
        let names = try #require(schemaProperties(of: "view"), "the schema has no $defs.view.properties")
        for kind in SpecViewKind.allCases {
            #expect(names.contains(kind.rawValue), "the schema's view lacks \(kind.rawValue)")
            #expect(SpecKeyTables.markdown.contains("| `\(kind.rawValue)` |"), "the reference tables lack the view kind \(kind.rawValue)")
        }
        let json = #"{"map":{"width":100,"height":100,"camera":{"target":{"latitude":0,"longitude":0},"zoom":1}},"infoWindow":{"window":{"txt":"a"}}}"#
        #expect {
            try SpecDecoder.decode(SpecSource(name: "spec.json", bytes: Array(json.utf8), folder: "/tmp"))
        } throws: { error in
            let message = "\(error)"
            return message.contains(SpecViewKind.names.joined(separator: ", ")) && message.contains("did you mean") && message.contains("text")
        }
    }

    @Test("the schema's event takes every event kind, and an event without one names them all")
    func eventKindsReachSchemaAndDecoder() throws {
        let names = try #require(schemaProperties(of: "event"), "the schema has no $defs.event.properties")
        #expect(names == Set(SpecEventKind.names + [SpecDescription.handled]))
        for kind in SpecEventKind.allCases {
            #expect(SpecKeyTables.markdown.contains("| `\(kind.rawValue)` |"), "the reference tables lack the event kind \(kind.rawValue)")
        }
        let json = #"{"map":{"width":100,"height":100,"camera":{"target":{"latitude":0,"longitude":0},"zoom":1}},"markers":[{"id":"a","position":{"latitude":0,"longitude":0}}],"events":[{"tapMarkr":"a"}]}"#
        #expect {
            try SpecDecoder.decode(SpecSource(name: "spec.json", bytes: Array(json.utf8), folder: "/tmp"))
        } throws: { error in
            let message = (error as? InfoWinError)?.message ?? ""
            return message.contains("events[0]: an event needs one of " + SpecEventKind.names.joined(separator: ", "))
                && message.contains("did you mean \"tapMarker\"")
        }
    }

    @Test("the reference page's spec key tables are the declaration's (make docs writes them again)")
    func referenceTablesMatch() throws {
        let file = Repository.root.path + "/Documentation/reference/spec-keys.md"
        let page = String(decoding: try FileSystem.read(file, limit: 1 << 24), as: UTF8.self)
        let begin = "<!-- spec-keys:begin (generated from Sources/InfoWinKit/Spec/Description) -->\n"
        let end = "<!-- spec-keys:end -->"
        let start = try #require(page.firstRange(of: begin), "spec-keys.md has no \(begin)")
        let stop = try #require(page[start.upperBound...].firstRange(of: end), "spec-keys.md has no \(end)")
        let written = String(page[start.upperBound..<stop.lowerBound])
        let expected = SpecKeyTables.markdown
        let writtenLines = written.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference = Array(zip(writtenLines, expectedLines)).firstIndex { $0 != $1 } ?? min(writtenLines.count, expectedLines.count)
        let message = "Documentation/reference/spec-keys.md differs from the declaration at line \(firstDifference + 1) of its tables: "
            + "the page has \(writtenLines.dropFirst(firstDifference).first ?? "nothing"), the declaration "
            + "\(expectedLines.dropFirst(firstDifference).first ?? "nothing"); run make docs (or swift run infowin manual --reference Documentation/reference)"
        #expect(written == expected, "\(message)")
    }
}
