/// The files a catalog folder is read from, counted against `CatalogLimits.files` and each read whole up to
/// `CatalogLimits.fileBytes`.
struct CatalogFiles {
    private var opened = 0

    /// The names in `folder`, sorted by their bytes.
    mutating func list(_ folder: String) throws(InfoWinError) -> [String] {
        try count(folder)
        do throws(FileSystemError) { return try FileSystem.list(folder) } catch {
            throw .io(file: folder, message: "cannot list the folder: \(error.reason)")
        }
    }

    /// The bytes of `path`.
    mutating func read(_ path: String) throws(InfoWinError) -> [UInt8] {
        try count(path)
        do throws(FileSystemError) { return try FileSystem.read(path, limit: CatalogLimits.fileBytes) } catch {
            throw .io(file: path, message: "cannot read the catalog file: \(error.reason)")
        }
    }

    private mutating func count(_ path: String) throws(InfoWinError) {
        opened += 1
        guard opened <= CatalogLimits.files else {
            throw .io(file: path, message: "the catalog has more than \(Format.grouped(CatalogLimits.files)) files and folders")
        }
    }
}
