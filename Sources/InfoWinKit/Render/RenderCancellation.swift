import Synchronization

/// A render's stop sign, handed down through its options (no global state): whoever holds it may
/// `cancel()` at any time (serve's deadline), and the render, which asks between its steps (decode,
/// layout, tiles, each shape, marker and window, a blur's rows, encode), fails with `cancelled` at the next.
package final class RenderCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    /// A render not cancelled yet.
    package init() {}

    /// Asks the render to stop at its next step.
    package func cancel() {
        flag.store(true, ordering: .relaxed)
    }

    /// True once `cancel()` was called.
    package var isCancelled: Bool {
        flag.load(ordering: .relaxed)
    }

    /// Throws `cancelled`, naming `file` and the step it stopped before, once `cancel()` was called.
    package func check(_ file: String, before step: String) throws(InfoWinError) {
        if isCancelled { throw .cancelled(file: file, step: step) }
    }
}

extension Optional where Wrapped == RenderCancellation {
    /// As `RenderCancellation.check`; nothing for a render that cannot be cancelled.
    func check(_ file: String, before step: String) throws(InfoWinError) {
        try self?.check(file, before: step)
    }
}
