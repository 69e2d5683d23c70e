extension FolderHandle {
    /// Reads the regular file at `relative` (slash-separated, no `..`) inside the folder `folder`, entering
    /// its folders one at a time without following a link; nil when it or a folder on the way is missing.
    /// A link, a pipe or a device on the way is an error naming it.
    package static func read(_ relative: String, inside folder: String, limit: Int) throws(FileSystemError) -> [UInt8]? {
        guard let parent = try parent(of: relative, inside: folder) else { return nil }
        let name = Path.lastComponent(of: relative)
        switch parent.kind(of: name) {
        case .missing: return nil
        case .regularFile: return try parent.read(name, limit: limit)
        case let kind: throw .failed("\(Path.join(folder, relative)) is \(kind), not a regular file: infowin follows no link inside \(folder)")
        }
    }

    /// What the entry at `relative` inside `folder` is, its folders entered without following a link (a
    /// link on the way is an error naming it); `.missing` when it or a folder on the way is not there.
    package static func kind(of relative: String, inside folder: String) throws(FileSystemError) -> EntryKind {
        try parent(of: relative, inside: folder)?.kind(of: Path.lastComponent(of: relative)) ?? .missing
    }

    /// The open folder holding `relative` inside `folder`; nil when `folder` or one on the way is missing.
    private static func parent(of relative: String, inside folder: String) throws(FileSystemError) -> FolderHandle? {
        guard FileSystem.kind(of: folder) != .missing else { return nil }
        let root = try open(folder, creating: false)
        let inner = Path.folder(of: relative)
        return inner == "." ? root : try root.subfolder(inner, creating: false)
    }
}
