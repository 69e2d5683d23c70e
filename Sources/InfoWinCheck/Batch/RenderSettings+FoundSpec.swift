import InfoWinKit

/// Rendering a spec file as batches find them: a regular file inside its folder.
extension RenderSettings {
    /// Loads and renders the spec file `spec` (a regular file inside its folder: batches use it).
    package func render(
        _ spec: FoundSpec, with renderer: Renderer, selection: Selection = .fromSpec, variant: SpecVariant = SpecVariant()
    ) throws(InfoWinError) -> RenderResult {
        try renderer.render(try prepare(spec, with: renderer, selection: selection, variant: variant))
    }

    /// Loads the spec file `spec` and lays it out as `render` would, without drawing: its report and input hash.
    package func prepare(
        _ spec: FoundSpec, with renderer: Renderer, selection: Selection = .fromSpec, variant: SpecVariant = SpecVariant()
    ) throws(InfoWinError) -> PreparedRender {
        try renderer.prepare(try loadSpec(spec, variant: variant), options: options(selection: selection))
    }

    /// Reads and validates the spec file `spec` (a regular file inside its folder, as batches find them).
    package func loadSpec(_ spec: FoundSpec, variant: SpecVariant = SpecVariant()) throws(InfoWinError) -> Spec {
        try loadSpec(spec.path, allowingPipes: false, confinedTo: spec.root, variant: variant)
    }
}
