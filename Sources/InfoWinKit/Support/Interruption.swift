#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// SIGINT and SIGTERM as a request to stop: batches finish the specs they are writing (so only whole
/// files are left), start no more, and say how far they got.
public enum Interruption {
    private static let flag = Atomic<Bool>(false)

    /// Catches SIGINT and SIGTERM from now on. Without SA_RESTART, so that a read of standard input
    /// returns EINTR and a waiting `render -` stops.
    public static func catchSignals() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in Interruption.flag.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }

    /// True once SIGINT or SIGTERM has arrived.
    public static var isRequested: Bool {
        flag.load(ordering: .relaxed)
    }
}
