import InfoWinKit

/// A render job over many specs, as `batch`, `check` and `validate` run it: every spec in every version
/// (variant × scale), numbered, one render an item, and `batch`'s files named `DIR/<relative path>.de@2x.png`
/// and `.de@2x.layout.json`.
extension RenderJob {
    /// How many items `specs` make: each spec once per version (variant × scale).
    package func itemCount(of specs: some FoundSpecs) -> Int { specs.count * versionCount }

    /// Item `index` of `specs`: every version of the first spec, then of the next, in the specs' order.
    package func item(_ index: Int, of specs: some FoundSpecs) -> (spec: FoundSpec, variant: SpecVariant) {
        (specs[specIndex(ofItem: index)], version(ofItem: index).variant)
    }

    /// The version (variant and scale) item `index` draws.
    package func version(ofItem index: Int) -> RenderVersion { version(index % versionCount) }

    /// Item `index`'s name, as `results.json` names its entry and `--timings` matches it: the spec's
    /// relative path and its version (`pickup.json [de]`, `pickup.json [de@2x]`).
    package func renderName(_ index: Int, of specs: some FoundSpecs) -> String {
        specs[specIndex(ofItem: index)].relativePath + version(ofItem: index).note
    }

    /// The index in the specs of item `index`'s spec.
    package func specIndex(ofItem index: Int) -> Int { index / versionCount }

    /// The job that draws item `index`'s one version: its scale alone (a batch writes each render's files
    /// by themselves, so a shard may hold one scale of a spec and another shard the next).
    package func drawing(ofItem index: Int) -> RenderJob {
        RenderJob(settings: settings, scales: version(ofItem: index).scale.map { [$0] })
    }

    /// The extension of the job's images, with its dot (`.png`).
    private var imageExtension: String { "." + settings.drawing.format.fileExtension }

    /// `drawn`'s image and layout report for each scale as `spec`'s files in `folder`, each named for its version.
    package func files(of drawn: DrawnVariant, for spec: FoundSpec, in folder: String) -> [OutputFile] {
        drawn.renders.flatMap { render in
            [
                spec.outputFile(in: folder, suffix: render.version.suffix + imageExtension, bytes: render.result.bytes),
                spec.outputFile(in: folder, suffix: render.version.suffix + ".layout.json", bytes: render.reportBytes),
            ]
        }
    }

    /// Two specs whose outputs in `folder` would have one name once a scale's or variant's suffix is added
    /// (`a.json` at `@2x` and `a@2x.json` at 1×), or nil; specs with the same relative path are
    /// `BatchRenderer.clashes`, not this.
    func nameCollision(in specs: some FoundSpecs, to folder: String) -> OutputNames.Collision? {
        // With no suffix added, outputs are named by the specs' stems, which `clashes` already compares.
        guard suffixesNames else { return nil }
        let clashes = BatchRenderer.clashes(in: specs)
        var names = OutputNames()
        for (index, spec) in specs.enumerated() where clashes[index] == nil {
            do throws(OutputNames.Collision) {
                try add(to: &names) { version in
                    let owner = spec.path + (version.variant.nameSuffix.isEmpty ? "" : " for \(version.variant.nameSuffix.dropFirst())")
                        + (version.scale.map { " at scale \($0)" } ?? "")
                    return [(spec.output(in: folder, suffix: version.suffix + imageExtension), owner)]
                }
            } catch {
                return error
            }
        }
        return nil
    }
}
