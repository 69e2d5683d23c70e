#if canImport(Glibc)
import Glibc
#endif

/// Whole-file hashes kept across runs (`$XDG_CACHE_HOME/infowin/file-hashes/DEVICE-INODE`, else under
/// `~/.cache`), as build tools keep file digests: keyed by what any change to the file changes, its device
/// and inode, size, modification time and status-change time (which no one can set back), so that a
/// rebuilt, replaced, copied or patched file is hashed again. The font files a render draws with go
/// through it: a script rendering one image a process then pays no 40 MB read for the CJK fonts of a
/// Chinese window. A cache that cannot be read or written costs only the hashing.
enum FileHashCache {
    /// The hash of the file at `path`: the one kept for it when its key is unchanged, else `compute()`'s
    /// (kept for the next run).
    static func hash(of path: String, compute: () -> String?) -> String? {
        hash(of: path, keptIn: defaultFolder, compute: compute)
    }

    /// The same, kept in `folder` (nil: not kept); `now` is the time in seconds since 1970 (tests move it).
    static func hash(of path: String, keptIn folder: String?, now: Double = currentTime(), compute: () -> String?) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, let folder else { return compute() }
        let name = Path.join(folder, "\(status.st_dev)-\(status.st_ino)")
        let key = "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec) "
        if let kept = read(name), kept.hasPrefix(key) {
            let hash = kept.dropFirst(key.count)
            if hash.count == 32, hash.allSatisfy(\.isHexDigit) { return String(hash) }
        }
        guard let hash = compute() else { return nil }
        // A file changed less than `settling` ago is not kept (git's "racily clean" entries): a file system
        // whose times are coarse (a second, or the kernel's tick) could give the next change the same times.
        let changed = Double(max(status.st_mtim.tv_sec, status.st_ctim.tv_sec)) + 1
        if now - changed >= settling { write(key + hash, to: name, in: folder) }
        return hash
    }

    /// How long after its last change a file's hash is kept, in seconds.
    static let settling = 2.0

    /// The time now, in seconds since 1970.
    static func currentTime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static var defaultFolder: String? {
        if let base = FileSystem.environment("XDG_CACHE_HOME"), base.hasPrefix("/") { return Path.join(base, "infowin/file-hashes") }
        guard let home = FileSystem.environment("HOME"), home.hasPrefix("/") else { return nil }
        return Path.join(home, ".cache/infowin/file-hashes")
    }

    /// The first line of the regular file `path` (a link is not followed), or nil.
    private static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: bytes[..<count], as: UTF8.self).split(separator: "\n").first.map(String.init)
    }

    /// Writes `line` to a new file beside `path` and renames it into place, making the folder if need be.
    private static func write(_ line: String, to path: String, in folder: String) {
        guard (try? FileSystem.createFolders(folder)) != nil else { return }
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { return }
        let bytes = Array((line + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written != bytes.count || rename(temporary, path) != 0 { unlink(temporary) }
    }
}
