import InfoWinKit

/// The result of checking one spec against its golden image.
package struct CheckOutcome: Sendable {
    /// Passed, failed, could not be checked at all, or crashed the process checking it.
    package enum Status: String, Sendable {
        case passed, failed, error, crash
    }

    /// The spec.
    package let spec: FoundSpec
    /// How it went.
    package let status: Status
    /// Why it failed (or what was recorded); empty when it passed untouched.
    package let message: String
    /// What moved or changed, most telling first, then the pixel count.
    package let changes: [String]
    /// True when this run wrote the golden.
    package let recorded: Bool
    /// For a skipped spec: its rank in the verification sample (`VerifySample.rank`), so that the run can
    /// draw the lowest-ranked one when its sample took none.
    package var sampleRank: UInt64?
    /// True when the spec's inputs were its golden's but it was drawn as part of the verification sample.
    package var sampled = false
    /// The render's warnings (a window the canvas cuts, a missing tile…), as its layout report gives them,
    /// but those `--quiet` silences;
    /// for a spec passed without being laid out, its golden's report's (the same inputs make the same
    /// layout). Empty for an outcome that was never laid out.
    package var warnings: [String] = []
    /// Set when the golden was compared with the tolerance because another build or other libraries (or
    /// not infowin) made it: the sentence naming both, said once per run.
    package var toleranceNote: String?
    /// Images of a failure written into the report folder, relative to it.
    package let reportImages: ReportImages?
    /// How long the spec took, in seconds.
    package let seconds: Double
    /// True when the spec could not get the memory its image needs (it is tried again alone).
    var outOfMemory = false
    /// What failed, for an `error` outcome that an `InfoWinError` made: the spec, an input or the machine.
    package var errorKind: InfoWinError.Kind?
    /// The variant's name suffix (`.de`, `.en-XA`; with scales, `.de@2x`), empty for the spec as it is; `spec` is named with it.
    package var variant = ""
    /// True when there was no golden image for the spec (whether or not this run recorded one).
    package var goldenWasMissing = false
    /// Why a `failed` outcome failed (SPEC.md's failure kinds); nil for the others.
    package var failureKind: FailureKind?
    /// True when the spec passed without being drawn: its input hash is the golden's (SPEC.md, "Unchanged specs").
    package var skipped = false
    /// The causes a failure's message names (the fingerprint's differences: spec keys, input files,
    /// libraries), what it is grouped by (`FailureCause`); empty when it names none.
    package var causes: [String] = []
    /// How many warning lines `--quiet` silenced.
    package var silenced = 0

    /// The spec as messages and reports name it: `pickup.json [en-XA]`, never the golden's name
    /// `pickup.en-XA.json`, which is no file.
    package var name: String {
        spec.name(without: variant) + SpecVariant.note(variant)
    }

    /// The group a failure is listed in (`FailureCause`); nil for an outcome that does not fail the run.
    package var group: String? {
        guard status != .passed else { return nil }
        return FailureCause(causes: causes, name: name, messages: changes.isEmpty ? [message] : changes).text
    }

    /// An outcome as another process reported it (or as a crash left it).
    package init(
        spec: FoundSpec, status: Status, message: String, changes: [String] = [], recorded: Bool = false,
        reportImages: ReportImages? = nil, seconds: Double = 0
    ) {
        self.spec = spec
        self.status = status
        self.message = message
        self.changes = changes
        self.recorded = recorded
        self.reportImages = reportImages
        self.seconds = seconds
    }
}

/// The expected, actual and difference images of one failure, as paths inside the report folder.
package struct ReportImages: Sendable {
    /// A copy of the golden image, when there is one.
    package let expected: String?
    /// What was rendered.
    package let actual: String
    /// The difference picture, when the sizes agree.
    package let difference: String?

    /// Report images at these paths.
    package init(expected: String?, actual: String, difference: String?) {
        self.expected = expected
        self.actual = actual
        self.difference = difference
    }

    /// Every file of the failure in the report folder: the images, and the actual image's layout report.
    package var files: [String] {
        [expected, actual, CheckResults.Images.layoutReport(of: actual), difference].compactMap { $0 }
    }
}

