import InfoWinCheck
import InfoWinKit

/// What `batch` and `validate` print about one item, in order: its errors (the failure, then what
/// `--fail-on` found) and its warnings.
struct SpecReport: WorkerOutcome {
    /// True when the item was done and nothing failed.
    let succeeded: Bool
    /// The spec's path, as messages begin with it.
    let spec: String
    /// The variant's name suffix (`.de`, `.en-XA`), empty for the spec as it is.
    let variant: String
    /// Why the item failed, as the error says it (naming no variant), or nil.
    let error: String?
    /// What failed, when `error` is given: the spec, an input or the machine.
    let errorKind: InfoWinError.Kind?
    /// Lines for standard error, as errors, after `error`: what `--fail-on` found, or a crash.
    let problems: [String]
    /// Lines for standard error, as warnings.
    let warnings: [String]
    /// How many warning lines `--quiet` silenced.
    var silenced = 0

    /// The report of a rendered (or validated) item.
    init(item: BatchItem, error: InfoWinError?, problems: [String], warnings: [String], silenced: Int = 0) {
        let name = item.spec.path + SpecVariant.note(item.variant)
        succeeded = error == nil && problems.isEmpty
        spec = item.spec.path
        variant = item.variant
        self.error = error?.message
        errorKind = error?.kind
        self.problems = problems.map { "\(name): \($0)" }
        self.warnings = warnings.map { "\(name): \($0)" }
        self.silenced = silenced
    }

    init(item: BatchItem, died what: String) {
        succeeded = false
        spec = item.spec.path
        variant = item.variant
        error = nil
        errorKind = nil
        problems = [Self.crashMessage(item, what)]
        warnings = []
    }

    var json: JSONValue.Kind {
        .members([
            "succeeded": .bool(succeeded), "spec": .string(spec), "variant": .string(variant), "error": error.map { .string($0) } ?? .null,
            "errorKind": errorKind.map { .string($0.rawValue) } ?? .null,
            "problems": .list(problems.map { .string($0) }), "warnings": .list(warnings.map { .string($0) }),
            "silenced": .number(Double(silenced)),
        ])
    }

    init?(json: JSONValue) {
        guard let succeeded = json["succeeded"]?.bool, let spec = json["spec"]?.string, let variant = json["variant"]?.string,
              let problems = json["problems"]?.strings, let warnings = json["warnings"]?.strings
        else { return nil }
        self.succeeded = succeeded
        self.spec = spec
        self.variant = variant
        error = json["error"]?.string
        errorKind = json["errorKind"]?.string.flatMap(InfoWinError.Kind.init(rawValue:))
        self.problems = problems
        self.warnings = warnings
        silenced = json["silenced"]?.number.map { Int($0) } ?? 0
    }

    /// Items done and failed, counted as their reports are printed.
    struct Tally {
        var done = 0
        var failed = 0
        /// Warning lines `--quiet` silenced.
        var silenced = 0

        /// Prints one spec's reports (all its variants', nil for those not done) and counts them.
        mutating func printAndCount(_ spec: [SpecReport?], variants: Int) {
            SpecReport.print(spec, variants: variants)
            for report in spec {
                guard let report else { continue }
                done += 1
                if !report.succeeded { failed += 1 }
                silenced += report.silenced
            }
        }
    }

    /// True when any of `reports` has a line to print.
    static func printsAnything(_ reports: [SpecReport?]) -> Bool {
        reports.contains { $0.map { $0.error != nil || !$0.problems.isEmpty || !$0.warnings.isEmpty } ?? false }
    }

    /// Prints every report's lines in order, an error of the spec itself (the same in all its `variants`)
    /// once, naming no variant; nil reports (items not done) print nothing.
    static func print(_ reports: [SpecReport?], variants: Int) {
        // Most specs print nothing: a batch of 100,000 looks for repeated errors in none of them.
        guard printsAnything(reports) else { return }
        // Warnings alone (most specs that print) need no telling a spec's errors from its variants'.
        let shown = reports.contains { $0?.error != nil }
            ? SpecErrors.shown(reports, variants: variants, error: \.error) : Array(repeating: nil, count: reports.count)
        for (report, shown) in zip(reports, shown) {
            guard let report else { continue }
            if let error = report.error {
                switch shown {
                case .spec: Console.error(error)
                case .repeated: break
                case .variant, nil: Console.error(SpecErrors.naming(error, file: report.spec, variant: report.variant))
                }
            }
            for problem in report.problems { Console.error(problem) }
            for warning in report.warnings { Console.warning(warning) }
        }
    }
}
