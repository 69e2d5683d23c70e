import InfoWinKit

/// A file to write, or `-` for standard output.
struct OutputFile {
    let path: String
    let bytes: [UInt8]
}

/// Writes a command's outputs all or none: each goes to a temporary file beside its destination, and
/// only when every one is written are they renamed into place.
enum OutputWriter {
    static func write(_ files: [OutputFile]) throws(InfoWinError) {
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
