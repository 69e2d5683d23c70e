import Foundation
import InfoWinTestSupport
import Testing

/// Map tile sources end to end (SPEC.md, "Map tiles, round two"): missing tiles in one warning line and
/// `--fail-on missing-tiles`, `validate` on broken sources, and a host that does not resolve, looked up in
/// a network namespace of its own so that no query leaves the machine.
@Suite struct TileSourceCommandTests {
    private static let missingLine = "4 map tiles missing from tiles/{z}/{x}/{y}.png: 1/0/0, 1/1/0, 1/0/1, 1/1/1"

    /// A folder with `spec.json`, a 200 × 200 map at zoom 1 (4 tiles) over `source`, and an empty `tiles/`
    /// folder (a folder template's folders must exist; its tiles may be missing).
    private func spec(_ source: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("tiles"), withIntermediateDirectories: true)
        try folder.write(#"""
            {"map": {"width": 200, "height": 200, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1},
                     "tiles": {"source": "\#(source)"}}}
            """#, to: "spec.json")
        return folder
    }

    @Test(arguments: [["render", "spec.json", "-o", "out.png"], ["batch", "spec.json", "-o", "out"], ["play", "spec.json", "-o", "frames"]])
    func missingTilesAreOneWarningLineAndFailOnlyWithFailOnMissingTiles(command: [String]) throws {
        let folder = try spec("tiles/{z}/{x}/{y}.png")
        let plain = try CLI.run(command, in: folder.url)
        #expect(plain.status == 0, "\(plain.stderr)")
        // One line for the spec (play names its frame too: "spec.json: frame-000: …").
        let lines = plain.stderr.components(separatedBy: "\n").filter { $0.contains("map tile") }
        #expect(lines.count == 1 && lines[0].hasPrefix("warning: spec.json: ") && lines[0].hasSuffix(Self.missingLine), "\(lines)")
        let failing = try CLI.run(command + ["--fail-on", "missing-tiles"], in: folder.url)
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("error: spec.json: \(Self.missingLine)"), "\(failing.stderr)")
    }

    @Test func checkFailsOnMissingTilesWhateverTheGolden() throws {
        let folder = try spec("tiles/{z}/{x}/{y}.png")
        let record = try CLI.run(["check", "spec.json", "--golden", "goldens", "--record", "all"], in: folder.url)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(try CLI.run(["check", "spec.json", "--golden", "goldens"], in: folder.url).status == 0)
        let failing = try CLI.run(["check", "spec.json", "--golden", "goldens", "--fail-on", "missing-tiles"], in: folder.url)
        #expect(failing.status == 1)
        let output = failing.stdoutText + failing.stderr
        #expect(output.contains(Self.missingLine), "\(output)")
        #expect(!output.contains("re-record"), "a --fail-on failure never suggests re-recording: \(output)")
    }

    @Test func everyCommandTakingFailOnNamesMissingTilesInItsHelp() throws {
        for command in ["render", "batch", "check", "play", "validate"] {
            let help = try CLI.run([command, "--help"])
            #expect(help.stdoutText.contains("truncated,clipped,missing-glyphs,missing-tiles"), "\(command)")
        }
    }

    @Test func validateRefusesAFolderTemplateLeavingTheSandboxNamingAssetRoot() throws {
        let folder = try spec("../elsewhere/{z}/{x}/{y}.png")
        let result = try CLI.run(["validate", "spec.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("map.tiles.source") && result.stderr.contains("--asset-root"), "\(result.stderr)")
    }

    @Test(arguments: ["render", "validate"])
    func aTypoInATileFolderFailsNamingTheSourceTheFolderAndItsNearestSibling(command: String) throws {
        let folder = try spec("tile/{z}/{x}/{y}.png")
        let arguments = command == "render" ? ["render", "spec.json", "-o", "out.png"] : ["validate", "spec.json"]
        let result = try CLI.run(arguments, in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"spec.json: map.tiles.source: the folder "tile" does not exist (did you mean "tiles"?)"#), "\(result.stderr)")
        #expect(!result.stderr.contains(folder.url.path), "paths are given as the template writes them: \(result.stderr)")
        #expect(!folder.exists("out.png"))
    }

    @Test func validateJudgesATileHostByThePrivateNetworkRuleSendingNoRequest() throws {
        let folder = try spec("http://127.0.0.1:9/{z}/{x}/{y}.png")
        let refused = try CLI.run(["validate", "spec.json"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("map.tiles.source") && refused.stderr.contains("--allow-private-network"), "\(refused.stderr)")
        #expect(try CLI.run(["validate", "spec.json", "--allow-private-network"], in: folder.url).status == 0)
        #expect(try CLI.run(["validate", "spec.json", "--offline"], in: folder.url).status == 0, "offline, no tile comes from the host")
    }

    @Test(arguments: [["validate", "spec.json"], ["render", "spec.json", "-o", "out.png"]])
    func aHostThatDoesNotResolveFailsNamingIt(command: [String]) throws {
        // In a network namespace of its own the machine has no network: the lookup fails without a query.
        let unshare = URL(fileURLWithPath: "/usr/bin/unshare")
        guard (try? CLI.run(["-n", "true"], executable: unshare))?.status == 0 else {
            print("skipped: 'unshare -n' cannot make a network namespace here, so a failing lookup is not tested")
            return
        }
        let folder = try spec("https://tiles.exmaple.com/{z}/{x}/{y}.png")
        let result = try CLI.run(["-n", try CLI.binaryURL().path] + command, in: folder.url, executable: unshare)
        #expect(result.status == 1)
        #expect(result.stderr.contains("map.tiles.source"), "\(result.stderr)")
        #expect(result.stderr.contains(#"could not resolve host "tiles.exmaple.com""#), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.png")))
    }
}
