/// A file to write: a path the user typed (`-` for standard output), or a file in a folder infowin
/// manages (goldens, reports, batch and play outputs), which is only ever a regular file in real folders.
package struct OutputFile: Sendable {
    /// Where it goes, as messages name it; `-` is standard output.
    package let path: String
    /// What it holds.
    package let bytes: [UInt8]
    /// The managed folder and the path inside it, or nil for a path the user typed.
    let place: ManagedPlace?
    /// True for a name infowin made from a typed path (`out@2x.png`, `out.de.png`): never a pipe or device.
    let namedByInfowin: Bool

    /// A file at a path the user typed: a pipe or a device there is written into, and a link is replaced.
    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        place = nil
        namedByInfowin = false
    }

    /// A file at a path infowin made from one the user typed (a scale, locale or data row's suffix added):
    /// a link there is replaced, but a pipe or a device is refused by name, never opened or written into.
    package init(named path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        place = nil
        namedByInfowin = true
    }

    /// A file at `relativePath` inside `folder`: no link below `folder` is followed, and what is already
    /// there must be a regular file (a link, a pipe, a device or a folder is refused).
    package init(inside folder: String, at relativePath: String, bytes: [UInt8]) {
        path = Path.join(folder, relativePath)
        self.bytes = bytes
        place = ManagedPlace(folder: folder, relativePath: relativePath)
        namedByInfowin = false
    }

    var isStream: Bool {
        place == nil && !namedByInfowin && (path == "-" || FileSystem.isStream(path))
    }
}

/// A managed folder and a path inside it.
struct ManagedPlace: Sendable, Hashable {
    let folder: String
    let relativePath: String
}

/// Writes a command's outputs all or none: each goes to a temporary file beside its destination, created
/// in a folder opened once (so a link swapped in meanwhile cannot redirect it); only when every one is
/// written are they renamed into place, and pipes and devices are written last. If a later step fails,
/// the files already renamed are removed again.
package enum OutputWriter {
    /// Writes every file or none of them; `creatingFolders` first makes the folders they go into.
    package static func write(_ files: [OutputFile], creatingFolders: Bool = false) throws(InfoWinError) {
        try ProcessStop.whileWriting { () throws(InfoWinError) in try writeAll(files, creatingFolders: creatingFolders) }
    }

    /// Removes files written earlier into the managed `folder` (a later output of the same command failed),
    /// following no link; files that are not there are passed over.
    package static func remove(inside folder: String, at relativePaths: [String]) {
        ProcessStop.whileWriting {
            var folders = Folders(creating: false)
            for relativePath in relativePaths {
                guard let (handle, name) = try? folders.destination(of: OutputFile(inside: folder, at: relativePath, bytes: [])) else {
                    continue
                }
                handle.remove(name)
            }
        }
    }

    private struct Staged {
        let file: OutputFile
        let folder: FolderHandle
        let name: String
        let temporary: String
    }

    private static func writeAll(_ files: [OutputFile], creatingFolders: Bool) throws(InfoWinError) {
        var folders = Folders(creating: creatingFolders)
        var staged: [Staged] = []
        for file in files where !file.isStream {
            do throws(FileSystemError) {
                let (folder, name) = try folders.destination(of: file)
                staged.append(Staged(file: file, folder: folder, name: name, temporary: try folder.writeTemporary(file.bytes, for: name)))
            } catch {
                for done in staged { done.folder.remove(done.temporary) }
                throw .machine(file: file.path, path: nil, message: "cannot write: \(error.reason)")
            }
        }
        var renamed: [Staged] = []
        for (index, item) in staged.enumerated() {
            do throws(FileSystemError) {
                try item.folder.rename(item.temporary, to: item.name)
                renamed.append(item)
            } catch {
                for later in staged[(index + 1)...] { later.folder.remove(later.temporary) }
                for done in renamed { done.folder.remove(done.name) }
                throw .machine(file: item.file.path, path: nil, message: "cannot write: \(error.reason)")
            }
        }
        for file in files where file.isStream {
            do throws(FileSystemError) {
                if file.path == "-" {
                    try FileSystem.writeStandardOutput(file.bytes)
                } else {
                    try FileSystem.writeInto(file.path, file.bytes)
                }
            } catch {
                for done in renamed { done.folder.remove(done.name) }
                throw .machine(file: file.path == "-" ? "<stdout>" : file.path, path: nil, message: "cannot write: \(error.reason)")
            }
        }
    }

    /// The folders of one write, each opened once however many files go into it.
    private struct Folders {
        let creating: Bool
        var open: [String: FolderHandle] = [:]
        var managed: [ManagedPlace: FolderHandle] = [:]

        /// The open folder `file` goes into and its name there, after checking what is there now.
        mutating func destination(of file: OutputFile) throws(FileSystemError) -> (FolderHandle, String) {
            let folder: FolderHandle
            let name: String
            if let place = file.place {
                let root = try opened(place.folder)
                let inner = Path.folder(of: place.relativePath)
                let key = ManagedPlace(folder: place.folder, relativePath: inner)
                if let known = managed[key] {
                    folder = known
                } else {
                    guard let found = inner == "." ? root : try root.subfolder(inner, creating: creating) else {
                        throw .failed("the folder \(Path.join(place.folder, inner)) does not exist")
                    }
                    folder = found
                    managed[key] = folder
                }
                name = Path.lastComponent(of: place.relativePath)
            } else {
                folder = try opened(Path.folder(of: file.path))
                name = Path.lastComponent(of: file.path)
            }
            let kind = name.isEmpty || name == "." || name == ".." ? .folder : folder.kind(of: name)
            if kind == .folder { throw .failed("it is a folder") }
            if let place = file.place, kind != .missing && kind != .regularFile {
                throw .failed("it is \(kind), not a regular file: infowin never writes through one inside \(place.folder)")
            }
            if file.namedByInfowin && (kind == .pipe || kind == .device || kind == .other) {
                throw .failed("it is \(kind), and infowin made this name itself: it writes only regular files under names it makes")
            }
            return (folder, name)
        }

        private mutating func opened(_ path: String) throws(FileSystemError) -> FolderHandle {
            if let known = open[path] { return known }
            let folder = try FolderHandle.open(path, creating: creating)
            open[path] = folder
            return folder
        }
    }
}
