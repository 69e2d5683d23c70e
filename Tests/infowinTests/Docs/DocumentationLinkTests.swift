import Foundation
import InfoWinTestSupport
import Testing

/// Every link of README.md, CHANGELOG.md and `Documentation/**/*.md` leads somewhere: a relative link to a
/// file or folder of the repository, a `#anchor` to a heading of the page it names (as GitHub makes heading
/// anchors); an http(s) link is only checked for its form (no network).
@Suite("the documentation's links")
struct DocumentationLinkTests {
    static let root = CLI.repository.standardizedFileURL

    /// The Markdown files whose links are checked, relative to the repository.
    static func pages() throws -> [String] {
        var pages = ["README.md", "CHANGELOG.md"]
        let folder = root.appendingPathComponent("Documentation")
        let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
        for case let path as String in walker where path.hasSuffix(".md") { pages.append("Documentation/" + path) }
        return pages.sorted()
    }

    /// The links of a Markdown text: `[text](target)` and `![alt](target)` outside code, with the line.
    static func links(in text: String) -> [(line: Int, target: String)] {
        var found: [(Int, String)] = []
        var fenced = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            if fenced { continue }
            // Code spans hold no links.
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            for match in prose.matches(of: /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/) {
                found.append((index + 1, String(match.1)))
            }
        }
        return found
    }

    /// The anchors GitHub gives a Markdown page's headings: lower case, markup and punctuation dropped,
    /// spaces as hyphens, a repeated one numbered.
    static func anchors(of text: String) -> Set<String> {
        var anchors: Set<String> = [], seen: [String: Int] = [:]
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            guard !fenced, let heading = line.firstMatch(of: /^#{1,6}\s+(.*)$/) else { continue }
            var title = String(heading.1)
            title = title.replacing(/!?\[([^\]]*)\]\([^)]*\)/) { String($0.1) }
            var slug = ""
            for character in title.lowercased() {
                if character.isLetter || character.isNumber || character == "-" || character == "_" {
                    slug.append(character)
                } else if character == " " {
                    slug.append("-")
                }
            }
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    @Test("every relative link leads to a file or folder, and every #anchor to a heading")
    func relativeLinksResolve() throws {
        var problems: [String] = []
        var checked = 0
        for page in try Self.pages() {
            let url = Self.root.appendingPathComponent(page)
            let text = try String(contentsOf: url, encoding: .utf8)
            for (line, target) in Self.links(in: text) where !target.hasPrefix("http://") && !target.hasPrefix("https://") && !target.hasPrefix("mailto:") {
                checked += 1
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
                let anchor = parts.count > 1 ? String(parts[1]) : nil
                let destination = path.isEmpty ? url : url.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                guard destination.path.hasPrefix(Self.root.path) else {
                    problems.append("\(page):\(line): \(target) leads outside the repository")
                    continue
                }
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder) else {
                    problems.append("\(page):\(line): \(target): no such file or folder")
                    continue
                }
                if let anchor, !isFolder.boolValue, destination.pathExtension == "md" {
                    let anchors = Self.anchors(of: try String(contentsOf: destination, encoding: .utf8))
                    if !anchors.contains(anchor) { problems.append("\(page):\(line): \(target): no heading #\(anchor)") }
                }
            }
        }
        #expect(checked > 100, "only \(checked) relative links found: is the link reader broken?")
        #expect(problems.isEmpty, "broken links:\n\(problems.joined(separator: "\n"))")
    }

    @Test("every external link is a well-formed http(s) URL, and no link names a placeholder owner")
    func externalLinksAreWellFormed() throws {
        var problems: [String] = []
        for page in try Self.pages() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            if text.contains("OWNER/") { problems.append("\(page): holds the placeholder OWNER/") }
            for (line, target) in Self.links(in: text) where target.hasPrefix("http://") || target.hasPrefix("https://") {
                let url = URL(string: target)
                if url?.host?.contains(".") != true || url?.scheme.map({ ["http", "https"].contains($0) }) != true {
                    problems.append("\(page):\(line): \(target) is not a well-formed http(s) URL")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("the link reader finds links, skips code and makes GitHub's anchors")
    func linkReader() {
        let text = "# A `code` title: yes\n[a](b.md#c) `[x](y)`\n```\n[no](z)\n```\n![i](p.png \"t\")\n## A `code` title: yes\n"
        #expect(Self.links(in: text).map(\.target) == ["b.md#c", "p.png"])
        #expect(Self.anchors(of: text) == ["a-code-title-yes", "a-code-title-yes-1"])
    }
}
