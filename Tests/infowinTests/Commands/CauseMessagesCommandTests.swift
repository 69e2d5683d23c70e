import Foundation
import InfoWinTestSupport
import Testing

/// What `check` says first is the cause: an icon or photo file, a font or the tiles that changed, then
/// the text, then the geometry, then the pixel count; `--fail-on` failures are their own kind and never
/// suggest re-recording.
@Suite("check: causes first, failure kinds")
struct CauseMessagesCommandTests {
    private static let fonts = ["--hermetic-fonts", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]

    private static func check(_ arguments: [String], in folder: TemporaryFolder) throws -> CLIResult {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        return try CLI.run(["check", "specs", "--golden", "golden"] + arguments + fonts, in: folder.url, environment: environment)
    }

    /// A marker with the icon `icons/cup@2x.png` and a window whose custom view shows `photos/a.png`.
    private static func iconAndPhotoSpec(title: String = "Cup") -> String {
        let window = #""infoWindow": { "contents": { "vstack": [ { "image": "photos/a.png", "width": 40, "height": 30 }, { "text": "\#(title)" } ] } }"#
        return Specs.spec(width: 200, height: 160, markers: [Specs.marker("cup", extra: #""icon": "icons/cup@2x.png", "# + window)], selected: "cup")
    }

    private static func folderWithGoldens() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(PNG.solid(width: 24, height: 24, rgba: [0xC0, 0x20, 0x20, 0xFF]), to: "specs/icons/cup@2x.png")
        try folder.write(PNG.solid(width: 40, height: 30, rgba: [0x20, 0x80, 0x20, 0xFF]), to: "specs/photos/a.png")
        try folder.write(iconAndPhotoSpec(), to: "specs/cup.json")
        let recorded = try check(["--record", "all"], in: folder)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        return folder
    }

    private static func messages(_ folder: TemporaryFolder) throws -> [String] {
        let results = try #require(try JSONSerialization.jsonObject(with: Data(try folder.bytes("report/results.json"))) as? [String: Any])
        let specs = try #require(results["specs"] as? [[String: Any]])
        return try #require(specs.first?["messages"] as? [String])
    }

    @Test func aRecolouredIconIsNamedBeforeThePixelCount() throws {
        let folder = try Self.folderWithGoldens()
        try folder.write(PNG.solid(width: 24, height: 24, rgba: [0x20, 0x20, 0xC0, 0xFF]), to: "specs/icons/cup@2x.png")
        let result = try Self.check(["--record", "never", "--report", "report"], in: folder)
        #expect(result.status == 1)
        let messages = try Self.messages(folder)
        #expect(messages.first == "icon icons/cup@2x.png changed", "\(messages)")
        #expect(messages.last?.contains("pixels differ") == true && !messages.contains { $0.contains("photo") }, "\(messages)")
        #expect(result.stdoutText.contains("FAILED: cup.json: icon icons/cup@2x.png changed; "), "\(result.stdoutText)")
    }

    @Test func aChangedPhotoIsNamedAndTheTextChangeComesBeforeTheGeometry() throws {
        let folder = try Self.folderWithGoldens()
        try folder.write(PNG.solid(width: 40, height: 30, rgba: [0x20, 0x20, 0x20, 0xFF]), to: "specs/photos/a.png")
        try folder.write(Self.iconAndPhotoSpec(title: "A much longer cup title"), to: "specs/cup.json")
        _ = try Self.check(["--record", "never", "--report", "report"], in: folder)
        let messages = try Self.messages(folder)
        #expect(messages.first == "photo photos/a.png changed", "\(messages)")
        let text = try #require(messages.firstIndex { $0.contains("changed from") }, "\(messages)")
        let geometry = try #require(messages.firstIndex { $0.contains(" px ") }, "\(messages)")
        #expect(text < geometry && geometry < messages.count - 1, "\(messages)")
    }

    @Test func aGoldenWhoseFingerprintListsNoImagesIsStillReadAndNamesNoImage() throws {
        let folder = try Self.folderWithGoldens()
        let golden = try folder.bytes("golden/cup.png")
        let stripped = Self.removingTextChunk("infowin:images", from: golden)
        #expect(stripped.count < golden.count, "the golden's fingerprint lists its images")
        try folder.write(stripped, to: "golden/cup.png")
        #expect(try Self.check(["--record", "never"], in: folder).status == 0, "an older golden still passes")
        try folder.write(PNG.solid(width: 24, height: 24, rgba: [0x20, 0x20, 0xC0, 0xFF]), to: "specs/icons/cup@2x.png")
        _ = try Self.check(["--record", "never", "--report", "report"], in: folder)
        let messages = try Self.messages(folder)
        #expect(!messages.contains { $0.hasPrefix("icon ") } && messages.last?.contains("pixels differ") == true, "\(messages)")
    }

    @Test(arguments: [("truncated", "snippet cut after"), ("clipped", "cut by the")])
    func aFailOnFailureIsItsOwnKindWithTheCutTextAndSuggestsNoReRecording(_ case: (String, String)) throws {
        let folder = try TemporaryFolder()
        let snippet = String(repeating: "Regensburg Hauptbahnhof Fußgängerzone ", count: 30)
        // Cut text, or a window near the right edge, which the canvas cuts.
        let marker = `case`.0 == "truncated"
            ? Specs.marker("store", title: "Store", snippet: snippet) : Specs.marker("store", longitude: 0.062, title: "Store", snippet: "Short")
        try folder.write(Specs.spec(markers: [marker], selected: "store"), to: "specs/store.json")
        _ = try Self.check(["--record", "all"], in: folder)
        let result = try Self.check(["--record", "never", "--fail-on", `case`.0, "--report", "report", "--junit", "junit.xml"], in: folder)
        #expect(result.status == 1)
        #expect(!result.stdoutText.contains("re-record") && !result.stderr.contains("re-record"), "\(result.stdoutText)")
        let junit = String(decoding: try folder.bytes("junit.xml"), as: UTF8.self)
        #expect(junit.contains(#"type="\#(`case`.0)""#) && junit.contains(`case`.1), "\(junit)")
        #expect(!junit.contains("re-record"))
        let results = String(decoding: try folder.bytes("report/results.json"), as: UTF8.self)
        #expect(results.contains(#""kind": "\#(`case`.0)""#) && results.contains(`case`.1), "\(results)")
    }

    @Test(arguments: [["--record", "missing"], ["--record", "never"]])
    func aFailOnProblemIsTheKindOfAFailureWithoutAGolden(_ record: [String]) throws {
        let folder = try TemporaryFolder()
        let snippet = String(repeating: "Regensburg Hauptbahnhof Fußgängerzone ", count: 30)
        try folder.write(Specs.spec(markers: [Specs.marker("store", title: "Store", snippet: snippet)], selected: "store"), to: "specs/store.json")
        let result = try Self.check(record + ["--fail-on", "truncated", "--junit", "junit.xml"], in: folder)
        #expect(result.status == 1, "\(result.stdoutText)")
        #expect(result.stdoutText.contains("FAILED: store.json: marker \"store\": snippet cut after"), "\(result.stdoutText)")
        #expect(folder.exists("golden/store.png") == (record == ["--record", "missing"]))
        #expect(String(decoding: try folder.bytes("junit.xml"), as: UTF8.self).contains(#"type="truncated""#))
    }

    @Test func aChangedImageSizeIsOfKindSize() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(width: 100, height: 80, markers: [Specs.marker("a", title: "A")], selected: "a"), to: "specs/a.json")
        _ = try Self.check(["--record", "all"], in: folder)
        try folder.write(Specs.spec(width: 120, height: 80, markers: [Specs.marker("a", title: "A")], selected: "a"), to: "specs/a.json")
        _ = try Self.check(["--record", "never", "--junit", "junit.xml"], in: folder)
        #expect(String(decoding: try folder.bytes("junit.xml"), as: UTF8.self).contains(#"type="size""#))
    }

    /// The PNG without its `tEXt` chunk of keyword `key`, as an older infowin wrote it.
    private static func removingTextChunk(_ key: String, from png: [UInt8]) -> [UInt8] {
        var output = Array(png[..<8]), offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 12 + length
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            let keyword = png[(offset + 8)..<min(end, png.count)].prefix { $0 != 0 }
            if !(type == "tEXt" && String(decoding: keyword, as: UTF8.self) == key) { output += png[offset..<min(end, png.count)] }
            offset = end
        }
        return output
    }
}
