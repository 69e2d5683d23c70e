/// Why a spec fails (SPEC.md, "Reports and review"); JUnit's `type` is its raw value.
package enum FailureKind: String, Sendable, CaseIterable {
    case pixels, size
    case missingGolden = "missing-golden"
    case truncated, clipped
    case missingGlyphs = "missing-glyphs"
    case missingTiles = "missing-tiles"
    case untranslated, error
    /// A spec skipped by its input hash, drawn by the verification sample, that differs from its golden.
    case staleHash = "stale-hash"
    /// The spec's worker process died while checking it (a signal, the OOM killer): status `error`.
    case crash

    /// True for the kinds `--fail-on` asks about: the spec's own problem, which re-recording cannot mend.
    var isFailOn: Bool {
        switch self {
        case .truncated, .clipped, .missingGlyphs, .missingTiles, .untranslated: true
        case .pixels, .size, .missingGolden, .error, .staleHash, .crash: false
        }
    }
}
