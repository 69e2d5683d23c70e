import TileIO

/// The vector tilesets one renderer has opened, kept open for its later pictures (a batch draws many
/// over the same file): opening an archive reads its header, metadata and directory.
final class VectorTileSets {
    private struct Key: Hashable {
        let source: TileSourceSpec
        let scheme: TileScheme
    }

    private var opened: [Key: VectorTileSet] = [:]

    /// `source` opened, or the one opened before.
    func open(_ source: TileSourceSpec, scheme: TileScheme = .xyz, settings: TileSettings, file: String, path: JSONPath) throws(InfoWinError) -> VectorTileSet {
        let key = Key(source: source, scheme: scheme)
        if let tileset = opened[key] { return tileset }
        let tileset = try VectorTileSet.open(source, scheme: scheme, settings: settings, file: file, path: path)
        opened[key] = tileset
        return tileset
    }
}
