import Foundation
import Testing
@testable import InfoWinKit

@Suite("the input hash: files hashed a megabyte at a time as they are in memory")
struct ContentHashTests {
    @Test("a file's hash is its bytes' hash, whatever its length against the megabyte it is read by",
          arguments: [1, 31, 32, 33, 1 << 20, (1 << 20) + 5, 3 << 20 - 1])
    func fileEqualsBytes(length: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = NSTemporaryDirectory() + "/content-hash-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let expected = bytes.withUnsafeBytes(ContentHash.hash)
        #expect(ContentHash.ofFile(path) == expected)
        var changed = bytes
        changed[length / 2] ^= 1
        #expect(changed.withUnsafeBytes(ContentHash.hash) != expected, "one bit changed changes it")
    }

    @Test("a folder and a missing file have none")
    func unreadable() {
        #expect(ContentHash.ofFile("/nonexistent/file") == nil)
        #expect(ContentHash.ofFile(NSTemporaryDirectory()) == nil)
    }
}
