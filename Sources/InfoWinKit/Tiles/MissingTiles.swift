/// The tiles one render's source does not have, named in one line: the warning, and the problem
/// `--fail-on missing-tiles` reports.
package struct MissingTiles: Sendable, Equatable {
    /// The source as the spec names it.
    package let source: String
    /// The tiles missing, in the order of the plan.
    package let tiles: [TileID]
    /// Why, when the source says (`HTTP 404`, `--offline`), each once.
    let reasons: [String]

    /// The most tiles the line names; the rest are counted.
    static let shownLimit = 10

    /// `3 map tiles missing from tiles/{z}/{x}/{y}.png: 13/4093/2722, 13/4094/2722, 13/4091/2723`, the list
    /// cut after ten tiles (`and 5 more`), the reasons after it in brackets.
    package var line: String {
        var names = tiles.prefix(Self.shownLimit).map(\.name).joined(separator: ", ")
        if tiles.count > Self.shownLimit { names += " and \(Format.grouped(tiles.count - Self.shownLimit)) more" }
        let why = reasons.isEmpty ? "" : " (\(reasons.joined(separator: "; ")))"
        return "\(Format.count(tiles.count, "map tile")) missing from \(source): \(names)\(why)"
    }
}
