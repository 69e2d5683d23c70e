import TileIO

/// The vector tiles of one picture: those decoded, those missing and why, the warnings naming them, and
/// a digest of every tile's bytes for the input hash.
struct FetchedVectorTiles: Sendable {
    /// The tileset, as the spec names it.
    package let source: String
    /// The tiles decoded, by id.
    package private(set) var tiles: [TileID: VectorTile] = [:]
    /// The tiles not drawn, in the order asked, and why: absent from the tileset (`not in the
    /// tileset`, `HTTP 404`…) or unreadable (the decoder's message).
    package private(set) var missing: [(tile: TileID, reason: String)] = []
    /// A warning naming each unreadable tile; tiles merely absent are named together by `missingTiles`.
    package private(set) var unreadableWarnings: [String] = []
    /// The first tile decoded, in the order asked: the one whose layers tell the schema when the
    /// metadata lists none.
    package private(set) var firstTile: VectorTile?
    private var absent: [TileID] = []
    private var absentReasons: [String] = []
    private var digestText: String

    init(source: String) {
        self.source = source
        digestText = source
    }

    /// Every tile missing (absent or unreadable) in one line, as `--fail-on missing-tiles` and the layout
    /// report count them, or nil when none is.
    var missingTiles: MissingTiles? {
        guard !missing.isEmpty else { return nil }
        var reasons = absentReasons
        if !unreadableWarnings.isEmpty { reasons.append("\(Format.count(unreadableWarnings.count, "tile")) unreadable") }
        return MissingTiles(source: source, tiles: missing.map(\.tile), reasons: reasons)
    }

    /// The warnings for the picture: each unreadable tile, then the absent ones in one line.
    package var warnings: [String] {
        let lacking = absent.isEmpty ? nil : MissingTiles(source: source, tiles: absent, reasons: absentReasons)
        return unreadableWarnings + (lacking.map { [$0.line] } ?? [])
    }

    /// A digest of every tile's id and bytes (absent tiles by id), for the input hash.
    package var digest: String { String(fnv1a(Array(digestText.utf8)), radix: 16) }

    /// Records a tile decoded now or before, charging `budget` what it holds: past the budget, the tile is
    /// unreadable instead.
    mutating func add(_ outcome: VectorTileOutcome, for tile: TileID, budget: inout VectorTileBudget) {
        digestText += " " + tile.name
        switch outcome.kind {
        case .decoded(let decoded, let features, let coordinates, let hash):
            digestText += "=" + hash
            do throws(VectorTileError) {
                try budget.spend(features: features, coordinates: coordinates)
                tiles[tile] = decoded
                if firstTile == nil { firstTile = decoded }
            } catch {
                addUnreadable(tile, error.message)
            }
        case .absent(let reason):
            missing.append((tile, reason ?? "not in the tileset"))
            absent.append(tile)
            if let reason, !absentReasons.contains(reason) { absentReasons.append(reason) }
        case .unreadable(let reason, let hash):
            digestText += "=" + hash
            addUnreadable(tile, reason)
        }
    }

    /// Records a tile that could not be read (bytes that do not decode, over a limit).
    private mutating func addUnreadable(_ tile: TileID, _ reason: String) {
        missing.append((tile, reason))
        unreadableWarnings.append("map tile \(tile.name) of \(source) is not drawn: \(reason)")
    }
}
