import Foundation
import InfoWinTestSupport
import Testing

/// What makes a package that depends on infowin by version build, checked from the sources
/// (`make package-consumer-test`, which `make test` runs after the suite, builds one).
@Suite("infowin as a dependency")
struct PackageTests {
    static let repository = CLI.repository

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repository.appending(path: path), encoding: .utf8)
    }

    @Test("no target of an ordinary build uses unsafe flags (SwiftPM refuses them in a dependency by version)")
    func noUnsafeFlags() throws {
        let manifest = try Self.text("Package.swift")
        // Only the libFuzzer targets, added when INFOWIN_FUZZ is set, may use them.
        let ordinary = try #require(manifest.components(separatedBy: "if Context.environment[\"INFOWIN_FUZZ\"]").first)
        #expect(!ordinary.contains(".unsafeFlags("))
        #expect(ordinary.contains(#".library(name: "InfoWinTesting", targets: ["InfoWinTesting"])"#))
    }

    @Test("the example package asks for infowin by URL and a version this one satisfies, and its goldens of every variant are committed")
    func exampleAsksForThisVersion() throws {
        let version = try Self.text("VERSION").trimmingCharacters(in: .whitespacesAndNewlines)
        let example = try Self.text("Examples/swift-package/Package.swift")
        let asked = try #require(example.firstMatch(of: /\.package\(url: infowin, from: "(\d+)\.(\d+)\.(\d+)"\)/))
        let have = version.split(separator: ".").compactMap { Int($0) }
        let want = [asked.1, asked.2, asked.3].compactMap { Int($0) }
        #expect(have.count == 3 && have[0] == want[0] && have.lexicographicallyPrecedes(want) == false)
        let variants = ["en", "en.dark", "de", "de.dark", "fr", "fr.dark"].map { "LondonSwiftTestingTests/london.\($0)" }
        for golden in ["LondonXCTests/london", "LondonXCTests/london.de", "LondonXCTests/london.de@2x", "LondonSwiftTestingTests/london-dark"] + variants {
            for suffix in [".png", ".layout.json"] {
                let path = Self.repository.appending(path: "Examples/swift-package/Tests/LondonTests/__Snapshots__/\(golden)\(suffix)").path
                #expect(FileManager.default.fileExists(atPath: path), "the example's goldens are committed: \(path)")
            }
        }
    }
}

@Suite("the public surface")
struct PublicSurfaceTests {
    /// Every top-level public type and function of the sources (`public struct Marker`, `public func …`).
    static func publicNames() throws -> Set<String> {
        let sources = PackageTests.repository.appending(path: "Sources")
        var names: Set<String> = []
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appending(path: file), encoding: .utf8)
            for match in text.matches(of: /(?m)^public (?:final )?(?:struct|enum|class|func|protocol|actor) ([A-Za-z]+)/) {
                names.insert(String(match.1))
            }
        }
        return names
    }

    /// The names the Swift library page's table of public types gives (first column, split at commas).
    static func readmeNames() throws -> Set<String> {
        let readme = try PackageTests.text("Documentation/swift-library.md")
        let section = try #require(readme.components(separatedBy: "The facade's public types").dropFirst().first)
        let table = section.components(separatedBy: "\n\n").dropFirst().first ?? ""
        var names: Set<String> = []
        for row in table.split(separator: "\n") where row.hasPrefix("| `") {
            let cell = row.split(separator: "|").first ?? ""
            for name in cell.matches(of: /`([A-Za-z]+)`/) { names.insert(String(name.1)) }
        }
        return names
    }

    @Test("the Swift library page lists every public type and function, one line each, and nothing that is not public")
    func readmeListsThePublicSurface() throws {
        let sources = try Self.publicNames()
        let readme = try Self.readmeNames()
        #expect(sources.subtracting(readme).isEmpty, "public but not in Documentation/swift-library.md: \(sources.subtracting(readme).sorted())")
        #expect(readme.subtracting(sources).isEmpty, "in Documentation/swift-library.md but not public: \(readme.subtracting(sources).sorted())")
    }

    @Test("the public declarations are at most a fifth of the 630 the library had (issue 25), OutputFormat's three and the snapshot parameters' seven")
    func thePublicSurfaceIsSmall() throws {
        let sources = PackageTests.repository.appending(path: "Sources")
        var count = 0
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appending(path: file), encoding: .utf8)
            count += text.matches(of: #/(?m)^\s*(?:@\w+ )*public\s/#).count
        }
        // Three more than the fifth: `OutputFormat`, an open struct since issue 49's image-encoder door,
        // spells out the `rawValue`, `init?(rawValue:)` and `allCases` an enum had for free. Seven more:
        // the snapshot helpers' parameter types (issue 52), `SnapshotLocale`, `SnapshotTraits` (with their
        // literal initialisers), `SnapshotProblem` and `SnapshotRecordMode`.
        #expect(count > 0 && count <= 630 / 5 + 3 + 7, "\(count) public declarations")
    }
}
