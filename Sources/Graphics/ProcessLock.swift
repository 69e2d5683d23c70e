#if canImport(Glibc)
import Glibc
#endif

/// A process-wide lock for C libraries' calls that are not safe on two threads at once; owns its pthread
/// mutex (a pthread mutex rather than `Synchronization.Mutex`, which ThreadSanitizer misreads: FIELD-NOTES).
final class ProcessLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
