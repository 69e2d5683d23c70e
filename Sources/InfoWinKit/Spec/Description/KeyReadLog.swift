import Foundation

/// What the decoder read of each object, for the test that no key a spec holds is silently ignored: every
/// key present at a path must be read there (a key declared but never decoded shows as present, unread).
/// Recording happens only while a log is set for the task (`KeyReadLog.$current.withValue`).
final class KeyReadLog: @unchecked Sendable {
    @TaskLocal static var current: KeyReadLog?

    private let lock = NSLock()
    private var present: [String: Set<String>] = [:]
    private var read: [String: Set<String>] = [:]

    init() {}

    func noteObject(_ keys: [String], at path: JSONPath) {
        lock.withLock { present[path.description, default: []].formUnion(keys) }
    }

    func noteRead(_ key: String, at path: JSONPath) {
        lock.withLock { _ = read[path.description, default: []].insert(key) }
    }

    /// Every key that was present but never read, as "path: key", sorted.
    var unread: [String] {
        lock.withLock {
            present.flatMap { path, keys in keys.subtracting(read[path] ?? []).map { "\(path): \($0)" } }.sorted()
        }
    }
}
