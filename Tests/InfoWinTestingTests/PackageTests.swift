import Foundation
import Testing

/// The fast half of `make package-consumer-test`, run by `make test`: what makes a package that depends on
/// infowin by version build (the consumer build itself compiles infowin again, which takes minutes).
@Suite("infowin as a dependency")
struct PackageTests {
    static let repository = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized

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

    @Test("the example package asks for infowin by URL and a version this one satisfies")
    func exampleAsksForThisVersion() throws {
        let version = try Self.text("VERSION").trimmingCharacters(in: .whitespacesAndNewlines)
        let example = try Self.text("Examples/swift-package/Package.swift")
        let asked = try #require(example.firstMatch(of: /\.package\(url: infowin, from: "(\d+)\.(\d+)\.(\d+)"\)/))
        let have = version.split(separator: ".").compactMap { Int($0) }
        let want = [asked.1, asked.2, asked.3].compactMap { Int($0) }
        #expect(have.count == 3 && have[0] == want[0] && have.lexicographicallyPrecedes(want) == false)
        for golden in ["LondonXCTests/london", "LondonSwiftTestingTests/london-dark"] {
            for suffix in [".png", ".layout.json"] {
                let path = Self.repository.appending(path: "Examples/swift-package/Tests/LondonTests/__Snapshots__/\(golden)\(suffix)").path
                #expect(FileManager.default.fileExists(atPath: path), "the example's goldens are committed: \(path)")
            }
        }
    }
}
