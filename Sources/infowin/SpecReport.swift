import InfoWinKit

/// What `batch` and `validate` print about one item, in order: its errors (the failure, then what
/// `--fail-on` found) and its warnings.
struct SpecReport: WorkerOutcome {
    /// True when the item was done and nothing failed.
    let succeeded: Bool
    /// Lines for standard error, as errors.
    let errors: [String]
    /// Lines for standard error, as warnings.
    let warnings: [String]

    /// The report of a rendered (or validated) item.
    init(item: BatchItem, error: InfoWinError?, problems: [String], warnings: [String]) {
        let note = CommonOptions.variantNote(item.variant), name = item.spec.path + note
        succeeded = error == nil && problems.isEmpty
        errors = (error.map { [$0.message + note] } ?? []) + problems.map { "\(name): \($0)" }
        self.warnings = warnings.map { "\(name): \($0)" }
    }

    init(item: BatchItem, died what: String) {
        succeeded = false
        errors = [Self.crashMessage(item, what)]
        warnings = []
    }

    var json: JSONValue.Kind {
        .members([
            "succeeded": .bool(succeeded), "errors": .list(errors.map { .string($0) }), "warnings": .list(warnings.map { .string($0) }),
        ])
    }

    init?(json: JSONValue) {
        guard let succeeded = json["succeeded"]?.bool, let errors = json["errors"]?.strings, let warnings = json["warnings"]?.strings
        else { return nil }
        self.succeeded = succeeded
        self.errors = errors
        self.warnings = warnings
    }

    /// Prints the lines.
    func print() {
        for error in errors { Console.error(error) }
        for warning in warnings { Console.warning(warning) }
    }
}
