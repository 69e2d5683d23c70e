import Foundation
import InfoWinCheck
import InfoWinTestSupport
import Testing

/// `batch`, `check` and `validate --shard K/N` share out renders (spec × data row × trait), by count or by
/// an earlier run's times, and `--shard auto` follows Bazel's test sharding protocol (SPEC.md, "Shards by
/// render, causes, CI engines").
@Suite("shards by render on the command line, and Bazel")
struct ShardByRenderCommandTests {
    private static let fonts = ["--hermetic-fonts", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
    /// Two data rows × two traits: four renders a spec.
    private static let variants = ["--data", "rows.csv", "--traits", "dark,light"]

    /// The test's environment without CI's variables, with `extra`.
    private static func run(_ arguments: [String], in folder: TemporaryFolder, environment extra: [String: String] = [:]) throws -> CLIResult {
        var environment = ProcessInfo.processInfo.environment
        for name in ["CI", "XML_OUTPUT_FILE", "TEST_SHARD_STATUS_FILE"] + Shard.environmentVariableNames { environment[name] = nil }
        environment.merge(extra) { _, new in new }
        return try CLI.run(arguments, in: folder.url, environment: environment)
    }

    /// Three specs, each rendered four ways: twelve renders.
    private static func suite() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("id,unused\nopen,1\nclosed,2\n", to: "rows.csv")
        for name in ["a", "b", "c"] {
            try folder.write(Specs.spec(width: 160, height: 120, markers: [Specs.marker("m", title: "Card \(name)")], selected: "m"), to: "specs/\(name).json")
        }
        return folder
    }

