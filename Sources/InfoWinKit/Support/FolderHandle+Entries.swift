#if canImport(Glibc)
import Glibc
#endif

/// One entry of a folder, its link not followed.
package struct FolderEntry: Sendable {
    /// The entry's name within its folder.
    package let name: String
    /// What it is.
    package let kind: EntryKind
    /// Its size in bytes.
    package let size: Int
    /// When it was last modified, in seconds since 1970.
    let modified: Double
}

extension FolderHandle {
    /// The entries of the folder (not `.` and `..`), in no order; an unreadable folder has none.
    package func entries() -> [FolderEntry] {
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(stream) }
        var found: [FolderEntry] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            found.append(FolderEntry(
                name: name, kind: EntryKind(mode: status.st_mode), size: Int(status.st_size),
                modified: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9))
        }
        return found
    }

    /// Sets the modification time of the regular file `name` to now (a link is not followed); failure is
    /// ignored.
    func touch(_ name: String) {
        utimensat(descriptor, name, nil, AT_SYMLINK_NOFOLLOW)
    }
}
