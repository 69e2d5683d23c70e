/// One render job: a spec drawn in every version a command asks for, each variant (locale × data row ×
/// trait, as `settings.variants` gives them) at each whole scale (`--scale 1,2,3`), with the names its
/// files take and the check that no two of them are one file. Every way in to the renderer goes through
/// it: `render` and `batch` draw and name through it; `batch`, `check` and `validate` number their items
/// (every spec in every variant) by it; `serve` lays out one version with `prepare` (to answer 304 before
/// drawing); `play` plays a scenario with `play`; the Swift API's `Renderer.render(_:format:)` draws
/// with `draw`. The options of every render come from `options(for:selection:)` alone. Each step after
/// drawing is called once a render: the renderer stamps the fingerprint and the PNG text chunks as it
/// encodes, and the job gathers what `--fail-on` finds (over every scale, or every frame); no caller goes
/// back to either.
package struct RenderJob: Sendable {
    /// What the command line adds to every spec, its variants among them.
    package var settings: RenderSettings
    /// Whole scales each version is drawn at, each to its own files, or nil for one at the settings' (or
    /// the spec's) scale.
    package var scales: [Int]?

    /// A job for these settings and scales.
    package init(settings: RenderSettings, scales: [Int]? = nil) {
        self.settings = settings
        self.scales = scales
    }

    /// The versions of the spec to draw (`--strings` and `--locale`, `--data`, `--traits`): one plain one by default.
    package var variants: [SpecVariant] { settings.variants }

    /// Each scale asked for, or one nil (the settings' or the spec's scale) when there is no list.
    var eachScale: [Int?] { scales.map { $0.map(Optional.some) } ?? [nil] }

    /// Every version the job makes: each scale of the first variant, then of the next.
    package var versions: [RenderVersion] {
        variants.flatMap { variant in eachScale.map { RenderVersion(variant: variant, scale: $0) } }
    }

    /// How many versions the job makes, without making them (a batch asks for each of 100,000 items).
    package var versionCount: Int { variants.count * (scales?.count ?? 1) }

    /// Version `index` of `versions`, without making the others.
    package func version(_ index: Int) -> RenderVersion {
        let scaleCount = scales?.count ?? 1
        return RenderVersion(variant: variants[index / scaleCount], scale: scales?[index % scaleCount])
    }

    /// True when some version's files take a suffix (a named variant, or a list of scales): only then can
    /// two outputs of different specs come to one name.
    package var suffixesNames: Bool { scales != nil || variants.contains { !$0.nameSuffix.isEmpty } }

    /// `spec` (loaded in `variant`) drawn with `renderer` at each of the job's scales, showing the window
    /// `selection` asks for; what `--fail-on` finds is gathered here, once for the variant.
    package func draw(
        _ spec: Spec, in variant: SpecVariant, selection: Selection = .fromSpec, with renderer: Renderer
    ) throws(InfoWinError) -> DrawnVariant {
        var renders: [DrawnVariant.Render] = []
        for scale in eachScale {
            let version = RenderVersion(variant: variant, scale: scale)
            renders.append(DrawnVariant.Render(version: version, result: try renderer.render(spec, options: options(for: version, selection: selection))))
        }
        return DrawnVariant(renders: renders, problems: settings.failOn.problems(in: renders.map(\.result.report)))
    }

    /// The options `version` is drawn with, showing the window `selection` asks for: the settings'
    /// (`--crop`, `--format`, the tiles…) at the version's scale.
    package func options(for version: RenderVersion, selection: Selection = .fromSpec) -> RenderOptions {
        var options = settings.options(selection: selection)
        options.scale = version.scale.map(Double.init) ?? options.scale
        return options
    }

    /// The spec `source` holds, in `variant`, with the job's settings applied (fonts, asset roots).
    package func load(_ source: SpecSource, in variant: SpecVariant) throws(InfoWinError) -> Spec {
        try settings.loadSpec(source, variant: variant)
    }

    /// `spec` in `version` laid out and its tiles fetched, not yet drawn: `serve` answers 304 from the
    /// prepared input hash before drawing. `adjust` sets what one request chooses beyond the job's
    /// settings (its format, quality, cancellation, a scale that need not be whole).
    package func prepare(
        _ spec: Spec, as version: RenderVersion, selection: Selection = .fromSpec, with renderer: Renderer,
        adjusting adjust: (inout RenderOptions) -> Void = { _ in }
    ) throws(InfoWinError) -> PreparedRender {
        var options = options(for: version, selection: selection)
        adjust(&options)
        return try renderer.prepare(spec, options: options)
    }

    /// Adds the names `outputs` gives each version's files (a name and what the file is, for the message)
    /// to `names`; throws at the first that another output already has.
    package func add(
        to names: inout OutputNames, _ outputs: (RenderVersion) -> [(name: String, owner: String)]
    ) throws(OutputNames.Collision) {
        for version in versions {
            for output in outputs(version) { try names.add(output.name, for: output.owner) }
        }
    }
}

/// One version of a render job's output: a variant at a scale.
package struct RenderVersion: Sendable {
    /// The variant (locale, data row, trait); its name suffix is empty for the spec as it is.
    package let variant: SpecVariant
    /// The whole scale asked for, or nil for the settings' (or the spec's) scale.
    package let scale: Int?

    /// `variant` at `scale` (nil: the settings' or the spec's scale).
    package init(variant: SpecVariant = SpecVariant(), scale: Int? = nil) {
        self.variant = variant
        self.scale = scale
    }

    /// What the version adds to the names of a batch's files: the variant's name suffix, then the scale's,
    /// as asset catalogues have it (`.de@2x`).
    package var suffix: String { variant.nameSuffix + scaleSuffix }

    private var scaleSuffix: String { scale.map(AssetScaleName.suffix) ?? "" }

    /// How messages and `results.json` name the version after its spec: ` [de]`, ` [de@2x]`, ` [@2x]`, or
    /// nothing for the spec as it is.
    package var note: String {
        let variant = variant.nameSuffix.dropFirst()
        return variant.isEmpty && scaleSuffix.isEmpty ? "" : " [\(variant)\(scaleSuffix)]"
    }

    /// `path`, a file named on `render`'s command line, named for this version: out.png → out.de.png →
    /// out.de@2x.png, with the variant's output suffix (a single `--locale de` keeps the name).
    package func name(_ path: String) -> String {
        Path.inserting(scaleSuffix, into: Path.inserting(variant.outputSuffix, into: path))
    }
}

/// One variant of a spec drawn at every scale of its job, and what `--fail-on` finds in any of them.
package struct DrawnVariant: Sendable {
    /// One scale's render.
    package struct Render: Sendable {
        /// The variant and scale it is.
        package let version: RenderVersion
        /// Its image and layout report.
        package let result: RenderResult

        /// The layout report's bytes, as its file holds them.
        package var reportBytes: [UInt8] { Array(result.report.text.utf8) }
    }

    /// Every scale's render, in the order asked.
    package let renders: [Render]
    /// The `--fail-on` problems of every render, each once, in the order found.
    package let problems: [String]

    /// The warnings of every render, in order.
    package var warnings: [String] { renders.flatMap(\.result.report.warnings) }

    /// The warnings of every render, in order, but those `quiet` silences, and how many lines it silenced.
    package func warnings(quieting quiet: Set<WarningKind>) -> (shown: [String], silenced: Int) {
        renders.reduce(into: (shown: [String](), silenced: 0)) { all, render in
            let one = render.result.report.warnings(quieting: quiet)
            all.shown += one.shown
            all.silenced += one.silenced
        }
    }
}
