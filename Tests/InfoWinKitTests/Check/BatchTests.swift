import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import InfoWinTestSupport
import Testing
import InfoWinCheck
@testable import InfoWinKit

// MARK: - Support

/// A small spec (160 × 120 pt at scale 1) with one marker whose window is open and shows `title`.
private func smallSpec(title: String, latitude: Double = 0, longitude: Double = 0) -> String {
    """
    {"version": 1,
     "map": {"width": 160, "height": 120, "scale": 1,
             "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 12}},
     "markers": [{"id": "m", "position": {"latitude": \(latitude), "longitude": \(longitude)}, "title": "\(title.replacingOccurrences(of: "\"", with: "\\\""))"}],
     "selectedMarker": "m"}
    """
}

/// The pinned fonts only, as `make goldens` draws.
private let pinnedSettings = RenderSettings(extraFonts: Repository.pinnedFonts, hermeticFonts: true)

/// The relative paths of found specs.
private func relativePaths(_ specs: some Sequence<FoundSpec>) -> [String] { specs.map(\.relativePath) }

// MARK: - Spec discovery and shards

@Suite("batch: spec discovery, shards, parallel rendering")
struct BatchTests {
    @Test func discoveryRecursesSkipsReportsAndHiddenFilesAndSortsByBytes() throws {
        let folder = try TemporaryFolder()
        for name in [
            "b.json", "a.json", "B.json", "a-b.json", "sub/c.json", "sub/c.layout.json", "sub/deeper/d.json",
            ".hidden.json", ".git/x.json", "notes.txt", "a.layout.json", "sub/.e.json", "Z/z.json",
            // A check report's results.json beside its index.html is no spec; a results.json alone is one.
            "report/index.html", "report/results.json", "sub/results.json",
            // Styles and the indexes of sprites named NAME.sprite live beside specs and are none.
            "city.style.json", "sub/icons.sprite.json", "sub/icons.sprite@2x.json",
        ] {
            try folder.write("{}", to: "specs/" + name)
        }
        let found = try SpecDiscovery.find([folder.path("specs")])
        #expect(relativePaths(found) == ["B.json", "Z/z.json", "a-b.json", "a.json", "b.json", "sub/c.json", "sub/deeper/d.json", "sub/results.json"])
        for spec in found {
            #expect(spec.path.hasPrefix(folder.path("specs")))
            #expect(spec.path.hasSuffix(spec.relativePath))
            #expect(FileManager.default.fileExists(atPath: spec.path), "\(spec.path) cannot be opened")
        }
        let nested = try #require(found.first { $0.relativePath == "sub/deeper/d.json" })
        #expect(nested.stem == "sub/deeper/d")
        #expect(nested.output(in: "out", suffix: ".png") == "out/sub/deeper/d.png")
        #expect(nested.output(in: "out", suffix: ".layout.json") == "out/sub/deeper/d.layout.json")
    }

