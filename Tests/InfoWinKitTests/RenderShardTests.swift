import Foundation
import InfoWinCheck
import InfoWinTestSupport
import Testing
@testable import InfoWinKit

/// `--shard K/N` shares out renders (a spec × data row × locale × trait), not files (SPEC.md, "Shards by
/// render, causes, CI engines"): every render in exactly one shard, by count or by an earlier run's times,
/// and Bazel's variables read by `--shard auto`.
@Suite("shards by render: count, time, Bazel")
struct RenderShardTests {
    /// Specs `s0.json`… in folders.
    private static func specs(_ count: Int) -> SpecList {
        SpecList((0..<count).map { FoundSpec(path: "specs/d\($0 % 3)/s\($0).json", relativePath: "d\($0 % 3)/s\($0).json") })
    }

    /// A job of 2 pseudo-locales × 3 traits: six variants a spec.
    private static let sixVariants: RenderJob = {
        var settings = RenderSettings()
        settings.variants = [PseudoLocale.accented, .bidirectional].flatMap { locale in
            [Traits(style: .light), Traits(style: .dark), Traits(style: .dark, category: .accessibility3)].map { traits in
                var variant = SpecVariant(pseudoLocale: locale)
                variant.traits = traits
                return variant
            }
        }
        return RenderJob(settings: settings)
    }()

    private static func shares(_ count: Int, _ specs: SpecList, by strategy: Shard.Strategy, timings: RenderTimings = RenderTimings()) -> [[Int]] {
        (1...count).map { Shard(index: $0, count: count).items(of: specs, job: sixVariants, by: strategy, timings: timings) ?? [] }
    }

    @Test(arguments: [Shard.Strategy.rank, .hash, .time], [2, 3, 5, 8, 40])
    func everyRenderOfEveryVariantIsInExactlyOneShard(_ strategy: Shard.Strategy, _ count: Int) {
        let specs = Self.specs(7), job = Self.sixVariants
        let timings = RenderTimings(milliseconds: ["d0/s0.json [en-XA.dark]": 40, "d1/s4.json [ar-XB.light]": 3])
        let shares = Self.shares(count, specs, by: strategy, timings: timings)
        #expect(shares.flatMap { $0 }.sorted() == Array(0..<job.itemCount(of: specs)), "\(strategy) over \(count)")
        #expect(Set(shares.flatMap { $0 }.map { job.renderName($0, of: specs) }).count == 42)
    }

    @Test func byCountTheSharesAreWithinOneAndSplitASpecsVariants() {
        // 3 specs × 6 variants = 18 renders in 4 shards: 4 or 5 each, where whole specs would be 0 or 1 specs.
        let specs = Self.specs(3), job = Self.sixVariants
        let shares = Self.shares(4, specs, by: .rank)
        let counts = shares.map(\.count)
        #expect(counts.max()! - counts.min()! <= 1, "\(counts)")
        let specsOfShard = shares.map { Set($0.map(job.specIndex(ofItem:))) }
        #expect(specsOfShard.filter { $0.count > 1 }.count >= 2, "some spec's variants are in two shards: \(specsOfShard)")
    }

    @Test func byTimeTheSlowRendersAreSpreadAndTheLoadsBalanced() {
        // One spec × 6 variants: one render took 50 ms, five took 10 ms. By count: 3 and 3 (70 ms against 30);
        // by time: the slow one alone, the five others together (50 ms against 50).
        let specs = Self.specs(1), job = Self.sixVariants
        var times: [String: Double] = [:]
        for item in 0..<6 { times[job.renderName(item, of: specs)] = item == 0 ? 50 : 10 }
        let timings = RenderTimings(milliseconds: times)
        let shares = Self.shares(2, specs, by: .time, timings: timings)
        let loads = shares.map { $0.reduce(0) { $0 + times[job.renderName($1, of: specs)]! } }
        #expect(loads == [50, 50], "\(shares)")
        #expect(shares[0] == [0], "the slow render alone: \(shares)")
        let byCount = Self.shares(2, specs, by: .rank).map { $0.reduce(0) { $0 + times[job.renderName($1, of: specs)]! } }
        #expect(byCount == [70, 30])
    }

    @Test func aRenderWithNoTimeCountsAsTheMedianOfTheKnownOnes() {
        let timings = RenderTimings(milliseconds: ["a": 10, "b": 30, "c": 1000])
        #expect(timings.median == 30)
        #expect(timings.weights(["a", "unknown", "c"]) == [10, 30, 1000])
        #expect(RenderTimings(milliseconds: ["a": 10, "b": 30]).median == 20)
        // Two renders of 10 known, four unknown (10 each, the median): 30 and 30 in three renders each.
        let specs = Self.specs(1), job = Self.sixVariants
        let known = RenderTimings(milliseconds: [job.renderName(0, of: specs): 10, job.renderName(1, of: specs): 10])
        #expect(Self.shares(2, specs, by: .time, timings: known).map(\.count) == [3, 3])
    }

