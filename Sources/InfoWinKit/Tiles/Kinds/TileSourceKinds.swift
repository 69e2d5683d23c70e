/// The registry of tile-source kinds: the spec decoder asks it which kind a `map.tiles.source` names.
enum TileSourceKinds {
    /// The kinds infowin reads, in the order they are asked: a new kind is one line here. The folder
    /// template takes whatever the others do not, so it is asked last.
    static let builtIn: [any TileSourceKind] = [HTTPTileKind(), MBTilesKind(), PMTilesKind(), FolderTileKind()]

    /// Kinds registered for the current task only (a test's dummy source), asked before the built-in ones.
    @TaskLocal private static var added: [any TileSourceKind] = []

    /// Runs `body` with `kinds` registered before the built-in ones, for this task and what it calls.
    static func withRegistered<Result>(_ kinds: [any TileSourceKind], _ body: () throws -> Result) rethrows -> Result {
        try $added.withValue(kinds + added, operation: body)
    }

    /// Every registered kind, in the order they are asked.
    static var all: [any TileSourceKind] { added + builtIn }

    /// The kind `text` names: the first that claims it (the folder template claims any).
    static func kind(of text: String) -> any TileSourceKind {
        guard let kind = all.first(where: { $0.claims(text) }) else { preconditionFailure("the folder kind claims any source") }
        return kind
    }
}
