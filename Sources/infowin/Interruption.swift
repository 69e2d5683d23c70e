#if canImport(Glibc)
import Glibc
#endif
import InfoWinKit
import Synchronization

/// SIGINT and SIGTERM: batches finish the specs they are writing (so only whole files are left), start
/// no more, and say how far they got; other commands stop at once, but never in the middle of writing.
enum Interruption {
    private static let flag = Atomic<Bool>(false)

    /// Catches SIGINT and SIGTERM from now on (batches: they stop between specs), unblocking them in case
    /// the parent started us with them blocked. Without SA_RESTART, so that a waiting read returns EINTR.
    static func catchSignals() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in Interruption.flag.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        unblockSignals()
    }

    /// Lets SIGINT and SIGTERM through with their default effect (the process ends), in case the parent
    /// started us with them blocked: quick commands stop at once, except while they write (`whileWriting`).
    static func unblockSignals() {
        var set = signals
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Runs `body` with SIGINT and SIGTERM held back, so that files being renamed into place are all
    /// renamed before a signal ends the process: a command stopped then leaves whole files only.
    static func whileWriting<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var set = signals
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &set, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    private static var signals: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }

    /// True once SIGINT or SIGTERM has arrived.
    static var isRequested: Bool {
        flag.load(ordering: .relaxed)
    }
}

/// `Interruption` as InfoWinKit's stop policy, installed by `main` before any command runs: batches stop
/// between items and outputs are renamed into place whole.
struct InterruptionStopPolicy: ProcessStopPolicy {
    var isRequested: Bool { Interruption.isRequested }

    func whileWriting<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try Interruption.whileWriting(body)
    }
}
