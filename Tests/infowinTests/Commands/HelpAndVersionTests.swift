import Foundation
import InfoWinTestSupport
import Testing

@Suite("help and version")
struct HelpAndVersionTests {
    @Test func versionPrintsInfowinTheVersionFileAndTheCommitAndExitsZero() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        let version = try String(contentsOf: CLI.repository.appendingPathComponent("VERSION"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.range(of: #"^\d+\.\d+\.\d+\S*$"#, options: .regularExpression) != nil)
        #expect(result.stdoutText.range(of: #"^infowin \d+\.\d+\.\d+\S* \(([0-9a-f]{12}(-dirty)?|unknown)\)\n$"#, options: .regularExpression) != nil,
                "stdout was \(result.stdoutText.debugDescription)")
        #expect(result.stdoutText.hasPrefix("infowin \(version) ("), "the version is not VERSION's \(version)")
        #expect(result.stderr.isEmpty)
    }

    @Test func theEmbeddedCommitIsACommitOfThisRepository() throws {
        let line = try CLI.run(["--version"]).stdoutText
        guard let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")") else {
            Issue.record("no (COMMIT) in \(line.debugDescription)")
            return
        }
        let commit = String(line[line.index(after: open)..<close])
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        git.arguments = ["-C", CLI.repository.path, "cat-file", "-e", String(commit.prefix(12)) + "^{commit}"]
        git.standardError = FileHandle.nullDevice
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git"),
              FileManager.default.fileExists(atPath: CLI.repository.appendingPathComponent(".git").path)
        else {
            #expect(commit == "unknown", "no git checkout, yet the commit is \(commit)")
            return
        }
        try git.run()
        git.waitUntilExit()
        #expect(git.terminationStatus == 0, "\(commit) is no commit of \(CLI.repository.path)")
    }

    @Test func topLevelHelpListsTheRenderCommandAndVersionAndExitsZero() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("USAGE: infowin"))
        #expect(result.stdoutText.contains("render"))
        #expect(result.stdoutText.contains("--version"))
        #expect(result.stderr.isEmpty)
    }

    @Test func renderHelpNamesEveryOptionAndExitsZero() throws {
        let result = try CLI.run(["render", "--help"])
        #expect(result.status == 0)
        let help = result.stdoutText
        #expect(help.contains("USAGE: infowin render"))
        for option in ["-o", "--output", "--layout", "--scale", "--select", "--help"] {
            #expect(help.contains(option), "render --help does not mention \(option)")
        }
        #expect(result.stderr.isEmpty)
    }

    @Test func renderHelpWinsOverOtherwiseInvalidArguments() throws {
        let folder = try TemporaryFolder()
        let result = try CLI.run(["render", "missing.json", "--scale", "9", "-h"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("--select"))
        #expect(try folder.entries().isEmpty)
    }
}
