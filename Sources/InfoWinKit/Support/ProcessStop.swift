import Synchronization

/// How the process that hosts InfoWinKit stops on SIGINT and SIGTERM. Signals and the signal mask are
/// process-wide, so the library never touches them: the command line installs its signal-backed policy
/// at start; a library user (InfoWinTesting in a test process, an app, a server) keeps the default, with
/// which nothing is ever asked to stop and no signal is held back while files are written.
package protocol ProcessStopPolicy: Sendable {
    /// True once the process was asked to stop: batches start no more items.
    var isRequested: Bool { get }
    /// Runs `body` so that a stop cannot land in the middle of it (files being renamed into place).
    func whileWriting<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T
}

/// The policy in force; `install` is for a process's entry point, once, before any work starts.
package enum ProcessStop {
    private static let policy = Mutex<(any ProcessStopPolicy)?>(nil)

    /// Makes `installed` the process's policy.
    package static func install(_ installed: some ProcessStopPolicy) {
        policy.withLock { $0 = installed }
    }

    /// True once the installed policy says the process is stopping; always false without one.
    package static var isRequested: Bool {
        policy.withLock { $0 }?.isRequested ?? false
    }

    /// Runs `body` under the installed policy's write protection, or as it is without one.
    package static func whileWriting<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        guard let installed = policy.withLock({ $0 }) else { return try body() }
        return try installed.whileWriting(body)
    }
}