/// Renders specs and compares each with `GOLDEN/<relative path>.png` and its layout report beside it.
package struct GoldenChecker: Sendable {
    /// The folder of golden images.
    package var goldenFolder: String
    /// When goldens are written.
    package var recordMode: RecordMode
    /// How different an image may be.
    package var tolerance: DiffTolerance
    /// Where failures' images go, if anywhere.
    package var reportFolder: String?
    /// What the command line adds to every spec.
    package var settings: RenderSettings
    /// How many threads render.
    package var jobs: Int
    /// Draw every spec, even one whose inputs are its golden's (`--verify`).
    package var verify = false
    /// Which skipped specs are drawn all the same, to find an input the hash missed (`--verify-sample`).
    package var sample = VerifySample(percent: VerifySample.defaultPercent)
    /// How messages say to record a golden (`--record missing` on the command line).
    package var recordAdvice = RecordAdvice.commandLine
    /// Whole scales each variant is checked at, each against its own golden (`pickup.de@2x.png`), or nil for
    /// the settings' (or the spec's) scale: the Swift helpers' `scales:`.
    package var scales: [Int]?

    /// True when an unchanged spec may pass without being drawn: not with `--verify`, and never while
    /// re-recording (`--record failed` or `all`), which draws what it records.
    var skipsUnchanged: Bool { !verify && (recordMode == .never || recordMode == .missing) }

    /// A checker.
    package init(
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

    /// Checks every spec; `finished` sees each outcome as it comes, and `hooks` each item as it starts and ends.
    package func check(
        _ specs: some FoundSpecs, hooks: BatchHooks<CheckOutcome> = BatchHooks(),
        finished: @escaping @Sendable (_ outcome: CheckOutcome, _ done: Int) -> Void = { _, _ in }
    ) -> [CheckOutcome] {
        // Every spec in every variant (locale, data row) at every scale, each with its own golden,
        // `stem.de@2x.png`; without scales, the items of `job.item`. Made as they are needed, not all at once
        // (100,000 specs).
        let versions = RenderJob(settings: settings, scales: scales).versions
        let itemCount = specs.count * versions.count
        let items: @Sendable (Int) -> (spec: FoundSpec, variant: RenderVersion) = { index in
            let version = versions[index % versions.count]
            return (specs[index / versions.count].named(variant: version.suffix), version)
        }
        let unnamed = versions.count == 1 && versions[0].suffix.isEmpty
        let clashes = unnamed ? BatchRenderer.clashes(in: specs) : BatchRenderer.clashes(in: SpecList((0..<itemCount).lazy.map { items($0).spec }))
        let checker = self
        let item: @Sendable (Int) -> BatchItem = { index in
            let (spec, variant) = items(index)
            return BatchItem(index: index, spec: spec, variant: variant.suffix)
        }
        return hooks.run(count: itemCount, jobs: jobs, item: item, work: { index, renderer in
            let start = FileSystem.monotonicSeconds()
            let (spec, variant) = items(index)
            let outcome: CheckOutcome.Partial
            if let first = clashes[index] {
                outcome = .init(.error, "its golden would be the same file as that of \(first)")
            } else {
                do throws(InfoWinError) {
                    outcome = try checker.check(spec, renderer: renderer, variant: variant)
                } catch {
                    var failed = CheckOutcome.Partial(.error, error.message)
                    failed.outOfMemory = error.isOutOfMemory
                    failed.errorKind = error.kind
                    outcome = failed
                }
            }
            return outcome.complete(spec: spec, variant: variant.suffix, seconds: FileSystem.monotonicSeconds() - start)
        }, retryAlone: \.outOfMemory, finished: finished)
    }

    /// `outcome`'s spec (skipped: unchanged) drawn and compared as the verification sample draws one: a
    /// run whose sample took none draws its lowest-ranked skipped spec this way, so that at least one is.
    package func drawSample(of outcome: CheckOutcome) -> CheckOutcome {
        let versions = RenderJob(settings: settings, scales: scales).versions
        guard let variant = versions.first(where: { $0.suffix == outcome.variant }) else { return outcome }
        var checker = self
        checker.sample = VerifySample(percent: 100)
        let start = FileSystem.monotonicSeconds()
        let partial: CheckOutcome.Partial
        do throws(InfoWinError) {
            partial = try checker.check(outcome.spec, renderer: Renderer(), variant: variant)
        } catch {
            var failed = CheckOutcome.Partial(.error, error.message)
            failed.errorKind = error.kind
            partial = failed
        }
        return partial.complete(spec: outcome.spec, variant: outcome.variant, seconds: FileSystem.monotonicSeconds() - start)
    }

    /// `spec` in `version` checked, with its render's warnings (but those `--quiet` silences) when it was laid out.
    private func check(_ spec: FoundSpec, renderer: Renderer, variant version: RenderVersion) throws(InfoWinError) -> CheckOutcome.Partial {
        var warnings: (shown: [String], silenced: Int) = ([], 0)
        var partial = try check(spec, renderer: renderer, version: version, warnings: &warnings)
        (partial.warnings, partial.silenced) = warnings
        return partial
    }

    private func check(
        _ spec: FoundSpec, renderer: Renderer, version: RenderVersion, warnings: inout (shown: [String], silenced: Int)
    ) throws(InfoWinError) -> CheckOutcome.Partial {
        let variant = version.variant
        let loaded = try settings.loadSpec(spec, variant: variant)
        let job = RenderJob(settings: settings), options = job.options(for: version)
        let golden = try GoldenPair(spec, in: goldenFolder, reading: recordMode != .all)
        var sampled = false
        /// Passed without drawing, unless the verification sample takes it: then drawn and compared.
        func skip(inputs: String) -> CheckOutcome.Partial? {
            let rank = VerifySample.rank(of: spec.name(without: version.suffix) + SpecVariant.note(version.suffix), inputs: inputs)
            if sample.includes(rank) {
                sampled = true
                return nil
            }
            var unchanged = CheckOutcome.Partial(.passed, "")
            unchanged.skipped = true
            unchanged.sampleRank = rank
            return unchanged
        }
        // Made from the same inputs before layout: the same layout and pixels, without laying it out (what
        // --fail-on asks about needs the layout).
        if skipsUnchanged, settings.failOn.isEmpty, let golden, let inputs = try renderer.inputsBeforeLayout(loaded, options: options),
           golden.wasMade(fromInputsBeforeLayout: inputs), let unchanged = skip(inputs: inputs) {
            warnings = golden.report?.warnings(quieting: settings.quiet) ?? ([], 0)
            return unchanged
        }
        let prepared = try job.prepare(loaded, as: version, with: renderer)
        warnings = prepared.report.warnings(quieting: settings.quiet)
        // What --fail-on asks about fails the spec whatever its golden, named in the report and JUnit.
        let findings = settings.failOn.findings(in: prepared.report)
        let unwanted = findings.map(\.message)
        let goldenImage = spec.output(in: goldenFolder, suffix: ".png")
        if skipsUnchanged, !sampled, findings.isEmpty, let golden, golden.wasMade(from: prepared.inputs),
           let unchanged = skip(inputs: prepared.inputs) {
            return unchanged
        }
        let result = try renderer.render(prepared)
        guard let golden else {
            var missing: CheckOutcome.Partial
            if recordMode == .never {
                let images = try writeReport(for: spec, result: result, golden: nil, diff: nil)
                missing = .init(.failed, "no golden image at \(goldenImage) (record it with \(recordAdvice.asking(for: .missing)))", images: images)
                missing.failureKind = .missingGolden
            } else {
                try record(result, for: spec)
                missing = .init(
                    recordMode == .all ? .passed : .failed,
                    "recorded a new golden image at \(goldenImage)" + (recordMode == .all ? "" : "; look at it and commit it"),
                    recorded: true)
                missing.failureKind = recordMode == .all ? nil : .missingGolden
            }
            missing.goldenWasMissing = true
            return missing.namingFailOn(findings)
        }
        if recordMode == .all {
            try record(result, for: spec)
            return .init(.passed, "re-recorded \(goldenImage)", recorded: true)
        }
        let comparison: ImageFileComparison
        let choice = ComparisonChoice(given: tolerance, golden: golden.fingerprint, actual: result.fingerprint)
        do {
            comparison = try ImageFileComparison(
                expected: golden.image, actual: result.png, expectedName: goldenImage, actualName: spec.path, tolerance: choice.tolerance,
                actualIsReadable: true)
        } catch {
            return try failure(error.message, result: result, spec: spec, golden: nil, findings: findings)
        }
        if sampled && !comparison.passes {
            return try staleHash(spec: spec, suffix: version.suffix, result: result, golden: golden.image, comparison: comparison)
        }
        var problems = golden.reportProblems + unwanted
        if comparison.passes {
            if !golden.reportProblems.isEmpty {
                return try failure(problems.joined(separator: "; "), result: result, spec: spec, golden: golden.image, findings: findings)
            }
            guard unwanted.isEmpty else {
                // What --fail-on found is the spec's own problem: re-recording the golden would not mend it.
                let images = try writeReport(for: spec, result: result, golden: golden.image, diff: nil)
                var failed = CheckOutcome.Partial(.failed, unwanted.joined(separator: "; "), changes: unwanted, images: images)
                failed.failureKind = findings.first?.kind
                return failed
            }
            var passed = CheckOutcome.Partial(.passed, "")
            passed.sampled = sampled
            passed.toleranceNote = choice.note
            return passed
        }
        let madeWith = golden.fingerprint.map { result.fingerprint.differences(from: $0) } ?? []
        let layout = golden.report.map { LayoutChanges.between(golden: $0, actual: result.report) } ?? []
        // Causes first (what --fail-on found, then the input files, fonts, tiles and libraries that
        // changed), then what the text says, then where things are, then the pixel count.
        if let scale = madeWith.first, scale.hasPrefix("rendered at scale") {
            // Another scale changes every size: say that first, and not the image size it implies.
            problems = [scale] + problems + madeWith.dropFirst() + layout.filter { !$0.hasPrefix("the image is") }
        } else {
            problems += madeWith + layout
        }
        let images = try writeReport(for: spec, result: result, golden: golden.image, diff: comparison.diff?.image)
        var message = (problems.prefix(3) + [comparison.summary]).joined(separator: "; ")
        if recordMode == .failed {
            try record(result, for: spec)
            message += "; re-recorded the golden image"
        }
        var failed = CheckOutcome.Partial(.failed, message, changes: problems + [comparison.summary], recorded: recordMode == .failed, images: images)
        failed.failureKind = findings.first?.kind ?? (comparison.diff?.sizeMismatch != nil ? .size : .pixels)
        failed.toleranceNote = choice.note
        failed.causes = madeWith
        return failed
    }

    /// A spec whose input hash was its golden's, drawn as part of the verification sample, that does not
    /// look as its golden does: the input hash missed an input (SPEC.md, "Comparing, round four"). Never
    /// re-recorded: the golden may be right and this run's inputs what changed unseen.
    private func staleHash(spec: FoundSpec, suffix: String, result: RenderResult, golden: [UInt8], comparison: ImageFileComparison) throws(InfoWinError) -> CheckOutcome.Partial {
        let images = try writeReport(for: spec, result: result, golden: golden, diff: comparison.diff?.image)
        let name = spec.name(without: suffix) + SpecVariant.note(suffix)
        let message = "input hash missed a change: \(name) (drawn: differs from the golden it matched by hash)"
        var failed = CheckOutcome.Partial(.failed, message, changes: [message, comparison.summary], images: images)
        failed.failureKind = .staleHash
        failed.sampled = true
        return failed
    }

    /// A golden that fails for itself (an unreadable image, a layout report that is not its own): reported,
    /// and re-recorded with `--record failed`. What `--fail-on` found too is the failure's kind, and then
    /// re-recording is not suggested: it would not mend the spec.
    private func failure(
        _ problem: String, result: RenderResult, spec: FoundSpec, golden: [UInt8]?, findings: [FailOnFinding]
    ) throws(InfoWinError) -> CheckOutcome.Partial {
        let images = try writeReport(for: spec, result: result, golden: golden, diff: nil)
        var failed: CheckOutcome.Partial
        if recordMode == .failed {
            try record(result, for: spec)
            failed = .init(.failed, problem + "; re-recorded the golden image", changes: [problem], recorded: true, images: images)
        } else {
            failed = .init(.failed, problem + (findings.isEmpty ? " (re-record it with \(recordAdvice.asking(for: .failed)))" : ""), changes: [problem], images: images)
        }
        failed.failureKind = findings.first?.kind ?? .error
        return failed
    }

    private func record(_ result: RenderResult, for spec: FoundSpec) throws(InfoWinError) {
        try OutputWriter.write([
            spec.outputFile(in: goldenFolder, suffix: ".png", bytes: result.png),
            spec.outputFile(in: goldenFolder, suffix: ".layout.json", bytes: Array(result.report.text.utf8)),
        ], creatingFolders: true)
    }

    private func writeReport(for spec: FoundSpec, result: RenderResult, golden: [UInt8]?, diff: PixelImage?) throws(InfoWinError) -> ReportImages? {
        guard let reportFolder else { return nil }
        let stem = spec.stem
        let expected = golden.map { _ in stem + ".expected.png" }
        let difference = diff.map { _ in stem + ".diff.png" }
        let actual = stem + ".actual.png"
        var files = [
            OutputFile(inside: reportFolder, at: actual, bytes: result.png),
            OutputFile(inside: reportFolder, at: CheckResults.Images.layoutReport(of: actual), bytes: Array(result.report.text.utf8)),
        ]
        if let golden, let expected { files.append(OutputFile(inside: reportFolder, at: expected, bytes: golden)) }
        if let diff, let difference { files.append(OutputFile(inside: reportFolder, at: difference, bytes: try diff.pngData())) }
        try OutputWriter.write(files, creatingFolders: true)
        return ReportImages(expected: expected, actual: actual, difference: difference)
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
        var outOfMemory = false
        var errorKind: InfoWinError.Kind?
        var goldenWasMissing = false
        var failureKind: FailureKind?
        var skipped = false
        var sampleRank: UInt64?
        var sampled = false
        var toleranceNote: String?
        var causes: [String] = []
        var warnings: [String] = []
        var silenced = 0

        init(_ status: Status, _ message: String, changes: [String] = [], recorded: Bool = false, images: ReportImages? = nil) {
            self.status = status
            self.message = message
            self.changes = changes
            self.recorded = recorded
            self.images = images
        }

        /// A failure (a missing golden, or one just recorded) with what `--fail-on` found as its kind and
        /// first messages, then what happened to the golden; `--record all` records and passes as before.
        func namingFailOn(_ findings: [FailOnFinding]) -> Partial {
            guard status == .failed, let first = findings.first else { return self }
            var failed = Partial(
                .failed, (findings.map(\.message) + [message]).joined(separator: "; "), changes: findings.map(\.message) + [message],
                recorded: recorded, images: images)
            failed.goldenWasMissing = goldenWasMissing
            failed.failureKind = first.kind
            return failed
        }

        func complete(spec: FoundSpec, variant: String, seconds: Double) -> CheckOutcome {
            var outcome = CheckOutcome(
                spec: spec, status: status, message: message, changes: changes, recorded: recorded, reportImages: images, seconds: seconds)
            outcome.outOfMemory = outOfMemory
            outcome.errorKind = errorKind
            outcome.variant = variant
            outcome.goldenWasMissing = goldenWasMissing
            outcome.failureKind = failureKind
            outcome.skipped = skipped
            outcome.sampleRank = sampleRank
            outcome.sampled = sampled
            outcome.toleranceNote = toleranceNote
            outcome.causes = causes
            outcome.warnings = warnings
            outcome.silenced = silenced
            return outcome
        }
    }
}
