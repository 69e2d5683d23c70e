import InfoWinKit

/// What `check` counts of its outcomes as they come, and the outcomes themselves only when a report
/// (HTML, JUnit, Markdown) will be written from them: 100,000 passing specs need only their counts.
struct CheckTally {
    let keepsOutcomes: Bool
    private(set) var outcomes: [CheckOutcome] = []
    private(set) var done = 0
    /// Not passed: failed, in error or crashed.
    private(set) var failed = 0
    private(set) var recorded = 0
    private(set) var skipped = 0

    init(keepsOutcomes: Bool) {
        self.keepsOutcomes = keepsOutcomes
    }

    /// Counts one spec's outcomes (nil for items not done).
    mutating func count(_ spec: [CheckOutcome?]) {
        for outcome in spec {
            guard let outcome else { continue }
            done += 1
            if outcome.status != .passed { failed += 1 }
            if outcome.recorded { recorded += 1 }
            if outcome.skipped { skipped += 1 }
            if keepsOutcomes { outcomes.append(outcome) }
        }
    }
}
