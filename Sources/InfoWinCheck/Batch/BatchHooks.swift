import InfoWinKit

/// One item of a batch: a spec in one variant, numbered as the batch numbers its items (every variant of
/// the first spec, then of the next, in the specs' order).
package struct BatchItem: Sendable, Equatable {
    /// Its number in the batch.
    package let index: Int
    /// The spec (for `check`, named with its variant: `stem.de.json`).
    package let spec: FoundSpec
    /// The variant's name suffix (`.de`, `.row-id`), empty for the spec as it is.
    package let variant: String

    /// An item.
    package init(index: Int, spec: FoundSpec, variant: String) {
        self.index = index
        self.spec = spec
        self.variant = variant
    }

    /// Item `index` of a batch of every spec in every variant of `job`.
    init(numbered index: Int, specs: some FoundSpecs, job: RenderJob) {
        self.init(index: index, spec: job.item(index, of: specs).spec, variant: job.version(ofItem: index).suffix)
    }
}

/// What a command line hooks into a batch (`BatchRenderer`, `GoldenChecker`, `SpecValidator`): which of its
/// items run, and calls as each starts, ends and is done. With them it can name the specs in flight when
/// the process crashes, or run a batch in a child process; the library keeps no state for them.
package struct BatchHooks<Outcome: Sendable>: Sendable {
    /// The numbers of the items to run, in order, or nil for every item; the others get no outcome.
    package var items: [Int]?
    /// When set, where each thread takes the number of the next item to run (nil: none is left), in place of
    /// `items`: a queue this process shares with others doing the same batch.
    package var claim: (@Sendable () -> Int?)?
    /// Called on a worker's thread just before an item starts; `worker` numbers that thread from 0, below
    /// the number of jobs.
    package var started: @Sendable (_ item: BatchItem, _ worker: Int) -> Void
    /// Called on that thread just after the item ran.
    package var ended: @Sendable (_ item: BatchItem, _ worker: Int) -> Void
    /// Called (serially) with each item's final outcome.
    package var finished: @Sendable (_ item: BatchItem, _ outcome: Outcome) -> Void
    /// False when `finished` is where every outcome goes (a worker process sends each to its parent): the
    /// batch then returns none, and holds none meanwhile (100,000 outcomes are about 100 MB).
    package var keepsOutcomes = true

    /// Hooks; by default every item runs and nothing is called.
    package init(
        items: [Int]? = nil,
        started: @escaping @Sendable (_ item: BatchItem, _ worker: Int) -> Void = { _, _ in },
        ended: @escaping @Sendable (_ item: BatchItem, _ worker: Int) -> Void = { _, _ in },
        finished: @escaping @Sendable (_ item: BatchItem, _ outcome: Outcome) -> Void = { _, _ in }
    ) {
        self.items = items
        self.started = started
        self.ended = ended
        self.finished = finished
    }

    /// Runs the batch's `count` items on `ParallelRunner` with these hooks; `item` describes item `index`.
    func run(
        count: Int, jobs: Int, item: @escaping @Sendable (_ index: Int) -> BatchItem,
        work: @escaping @Sendable (_ index: Int, _ renderer: Renderer) -> Outcome,
        retryAlone: @escaping @Sendable (_ outcome: Outcome) -> Bool = { _ in false },
        finished: @escaping @Sendable (_ outcome: Outcome, _ done: Int) -> Void
    ) -> [Outcome] {
        let hooks = self
        let watch = WorkWatch(
            started: { index, worker in hooks.started(item(index), worker) },
            ended: { index, worker in hooks.ended(item(index), worker) })
        return ParallelRunner.run(
            count: count, jobs: jobs, items: items, claim: claim, watch: watch, keepingResults: keepsOutcomes, work: work, retryAlone: retryAlone,
            finished: { index, outcome, done in
            hooks.finished(item(index), outcome)
            finished(outcome, done)
        }).compactMap { $0 }
    }
}
