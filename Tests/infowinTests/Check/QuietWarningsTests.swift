import Foundation
import InfoWinTestSupport
import Testing

/// `--quiet KIND,…` and `quiet` in infowin.json silence warnings by kind, each silenced line counted in the
/// closing line and in `--summary`; an unknown kind is a usage error naming the option and the kinds
/// (SPEC.md, "Shards by render, causes, CI engines").
@Suite("--quiet: warnings silenced by kind, and counted")
struct QuietWarningsTests {
    private static let fonts = ["--hermetic-fonts", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]

    /// The `warning:` lines of a run's standard error.
    private static func warnings(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("warning:") }
    }

    /// A spec whose selected window the top edge cuts and two of whose markers lie far off the map: two
    /// off-canvas warning lines (the window cut, the markers off), in `specs/cut.json`.
    private static func folder(config: String? = nil) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(markers: [
            Specs.marker("north", latitude: 0.035, title: "Top", snippet: "near the top edge"),
            Specs.marker("far-east", longitude: 5, title: "East"),
            Specs.marker("far-west", longitude: -5, title: "West"),
        ], selected: "north"), to: "specs/cut.json")
        if let config { try folder.write(config, to: "infowin.json") }
        return folder
    }

    @Test func renderPrintsNoOffCanvasWarningWithQuietOffCanvasAndCountsTheLinesSilenced() throws {
        let folder = try Self.folder()
        let loud = try CLI.run(["render", "specs/cut.json", "-o", "out.png", "--no-config"], in: folder.url)
        #expect(Self.warnings(loud.stderr).count == 2, "\(loud.stderr)")
        let quiet = try CLI.run(["render", "specs/cut.json", "-o", "out.png", "--no-config", "--quiet", "off-canvas"], in: folder.url)
        #expect(quiet.status == 0 && Self.warnings(quiet.stderr).isEmpty, "\(quiet.stderr)")
        #expect(quiet.stderr.contains("note: 2 warnings silenced (--quiet off-canvas)"), "\(quiet.stderr)")
        let other = try CLI.run(["render", "specs/cut.json", "-o", "out.png", "--no-config", "--quiet", "missing-tiles,large-window"], in: folder.url)
        #expect(Self.warnings(other.stderr).count == 2 && !other.stderr.contains("silenced"), "other kinds leave these: \(other.stderr)")
    }

    @Test func batchAndValidateCountTheSilencedLinesInTheirClosingLine() throws {
        let folder = try Self.folder()
        let batch = try CLI.run(["batch", "specs", "-o", "out", "--no-config", "--quiet", "off-canvas"], in: folder.url)
        #expect(batch.status == 0 && Self.warnings(batch.stderr).isEmpty, "\(batch.stderr)")
        #expect(batch.stdoutText.contains(", 0 failed, 2 warnings silenced (--quiet off-canvas), in "), "\(batch.stdoutText)")
        let validate = try CLI.run(["validate", "specs", "--no-config", "--quiet", "off-canvas"], in: folder.url)
        #expect(validate.status == 0 && Self.warnings(validate.stderr).isEmpty, "\(validate.stderr)")
        #expect(validate.stdoutText.contains("0 invalid, 2 warnings silenced (--quiet off-canvas)"), "\(validate.stdoutText)")
    }

    @Test func checkPrintsTheRendersWarningsAndCountsTheSilencedOnesInItsClosingLineAndSummary() throws {
        let folder = try Self.folder()
        let check = ["check", "specs", "--golden", "golden", "--no-config", "--record", "all"] + Self.fonts
        let loud = try CLI.run(check, in: folder.url)
        #expect(loud.status == 0 && Self.warnings(loud.stderr).count == 2, "\(loud.stderr)")
        let quiet = try CLI.run(check + ["--quiet", "off-canvas", "--summary", "summary.md"], in: folder.url)
        #expect(quiet.status == 0 && Self.warnings(quiet.stderr).isEmpty, "\(quiet.stderr)")
        #expect(quiet.stdoutText.contains("2 warnings silenced (--quiet off-canvas)"), "\(quiet.stdoutText)")
        let summary = String(decoding: try folder.bytes("summary.md"), as: UTF8.self)
        #expect(summary.contains("| warnings silenced (--quiet) | 2 |"), "\(summary)")
    }

    @Test func quietInInfowinJSONSilencesAsTheOptionDoes() throws {
        let folder = try Self.folder(config: #"{"quiet": ["off-canvas"]}"#)
        let render = try CLI.run(["render", "specs/cut.json", "-o", "out.png"], in: folder.url)
        #expect(render.status == 0 && Self.warnings(render.stderr).isEmpty, "\(render.stderr)")
        #expect(render.stderr.contains("2 warnings silenced"), "\(render.stderr)")
        let bad = try Self.folder(config: #"{"quiet": ["off-canvas", "offcanvas"]}"#)
        let refused = try CLI.run(["render", "specs/cut.json", "-o", "out.png"], in: bad.url)
        #expect(refused.status != 0 && refused.stderr.contains("$.quiet[1]") && refused.stderr.contains("off-canvas"), "\(refused.stderr)")
    }

    @Test(arguments: ["offcanvas", "off-canvas,tiles"])
    func anUnknownKindIsExit2NamingTheOptionAndTheKinds(_ value: String) throws {
        let folder = try Self.folder()
        let result = try CLI.run(["render", "specs/cut.json", "-o", "out.png", "--no-config", "--quiet", value], in: folder.url)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--quiet: expected a warning kind (off-canvas, missing-tiles, large-window or basemap-style)"), "\(result.stderr)")
        #expect(!folder.exists("out.png"))
    }
}
