import Foundation
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
}
