import Graphics
import TileIO

/// Fetched tiles on disk, one file a URL, named by two hashes of it; written whole (a temporary file
/// renamed into place) so that a cache shared by several processes never holds half a tile. Only images
/// (PNG, JPEG or WebP by their bytes) and vector tiles (`VectorTileDecoder.looksLikeTile`) are kept, and at most `limit` bytes of them: past it, the least
/// recently used files (by modification time, which a read renews) are removed while writing, down to
/// nine tenths of the limit.
package struct TileDiskCache: Sendable {
    let folder: String
    /// The most bytes of tiles kept.
    let limit: Int
    /// What this process believes the cache holds (nil until measured): measured again at each eviction,
    /// as other processes may write into the same folder.
    private let usage = Locked<Int?>(nil)

    init(folder: String, limit: Int) {
        self.folder = folder
        self.limit = limit
    }

    /// `$XDG_CACHE_HOME/infowin/tiles`, else `~/.cache/infowin/tiles`.
    package static var defaultFolder: String {
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
        guard let bytes = try? folder.read(name, limit: FolderTileSource.sizeLimit) else { return nil }
        folder.touch(name)
        return bytes
    }

    /// Keeps the bytes of `url`, written to a temporary file and renamed into place; a cache that cannot be
    /// written is only slower, never an error.
    /// Bytes that are neither an image nor a vector tile (an error page served with status 200) are not kept.
    func write(_ bytes: [UInt8], for url: String) {
        guard ImageEncoding(sniffing: bytes) != nil || VectorTileDecoder.looksLikeTile(bytes), bytes.count <= limit else { return }
        let (subfolder, name) = place(for: url)
        guard let top = try? FolderHandle.open(folder, creating: true),
              let folder = try? top.subfolder(subfolder, creating: true),
              let temporary = try? folder.writeTemporary(bytes, for: name)
        else { return }
        do throws(FileSystemError) {
            try folder.rename(temporary, to: name)
        } catch {
            folder.remove(temporary)
            return
        }
        let full = usage.withLock { usage in
            let total = (usage ?? measure(top).reduce(0) { $0 + $1.entry.size }) + bytes.count
            usage = total
            return total > limit
        }
        if full { evict(top) }
    }

    /// The lock on fetching `url` shared by every process using this cache (see `TileFetchLock`): tried once,
    /// or waited for until `deadline`.
    func lockFetching(_ url: String, waitingUntil deadline: Deadline? = nil) -> TileFetchLock.Attempt {
        let (subfolder, name) = place(for: url)
        guard let top = try? FolderHandle.open(folder, creating: true), let folder = try? top.subfolder(subfolder, creating: true) else {
            return .unavailable
        }
        return TileFetchLock.attempt(String(name.dropLast(".tile".count)) + ".lock", in: folder, waitingUntil: deadline)
    }

    /// Removes the least recently used tiles until the cache holds at most nine tenths of its limit.
    private func evict(_ top: FolderHandle) {
        var files = measure(top)
        var total = files.reduce(0) { $0 + $1.entry.size }
        files.sort { $0.entry.modified < $1.entry.modified }
        for file in files where total > limit / 10 * 9 {
            file.folder.remove(file.entry.name)
            total -= file.entry.size
        }
        usage.withLock { $0 = total }
    }

    /// Every tile file of the cache, with the sub-folder holding it.
    private func measure(_ top: FolderHandle) -> [(folder: FolderHandle, entry: FolderEntry)] {
        top.entries().filter { $0.kind == .folder }.flatMap { sub in
            guard let folder = try? top.subfolder(sub.name, creating: false) else { return [(folder: FolderHandle, entry: FolderEntry)]() }
            return folder.entries().filter { $0.kind == .regularFile && $0.name.hasSuffix(".tile") }.map { (folder, $0) }
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
