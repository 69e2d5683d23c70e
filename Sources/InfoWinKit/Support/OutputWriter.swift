/// A file to write, or `-` for standard output.
public struct OutputFile: Sendable {
    /// Where it goes; `-` is standard output.
    public let path: String
    /// What it holds.
    public let bytes: [UInt8]

    /// Makes an output file.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// Writes a command's outputs all or none: each goes to a temporary file beside its destination, and
/// only when every one is written are they renamed into place.
public enum OutputWriter {
    /// Writes every file or none of them; `creatingFolders` first makes the folders they go into. A path
    /// that is a pipe or a device (`/dev/null`) is written into directly, like standard output.
    public static func write(_ files: [OutputFile], creatingFolders: Bool = false) throws(InfoWinError) {
        try Interruption.whileWriting { () throws(InfoWinError) in try writeAll(files, creatingFolders: creatingFolders) }
    }

    private static func writeAll(_ files: [OutputFile], creatingFolders: Bool) throws(InfoWinError) {
        if creatingFolders {
            for file in files where file.path != "-" {
                do {
                    try FileSystem.createFolders(Path.folder(of: file.path))
                } catch {
                    throw .io(file: file.path, message: error.reason)
                }
            }
        }
        var temporaries: [(temporary: String, file: OutputFile)] = []
        do throws(FileSystemError) {
            for file in files where file.path != "-" && !FileSystem.isStream(file.path) {
                if FileSystem.isFolder(file.path) {
                    throw FileSystemError.failed("it is a folder")
                }
                temporaries.append((try FileSystem.writeTemporary(file.bytes, beside: file.path), file))
            }
            for (temporary, file) in temporaries {
                try FileSystem.commit(temporary, to: file.path)
            }
        } catch {
            for (temporary, _) in temporaries { FileSystem.remove(temporary) }
            let failed = files.first { file in
                !temporaries.contains { $0.file.path == file.path } && file.path != "-" && !FileSystem.isStream(file.path)
            }
            throw .io(file: failed?.path ?? files[0].path, message: "cannot write: \(error.reason)")
        }
        for file in files where file.path == "-" || FileSystem.isStream(file.path) {
            do {
                if file.path == "-" {
                    try FileSystem.writeStandardOutput(file.bytes)
                } else {
                    try FileSystem.writeInto(file.path, file.bytes)
                }
            } catch {
                throw .io(file: file.path == "-" ? "<stdout>" : file.path, message: "cannot write: \(error.reason)")
            }
        }
    }
}
