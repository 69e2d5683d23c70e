import InfoWinKit

/// What fails a snapshot that matches its golden all the same (`failOn:`), as `infowin check --fail-on`;
/// each raw value is the option's name for it.
public enum SnapshotProblem: String, Sendable, Hashable, CaseIterable {
    /// Shown text was cut: a title, snippet or text view left characters out or shows "…".
    case truncated
    /// The canvas cuts the window, or a text drawn whole is cut by a box lower (or narrower) than it.
    case clipped
    /// A character no font has is drawn as a box.
    case missingGlyphs = "missing-glyphs"
    /// The map's tile source lacks a tile the map needs.
    case missingTiles = "missing-tiles"
    /// A catalog string was shown from a fallback (a missing key or locale, or an unfinished translation).
    case untranslated

    /// The command line's `--fail-on` set for `problems` (the raw values are its names).
    static func failOn(_ problems: Set<SnapshotProblem>) -> FailOn {
        guard case .success(let failOn) = FailOn.parse(problems.map(\.rawValue).sorted().joined(separator: ",")) else { return FailOn() }
        return failOn
    }
}
