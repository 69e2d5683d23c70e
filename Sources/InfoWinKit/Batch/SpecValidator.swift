/// What validating one spec found.
public struct ValidationOutcome: Sendable {
    /// The spec.
    public let spec: FoundSpec
    /// Why it is invalid (decoding, assets, fonts or layout), or nil.
    public let error: InfoWinError?
    /// What `--fail-on` asks to fail on, each naming the marker and the text.
    public let problems: [String]
    /// Its layout's warnings.
    public let warnings: [String]

    /// True when the spec decoded, laid out and has no problem `--fail-on` asked about.
    public var isValid: Bool { error == nil && problems.isEmpty }
}

/// `infowin validate`: decodes every spec, resolves its assets and fonts and lays it out, without drawing
/// or writing anything, in parallel; outcomes come in the specs' order whatever the number of jobs.
public struct SpecValidator: Sendable {
    /// What the command line adds to every spec.
    public var settings: RenderSettings
    /// How many threads work.
    public var jobs: Int
    /// What makes a spec that lays out fail anyway.
    public var failOn: FailOn

    /// A validator.
    public init(settings: RenderSettings, jobs: Int, failOn: FailOn) {
        self.settings = settings
        self.jobs = jobs
        self.failOn = failOn
    }

    /// Validates `specs`; `finished` sees each outcome as it comes.
    public func validate(
        _ specs: [FoundSpec], finished: @escaping @Sendable (_ outcome: ValidationOutcome, _ done: Int) -> Void = { _, _ in }
    ) -> [ValidationOutcome] {
        let settings = self.settings, failOn = self.failOn
        return ParallelRunner.run(count: specs.count, jobs: jobs, work: { index, renderer in
            let spec = specs[index]
            do throws(InfoWinError) {
                let report = try renderer.report(try settings.loadSpec(spec.path, allowingPipes: false), options: settings.options())
                return ValidationOutcome(spec: spec, error: nil, problems: failOn.problems(in: report), warnings: report.warnings)
            } catch {
                return ValidationOutcome(spec: spec, error: error, problems: [], warnings: [])
            }
        }, finished: { _, outcome, done in finished(outcome, done) }).compactMap { $0 }
    }
}
