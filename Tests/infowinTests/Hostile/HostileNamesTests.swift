import Foundation
import InfoWinTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing

// End-to-end checks of the third hostile trial (issue 20) on names: file names and texts in messages,
// HTML report links, output names that --scale makes, and pipes under names infowin makes. No test
// asserts a time.

@Suite("hostile input, round three: names in messages, reports and outputs")
struct HostileNamesTests {
    // MARK: - Messages

    @Test func aNewlineInASpecNameCannotForgeALogLine() throws {
        let folder = try TemporaryFolder()
        try folder.write("{ broken", to: "specs/bad\n::error file=x::forged\u{1B}[31m\u{202E}.json")
        let run = try runGuarded(["validate", "specs"], in: folder.url)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("error: ") || $0.hasPrefix("warning: ") }, "\(run.stderr)")
        #expect(!lines.contains { $0.hasPrefix("::") })
        #expect(run.stderr.contains(#"bad\n::error file=x::forged\u{1B}[31m\u{202E}.json"#), "\(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{202E}"))
    }

    @Test func aNewlineInAMarkerIdIsEscapedInTheSelectError() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "spec.json")
        let run = try runGuarded(["render", "spec.json", "-o", "out.png", "--select", "x\n::warning::forged"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains(#"x\n::warning::forged"#), "\(run.stderr)")
        #expect(!run.stderr.split(separator: "\n").contains { $0.hasPrefix("::") })
    }

    // MARK: - Reports

    @Test func aSpecNamedJavascriptBecomesARelativeLinkInTheReport() throws {
        let folder = try TemporaryFolder()
        let name = "javascript:alert(document.domain)"
        try folder.write(smallSpec(markers: [marker()], width: 120), to: "specs/\(name).json")
        try folder.write(smallSpec(markers: [marker()], width: 100), to: "golden-specs/\(name).json")
        #expect(try runGuarded(["check", "golden-specs", "--golden", "golden", "--record", "all"], in: folder.url).status == 0)
        let run = try runGuarded(["check", "specs", "--golden", "golden", "--report", "report"], in: folder.url)
        #expect(run.status == 1, "\(run.stdoutText) \(run.stderr)")
        let html = String(decoding: try folder.bytes("report/index.html"), as: UTF8.self)
        #expect(html.contains(#"src="./javascript%3Aalert%28document.domain%29.actual.png""#), "\(html)")
        #expect(!html.contains(#"="javascript:"#))
        #expect(folder.exists("report/\(name).actual.png"))
    }

    // MARK: - Names --scale makes

    /// Command lines whose outputs would share a name.
    static let collidingScaleNames: [[String]] = [
        ["render", "spec.json", "-o", "out.png", "--scale", "1,2", "--layout", "out@2x.png"],
        ["render", "spec.json", "-o", "out.png", "--scale", "2,1", "--layout", "./out@2x.png"],
        ["render", "spec.json", "-o", "out.png", "--scale", "2,2"],
        ["batch", "specs", "-o", "out", "--scale", "1,2"],
    ]

    @Test(arguments: collidingScaleNames)
    func scaleNamesThatCollideAreACommandLineError(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "spec.json")
        try folder.write(smallSpec(markers: [marker()]), to: "specs/a.json")
        try folder.write(smallSpec(markers: [marker()]), to: "specs/a@2x.json")
        let before = tree(folder.url)
        let run = try runGuarded(arguments, in: folder.url)
        #expect(run.status == 2, "\(run.stdoutText) \(run.stderr)")
        #expect(run.stderr.contains("would both be written to") || run.stderr.contains("given twice"), "\(run.stderr)")
        #expect(tree(folder.url) == before, "nothing is written")
    }

    @Test func scaleNamesOfANameWithAtTwoXAreFine() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "spec.json")
        let run = try runGuarded(["render", "spec.json", "-o", "out@2x.png", "--scale", "1,2"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let one = try folder.bytes("out@2x.png"), two = try folder.bytes("out@2x@2x.png")
        #expect(isWholePNG(one) && isWholePNG(two))
    }

    // MARK: - Pipes under names infowin makes

    @Test(arguments: ["out@2x.png", "out.json"])
    func aPipeUnderANameScaleMakesIsRefusedNotOpened(_ pipe: String) throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "spec.json")
        try folder.write("id\nde\n", to: "rows.csv")
        let arguments = pipe == "out.json"
            ? ["render", "spec.json", "-o", "out.png", "--data", "rows.csv", "--layout", "out.json"]
            : ["render", "spec.json", "-o", "out.png", "--scale", "1,2"]
        let named = pipe == "out.json" ? "out.de.json" : pipe
        #expect(mkfifo(folder.path(named), 0o644) == 0)
        let run = try runGuarded(arguments, in: folder.url)
        #expect(!run.hung)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("\(named): cannot write: it is a pipe"), "\(run.stderr)")
        #expect(isFIFO(folder.path(named)))
        #expect(!folder.exists("out.png") && !folder.exists("out.de.png"), "all outputs or none")
    }

    @Test func aPipeInTheReportFolderIsRefusedNotOpened() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()], width: 120), to: "specs/a.json")
        try folder.write(smallSpec(markers: [marker()], width: 100), to: "golden-specs/a.json")
        #expect(try runGuarded(["check", "golden-specs", "--golden", "golden", "--record", "all"], in: folder.url).status == 0)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("report"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.path("report/a.actual.png"), 0o644) == 0 && mkfifo(folder.path("report/index.html"), 0o644) == 0)
        let run = try runGuarded(["check", "specs", "--golden", "golden", "--report", "report"], in: folder.url)
        #expect(!run.hung)
        #expect(run.status == 1)
        #expect(run.stderr.contains("report/a.actual.png: cannot write: it is a pipe"), "\(run.stderr)")
        #expect(run.stderr.contains("report/index.html: cannot write: it is a pipe"), "\(run.stderr)")
        #expect(isFIFO(folder.path("report/a.actual.png")) && isFIFO(folder.path("report/index.html")))
    }

    @Test func aPipeTypedOnTheCommandLineIsStillWrittenInto() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "spec.json")
        #expect(mkfifo(folder.path("fifo.png"), 0o644) == 0)
        let reader = open(folder.path("fifo.png"), O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        let run = try runGuarded(["render", "spec.json", "-o", "fifo.png", "--format", "png"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        var bytes = [UInt8](repeating: 0, count: 8)
        #expect(read(reader, &bytes, 8) == 8 && bytes[1] == 0x50, "the PNG went into the pipe")
    }
}
