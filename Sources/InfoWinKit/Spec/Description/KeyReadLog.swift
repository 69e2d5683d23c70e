/// What the decoder read of each object, for the test that no key a spec holds is silently ignored: every
/// key present at a path must be read there (a key declared but never decoded shows as present, unread);
/// and for the test that the decoder reads no key its object does not declare (also an assert, but the
/// tests run an optimised build too, which has none).
/// Recording happens only while a log is set for the task (`KeyReadLog.$current.withValue`).
final class KeyReadLog: Sendable {
    @TaskLocal static var current: KeyReadLog?

    private struct Keys {
        var present: [String: Set<String>] = [:]
        var read: [String: Set<String>] = [:]
        var undeclared: Set<String> = []
    }

    private let keys = Locked(Keys())

    init() {}

    func noteObject(_ keys: [String], at path: JSONPath) {
        self.keys.withLock { $0.present[path.description, default: []].formUnion(keys) }
    }

    func noteRead(_ key: String, at path: JSONPath, declared: Bool = true) {
        keys.withLock {
            _ = $0.read[path.description, default: []].insert(key)
            if !declared { $0.undeclared.insert("\(path): \(key)") }
        }
    }

    /// Every key the decoder read where its object does not declare it, as "path: key", sorted.
    var undeclared: [String] { keys.withLock { $0.undeclared.sorted() } }

    /// Every key that was present but never read, as "path: key", sorted.
    var unread: [String] {
        keys.withLock { keys in
            keys.present.flatMap { path, present in present.subtracting(keys.read[path] ?? []).map { "\(path): \($0)" } }.sorted()
        }
    }
}
