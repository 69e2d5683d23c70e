#if canImport(Glibc)
import Glibc
#endif

/// Runs numbered work items on several threads, each thread with a `Renderer` of its own (Pango font maps
/// must never be shared between threads), and returns the results in item order, whatever the timing.
/// After SIGINT or SIGTERM (`Interruption`) no item is started; those not started have no result.
public enum ParallelRunner {
    /// Runs `work` for 0..<count on `jobs` threads; `finished` is called (serially) after each item. An
    /// item whose result `retryAlone` picks (it ran out of memory beside the others) is run again once the
    /// others are done, one at a time: the batch lowers its parallelism for it and goes on.
    public static func run<Result: Sendable>(
        count: Int, jobs: Int,
        work: @escaping @Sendable (_ index: Int, _ renderer: Renderer) -> Result,
        retryAlone: @escaping @Sendable (_ result: Result) -> Bool = { _ in false },
        finished: @escaping @Sendable (_ index: Int, _ result: Result, _ done: Int) -> Void = { _, _, _ in }
    ) -> [Result?] {
        let queue = WorkQueue<Result>(count: count)
        let threadCount = max(1, min(jobs, count))
        let loop: @Sendable () -> Void = {
            let renderer = Renderer()
            while let index = queue.take() {
                let result = work(index, renderer)
                if threadCount > 1 && retryAlone(result) {
                    queue.postpone(index)
                } else {
                    queue.complete(index, result, finished: finished)
                }
            }
        }
        if threadCount == 1 {
            loop()
        } else {
            let threads = (0..<threadCount).map { _ in startThread(loop) }
            for thread in threads { pthread_join(thread, nil) }
            let renderer = Renderer()
            for index in queue.postponed() where !Interruption.isRequested {
                queue.complete(index, work(index, renderer), finished: finished)
            }
        }
        return queue.results()
    }

    private static func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, context)
        precondition(status == 0, "cannot start a worker thread (pthread_create returned \(status))")
        return thread
    }
}

private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }
}

/// The next item to take and the results so far, behind one lock.
private final class WorkQueue<Result: Sendable>: Sendable {
    private struct State {
        var next = 0
        var done = 0
        var results: [Result?]
        var postponed: [Int] = []
    }

    private let state: Locked<State>
    private let count: Int

    init(count: Int) {
        self.count = count
        state = Locked(State(results: Array(repeating: nil, count: count)))
    }

    func take() -> Int? {
        state.withLock { state in
            guard state.next < count, !Interruption.isRequested else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    func complete(_ index: Int, _ result: Result, finished: (Int, Result, Int) -> Void) {
        state.withLock { state in
            state.results[index] = result
            state.done += 1
            finished(index, result, state.done)
        }
    }

    func postpone(_ index: Int) {
        state.withLock { $0.postponed.append(index) }
    }

    /// The postponed items, in item order.
    func postponed() -> [Int] {
        state.withLock { $0.postponed.sorted() }
    }

    func results() -> [Result?] {
        state.withLock { $0.results }
    }
}
