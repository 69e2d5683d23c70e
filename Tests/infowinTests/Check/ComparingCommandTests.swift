import Foundation
import InfoWinTestSupport
import Graphics
import InfoWinCheck
import InfoWinKit
import Testing

/// SPEC.md, "Comparing, round four": a golden drawn by this very build is compared exactly; one from
/// another build is compared with the tolerance and the run says so; an explicit tolerance wins; `diff` says
/// how many pixels changed at all; the input hash sees fontconfig's rules and the drawing libraries'
/// environment; and the verification sample draws skipped specs, failing loudly when the hash missed a change.
@Suite("check: exact for the same renderer, tolerance for another, a sample under the input hash")
struct ComparingCommandTests {
    /// A map with a route, its window open: `colour` is the route's stroke.
    private static func routeSpec(colour: String) -> String {
        """
        { "version": 1,
          "map": { "width": 300, "height": 220, "camera": { "target": { "latitude": 51.51, "longitude": -0.121 }, "zoom": 14 } },
          "markers": [ { "id": "a", "position": { "latitude": 51.51, "longitude": -0.121 }, "title": "Title", "snippet": "Snip" } ],
          "polylines": [ { "id": "route", "strokeColor": "\(colour)", "strokeWidth": 6,
            "path": [ { "latitude": 51.505, "longitude": -0.13 }, { "latitude": 51.515, "longitude": -0.11 } ] } ],
          "selectedMarker": "a" }

        """
    }

    private static func check(_ arguments: [String], in folder: TemporaryFolder, environment extra: [String: String] = [:]) throws -> CLIResult {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        for (name, value) in extra { environment[name] = value }
        return try CLI.run(["check", "specs", "--golden", "golden"] + arguments, in: folder.url, environment: environment)
    }

    /// A folder with `specs/route.json` in `colour` and its golden recorded.
    private static func recorded(colour: String = "#D81B60", fonts: [String] = CLI.pinnedFontOptions) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(routeSpec(colour: colour), to: "specs/route.json")
        let result = try check(["--record", "all"] + fonts, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return folder
    }

    /// The golden with its fingerprint changed by `change` (its pixels and their hash as they were).
    private static func rewriteGolden(in folder: TemporaryFolder, _ change: (inout Fingerprint) -> Void) throws {
        let bytes = try folder.bytes("golden/route.png")
        var fingerprint = try #require(Fingerprint(entries: PNGText.entries(of: bytes)))
        change(&fingerprint)
        let bare = try #require(PixelImage(png: bytes)).pngData()
        try folder.write(PNGText.adding(fingerprint.textEntries, to: bare), to: "golden/route.png")
    }

    @Test func aBrandColourChangeFailsAgainstAGoldenOfThisVeryBuild() throws {
        let folder = try Self.recorded()
        try folder.write(Self.routeSpec(colour: "#C2185B"), to: "specs/route.json")
        let result = try Self.check(CLI.pinnedFontOptions, in: folder)
        #expect(result.status == 1, "\(result.stdoutText)")
        #expect(result.stdoutText.contains("FAILED: route.json"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("pixels differ"), "\(result.stdoutText)")
        #expect(!result.stdoutText.contains("anti-aliased pixels ignored"), "anti-aliased pixels count: \(result.stdoutText)")
        #expect(!result.stdoutText.contains("compared with tolerance"), "\(result.stdoutText)")

        // `diff` keeps its tolerance and says how many pixels changed at all.
        try folder.write(Self.routeSpec(colour: "#C2185B"), to: "specs/route.json")
        let drawn = try CLI.run(["render", "specs/route.json", "-o", "new.png"] + CLI.pinnedFontOptions, in: folder.url)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let diff = try CLI.run(["diff", "golden/route.png", "new.png"], in: folder.url)
        #expect(diff.status == 0, "\(diff.stdoutText)")
        #expect(diff.stdoutText.hasPrefix("equal within tolerance: 0 beyond it, "), "\(diff.stdoutText)")
        #expect(diff.stdoutText.contains(" changed (threshold 0.1)"), "\(diff.stdoutText)")
        let exact = try CLI.run(["diff", "golden/route.png", "new.png", "--threshold", "0", "--include-aa"], in: folder.url)
        #expect(exact.status == 1 && exact.stdoutText.hasPrefix("different: "), "\(exact.stdoutText)")
    }

