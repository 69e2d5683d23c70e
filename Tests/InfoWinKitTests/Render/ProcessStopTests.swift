#if canImport(Glibc)
import Glibc
#endif
import InfoWinKit
import Testing

/// The library leaves signals to the process that hosts it: a test process or an app that never installs
/// a stop policy keeps its signal mask while infowin writes files, and is never told to stop.
@Suite("process stop: the library leaves signals alone")
struct ProcessStopTests {
    /// Whether SIGINT and SIGTERM are blocked on this thread now.
    private func blockedStopSignals() -> [Bool] {
        var current = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &current)
        return [sigismember(&current, SIGINT) == 1, sigismember(&current, SIGTERM) == 1]
    }

    @Test func withoutAPolicyWritingChangesNoSignalMask() {
        let outside = blockedStopSignals()
        #expect(ProcessStop.whileWriting { blockedStopSignals() } == outside)
        #expect(!ProcessStop.isRequested)
    }
}
