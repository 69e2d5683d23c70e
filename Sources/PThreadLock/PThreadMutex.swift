#if canImport(Glibc)
import Glibc
#endif

/// A pthread mutex owned by the object that holds it: the one lock of every target. A pthread mutex
/// rather than `Synchronization.Mutex`, whose Linux lock ThreadSanitizer cannot see (FIELD-NOTES), and
/// whose body's result would have to be `Sendable`.
package final class PThreadMutex: @unchecked Sendable {
    /// The mutex, allocated and destroyed with this object; a condition waits on it.
    fileprivate let raw: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        raw = .allocate(capacity: 1)
        pthread_mutex_init(raw, nil)
    }

    deinit {
        pthread_mutex_destroy(raw)
        raw.deallocate()
    }

    /// Runs `body` holding the lock.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(raw)
        defer { pthread_mutex_unlock(raw) }
        return try body()
    }
}

/// A pthread condition variable owned by the object that holds it, waited on with a `PThreadMutex` held.
package final class PThreadCondition: @unchecked Sendable {
    private let raw: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        raw = .allocate(capacity: 1)
        pthread_cond_init(raw, nil)
    }

    deinit {
        pthread_cond_destroy(raw)
        raw.deallocate()
    }

    /// Waits until signalled; call it inside `mutex.withLock`, in a loop that tests what it waits for.
    package func wait(releasing mutex: PThreadMutex) {
        pthread_cond_wait(raw, mutex.raw)
    }

    /// Wakes one waiter.
    package func signal() {
        pthread_cond_signal(raw)
    }

    /// Wakes every waiter.
    package func broadcast() {
        pthread_cond_broadcast(raw)
    }
}