    @Test func aGoldenOfAnotherBuildIsComparedWithTheToleranceAndTheRunSaysSoOnce() throws {
        let folder = try Self.recorded()
        try Self.rewriteGolden(in: folder) { $0.build = "0.0.1 0123456789ab 0123456789abcdef" }
        try folder.write(Self.routeSpec(colour: "#C2185B"), to: "specs/route.json")
        let result = try Self.check(CLI.pinnedFontOptions, in: folder)
        #expect(result.status == 0, "within the tolerance: \(result.stdoutText)")
        let notes = result.stdoutText.components(separatedBy: "\n").filter { $0.contains("compared with tolerance 0.1") }
        #expect(notes.count == 1, "\(result.stdoutText)")
        #expect(notes.first?.hasPrefix("goldens made by infowin ") == true, "\(notes)")
        #expect(notes.first?.contains("0123456789ab") == true, "names the golden's build: \(notes)")
        #expect(notes.first?.contains("this run infowin \(InfoWin.version)") == true, "\(notes)")
        #expect(notes.first?.contains("(cairo ") == true, "names the libraries: \(notes)")
    }

    @Test func aGoldenWithoutInfowinsChunksIsComparedWithTheTolerance() throws {
        let folder = try Self.recorded()
        let bare = try #require(PixelImage(png: try folder.bytes("golden/route.png"))).pngData()
        try folder.write(bare, to: "golden/route.png")
        try folder.write(Self.routeSpec(colour: "#C2185B"), to: "specs/route.json")
        let result = try Self.check(CLI.pinnedFontOptions, in: folder)
        #expect(result.status == 0, "\(result.stdoutText)")
        #expect(result.stdoutText.contains("goldens without infowin's text chunks, this run infowin"), "\(result.stdoutText)")
    }

