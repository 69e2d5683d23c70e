import Foundation
import InfoWinCheck
import InfoWinKit
import Testing

/// The reference page's rows for the config's keys (`Documentation/reference/project-config.md`, linked from
/// the guide's "Project config" page).
private func referenceRows() throws -> [String] {
    let page = try String(contentsOf: Repository.root.appendingPathComponent("Documentation/reference/project-config.md"), encoding: .utf8)
    let guide = try String(contentsOf: Repository.root.appendingPathComponent("Documentation/project-config.md"), encoding: .utf8)
    #expect(guide.contains("(reference/project-config.md)"), "Documentation/project-config.md does not link its table of keys")
    return page.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| `") }
}

@Suite("the project config's reference table")
struct ProjectConfigReadmeTests {
    @Test("the reference table lists exactly the decoder's keys, each with its type, option and help")
    func readmeTable() throws {
        let expected = ProjectConfig.keys.map { key in
            let option = key.option.map { "`\($0)`" + key.alsoSets.map { " (and `\($0)`)" }.joined() } ?? "—"
            return "| `\(key.name)` | \(key.type) | \(option) | \(key.help) |"
        }
        let rows = try referenceRows()
        #expect(rows == expected, "the reference table should be (make docs):\n\(expected.joined(separator: "\n"))")
    }
}
