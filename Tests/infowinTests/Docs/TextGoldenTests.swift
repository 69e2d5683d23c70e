import Foundation
import InfoWinTestSupport
import Testing

/// The whole text of every `--help` and of the common errors, pinned in `Tests/infowinTests/Golden/` and
/// compared whole, so that any change to what a user reads shows in the diff of a review. After an intended
/// change, `make test-goldens-text` (INFOWIN_RECORD_TEXT_GOLDENS=1) writes them again: read that diff.
@Suite("whole help and error texts against their goldens")
struct TextGoldenTests {
    static let folder = CLI.repository.appendingPathComponent("Tests/infowinTests/Golden")
    static let recording = ProcessInfo.processInfo.environment["INFOWIN_RECORD_TEXT_GOLDENS"] == "1"

    /// Compares `text` with the golden file `name` (recording it instead when asked to).
    static func expect(_ text: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = folder.appendingPathComponent(name)
        if recording {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            return
        }
        let golden = try? String(contentsOf: file, encoding: .utf8)
        #expect(golden != nil, "no golden \(name): make test-goldens-text writes it", sourceLocation: sourceLocation)
        #expect(text == golden, "\(name) changed: if that is meant, make test-goldens-text and review the diff",
                sourceLocation: sourceLocation)
    }

    /// The golden files in `subfolder`, sorted.
    static func goldens(in subfolder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(subfolder).path)
            .filter { $0.hasSuffix(".txt") }.sorted()
    }

    @Test("infowin --help and every command's --help are their goldens, whole; one golden a command, no more")
    func everyHelpIsItsGolden() throws {
        let commands = try HelpText.commands()
        #expect(commands.count >= 10 && commands.contains("render"))
        for arguments in [["--help"]] + commands.map({ [$0, "--help"] }) {
            let run = try CLI.run(arguments)
            #expect(run.status == 0, "infowin \(arguments.joined(separator: " ")): \(run.stderr)")
            #expect(run.stderr.isEmpty, "infowin \(arguments.joined(separator: " ")): \(run.stderr)")
            let name = arguments.count == 1 ? "infowin" : arguments[0]
            try Self.expect(run.stdoutText, matches: "help/\(name).txt")
        }
        if !Self.recording {
            #expect(try Self.goldens(in: "help") == (["infowin"] + commands).map { "\($0).txt" }.sorted(),
                    "a help golden of a command that is gone, or a command without one")
        }
    }

    /// The errors users meet most: a mistyped command or option, a missing or unreadable spec, a spec that
    /// is no JSON or names no marker it selects. Each runs in a fresh folder with the files given.
    static let errors: [(name: String, arguments: [String], files: [String: String], status: Int32)] = [
        ("unknown-command", ["rendr", "spec.json"], [:], 2),
        ("unknown-option", ["render", "spec.json", "--scael", "2"], [:], 2),
        ("missing-spec-argument", ["render"], [:], 2),
        ("missing-option-value", ["render", "spec.json", "-o"], [:], 2),
        ("spec-not-found", ["render", "nope.json", "-o", "out.png"], [:], 1),
        ("spec-not-json", ["render", "spec.json", "-o", "out.png"], ["spec.json": "{ \"version\": 1, \"map\": "], 1),
        ("selected-marker-missing", ["render", "spec.json", "-o", "out.png"],
         ["spec.json": Specs.spec(markers: [Specs.marker("a", title: "A")], selected: "b")], 1),
    ]

    @Test("the common errors' whole text (standard error) is its golden", arguments: errors.map(\.name))
    func commonErrorIsItsGolden(name: String) throws {
        let error = try #require(Self.errors.first { $0.name == name })
        let folder = try TemporaryFolder()
        for (path, text) in error.files { try folder.write(text, to: path) }
        let run = try CLI.run(error.arguments, in: folder.url)
        #expect(run.status == error.status, "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
        try Self.expect(run.stderr, matches: "errors/\(name).txt")
    }

    @Test("every error golden belongs to a case of the table", .disabled(if: recording, "recording the goldens"))
    func noStaleErrorGoldens() throws {
        #expect(try Self.goldens(in: "errors") == Self.errors.map { "\($0.name).txt" }.sorted())
    }
}
