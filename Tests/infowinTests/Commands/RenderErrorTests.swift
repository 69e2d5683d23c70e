import Foundation
import InfoWinTestSupport
import Testing

/// Failed renders: exit 1, a message that names the file and the JSON path, and no file left behind.
@Suite("render: failures exit 1 and leave nothing")
struct RenderErrorTests {
    /// Runs `render SPEC -o out.png --layout out.json` in `folder` and checks the common failure contract:
    /// status 1, an `error:` line on stderr, nothing on stdout, and the folder as it was before.
    private func expectFailure(
        _ arguments: [String], in folder: TemporaryFolder, stdin: [UInt8]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let before = try folder.entries()
        let result = try CLI.run(arguments, stdin: stdin, in: folder.url)
        #expect(result.status == 1, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("error: "), "stderr: \(result.stderr.debugDescription)",
                sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "stdout should be empty", sourceLocation: sourceLocation)
        #expect(try folder.entries() == before, "a file (or a temporary) was left behind",
                sourceLocation: sourceLocation)
        return result.stderr
    }

    private let renderArguments = ["render", "spec.json", "-o", "out.png", "--layout", "out.json"]

    /// `render` of the spec `bytes` (as spec.json) fails as `expectFailure` checks, its message holding
    /// each of `parts`.
    private func expectFailure(
        rendering bytes: [UInt8], mentioning parts: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "spec.json")
        let message = try expectFailure(renderArguments, in: folder, sourceLocation: sourceLocation)
        for part in parts {
            #expect(message.contains(part), "message: \(message)", sourceLocation: sourceLocation)
        }
    }

    @Test func invalidJSONNamesFileLineAndColumn() throws {
        try expectFailure(rendering: Array("{\n  \"version\": 1,\n    ,\n}\n".utf8), mentioning: ["spec.json:3:5:"])
    }

    @Test func wrongTypeNamesFileAndJSONPath() throws {
        let spec = Specs.spec(markers: [#"{ "id": "a", "position": { "latitude": "north", "longitude": 0 } }"#])
        try expectFailure(rendering: Array(spec.utf8), mentioning: ["spec.json", "markers[0].position.latitude"])
    }

    @Test func missingRequiredKeyNamesItsPath() throws {
        let spec = Specs.spec(markers: [#"{ "position": { "latitude": 0, "longitude": 0 } }"#])
        try expectFailure(rendering: Array(spec.utf8), mentioning: ["spec.json", "markers[0]", "id"])
    }

    @Test func unsupportedVersionNamesTheSupportedOne() throws {
        let spec = Specs.london.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 7")
        try expectFailure(rendering: Array(spec.utf8), mentioning: ["spec.json: version", "1"])
    }

    @Test func duplicateKeyIsAnErrorWithLineColumnAndPath() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london.replacingOccurrences(of: "\"version\": 1,", with: "\"version\": 1, \"version\": 1,"),
                         to: "spec.json")
        let message = try expectFailure(renderArguments, in: folder)
        #expect(message.range(of: #"spec\.json:2:\d+:"#, options: .regularExpression) != nil, "message: \(message)")
        #expect(message.contains("version"), "message: \(message)")
    }

    @Test func nonFiniteNumberIsAnErrorWithLineAndColumn() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(markers: []).replacingOccurrences(of: "\"width\": 390", with: "\"width\": 1e999"),
                         to: "spec.json")
        let message = try expectFailure(renderArguments, in: folder)
        #expect(message.range(of: #"spec\.json:\d+:\d+:"#, options: .regularExpression) != nil, "message: \(message)")
    }

    @Test
    func nonFiniteNumberErrorNamesTheJSONPath() throws {
        let spec = Specs.spec(markers: []).replacingOccurrences(of: "\"width\": 390", with: "\"width\": 1e999")
        try expectFailure(rendering: Array(spec.utf8), mentioning: ["map.width"])
    }

    /// A spec whose marker title starts with `bytes` that are not UTF-8.
    private func specWithTitle(startingWith bytes: [UInt8]) throws -> [UInt8] {
        let spec = Specs.spec(markers: [Specs.marker("a", title: "XX")], selected: "a")
        var result = Array(spec.utf8)
        let range = try #require(spec.range(of: "XX"))
        let offset = spec.utf8.distance(from: spec.utf8.startIndex, to: range.lowerBound)
        result.replaceSubrange(offset..<offset + bytes.count, with: bytes)
        return result
    }

    @Test func textThatIsNotUTF8IsAnError() throws {
        try expectFailure(rendering: specWithTitle(startingWith: [0xFF, 0xFE]), mentioning: ["spec.json", "UTF-8"])
    }

    @Test
    func textThatIsNotUTF8NamesTheJSONPath() throws {
        try expectFailure(rendering: specWithTitle(startingWith: [0xFF]), mentioning: ["markers[0].title"])
    }

    @Test func missingIconAssetNamesFileAndPath() throws {
        let spec = Specs.spec(markers: [Specs.marker("a", extra: #""icon": "nothere.png""#)])
        try expectFailure(rendering: Array(spec.utf8), mentioning: ["spec.json", "markers[0].icon", "nothere.png"])
    }

    @Test func iconPathOutsideTheSpecFolderIsRefused() throws {
        let folder = try TemporaryFolder()
        try folder.write(PNG.solid(width: 8, height: 8), to: "x.png") // exists, but outside sub/
        try folder.write(Specs.spec(markers: [Specs.marker("a", extra: #""icon": "../x.png""#)]), to: "sub/spec.json")
        let message = try expectFailure(["render", "sub/spec.json", "-o", "out.png", "--layout", "out.json"],
                                        in: folder)
        #expect(message.contains("sub/spec.json"), "message: \(message)")
        #expect(message.contains("markers[0].icon"), "message: \(message)")
        #expect(message.contains("outside"), "message: \(message)")
        #expect(try folder.entries("sub") == ["spec.json"])
    }

    @Test func absoluteIconPathIsRefused() throws {
        let folder = try TemporaryFolder()
        try folder.write(PNG.solid(width: 8, height: 8), to: "x.png")
        let absolute = folder.path("x.png")
        try folder.write(Specs.spec(markers: [Specs.marker("a", extra: "\"icon\": \(Specs.quoted(absolute))")]),
                         to: "sub/spec.json")
        let message = try expectFailure(["render", "sub/spec.json", "-o", "out.png"], in: folder)
        #expect(message.contains("markers[0].icon"), "message: \(message)")
    }

    @Test func nonExistentSpecFileIsNamed() throws {
        let folder = try TemporaryFolder()
        let message = try expectFailure(["render", "missing.json", "-o", "out.png", "--layout", "out.json"],
                                        in: folder)
        #expect(message.contains("missing.json"), "message: \(message)")
    }

    @Test func invalidSpecOnStandardInputIsNamedAsStandardInput() throws {
        let folder = try TemporaryFolder()
        let message = try expectFailure(["render", "-", "-o", "out.png"], in: folder, stdin: Array("{".utf8))
        #expect(message.contains("<stdin>:1:2:"), "message: \(message)")
    }

    /// The image or the layout into a missing folder (the image to a file or to standard output): the
    /// missing path is named, and neither file is left, nor anything written to standard output.
    @Test(arguments: [
        (output: "nodir/out.png", layout: "out.json"),
        (output: "out.png", layout: "nodir/out.json"),
        (output: "-", layout: "nodir/out.json"),
    ])
    func writingIntoAMissingFolderLeavesNothing(output: String, layout: String) throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")
        let message = try expectFailure(["render", "spec.json", "-o", output, "--layout", layout], in: folder)
        let missing = output.hasPrefix("nodir/") ? output : layout
        #expect(message.contains(missing), "message: \(message)")
    }

    @Test func outputPathThatIsAFolderFails() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("out.png"),
                                                withIntermediateDirectories: false)
        let message = try expectFailure(["render", "spec.json", "-o", "out.png"], in: folder)
        #expect(message.contains("out.png"), "message: \(message)")
        #expect(try folder.entries("out.png").isEmpty)
    }

    @Test func failedRenderLeavesAnExistingOutputFileUntouched() throws {
        let folder = try TemporaryFolder()
        try folder.write("{ \"version\": ", to: "spec.json")
        try folder.write("old image", to: "out.png")
        try folder.write("old layout", to: "out.json")
        _ = try expectFailure(renderArguments, in: folder)
        #expect(try folder.bytes("out.png") == Array("old image".utf8))
        #expect(try folder.bytes("out.json") == Array("old layout".utf8))
    }
}
