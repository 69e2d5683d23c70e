import InfoWinKit

/// Reading a spec file as batches find them: a regular file inside its folder.
extension RenderSettings {
    /// Reads and validates the spec file `spec` (a regular file inside its folder, as batches find them).
    package func loadSpec(_ spec: FoundSpec, variant: SpecVariant = SpecVariant()) throws(InfoWinError) -> Spec {
        try loadSpec(spec.path, allowingPipes: false, confinedTo: spec.root, variant: variant)
    }
}
