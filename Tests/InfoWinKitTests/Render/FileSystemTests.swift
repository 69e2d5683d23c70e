import Foundation
import InfoWinKit
import Testing

/// Reads confined to a folder, folders entered without following links, and temporary-file names.
@Suite("file system: confined reads and managed folders")
struct FileSystemTests {
    private func makeFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("infowin-fs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("base"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: url.appendingPathComponent("outside"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: url.appendingPathComponent("outside/icon.png"))
        try Data("inside".utf8).write(to: url.appendingPathComponent("base/icon.png"))
        return url
    }

    @Test func aConfinedReadJudgesTheFileItOpenedNotThePathItWasGiven() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = FileSystem.realPath(root.appendingPathComponent("base").path)!
        #expect(try FileSystem.read(base + "/icon.png", limit: 100, confinedTo: [base]) == Array("inside".utf8))
        // What a race leaves: a folder on the checked path swapped for a link that leads out.
        try FileManager.default.createSymbolicLink(atPath: base + "/sub", withDestinationPath: "../outside")
        #expect(try FileSystem.read(base + "/sub/icon.png", limit: 100, confinedTo: [base]) == nil)
        // And the file itself swapped for a link: not followed at all.
        try FileManager.default.createSymbolicLink(atPath: base + "/link.png", withDestinationPath: "icon.png")
        #expect(throws: FileSystemError.self) { try FileSystem.read(base + "/link.png", limit: 100, confinedTo: [base]) }
    }

    @Test func aManagedFolderRefusesALinkedSubFolderByName() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("base/sub").path, withDestinationPath: "../outside")
        let folder = try FolderHandle.open(root.appendingPathComponent("base").path, creating: false)
        #expect(throws: FileSystemError.self) { try folder.subfolder("sub/deeper", creating: true) }
        #expect(try folder.subfolder("missing", creating: false) == nil)
        #expect(try folder.subfolder("made/deeper", creating: true) != nil)
        #expect(folder.kind(of: "sub") == .symbolicLink)
        #expect(folder.kind(of: "made") == .folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("outside").path) == ["icon.png"])
    }

    @Test func outputsIntoAManagedFolderNeverReplaceALink() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = root.appendingPathComponent("base").path
        try FileManager.default.createSymbolicLink(atPath: base + "/out.png", withDestinationPath: "../outside/icon.png")
        #expect(throws: InfoWinError.self) {
            try OutputWriter.write([
                OutputFile(inside: base, at: "fine.png", bytes: [1]), OutputFile(inside: base, at: "out.png", bytes: [2]),
            ])
        }
        #expect(try Data(contentsOf: root.appendingPathComponent("outside/icon.png")) == Data("secret".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: base).sorted() == ["icon.png", "out.png"])
    }
}
