import InfoWinKit

/// What validating one spec found.
package struct ValidationOutcome: Sendable {
    /// The spec.
    package let spec: FoundSpec
    /// Why it is invalid (decoding, assets, fonts or layout), or nil.
    package let error: InfoWinError?
    /// What `--fail-on` asks to fail on, each naming the marker and the text.
    package let problems: [String]
    /// Its layout's warnings.
    package let warnings: [String]
    /// The variant's name suffix (`.de`, `.row-id`), empty for the spec as it is.
    package var variant = ""
    /// How many warning lines `--quiet` silenced.
    package var silenced = 0

    /// True when the spec decoded, laid out and has no problem `--fail-on` asked about.
    var isValid: Bool { error == nil && problems.isEmpty }
}

/// `infowin validate`: decodes every spec, resolves its assets and fonts and lays it out, without drawing
/// or writing anything, in parallel; outcomes come in the specs' order whatever the number of jobs.
package struct SpecValidator: Sendable {
    /// What the command line adds to every spec, `--fail-on` (what makes a spec that lays out fail anyway)
    /// among it.
    package var settings: RenderSettings
    /// How many threads work.
    package var jobs: Int

    /// A validator.
    package init(settings: RenderSettings, jobs: Int) {
        self.settings = settings
        self.jobs = jobs
    }

    /// Validates `specs`; `finished` sees each outcome as it comes, and `hooks` each item as it starts and ends.
    package func validate(
        _ specs: some FoundSpecs, hooks: BatchHooks<ValidationOutcome> = BatchHooks(),
        finished: @escaping @Sendable (_ outcome: ValidationOutcome, _ done: Int) -> Void = { _, _ in }
    ) -> [ValidationOutcome] {
        let settings = self.settings, failOn = settings.failOn, job = RenderJob(settings: settings)
        return hooks.run(count: job.itemCount(of: specs), jobs: jobs, item: { BatchItem(numbered: $0, specs: specs, job: job) }, work: { index, renderer in
            let (spec, variant) = job.item(index, of: specs)
            do throws(InfoWinError) {
                let loaded = try settings.loadSpec(spec, variant: variant)
                if let tiles = loaded.map.tiles { try settings.tiles.checkSource(tiles, file: loaded.file) }
                let report = try renderer.report(loaded, options: settings.options())
                let warnings = report.warnings(quieting: settings.quiet)
                var outcome = ValidationOutcome(
                    spec: spec, error: nil, problems: failOn.problems(in: report), warnings: warnings.shown, variant: variant.nameSuffix)
                outcome.silenced = warnings.silenced
                return outcome
            } catch {
                return ValidationOutcome(spec: spec, error: error, problems: [], warnings: [], variant: variant.nameSuffix)
            }
        }, finished: finished)
    }
}
