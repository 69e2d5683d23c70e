import Foundation
import InfoWinTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing

// End-to-end checks, through the `infowin` binary, of Documentation/security.md's promises on hostile and ugly
// input: exit status 1 (2 for a wrong command line), a message that names the file and the JSON path, no
// output and no temporary file left. No test asserts a time; a generous guard (`hangGuard`) only stops a
// process that hangs so that the suite itself cannot. Tests marked `.disabled("bug: …")` describe bugs
// found by this hunt; each passes once its bug is fixed.

// MARK: - Cases

/// Spec files that are not JSON, or not the JSON infowin takes: (name, bytes, fragments the message must hold).
private let malformedSpecs: [(String, [UInt8], [String])] = [
    ("empty", [], ["spec.json:1:1:", "empty"]),
    ("whitespace only", Array("  \n\t \r\n ".utf8), ["spec.json:", "empty"]),
    ("BOM only", [0xEF, 0xBB, 0xBF], ["spec.json:1:1:", "empty"]),
    ("100,000 open brackets", Array(String(repeating: "[", count: 100_000).utf8), ["spec.json:1:", "deeper than 256"]),
    ("100,000 open objects", Array(String(repeating: #"{"a":"#, count: 100_000).utf8), ["spec.json:1:", "deeper than 256"]),
    ("truncated object", Array(#"{"a":"#.utf8), ["spec.json:1:6:", "end of the file"]),
    ("NaN", Array(smallSpec(markers: [], selected: nil).replacingOccurrences(of: "\"width\": 200", with: "\"width\": NaN").utf8), ["spec.json:1:"]),
    ("Infinity", Array(smallSpec(markers: [], selected: nil).replacingOccurrences(of: "\"height\": 150", with: "\"height\": Infinity").utf8), ["spec.json:1:"]),
    ("1e999", Array(smallSpec(markers: [], selected: nil).replacingOccurrences(of: "\"width\": 200", with: "\"width\": 1e999").utf8), ["map.width", "finite"]),
    ("-1e999", Array(smallSpec(markers: [], selected: nil).replacingOccurrences(of: "\"zoom\": 12", with: "\"zoom\": -1e999").utf8), ["map.camera.zoom", "finite"]),
    ("invalid UTF-8 in a value", Array(#"{"version": 1, "markers": [{"title": "a"#.utf8) + [0xFF, 0xFE] + Array(#""}]}"#.utf8), ["markers[0].title", "UTF-8"]),
    ("invalid UTF-8 in a key", Array(#"{"version": 1, "markers": [{"userData": {"k"#.utf8) + [0xC3] + Array(#"": 1}}]}"#.utf8), ["markers[0].userData", "UTF-8"]),
    ("UTF-8 encoded surrogate", Array(#"{"markers": [{"title": "a"#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}]}"#.utf8), ["markers[0].title", "UTF-8"]),
    ("lone high surrogate escape", Array(#"{"markers": [{"title": "a\ud800b"}]}"#.utf8), ["spec.json:1:", "surrogate"]),
    ("lone low surrogate escape", Array(#"{"markers": [{"title": "a\udc00b"}]}"#.utf8), ["spec.json:1:", "surrogate"]),
    ("raw NUL in a string", Array(#"{"markers": [{"title": "a"#.utf8) + [0] + Array(#"b"}]}"#.utf8), ["spec.json:1:", "U+0000"]),
    ("raw control character", Array(#"{"markers": [{"title": "a"#.utf8) + [0x1B] + Array(#"b"}]}"#.utf8), ["spec.json:1:", "control character"]),
    ("duplicate top-level key", Array(#"{"version": 1, "version": 1}"#.utf8), ["spec.json:1:", "version", "duplicate key"]),
    ("duplicate key in a coordinate", Array(#"{"map": {"camera": {"target": {"latitude": 0, "latitude": 1}}}}"#.utf8), ["map.camera.target.latitude", "duplicate key"]),
    ("duplicate key in a marker", Array(smallSpec(markers: [marker("m", #", "title": "a", "title": "b""#)]).utf8), ["markers[0].title", "duplicate key"]),
    ("duplicate key spelt with an escape", Array(smallSpec(markers: [marker("m", #", "title": "a", "\u0074itle": "b""#)]).utf8), ["markers[0].title", "duplicate key"]),
    ("duplicate key in a view", Array(smallSpec(markers: [marker("m", #", "infoWindow": {"window": {"text": "x", "font": {"size": 3, "size": 4}}}"#)]).utf8), ["markers[0].infoWindow.window.font.size", "duplicate key"]),
    ("a version of 2^64 + 1", Array(#"{"version": 18446744073709551617}"#.utf8), ["version", "supported"]),
]

/// Well-formed specs with a value out of bounds: (name, spec text, JSON path, fragment).
private let outOfBoundsSpecs: [(String, String, String, String)] = [
    ("10,001 markers", smallSpec(markers: (0...10_000).map { marker("m\($0)") }, selected: nil), "markers", "10000"),
    ("4096 × 4096 at scale 4", smallSpec(markers: [], selected: nil, width: 4096, height: 4096, scale: 4), "map.scale", "67,108,864"),
    ("width 0", smallSpec(markers: [], selected: nil, width: 0), "map.width", "1 to 4096"),
    ("width -5", smallSpec(markers: [], selected: nil, width: -5), "map.width", "1 to 4096"),
    ("width 10^32", smallSpec(markers: [], selected: nil).replacingOccurrences(of: "\"width\": 200", with: "\"width\": 100000000000000000000000000000000"), "map.width", "1 to 4096"),
    ("scale -0", smallSpec(markers: [], selected: nil).replacingOccurrences(of: "\"scale\": 1.0", with: "\"scale\": -0"), "map.scale", "1 to 4"),
    ("zoom 23", smallSpec(markers: [], selected: nil).replacingOccurrences(of: "\"zoom\": 12", with: "\"zoom\": 23"), "map.camera.zoom", "0 to 22"),
    ("latitude 91", smallSpec(markers: [#"{"id": "m", "position": {"latitude": 91, "longitude": 0}}"#]), "markers[0].position.latitude", "-90 to 90"),
    ("empty id", smallSpec(markers: [marker("")], selected: nil), "markers[0].id", "non-empty"),
    ("style padding -10", smallSpec(markers: [marker("m", #", "title": "t", "infoWindow": {"style": {"padding": -10}}"#)]), "markers[0].infoWindow.style.padding", "0 to 1000"),
    ("shadow blur 10^9", smallSpec(markers: [marker("m", ##", "title": "t", "infoWindow": {"style": {"shadow": {"color": "#000", "blur": 1e9, "offsetX": 0, "offsetY": 0}}}"##)]), "markers[0].infoWindow.style.shadow.blur", "0 to 100"),
    ("font size 0", smallSpec(markers: [marker("m", #", "title": "t", "infoWindow": {"style": {"titleFont": {"size": 0}}}"#)]), "markers[0].infoWindow.style.titleFont.size", "1 to 500"),
    ("maxLines 10^9", smallSpec(markers: [marker("m", #", "title": "t", "infoWindow": {"style": {"snippetMaxLines": 1e9}}"#)]), "markers[0].infoWindow.style.snippetMaxLines", "1 to 1000"),
    ("view width -5", smallSpec(markers: [marker("m", #", "infoWindow": {"window": {"text": "hi", "width": -5}}"#)]), "markers[0].infoWindow.window.width", "0 to 4096"),
    ("spacer 10^308", smallSpec(markers: [marker("m", #", "infoWindow": {"window": {"vstack": [{"spacer": 1e308}]}}"#)]), "markers[0].infoWindow.window.vstack[0].spacer", "0 to 4096"),
    ("zIndex 1.5", smallSpec(markers: [marker("m", #", "zIndex": 1.5"#)]), "markers[0].zIndex", "whole number"),
    ("icon scale 0", smallSpec(markers: [marker("m", #", "icon": {"image": "icon.png", "scale": 0}"#)]), "markers[0].icon.scale", "0.1 to 16"),
    ("unclosed {{", smallSpec(markers: [marker("m", #", "infoWindow": {"window": {"text": "a {{title"}}"#)]), "markers[0].infoWindow.window.text", "not closed"),
    ("unknown template name", smallSpec(markers: [marker("m", #", "infoWindow": {"window": {"text": "{{nope}}"}}"#)]), "markers[0].infoWindow.window.text", "{{nope}}"),
    ("missing userData key", smallSpec(markers: [marker("m", #", "infoWindow": {"window": {"text": "{{userData.x}}"}}"#)]), "markers[0].infoWindow.window.text", "userData"),
    ("null in nested userData", smallSpec(markers: [marker("m", #", "userData": {"a": {"b": null}}"#)]), "markers[0].userData.a.b", "a string, a number, a boolean, an array or an object"),
    ("a tap off the canvas", smallSpec(markers: [marker()], extra: #", "events": [{"tapMap": {"x": -1e9, "y": 1e9}}]"#), "events[0].tapMap.x", "off the canvas"),
    ("a tap on an unknown marker", smallSpec(markers: [marker()], extra: #", "events": [{"tapMarker": "nope"}]"#), "events[0].tapMarker", "nope"),
]

private func nestedViews(_ depth: Int) -> String {
    var view = #"{"text": "x"}"#
    for _ in 0..<depth { view = #"{"vstack": [\#(view)]}"# }
    return view
}

// MARK: - Tests

@Suite("hostile input: refused cleanly, nothing left behind")
struct HostileInputTests {
    @Test(arguments: malformedSpecs.indices)
    func malformedSpecsExit1NamingFileAndPlace(index: Int) throws {
        let (name, bytes, fragments) = malformedSpecs[index]
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "spec.json")
        let message = try expectRenderRefused(folder)
        #expect(message.hasPrefix("error: spec.json"), "\(name): \(message)")
        for fragment in fragments {
            #expect(message.contains(fragment), "\(name): \(message.prefix(500))")
        }
    }

    @Test(arguments: outOfBoundsSpecs.indices)
    func valuesOutOfBoundsExit1NamingTheirJSONPath(index: Int) throws {
        let (name, spec, path, fragment) = outOfBoundsSpecs[index]
        let folder = try TemporaryFolder()
        try folder.write(spec, to: "spec.json")
        try folder.write(PNG.solid(width: 4, height: 4), to: "icon.png")
        let message = try expectRenderRefused(folder)
        #expect(message.hasPrefix("error: spec.json: \(path): "), "\(name): \(message.prefix(500))")
        #expect(message.contains(fragment), "\(name): \(message.prefix(500))")
    }

    @Test func viewsNested33DeepAreRefusedAtTheirPath() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker("m", #", "iconView": \#(nestedViews(33))"#)], selected: nil), to: "spec.json")
        let message = try expectRenderRefused(folder)
        #expect(message.hasPrefix("error: spec.json: markers[0].iconView.vstack[0]"), "\(message.prefix(300))")
        #expect(message.contains("deeper than 32"))
    }

    @Test func aHostileSpecOnStandardInputIsNamedStdin() throws {
        let folder = try TemporaryFolder()
        let run = try runGuarded(["render", "-", "-o", "out.png"], in: folder.url, stdin: Array(String(repeating: "[", count: 100_000).utf8))
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: <stdin>:1:"), "\(run.stderr)")
        #expect(tree(folder.url).isEmpty)
    }

    // MARK: icons and paths

    /// (name, icon value in JSON, set-up of the folder, fragment)
    private static let iconCases: [(String, String, @Sendable (TemporaryFolder) throws -> Void, String)] = [
        ("header claims 100000 × 100000", #""icon.png""#, { try $0.write(hostilePNG(claiming: (100_000, 100_000)), to: "icon.png") }, "100000 × 100000"),
        ("header claims 4097 × 1", #""icon.png""#, { try $0.write(hostilePNG(claiming: (4097, 1)), to: "icon.png") }, "4097 × 1"),
        ("truncated PNG", #""icon.png""#, { try $0.write(Array(PNG.solid(width: 8, height: 8).prefix(40)), to: "icon.png") }, "damaged or truncated"),
        ("bad CRC", #""icon.png""#, { try $0.write(hostilePNG(breakCRC: true), to: "icon.png") }, "damaged or truncated"),
        ("zero-byte PNG", #""icon.png""#, { try $0.write([], to: "icon.png") }, "not a PNG"),
        ("a GIF named .png", #""icon.png""#, { try $0.write(Array("GIF89a......".utf8), to: "icon.png") }, "not a PNG"),
        ("a folder named icon.png", #""icon.png""#, { try FileManager.default.createDirectory(atPath: $0.path("icon.png"), withIntermediateDirectories: true) }, "not a regular file"),
        ("a FIFO named icon.png", #""icon.png""#, { folder in #expect(mkfifo(folder.path("icon.png"), 0o644) == 0) }, "not a regular file"),
        ("a symlink loop", #""icon.png""#, { try FileManager.default.createSymbolicLink(atPath: $0.path("icon.png"), withDestinationPath: "icon.png") }, "icon.png"),
        ("a link to a folder loop", #""a/b/icon.png""#, { folder in
            try FileManager.default.createDirectory(atPath: folder.path("a"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder.path("a/b"), withDestinationPath: "../a")
        }, "a/b/icon.png"),
        ("a link that leaves the folder", #""icon.png""#, { try FileManager.default.createSymbolicLink(atPath: $0.path("icon.png"), withDestinationPath: "/dev/zero") }, "outside the allowed folder"),
        ("..", #""../icon.png""#, { _ in }, "outside the allowed folder"),
        ("an absolute path", #""/etc/passwd""#, { _ in }, "outside the allowed folder"),
        ("/proc", #""/proc/self/environ""#, { _ in }, "outside the allowed folder"),
        ("~", #""~/icon.png""#, { _ in }, "does not exist"),
        ("a path over 4096 bytes", jsonString(String(repeating: "abcdefgh/", count: 600) + "icon.png"), { _ in }, "abcdefgh/abcdefgh"),
        ("a 5000-byte file name", jsonString(String(repeating: "a", count: 5000) + ".png"), { _ in }, "aaaa"),
        ("NUL in a path", #""icon.png\u0000.txt""#, { try $0.write(PNG.solid(width: 4, height: 4), to: "icon.png") }, "NUL"),
        ("an empty path", #""""#, { _ in }, "empty"),
        ("a missing file", #""missing.png""#, { _ in }, "does not exist"),
    ]

    @Test(arguments: iconCases.indices)
    func hostileIconsExit1NamingTheMarkersIcon(index: Int) throws {
        let (name, icon, setUp, fragment) = Self.iconCases[index]
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker("m", #", "icon": \#(icon)"#)], selected: nil), to: "spec.json")
        try setUp(folder)
        let message = try expectRenderRefused(folder)
        #expect(message.hasPrefix("error: spec.json: markers[0].icon: "), "\(name): \(message.prefix(300))")
        #expect(message.contains(fragment), "\(name): \(message.prefix(300))")
    }

    @Test func anIconViewImageThatIsAFIFOIsRefusedWithoutBlocking() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path("photo.png"), 0o644) == 0)
        try folder.write(smallSpec(markers: [marker("m", #", "iconView": {"image": "photo.png", "width": 10, "height": 10}"#)], selected: nil), to: "spec.json")
        let message = try expectRenderRefused(folder)
        #expect(message.contains("markers[0].iconView.image"), "\(message)")
    }

    @Test func pathsWithNewlinesAndDotDotInsideTheFolderWork() throws {
        let folder = try TemporaryFolder()
        try folder.write(PNG.solid(width: 4, height: 4), to: "ic\non.png")
        try folder.write(PNG.solid(width: 4, height: 4), to: "icon.png")
        try FileManager.default.createDirectory(atPath: folder.path("sub"), withIntermediateDirectories: true)
        try folder.write(smallSpec(markers: [marker("a", #", "icon": "ic\non.png""#), marker("b", #", "icon": "sub/../icon.png""#)], selected: nil), to: "spec.json")
        _ = try expectRendered(folder)
    }

    // MARK: text

    @Test(arguments: [
        ("right-to-left", "مرحبا بالعالم", "שלום עולם and English"),
        ("Chinese", "北京市", String(repeating: "人口：21,540,000 ", count: 20)),
        ("emoji and ZWJ sequences", "👨‍👩‍👧‍👦 🏳️‍🌈 👍🏽", "🇬🇧🇫🇷 ❤️ 😀"),
        ("zero-width joiners", String(repeating: "a\u{200D}", count: 5000), String(repeating: "\u{200B}", count: 50_000)),
        ("combining marks ×1000", "e" + String(repeating: "\u{0301}", count: 1000), "a" + String(repeating: "\u{0300}", count: 1000)),
        ("bidi controls", "\u{202E}evil\u{202C} \u{2066}iso\u{2069}", "\u{200F}\u{200E}"),
        ("markup", "<b>bold</b>", "<i>&amp;</i>"),
    ])
    func uglyButValidTextRenders(name: String, title: String, snippet: String) throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker("m", ", \"title\": \(jsonString(title)), \"snippet\": \(jsonString(snippet))")], width: 390, height: 300), to: "spec.json")
        let layout = try expectRendered(folder)
        #expect((layout["infoWindow"] as? [String: Any])?["kind"] as? String == "default", "\(name)")
    }

    @Test func aFiveMegabyteTitleRendersTruncated() throws {
        let folder = try TemporaryFolder()
        let title = String(repeating: "x", count: 5_000_000)
        try folder.write(smallSpec(markers: [marker("m", #", "title": "\#(title)""#)], width: 390, height: 300), to: "spec.json")
        let layout = try expectRendered(folder)
        let window = layout["infoWindow"] as? [String: Any]
        let titleReport = window?["title"] as? [String: Any]
        #expect(titleReport?["truncated"] as? Bool == true)
        #expect((titleReport?["lines"] as? [String])?.last?.hasSuffix("…") == true)
    }

    @Test func escapedControlCharactersAreShownAsReplacementCharacters() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker("m", #", "title": "a\u0000b\u001b[31mc""#)], width: 390, height: 300), to: "spec.json")
        let layout = try expectRendered(folder)
        let lines = ((layout["infoWindow"] as? [String: Any])?["title"] as? [String: Any])?["lines"] as? [String]
        #expect(lines == ["a\u{FFFD}b\u{FFFD}[31mc"], "\(String(describing: lines))")
    }

    @Test func userDataKeysWithDotsAndSpacesFillTemplates() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker("m", #", "userData": {"a.b": "dot", "a b": "space"}, "infoWindow": {"window": {"vstack": [{"text": "{{userData.a.b}}"}, {"text": "{{userData.a b}}"}]}}"#)], width: 390, height: 300), to: "spec.json")
        let layout = try expectRendered(folder)
        let texts = (layout["infoWindow"] as? [String: Any])?["texts"] as? [[String: Any]]
        #expect(texts?.compactMap { $0["lines"] as? [String] } == [["dot"], ["space"]])
    }

    @Test func anIdWithControlCharactersIsEscapedInMessages() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker("m")], selected: nil, extra: #", "selectedMarker": "x\u001b[31m\ny""#), to: "spec.json")
        let message = try expectRenderRefused(folder)
        #expect(!message.contains("\u{1B}"), "\(message.debugDescription)")
        #expect(message.contains(#"x\u001B[31m\ny"#), "\(message.debugDescription)")
    }

    // MARK: outputs

    @Test(arguments: [
        (["-o", "folder"], "folder"),
        (["-o", "missing/deeper/out.png"], "missing/deeper/out.png"),
        (["-o", "out.png", "--layout", "missing/out.json"], "missing/out.json"),
        (["-o", "out.png", "--layout", "folder"], "folder"),
        (["-o", String(repeating: "n", count: 300) + ".png"], "nnnn"),
        (["-o", String(repeating: "abcdefgh/", count: 600) + "out.png"], "abcdefgh/abcdefgh"),
    ])
    func outputsThatCannotBeWrittenExit1AndLeaveNothing(arguments: [String], fragment: String) throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()], selected: nil), to: "spec.json")
        try FileManager.default.createDirectory(atPath: folder.path("folder"), withIntermediateDirectories: true)
        let before = tree(folder.url)
        let run = try runGuarded(["render", "spec.json"] + arguments, in: folder.url)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("error: "), "\(run.stderr)")
        #expect(run.stderr.contains(fragment), "\(run.stderr.prefix(300))")
        #expect(tree(folder.url) == before, "a file (or a temporary) was left behind")
    }

    @Test(.enabled(if: getuid() != 0, "root can write anywhere"))
    func anUnwritableOutputFolderExits1AndLeavesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "spec.json")
        try FileManager.default.createDirectory(atPath: folder.path("locked"), withIntermediateDirectories: true)
        chmod(folder.path("locked"), 0o555)
        defer { chmod(folder.path("locked"), 0o755) }
        let run = try runGuarded(["render", "spec.json", "-o", "locked/out.png"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("locked/out.png"), "\(run.stderr)")
        #expect(try folder.entries("locked").isEmpty)
    }

    @Test(.enabled(if: getuid() != 0, "root can read anything"))
    func anUnreadableSpecOrIconExits1() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker("m", #", "icon": "icon.png""#)], selected: nil), to: "spec.json")
        try folder.write(PNG.solid(width: 4, height: 4), to: "icon.png")
        chmod(folder.path("icon.png"), 0)
        let iconMessage = try expectRenderRefused(folder)
        #expect(iconMessage.contains("markers[0].icon"), "\(iconMessage)")
        chmod(folder.path("spec.json"), 0)
        let specMessage = try expectRenderRefused(folder)
        #expect(specMessage.contains("spec.json"), "\(specMessage)")
    }

    @Test(arguments: ["0", "-1", "5", "nan", "inf", "1e999", "abc", ""])
    func aBadScaleOnTheCommandLineExits2(scale: String) throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "spec.json")
        let message = try expectRenderRefused(folder, status: 2, extraArguments: ["--scale", scale])
        #expect(message.contains("--scale"), "\(message)")
    }

    // MARK: batch and check

    @Test func batchGoesOnPastHostileSpecsAndNamesEach() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker("m", #", "title": "t""#)]), to: "specs/good.json")
        try folder.write("", to: "specs/empty.json")
        try folder.write(String(repeating: "[", count: 100_000), to: "specs/deep.json")
        try folder.write(Array(#"{"markers": [{"title": "a"#.utf8) + [0xFF] + Array(#""}]}"#.utf8), to: "specs/sub/latin1.json")
        try FileManager.default.createDirectory(atPath: folder.path("specs/folder.json"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("specs/dangling.json"), withDestinationPath: "/nonexistent/spec.json")
        let run = try runGuarded(["batch", "specs", "-o", "out", "--jobs", "2"], in: folder.url)
        #expect(!run.hung && !run.signalled)
        #expect(run.status == 1, "\(run.stderr)")
        for fragment in ["specs/empty.json:1:1:", "specs/deep.json:1:", "specs/sub/latin1.json:1:", "markers[0].title", "specs/dangling.json"] {
            #expect(run.stderr.contains(fragment), "\(fragment) in \(run.stderr)")
        }
        #expect(tree(folder.url.appendingPathComponent("out")) == ["good.layout.json", "good.png"])
    }

    @Test func checkGoesOnPastHostileSpecsAndExits1() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker("m", #", "title": "t""#)]), to: "specs/good.json")
        try folder.write(String(repeating: "{\"a\":", count: 100_000), to: "specs/deep.json")
        let run = try runGuarded(["check", "specs", "--golden", "golden", "--record", "never"], in: folder.url)
        #expect(!run.hung && !run.signalled)
        #expect(run.status == 1)
        #expect(run.stderr.contains("specs/deep.json:1:"), "\(run.stderr)")
        #expect(temporaries(folder.url).isEmpty)
    }

    @Test func aBatchStoppedBySIGINTLeavesOnlyWholeFilesAndSaysInterrupted() throws {
        let folder = try TemporaryFolder()
        let count = 300
        for index in 0..<count {
            try folder.write(smallSpec(markers: [marker("m", #", "title": "Spec \#(index)", "snippet": "\#(String(repeating: "word ", count: 40))""#)], width: 390, height: 300, scale: 2), to: "specs/s\(index).json")
        }
        let out = folder.url.appendingPathComponent("out")
        var interruptedWhileRunning = false
        let run = try runGuarded(["batch", "specs", "-o", "out", "--jobs", "1"], in: folder.url) { process in
            interruptedWhileRunning = interruptAfterFirstImage(process, in: out)
        }
        #expect(!run.hung && !run.signalled, "\(run.stderr.suffix(500))")
        let files = tree(out)
        #expect(temporaries(out).isEmpty, "temporary files left: \(temporaries(out))")
        let images = files.filter { $0.hasSuffix(".png") }
        #expect(!images.isEmpty)
        for image in images {
            let bytes = Array(try Data(contentsOf: out.appendingPathComponent(image)))
            #expect(isWholePNG(bytes), "\(image) is not whole")
            let layoutName = String(image.dropLast(4)) + ".layout.json"
            #expect(files.contains(layoutName), "\(image) has no layout report")
        }
        for report in files.filter({ $0.hasSuffix(".layout.json") }) {
            #expect((try? Layout.parse(Array(try Data(contentsOf: out.appendingPathComponent(report))))) != nil, "\(report) is not whole")
        }
        if images.count < count {
            // It was stopped: it must say so and fail.
            #expect(interruptedWhileRunning)
            #expect(run.status == 1)
            #expect(run.stderr.contains("interrupted"), "\(run.stderr.suffix(500))")
        } else {
            #expect(run.status == 0 || run.stderr.contains("interrupted"))
        }
    }

    // MARK: - Bugs found

    @Test
    func batchVisitsAFolderReachedThroughALoopingLinkOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "specs/a.json")
        try folder.write(smallSpec(markers: [marker()]), to: "specs/sub/b.json")
        try FileManager.default.createSymbolicLink(atPath: folder.path("specs/sub/loop"), withDestinationPath: "..")
        let run = try runGuarded(["batch", "specs", "-o", "out", "--jobs", "2"], in: folder.url)
        #expect(!run.hung)
        let images = tree(folder.url.appendingPathComponent("out")).filter { $0.hasSuffix(".png") }
        #expect(images.count == 2, "\(images.count) images: \(images.prefix(6))")
    }

    @Test
    func batchWithTwoSelfLinksFinishes() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "specs/a.json")
        try FileManager.default.createSymbolicLink(atPath: folder.path("specs/x"), withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: folder.path("specs/y"), withDestinationPath: ".")
        let run = try runGuarded(["batch", "specs", "-o", "out"], in: folder.url)
        #expect(!run.hung, "batch did not finish")
        #expect(!run.signalled)
    }

    @Test
    func batchRefusesAFIFOFoundInAFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "specs/a.json")
        #expect(mkfifo(folder.path("specs/pipe.json"), 0o644) == 0)
        let run = try runGuarded(["batch", "specs", "-o", "out", "--jobs", "1"], in: folder.url)
        #expect(!run.hung, "batch blocked on the FIFO")
        #expect(run.status == 1)
        #expect(run.stderr.contains("specs/pipe.json"), "\(run.stderr)")
    }

    @Test
    func renderRefusesToOverwriteItsOwnSpec() throws {
        let folder = try TemporaryFolder()
        let spec = smallSpec(markers: [marker()])
        try folder.write(spec, to: "spec.json")
        let run = try runGuarded(["render", "spec.json", "-o", "spec.json"], in: folder.url)
        #expect(run.status != 0)
        #expect(try folder.bytes("spec.json") == Array(spec.utf8), "the spec was overwritten")
    }

    @Test
    func renderRefusesTheSameFileForImageAndLayout() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "spec.json")
        let run = try runGuarded(["render", "spec.json", "-o", "same", "--layout", "same"], in: folder.url)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(!folder.exists("same"))
    }

    @Test
    func renderToAFIFOKeepsTheFIFO() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "spec.json")
        #expect(mkfifo(folder.path("pipe"), 0o644) == 0)
        let reader = open(folder.path("pipe"), O_RDONLY | O_NONBLOCK)
        defer { if reader >= 0 { close(reader) } }
        _ = try runGuarded(["render", "spec.json", "-o", "pipe"], in: folder.url)
        #expect(isFIFO(folder.path("pipe")), "the FIFO was replaced by a regular file")
    }

    @Test
    func sigtermStopsARender() throws {
        let folder = try TemporaryFolder()
        let view = ##"{"text": "x", "width": 4096, "height": 4096, "background": {"gradient": {"from": "#000", "to": "#fff", "angle": 33}}}"##
        // About 8 s of drawing: long enough to be signalled, short enough to finish before the guard.
        try folder.write(smallSpec(markers: (0..<40).map { marker("m\($0)", #", "iconView": \#(view)"#) }, selected: nil, width: 2048, height: 2048, scale: 4), to: "spec.json")
        var signalledWhileRunning = false
        let run = try runGuarded(["render", "spec.json", "-o", "out.png"], in: folder.url) { process in
            usleep(500_000)
            if process.isRunning {
                kill(process.processIdentifier, SIGTERM)
                signalledWhileRunning = true
            }
        }
        #expect(!run.hung)
        if signalledWhileRunning {
            #expect(run.status != 0 || run.signalled, "the render ignored SIGTERM and succeeded")
            #expect(!folder.exists("out.png"))
            #expect(temporaries(folder.url).isEmpty)
        }
    }

    @Test
    func aBatchStartedWithInterruptsBlockedCanStillBeInterrupted() throws {
        let folder = try TemporaryFolder()
        for index in 0..<300 {
            try folder.write(smallSpec(markers: [marker("m", #", "title": "Spec \#(index)""#)], width: 390, height: 300, scale: 2), to: "specs/s\(index).json")
        }
        let out = folder.url.appendingPathComponent("out")
        var interruptedWhileRunning = false
        let run = try runGuarded(["batch", "specs", "-o", "out", "--jobs", "1"], in: folder.url, blockingInterrupts: true) { process in
            interruptedWhileRunning = interruptAfterFirstImage(process, in: out)
        }
        if interruptedWhileRunning {
            #expect(run.status == 1)
            #expect(run.stderr.contains("interrupted"), "\(run.stderr.suffix(300))")
        }
    }

    @Test
    func nestedOverflowingHStacksLayOutQuickly() throws {
        var view = #"{"spacer": 10}"#
        for _ in 0..<31 { view = #"{"hstack": [\#(view), {"spacer": 300}]}"# }
        try expectRenderFinishes(smallSpec(markers: [marker("m", #", "infoWindow": {"window": \#(view)}"#)]))
    }

    @Test
    func oneTextViewAtTheBudgetLaysOutQuickly() throws {
        let title = String(repeating: "T", count: 1_990_000)
        try expectRenderFinishes(smallSpec(markers: [marker("m", #", "title": "\#(title)", "infoWindow": {"window": {"text": "{{title}}", "font": {"size": 1}, "maxLines": 1000, "width": 4096}}"#)], width: 400, height: 300))
    }

    @Test
    func aClusterOfManyCombiningMarksLaysOutQuickly() throws {
        let title = "e" + String(repeating: "\u{0301}", count: 200_000)
        try expectRenderFinishes(smallSpec(markers: [marker("m", #", "title": "\#(title)""#)], width: 390, height: 300))
    }

    @Test
    func tenThousandCanvasFillingIconViewsFinish() throws {
        let view = ##"{"text": "x", "width": 4096, "height": 4096, "background": {"gradient": {"from": "#000", "to": "#fff", "angle": 33}}}"##
        try expectRenderFinishes(smallSpec(markers: (0..<10_000).map { marker("m\($0)", #", "iconView": \#(view)"#) }, selected: nil, width: 2048, height: 2048, scale: 4))
    }

    @Test(.disabled(if: underAddressSanitizer, "ulimit -v leaves AddressSanitizer no room"))
    func aHundredMarkersSharingALargeIconFitInModestMemory() throws {
        let folder = try TemporaryFolder()
        try folder.write(compressedBlankPNG(width: 4096, height: 4096), to: "icon.png")
        try folder.write(smallSpec(markers: (0..<100).map { marker("m\($0)", #", "icon": "icon.png""#) }, selected: nil), to: "spec.json")
        // 1.5 GB of address space: far more than one decoded copy (64 MB) needs.
        let run = try runAfterShellSetup("ulimit -v 1500000", ["render", "spec.json", "-o", "out.png"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr.prefix(500))")
    }

    @Test(.disabled(if: underAddressSanitizer, "ulimit -v leaves AddressSanitizer no room"))
    func aLargeIconRefusedUnderAMemoryCapIsTooLargeForTheCapNotDamaged() throws {
        let folder = try TemporaryFolder()
        try folder.write(compressedBlankPNG(width: 4096, height: 4096), to: "big.png")
        try folder.write(smallSpec(markers: [marker("m", #", "icon": "big.png""#)], selected: nil), to: "spec.json")
        // Caps from too small to start at all (a signal, passed over) to roomy: between them, one where the
        // process runs but the icon's 64 MB decoded cannot be had.
        var refused: [String] = []
        for kilobytes in stride(from: 80_000, through: 160_000, by: 10_000) {
            let run = try runAfterShellSetup("ulimit -v \(kilobytes)", ["render", "spec.json", "-o", "out.png"], in: folder.url)
            guard !run.signalled, run.status != 0 else { continue }
            #expect(!run.stderr.contains("damaged"), "\(run.stderr)")
            #expect(run.stderr.contains("big.png is too large for the memory cap: a 4096 × 4096 image needs 64 MB decoded"), "\(run.stderr)")
            #expect(run.stderr.contains("ulimit -v \(kilobytes) KB"), "\(run.stderr)")
            refused.append(run.stderr)
        }
        #expect(!refused.isEmpty, "no cap between 80 and 160 MB refused the icon")
    }

    @Test
    func diffRefusesImagesLargerThanAnyOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write(compressedBlankPNG(width: 20_000, height: 20_000), to: "a.png")
        try folder.write(compressedBlankPNG(width: 20_000, height: 20_000, value: 0xFF), to: "b.png")
        let run = try runGuarded(["diff", "a.png", "b.png"], in: folder.url)
        #expect(!run.hung)
        #expect(run.status == 2, "\(run.stderr)")
    }

    @Test
    func errorMessagesStayShortForHugeKeys() throws {
        let folder = try TemporaryFolder()
        try folder.write(#"{"version": 1, "\#(String(repeating: "k", count: 1_000_000))": 1}"#, to: "spec.json")
        let message = try expectRenderRefused(folder)
        #expect(message.utf8.count < 10_000, "\(message.utf8.count) bytes of message")
    }
}

/// Renders `spec` and expects the render to finish within the hang guard, drawn (0) or refused (1).
private func expectRenderFinishes(_ spec: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let folder = try TemporaryFolder(holding: ["spec.json": spec])
    let run = try runGuarded(["render", "spec.json", "-o", "out.png"], in: folder.url)
    #expect(!run.hung, "the render did not finish", sourceLocation: sourceLocation)
    #expect(run.status == 0 || run.status == 1, sourceLocation: sourceLocation)
}

/// Waits for the first whole image (not a temporary) in `out`, then interrupts `process`; true when it was
/// still running by then (a batch that ended first says nothing about interrupts).
private func interruptAfterFirstImage(_ process: Process, in out: URL) -> Bool {
    let deadline = Date().addingTimeInterval(hangGuard)
    while process.isRunning, Date() < deadline {
        if tree(out).contains(where: { $0.hasSuffix(".png") && !$0.hasPrefix(".") }) { break }
        usleep(1_000)
    }
    guard process.isRunning else { return false }
    process.interrupt()
    return true
}

/// A PNG of `width` × `height` RGBA pixels all `value`, deflated by run length, so that huge images stay small.
private func compressedBlankPNG(width: Int, height: Int, value: UInt8 = 0) -> [UInt8] {
    var deflate = DeflateRunEncoder()
    for _ in 0..<height {
        deflate.append(0, count: 1) // filter byte: none
        deflate.append(value, count: width * 4)
    }
    let zlib = [0x78, 0x01] + deflate.finish() + deflate.adler32BigEndian
    let ihdr = PNG.bigEndian(UInt32(width)) + PNG.bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
    return PNG.signature + PNG.chunk("IHDR", ihdr) + PNG.chunk("IDAT", zlib) + PNG.chunk("IEND", [])
}

/// A minimal deflate encoder for data made of long runs of one byte: one fixed-Huffman block of literals
/// and (length 258, distance 1) copies, with the zlib Adler-32 of the data computed run by run.
private struct DeflateRunEncoder {
    private var output: [UInt8] = []
    private var bitBuffer: UInt32 = 0
    private var bitCount = 0
    private var previous: UInt8?
    private var run = 0
    private var a: UInt64 = 1
    private var b: UInt64 = 0

    init() {
        put(1, 1) // the final block
        put(1, 2) // fixed Huffman codes
    }

    private mutating func put(_ value: UInt32, _ count: Int) {
        bitBuffer |= value << UInt32(bitCount)
        bitCount += count
        while bitCount >= 8 {
            output.append(UInt8(bitBuffer & 0xFF))
            bitBuffer >>= 8
            bitCount -= 8
        }
    }

    /// Huffman codes are written most significant bit first.
    private mutating func putCode(_ code: UInt32, _ length: Int) {
        var reversed: UInt32 = 0
        for index in 0..<length where code & (1 << UInt32(index)) != 0 { reversed |= 1 << UInt32(length - 1 - index) }
        put(reversed, length)
    }

    private mutating func literal(_ byte: UInt8) {
        if byte < 144 { putCode(0x30 + UInt32(byte), 8) } else { putCode(0x190 + UInt32(byte) - 144, 9) }
    }

    private mutating func flushRun() {
        while run >= 258 {
            putCode(0xC5, 8) // length 258: code 285, no extra bits
            putCode(0, 5) // distance 1: code 0, no extra bits
            run -= 258
        }
        while run > 0 {
            literal(previous!)
            run -= 1
        }
    }

    /// Appends `count` bytes of `byte`.
    mutating func append(_ byte: UInt8, count: Int) {
        guard count > 0 else { return }
        let n = UInt64(count), v = UInt64(byte), m: UInt64 = 65_521
        b = (b + n % m * a + v * (n * (n + 1) / 2 % m)) % m
        a = (a + n * v) % m
        var remaining = count
        if previous != byte {
            flushRun()
            literal(byte)
            previous = byte
            remaining -= 1
        }
        run += remaining
    }

    mutating func finish() -> [UInt8] {
        flushRun()
        putCode(0, 7) // end of block
        if bitCount > 0 { put(0, 8 - bitCount) }
        return output
    }

    var adler32BigEndian: [UInt8] {
        let value = UInt32(b << 16 | a)
        return [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
