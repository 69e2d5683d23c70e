import Foundation
import Testing
@testable import InfoWinKit

@Suite("the input hash: the binary's hash is kept until the file changes")
struct BinaryHashCacheTests {
    private let work = NSTemporaryDirectory() + "/binary-hash-\(UUID().uuidString)"

    /// The hash found for `path` through a cache in the work folder, and whether it was computed.
    private func found(_ path: String) -> (hash: String?, computed: Bool) {
        var computed = false
        let hash = BinaryHashCache.hash(of: path, keptIn: work + "/cache") {
            computed = true
            return ContentHash.ofFile(path)
        }
        return (hash, computed)
    }

    @Test("kept for the same file; hashed again once it is changed, copied or replaced, or its entry is damaged or a link")
    func keptUntilChanged() throws {
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let binary = work + "/infowin"
        try Data(repeating: 7, count: 100_000).write(to: URL(fileURLWithPath: binary))
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

    @Test("a folder that cannot be made costs only the hashing")
    func unwritable() throws {
        let binary = "/proc/self/exe"
        var computed = 0
        for _ in 0..<2 {
            _ = BinaryHashCache.hash(of: binary, keptIn: "/proc/cannot-be-made") {
                computed += 1
                return "0123456789abcdef0123456789abcdef"
            }
        }
        #expect(computed == 2)
    }
}
