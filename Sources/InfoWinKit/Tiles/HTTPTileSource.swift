import TileIO

/// Tiles from a tile server: fetched in parallel by `TileHTTPClient` (6 connections a host, timeouts, two
/// retries, private addresses refused), kept in a disk cache from which a tile is never fetched again;
/// with `--offline`, only the cache.
struct HTTPTileSource: TileSource {
    let template: TileTemplate
    let cache: TileDiskCache
    /// Nil when offline.
    let client: TileHTTPClient?

    init(template: TileTemplate, settings: TileSettings) {
        self.template = template
        cache = TileDiskCache(folder: settings.cacheFolder ?? TileDiskCache.defaultFolder)
        client = settings.offline
            ? nil
            : TileHTTPClient(userAgent: "infowin/\(InfoWin.version)", timeout: settings.timeout, allowPrivateNetwork: settings.allowPrivateNetwork)
    }

    func fetch(_ tiles: [TileID], retina: Bool) -> [TileFetch] {
        let urls = tiles.map { template.filled($0, retina: retina) }
        var results = urls.map { url in cache.read(url).map(TileFetch.bytes) }
        let wanted = results.indices.filter { results[$0] == nil }
        guard let client else {
            for index in wanted { results[index] = .missing("not in the tile cache, and --offline fetches nothing") }
            return results.map { $0! }
        }
        for (index, result) in zip(wanted, client.fetch(wanted.map { urls[$0] })) {
            switch result {
            case .ok(let bytes):
                cache.write(bytes, for: urls[index])
                results[index] = .bytes(bytes)
            case .notFound(let status):
                results[index] = .missing("HTTP \(status)")
            case .failed(let reason):
                results[index] = .missing(reason)
            case .refused(let reason):
                results[index] = .fatal(reason)
            }
        }
        return results.map { $0! }
    }
}

/// Fetched tiles on disk, one file a URL, named by two hashes of it; written whole (a temporary file
/// renamed into place) so that a cache shared by several processes never holds half a tile.
struct TileDiskCache: Sendable {
    let folder: String

    /// `$XDG_CACHE_HOME/infowin/tiles`, else `~/.cache/infowin/tiles`.
    static var defaultFolder: String {
        if let base = FileSystem.environment("XDG_CACHE_HOME"), base.hasPrefix("/") {
            return Path.join(base, "infowin/tiles")
        }
        return Path.join(FileSystem.environment("HOME") ?? "/tmp", ".cache/infowin/tiles")
    }

    /// The cached bytes of `url`, or nil; a file there that is a link or not a regular file is never read.
    func read(_ url: String) -> [UInt8]? {
        let (subfolder, name) = place(for: url)
        guard let folder = try? FolderHandle.open(folder, creating: false).subfolder(subfolder, creating: false),
              folder.kind(of: name) == .regularFile
        else { return nil }
        return try? folder.read(name, limit: FolderTileSource.sizeLimit)
    }

    /// Keeps the bytes of `url`, written to a temporary file and renamed into place; a cache that cannot be
    /// written is only slower, never an error.
    func write(_ bytes: [UInt8], for url: String) {
        let (subfolder, name) = place(for: url)
        guard let folder = try? FolderHandle.open(folder, creating: true).subfolder(subfolder, creating: true),
              let temporary = try? folder.writeTemporary(bytes, for: name)
        else { return }
        do throws(FileSystemError) {
            try folder.rename(temporary, to: name)
        } catch {
            folder.remove(temporary)
        }
    }

    /// A sub-folder of the first two hex digits and a file named by two hashes of the URL.
    private func place(for url: String) -> (folder: String, name: String) {
        let forward = fnv1a(Array(url.utf8)), backward = fnv1a(Array(url.utf8.reversed()))
        let name = hex16(forward) + hex16(backward)
        return (String(name.prefix(2)), name + ".tile")
    }

    private func hex16(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
