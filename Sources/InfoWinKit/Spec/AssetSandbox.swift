/// Resolves the files a spec names (icons, images, fonts): relative to the spec's folder, and only
/// inside it or inside one of the `--asset-root` folders, with every link followed; only regular files.
struct AssetSandbox {
    let reader: ValueReader
    /// The absolute folder relative paths start from.
    let baseFolder: String
    /// The real paths of the folders files may come from.
    let allowedFolders: [String]
    /// Files already read, by real path: markers sharing an icon read it once.
    private let cache = FileCache()
    /// Files fetched for the spec, by URL (`SpecSource.fetchedFiles`).
    private let fetched: [String: [UInt8]]

    init(reader: ValueReader, baseFolder: String, assetRoots: [String], fetched: [String: [UInt8]] = [:]) {
        self.reader = reader
        self.fetched = fetched
        let folders = [baseFolder] + assetRoots
        self.baseFolder = FileSystem.realPath(baseFolder) ?? Path.normalized(baseFolder)
        allowedFolders = folders.map { FileSystem.realPath($0) ?? Path.normalized($0) }
        writtenFolders = folders.map { Path.normalized($0) }
    }

    /// The allowed folders as given, links not followed, to judge a path that does not exist.
    private let writtenFolders: [String]

    /// The real absolute path of the regular file `value` names.
    func resolve(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> String {
        let written = try reader.string(value, path)
        guard !written.isEmpty else { throw reader.failure(path, "expected a file path, got an empty string") }
        guard !written.utf8.contains(0) else { throw reader.failure(path, "a file path cannot contain a NUL character") }
        let lexical = Path.normalized(Path.join(baseFolder, written))
        let outside = outsideFailure(written, path)
        guard let real = FileSystem.realPath(lexical) else {
            let folders = allowedFolders + writtenFolders
            guard folders.contains(where: { Path.isInside(lexical, folder: $0) }) else { throw outside }
            throw reader.failure(path, "file \(JSONWriter.quoted(written)) does not exist (looked for \(lexical))")
        }
        guard allowedFolders.contains(where: { Path.isInside(real, folder: $0) }) else { throw outside }
        guard FileSystem.isRegularFile(real) else {
            throw reader.failure(path, "\(JSONWriter.quoted(written)) is not a regular file")
        }
        return real
    }

    private func outsideFailure(_ written: String, _ path: JSONPath) -> InfoWinError {
        reader.failure(
            path, "\(JSONWriter.quoted(written)) is outside the allowed folder \(allowedFolders[0])"
                + " (a spec may only read files inside its own folder; --asset-root DIR allows another)")
    }

    /// Every file read so far, as `HASH NAME` (named from the base folder), in the order read.
    var filesRead: [String] { cache.readInOrder }

    /// The bytes of the file `value` names, at most `limit` of them, with its real path and the name the spec wrote.
    func read(_ value: JSONValue, _ path: JSONPath, limit: Int) throws(InfoWinError) -> (file: String, written: String, bytes: [UInt8]) {
        if case .string(let url) = value.kind, let bytes = fetched[url] {
            guard bytes.count <= limit else { throw reader.failure(path, "\(url) is \(bytes.count) bytes, more than the limit of \(limit)") }
            if cache.files[url] == nil {
                cache.files[url] = bytes
                cache.readInOrder.append("\(Fingerprint.digest(bytes)) \(url)")
            }
            return (url, url, bytes)
        }
        let file = try resolve(value, path)
        let written = try reader.string(value, path)
        if let bytes = cache.files[file] { return (file, written, bytes) }
        let read: [UInt8]?
        do {
            read = try FileSystem.read(file, limit: limit, confinedTo: allowedFolders)
        } catch {
            throw reader.failure(path, "cannot read \(file): \(error.reason)")
        }
        // The file was inside when it was resolved, and is not now: a link was swapped in meanwhile.
        guard let bytes = read else { throw outsideFailure(written, path) }
        cache.files[file] = bytes
        cache.readInOrder.append("\(Fingerprint.digest(bytes)) \(InputFileHash.name(of: file, inside: baseFolder))")
        return (file, written, bytes)
    }
}

/// The bytes of files read for one spec.
private final class FileCache {
    var files: [String: [UInt8]] = [:]
    /// `HASH NAME` of each file read, in order.
    var readInOrder: [String] = []
}
