/// Resolves the files a spec names (icons, images, fonts): relative to the spec's folder, and only
/// inside it or inside the `--asset-root` folder, with every link followed; only regular files.
struct AssetSandbox {
    let reader: ValueReader
    /// The absolute folder relative paths start from.
    let baseFolder: String
    /// The real paths of the folders files may come from.
    let allowedFolders: [String]

    init(reader: ValueReader, baseFolder: String, assetRoot: String?) {
        self.reader = reader
        self.baseFolder = Path.normalized(baseFolder)
        let folders = [baseFolder] + (assetRoot.map { [$0] } ?? [])
        allowedFolders = folders.map { FileSystem.realPath($0) ?? Path.normalized($0) }
    }

    /// The real absolute path of the file `value` names.
    func resolve(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> String {
        let written = try reader.string(value, path)
        guard !written.isEmpty else { throw reader.failure(path, "expected a file path, got an empty string") }
        guard !written.utf8.contains(0) else { throw reader.failure(path, "a file path cannot contain a NUL character") }
        let lexical = Path.normalized(Path.join(baseFolder, written))
        let outside = reader.failure(
            path, "\(JSONWriter.quoted(written)) is outside the allowed folder \(allowedFolders[0])"
                + " (a spec may only read files inside its own folder; --asset-root DIR allows another)")
        guard isAllowed(lexical) else { throw outside }
        guard let real = FileSystem.realPath(lexical) else {
            throw reader.failure(path, "file \(JSONWriter.quoted(written)) does not exist (looked for \(lexical))")
        }
        guard isAllowed(real) else { throw outside }
        return real
    }

    /// The bytes of the file `value` names, at most `limit` of them.
    func read(_ value: JSONValue, _ path: JSONPath, limit: Int) throws(InfoWinError) -> (file: String, bytes: [UInt8]) {
        let file = try resolve(value, path)
        do {
            return (file, try FileSystem.read(file, limit: limit))
        } catch {
            throw reader.failure(path, "cannot read \(file): \(error.reason)")
        }
    }

    private func isAllowed(_ absolute: String) -> Bool {
        allowedFolders.contains { Path.isInside(absolute, folder: $0) }
    }
}
