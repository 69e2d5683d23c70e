import Foundation
import InfoWinTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing

// End-to-end checks of the second hostile-input hunt (issue 16): unreadable inputs to `diff`, outputs that
// are all or none under failing devices, write errors, links and FIFOs in golden and output folders, and
// messages that name the file. No test asserts a time.

@Suite("hostile input, round two: diff, outputs, folders, messages")
struct HostileOutputTests {
    // MARK: - diff

    /// Files that are not readable PNG images: (name, bytes).
    static let unreadableImages: [(String, [UInt8])] = [
        ("empty", []),
        ("text", Array("not a png at all\n".utf8)),
        ("truncated", Array(PNG.solid(width: 8, height: 8).prefix(60))),
        ("bad CRC", hostilePNG(breakCRC: true)),
        ("absurd header", hostilePNG(claiming: (0x7FFF_FFFF, 1))),
        ("zero header", hostilePNG(claiming: (0, 0))),
    ]

    @Test(arguments: unreadableImages.indices)
    func diffOfTwoCopiesOfAnUnreadableFileExitsTwo(_ index: Int) throws {
        let (name, bytes) = Self.unreadableImages[index]
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "a.png")
        try folder.write(bytes, to: "b.png")
        let run = try runGuarded(["diff", "a.png", "b.png"], in: folder.url)
        #expect(run.status == 2, "\(name): \(run.status) \(run.stdoutText) \(run.stderr)")
        #expect(run.stderr.contains("a.png"), "\(name): \(run.stderr)")
        #expect(!run.stdoutText.contains("equal"), "\(name): \(run.stdoutText)")
    }

    @Test func diffOfTwoCopiesOfAReadableFileIsStillEqual() throws {
        let folder = try TemporaryFolder()
        try folder.write(PNG.solid(width: 3, height: 3), to: "a.png")
        try folder.write(PNG.solid(width: 3, height: 3), to: "b.png")
        let run = try runGuarded(["diff", "a.png", "b.png"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.hasPrefix("equal"))
    }

    @Test(arguments: ["a.png", "b.png", "./a.png", "link.png"])
    func diffImageNamingAnInputIsACommandLineError(_ target: String) throws {
        let folder = try TemporaryFolder()
        let a = PNG.solid(width: 3, height: 3)
        let b = PNG.solid(width: 3, height: 3, rgba: [0, 0, 0, 255])
        try folder.write(a, to: "a.png")
        try folder.write(b, to: "b.png")
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.png"), withDestinationPath: "a.png")
        let run = try runGuarded(["diff", "a.png", "b.png", "--diff", target], in: folder.url)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(target), "\(run.stderr)")
        #expect(try folder.bytes("a.png") == a)
        #expect(try folder.bytes("b.png") == b)
    }

    // MARK: - All or none, and write errors

    @Test func aLayoutReportThatCannotBeWrittenLeavesNoImage() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "spec.json")
        let run = try runGuarded(["render", "spec.json", "-o", "img.png", "--layout", "/dev/full"], in: folder.url)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("/dev/full"), "\(run.stderr)")
        #expect(try folder.entries() == ["spec.json"])
    }

    @Test func anImageThatCannotBeWrittenLeavesNoLayoutReport() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "spec.json")
        let run = try runGuarded(["render", "spec.json", "-o", "/dev/full", "--layout", "rep.json"], in: folder.url)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(try folder.entries() == ["spec.json"])
    }

    @Test func aClosedStandardOutputLeavesNoLayoutReport() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "spec.json")
        let run = try runAfterShellSetup("exec >&-", ["render", "spec.json", "-o", "-", "--layout", "rep.json"], in: folder.url)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("<stdout>"), "\(run.stderr)")
        #expect(try folder.entries() == ["spec.json"])
    }

    /// Commands whose results go to standard output, as arguments after the spec.
    static let printingCommands: [[String]] = [["hit", "spec.json", "--at", "100,75"], ["play", "spec.json", "-o", "frames"], ["check", "spec.json", "--golden", "golden", "--record", "all"]]

    @Test(arguments: printingCommands, ["exec >/dev/full", "exec >&-"])
    func resultsThatCannotBeWrittenAreAnError(_ arguments: [String], _ setup: String) throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()], extra: #", "events": [{"select": null}]"#), to: "spec.json")
        let run = try runAfterShellSetup(setup, arguments, in: folder.url)
        #expect(run.status == 1, "\(arguments[0]) \(setup): \(run.stderr)")
        #expect(run.stderr.contains("<stdout>: cannot write"), "\(arguments[0]) \(setup): \(run.stderr)")
    }

    @Test func aJUnitFileThatCannotBeWrittenTakesTheReportBack() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker("m", #", "title": "New""#)]), to: "specs/a.json")
        try folder.write(smallSpec(markers: [marker("m", #", "title": "Old""#)]), to: "old/a.json")
        #expect(try runGuarded(["check", "old", "--golden", "golden", "--record", "all"], in: folder.url).status == 0)
        let run = try runGuarded(["check", "specs", "--golden", "golden", "--report", "report", "--junit", "/dev/full"], in: folder.url)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("/dev/full"), "\(run.stderr)")
        #expect(tree(folder.url.appendingPathComponent("report")).filter { !$0.hasPrefix(".") && $0.contains(".") }.isEmpty,
                "\(tree(folder.url.appendingPathComponent("report")))")
    }

    static let emptyPaths: [[String]] = [
        ["render", "spec.json", "-o", ""], ["render", "spec.json", "-o", "x.png", "--layout", ""],
        ["batch", "spec.json", "-o", ""], ["play", "spec.json", "-o", ""], ["check", "spec.json", "--golden", ""],
        ["diff", "a.png", "b.png", "--diff", ""],
    ]

    @Test(arguments: emptyPaths)
    func anEmptyOutputPathIsACommandLineError(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "spec.json")
        let run = try runGuarded(arguments, in: folder.url)
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains("empty"), "\(run.stderr)")
    }

    @Test func temporaryFilesOfAProcessThatIsGoneAreRemovedByTheNextRun() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "specs/a.json")
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let stale = ".a.png.infowin-tmp-\(gone.processIdentifier)-1"
        let live = ".a.png.infowin-tmp-\(getpid())-1"
        try folder.write([1, 2, 3], to: "out/" + stale)
        try folder.write([1, 2, 3], to: "out/" + live)
        let run = try runGuarded(["batch", "specs", "-o", "out"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.entries("out") == [live, "a.layout.json", "a.png"])
    }

    @Test func aGoldenReportFromAnotherRecordingIsReported() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker("m", #", "title": "One""#)]), to: "one/a.json")
        try folder.write(smallSpec(markers: [marker("m", #", "title": "Two""#)]), to: "two/a.json")
        #expect(try runGuarded(["check", "one", "--golden", "g1", "--record", "all"], in: folder.url).status == 0)
        #expect(try runGuarded(["check", "two", "--golden", "g2", "--record", "all"], in: folder.url).status == 0)
        // A kill between the two renames leaves the new image with the old report.
        try folder.write(try folder.bytes("g2/a.layout.json"), to: "g1/a.layout.json")
        let run = try runGuarded(["check", "one", "--golden", "g1"], in: folder.url)
        #expect(run.status == 1, "\(run.stdoutText)")
        #expect(run.stdoutText.contains("g1/a.layout.json was not recorded with g1/a.png"), "\(run.stdoutText)")
        let repaired = try runGuarded(["check", "one", "--golden", "g1", "--record", "failed"], in: folder.url)
        #expect(repaired.stdoutText.contains("re-recorded"), "\(repaired.stdoutText)")
        #expect(try runGuarded(["check", "one", "--golden", "g1"], in: folder.url).status == 0)
    }

    // MARK: - Links, pipes and devices in golden and output folders

    @Test(arguments: ["missing", "all"])
    func aGoldenLinkedToAFIFODoesNotHangCheck(_ record: String) throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "specs/a.json")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("golden"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.path("fifo"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.path("golden/a.png"), withDestinationPath: "../fifo")
        let run = try runGuarded(["check", "specs", "--golden", "golden", "--record", record], in: folder.url)
        #expect(!run.hung)
        #expect(run.status == 1)
        #expect(run.stderr.contains("golden/a.png") && run.stderr.contains("symbolic link"), "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("golden/a.png")) == "../fifo")
    }

    @Test(arguments: [true, false])
    func batchNeverWritesIntoAPipeInItsOutputFolder(linked: Bool) throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "specs/a.json")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        let pipe = linked ? "fifo" : "out/a.png"
        #expect(mkfifo(folder.path(pipe), 0o644) == 0)
        let reader = open(folder.path(pipe), O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        if linked {
            try FileManager.default.createSymbolicLink(atPath: folder.path("out/a.png"), withDestinationPath: "../fifo")
        }
        let run = try runGuarded(["batch", "specs", "-o", "out"], in: folder.url)
        #expect(!run.hung)
        #expect(run.status == 1)
        #expect(run.stderr.contains("out/a.png"), "\(run.stderr)")
        var byte: UInt8 = 0
        #expect(read(reader, &byte, 1) <= 0, "the PNG went into the pipe")
        #expect(!folder.exists("out/a.layout.json"))
    }

    @Test func aGoldenLinkedToADeviceIsRefusedAndKept() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "specs/a.json")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("golden"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("golden/a.png"), withDestinationPath: "/dev/null")
        let run = try runGuarded(["check", "specs", "--golden", "golden", "--record", "all"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("golden/a.png"), "\(run.stderr)")
        #expect(!run.stdoutText.contains("recorded:"), "\(run.stdoutText)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("golden/a.png")) == "/dev/null")
    }

    /// (command, the folder option, the linked sub-folder as the message names it)
    static let linkedSubFolders: [[String]] = [
        ["check", "--record", "all", "--golden", "golden", "golden/sub"],
        ["batch", "-o", "golden", "golden/sub"],
    ]

    @Test(arguments: linkedSubFolders)
    func aSubFolderThatLinksOutIsRefusedByName(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "specs/sub/a.json")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("golden"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("golden/sub"), withDestinationPath: "../elsewhere")
        let run = try runGuarded([arguments[0], "specs"] + arguments.dropFirst().dropLast(), in: folder.url)
        #expect(run.status == 1, "\(run.stdoutText) \(run.stderr)")
        #expect(run.stderr.contains(arguments.last!) && run.stderr.contains("link"), "\(run.stderr)")
        #expect(try folder.entries("elsewhere").isEmpty)
    }

    // MARK: - Messages

    @Test func aGoldenThatIsAFolderIsNamedAsSuch() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "specs/a.json")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("golden/a.png"), withIntermediateDirectories: true)
        let run = try runGuarded(["check", "specs", "--golden", "golden"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("golden/a.png: is a folder"), "\(run.stderr)")
        #expect(!run.stdoutText.contains("record it"), "\(run.stdoutText)")
    }

    @Test func recordFailedRepairsATruncatedGolden() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "specs/a.json")
        #expect(try runGuarded(["check", "specs", "--golden", "golden", "--record", "all"], in: folder.url).status == 0)
        try folder.write(Array(try folder.bytes("golden/a.png").prefix(100)), to: "golden/a.png")
        let plain = try runGuarded(["check", "specs", "--golden", "golden"], in: folder.url)
        #expect(plain.status == 1)
        #expect(plain.stdoutText.contains("not a readable PNG") && plain.stdoutText.contains("--record failed"), "\(plain.stdoutText) \(plain.stderr)")
        let repair = try runGuarded(["check", "specs", "--golden", "golden", "--record", "failed"], in: folder.url)
        #expect(repair.stdoutText.contains("re-recorded"), "\(repair.stdoutText) \(repair.stderr)")
        #expect(try runGuarded(["check", "specs", "--golden", "golden"], in: folder.url).status == 0)
    }

    @Test func aBrokenGoldenLayoutReportIsReported() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "specs/a.json")
        #expect(try runGuarded(["check", "specs", "--golden", "golden", "--record", "all"], in: folder.url).status == 0)
        try folder.write("{ broken", to: "golden/a.layout.json")
        let run = try runGuarded(["check", "specs", "--golden", "golden"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdoutText.contains("golden/a.layout.json"), "\(run.stdoutText)")
    }

    @Test func aFIFONamedToBatchIsNamedAsAPipe() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path("pipe.json"), 0o644) == 0)
        let run = try runGuarded(["batch", "pipe.json", "-o", "out"], in: folder.url)
        #expect(!run.hung)
        #expect(run.status == 1)
        #expect(run.stderr.contains("pipe.json: is a pipe"), "\(run.stderr)")
    }

    @Test func aFileNameThatIsNotUTF8IsSaidOnce() throws {
        let folder = try TemporaryFolder()
        let run = try runAfterShellSetup(#"set -- render "$(printf 'bad\377.json')" -o out.png"#, [], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.components(separatedBy: "error:").count == 2, "\(run.stderr)")
        #expect(run.stderr.contains("not valid UTF-8"), "\(run.stderr)")
    }

    @Test func aWindowTallerThanCairoCanDrawIsDrawnCutToTheCanvas() throws {
        // 100,000 points tall: its shadow's mask once was too, past what Cairo can make ("cannot draw the info
        // window"); the mask is now made only where it reaches the canvas, so the window is drawn, cut.
        let folder = try TemporaryFolder()
        let spacers = Array(repeating: #"{"spacer": 1}"#, count: 100_000).joined(separator: ",")
        try folder.write(smallSpec(markers: [marker("m", #", "infoWindow": {"contents": {"vstack": [\#(spacers)]}}"#)]), to: "spec.json")
        let run = try runGuarded(["render", "spec.json", "-o", "out.png"], in: folder.url)
        #expect(!run.hung && !run.signalled)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("the info window is cut by the top edge of the canvas"), "\(run.stderr)")
        #expect(folder.exists("out.png"))
    }

    // MARK: - Memory

    @Test(.disabled(if: underAddressSanitizer, "ulimit -v leaves AddressSanitizer no room"))
    func aRenderThatCannotGetItsMemoryFailsWithTheSize() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()], width: 4096, height: 4096, scale: 2), to: "spec.json")
        let run = try runAfterShellSetup("ulimit -v 700000", ["render", "spec.json", "-o", "out.png"], in: folder.url)
        #expect(!run.signalled, "\(run.stderr.prefix(500))")
        #expect(run.status == 1)
        #expect(run.stderr.contains("spec.json: not enough memory for a 8192 × 8192 image ("), "\(run.stderr)")
        #expect(try folder.entries() == ["spec.json"])
    }

    @Test(.disabled(if: underAddressSanitizer, "ulimit -v leaves AddressSanitizer no room"), arguments: [700_000, 1_500_000])
    func aBatchUnderAMemoryLimitFailsOnlyTheSpecsThatCannotFitAndGoesOn(_ kilobytes: Int) throws {
        let folder = try TemporaryFolder()
        for name in ["big1", "big2"] {
            try folder.write(smallSpec(markers: [marker()], width: 4096, height: 4096, scale: 2), to: "specs/\(name).json")
        }
        try folder.write(smallSpec(markers: [marker()]), to: "specs/small.json")
        let run = try runAfterShellSetup("ulimit -v \(kilobytes)", ["batch", "specs", "-o", "out", "--jobs", "3"], in: folder.url)
        #expect(!run.signalled, "\(run.stderr.prefix(500))")
        #expect(folder.exists("out/small.png"))
        let images = try folder.entries("out").filter { $0.hasSuffix(".png") }
        let refused = run.stderr.components(separatedBy: "not enough memory for a 8192 × 8192 image").count - 1
        #expect(images.count + refused == 3, "\(images) \(run.stderr)")
        #expect(run.status == (refused == 0 ? 0 : 1))
        if kilobytes < 1_000_000 { #expect(refused == 2) }
    }

    // MARK: - Work in proportion (counted, never timed: a test never asserts a wall-clock time)

    @Test func playReusesTheMarkersWhileOnlyTheWindowChanges() throws {
        // 6,000 icon views and 16 events that only open and close a window: laid out once, 6,000 layouts.
        // Laid out again for every frame they would be 102,000, past the scenario's limit of 100,000.
        let markers = (0..<6_000).map { index in
            #"{"id": "m\#(index)", "position": {"latitude": 0, "longitude": \#(Double(index % 100 - 50) * 0.0003)}, "iconView": {"spacer": 1}}"#
        } + [marker("w", #", "title": "Hello""#)]
        let events = Array(repeating: #"{"select": "w"}, {"select": null}"#, count: 8).joined(separator: ", ")
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: markers, selected: nil, extra: #", "events": [\#(events)]"#), to: "spec.json")
        let run = try runGuarded(["play", "spec.json", "-o", "frames"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr.prefix(500))")
        #expect(try folder.entries("frames").filter { $0.hasSuffix(".png") }.count == 17)
    }

    @Test func aScenarioThatLaysOutTooManyIconViewsStopsWithItsEvent() throws {
        let markers = (0..<10_000).map { index in
            #"{"id": "m\#(index)", "position": {"latitude": 0, "longitude": \#(Double(index % 100 - 50) * 0.0003)}, "title": "T", "iconView": {"spacer": 1}}"#
        }
        // Each tap centres the camera on another marker: every icon view is laid out again.
        let events = Array(repeating: #"{"tapMarker": "m0"}, {"tapMarker": "m1"}"#, count: 10).joined(separator: ", ")
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: markers, selected: nil, extra: #", "events": [\#(events)]"#), to: "spec.json")
        let run = try runGuarded(["play", "spec.json", "-o", "frames"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("spec.json: events[9]: the scenario has laid out 110,000 icon views"), "\(run.stderr)")
        #expect(!folder.exists("frames"))
    }

    // MARK: - Asset reads

    @Test func anIconSwappedForALinkOutDuringRendersIsNeverDrawn() throws {
        let folder = try TemporaryFolder()
        try folder.write(PNG.solid(width: 4, height: 4), to: "spec/real/icon.png")
        try folder.write(PNG.solid(width: 8, height: 8, rgba: [255, 0, 0, 255]), to: "outside/icon.png")
        try folder.write(smallSpec(markers: [marker("m", #", "icon": "icons/icon.png""#)], selected: nil), to: "spec/spec.json")
        let icons = folder.path("spec/icons")
        let stop = Atomic(false)
        let swapper = Thread {
            var toOutside = false
            while !stop.value {
                unlink(icons)
                symlink(toOutside ? "../outside" : "real", icons)
                toOutside.toggle()
                usleep(200)
            }
        }
        swapper.start()
        defer { stop.value = true }
        for _ in 0..<30 {
            let run = try runGuarded(["render", "spec.json", "-o", "out.png", "--layout", "out.json"], in: folder.url.appendingPathComponent("spec"))
            guard run.status == 0 else {
                #expect(run.status == 1, "\(run.stderr)")
                continue
            }
            let report = try folder.layout("spec/out.json")
            let icon = Layout.rect(((report["markers"] as? [[String: Any]])?.first)?["icon"])
            #expect(icon?.width == 4, "the icon outside the spec's folder was drawn: \(String(describing: icon))")
        }
    }
}

/// A flag two threads share in a test.
private final class Atomic<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
