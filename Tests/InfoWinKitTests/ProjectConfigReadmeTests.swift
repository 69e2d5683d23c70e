import Foundation
import InfoWinKit
import Testing

/// The README's rows for the config's keys, between its section's heading and the next heading.
private func readmeRows() throws -> [String] {
    let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "## Project config (infowin.json)"), "README has no section \"Project config (infowin.json)\"")
    let rest = readme[section.upperBound...]
    let body = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
    return body.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| `") }
}

@Suite("the project config's README table")
struct ProjectConfigReadmeTests {
    @Test("the README's table lists exactly the decoder's keys, each with its type, option and help")
    func readmeTable() throws {
        let expected = ProjectConfig.keys.map { key in
            let option = key.option.map { "`\($0)`" + key.alsoSets.map { " (and `\($0)`)" }.joined() } ?? "—"
            return "| `\(key.name)` | \(key.type) | \(option) | \(key.help) |"
        }
        let rows = try readmeRows()
        #expect(rows == expected, "the README's table should be:\n\(expected.joined(separator: "\n"))")
    }
}
