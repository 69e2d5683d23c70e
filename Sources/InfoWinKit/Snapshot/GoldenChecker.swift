/// The result of checking one spec against its golden image.
public struct CheckOutcome: Sendable {
    /// Passed, failed, or could not be checked at all.
    public enum Status: String, Sendable {
        case passed, failed, error
    }

    /// The spec.
    public let spec: FoundSpec
    /// How it went.
    public let status: Status
    /// Why it failed (or what was recorded); empty when it passed untouched.
    public let message: String
    /// What moved or changed, most telling first, then the pixel count.
    public let changes: [String]
    /// True when this run wrote the golden.
    public let recorded: Bool
    /// Images of a failure written into the report folder, relative to it.
    public let reportImages: ReportImages?
    /// How long the spec took, in seconds.
    public let seconds: Double
}

/// The expected, actual and difference images of one failure, as paths inside the report folder.
public struct ReportImages: Sendable {
    /// A copy of the golden image, when there is one.
    public let expected: String?
    /// What was rendered.
    public let actual: String
    /// The difference picture, when the sizes agree.
    public let difference: String?
}

/// Renders specs and compares each with `GOLDEN/<relative path>.png` and its layout report beside it.
public struct GoldenChecker: Sendable {
    /// The folder of golden images.
    public var goldenFolder: String
    /// When goldens are written.
    public var recordMode: RecordMode
    /// How different an image may be.
    public var tolerance: DiffTolerance
    /// Where failures' images go, if anywhere.
    public var reportFolder: String?
    /// What the command line adds to every spec.
    public var settings: RenderSettings
    /// How many threads render.
    public var jobs: Int

    /// A checker.
    public init(
        goldenFolder: String, recordMode: RecordMode, tolerance: DiffTolerance, reportFolder: String?,
        settings: RenderSettings, jobs: Int
    ) {
        self.goldenFolder = goldenFolder
        self.recordMode = recordMode
        self.tolerance = tolerance
        self.reportFolder = reportFolder
        self.settings = settings
        self.jobs = jobs
    }

    /// Checks every spec; `finished` sees each outcome as it comes.
    public func check(
        _ specs: [FoundSpec], finished: @escaping @Sendable (_ outcome: CheckOutcome, _ done: Int) -> Void = { _, _ in }
    ) -> [CheckOutcome] {
        let clashes = BatchRenderer.clashes(in: specs)
        let checker = self
        return ParallelRunner.run(count: specs.count, jobs: jobs, work: { index, renderer in
            let start = FileSystem.monotonicSeconds()
            let spec = specs[index]
            let outcome: CheckOutcome.Partial
            if let first = clashes[index] {
                outcome = .init(.error, "its golden would be the same file as that of \(first)")
            } else {
                do throws(InfoWinError) {
                    outcome = try checker.check(spec, renderer: renderer)
                } catch {
                    outcome = .init(.error, error.message)
                }
            }
            return outcome.complete(spec: spec, seconds: FileSystem.monotonicSeconds() - start)
        }, finished: { _, outcome, done in finished(outcome, done) }).compactMap { $0 }
    }

    private func check(_ spec: FoundSpec, renderer: Renderer) throws(InfoWinError) -> CheckOutcome.Partial {
        let result = try settings.render(spec.path, with: renderer)
        let goldenImage = spec.output(in: goldenFolder, suffix: ".png")
        let goldenReport = spec.output(in: goldenFolder, suffix: ".layout.json")
        guard FileSystem.isRegularFile(goldenImage) else {
            if recordMode == .never {
                let images = try writeReport(for: spec, result: result, golden: nil, diff: nil)
                return .init(.failed, "no golden image at \(goldenImage) (record it with --record missing)", images: images)
            }
            try record(result, image: goldenImage, report: goldenReport)
            return .init(
                recordMode == .all ? .passed : .failed,
                "recorded a new golden image at \(goldenImage)" + (recordMode == .all ? "" : "; look at it and commit it"),
                recorded: true)
        }
        if recordMode == .all {
            try record(result, image: goldenImage, report: goldenReport)
            return .init(.passed, "re-recorded \(goldenImage)", recorded: true)
        }
        let golden = try read(goldenImage)
        let comparison = try ImageFileComparison(
            expected: golden, actual: result.png, expectedName: goldenImage, actualName: spec.path, tolerance: tolerance,
            actualIsReadable: true)
        guard !comparison.passes else { return .init(.passed, "") }
        var changes = explain(result, golden: golden, goldenReport: goldenReport)
        changes.append(comparison.summary)
        let images = try writeReport(for: spec, result: result, golden: golden, diff: comparison.diff?.image)
        var message = (changes.dropLast().prefix(3) + [comparison.summary]).joined(separator: "; ")
        if recordMode == .failed {
            try record(result, image: goldenImage, report: goldenReport)
            message += "; re-recorded the golden image"
        }
        return .init(.failed, message, changes: changes, recorded: recordMode == .failed, images: images)
    }

    /// What changed in the layout report and in the fingerprint, before the pixel count.
    private func explain(_ result: RenderResult, golden: [UInt8], goldenReport: String) -> [String] {
        var changes: [String] = []
        if let bytes = try? FileSystem.read(goldenReport, limit: 64 << 20), let report = try? JSONParser.parse(bytes) {
            changes += LayoutChanges.between(golden: report.kind, actual: result.report.json)
        }
        if let fingerprint = Fingerprint(entries: PNGText.entries(of: golden)) {
            changes += result.fingerprint.differences(from: fingerprint)
        }
        return changes
    }

    private func record(_ result: RenderResult, image: String, report: String) throws(InfoWinError) {
        try OutputWriter.write([
            OutputFile(path: image, bytes: result.png), OutputFile(path: report, bytes: Array(result.report.text.utf8)),
        ], creatingFolders: true)
    }

    private func writeReport(for spec: FoundSpec, result: RenderResult, golden: [UInt8]?, diff: PixelImage?) throws(InfoWinError) -> ReportImages? {
        guard let reportFolder else { return nil }
        let stem = spec.stem
        let expected = golden.map { _ in stem + ".expected.png" }
        let difference = diff.map { _ in stem + ".diff.png" }
        var files = [OutputFile(path: Path.join(reportFolder, stem + ".actual.png"), bytes: result.png)]
        if let golden, let expected { files.append(OutputFile(path: Path.join(reportFolder, expected), bytes: golden)) }
        if let diff, let difference { files.append(OutputFile(path: Path.join(reportFolder, difference), bytes: try diff.pngData())) }
        try OutputWriter.write(files, creatingFolders: true)
        return ReportImages(expected: expected, actual: stem + ".actual.png", difference: difference)
    }

    private func read(_ path: String) throws(InfoWinError) -> [UInt8] {
        do {
            return try FileSystem.read(path, limit: 512 << 20)
        } catch {
            throw .io(file: path, message: "cannot read the golden image: \(error.reason)")
        }
    }
}

extension CheckOutcome {
    /// An outcome before its spec and time are known.
    struct Partial {
        let status: Status
        let message: String
        var changes: [String] = []
        var recorded = false
        var images: ReportImages?

        init(_ status: Status, _ message: String, changes: [String] = [], recorded: Bool = false, images: ReportImages? = nil) {
            self.status = status
            self.message = message
            self.changes = changes
            self.recorded = recorded
            self.images = images
        }

        func complete(spec: FoundSpec, seconds: Double) -> CheckOutcome {
            CheckOutcome(
                spec: spec, status: status, message: message, changes: changes, recorded: recorded, reportImages: images,
                seconds: seconds)
        }
    }
}
