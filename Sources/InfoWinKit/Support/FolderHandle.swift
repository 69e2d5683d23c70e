#if canImport(Glibc)
import Glibc
#endif

/// An open folder that files are read from and written into by name, with `openat` and friends on its
/// descriptor: once a folder is open and checked, swapping a link into its path cannot redirect a read or a
/// write. Folders infowin manages (goldens, reports, batch and play outputs) are entered one component at a
/// time without following links, and files in them are only ever regular files.
package final class FolderHandle {
    /// The folder as it is named in messages.
    package let path: String
    let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
        StaleTemporaries.removeOnce(in: descriptor)
    }

    deinit {
        close(descriptor)
    }

    /// Opens the folder at `path`, a folder the user named, so links in it are followed; `creating` makes
    /// it (and the folders above it) when it is missing.
    package static func open(_ path: String, creating: Bool) throws(FileSystemError) -> FolderHandle {
        if creating { try FileSystem.createFolders(path) }
        let descriptor = Glibc.open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .failed(errno == ENOTDIR ? "\(path) is not a folder" : "\(path): \(FileSystem.errnoMessage())") }
        return FolderHandle(path: path, descriptor: descriptor)
    }

    /// The folder `relative` (slash-separated) below this one, entered without following any link; a
    /// component that is a link or not a folder is refused by its path. `creating` makes missing ones;
    /// without it, nil says that one is missing.
    package func subfolder(_ relative: String, creating: Bool) throws(FileSystemError) -> FolderHandle? {
        var current = self
        for component in relative.split(separator: "/") where component != "." {
            let name = String(component)
            let shown = Path.join(current.path, name)
            guard name != ".." else { throw .failed("\(shown) leaves the folder \(path)") }
            var child = openat(current.descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if child < 0 && errno == ENOENT && creating {
                if mkdirat(current.descriptor, name, 0o777) != 0 && errno != EEXIST {
                    throw .failed("cannot make the folder \(shown): \(FileSystem.errnoMessage())")
                }
                child = openat(current.descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard child >= 0 else {
                switch errno {
                case ENOENT where !creating:
                    return nil
                case ELOOP, ENOTDIR:
                    let kind = current.kind(of: name)
                    let rule = kind == .symbolicLink ? ": infowin follows no link inside \(path)" : ""
                    throw .failed("\(shown) is \(kind), not a folder\(rule)")
                default:
                    throw .failed("\(shown): \(FileSystem.errnoMessage())")
                }
            }
            current = FolderHandle(path: shown, descriptor: child)
        }
        return current
    }

    /// What the entry `name` is, its link not followed.
    package func kind(of name: String) -> EntryKind {
        var status = stat()
        guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return .missing }
        return EntryKind(mode: status.st_mode)
    }

    /// Reads the regular file `name` whole, refusing a link, a pipe, a device and more than `limit` bytes;
    /// a pipe is never waited on.
    package func read(_ name: String, limit: Int) throws(FileSystemError) -> [UInt8] {
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            throw .failed(errno == ELOOP ? "it is a symbolic link, not a regular file" : FileSystem.errnoMessage())
        }
        defer { close(file) }
        return try FileSystem.readOpened(file, limit: limit)
    }

    /// Writes `bytes` to a new temporary file beside `name`, created here and nowhere else (`O_EXCL`,
    /// `O_NOFOLLOW`), and returns its name. Its name holds our process id, so that a later run can remove
    /// it if we are killed before renaming it (`StaleTemporaries`).
    package func writeTemporary(_ bytes: [UInt8], for name: String) throws(FileSystemError) -> String {
        while true {
            let temporary = StaleTemporaries.name(for: name)
            let file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if file < 0 && errno == EEXIST { continue }
            guard file >= 0 else { throw .failed(FileSystem.errnoMessage()) }
            defer { close(file) }
            do {
                try FileSystem.writeAll(bytes, to: file)
            } catch {
                remove(temporary)
                throw error
            }
            return temporary
        }
    }

    /// Renames the temporary file into place as `name` (replacing a regular file or a link, never
    /// following one); the temporary file is removed if that fails.
    func rename(_ temporary: String, to name: String) throws(FileSystemError) {
        guard renameat(descriptor, temporary, descriptor, name) == 0 else {
            let message = FileSystem.errnoMessage()
            remove(temporary)
            throw .failed(message)
        }
    }

    /// Deletes the file `name`, ignoring failure (temporary files, and files a failed command renamed).
    package func remove(_ name: String) {
        unlinkat(descriptor, name, 0)
    }
}

/// What a folder entry is, links not followed.
package enum EntryKind: Sendable, Equatable, CustomStringConvertible {
    case missing, regularFile, folder, symbolicLink, pipe, device, other

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFDIR: self = .folder
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .pipe
        case S_IFCHR, S_IFBLK: self = .device
        default: self = .other
        }
    }

    /// The kind as words in a sentence: "a symbolic link".
    package var description: String {
        switch self {
        case .missing: "missing"
        case .regularFile: "a regular file"
        case .folder: "a folder"
        case .symbolicLink: "a symbolic link"
        case .pipe: "a pipe"
        case .device: "a device"
        case .other: "not a regular file"
        }
    }
}
