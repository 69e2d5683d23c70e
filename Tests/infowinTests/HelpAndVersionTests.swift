import Foundation
import Testing

@Suite("help and version")
struct HelpAndVersionTests {
    @Test func versionPrintsInfowinAndASemanticVersionAndExitsZero() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdoutText.range(of: #"^infowin \d+\.\d+\.\d+\S*\n$"#, options: .regularExpression) != nil,
                "stdout was \(result.stdoutText.debugDescription)")
        #expect(result.stderr.isEmpty)
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
