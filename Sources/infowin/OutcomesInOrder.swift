/// A batch's outcomes, which come in the order their items finish, handed on a spec at a time (all its
/// variants together) in the specs' order as soon as that spec and every one before it are done: what is
/// printed comes out in path order while the batch runs, and only the few outcomes that came early are held.
/// In a shard, a spec's items of other shards are nil, and a spec with none here is handed on all nil.
struct OutcomesInOrder<Outcome> {
    /// Items a spec has (its variants), numbered together as `BatchItem` numbers them.
    let variants: Int
    let specCount: Int
    /// How many items of each spec this run does, when a shard does only some (nil: all `variants`).
    private let expected: [Int]?
    private var waiting: [Int: Outcome] = [:]
    /// How many of each waiting spec's items came: a spec of 100,000 data rows is complete when the count
    /// says so, not after looking for each of its items again at every outcome.
    private var arrived: [Int: Int] = [:]
    private var nextSpec = 0

    /// Outcomes of `specCount` specs of `variants` items each, of which only `items` are done (nil: all).
    init(variants: Int, specCount: Int, items: [Int]? = nil) {
        self.variants = max(1, variants)
        self.specCount = specCount
        expected = items.map { items in
            var counts = [Int](repeating: 0, count: specCount)
            for item in items { counts[item / max(1, variants)] += 1 }
            return counts
        }
    }

    /// Adds item `index`'s outcome, handing on each spec it completes in order to `ready`.
    mutating func add(_ index: Int, _ outcome: Outcome, ready: (_ spec: [Outcome?]) -> Void) {
        waiting[index] = outcome
        arrived[index / variants, default: 0] += 1
        while nextSpec < specCount, arrived[nextSpec, default: 0] == expected?[nextSpec] ?? variants {
            handOn(ready)
        }
    }

    /// Hands on every spec not handed on yet, with nil for its items that were not done.
    mutating func finish(ready: (_ spec: [Outcome?]) -> Void) {
        while nextSpec < specCount { handOn(ready) }
    }

    private mutating func handOn(_ ready: (_ spec: [Outcome?]) -> Void) {
        let first = nextSpec * variants
        let outcomes = (first..<first + variants).map { waiting.removeValue(forKey: $0) }
        arrived[nextSpec] = nil
        nextSpec += 1
        ready(outcomes)
    }
}
