#if canImport(Glibc)
import Glibc
#endif
import InfoWinKit

/// TEST ONLY: a way to crash on purpose, so that the tests can see what a crash costs. When the environment
/// variable `INFOWIN_TEST_CRASH_ON` holds a spec's file name (`bad.json`), the worker that starts that spec
/// raises SIGSEGV. Only the command line reads it; no spec can reach it.
enum TestCrash {
    private static let fileName = FileSystem.environment("INFOWIN_TEST_CRASH_ON")

    /// Raises SIGSEGV when `name` (a spec's path, maybe with a variant note) is the spec asked for.
    static func fireIfAsked(startingSpec name: String) {
        guard let fileName, !fileName.isEmpty else { return }
        let path = name.split(separator: " [", maxSplits: 1).first.map(String.init) ?? name
        if Path.lastComponent(of: path) == fileName { raise(SIGSEGV) }
    }
}