    private static func entries(_ file: String, in folder: TemporaryFolder) throws -> (shard: Any?, specs: [[String: Any]]) {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(folder.bytes(file))) as? [String: Any])
        return (json["shard"], try #require(json["specs"] as? [[String: Any]]))
    }

    @Test("a batch's scales are renders too: one spec at --scale 1,2,3 over three shards, one scale each")
    func batchShardsSplitAVariantsScales() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(width: 120, height: 90, markers: [Specs.marker("m", title: "Card")], selected: "m"), to: "specs/card.json")
        var written: [String] = []
        for shard in 1...3 {
            let run = try Self.run(["batch", "specs", "-o", "out\(shard)", "--scale", "1,2,3", "--shard", "\(shard)/3"] + Self.fonts, in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let images = try FileManager.default.contentsOfDirectory(atPath: folder.path("out\(shard)")).filter { $0.hasSuffix(".png") }
            #expect(images.count == 1, "shard \(shard)/3 wrote \(images)")
            written += images
        }
        #expect(written.sorted() == ["card.png", "card@2x.png", "card@3x.png"])
        // The same bytes as the whole batch writes.
        let whole = try Self.run(["batch", "specs", "-o", "whole", "--scale", "1,2,3"] + Self.fonts, in: folder)
        #expect(whole.status == 0, "\(whole.stderr)")
        for shard in 1...3 {
            for image in try FileManager.default.contentsOfDirectory(atPath: folder.path("out\(shard)")) {
                #expect(try folder.bytes("out\(shard)/\(image)") == folder.bytes("whole/\(image)"), "\(image)")
            }
        }
    }

    @Test func checkShardsTogetherCheckEveryRenderOfEveryVariantOnceAndNameTheirShard() throws {
        let folder = try Self.suite()
        let whole = try Self.run(["check", "specs", "--golden", "golden", "--record", "all", "--report", "whole"] + Self.variants + Self.fonts, in: folder)
        #expect(whole.status == 0, "\(whole.stderr)")
        let all = try Self.entries("whole/results.json", in: folder).specs.compactMap { $0["name"] as? String }
        #expect(all.count == 12 && Set(all).count == 12, "\(all)")
        var seen: [String] = []
        for shard in 1...5 {
            let run = try Self.run(
                ["check", "specs", "--golden", "golden", "--record", "never", "--report", "r\(shard)", "--shard", "\(shard)/5"] + Self.variants + Self.fonts, in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let (name, specs) = try Self.entries("r\(shard)/results.json", in: folder)
            #expect(name as? String == "\(shard)/5")
            #expect([2, 3].contains(specs.count), "shard \(shard)/5 has \(specs.count) of 12 renders")
            #expect(specs.allSatisfy { ($0["ms"] as? Double).map { $0 >= 0 } == true }, "every render's time in ms")
            #expect(run.stdoutText.contains("(shard \(shard)/5)"), "\(run.stdoutText)")
            seen += specs.compactMap { $0["name"] as? String }
        }
        #expect(seen.sorted() == all.sorted())
        let merged = try Self.run(["report", "merge"] + (1...5).map { "r\($0)" } + ["-o", "merged"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try Self.entries("merged/results.json", in: folder).specs.compactMap { $0["name"] as? String }.sorted() == all.sorted())
    }

    @Test func batchSharesByTheTimesOfAnEarlierCheckAndTogetherWriteEveryRenderOnce() throws {
        let folder = try Self.suite()
        _ = try Self.run(["check", "specs", "--golden", "golden", "--record", "all", "--report", "last"] + Self.variants + Self.fonts, in: folder)
        let whole = try Self.run(["batch", "specs", "-o", "whole"] + Self.variants + Self.fonts, in: folder)
        #expect(whole.status == 0, "\(whole.stderr)")
        let images = folder.files(under: "whole").filter { $0.hasSuffix(".png") }
        #expect(images.count == 12)
        var written: [String] = []
        for shard in 1...3 {
            let out = "out\(shard)"
            let run = try Self.run(
                ["batch", "specs", "-o", out, "--shard", "\(shard)/3", "--shard-by", "time", "--timings", "last/results.json"] + Self.variants + Self.fonts, in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdoutText.contains("(shard \(shard)/3: "), "\(run.stdoutText)")
            let mine = folder.files(under: out).filter { $0.hasSuffix(".png") }
            #expect(!mine.isEmpty, "shard \(shard)/3 rendered nothing")
            written += mine
        }
        #expect(written.sorted() == images.sorted())
    }

    @Test func validateSharesRendersToo() throws {
        let folder = try Self.suite()
        var total = 0
        for shard in 1...2 {
            let run = try Self.run(["validate", "specs", "--shard", "\(shard)/2"] + Self.variants + Self.fonts, in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdoutText.contains("(shard \(shard)/2: 6 of 12 renders)"), "\(run.stdoutText)")
            total += 6
        }
        #expect(total == 12)
    }

    @Test func underBazelShardAutoTouchesTheStatusFileAndWritesJUnitToXMLOutputFile() throws {
        let folder = try Self.suite()
        let bazel = [
            "TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "2",
            "TEST_SHARD_STATUS_FILE": folder.path("bazel/status"), "XML_OUTPUT_FILE": folder.path("bazel/test.xml"),
        ]
        let run = try Self.run(["check", "specs", "--golden", "golden", "--shard", "auto"] + Self.variants + Self.fonts, in: folder, environment: bazel)
        // Every golden is missing and recorded: a failure, but the protocol's files are written.
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdoutText.contains("(shard 2/2)"), "\(run.stdoutText)")
        #expect(folder.exists("bazel/status"))
        let xml = String(decoding: try folder.bytes("bazel/test.xml"), as: UTF8.self)
        #expect(xml.contains("<testsuite") && xml.components(separatedBy: "<testcase").count - 1 == 6, "\(xml)")
        // --junit given wins over XML_OUTPUT_FILE.
        try FileManager.default.removeItem(atPath: folder.path("bazel/test.xml"))
        _ = try Self.run(["check", "specs", "--golden", "golden", "--shard", "auto", "--junit", "mine.xml"] + Self.variants + Self.fonts, in: folder, environment: bazel)
        #expect(folder.exists("mine.xml") && !folder.exists("bazel/test.xml"))
    }

    @Test func bazelsFilesAreLeftAloneWithoutShardAuto() throws {
        let folder = try Self.suite()
        let bazel = ["TEST_SHARD_STATUS_FILE": folder.path("status"), "XML_OUTPUT_FILE": folder.path("test.xml")]
        _ = try Self.run(["check", "specs", "--golden", "golden", "--shard", "1/2"] + Self.fonts, in: folder, environment: bazel)
        #expect(!folder.exists("status") && !folder.exists("test.xml"))
    }

    @Test(arguments: [
        (["--shard", "1/2", "--shard-by", "time"], "--shard-by time: needs --timings FILE"),
        (["--shard", "1/2", "--timings", "t.json"], "--timings t.json: only --shard-by time reads timings"),
        (["--shard", "1/2", "--shard-by", "speed"], "--shard-by: expected rank, hash or time, got 'speed'"),
        (["--shard", "0/2"], "--shard: expected K/N with 1 ≤ K ≤ N"),
    ])
    func wrongShardOptionsAreRefusedNamingTheOption(_ options: [String], _ message: String) throws {
        let folder = try Self.suite()
        for command in [["batch", "specs", "-o", "out"], ["check", "specs", "--golden", "golden"], ["validate", "specs"]] {
            let run = try Self.run(command + options, in: folder)
            #expect(run.status == 2, "\(command[0]): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(command[0]): \(run.stderr)")
        }
    }

    @Test func aTimingsFileThatCannotBeReadIsAnErrorNamingIt() throws {
        let folder = try Self.suite()
        let run = try Self.run(["batch", "specs", "-o", "out", "--shard", "1/2", "--shard-by", "time", "--timings", "gone.json"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("gone.json: cannot read the timings"), "\(run.stderr)")
        #expect(!folder.exists("out"))
    }

    @Test func wrongBazelVariablesAreRefusedNamingThem() throws {
        let folder = try Self.suite()
        let run = try Self.run(
            ["check", "specs", "--golden", "golden", "--shard", "auto"], in: folder, environment: ["TEST_SHARD_INDEX": "2", "TEST_TOTAL_SHARDS": "2"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--shard auto: TEST_SHARD_INDEX=2 and TEST_TOTAL_SHARDS=2 do not name a share (the index counts from 0"), "\(run.stderr)")
    }
}
