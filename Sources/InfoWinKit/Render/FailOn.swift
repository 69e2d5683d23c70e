/// `--fail-on truncated,clipped,missing-glyphs,missing-tiles`: what makes a spec that rendered fail anyway,
/// so that CI catches cut text, cut windows, boxes instead of characters and holes in the map (SPEC.md,
/// "More commands and options", "Map tiles, round two").
package struct FailOn: OptionSet, Sendable, Hashable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Shown text was cut: a title, snippet or text view left characters out or shows "…".
    package static let truncated = FailOn(rawValue: 1)
    /// The canvas cuts the window, or a text drawn whole is cut by a box lower (or narrower) than it.
    package static let clipped = FailOn(rawValue: 2)
    /// A character no font has is drawn as a box.
    package static let missingGlyphs = FailOn(rawValue: 4)
    /// The map's tile source lacks a tile the map needs: the background shows there.
    static let missingTiles = FailOn(rawValue: 8)
    /// A catalog string was shown from a fallback (`--strings`): a missing key or locale, or an
    /// unfinished translation.
    package static let untranslated = FailOn(rawValue: 16)

    /// The names on the command line.
    package static let names: [(String, FailOn)] = [
        ("truncated", .truncated), ("clipped", .clipped), ("missing-glyphs", .missingGlyphs), ("missing-tiles", .missingTiles),
        ("untranslated", .untranslated),
    ]

    /// Parses `truncated,clipped,missing-glyphs,missing-tiles` (any of them, comma-separated); nil with the bad name.
    package static func parse(_ text: String) -> Result<FailOn, FailOnParseError> {
        var result = FailOn()
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map({ String($0) }) {
            guard let match = names.first(where: { $0.0 == name }) else {
                return .failure(FailOnParseError(name: name, suggestion: closestName(to: name, among: names.map(\.0))))
            }
            result.insert(match.1)
        }
        return .success(result)
    }

    /// Each problem of a render that this asks to fail on, as `marker "store": snippet cut after 5 lines
    /// ("…Regensburg…")`, in the report's order.
    package func problems(in report: LayoutReport) -> [String] {
        findings(in: report).map(\.message)
    }

    /// The problems of several renders of one spec (its scales, a scenario's frames), each once, in the
    /// order found.
    package func problems(in reports: [LayoutReport]) -> [String] {
        var problems: [String] = []
        for report in reports { problems += self.problems(in: report).filter { !problems.contains($0) } }
        return problems
    }

    /// Each problem of a render that this asks to fail on, with the kind of failure it is.
    package func findings(in report: LayoutReport) -> [FailOnFinding] {
        var problems: [FailOnFinding] = []
        let window = report.infoWindow
        let marker = window.map { "marker \(JSONWriter.quoted($0.marker))" } ?? ""
        if contains(.truncated), let window {
            for (name, text) in [("title", window.title), ("snippet", window.snippet)] {
                if let text, let problem = Self.cut(text, named: name) { problems.append(FailOnFinding(.truncated, "\(marker): \(problem)")) }
            }
            for (index, text) in window.texts.enumerated() {
                if let problem = Self.cut(text, named: "text view \(index + 1)") { problems.append(FailOnFinding(.truncated, "\(marker): \(problem)")) }
            }
        }
        if contains(.truncated) {
            for icon in report.markers {
                let owner = "marker \(JSONWriter.quoted(icon.id))"
                for (index, text) in (icon.texts ?? []).enumerated() {
                    if let problem = Self.cut(text, named: "icon view text \(index + 1)") { problems.append(FailOnFinding(.truncated, "\(owner): \(problem)")) }
                }
                if case .text(let glyph, _)? = icon.pin?.glyph, let problem = Self.cut(glyph, named: "pin glyph") {
                    problems.append(FailOnFinding(.truncated, "\(owner): \(problem)"))
                }
            }
        }
        if contains(.clipped), let window {
            for edge in window.clipped {
                problems.append(FailOnFinding(.clipped, "\(marker): the info window is cut by the \(edge) edge of the canvas"))
            }
            for (index, text) in window.texts.enumerated() {
                if let problem = Self.boxCut(text, named: "text view \(index + 1)") { problems.append(FailOnFinding(.clipped, "\(marker): \(problem)")) }
            }
        }
        if contains(.clipped) {
            for icon in report.markers {
                for (index, text) in (icon.texts ?? []).enumerated() {
                    let owner = "marker \(JSONWriter.quoted(icon.id))"
                    if let problem = Self.boxCut(text, named: "icon view text \(index + 1)") { problems.append(FailOnFinding(.clipped, "\(owner): \(problem)")) }
                }
            }
        }
        if contains(.missingGlyphs) {
            for glyph in report.missingGlyphs {
                problems.append(FailOnFinding(.missingGlyphs, "marker \(JSONWriter.quoted(glyph.marker)): no font can draw the character \(glyph.character)"))
            }
        }
        if contains(.missingTiles), let missing = report.missingTiles {
            problems.append(FailOnFinding(.missingTiles, missing.line))
        }
        if contains(.untranslated) {
            problems += report.untranslated.map { FailOnFinding(.untranslated, $0.message) }
        }
        return problems
    }

    /// `text view 1 is clipped by its box ("Open until 9 pm")` for a text drawn whole in a box that cannot
    /// hold it (`"clipped": true`), else nil.
    private static func boxCut(_ text: LayoutReport.Text, named name: String) -> String? {
        guard text.clipped else { return nil }
        return "\(name) is clipped by its box (\"\(text.lines.joined(separator: " ").abbreviated(40))\")"
    }

    /// `snippet cut after 5 lines ("…Regensburg…")` for a cut text, else nil.
    private static func cut(_ text: LayoutReport.Text, named name: String) -> String? {
        guard text.truncated else { return nil }
        let last = text.lines.last ?? ""
        let tail = last.hasSuffix("…") ? String(last.dropLast()) : last
        let words = tail.split(separator: " ").suffix(2).joined(separator: " ")
        return "\(name) cut after \(Format.count(text.lines.count, "line")) (\"…\(words.abbreviated(40))…\")"
    }
}

/// A `--fail-on` name that is not one.
package struct FailOnParseError: Error, Sendable {
    /// The name given.
    package let name: String
    /// The nearest known name, if one is near.
    package let suggestion: String?
}

/// One problem `--fail-on` found: its kind (JUnit's `type`) and its message.
package struct FailOnFinding: Sendable, Equatable {
    package let kind: FailureKind
    package let message: String

    init(_ kind: FailureKind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
