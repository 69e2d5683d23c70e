import InfoWinKit

/// What became of one spec of a batch.
package struct BatchOutcome: Sendable {
    /// The spec.
    package let spec: FoundSpec
    /// Why it failed, or nil when its image and report were written.
    package let error: InfoWinError?
    /// Its render's warnings.
    package let warnings: [String]
    /// The version's name suffix (`.de`, `.row-id`, `.de@2x`), empty for the spec as it is.
    package var variant = ""
    /// What `--fail-on` asks to fail on, each naming the marker and the text (the files are written).
    package var problems: [String] = []
    /// How many warning lines `--quiet` silenced.
    package var silenced = 0

    /// True when it was written and has no problem `--fail-on` asked about.
    package var succeeded: Bool { error == nil && problems.isEmpty }
}

/// Renders many specs into a folder of images (PNG unless the settings ask for another format) with their layout reports beside them, in parallel; the bytes
/// of every output are the same whatever the number of jobs. A failing spec does not stop the others.
package struct BatchRenderer: Sendable {
    /// What the command line adds to every spec.
    package var settings: RenderSettings
    /// How many threads render.
    package var jobs: Int
    /// Whole scales each spec is rendered at, each to its own files (`x.png`, `x@2x.png`, `x@2x.layout.json`),
    /// or nil for one file at the settings' scale.
    package var scales: [Int]?

    /// A batch renderer.
    package init(settings: RenderSettings, jobs: Int, scales: [Int]? = nil) {
        self.settings = settings
        self.jobs = jobs
        self.scales = scales
    }

    /// Renders `specs` to `DIR/<relative path>.png` (or the settings' format's extension) and `.layout.json`,
    /// once per scale when there are `scales`, each render's files all or none; `finished` sees each outcome as it
    /// comes, and `hooks` each item as it starts and ends.
    package func render(
        _ specs: some FoundSpecs, to folder: String, hooks: BatchHooks<BatchOutcome> = BatchHooks(),
        finished: @escaping @Sendable (_ outcome: BatchOutcome, _ done: Int) -> Void = { _, _ in }
    ) -> [BatchOutcome] {
        let clashes = BatchRenderer.clashes(in: specs)
        let job = self.job
        // Every spec in every version (locale, data row, trait, scale), in the specs' order: one render an item.
        return hooks.run(count: job.itemCount(of: specs), jobs: jobs, item: { BatchItem(numbered: $0, specs: specs, job: job) }, work: { index, renderer in
            let (spec, variant) = job.item(index, of: specs)
            let suffix = job.version(ofItem: index).suffix
            if let first = clashes[job.specIndex(ofItem: index)] {
                return BatchOutcome(
                    spec: spec,
                    error: .io(file: spec.path, message: "its outputs would overwrite those of \(first) (both are \(spec.relativePath))"),
                    warnings: [], variant: suffix)
            }
            do throws(InfoWinError) {
                let one = job.drawing(ofItem: index)
                let drawn = try one.draw(try job.settings.loadSpec(spec, variant: variant), in: variant, with: renderer)
                try OutputWriter.write(one.files(of: drawn, for: spec, in: folder), creatingFolders: true)
                let warnings = drawn.warnings(quieting: job.settings.quiet)
                var outcome = BatchOutcome(spec: spec, error: nil, warnings: warnings.shown, variant: suffix, problems: drawn.problems)
                outcome.silenced = warnings.silenced
                return outcome
            } catch {
                return BatchOutcome(spec: spec, error: error, warnings: [], variant: suffix)
            }
        }, retryAlone: { $0.error?.isOutOfMemory == true }, finished: finished)
    }

    /// The render job each spec is: the settings' variants at the scales.
    package var job: RenderJob { RenderJob(settings: settings, scales: scales) }

    /// Two specs whose outputs would have one name once a scale's or variant's suffix is added (`a.json` at
    /// `@2x` and `a@2x.json` at 1×), or nil; specs with the same relative path are `clashes`, not this.
    package func nameCollision(in specs: some FoundSpecs, to folder: String) -> OutputNames.Collision? {
        job.nameCollision(in: specs, to: folder)
    }

    /// For each spec whose relative path an earlier one already has, the earlier one's path. The specs are
    /// grouped by a hash of their stems, sorted (16 bytes a spec), and only those with equal hashes compared:
    /// no stem is copied (a dictionary of 100,000 stems was a fifth of a worker's memory).
    static func clashes(in specs: some FoundSpecs) -> [Int: String] {
        func stem(_ index: Int) -> Substring {
            let path = specs[index].relativePath
            return path.hasSuffix(".json") ? path.dropLast(5) : path[...]
        }
        var keyed = specs.indices.map { index in (hash: stem(index).hashValue, index: index) }
        keyed.sort { ($0.hash, $0.index) < ($1.hash, $1.index) }
        var clashes: [Int: String] = [:]
        var start = 0
        while start < keyed.count {
            var end = start + 1
            while end < keyed.count && keyed[end].hash == keyed[start].hash { end += 1 }
            // A run of equal hashes, in the specs' order: each clashes with the first before it of its stem.
            let run = keyed[start..<end].map(\.index)
            for (position, index) in run.enumerated().dropFirst() {
                if let first = run[..<position].first(where: { stem($0) == stem(index) }) { clashes[index] = specs[first].path }
            }
            start = end
        }
        return clashes
    }
}
