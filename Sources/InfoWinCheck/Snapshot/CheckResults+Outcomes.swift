import InfoWinKit

extension CheckResults {
    /// The results of one check run; paths are made relative to `reportFolder` (the current folder when
    /// there is none), image paths are the report folder's own.
    package init(_ outcomes: [CheckOutcome], shard: String?, goldenFolder: String, reportFolder: String?) {
        let base = reportFolder ?? "."
        self.init(
            shard: shard, goldenFolder: goldenFolder,
            specs: outcomes.map { $0.entry(goldenFolder: goldenFolder, relativeTo: base, withImages: reportFolder != nil) })
    }
}

extension CheckOutcome {
    /// This outcome as `results.json` lists it.
    func entry(goldenFolder: String, relativeTo base: String, withImages: Bool) -> CheckResults.Entry {
        let status: CheckResults.Status, kind: FailureKind?
        switch self.status {
        case .passed: (status, kind) = (recorded ? .recorded : .passed, nil)
        case .failed: (status, kind) = (recorded ? .recorded : .failed, failureKind ?? (goldenWasMissing ? .missingGolden : .pixels))
        case .error: (status, kind) = (.error, .error)
        case .crash: (status, kind) = (.error, .crash)
        }
        var messages = changes.isEmpty ? [message].filter { !$0.isEmpty } : changes
        if recorded && !changes.isEmpty { messages.append("re-recorded the golden image") }
        let images = withImages ? reportImages.map { CheckResults.Images(expected: $0.expected, actual: $0.actual, diff: $0.difference) } : nil
        var entry = CheckResults.Entry(
            name: name, spec: Path.relative(spec.path, from: base),
            golden: Path.relative(spec.output(in: goldenFolder, suffix: ".png"), from: base), status: status, kind: kind,
            messages: messages, images: images)
        entry.seconds = (seconds * 1000).rounded() / 1000
        entry.ms = (seconds * 1000).rounded()
        entry.crashed = self.status == .crash
        entry.newGolden = goldenWasMissing && recorded
        entry.skipped = skipped ? "unchanged" : nil
        entry.group = group
        return entry
    }
}
