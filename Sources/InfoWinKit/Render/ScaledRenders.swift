/// One spec drawn at every scale a command asks for (`--scale 1,2,3`), the one render loop of `render`,
/// `batch` and `check`: each scale's result in order, and what `--fail-on` finds in any of them.
package struct ScaledRenders: Sendable {
    /// One scale's render.
    package struct Render: Sendable {
        /// The whole scale asked for, or nil for the settings' (or the spec's) scale.
        package let scale: Int?
        /// Its image and layout report.
        package let result: RenderResult
    }

    /// Every scale's render, in the order asked.
    package let renders: [Render]
    /// The `--fail-on` problems of every render, each once, in the order found.
    package let problems: [String]

    /// Each whole scale of `scales`, or one nil (the settings' or the spec's scale) when there are none.
    package static func each(_ scales: [Int]?) -> [Int?] { scales.map { $0.map(Optional.some) } ?? [nil] }

    /// The warnings of every render, in order.
    package var warnings: [String] { renders.flatMap(\.result.report.warnings) }
}

extension RenderSettings {
    /// `spec` drawn with `renderer` at each of `scales` (nil: once, at the settings' scale), showing the
    /// window `selection` asks for.
    package func render(
        _ spec: Spec, atScales scales: [Int]?, selection: Selection = .fromSpec, with renderer: Renderer
    ) throws(InfoWinError) -> ScaledRenders {
        var renders: [ScaledRenders.Render] = []
        var problems: [String] = []
        for scale in ScaledRenders.each(scales) {
            var options = options(selection: selection)
            options.scale = scale.map(Double.init) ?? options.scale
            let result = try renderer.render(spec, options: options)
            renders.append(ScaledRenders.Render(scale: scale, result: result))
            problems += failOn.problems(in: result.report).filter { !problems.contains($0) }
        }
        return ScaledRenders(renders: renders, problems: problems)
    }
}
