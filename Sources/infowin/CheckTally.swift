import InfoWinCheck
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
    /// Specs whose inputs were their golden's, drawn by the verification sample.
    private(set) var sampled = 0
    /// The skipped outcome of lowest sample rank: drawn when the sample took none.
    private(set) var lowestSkipped: CheckOutcome?
    /// Warning lines `--quiet` silenced.
    private(set) var silenced = 0
    /// The failures (not errors), printed at the end in groups by cause.
    private(set) var failures: [CheckOutcome] = []
    /// The tolerance notes (goldens of another build), each once, in the order first met.
    private(set) var toleranceNotes: [String] = []

    init(keepsOutcomes: Bool) {
        self.keepsOutcomes = keepsOutcomes
    }

    /// Counts one spec's outcomes (nil for items not done).
    mutating func count(_ spec: [CheckOutcome?]) {
        for outcome in spec {
            guard let outcome else { continue }
            done += 1
            if outcome.status != .passed { failed += 1 }
            if outcome.status == .failed { failures.append(outcome) }
            silenced += outcome.silenced
            if outcome.recorded { recorded += 1 }
            if outcome.skipped { skipped += 1 }
            if outcome.sampled { sampled += 1 }
            if let rank = outcome.sampleRank, rank < lowestSkipped?.sampleRank ?? .max { lowestSkipped = outcome }
            if let note = outcome.toleranceNote, !toleranceNotes.contains(note) { toleranceNotes.append(note) }
            if keepsOutcomes { outcomes.append(outcome) }
        }
    }

    /// Counts `drawn` (the skipped `outcome` drawn again by the sample) in place of `outcome`.
    mutating func replace(_ outcome: CheckOutcome, with drawn: CheckOutcome) {
        if outcome.skipped { skipped -= 1 }
        if drawn.status != .passed { failed += 1 }
        if drawn.status == .failed { failures.append(drawn) }
        silenced += drawn.silenced
        if drawn.sampled { sampled += 1 }
        if keepsOutcomes, let index = outcomes.firstIndex(where: { $0.spec.path == outcome.spec.path && $0.variant == outcome.variant }) {
            outcomes[index] = drawn
        }
    }
}
