#if canImport(Glibc)
import Glibc
#endif

/// Threads started with pthreads directly: the first use of Dispatch's global queues makes their thread pool
/// (about a millisecond of a cold start before the work even begins), and a pthread starts at once.
package enum PThreadStart {
    /// Starts a joinable thread running `body` (the caller joins it, or lets it run for the process's life).
    package static func joinable(_ body: @escaping @Sendable () -> Void) -> pthread_t {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, context)
        precondition(status == 0, "cannot start a thread (pthread_create returned \(status))")
        return thread
    }

    /// Starts a thread running `body` that nothing joins: its resources go when it ends.
    package static func detached(_ body: @escaping @Sendable () -> Void) {
        pthread_detach(joinable(body))
    }
}

/// A closure boxed to cross `pthread_create`'s context pointer.
private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }
}

/// Work started once on a thread of its own that others wait for: `wait()` returns when it is done (at once
/// when it was never started).
package final class BackgroundTask: @unchecked Sendable {
    private let mutex = PThreadMutex()
    private let finished = PThreadCondition()
    private var running = false

    package init() {}

    /// Starts `body` on a new thread, and `afterwards` on the same thread once it is done; `wait()` waits
    /// for `body` alone from now on.
    package func start(_ body: @escaping @Sendable () -> Void, then afterwards: @escaping @Sendable () -> Void = {}) {
        mutex.withLock { running = true }
        PThreadStart.detached { [self] in
            body()
            mutex.withLock {
                running = false
                finished.broadcast()
            }
            afterwards()
        }
    }

    /// Returns once the work started is done.
    package func wait() {
        mutex.withLock {
            while running { finished.wait(releasing: mutex) }
        }
    }
}
