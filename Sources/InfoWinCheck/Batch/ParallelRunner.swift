#if canImport(Glibc)
import Glibc
#endif
import PThreadLock
import InfoWinKit

/// Runs numbered work items on several threads, each thread with a `Renderer` of its own (Pango font maps
/// must never be shared between threads), and returns the results in item order, whatever the timing.
/// After SIGINT or SIGTERM (`ProcessStop`) no item is started; those not started have no result.
package enum ParallelRunner {
    /// Runs `work` for 0..<count (or only for `items`, in their order) on `jobs` threads; `finished` is
    /// called (serially) after each item. An item whose result `retryAlone` picks (it ran out of memory
    /// beside the others) is run again once the others are done, one at a time: the batch lowers its
    /// parallelism for it and goes on. `watch` hears each run of `work` start and end on its thread.
    /// Without `keepingResults`, each result goes to `finished` only, and none is returned. With `claim`, the
    /// threads take each next item from it (nil: none is left) rather than from `items`.
    package static func run<Result: Sendable>(
        count: Int, jobs: Int, items: [Int]? = nil, claim: (@Sendable () -> Int?)? = nil, watch: WorkWatch = WorkWatch(),
        keepingResults: Bool = true,
        work: @escaping @Sendable (_ index: Int, _ renderer: Renderer) -> Result,
        retryAlone: @escaping @Sendable (_ result: Result) -> Bool = { _ in false },
        finished: @escaping @Sendable (_ index: Int, _ result: Result, _ done: Int) -> Void = { _, _, _ in }
    ) -> [Result?] {
        // A number past the batch (a damaged work order) is never run: it would be no item.
        let known = 0..<count
        let order = claim.map { claim in WorkQueue<Result>.Order.claimed { claim().flatMap { known.contains($0) ? $0 : nil } } }
            ?? .listed(items?.filter(known.contains) ?? Array(known))
        let queue = WorkQueue<Result>(count: keepingResults ? count : 0, order: order)
        let threadCount: Int
        switch order {
        case .listed(let items): threadCount = max(1, min(jobs, items.count))
        case .claimed: threadCount = max(1, jobs)
        }
        let watched: @Sendable (Int, Int, Renderer) -> Result = { index, worker, renderer in
            watch.started(index, worker)
            defer { watch.ended(index, worker) }
            return work(index, renderer)
        }
        let loop: @Sendable (Int) -> Void = { worker in
            let renderer = Renderer()
            while let index = queue.take() {
                let result = watched(index, worker, renderer)
                if threadCount > 1 && retryAlone(result) {
                    queue.postpone(index)
                } else {
                    queue.complete(index, result, finished: finished)
                }
            }
        }
        if threadCount == 1 {
            loop(0)
        } else {
            let threads = (0..<threadCount).map { worker in PThreadStart.joinable { loop(worker) } }
            for thread in threads { pthread_join(thread, nil) }
            let renderer = Renderer()
            // The workers are gone: the first one's number is free for this thread.
            for index in queue.postponed() where !ProcessStop.isRequested {
                queue.complete(index, watched(index, 0, renderer), finished: finished)
            }
        }
        return queue.results()
    }
}

/// Calls around each run of a work item, on the thread that runs it: `worker` numbers the thread from 0
/// (below the number of jobs), so that a caller can keep one slot per thread.
package struct WorkWatch: Sendable {
    /// Called just before the item `index` runs.
    package var started: @Sendable (_ index: Int, _ worker: Int) -> Void
    /// Called just after it ran (it may run again later, alone, after running out of memory).
    package var ended: @Sendable (_ index: Int, _ worker: Int) -> Void

    /// A watch; by default it does nothing.
    package init(
        started: @escaping @Sendable (_ index: Int, _ worker: Int) -> Void = { _, _ in },
        ended: @escaping @Sendable (_ index: Int, _ worker: Int) -> Void = { _, _ in }
    ) {
        self.started = started
        self.ended = ended
    }
}

/// The next item to take and the results so far (none when made for a count of 0), behind one lock.
private final class WorkQueue<Result: Sendable>: Sendable {
    private struct State {
        var next = 0
        var done = 0
        var results: [Result?]
        var postponed: [Int] = []
    }

    /// Where the items come from: a list, taken in its order, or a claim on a queue shared with others.
    enum Order: Sendable {
        case listed([Int])
        case claimed(@Sendable () -> Int?)
    }

    private let state: Locked<State>
    private let order: Order

    init(count: Int, order: Order) {
        self.order = order
        state = Locked(State(results: Array(repeating: nil, count: count)))
    }

    func take() -> Int? {
        state.withLock { state in
            guard !ProcessStop.isRequested else { return nil }
            switch order {
            case .claimed(let claim):
                return claim()
            case .listed(let items):
                guard state.next < items.count else { return nil }
                defer { state.next += 1 }
                return items[state.next]
            }
        }
    }

    func complete(_ index: Int, _ result: Result, finished: (Int, Result, Int) -> Void) {
        state.withLock { state in
            if index < state.results.count { state.results[index] = result }
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
