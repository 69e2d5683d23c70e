import InfoWinKit

/// How a golden is compared (SPEC.md, "Comparing, round four"): exactly when this very renderer drew it
/// (the same build and library versions, named in its text chunks), so that any changed pixel fails; with
/// the tolerance when another build or other libraries drew it, or something that is not infowin; and
/// always with the tolerance the user chose, when one was chosen.
struct ComparisonChoice: Sendable {
    /// The tolerance the comparison uses.
    package let tolerance: DiffTolerance
    /// The sentence saying the tolerance was used and why, naming both renderers; nil when the comparison
    /// is exact or the user chose the tolerance.
    package let note: String?

    /// The choice for a golden whose fingerprint is `golden` (nil: not made by infowin), compared with an
    /// image whose fingerprint is `actual`, `given` the tolerance of the command line or the config file.
    package init(given: DiffTolerance, golden: Fingerprint?, actual: Fingerprint) {
        if given.isExplicit {
            tolerance = given
            note = nil
        } else if let golden, actual.isSameRenderer(as: golden) {
            tolerance = .exact
            note = nil
        } else {
            tolerance = given
            let made = golden.map { "goldens made by \($0.rendererName(beside: actual))" } ?? "goldens without infowin's text chunks"
            note = "\(made), this run \(actual.rendererName(beside: golden)): compared with tolerance \(JSONWriter.format(given.threshold))"
        }
    }
}
