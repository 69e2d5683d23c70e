import PThreadLock

/// A value behind a pthread mutex (`PThreadMutex`: ThreadSanitizer sees it, and the body's result need not
/// be `Sendable`, such as a render held across the lock). A lock that guards no value is a `PThreadMutex`
/// itself: ThreadSanitizer reported "Swift access race" on a `Locked(())`'s empty value, read outside the lock.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex = PThreadMutex()
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try mutex.withLock { () throws(Failure) -> Result in try body(&value) }
    }
}