    @Test func anExplicitToleranceAppliesToGoldensOfThisBuildToo() throws {
        let folder = try Self.recorded()
        try folder.write(Self.routeSpec(colour: "#C2185B"), to: "specs/route.json")
        let given = try Self.check(CLI.pinnedFontOptions + ["--threshold", "0.1"], in: folder)
        #expect(given.status == 0, "\(given.stdoutText)")
        try folder.write(#"{ "threshold": 0.1 }"#, to: "infowin.json")
        let fromConfig = try Self.check(CLI.pinnedFontOptions, in: folder)
        #expect(fromConfig.status == 0, "infowin.json's threshold: \(fromConfig.stdoutText)\(fromConfig.stderr)")
        let strict = try Self.check(CLI.pinnedFontOptions + ["--max-diff-pixels", "0", "--threshold", "0"], in: folder)
        #expect(strict.status == 1, "\(strict.stdoutText)")
    }

    @Test func aFontconfigRuleOfTheUsersRedrawsAndFailsASpecDrawnWithTheMachinesFonts() throws {
        let folder = try Self.recorded(fonts: [])
        let unchanged = try Self.check(["--report", "report", "--verify-sample", "0"], in: folder, environment: ["XDG_CONFIG_HOME": folder.path("xdg")])
        #expect(unchanged.status == 0 && unchanged.stdoutText.contains("1 skipped"), "\(unchanged.stdoutText)")
        try folder.write("""
            <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>
            <match target="font"><edit name="embolden" mode="assign"><bool>true</bool></edit></match></fontconfig>
            """, to: "xdg/fontconfig/fonts.conf")
        let emboldened = try Self.check(["--verify-sample", "0"], in: folder, environment: ["XDG_CONFIG_HOME": folder.path("xdg")])
        #expect(emboldened.status == 1, "an emboldening rule changes pixels: \(emboldened.stdoutText)")
        #expect(!emboldened.stdoutText.contains("skipped"), "\(emboldened.stdoutText)")
    }

    @Test func theDrawingLibrariesEnvironmentIsAnInput() throws {
        let folder = try Self.recorded()
        for variable in ["PANGO_RTL_PARAGRAPHS_INFOWIN_TEST", "FREETYPE_PROPERTIES", "FONTCONFIG_PATH"] {
            let value = variable == "FREETYPE_PROPERTIES" ? "truetype:interpreter-version=35" : (variable == "FONTCONFIG_PATH" ? "/etc/fonts" : "1")
            let result = try Self.check(["--verify-sample", "0"] + CLI.pinnedFontOptions, in: folder, environment: [variable: value])
            #expect(!result.stdoutText.contains("skipped"), "\(variable) is an input: \(result.stdoutText)")
        }
        let again = try Self.check(["--verify-sample", "0"] + CLI.pinnedFontOptions, in: folder)
        #expect(again.stdoutText.contains("1 skipped"), "\(again.stdoutText)")
    }

    @Test func aSampledSpecThatDiffersFromTheGoldenItMatchedByHashFailsAsStaleHash() throws {
        let folder = try Self.recorded()
        // A golden whose hashes all still match (its inputs, and its pixels' own hash) but whose pixels are
        // not what this build draws: what an input the hash missed would leave.
        let bytes = try folder.bytes("golden/route.png")
        var fingerprint = try #require(Fingerprint(entries: PNGText.entries(of: bytes)))
        let image = try #require(PixelImage(png: bytes))
        var pixels = image.pixels
        for index in 0..<40 { pixels[index] = 0xFF00_00FF }
        let altered = try PixelImage(width: image.width, height: image.height, pixels: pixels).pngData()
        fingerprint.pixels = PNGText.imageDataDigest(of: altered)
        try folder.write(PNGText.adding(fingerprint.textEntries, to: altered), to: "golden/route.png")

        let unsampled = try Self.check(["--verify-sample", "0"] + CLI.pinnedFontOptions, in: folder)
        #expect(unsampled.status == 0 && unsampled.stdoutText.contains("1 skipped"), "no sample: \(unsampled.stdoutText)")
        // The default sample draws at least one skipped spec.
        let sampled = try Self.check(["--report", "report"] + CLI.pinnedFontOptions, in: folder)
        #expect(sampled.status == 1, "\(sampled.stdoutText)")
        #expect(sampled.stdoutText.contains("input hash missed a change: route.json (drawn: differs from the golden it matched by hash)"), "\(sampled.stdoutText)")
        let results = String(decoding: try folder.bytes("report/results.json"), as: Unicode.UTF8.self)
        #expect(results.contains("\"stale-hash\""), "\(results)")
    }

    @Test func aSampledSpecThatMatchesCountsAsDrawnNotSkipped() throws {
        let folder = try TemporaryFolder()
        for index in 0..<6 { try folder.write(Self.routeSpec(colour: "#D81B6\(index)"), to: "specs/route\(index).json") }
        #expect(try Self.check(["--record", "all"] + CLI.pinnedFontOptions, in: folder).status == 0)
        let one = try Self.check(CLI.pinnedFontOptions, in: folder)
        #expect(one.status == 0 && one.stdoutText.contains("6 passed, 0 failed, 5 skipped"), "at least one drawn: \(one.stdoutText)")
        let all = try Self.check(["--verify-sample", "100"] + CLI.pinnedFontOptions, in: folder)
        #expect(all.status == 0 && all.stdoutText.contains("6 passed, 0 failed") && !all.stdoutText.contains("skipped"), "\(all.stdoutText)")
        let bad = try Self.check(["--verify-sample", "101"], in: folder)
        #expect(bad.status == 2 && bad.stderr.contains("--verify-sample: expected a percentage from 0 to 100, got '101'"), "\(bad.stderr)")
    }

    @Test func theSameBuildIsNamedInTheGoldenAndAPatchedCopyOfTheBinaryIsTheSameBuild() throws {
        let folder = try Self.recorded()
        let build = PNG.textChunk("infowin:build", of: try folder.bytes("golden/route.png"))
        #expect(build == InfoWin.build, "\(build ?? "none")")
        let copy = folder.url.appendingPathComponent("infowin-stripped")
        try FileManager.default.copyItem(at: try CLI.binaryURL(), to: copy)
        let handle = try FileHandle(forWritingTo: copy)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        let result = try CLI.run(
            ["check", "specs", "--golden", "golden", "--verify-sample", "0"] + CLI.pinnedFontOptions, in: folder.url, environment: environment,
            executable: copy)
        #expect(result.status == 0 && result.stdoutText.contains("1 skipped"), "\(result.stdoutText)\(result.stderr)")
    }
}
