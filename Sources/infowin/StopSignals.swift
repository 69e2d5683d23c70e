#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM and SIGINT (Ctrl-C) as a server's stop request: blocked in this thread and every thread started
/// after `block`, so that the main thread alone takes them, with `wait`, and stops the server cleanly.
struct StopSignals {
    private var signals = sigset_t()

    /// Blocks the two signals; call it before starting any thread.
    static func block() -> StopSignals {
        var stop = StopSignals()
        sigemptyset(&stop.signals)
        sigaddset(&stop.signals, SIGTERM)
        sigaddset(&stop.signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &stop.signals, nil)
        return stop
    }

    /// Waits until one of them comes; returns its name, `SIGTERM` or `SIGINT`.
    func wait() -> String {
        var signals = signals, received: Int32 = 0
        sigwait(&signals, &received)
        return received == SIGTERM ? "SIGTERM" : "SIGINT"
    }
}
