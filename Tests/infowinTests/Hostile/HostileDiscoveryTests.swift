import Foundation
import InfoWinTestSupport
import Testing

// End-to-end checks of the third hostile trial (issue 20) on spec discovery: it never leaves the folders
// given (a spec folder with links to /etc and /usr read 1,723 files there). No test asserts a time.

@Suite("hostile input, round three: spec discovery stays inside the folders given")
struct HostileDiscoveryTests {
    /// A folder `specs` with a spec, a link to a folder elsewhere holding a spec, a link to a spec
    /// outside, and a link to the spec beside it.
    static func linkedFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "specs/a.json")
        try folder.write(smallSpec(markers: [marker()]), to: "elsewhere/far.json")
        try folder.write(smallSpec(markers: [marker()]), to: "outside.json")
        let links = FileManager.default
        try links.createSymbolicLink(atPath: folder.path("specs/linked"), withDestinationPath: "../elsewhere")
        try links.createSymbolicLink(atPath: folder.path("specs/etc"), withDestinationPath: "/etc")
        try links.createSymbolicLink(atPath: folder.path("specs/out.json"), withDestinationPath: "../outside.json")
        try links.createSymbolicLink(atPath: folder.path("specs/passwd.json"), withDestinationPath: "/etc/passwd")
        try links.createSymbolicLink(atPath: folder.path("specs/in.json"), withDestinationPath: "a.json")
        return folder
    }

    @Test func validateEntersNoLinkedFolderAndRefusesLinksOutByName() throws {
        let folder = try Self.linkedFolder()
        let run = try runGuarded(["validate", "specs"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdoutText.contains("checked 4 specs: 2 valid, 2 invalid"), "\(run.stdoutText) \(run.stderr)")
        #expect(run.stderr.contains("specs/out.json") && run.stderr.contains("leads outside the folder"), "\(run.stderr)")
        #expect(run.stderr.contains("specs/passwd.json") && !run.stderr.contains("root:"), "\(run.stderr)")
        #expect(!run.stderr.contains("far.json") && !run.stderr.contains("specs/etc/"), "\(run.stderr)")
    }

    @Test func batchRendersTheLinkInsideAndNothingFromOutside() throws {
        let folder = try Self.linkedFolder()
        let run = try runGuarded(["batch", "specs", "-o", "out"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("specs/out.json") && run.stderr.contains("leads outside the folder"), "\(run.stderr)")
        #expect(try folder.entries("out").sorted() == ["a.layout.json", "a.png", "in.layout.json", "in.png"])
    }
}