    @Test func withNoTimesAtAllTimeSharesAreTheCountShares() {
        let specs = Self.specs(5)
        #expect(Self.shares(3, specs, by: .time) == Self.shares(3, specs, by: .rank))
    }

    @Test func rendersTimedAtZeroStillSpread() {
        let specs = Self.specs(2), job = Self.sixVariants
        let zero = RenderTimings(milliseconds: Dictionary(uniqueKeysWithValues: (0..<12).map { (job.renderName($0, of: specs), 0.0) }))
        #expect(Self.shares(3, specs, by: .time, timings: zero).map(\.count) == [4, 4, 4])
    }

    @Test func timingsAreTheMsOfAResultsFileByEntryNameAndAnEntryWithoutATimeHasNone() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(#"""
            {"shard": "1/2", "specs": [
              {"name": "a.json [de]", "spec": "a.json", "golden": "a.de.png", "status": "passed", "kind": null, "ms": 120, "seconds": 9},
              {"name": "b.json", "spec": "b.json", "golden": "b.png", "status": "passed", "kind": null, "seconds": 0.25},
              {"name": "c.json", "spec": "c.json", "golden": "c.png", "status": "passed", "kind": null}
            ]}
            """#, to: "results.json").path
        let timings = try RenderTimings.read(file)
        #expect(timings.milliseconds == ["a.json [de]": 120], "an entry with seconds alone (an older run's) has no time")
    }

    @Test func resultsJSONWritesEachRendersMs() throws {
        var entry = CheckResults.Entry(name: "a.json [de]", spec: "a.json", golden: "a.de.png", status: .passed, kind: nil, messages: [], images: nil)
        entry.seconds = 0.042
        entry.ms = 42
        let text = CheckResultsWriter.text(CheckResults(shard: "2/3", goldenFolder: "golden", specs: [entry]))
        #expect(text.contains(#""ms": 42"#), "\(text)")
        let read = try CheckResultsReader.results(Array(text.utf8), file: "results.json")
        #expect(RenderTimings(read).milliseconds == ["a.json [de]": 42])
    }

    @Test func aTimingsFileThatIsNotResultsIsRefusedNamingTheFileAndPath() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(#"{"specs": [{"name": "a.json", "spec": "a.json", "golden": "a.png", "status": "passed", "kind": null, "ms": -3}]}"#, to: "t.json").path
        #expect {
            try RenderTimings.read(file)
        } throws: { error in
            let message = (error as? InfoWinError)?.message ?? ""
            return message.contains("t.json") && message.contains("specs[0].ms")
        }
        #expect {
            try RenderTimings.read(folder.url.appendingPathComponent("none.json").path)
        } throws: { error in
            ((error as? InfoWinError)?.message ?? "").contains("none.json: cannot read the timings")
        }
    }

    @Test func bazelsZeroBasedVariablesNameTheShareAndInfowinsOwnWin() throws {
        let bazel = ["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "3"]
        #expect(Shard.fromEnvironment { bazel[$0] } == Shard(index: 1, count: 3))
        let last = ["TEST_SHARD_INDEX": "2", "TEST_TOTAL_SHARDS": "3"]
        #expect(Shard.fromEnvironment { last[$0] } == Shard(index: 3, count: 3))
        let both = bazel.merging(["INFOWIN_SHARD_INDEX": "2", "INFOWIN_SHARD_TOTAL": "2"]) { old, _ in old }
        #expect(Shard.fromEnvironment { both[$0] } == Shard(index: 2, count: 2))
    }

    @Test(arguments: [["TEST_SHARD_INDEX": "3", "TEST_TOTAL_SHARDS": "3"], ["TEST_SHARD_INDEX": "-1", "TEST_TOTAL_SHARDS": "3"],
                      ["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "0"], ["TEST_SHARD_INDEX": "one", "TEST_TOTAL_SHARDS": "2"]])
    func wrongBazelValuesAreRefusedNamingTheVariables(_ environment: [String: String]) {
        #expect {
            try Shard.fromEnvironmentChecked { environment[$0] }
        } throws: { error in
            let message = (error as? ShardError)?.message ?? ""
            return message.contains("TEST_SHARD_INDEX=\(environment["TEST_SHARD_INDEX"]!)") && message.contains("TEST_TOTAL_SHARDS=") && message.contains("counts from 0")
        }
    }
}
