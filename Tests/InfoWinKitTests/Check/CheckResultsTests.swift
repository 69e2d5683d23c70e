import Testing
import InfoWinCheck
@testable import InfoWinKit

/// results.json: one writer, one reader; what the writer writes reads back the same, and the reader
/// skips what it does not know.
@Suite("check results: results.json written and read back")
struct CheckResultsTests {
    private static let sample: CheckResults = {
        var failed = CheckResults.Entry(
            name: "a.json [de]", spec: "../specs/a.json", golden: "../golden/a.de.png", status: .failed, kind: .truncated,
            messages: [#"marker "a": snippet cut after 2 lines ("…Regensburg…")"#], images: .init(expected: "a.de.expected.png", actual: "a.de.actual.png", diff: nil))
        failed.seconds = 0.25
        failed.group = "spec key markers[0].snippet changed"
        var crashed = CheckResults.Entry(name: "b.json", spec: "../specs/b.json", golden: "../golden/b.png", status: .error, kind: .error, messages: ["crashed"], images: nil)
        crashed.crashed = true
        crashed.group = "b.json: crashed"
        var recorded = CheckResults.Entry(name: "c.json", spec: "../specs/c.json", golden: "../golden/c.png", status: .recorded, kind: nil, messages: [], images: nil)
        recorded.newGolden = true
        recorded.shard = "2/3"
        return CheckResults(shard: "1/3", goldenFolder: "golden", specs: [failed, crashed, recorded])
    }()

    @Test func whatTheWriterWritesReadsBackTheSame() throws {
        let text = CheckResultsWriter.text(Self.sample)
        #expect(try CheckResultsReader.results(Array(text.utf8), file: "results.json") == Self.sample)
    }

    @Test func unknownKeysAndMissingOptionalOnesAreFine() throws {
        let text = #"{"shard": null, "future": [1], "specs": [{"name": "a", "spec": "a.json", "golden": "a.png", "status": "passed", "kind": null, "extra": {}}]}"#
        let results = try CheckResultsReader.results(Array(text.utf8), file: "r/results.json")
        #expect(results.specs.map(\.name) == ["a"] && results.specs[0].messages.isEmpty && results.specs[0].images == nil)
    }

    @Test(arguments: [
        (#"[]"#, "r/results.json"),
        (#"{"specs": [{"name": "a", "spec": "a.json", "golden": "a.png", "status": "failed"}]}"#, "r/results.json: specs[0].kind: is required"),
        (#"{"specs": [{"name": "a", "spec": "a.json", "golden": "a.png", "status": "passed", "kind": "pixels"}]}"#, "r/results.json: specs[0].kind: must be null"),
        (#"{"specs": [{"name": "a", "spec": "a.json", "golden": "a.png", "status": "failed", "kind": "blurry"}]}"#, "r/results.json: specs[0].kind: expected \"pixels\""),
        (#"{"specs": [{"name": 3, "spec": "a.json", "golden": "a.png", "status": "passed"}]}"#, "r/results.json: specs[0].name: expected a string"),
        (#"{"specs": [{"name": "a", "spec": "a.json", "golden": "a.png", "status": "passed", "messages": ["x", 1]}]}"#, "r/results.json: specs[0].messages[1]: expected a string"),
        (#"{"specs": [{"name": "a", "spec": "a.json", "golden": "a.png", "status": "passed", "images": {"actual": "x/./y.png"}}]}"#, "r/results.json: specs[0].images.actual:"),
        (#"{"specs": [{"name": "a", "spec": "a.json", "golden": "a.png", "status": "passed", "seconds": -1}]}"#, "r/results.json: specs[0].seconds: expected a number from 0"),
    ])
    func aWrongFileIsAnErrorNamingItAndTheJSONPath(_ case: (String, String)) {
        #expect {
            try CheckResultsReader.results(Array(`case`.0.utf8), file: "r/results.json")
        } throws: { error in
            (error as? InfoWinError)?.message.hasPrefix(`case`.1) == true
        }
    }

    @Test func relativePathsAreLexicalFromTheReportFolder() {
        #expect(Path.relative("specs/a.json", from: "report") == "../specs/a.json")
        #expect(Path.relative("report/x/a.png", from: "report") == "x/a.png")
        #expect(Path.tidied("report/../specs/./a.json") == "specs/a.json")
        #expect(Path.tidied("../../a") == "../../a")
    }
}
