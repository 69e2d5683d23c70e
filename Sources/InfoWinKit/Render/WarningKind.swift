/// The kinds of render warning `--quiet KIND,…` (and `quiet` in `infowin.json`) silences (SPEC.md, "Shards
/// by render, causes, CI engines"). Each warning gets its kind where it is made (`Scene`, the tile
/// provider, the basemap), so no warning's wording decides it; warnings of no kind (an untranslated string,
/// a missing glyph, a pin scale the look ignores) cannot be silenced.
package enum WarningKind: String, CaseIterable, Sendable {
    /// A marker or a window the canvas cuts or leaves out.
    case offCanvas = "off-canvas"
    /// A map tile (raster, vector or a basemap's raster source) that is not drawn.
    case missingTiles = "missing-tiles"
    /// A custom window or contents larger than the 500 pt the Maps SDK allows.
    case largeWindow = "large-window"
    /// What a basemap's style leaves out or cannot draw (layers, properties, sprites, patterns, labels).
    case basemapStyle = "basemap-style"

    /// One line for each kind, for `--help` and the guide.
    package var summary: String {
        switch self {
        case .offCanvas: "a marker or a window the canvas cuts or leaves out"
        case .missingTiles: "a map tile that is not drawn"
        case .largeWindow: "a custom window over the Maps SDK's 500 pt"
        case .basemapStyle: "what a basemap's style leaves out or cannot draw"
        }
    }

    /// The kinds as a list for messages: `off-canvas, missing-tiles, large-window or basemap-style`.
    package static var names: String {
        let all = allCases.map(\.rawValue)
        return all.dropLast().joined(separator: ", ") + " or " + (all.last ?? "")
    }

    /// The kinds in `text` (`off-canvas,missing-tiles`), or the name that is none with what is expected.
    package static func parse(list text: String) -> Result<Set<WarningKind>, QuietKindError> {
        var kinds = Set<WarningKind>()
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map({ String($0).trimmingSpaces }) {
            guard let kind = WarningKind(rawValue: name) else { return .failure(QuietKindError(name: name)) }
            kinds.insert(kind)
        }
        return .success(kinds)
    }
}

/// A name `--quiet` or `quiet` does not know.
package struct QuietKindError: Error, Sendable {
    /// The name as given.
    package let name: String

    /// `expected off-canvas, missing-tiles, large-window or basemap-style, got 'x'`.
    package var message: String {
        "expected a warning kind (\(WarningKind.names)), got '\(name.abbreviated(60))'"
    }
}

/// The kinds of a report's warnings, one for each (nil for a warning of no kind). Not part of what the
/// report says (its file does not hold them), so any two are equal: a report read back from its file
/// equals the one written.
struct WarningKinds: Sendable, Equatable {
    package var list: [WarningKind?]

    package init(_ list: [WarningKind?] = []) {
        self.list = list
    }

    package static func == (_: WarningKinds, _: WarningKinds) -> Bool { true }
}

extension LayoutReport {
    /// The warnings shown and how many lines `quiet` silenced: a warning whose kind is among `quiet` is
    /// left out. A report read from a file knows no kinds and silences nothing.
    package func warnings(quieting quiet: Set<WarningKind>) -> (shown: [String], silenced: Int) {
        guard !quiet.isEmpty, warningKinds.list.count == warnings.count else { return (warnings, 0) }
        var shown: [String] = []
        for (warning, kind) in zip(warnings, warningKinds.list) where !(kind.map(quiet.contains) ?? false) {
            shown.append(warning)
        }
        return (shown, warnings.count - shown.count)
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