    @Test func discoveryOfAFileArgumentUsesItsName() throws {
        let folder = try TemporaryFolder()
        try folder.write("{}", to: "specs/sub/c.json")
        try folder.write("{}", to: "other/sample.json")
        let found = try SpecDiscovery.find([folder.path("specs/sub/c.json"), folder.path("other")])
        #expect(found == [
            FoundSpec(path: folder.path("specs/sub/c.json"), relativePath: "c.json"),
            FoundSpec(path: folder.path("other/sample.json"), relativePath: "sample.json", root: folder.path("other")),
        ])
    }

    @Test func discoveryKeepsTheArgumentsOrder() throws {
        let folder = try TemporaryFolder()
        try folder.write("{}", to: "z/one.json")
        try folder.write("{}", to: "a/two.json")
        let found = try SpecDiscovery.find([folder.path("z"), folder.path("a")])
        #expect(relativePaths(found) == ["one.json", "two.json"])
    }

    @Test func discoveryOfAMissingArgumentIsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write("{}", to: "a.json")
        let missing = folder.path("nothing-here")
        do {
            _ = try SpecDiscovery.find([folder.path("a.json"), missing])
            Issue.record("a missing argument was accepted")
        } catch {
            #expect(error.message.contains(missing))
        }
    }

    @Test func discoveryOfAnEmptyFolderFindsNothing() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("empty"), withIntermediateDirectories: true)
        #expect(try SpecDiscovery.find([folder.path("empty")]).isEmpty)
    }

    @Test func shardParseAcceptsKOfN() {
        #expect(Shard.parse("1/1") == Shard.all)
        #expect(Shard.parse("2/4") == Shard(index: 2, count: 4))
        #expect(Shard.parse("4/4") == Shard(index: 4, count: 4))
        #expect(Shard.parse("3/7")?.description == "3/7")
    }

    @Test(arguments: ["0/2", "3/2", "1/0", "0/0", "x", "", "1", "1/", "/2", "1/2/3", "a/b", "-1/2", "1.5/2", "1 / 2", "auto"])
    func shardParseRejects(_ text: String) {
        #expect(Shard.parse(text) == nil, "'\(text)' was accepted")
    }

    @Test func everySpecIsInExactlyOneShard() {
        let names = (0..<200).map { "folder\($0 % 7)/spec-\($0).json" }
        for count in 1...5 {
            let shards = (1...count).map { Shard(index: $0, count: count) }
            for name in names {
                #expect(shards.filter { $0.contains(name) }.count == 1, "\(name) with N = \(count)")
            }
            if count > 1 {
                for shard in shards {
                    let share = names.filter(shard.contains).count
                    #expect(share > 200 / count / 3, "shard \(shard) holds only \(share) of 200")
                }
            }
        }
    }

    @Test func shardMembershipIsStableWhenOtherSpecsAreAdded() {
        let names = (0..<200).map { "spec-\($0).json" }
        let more = names + (0..<100).map { "added/new-\($0).json" }
        for count in 2...5 {
            for index in 1...count {
                let shard = Shard(index: index, count: count)
                let before = Set(names.filter(shard.contains))
                let after = Set(more.filter(shard.contains))
                #expect(after.intersection(names) == before)
            }
        }
    }

    @Test func shardMembershipDoesNotDependOnTheRun() {
        // FNV-1a, not the per-process seeded Hasher: fixed values.
        #expect(fnv1a("".utf8) == 0xcbf2_9ce4_8422_2325)
        #expect(fnv1a("a".utf8) == 0xaf63_dc4c_8601_ec8c)
    }

    @Test func shardFromEnvironmentFollowsEachConvention() {
        for convention in Shard.environmentConventions {
            let first = [convention.index: String(convention.base), convention.count: "3"]
            #expect(Shard.fromEnvironment { first[$0] } == Shard(index: 1, count: 3), "\(convention)")
            let last = [convention.index: String(convention.base + 2), convention.count: "3"]
            #expect(Shard.fromEnvironment { last[$0] } == Shard(index: 3, count: 3), "\(convention)")
            let beyond = [convention.index: String(convention.base + 3), convention.count: "3"]
            #expect(Shard.fromEnvironment { beyond[$0] } == nil, "\(convention): an index beyond the count")
        }
    }

    @Test func shardFromEnvironmentKnowsTheCommonCIs() {
        let gitlab = ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4"]
        #expect(Shard.fromEnvironment { gitlab[$0] } == Shard(index: 2, count: 4), "GitLab is 1-based")
        let circle = ["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "4"]
        #expect(Shard.fromEnvironment { circle[$0] } == Shard(index: 1, count: 4), "CircleCI is 0-based")
        let buildkite = ["BUILDKITE_PARALLEL_JOB": "3", "BUILDKITE_PARALLEL_JOB_COUNT": "4"]
        #expect(Shard.fromEnvironment { buildkite[$0] } == Shard(index: 4, count: 4), "Buildkite is 0-based")
        let kubernetes = ["JOB_COMPLETION_INDEX": "1", "INFOWIN_SHARD_TOTAL": "2"]
        #expect(Shard.fromEnvironment { kubernetes[$0] } == Shard(index: 2, count: 2), "Kubernetes is 0-based")
        let own = ["INFOWIN_SHARD_INDEX": "1", "INFOWIN_SHARD_TOTAL": "2", "CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"]
        #expect(Shard.fromEnvironment { own[$0] } == Shard(index: 1, count: 2), "infowin's own variables come first")
    }

    @Test func shardFromEnvironmentWithoutVariablesIsNil() {
        #expect(Shard.fromEnvironment { _ in nil } == nil)
        let onlyIndex = ["CI_NODE_INDEX": "1"]
        #expect(Shard.fromEnvironment { onlyIndex[$0] } == nil)
        let notNumbers = ["CI_NODE_INDEX": "one", "CI_NODE_TOTAL": "two"]
        #expect(Shard.fromEnvironment { notNumbers[$0] } == nil)
        let empty = ["CI_NODE_INDEX": "", "CI_NODE_TOTAL": ""]
        #expect(Shard.fromEnvironment { empty[$0] } == nil)
        #expect(Shard.environmentVariableNames.contains("CI_NODE_INDEX"))
        #expect(Shard.environmentVariableNames.contains("CIRCLE_NODE_TOTAL"))
    }

    @Test func recordModeDefaultsToMissingUnlessCIIsSet() {
        #expect(RecordMode.defaultMode(ciVariable: nil) == .missing)
        #expect(RecordMode.defaultMode(ciVariable: "") == .missing)
        #expect(RecordMode.defaultMode(ciVariable: "1") == .never)
        #expect(RecordMode.defaultMode(ciVariable: "true") == .never)
        #expect(RecordMode(rawValue: "failed") == .failed)
        #expect(RecordMode.allCases.map(\.rawValue) == ["never", "missing", "failed", "all"])
    }

    // MARK: BatchRenderer

    /// Six good specs (two in a sub-folder) and one invalid one.
    private static func makeBatch(in folder: TemporaryFolder) throws -> SpecList {
        let titles = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]
        for (index, title) in titles.enumerated() {
            let name = index < 4 ? "specs/\(title.lowercased()).json" : "specs/sub/\(title.lowercased()).json"
            try folder.write(smallSpec(title: title, latitude: Double(index) * 0.001), to: name)
        }
        try folder.write(#"{"version": 1, "map": {"width": "wide"}, "markers": []}"#, to: "specs/bad.json")
        return try SpecDiscovery.find([folder.path("specs")])
    }

    @Test func batchRendersGoodSpecsAndReportsTheBadOne() throws {
        let folder = try TemporaryFolder()
        let specs = try Self.makeBatch(in: folder)
        #expect(specs.count == 7)
        let out = folder.path("out")
        let outcomes = BatchRenderer(settings: pinnedSettings, jobs: 2).render(specs, to: out)
        #expect(outcomes.map(\.spec) == Array(specs), "outcomes come in spec order")
        let failed = outcomes.filter { $0.error != nil }
        #expect(failed.map(\.spec.relativePath) == ["bad.json"])
        #expect(failed.first?.error?.message.contains("bad.json") == true)
        #expect(folder.files(under: "out") == [
            "alpha.layout.json", "alpha.png", "bravo.layout.json", "bravo.png", "charlie.layout.json", "charlie.png",
            "delta.layout.json", "delta.png", "sub/echo.layout.json", "sub/echo.png", "sub/foxtrot.layout.json", "sub/foxtrot.png",
        ])
        let png = try folder.bytes("out/sub/echo.png")
        let image = try #require(PixelImage(png: png))
        #expect(image.width == 160 && image.height == 120)
        let report = try JSONParser.parse(try folder.bytes("out/sub/echo.layout.json")).kind
        #expect(report["infoWindow"]["title"]["lines"].strings == ["Echo"])
    }

    @Test func batchOutputBytesDoNotDependOnJobs() throws {
        let folder = try TemporaryFolder()
        let specs = try Self.makeBatch(in: folder)
        let serial = BatchRenderer(settings: pinnedSettings, jobs: 1).render(specs, to: folder.path("one"))
        let parallel = BatchRenderer(settings: pinnedSettings, jobs: 2).render(specs, to: folder.path("two"))
        #expect(serial.map { $0.error == nil } == parallel.map { $0.error == nil })
        try folder.expectSameFiles("one", "two", count: 12, runs: "--jobs 1 and 2")
    }

    @Test func batchFinishedSeesEveryOutcome() throws {
        let folder = try TemporaryFolder()
        let specs = try Self.makeBatch(in: folder)
        let seen = SeenOutcomes()
        _ = BatchRenderer(settings: pinnedSettings, jobs: 2).render(specs, to: folder.path("out")) { outcome, done in
            seen.add(outcome.spec.relativePath, done)
        }
        let (names, counts) = seen.values
        #expect(names.sorted() == specs.map(\.relativePath).sorted())
        #expect(counts == Array(1...specs.count))
    }

    @Test func clashingRelativePathsAreFailures() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(title: "One"), to: "x/same.json")
        try folder.write(smallSpec(title: "Two"), to: "y/same.json")
        let specs = try SpecDiscovery.find([folder.path("x/same.json"), folder.path("y/same.json")])
        let outcomes = BatchRenderer(settings: pinnedSettings, jobs: 2).render(specs, to: folder.path("out"))
        #expect(outcomes[0].error == nil)
        let error = try #require(outcomes[1].error)
        #expect(error.message.contains(folder.path("y/same.json")))
        #expect(error.message.contains(folder.path("x/same.json")))
        let report = try JSONParser.parse(try folder.bytes("out/same.layout.json")).kind
        #expect(report["infoWindow"]["title"]["lines"].strings == ["One"], "the first spec's output is kept")
    }

    @Test func batchHooksRunOnlyTheItemsAskedForAndSeeEachStartAndEnd() throws {
        let folder = try TemporaryFolder()
        let specs = try Self.makeBatch(in: folder)
        let started = SeenOutcomes(), ended = SeenOutcomes(), finished = SeenOutcomes()
        let hooks = BatchHooks<BatchOutcome>(
            items: [5, 1, 3],
            started: { item, worker in started.add(item.spec.relativePath, worker) },
            ended: { item, worker in ended.add(item.spec.relativePath, worker) },
            finished: { item, outcome in finished.add(outcome.spec.relativePath, item.index) })
        let outcomes = BatchRenderer(settings: pinnedSettings, jobs: 2).render(specs, to: folder.path("out"), hooks: hooks)
        #expect(outcomes.map(\.spec) == [specs[1], specs[3], specs[5]], "only the items asked for, in item order")
        let wanted = [specs[1], specs[3], specs[5]].map(\.relativePath).sorted()
        for seen in [started, ended, finished] { #expect(seen.values.0.sorted() == wanted) }
        #expect(started.values.1.allSatisfy { (0..<2).contains($0) }, "workers are numbered below the jobs")
        #expect(finished.values.1.sorted() == [1, 3, 5])
        #expect(folder.files(under: "out").count == 2 * outcomes.filter { $0.error == nil }.count)
    }

    @Test func parallelRunnerKeepsItemOrder() {
        let results = ParallelRunner.run(count: 50, jobs: 4) { index, _ in index * index }
        #expect(results == (0..<50).map { $0 * $0 })
        #expect(ParallelRunner.run(count: 0, jobs: 4) { index, _ in index }.isEmpty)
    }

    // MARK: GoldenChecker

    private static func checker(_ folder: TemporaryFolder, _ mode: RecordMode, report: Bool = false) -> GoldenChecker {
        GoldenChecker(
            goldenFolder: folder.path("golden"), recordMode: mode, tolerance: DiffTolerance(),
            reportFolder: report ? folder.path("report") : nil, settings: pinnedSettings, jobs: 2)
    }

    private static func checkSpecs(_ folder: TemporaryFolder) throws -> SpecList {
        try SpecDiscovery.find([folder.path("specs")])
    }

    @Test func goldenCheckerRecordsComparesAndReRecords() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(title: "Alpha"), to: "specs/one.json")
        try folder.write(smallSpec(title: "Second", latitude: 0.002), to: "specs/sub/two.json")

        // missing: records both, each still a failure.
        var outcomes = Self.checker(folder, .missing).check(try Self.checkSpecs(folder))
        #expect(outcomes.map(\.status) == [.failed, .failed])
        #expect(outcomes.allSatisfy { $0.recorded })
        #expect(outcomes.allSatisfy { $0.message.contains("recorded") }, "\(outcomes.map(\.message))")
        for golden in ["golden/one.png", "golden/one.layout.json", "golden/sub/two.png", "golden/sub/two.layout.json"] {
            #expect(folder.exists(golden), "\(golden) was not recorded")
        }
        let recorded = try folder.bytes("golden/one.png")

        // never: both pass, nothing written.
        outcomes = Self.checker(folder, .never).check(try Self.checkSpecs(folder))
        #expect(outcomes.map(\.status) == [.passed, .passed], "\(outcomes.map(\.message))")
        #expect(!outcomes.contains { $0.recorded })
        #expect(try folder.bytes("golden/one.png") == recorded)

        // A changed title fails, says what changed first and then the pixels, and writes the report images.
        try folder.write(smallSpec(title: "Alfa"), to: "specs/one.json")
        outcomes = Self.checker(folder, .never, report: true).check(try Self.checkSpecs(folder))
        #expect(outcomes.map(\.status) == [.failed, .passed])
        let failure = outcomes[0]
        // The cause (the spec key that changed), then what the text says now.
        #expect(failure.changes.prefix(2) == ["spec key markers[0].title changed", #"title line 1 changed from "Alpha" to "Alfa""#], "\(failure.changes)")
        #expect(failure.changes.last?.contains("pixels differ") == true, "\(failure.changes)")
        #expect(failure.message.hasPrefix(#"spec key markers[0].title changed; title line 1 changed from "Alpha" to "Alfa""#), "\(failure.message)")
        #expect(failure.causes == ["spec key markers[0].title changed"] && failure.group == "spec key markers[0].title changed")
        #expect(!failure.recorded)
        let images = try #require(failure.reportImages)
        #expect(images.actual == "one.actual.png")
        #expect(images.expected == "one.expected.png")
        #expect(images.difference == "one.diff.png")
        for image in [images.actual, images.expected, images.difference].compactMap({ $0 }) {
            #expect(PixelImage(png: try folder.bytes("report/" + image)) != nil, "\(image) is not a readable image")
        }
        #expect(try folder.bytes("report/one.expected.png") == recorded)
        #expect(try folder.bytes("golden/one.png") == recorded, "never does not re-record")

        // failed: re-records the failing one (still a failure); then never passes.
        outcomes = Self.checker(folder, .failed).check(try Self.checkSpecs(folder))
        #expect(outcomes.map(\.status) == [.failed, .passed])
        #expect(outcomes.map(\.recorded) == [true, false])
        #expect(outcomes[0].message.contains("re-recorded"))
        #expect(try folder.bytes("golden/one.png") != recorded)
        outcomes = Self.checker(folder, .never).check(try Self.checkSpecs(folder))
        #expect(outcomes.map(\.status) == [.passed, .passed], "\(outcomes.map(\.message))")

        // all: passes and records every one, even after a change.
        try folder.write(smallSpec(title: "Omega"), to: "specs/one.json")
        outcomes = Self.checker(folder, .all).check(try Self.checkSpecs(folder))
        #expect(outcomes.map(\.status) == [.passed, .passed])
        #expect(outcomes.allSatisfy { $0.recorded })
        let report = try JSONParser.parse(try folder.bytes("golden/one.layout.json")).kind
        #expect(report["infoWindow"]["title"]["lines"].strings == ["Omega"])
        outcomes = Self.checker(folder, .never).check(try Self.checkSpecs(folder))
        #expect(outcomes.map(\.status) == [.passed, .passed])
    }

    @Test
    func failureMessageEndsWithThePixelCount() throws {
        // The message says what changed first, then how many pixels differ — even when several things moved.
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(title: "Hi"), to: "specs/one.json")
        _ = Self.checker(folder, .missing).check(try Self.checkSpecs(folder))
        try folder.write(smallSpec(title: "A much longer title"), to: "specs/one.json")
        let outcome = try #require(Self.checker(folder, .never).check(try Self.checkSpecs(folder)).first)
        #expect(outcome.status == .failed)
        #expect(outcome.message.hasPrefix("spec key markers[0].title changed; title line 1 changed"), "\(outcome.message)")
        #expect(outcome.message.contains("pixels differ"), "the message lacks the pixel count: \(outcome.message)")
    }

    @Test func missingGoldenWithNeverFailsAndWritesNoGolden() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(title: "Alone"), to: "specs/alone.json")
        let outcomes = Self.checker(folder, .never, report: true).check(try Self.checkSpecs(folder))
        #expect(outcomes.map(\.status) == [.failed])
        #expect(!outcomes[0].recorded)
        #expect(outcomes[0].message.contains("no golden"))
        #expect(!folder.exists("golden/alone.png"))
        #expect(!folder.exists("golden/alone.layout.json"))
        #expect(outcomes[0].reportImages?.actual == "alone.actual.png")
        #expect(outcomes[0].reportImages?.expected == nil)
        #expect(folder.exists("report/alone.actual.png"))
    }

    @Test func missingGoldenWithAllPassesAndRecords() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(title: "Alone"), to: "specs/alone.json")
        let outcomes = Self.checker(folder, .all).check(try Self.checkSpecs(folder))
        #expect(outcomes.map(\.status) == [.passed])
        #expect(outcomes[0].recorded)
        #expect(folder.exists("golden/alone.png"))
    }

    @Test func invalidSpecIsAnErrorOutcome() throws {
        let folder = try TemporaryFolder()
        try folder.write(#"{"version": 1}"#, to: "specs/broken.json")
        let outcomes = Self.checker(folder, .missing).check(try Self.checkSpecs(folder))
        #expect(outcomes.map(\.status) == [.error])
        #expect(outcomes[0].message.contains("broken.json"))
        #expect(!folder.exists("golden/broken.png"))
    }

    // MARK: Reports

    /// Checks two specs where one fails against its golden and writes its report images.
    private static func failingRun(_ folder: TemporaryFolder) throws -> [CheckOutcome] {
        try folder.write(smallSpec(title: "Same"), to: "specs/same.json")
        try folder.write(smallSpec(title: "Before"), to: "specs/sub/changed.json")
        try folder.write(#"{"version": 1}"#, to: "specs/broken.json")
        _ = Self.checker(folder, .missing).check(try Self.checkSpecs(folder))
        try folder.write(smallSpec(title: "After <&> \"quoted\""), to: "specs/sub/changed.json")
        return Self.checker(folder, .never, report: true).check(try Self.checkSpecs(folder))
    }

    @Test func junitReportIsXMLWithOneTestCasePerSpec() throws {
        let folder = try TemporaryFolder()
        let outcomes = try Self.failingRun(folder)
        #expect(outcomes.map(\.status) == [.error, .passed, .failed])
        let xml = CheckReports.junit(outcomes, reportFolder: folder.path("report"))
        #if canImport(FoundationXML) || canImport(Darwin)
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "3")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue ?? "" } == ["broken.json", "same.json", "sub/changed.json"])
        let passed = try #require(cases.first { $0.attribute(forName: "name")?.stringValue == "same.json" })
        #expect(passed.children == nil || passed.children?.isEmpty == true)
        let changed = try #require(cases.first { $0.attribute(forName: "name")?.stringValue == "sub/changed.json" })
        let failure = try #require(changed.elements(forName: "failure").first)
        let message = failure.attribute(forName: "message")?.stringValue ?? ""
        #expect(message.contains(#"title line 1 changed from "Before" to "After <&> \"quoted\"""#), "\(message)")
        let details = failure.stringValue ?? ""
        #expect(details.contains("actual: " + folder.path("report/sub/changed.actual.png")), "\(details)")
        #expect(details.contains("expected: " + folder.path("report/sub/changed.expected.png")))
        #expect(details.contains("difference: " + folder.path("report/sub/changed.diff.png")))
        #expect(details.contains("pixels differ"))
        let broken = try #require(cases.first { $0.attribute(forName: "name")?.stringValue == "broken.json" })
        #expect(broken.elements(forName: "error").count == 1)
        #else
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "the JUnit report is not well-formed XML")
        #endif
    }

    @Test func aCrashIsAnErrorOfKindCrashInJUnitAndLabelledInHTML() {
        let message = "specs/bad.json: crashed (signal 11, SIGSEGV) while rendering"
        let outcomes = [
            CheckOutcome(spec: FoundSpec(path: "specs/bad.json", relativePath: "bad.json"), status: .crash, message: message),
            CheckOutcome(spec: FoundSpec(path: "specs/good.json", relativePath: "good.json"), status: .passed, message: ""),
        ]
        let xml = CheckReports.junit(outcomes, reportFolder: nil)
        #expect(xml.contains(#"tests="2" failures="0" errors="1""#), "\(xml)")
        #expect(xml.contains(#"<error message="\#(message)" type="crash">\#(message)</error>"#), "\(xml)")
        let html = CheckReports.html(outcomes, goldenFolder: "golden")
        #expect(html.contains(#"<h2><span class="badge error">crash</span> <span class="name">bad.json</span></h2>"#), "\(html)")
        #expect(html.contains("1 of 2 specs failed"))
    }

    @Test func htmlReportReferencesImagesThatExist() throws {
        let folder = try TemporaryFolder()
        let outcomes = try Self.failingRun(folder)
        let html = CheckReports.html(outcomes, goldenFolder: folder.path("golden"))
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("sub/changed.json"))
        #expect(html.contains("broken.json"))
        #expect(!html.contains("<section>\n<h2>same.json"), "passing specs are not listed")
        #expect(html.components(separatedBy: "<script").count == 2 && !html.contains("<script src"), "one inline script, nothing fetched")
        #expect(!html.contains("http://") && !html.contains("https://"), "nothing from the network")
        #expect(html.contains("After &lt;&amp;&gt;"), "the title is escaped")
        #expect(!html.contains("After <&>"))
        let pattern = try NSRegularExpression(pattern: #"src="([^"]+)""#)
        let range = NSRange(html.startIndex..., in: html)
        let sources = pattern.matches(in: html, range: range).compactMap { match in
            Range(match.range(at: 1), in: html).map { String(html[$0]) }
        }
        #expect(Set(sources) == ["./sub/changed.actual.png", "./sub/changed.expected.png", "./sub/changed.diff.png"])
        for source in sources {
            #expect(folder.exists("report/" + source), "index.html shows \(source), which is not in the report folder")
        }
    }
}

/// Outcomes seen by a `finished` callback, behind a lock.
private final class SeenOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []
    private var counts: [Int] = []

    func add(_ name: String, _ done: Int) {
        lock.lock()
        defer { lock.unlock() }
        names.append(name)
        counts.append(done)
    }

    var values: ([String], [Int]) {
        lock.lock()
        defer { lock.unlock() }
        return (names, counts)
    }
}
