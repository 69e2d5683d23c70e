import Foundation
import InfoWinTestSupport
import Testing

/// The reference pages in `Documentation/reference/` are what this build's `infowin manual --reference`
/// writes: a page left stale by a change of the declarations fails here, naming the command that writes it.
@Suite("the user guide's generated reference pages")
struct ReferencePagesTests {
    static let folder = CLI.repository.appendingPathComponent("Documentation/reference")

    @Test("every page in Documentation/reference is the one infowin writes, and there is no other")
    func pagesAreFresh() throws {
        let written = try TemporaryFolder()
        let result = try CLI.run(["manual", "--reference", written.path("reference")])
        #expect(result.status == 0, "\(result.stderr)")
        let made = try FileManager.default.contentsOfDirectory(atPath: written.path("reference")).sorted()
        #expect(made == ["commands.md", "exit-codes.md", "limits.md", "project-config.md", "spec-keys.md"])
        let kept = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(kept == made, "Documentation/reference holds \(kept), infowin writes \(made): run make docs (or swift run infowin manual --reference Documentation/reference)")
        for name in made {
            let expected = try String(contentsOfFile: written.path("reference/" + name), encoding: .utf8)
            let actual = (try? String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let first = Array(zip(actualLines, expectedLines)).firstIndex { $0 != $1 } ?? min(actualLines.count, expectedLines.count)
            #expect(actual == expected, """
                Documentation/reference/\(name) is stale at line \(first + 1): it has \
                \(actualLines.dropFirst(first).first.map { "\"\($0)\"" } ?? "nothing"), infowin writes \
                \(expectedLines.dropFirst(first).first.map { "\"\($0)\"" } ?? "nothing"); run make docs \
                (or swift run infowin manual --reference Documentation/reference)
                """)
        }
    }

    @Test("the commands page lists every command of --help and every option of each command's --help")
    func commandsPageCoversTheHelp() throws {
        let page = try String(contentsOf: Self.folder.appendingPathComponent("commands.md"), encoding: .utf8)
        for command in try HelpText.commands() {
            #expect(page.contains("\n## \(command)\n"), "commands.md has no section for \(command)")
            let section = page.components(separatedBy: "\n## \(command)\n").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
            for option in try HelpText.options(of: command) {
                #expect(section.contains("`\(option)`"), "commands.md's \(command) section lacks \(option)")
            }
        }
    }

    @Test("the limits page gives the limits the security page promises")
    func limitsPageHasTheSecurityLimits() throws {
        let page = try String(contentsOf: Self.folder.appendingPathComponent("limits.md"), encoding: .utf8)
        for value in ["32 MiB", "256 levels", "16 MiB of UTF-8", "10,000", "67,108,864 pixels", "2,000,000,000", "100,000", "default 60 s", "default 1,024 MB", "default 1 MiB", "default 64", "default 10 s"] {
            #expect(page.contains(value), "limits.md lacks \(value)")
        }
    }
}
