/// A render job's scenario: `play` draws a spec's events frame by frame, each frame with the job's options
/// for its one version, and gathers what `--fail-on` finds over every frame, as `draw` does over scales.
extension RenderJob {
    /// `spec`'s scenario played with `renderer`, each frame drawn as `version` is.
    package func play(_ spec: Spec, as version: RenderVersion = RenderVersion(), with renderer: Renderer) throws(InfoWinError) -> PlayedScenario {
        let options = options(for: version)
        let run = try ScenarioPlayer(renderer: renderer, scale: options.scale, compression: options.compression).play(spec)
        return PlayedScenario(run: run, problems: settings.failOn.problems(in: run.frames.map(\.report)))
    }
}

/// A scenario a render job played, and what `--fail-on` finds in any of its frames.
package struct PlayedScenario: Sendable {
    /// The frames, delegate calls and warnings.
    package let run: ScenarioRun
    /// The `--fail-on` problems of every frame, each once, in the order found.
    package let problems: [String]
}
