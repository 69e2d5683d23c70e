extension TileProvider {
    /// The vector tileset `source` names, opened once for every picture this provider serves (so that
    /// each of its tiles is read and decoded once in a batch or a service), with the provider's settings.
    /// A source that cannot be opened is an error naming `path` of `file`, and is tried again next time.
    func vectorTileSet(_ source: TileSourceSpec, scheme: TileScheme = .xyz, file: String, path: JSONPath) throws(InfoWinError) -> VectorTileSet {
        if let open = vectorTileSets.withLock({ $0[source] }) { return open }
        let opened = try VectorTileSet.open(source, scheme: scheme, settings: settings, file: file, path: path)
        return vectorTileSets.withLock { sets in
            if let first = sets[source] { return first }
            sets[source] = opened
            return opened
        }
    }
}
