#if canImport(Glibc)
import Glibc
#endif
import InfoWinKit

/// Whether a folder can be made and written into, found by doing it and undoing it: the folders that
/// were missing are made, a temporary file is written and removed, and the folders made are removed
/// again, so nothing is left behind either way.
enum WritableFolderProbe {
    /// nil when `folder` can be made (if missing) and written into; otherwise why not.
    static func problem(with folder: String) -> String? {
        var missing: [String] = []
        var current = folder
        while !current.isEmpty, FileSystem.entryKind(of: current) == .missing {
            missing.append(current)
            let parent = Path.folder(of: current)
            if parent == current { break }
            current = parent
        }
        if !current.isEmpty, !missing.contains(current), !FileSystem.isFolder(current) {
            return "\(current) is \(FileSystem.entryKind(of: current)), not a folder"
        }
        // Made from the top down; removed from the bottom up, whatever happens in between.
        defer { for made in missing { rmdir(made) } }
        do throws(FileSystemError) {
            let handle = try FolderHandle.open(folder, creating: true)
            let temporary = try handle.writeTemporary(Array("infowin doctor".utf8), for: ".infowin-doctor")
            handle.remove(temporary)
        } catch {
            return error.reason
        }
        return nil
    }
}
