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
    /// Writes every file or none of them; `creatingFolders` first makes the folders they go into.
    public static func write(_ files: [OutputFile], creatingFolders: Bool = false) throws(InfoWinError) {
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
            for file in files where file.path != "-" {
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
            let failed = files.first { file in !temporaries.contains { $0.file.path == file.path } && file.path != "-" }
            throw .io(file: failed?.path ?? files[0].path, message: "cannot write: \(error.reason)")
        }
        for file in files where file.path == "-" {
            do {
                try FileSystem.writeStandardOutput(file.bytes)
            } catch {
                throw .io(file: "<stdout>", message: "cannot write: \(error.reason)")
            }
        }
    }
}
