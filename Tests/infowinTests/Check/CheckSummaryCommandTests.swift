import Foundation
import InfoWinTestSupport
import Testing

/// `infowin check --summary FILE`: the Markdown summary written beside the other reports, all or none.
@Suite("infowin check --summary")
struct CheckSummaryCommandTests {
    private static let fonts = ["--hermetic-fonts", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]

    private static func spec(_ title: String) -> String {
        Specs.spec(width: 160, height: 120, markers: [Specs.marker("a", title: title)], selected: "a")
    }

    private static func check(_ arguments: [String], in folder: TemporaryFolder) throws -> CLIResult {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        return try CLI.run(["check", "specs", "--golden", "golden"] + arguments + fonts, in: folder.url, environment: environment)
    }

    @Test func aFailingRunSummarisesItsFailureWithImageLinksAndCounts() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.spec("Before"), to: "specs/changed.json")
        try folder.write(Self.spec("Same"), to: "specs/same.json")
        _ = try Self.check(["--record", "all"], in: folder)
        try folder.write(Self.spec("After"), to: "specs/changed.json")
        let result = try Self.check(["--report", "report", "--summary", "summary.md"], in: folder)
        #expect(result.status == 1)
        let markdown = String(decoding: try folder.bytes("summary.md"), as: UTF8.self)
        #expect(markdown.hasPrefix("## infowin check: 1 of 2 specs failed\n"), "\(markdown)")
        let row = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| changed.json | failed | ") }, "\(markdown)")
        #expect(row.contains("pixels differ"), "\(row)")
        #expect(row.contains("[actual](./report/changed.actual.png)") && row.contains("[difference](./report/changed.diff.png)"), "\(row)")
        #expect(folder.exists("report/changed.actual.png"))
        #expect(markdown.contains("| passed | 1 |\n") && markdown.contains("| failed | 1 |\n"), "\(markdown)")
    }

    @Test func aPassingRunSaysAllPassed() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.spec("Same"), to: "specs/same.json")
        _ = try Self.check(["--record", "all"], in: folder)
        let result = try Self.check(["--record", "never", "--summary", "out/summary.md"], in: folder)
        #expect(result.status == 0, "\(result.stdoutText)")
        let markdown = String(decoding: try folder.bytes("out/summary.md"), as: UTF8.self)
        #expect(markdown.hasPrefix("## infowin check: 1 spec, all passed\n"), "\(markdown)")
        #expect(!markdown.contains("| Spec |"))
    }

    @Test func aSummaryThatCannotBeWrittenTakesTheOtherReportsBackToo() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.spec("Before"), to: "specs/changed.json")
        _ = try Self.check(["--record", "all"], in: folder)
        try folder.write(Self.spec("After"), to: "specs/changed.json")
        try folder.write("a file", to: "blocker")
        let result = try Self.check(["--report", "report", "--junit", "junit.xml", "--summary", "blocker/summary.md"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("blocker"), "\(result.stderr)")
        #expect(!folder.exists("junit.xml"))
        #expect(!folder.exists("report/index.html") && !folder.exists("report/changed.actual.png"))
    }

    @Test func theHelpNamesTheOption() throws {
        let help = try CLI.run(["check", "--help"]).stdoutText
        #expect(help.contains("--summary FILE") && help.contains("GITHUB_STEP_SUMMARY"), "\(help)")
    }
}
