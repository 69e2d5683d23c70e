#if canImport(Glibc)
import Glibc
#endif

/// Threads started with pthreads directly: the first use of Dispatch's global queues makes their thread pool
/// (about a millisecond of a cold start before the work even begins), and a pthread starts at once.
package enum PThreadStart {
    /// Starts a joinable thread running `body` (the caller joins it, or lets it run for the process's life);
    /// a thread that cannot be started (the system's limit on threads reached) stops the process.
    package static func joinable(_ body: @escaping @Sendable () -> Void) -> pthread_t {
        switch started(body) {
        case .success(let thread): return thread
        case .failure(let status): preconditionFailure("cannot start a thread (pthread_create returned \(status.code))")
        }
    }

    /// Starts a thread running `body` that nothing joins (its resources go when it ends); false, with `body`
    /// not run, when no thread can be started.
    package static func detached(_ body: @escaping @Sendable () -> Void) -> Bool {
        guard case .success(let thread) = started(body) else { return false }
        pthread_detach(thread)
        return true
    }

    /// A new thread running `body`, or pthread_create's error.
    private static func started(_ body: @escaping @Sendable () -> Void) -> Result<pthread_t, CreateFailure> {
        let context = Unmanaged.passRetained(ThreadBody(body))
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, context.toOpaque())
        guard status == 0 else {
            context.release()
            return .failure(CreateFailure(code: status))
        }
        return .success(thread)
    }

    /// pthread_create's error number.
    private struct CreateFailure: Error {
        let code: Int32
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
    /// for `body` alone from now on. Where no thread can be started, both run here and now.
    package func start(_ body: @escaping @Sendable () -> Void, then afterwards: @escaping @Sendable () -> Void = {}) {
        mutex.withLock { running = true }
        let work: @Sendable () -> Void = { [self] in
            body()
            mutex.withLock {
                running = false
                finished.broadcast()
            }
            afterwards()
        }
        if !PThreadStart.detached(work) { work() }
    }

    /// Returns once the work started is done.
    package func wait() {
        mutex.withLock {
            while running { finished.wait(releasing: mutex) }
        }
    }
}
