import Foundation
import InfoWinTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

// MARK: - Support

/// Runs `infowin` like `CLI.run`, but with a controlled environment: the caller's, without `CI` and the
/// shard variables, plus `environment`.
private func runInfowin(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> CLIResult {
    var variables = ProcessInfo.processInfo.environment
    for name in ciVariableNames { variables[name] = nil }
    variables.merge(environment) { _, new in new }
    return try CLI.run(arguments, in: folder, environment: variables)
}

/// `CI` and every variable `--shard auto` reads.
private let ciVariableNames = [
    "CI", "INFOWIN_SHARD_INDEX", "INFOWIN_SHARD_TOTAL", "CI_NODE_INDEX", "CI_NODE_TOTAL", "CIRCLE_NODE_INDEX",
    "CIRCLE_NODE_TOTAL", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", "SEMAPHORE_JOB_INDEX",
    "SEMAPHORE_JOB_COUNT", "SYSTEM_JOBPOSITIONINPHASE", "SYSTEM_TOTALJOBSINPHASE", "JOB_COMPLETION_INDEX",
]

/// Options that draw with two DejaVu files only, so output does not depend on the machine's fonts.
private let fontOptions = [
    "--hermetic-fonts", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
]

/// A small spec (160 × 120 pt at scale 1) with one open window titled `title`.
private func smallSpec(_ title: String, latitude: Double = 0) -> String {
    Specs.spec(width: 160, height: 120, scale: 1, markers: [Specs.marker("m", latitude: latitude, title: title)], selected: "m")
}

private let opaqueWhite: [UInt8] = [255, 255, 255, 255]
private let opaqueBlack: [UInt8] = [0, 0, 0, 255]

/// A 10 × 10 white PNG with black pixels at `marked`.
private func whitePNG(marked: Set<Int> = [], mark: [UInt8] = opaqueBlack) -> [UInt8] {
    PNG.rgba(width: 10, height: 10) { x, y in marked.contains(y * 10 + x) ? mark : opaqueWhite }
}

/// The first line of standard output starting with `prefix`.
private func line(_ result: CLIResult, startingWith prefix: String) -> String? {
    result.stdoutText.split(separator: "\n").map(String.init).first { $0.hasPrefix(prefix) }
}

// MARK: - batch

@Suite("batch, diff and check on the command line")
struct BatchDiffCheckCommandTests {
    /// Writes `count` small specs, a third of them in a sub-folder.
    private static func writeSpecs(_ folder: TemporaryFolder, count: Int, under root: String = "specs") throws {
        for index in 0..<count {
            let name = index % 3 == 2 ? "\(root)/sub/spec-\(index).json" : "\(root)/spec-\(index).json"
            try folder.write(smallSpec("Spec \(index)", latitude: Double(index) * 0.001), to: name)
        }
    }

    @Test func batchRendersEverySpecAndPrintsASummary() throws {
        let folder = try TemporaryFolder()
        try Self.writeSpecs(folder, count: 3)
        try folder.write("{}", to: "specs/spec-0.layout.json")
        let result = try runInfowin(["batch", "specs", "-o", "out", "--jobs", "2"] + fontOptions, in: folder.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let summary = try #require(line(result, startingWith: "rendered"), "stdout: \(result.stdoutText)")
        #expect(summary.hasPrefix("rendered 3 of 3 specs into out"), "\(summary)")
        #expect(summary.contains("0 failed"))
        #expect(folder.files(under: "out") == [
            "spec-0.layout.json", "spec-0.png", "spec-1.layout.json", "spec-1.png", "sub/spec-2.layout.json", "sub/spec-2.png",
        ])
        let size = try #require(PNG.size(try folder.bytes("out/sub/spec-2.png")))
        #expect(size.width == 160 && size.height == 120)
        let report = try folder.layout("out/spec-1.layout.json")
        let window = try #require(report["infoWindow"] as? [String: Any])
        #expect((window["title"] as? [String: Any])?["lines"] as? [String] == ["Spec 1"])
    }

    @Test func batchGoesOnPastAFailingSpecAndExitsOne() throws {
        let folder = try TemporaryFolder()
        try Self.writeSpecs(folder, count: 3)
        try folder.write(#"{"version": 1, "map": {"width": -5}}"#, to: "specs/bad.json")
        let result = try runInfowin(["batch", "specs", "-o", "out"] + fontOptions, in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.json"), "stderr: \(result.stderr)")
        let summary = try #require(line(result, startingWith: "rendered"), "stdout: \(result.stdoutText)")
        #expect(summary.hasPrefix("rendered 3 of 4 specs into out"), "\(summary)")
        #expect(summary.contains("1 failed"))
        #expect(folder.exists("out/spec-0.png") && folder.exists("out/spec-1.png") && folder.exists("out/sub/spec-2.png"))
        #expect(!folder.exists("out/bad.png") && !folder.exists("out/bad.layout.json"))
    }

    @Test func batchOfSpecFilesUsesTheirNames() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec("One"), to: "a/one.json")
        try folder.write(smallSpec("Two"), to: "b/deep/two.json")
        let result = try runInfowin(["batch", "a/one.json", "b/deep/two.json", "-o", "out"] + fontOptions, in: folder.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(folder.files(under: "out") == ["one.layout.json", "one.png", "two.layout.json", "two.png"])
    }

    @Test func batchOfAMissingFolderExitsOne() throws {
        let folder = try TemporaryFolder()
        let result = try runInfowin(["batch", "nowhere", "-o", "out"] + fontOptions, in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("nowhere"))
    }

    @Test func batchBytesDoNotDependOnJobs() throws {
        let folder = try TemporaryFolder()
        try Self.writeSpecs(folder, count: 6)
        let one = try runInfowin(["batch", "specs", "-o", "one", "--jobs", "1"] + fontOptions, in: folder.url)
        let two = try runInfowin(["batch", "specs", "-o", "two", "--jobs", "2"] + fontOptions, in: folder.url)
        #expect(one.status == 0 && two.status == 0, "stderr: \(one.stderr) \(two.stderr)")
        try folder.expectSameFiles("one", "two", count: 12, runs: "--jobs 1 and 2")
    }

    @Test func twoShardsTogetherAreTheWholeBatchExactlyOnce() throws {
        let folder = try TemporaryFolder()
        try Self.writeSpecs(folder, count: 8)
        let all = try runInfowin(["batch", "specs", "-o", "all"] + fontOptions, in: folder.url)
        let first = try runInfowin(["batch", "specs", "-o", "first", "--shard", "1/2"] + fontOptions, in: folder.url)
        let second = try runInfowin(["batch", "specs", "-o", "second", "--shard", "2/2"] + fontOptions, in: folder.url)
        #expect(all.status == 0 && first.status == 0 && second.status == 0, "\(all.stderr) \(first.stderr) \(second.stderr)")
        let whole = folder.files(under: "all")
        let a = folder.files(under: "first"), b = folder.files(under: "second")
        #expect(whole.count == 16)
        #expect(Set(a).isDisjoint(with: b), "a spec is in both shards: \(Set(a).intersection(b))")
        #expect((a + b).sorted() == whole)
        for file in a { #expect(try folder.bytes("first/" + file) == folder.bytes("all/" + file)) }
        for file in b { #expect(try folder.bytes("second/" + file) == folder.bytes("all/" + file)) }
        let summary = try #require(line(first, startingWith: "rendered"))
        #expect(summary.contains("(shard 1/2: 4 of 8 renders)"), "\(summary)")
    }

    @Test(arguments: ["0/2", "3/2", "x", "1/0", "2"])
    func badShardIsAUsageError(_ shard: String) throws {
        let folder = try TemporaryFolder()
        try Self.writeSpecs(folder, count: 1)
        let result = try runInfowin(["batch", "specs", "-o", "out", "--shard", shard] + fontOptions, in: folder.url)
        #expect(result.status == 2, "--shard \(shard)")
        #expect(result.stderr.contains("--shard"), "stderr: \(result.stderr)")
        #expect(!folder.exists("out"))
    }

    @Test func shardAutoReadsCIVariables() throws {
        let folder = try TemporaryFolder()
        try Self.writeSpecs(folder, count: 8)
        let explicit = try runInfowin(["batch", "specs", "-o", "explicit", "--shard", "2/2"] + fontOptions, in: folder.url)
        let gitlab = try runInfowin(
            ["batch", "specs", "-o", "gitlab", "--shard", "auto"] + fontOptions, in: folder.url,
            environment: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"])
        let circle = try runInfowin(
            ["batch", "specs", "-o", "circle", "--shard", "auto"] + fontOptions, in: folder.url,
            environment: ["CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2"])
        #expect(explicit.status == 0 && gitlab.status == 0 && circle.status == 0, "\(gitlab.stderr) \(circle.stderr)")
        let expected = folder.files(under: "explicit")
        #expect(folder.files(under: "gitlab") == expected, "GitLab's CI_NODE_INDEX is 1-based")
        #expect(folder.files(under: "circle") == expected, "CircleCI's CIRCLE_NODE_INDEX is 0-based")
        #expect(line(gitlab, startingWith: "rendered")?.contains("shard 2/2") == true)
    }

    @Test func shardAutoWithoutVariablesIsAUsageError() throws {
        let folder = try TemporaryFolder()
        try Self.writeSpecs(folder, count: 1)
        let result = try runInfowin(["batch", "specs", "-o", "out", "--shard", "auto"] + fontOptions, in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("CI_NODE_INDEX"), "stderr: \(result.stderr)")
        #expect(!folder.exists("out"))
    }

    @Test(arguments: [["--jobs", "0"], ["--jobs", "many"], ["--shard"], []])
    func batchUsageErrors(_ extra: [String]) throws {
        let folder = try TemporaryFolder()
        try Self.writeSpecs(folder, count: 1)
        let arguments = extra.isEmpty ? ["batch", "specs"] : ["batch", "specs", "-o", "out"] + extra
        let result = try runInfowin(arguments, in: folder.url)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
    }

    // MARK: diff

    @Test func diffOfEqualImagesExitsZeroAndWritesNoDiffImage() throws {
        let folder = try TemporaryFolder()
        try folder.write(whitePNG(marked: [5]), to: "e.png")
        try folder.write(whitePNG(marked: [5]), to: "a.png")
        let result = try runInfowin(["diff", "e.png", "a.png", "--diff", "d.png"], in: folder.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdoutText.hasPrefix("equal"), "stdout: \(result.stdoutText)")
        #expect(!folder.exists("d.png"))
    }

    @Test func diffOfDifferentImagesExitsOneSaysHowManyAndWritesTheDiff() throws {
        let folder = try TemporaryFolder()
        try folder.write(whitePNG(), to: "e.png")
        try folder.write(whitePNG(marked: [11, 55, 88]), to: "a.png")
        let result = try runInfowin(["diff", "e.png", "a.png", "--diff", "d.png"], in: folder.url)
        #expect(result.status == 1, "stderr: \(result.stderr)")
        #expect(result.stdoutText.hasPrefix("different"), "stdout: \(result.stdoutText)")
        #expect(result.stdoutText.contains("3 of 100 pixels differ"), "stdout: \(result.stdoutText)")
        let diff = try folder.bytes("d.png")
        let size = try #require(PNG.size(diff))
        #expect(size.width == 10 && size.height == 10)
    }

    @Test func diffToleranceOptions() throws {
        let folder = try TemporaryFolder()
        try folder.write(whitePNG(), to: "e.png")
        try folder.write(whitePNG(marked: [11, 55, 88]), to: "a.png")
        let pixels = try runInfowin(["diff", "e.png", "a.png", "--max-diff-pixels", "3"], in: folder.url)
        #expect(pixels.status == 0, "\(pixels.stdoutText) \(pixels.stderr)")
        #expect(pixels.stdoutText.contains("within the tolerance"))
        let tooFew = try runInfowin(["diff", "e.png", "a.png", "--max-diff-pixels", "2"], in: folder.url)
        #expect(tooFew.status == 1)
        let ratio = try runInfowin(["diff", "e.png", "a.png", "--max-diff-ratio", "0.03"], in: folder.url)
        #expect(ratio.status == 0, "\(ratio.stdoutText)")
        let larger = try runInfowin(["diff", "e.png", "a.png", "--max-diff-pixels", "1", "--max-diff-ratio", "0.05"], in: folder.url)
        #expect(larger.status == 0, "the larger allowance wins: \(larger.stdoutText)")
    }

    @Test func diffThresholdForgivesSmallColourChanges() throws {
        let folder = try TemporaryFolder()
        try folder.write(whitePNG(), to: "e.png")
        try folder.write(whitePNG(marked: [44], mark: [250, 250, 250, 255]), to: "a.png")
        let result = try runInfowin(["diff", "e.png", "a.png"], in: folder.url)
        #expect(result.status == 0, "\(result.stdoutText)")
        let exact = try runInfowin(["diff", "e.png", "a.png", "--threshold", "0"], in: folder.url)
        #expect(exact.status == 1, "\(exact.stdoutText)")
    }

    @Test
    func diffImageIsNotWrittenWhenEqualWithinTolerance() throws {
        let folder = try TemporaryFolder()
        try folder.write(whitePNG(), to: "e.png")
        try folder.write(whitePNG(marked: [44], mark: [250, 250, 250, 255]), to: "a.png")
        let result = try runInfowin(["diff", "e.png", "a.png", "--diff", "d.png"], in: folder.url)
        #expect(result.status == 0)
        #expect(!folder.exists("d.png"))
    }

    @Test func diffCountsTransparency() throws {
        let folder = try TemporaryFolder()
        try folder.write(whitePNG(), to: "e.png")
        try folder.write(whitePNG(marked: [33], mark: [255, 255, 255, 0]), to: "a.png")
        let result = try runInfowin(["diff", "e.png", "a.png"], in: folder.url)
        #expect(result.status == 1, "a white pixel turning transparent has changed: \(result.stdoutText)")
        #expect(result.stdoutText.contains("1 of 100 pixels differ"))
    }

    @Test func diffIgnoresAntiAliasingUnlessAsked() throws {
        let folder = try TemporaryFolder()
        try folder.write(PNG.rgba(width: 10, height: 10) { x, _ in x < 5 ? opaqueBlack : opaqueWhite }, to: "e.png")
        try folder.write(PNG.rgba(width: 10, height: 10) { x, _ in x < 5 ? opaqueBlack : x == 5 ? [128, 128, 128, 255] : opaqueWhite }, to: "a.png")
        let plain = try runInfowin(["diff", "e.png", "a.png"], in: folder.url)
        #expect(plain.status == 0, "\(plain.stdoutText)")
        #expect(plain.stdoutText.contains("10 anti-aliased pixels ignored"), "\(plain.stdoutText)")
        let counted = try runInfowin(["diff", "e.png", "a.png", "--include-aa"], in: folder.url)
        #expect(counted.status == 1, "\(counted.stdoutText)")
    }

    @Test func diffOfDifferentSizesExitsOneWithTheReason() throws {
        let folder = try TemporaryFolder()
        try folder.write(whitePNG(), to: "e.png")
        try folder.write(PNG.rgba(width: 12, height: 10) { _, _ in opaqueWhite }, to: "a.png")
        let result = try runInfowin(["diff", "e.png", "a.png", "--diff", "d.png", "--max-diff-ratio", "1"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdoutText.contains("sizes differ"), "stdout: \(result.stdoutText)")
        #expect(result.stdoutText.contains("10 × 10") && result.stdoutText.contains("12 × 10"))
        #expect(!folder.exists("d.png"))
    }

    @Test func diffOfAnUnreadableFileExitsTwo() throws {
        let folder = try TemporaryFolder()
        try folder.write(whitePNG(), to: "e.png")
        try folder.write("not a png", to: "text.png")
        let garbage = try runInfowin(["diff", "e.png", "text.png", "--diff", "d.png"], in: folder.url)
        #expect(garbage.status == 2)
        #expect(garbage.stderr.contains("text.png"), "stderr: \(garbage.stderr)")
        #expect(!folder.exists("d.png"))
        let missing = try runInfowin(["diff", "missing.png", "e.png"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing.png"), "stderr: \(missing.stderr)")
    }

    @Test(arguments: [["e.png"], ["e.png", "e.png", "--threshold", "2"], ["e.png", "e.png", "--max-diff-pixels", "-1"],
                      ["e.png", "e.png", "--max-diff-ratio", "1.5"]])
    func diffUsageErrors(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        try folder.write(whitePNG(), to: "e.png")
        let result = try runInfowin(["diff"] + arguments, in: folder.url)
        #expect(result.status == 2, "\(arguments)")
    }

    // MARK: check

    @Test func checkOnCIDefaultsToNeverRecording() throws {
        let folder = try TemporaryFolder()
        try Self.writeSpecs(folder, count: 2)
        let result = try runInfowin(["check", "specs", "--golden", "golden"] + fontOptions, in: folder.url, environment: ["CI": "1"])
        #expect(result.status == 1)
        #expect(result.stdoutText.contains("FAILED: spec-0.json"), "stdout: \(result.stdoutText)")
        #expect(result.stdoutText.contains("no golden"))
        #expect(folder.files(under: "golden").isEmpty, "CI must not record")
    }

    @Test func checkOffCIRecordsMissingGoldensThenPasses() throws {
        let folder = try TemporaryFolder()
        try Self.writeSpecs(folder, count: 3)
        let first = try runInfowin(["check", "specs", "--golden", "golden"] + fontOptions, in: folder.url)
        #expect(first.status == 1, "a golden recorded by this run is still a failure")
        #expect(first.stdoutText.contains("recorded"), "stdout: \(first.stdoutText)")
        #expect(folder.files(under: "golden") == [
            "spec-0.layout.json", "spec-0.png", "spec-1.layout.json", "spec-1.png", "sub/spec-2.layout.json", "sub/spec-2.png",
        ])
        let second = try runInfowin(["check", "specs", "--golden", "golden"] + fontOptions, in: folder.url)
        #expect(second.status == 0, "stdout: \(second.stdoutText) stderr: \(second.stderr)")
        let summary = try #require(line(second, startingWith: "checked"))
        #expect(summary.contains("3 passed, 0 failed"), "\(summary)")
    }

    @Test func checkRecordAllPassesAndNeverFailsOnAMissingGolden() throws {
        let folder = try TemporaryFolder()
        try Self.writeSpecs(folder, count: 1)
        let never = try runInfowin(["check", "specs", "--golden", "golden", "--record", "never"] + fontOptions, in: folder.url)
        #expect(never.status == 1)
        #expect(!folder.exists("golden/spec-0.png"))
        let all = try runInfowin(["check", "specs", "--golden", "golden", "--record", "all"] + fontOptions, in: folder.url)
        #expect(all.status == 0, "stdout: \(all.stdoutText)")
        #expect(folder.exists("golden/spec-0.png"))
        let bogus = try runInfowin(["check", "specs", "--golden", "golden", "--record", "sometimes"] + fontOptions, in: folder.url)
        #expect(bogus.status == 2)
        #expect(bogus.stderr.contains("--record"))
        let noGolden = try runInfowin(["check", "specs"] + fontOptions, in: folder.url)
        #expect(noGolden.status == 2)
    }

    @Test func checkWritesAReportAndJUnitForFailures() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec("Before"), to: "specs/changed.json")
        try folder.write(smallSpec("Same", latitude: 0.001), to: "specs/same.json")
        let record = try runInfowin(["check", "specs", "--golden", "golden"] + fontOptions, in: folder.url)
        #expect(record.status == 1)
        try folder.write(smallSpec("Later"), to: "specs/changed.json")

        let result = try runInfowin(
            ["check", "specs", "--golden", "golden", "--report", "report", "--junit", "junit/results.xml"] + fontOptions,
            in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 1)
        let failure = try #require(line(result, startingWith: "FAILED: changed.json"), "stdout: \(result.stdoutText)")
        #expect(failure.contains(#"title line 1 changed from "Before" to "Later""#), "\(failure)")
        #expect(!result.stdoutText.contains("FAILED: same.json"))
        #expect(line(result, startingWith: "checked")?.contains("1 passed, 1 failed") == true, "\(result.stdoutText)")

        let html = String(decoding: try folder.bytes("report/index.html"), as: UTF8.self)
        #expect(html.contains("changed.json"))
        for image in ["changed.actual.png", "changed.expected.png", "changed.diff.png"] {
            #expect(folder.exists("report/" + image), "\(image) is missing from the report")
            #expect(html.contains("src=\"./\(image)\""), "index.html does not show \(image)")
            #expect(PNG.size(try folder.bytes("report/" + image)) != nil)
        }
        #expect(!folder.exists("report/same.actual.png"))

        let xml = try folder.bytes("junit/results.xml")
        #if canImport(FoundationXML) || canImport(Darwin)
        let document = try XMLDocument(data: Data(xml))
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue ?? "" } == ["changed.json", "same.json"])
        let failures = try document.nodes(forXPath: "//testcase/failure").compactMap { $0 as? XMLElement }
        #expect(failures.count == 1)
        let details = failures.first?.stringValue ?? ""
        #expect(details.contains("changed.actual.png"), "\(details)")
        #expect(details.contains("pixels differ"), "\(details)")
        #expect(document.rootElement()?.attribute(forName: "failures")?.stringValue == "1")
        #else
        #expect(XMLParser(data: Data(xml)).parse())
        #endif
    }

    @Test func checkOfAnInvalidSpecExitsOne() throws {
        let folder = try TemporaryFolder()
        try folder.write(#"{"version": 1}"#, to: "specs/broken.json")
        let result = try runInfowin(["check", "specs", "--golden", "golden", "--junit", "j.xml"] + fontOptions, in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("broken.json"), "stderr: \(result.stderr)")
        #expect(!folder.exists("golden/broken.png"))
        let xml = String(decoding: try folder.bytes("j.xml"), as: UTF8.self)
        #expect(xml.contains("<error"))
    }

    // MARK: help

    @Test(arguments: [
        ("batch", ["USAGE: infowin batch", "-o", "--jobs", "--shard", "auto", "CI_NODE_INDEX", "--hermetic-fonts"]),
        ("diff", ["USAGE: infowin diff", "--diff", "--threshold", "--max-diff-pixels", "--max-diff-ratio", "--include-aa"]),
        ("check", ["USAGE: infowin check", "--golden", "--record", "never", "missing", "failed", "all", "--report", "--junit",
                   "--max-diff-pixels", "--jobs", "--shard"]),
    ])
    func helpMentionsEveryOption(_ command: String, _ words: [String]) throws {
        let folder = try TemporaryFolder()
        let result = try runInfowin([command, "--help"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        for word in words {
            #expect(result.stdoutText.contains(word), "\(command) --help does not mention \(word)")
        }
    }

    @Test func topLevelHelpListsTheNewCommands() throws {
        let folder = try TemporaryFolder()
        let result = try runInfowin(["--help"], in: folder.url)
        #expect(result.status == 0)
        for command in ["batch", "diff", "check"] {
            #expect(result.stdoutText.contains(command), "--help does not list \(command)")
        }
    }
}
