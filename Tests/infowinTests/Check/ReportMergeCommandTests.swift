import Foundation
import InfoWinTestSupport
import Testing

/// `check --report DIR` writes DIR/results.json; `infowin report merge DIR… -o OUT` joins several shards'
/// folders into one HTML page, one JUnit file (a suite per shard) and one Markdown summary.
@Suite("infowin report merge and results.json")
struct ReportMergeCommandTests {
    static let fonts = ["--hermetic-fonts", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]

    static func spec(_ title: String, snippet: String? = nil) -> String {
        Specs.spec(width: 160, height: 120, markers: [Specs.marker("a", title: title, snippet: snippet)], selected: "a")
    }

    static func run(_ arguments: [String], in folder: TemporaryFolder) throws -> CLIResult {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        return try CLI.run(arguments, in: folder.url, environment: environment)
    }

    /// Six specs with goldens, two of them changed since (for two causes: b's title, f's title and snippet),
    /// checked in three shards into r1, r2, r3.
    static func threeShards() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in ["a", "b", "c", "d", "e", "f"] { try folder.write(spec("Title \(name)"), to: "specs/\(name).json") }
        _ = try run(["check", "specs", "--golden", "golden", "--record", "all"] + fonts, in: folder)
        try folder.write(spec("Changed b"), to: "specs/b.json")
        try folder.write(spec("Changed f", snippet: "and a snippet"), to: "specs/f.json")
        for shard in 1...3 {
            _ = try run(["check", "specs", "--golden", "golden", "--record", "never", "--report", "r\(shard)", "--shard", "\(shard)/3"] + fonts, in: folder)
        }
        return folder
    }

    private static func json(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func checkWritesResultsJSONWithEverySpecItsStatusKindMessagesAndImagesRelativeToTheReport() throws {
        let folder = try Self.threeShards()
        var seen: [String: [String: Any]] = [:]
        for shard in 1...3 {
            let results = try Self.json(try folder.bytes("r\(shard)/results.json"))
            #expect(results["shard"] as? String == "\(shard)/3")
            for case let entry as [String: Any] in try #require(results["specs"] as? [Any]) {
                seen[try #require(entry["name"] as? String)] = entry
            }
        }
        #expect(seen.keys.sorted() == ["a.json", "b.json", "c.json", "d.json", "e.json", "f.json"])
        let changed = try #require(seen["b.json"])
        #expect(changed["status"] as? String == "failed" && changed["kind"] as? String == "pixels")
        #expect((changed["messages"] as? [String])?.first == "spec key markers[0].title changed", "the cause first: \(changed)")
        #expect((changed["messages"] as? [String])?.contains { $0.contains("Changed b") } == true, "\(changed)")
        #expect(changed["spec"] as? String == "../specs/b.json" && changed["golden"] as? String == "../golden/b.png")
        let images = try #require(changed["images"] as? [String: Any])
        let shard = try #require((1...3).first { folder.exists("r\($0)/b.actual.png") })
        for key in ["expected", "actual", "diff"] {
            let path = try #require(images[key] as? String)
            #expect(folder.exists("r\(shard)/" + path), "\(key): \(path)")
        }
        let same = try #require(seen["a.json"])
        #expect(same["status"] as? String == "passed" && same["kind"] is NSNull && same["images"] is NSNull)
    }

    @Test func mergeWritesOnePageOneJUnitFileWithASuitePerShardAndOneSummary() throws {
        let folder = try Self.threeShards()
        let result = try Self.run(["report", "merge", "r1", "r2", "r3", "-o", "merged", "--junit", "merged.xml", "--summary", "merged.md"], in: folder)
        #expect(result.status == 1, "two specs failed: \(result.stdoutText) \(result.stderr)")
        #expect(result.stdoutText.contains("6 specs") && result.stdoutText.contains("4 passed, 2 failed"), "\(result.stdoutText)")
        let junit = String(decoding: try folder.bytes("merged.xml"), as: UTF8.self)
        for shard in 1...3 { #expect(junit.contains(#"<testsuite name="infowin check \#(shard)/3""#), "\(junit)") }
        #expect(junit.components(separatedBy: "<testsuite ").count == 4 && junit.components(separatedBy: "<testcase ").count == 7)
        #expect(junit.contains(#"<testsuites name="infowin check" tests="6" failures="2""#), "\(junit)")
        #expect(junit.contains(#"type="pixels""#))
        let markdown = String(decoding: try folder.bytes("merged.md"), as: UTF8.self)
        #expect(markdown.hasPrefix("## infowin check: 2 of 6 specs"), "\(markdown)")
        #expect(markdown.contains("| b.json | failed |") && markdown.contains("| f.json | failed |"), "\(markdown)")
        let html = String(decoding: try folder.bytes("merged/index.html"), as: UTF8.self)
        #expect(html.contains("b.json") && html.contains("f.json") && html.contains("a.json"))
        let merged = try Self.json(try folder.bytes("merged/results.json"))
        let entries = try #require(merged["specs"] as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == ["a.json", "b.json", "c.json", "d.json", "e.json", "f.json"])
        for entry in entries {
            #expect(entry["spec"] as? String == "../specs/" + (entry["name"] as? String ?? ""))
            for case let image as String in (entry["images"] as? [String: Any] ?? [:]).values {
                #expect(folder.exists("merged/" + image), "\(image) was copied into the merged report")
            }
        }
    }

    @Test func mergeWarnsOfAMissingShard() throws {
        let folder = try Self.threeShards()
        let result = try Self.run(["report", "merge", "r1", "r3", "-o", "merged"], in: folder)
        #expect(result.stderr.contains("shard 2/3"), "\(result.stderr)")
    }

    @Test(arguments: [
        ("missing", "", "r1/results.json: cannot read the check results"),
        ("not JSON", "{ nope", "r1/results.json:1:3:"),
        ("no specs", #"{"shard": null}"#, "r1/results.json: specs: is required"),
        ("a wrong status", #"{"shard": null, "specs": [{"name": "a", "spec": "a.json", "golden": "a.png", "status": "great", "kind": null}]}"#,
         "r1/results.json: specs[0].status: expected"),
        ("a wrong shard", #"{"shard": "4/3", "specs": []}"#, "r1/results.json: shard: expected a shard K/N"),
        ("an image outside the folder", #"{"shard": null, "specs": [{"name": "a", "spec": "a.json", "golden": "a.png", "status": "failed", "kind": "pixels", "images": {"actual": "../secret.png"}}]}"#,
         "r1/results.json: specs[0].images.actual: \"../secret.png\" is not a path inside the report folder"),
        ("an absolute image", #"{"shard": null, "specs": [{"name": "a", "spec": "a.json", "golden": "a.png", "status": "failed", "kind": "pixels", "images": {"diff": "/etc/passwd"}}]}"#,
         "r1/results.json: specs[0].images.diff:"),
        ("a spec listed twice", #"{"shard": null, "specs": [{"name": "a", "spec": "a.json", "golden": "a.png", "status": "passed"}, {"name": "a", "spec": "a.json", "golden": "a.png", "status": "passed"}]}"#,
         "r1/results.json: specs[1].name: \"a\" is also the name of specs[0]"),
        ("a missing image", #"{"shard": null, "specs": [{"name": "a", "spec": "a.json", "golden": "a.png", "status": "failed", "kind": "pixels", "images": {"actual": "a.actual.png"}}]}"#,
         "r1/results.json: specs[0].images.actual: cannot read r1/a.actual.png"),
    ])
    func aHostileResultsFileIsAnErrorNamingTheFileAndThePathAndNothingIsWritten(_ case: (String, String, String)) throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("", to: "r1/.keep")
        if !`case`.1.isEmpty { try folder.write(`case`.1, to: "r1/results.json") }
        let result = try Self.run(["report", "merge", "r1", "-o", "merged", "--junit", "j.xml"], in: folder)
        #expect(result.status == 1, "\(`case`.0)")
        #expect(result.stderr.contains(`case`.2), "\(`case`.0): \(result.stderr)")
        #expect(!folder.exists("merged") && !folder.exists("j.xml"), "\(`case`.0)")
    }

    @Test func theSameShardOrSpecInTwoFoldersIsAnError() throws {
        let folder = try Self.threeShards()
        let twice = try Self.run(["report", "merge", "r1", "./r1", "-o", "merged"], in: folder)
        #expect(twice.status == 1 && twice.stderr.contains("./r1: is given twice (also as r1)"), "\(twice.stderr)")
        try FileManager.default.copyItem(atPath: folder.path("r1"), toPath: folder.path("copy"))
        let shardTwice = try Self.run(["report", "merge", "r1", "copy", "-o", "merged"], in: folder)
        #expect(shardTwice.status == 1 && shardTwice.stderr.contains("copy/results.json: shard: shard 1/3 is also the shard of r1/results.json"), "\(shardTwice.stderr)")
        let whole = try Self.run(["check", "specs", "--golden", "golden", "--record", "never", "--report", "all"] + Self.fonts, in: folder)
        #expect(whole.status == 1)
        let overlap = try Self.run(["report", "merge", "r1", "all", "-o", "merged"], in: folder)
        #expect(overlap.status == 1 && overlap.stderr.contains("is also checked in r1/results.json"), "\(overlap.stderr)")
        #expect(!folder.exists("merged"))
    }

    @Test func anImageLinkedOutOfItsFolderIsRefused() throws {
        let folder = try Self.threeShards()
        let shard = try #require((1...3).first { folder.exists("r\($0)/b.actual.png") })
        try folder.write("secret", to: "secret.png")
        try FileManager.default.removeItem(atPath: folder.path("r\(shard)/b.actual.png"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("r\(shard)/b.actual.png"), withDestinationPath: folder.path("secret.png"))
        let result = try Self.run(["report", "merge", "r1", "r2", "r3", "-o", "merged"], in: folder)
        #expect(result.status == 1 && result.stderr.contains("r\(shard)/results.json: specs["), "\(result.stderr)")
        #expect(!folder.exists("merged"))
    }

    @Test func aWrongCommandLineIsAUsageError() throws {
        let folder = try TemporaryFolder()
        for arguments in [["report"], ["report", "split", "r1", "-o", "m"], ["report", "merge", "-o", "m"], ["report", "merge", "r1"]] {
            let result = try Self.run(arguments, in: folder)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
        }
        let help = try Self.run(["report", "--help"], in: folder)
        #expect(help.status == 0 && help.stdoutText.contains("infowin report merge DIR… -o OUT") && help.stdoutText.contains("--junit"))
    }
}
