import Foundation
import InfoWinTestSupport
import Testing

/// `check` passes a spec without drawing it when its input hash (`infowin:inputs`) is its golden's and
/// the golden's pixels still hash to its `infowin:pixels` (SPEC.md, "Unchanged specs"); every kind of
/// input changed in turn is drawn again, and `--verify` and re-recording draw everything. Each test runs
/// twice: without a catalog, where the specs without tiles are passed from their inputs before layout (not
/// even laid out), and with `--strings`, where every spec is laid out and passed from its inputs after it.
@Suite("check: unchanged specs are not drawn")
struct UnchangedSpecsCommandTests {
    /// Whether the run reads a catalog (`--strings`), so that no spec can be passed before layout.
    private static let modes = [false, true]

    /// A suite of four specs: an icon, a photo in a custom window, a title from the catalog (or plain),
    /// map tiles from a folder, with its own copy of a font (hermetic), and its goldens recorded.
    private static func recordedSuite(catalog: Bool) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: folder.path("DejaVuSans.ttf"))
        try folder.write(PNG.solid(width: 24, height: 24, rgba: [0xC0, 0x20, 0x20, 0xFF]), to: "specs/icons/cup@2x.png")
        try folder.write(PNG.solid(width: 40, height: 30, rgba: [0x20, 0x80, 0x20, 0xFF]), to: "specs/photos/a.png")
        try folder.write(Specs.spec(width: 200, height: 160, markers: [Specs.marker("cup", title: "Cup", extra: #""icon": "icons/cup@2x.png""#)], selected: "cup"), to: "specs/icon.json")
        let window = #""infoWindow": { "contents": { "vstack": [ { "image": "photos/a.png", "width": 40, "height": 30 }, { "text": "Photo" } ] } }"#
        try folder.write(Specs.spec(width: 200, height: 160, markers: [Specs.marker("p", extra: window)], selected: "p"), to: "specs/photo.json")
        try folder.write(Specs.spec(width: 200, height: 160, markers: [Specs.marker("s", title: catalog ? "{{strings.greeting}}" : "Hallo")], selected: "s"), to: "specs/strings.json")
        try folder.write(Self.catalog(greeting: "Hallo"), to: "Localizable.xcstrings")
        if catalog { try folder.write("", to: "uses-catalog") }
        try FileManager.default.copyItem(
            at: CLI.repository.appendingPathComponent("Examples/map-tiles/city"), to: folder.url.appendingPathComponent("specs/city"))
        try folder.write(try String(contentsOf: CLI.repository.appendingPathComponent("Examples/map-tiles/spec.json"), encoding: .utf8), to: "specs/tiles.json")
        let recorded = try check(["--record", "all"], in: folder)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        return folder
    }

    private static func catalog(greeting: String) -> String {
        #"{ "sourceLanguage": "en", "version": "1.0", "strings": { "greeting": { "localizations": { "#
            + #""en": { "stringUnit": { "state": "translated", "value": "Hello" } }, "#
            + #""de": { "stringUnit": { "state": "translated", "value": "\#(greeting)" } } } }, "#
            + #""farewell": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "Bye" } } } } } }"#
    }

    private static func check(_ arguments: [String], in folder: TemporaryFolder, executable: URL? = nil) throws -> CLIResult {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        return try CLI.run(
            // No verification sample: what is drawn is what the input hash decides (ComparingCommandTests
            // checks the sample).
            ["check", "specs", "--golden", "golden", "--verify-sample", "0", "--hermetic-fonts", "--font", "DejaVuSans.ttf"]
                + (folder.exists("uses-catalog") ? ["--strings", "Localizable.xcstrings", "--locale", "de"] : []) + arguments,
            in: folder.url, environment: environment, executable: executable)
    }

    /// `results.json`'s entries by spec name: (status, skipped).
    private static func results(_ folder: TemporaryFolder, report: String = "report") throws -> [String: (status: String, skipped: String?)] {
        let results = try #require(try JSONSerialization.jsonObject(with: Data(try folder.bytes(report + "/results.json"))) as? [String: Any])
        let specs = try #require(results["specs"] as? [[String: Any]])
        var byName: [String: (status: String, skipped: String?)] = [:]
        for spec in specs {
            byName[try #require(spec["name"] as? String)] = (try #require(spec["status"] as? String), spec["skipped"] as? String)
        }
        return byName
    }

    private static let names = ["icon.json", "photo.json", "strings.json", "tiles.json"]

    /// Checks the suite and returns the names of the specs that were drawn.
    private static func drawn(_ folder: TemporaryFolder, _ arguments: [String] = [], executable: URL? = nil) throws -> (drawn: Set<String>, result: CLIResult) {
        try? FileManager.default.removeItem(at: folder.url.appendingPathComponent("report"))
        let result = try check(["--report", "report", "--record", "never"] + arguments, in: folder, executable: executable)
        let entries = try results(folder)
        #expect(Set(entries.keys) == Set(names), "\(entries.keys)")
        for (name, entry) in entries where entry.skipped != nil {
            #expect(entry.skipped == "unchanged" && entry.status == "passed", "\(name): \(entry)")
        }
        return (Set(entries.filter { $0.value.skipped == nil }.keys), result)
    }

    @Test(arguments: modes) func anUnchangedSuiteIsNotDrawnAndTheSummariesCountIt(catalog: Bool) throws {
        let folder = try Self.recordedSuite(catalog: catalog)
        for name in ["icon", "photo", "strings", "tiles"] {
            let text = String(decoding: try folder.bytes("golden/\(name).png"), as: Unicode.UTF8.self)
            #expect(text.contains("infowin:inputs") && text.contains("infowin:pixels"), "\(name): the golden records its input and pixel hashes")
        }
        try? FileManager.default.removeItem(at: folder.url.appendingPathComponent("report"))
        let result = try Self.check(["--report", "report", "--record", "never", "--summary", "summary.md"], in: folder)
        #expect(result.status == 0, "\(result.stdoutText)\(result.stderr)")
        let entries = try Self.results(folder)
        #expect(entries.values.allSatisfy { $0.status == "passed" && $0.skipped == "unchanged" }, "\(entries)")
        #expect(result.stdoutText.contains("4 passed, 0 failed, 4 skipped (unchanged, not drawn)"), "\(result.stdoutText)")
        let summary = String(decoding: try folder.bytes("summary.md"), as: Unicode.UTF8.self)
        #expect(summary.contains("| skipped (unchanged, not drawn) | 4 |"), "\(summary)")
        // The default record mode (missing) skips too.
        let again = try Self.check([], in: folder)
        #expect(again.status == 0 && again.stdoutText.contains("4 skipped (unchanged, not drawn)"), "\(again.stdoutText)")
    }

    @Test(arguments: modes) func verifyAndReRecordingDrawEverySpec(catalog: Bool) throws {
        let folder = try Self.recordedSuite(catalog: catalog)
        let verified = try Self.drawn(folder, ["--verify"])
        #expect(verified.drawn == Set(Self.names) && verified.result.status == 0, "\(verified.result.stdoutText)")
        #expect(!verified.result.stdoutText.contains("unchanged"), "\(verified.result.stdoutText)")
        for mode in ["failed", "all"] {
            let result = try Self.check(["--record", mode], in: folder)
            #expect(result.status == 0 && !result.stdoutText.contains("unchanged"), "--record \(mode): \(result.stdoutText)")
        }
    }

    /// Each kind of input changed in turn: the spec, an icon, a photo, a font file, a map tile, a catalog
    /// string, a trait and an option; the specs it touches are drawn (and fail where pixels changed), the
    /// others are not.
    @Test(arguments: modes) func eachKindOfInputChangedIsDrawnAgain(catalog: Bool) throws {
        let folder = try Self.recordedSuite(catalog: catalog)
        func expectDrawn(_ expected: Set<String>, _ arguments: [String] = [], failing: Bool = true, because what: String) throws {
            let run = try Self.drawn(folder, arguments)
            #expect(run.drawn == expected, "\(what): drawn \(run.drawn.sorted())")
            #expect(run.result.status == (failing ? 1 : 0), "\(what): \(run.result.stdoutText)")
        }
        // The spec.
        let icon = try String(decoding: folder.bytes("specs/icon.json"), as: Unicode.UTF8.self)
        try folder.write(icon.replacingOccurrences(of: "\"Cup\"", with: "\"Mug\""), to: "specs/icon.json")
        try expectDrawn(["icon.json"], because: "the spec's title")
        try folder.write(icon, to: "specs/icon.json")
        try expectDrawn([], failing: false, because: "the spec as it was again (the failed run left its golden alone)")
        // An icon and a photo, recoloured.
        try folder.write(PNG.solid(width: 24, height: 24, rgba: [0x20, 0x20, 0xC0, 0xFF]), to: "specs/icons/cup@2x.png")
        try expectDrawn(["icon.json"], because: "an icon")
        try folder.write(PNG.solid(width: 24, height: 24, rgba: [0xC0, 0x20, 0x20, 0xFF]), to: "specs/icons/cup@2x.png")
        try folder.write(PNG.solid(width: 40, height: 30, rgba: [0x20, 0x20, 0x20, 0xFF]), to: "specs/photos/a.png")
        try expectDrawn(["photo.json"], because: "a photo")
        try folder.write(PNG.solid(width: 40, height: 30, rgba: [0x20, 0x80, 0x20, 0xFF]), to: "specs/photos/a.png")
        // A catalog string.
        if catalog {
            try folder.write(Self.catalog(greeting: "Hallo!"), to: "Localizable.xcstrings")
            try expectDrawn(["strings.json"], because: "a catalog string")
            try folder.write(Self.catalog(greeting: "Hallo"), to: "Localizable.xcstrings")
        }
        // A map tile.
        let tiles = folder.url.appendingPathComponent("specs/city/15")
        let tileFiles = try FileManager.default.subpathsOfDirectory(atPath: tiles.path).filter { $0.hasSuffix(".png") }
        var originals: [String: [UInt8]] = [:]
        for file in tileFiles {
            originals[file] = try folder.bytes("specs/city/15/" + file)
            let size = file.contains("@2x") ? 512 : 256
            try folder.write(PNG.solid(width: size, height: size, rgba: [0x30, 0x30, 0x90, 0xFF]), to: "specs/city/15/" + file)
        }
        try expectDrawn(["tiles.json"], because: "the map tiles")
        for (file, bytes) in originals { try folder.write(bytes, to: "specs/city/15/" + file) }
        // A trait.
        try folder.write(icon.replacingOccurrences(of: "\"version\": 1,", with: "\"version\": 1, \"traits\": { \"userInterfaceStyle\": \"dark\" },"), to: "specs/icon.json")
        try expectDrawn(["icon.json"], because: "a trait")
        try folder.write(icon, to: "specs/icon.json")
        // An option that changes the pixels, and one that changes only the file's bytes: both drawn.
        try expectDrawn(Set(Self.names), ["--scale", "3"], because: "--scale")
        try expectDrawn(Set(Self.names), ["--png-compression", "small"], failing: false, because: "--png-compression")
        // The font file, one byte appended.
        let font = try folder.bytes("DejaVuSans.ttf")
        try folder.write(font + [0], to: "DejaVuSans.ttf")
        try expectDrawn(Set(Self.names), failing: false, because: "a font file")
        try folder.write(font, to: "DejaVuSans.ttf")
        // Back as recorded: nothing is drawn.
        try expectDrawn([], failing: false, because: "the suite as recorded")
    }

    @Test(arguments: modes) func aGoldenWhosePixelsOrLayoutReportWereEditedIsDrawn(catalog: Bool) throws {
        let folder = try Self.recordedSuite(catalog: catalog)
        // Other image data under the golden's own text chunks (its input hash and pixel hash kept).
        let golden = try folder.bytes("golden/icon.png")
        let other = PNG.solid(width: 400, height: 320, rgba: [0xFF, 0xFF, 0xFF, 0xFF])
        try folder.write(Self.chunks(of: golden, keeping: { $0 != "IDAT" && $0 != "IEND" }) + Self.chunks(of: other, keeping: { $0 == "IDAT" || $0 == "IEND" }), to: "golden/icon.png")
        let edited = try Self.drawn(folder)
        #expect(edited.drawn == ["icon.json"] && edited.result.status == 1, "\(edited.result.stdoutText)")
        try folder.write(golden, to: "golden/icon.png")
        // A layout report that is not the golden's own.
        let report = try folder.bytes("golden/photo.layout.json")
        try folder.write(report + Array(" ".utf8), to: "golden/photo.layout.json")
        let reported = try Self.drawn(folder)
        #expect(reported.drawn == ["photo.json"] && reported.result.status == 1, "\(reported.result.stdoutText)")
    }

    /// A `--fail-on` check needs the layout: an unchanged spec is laid out, and one it finds fails drawn.
    @Test(arguments: modes) func aSpecThatFailOnFailsIsDrawnAndFails(catalog: Bool) throws {
        let folder = try Self.recordedSuite(catalog: catalog)
        let failOn = ["--fail-on", catalog ? "untranslated" : "truncated"]
        let run = try Self.drawn(folder, failOn)
        #expect(run.result.status == 0, "nothing is \(failOn[1]): \(run.result.stdoutText)")
        #expect(run.drawn.isEmpty)
        let title = catalog ? "{{strings.greeting}} {{strings.farewell}}" : String(repeating: "Hallo Welt ", count: 40)
        try folder.write(Specs.spec(width: 200, height: 160, markers: [Specs.marker("s", title: title)], selected: "s"), to: "specs/strings.json")
        _ = try Self.check(["--record", "all"], in: folder)
        let failing = try Self.drawn(folder, failOn)
        #expect(failing.drawn == ["strings.json"] && failing.result.status == 1, "\(failing.result.stdoutText)")
    }

    /// The chunks of a PNG whose type `keeping` accepts, the signature first when IHDR is kept.
    private static func chunks(of png: [UInt8], keeping: (String) -> Bool) -> [UInt8] {
        var kept: [UInt8] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[offset + 4..<offset + 8], as: Unicode.UTF8.self)
            if keeping(type) { kept += png[offset..<offset + 12 + length] }
            offset += 12 + length
        }
        return (keeping("IHDR") ? Array(png[0..<8]) : []) + kept
    }
}
