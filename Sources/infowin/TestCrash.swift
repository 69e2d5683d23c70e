#if canImport(Glibc)
import Glibc
#endif
import InfoWinKit

/// TEST ONLY: a way to crash on purpose, so that the tests can see what a crash costs. When the environment
/// variable `INFOWIN_TEST_CRASH_ON` holds a spec's file name (`bad.json`), the worker that starts that spec
/// crashes: by raising SIGSEGV, or as `INFOWIN_TEST_CRASH_WITH` says, `trap` (a Swift runtime trap) or
/// `overflow` (a stack overflow). Only the command line reads them; no spec can reach them.
enum TestCrash {
    private static let fileName = FileSystem.environment("INFOWIN_TEST_CRASH_ON")
    private static let kind = FileSystem.environment("INFOWIN_TEST_CRASH_WITH")

    /// Crashes when `name` (a spec's path, maybe with a variant note) is the spec asked for.
    static func fireIfAsked(startingSpec name: String) {
        guard let fileName, !fileName.isEmpty else { return }
        let path = name.split(separator: " [", maxSplits: 1).first.map(String.init) ?? name
        guard Path.lastComponent(of: path) == fileName else { return }
        switch kind {
        case "trap": fatalError("INFOWIN_TEST_CRASH_ON=\(fileName)")
        case "overflow": _ = recurse(0)
        default: raise(SIGSEGV)
        }
    }

    /// Never returns: each call holds 4 KiB of stack until there is none.
    @inline(never)
    private static func recurse(_ depth: Int) -> Int {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { frame in
            frame[depth % 4096] = UInt8(truncatingIfNeeded: depth)
            return recurse(depth + 1) + Int(frame[depth % 4096])
        }
    }
}
