import Glibc
import PThreadLock
import Testing

@Suite("work started on a thread of its own (fontconfig's configuration at a cold start)")
struct BackgroundTaskTests {
    @Test("waiting for work never started returns at once")
    func nothingStarted() {
        BackgroundTask().wait()
    }

    @Test("wait returns only once the work is done, for every waiter")
    func waitsForTheWork() {
        let task = BackgroundTask()
        let done = Flag()
        task.start {
            usleep(50_000)
            done.set()
        }
        let waiters = (0..<3).map { _ in
            PThreadStart.joinable {
                task.wait()
                #expect(done.isSet)
            }
        }
        task.wait()
        #expect(done.isSet)
        for waiter in waiters { pthread_join(waiter, nil) }
        // Once done, later waits return at once.
        task.wait()
    }

    @Test("the work after it runs on the same thread without holding up those who wait")
    func afterwardsDoesNotHoldUpWaiters() {
        let task = BackgroundTask()
        let done = Flag(), release = Flag(), afterwardsDone = Flag()
        task.start({ done.set() }, then: {
            while !release.isSet { usleep(1000) }
            afterwardsDone.set()
        })
        // Would never return if waiting included the work after it, which waits for this thread's release.
        task.wait()
        #expect(done.isSet && !afterwardsDone.isSet)
        release.set()
        while !afterwardsDone.isSet { usleep(1000) }
    }

    /// A flag set on one thread and read on others.
    private final class Flag: @unchecked Sendable {
        private let mutex = PThreadMutex()
        private var value = false

        func set() { mutex.withLock { value = true } }
        var isSet: Bool { mutex.withLock { value } }
    }
}
