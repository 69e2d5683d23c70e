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

    @Test func invalidJSONNamesFileLineAndColumn() throws {
        let folder = try TemporaryFolder()
        try folder.write("{\n  \"version\": 1,\n    ,\n}\n", to: "spec.json")
        let message = try expectFailure(renderArguments, in: folder)
        #expect(message.contains("spec.json:3:5:"), "message: \(message)")
    }

    @Test func wrongTypeNamesFileAndJSONPath() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(markers: [#"{ "id": "a", "position": { "latitude": "north", "longitude": 0 } }"#]),
                         to: "spec.json")
        let message = try expectFailure(renderArguments, in: folder)
        #expect(message.contains("spec.json"), "message: \(message)")
        #expect(message.contains("markers[0].position.latitude"), "message: \(message)")
    }

    @Test func missingRequiredKeyNamesItsPath() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(markers: [#"{ "position": { "latitude": 0, "longitude": 0 } }"#]), to: "spec.json")
        let message = try expectFailure(renderArguments, in: folder)
        #expect(message.contains("spec.json"), "message: \(message)")
        #expect(message.contains("markers[0]"), "message: \(message)")
        #expect(message.contains("id"), "message: \(message)")
    }

    @Test func unsupportedVersionNamesTheSupportedOne() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 7"),
                         to: "spec.json")
        let message = try expectFailure(renderArguments, in: folder)
        #expect(message.contains("spec.json: version"), "message: \(message)")
        #expect(message.contains("1"), "message: \(message)")
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
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(markers: []).replacingOccurrences(of: "\"width\": 390", with: "\"width\": 1e999"),
                         to: "spec.json")
        let message = try expectFailure(renderArguments, in: folder)
        #expect(message.contains("map.width"), "message: \(message)")
    }

    @Test func textThatIsNotUTF8IsAnError() throws {
        let folder = try TemporaryFolder()
        let spec = Specs.spec(markers: [Specs.marker("a", title: "XX")], selected: "a")
        var bytes = Array(spec.utf8)
        let range = try #require(spec.range(of: "XX"))
        let offset = spec.utf8.distance(from: spec.utf8.startIndex, to: range.lowerBound)
        bytes[offset] = 0xFF
        bytes[offset + 1] = 0xFE
        try folder.write(bytes, to: "spec.json")
        let message = try expectFailure(renderArguments, in: folder)
        #expect(message.contains("spec.json"), "message: \(message)")
        #expect(message.contains("UTF-8"), "message: \(message)")
    }

    @Test
    func textThatIsNotUTF8NamesTheJSONPath() throws {
        let folder = try TemporaryFolder()
        let spec = Specs.spec(markers: [Specs.marker("a", title: "XX")], selected: "a")
        var bytes = Array(spec.utf8)
        let range = try #require(spec.range(of: "XX"))
        let offset = spec.utf8.distance(from: spec.utf8.startIndex, to: range.lowerBound)
        bytes[offset] = 0xFF
        try folder.write(bytes, to: "spec.json")
        let message = try expectFailure(renderArguments, in: folder)
        #expect(message.contains("markers[0].title"), "message: \(message)")
    }

    @Test func missingIconAssetNamesFileAndPath() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(markers: [Specs.marker("a", extra: #""icon": "nothere.png""#)]), to: "spec.json")
        let message = try expectFailure(renderArguments, in: folder)
        #expect(message.contains("spec.json"), "message: \(message)")
        #expect(message.contains("markers[0].icon"), "message: \(message)")
        #expect(message.contains("nothere.png"), "message: \(message)")
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

    @Test func outputIntoAMissingFolderLeavesNeitherFile() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")
        let message = try expectFailure(["render", "spec.json", "-o", "nodir/out.png", "--layout", "out.json"],
                                        in: folder)
        #expect(message.contains("nodir/out.png"), "message: \(message)")
    }

    @Test func layoutIntoAMissingFolderLeavesNoPNGEither() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")
        let message = try expectFailure(["render", "spec.json", "-o", "out.png", "--layout", "nodir/out.json"],
                                        in: folder)
        #expect(message.contains("nodir/out.json"), "message: \(message)")
    }

    @Test func layoutIntoAMissingFolderWritesNothingToStandardOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")
        _ = try expectFailure(["render", "spec.json", "-o", "-", "--layout", "nodir/out.json"], in: folder)
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
