import Foundation
import Testing
@testable import InfoWinKit

@Suite("the input hash: a file's hash (the binary's, a font's) is kept until the file changes")
struct FileHashCacheTests {
    private let work = NSTemporaryDirectory() + "/binary-hash-\(UUID().uuidString)"

    /// The hash found for `path` through a cache in the work folder, and whether it was computed; `now` is
    /// a minute later by default (a file just written is not kept: see `justChangedIsNotKept`).
    private func found(_ path: String, now: Double = FileHashCache.currentTime() + 60) -> (hash: String?, computed: Bool) {
        var computed = false
        let hash = FileHashCache.hash(of: path, keptIn: work + "/cache", now: now) {
            computed = true
            return ContentHash.ofFile(path)
        }
        return (hash, computed)
    }

    /// A new file of `bytes` sevens named `name` in the work folder (made if need be); its path.
    private func workFile(_ name: String, bytes: Int) throws -> String {
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let path = work + "/" + name
        try Data(repeating: 7, count: bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("kept for the same file; hashed again once it is changed, copied or replaced, or its entry is damaged or a link")
    func keptUntilChanged() throws {
        defer { try? FileManager.default.removeItem(atPath: work) }
        let binary = try workFile("infowin", bytes: 100_000)
        let first = found(binary)
        #expect(first.computed && first.hash == ContentHash.ofFile(binary))
        #expect(found(binary) == (first.hash, false), "kept")

        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: binary))
        try handle.seek(toOffset: 500)
        try handle.write(contentsOf: Data([8]))
        try handle.close()
        let patched = found(binary)
        #expect(patched.computed && patched.hash != first.hash, "a patched byte is hashed again")

        try FileManager.default.copyItem(atPath: binary, toPath: work + "/copy")
        #expect(found(work + "/copy").computed, "a copy is another file")

        let entries = try FileManager.default.contentsOfDirectory(atPath: work + "/cache")
        for entry in entries { try "garbage".write(toFile: work + "/cache/" + entry, atomically: false, encoding: .utf8) }
        #expect(found(binary).computed, "a damaged entry is not believed")
        for entry in try FileManager.default.contentsOfDirectory(atPath: work + "/cache") {
            try FileManager.default.removeItem(atPath: work + "/cache/" + entry)
            try FileManager.default.createSymbolicLink(atPath: work + "/cache/" + entry, withDestinationPath: "/etc/passwd")
        }
        #expect(found(binary).computed, "a link in its place is not followed")
    }

    @Test("a file changed within the last two seconds is hashed again (times may be too coarse to tell a change)")
    func justChangedIsNotKept() throws {
        defer { try? FileManager.default.removeItem(atPath: work) }
        let font = try workFile("font.otf", bytes: 1000)
        let now = FileHashCache.currentTime()
        #expect(found(font, now: now).computed)
        #expect(found(font, now: now).computed, "not kept: changed just now")
        #expect(found(font, now: now + 60).computed)
        #expect(!found(font, now: now + 60).computed, "kept once it has settled")
    }

    @Test("a folder that cannot be made costs only the hashing")
    func unwritable() throws {
        let binary = "/proc/self/exe"
        var computed = 0
        for _ in 0..<2 {
            _ = FileHashCache.hash(of: binary, keptIn: "/proc/cannot-be-made") {
                computed += 1
                return "0123456789abcdef0123456789abcdef"
            }
        }
        #expect(computed == 2)
    }
}
