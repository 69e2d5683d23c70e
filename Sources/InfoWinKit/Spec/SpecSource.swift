/// The text of a spec and where it came from.
package struct SpecSource: Sendable {
    /// The name used in messages.
    package var name: String
    /// The spec's bytes.
    package var bytes: [UInt8]
    /// The absolute folder that relative asset paths start from.
    package var folder: String
    /// The catalog strings this source was made with that were shown from a fallback (a variant's).
    package var untranslated: [UntranslatedString] = []
    /// The catalog and locale of the variant this source was made for: the `{{strings.KEY(userData.x)}}`
    /// placeholders of shared views are left for the decoder, to be filled for each marker.
    var strings: StringsFiller?
    /// Files fetched for the spec by their URL (`/staticmap`'s icons from the hosts `--allow-icon-host`
    /// names): an image value naming one of these URLs is read from here, never from the file system.
    package var fetchedFiles: [String: [UInt8]] = [:]
    /// For a variant's source: the key digests of the spec as written, before its catalog strings and data
    /// were filled in (`SpecKeyDigests`), so that a changed catalog string is named as its catalog key, not as
    /// the spec key it fills; nil for a source that is the file as written.
    var writtenKeyDigests: [String]??
    /// For a variant's source: each catalog key filled in, with a digest of what it filled (`DIGEST KEY`).
    var catalogKeyDigests: [String]?

    /// The largest spec file read, in bytes.
    package static let sizeLimit = 32 << 20

    /// Makes a source from bytes already read.
    package init(name: String, bytes: [UInt8], folder: String) {
        self.name = name
        self.bytes = bytes
        self.folder = folder
    }

    /// Reads a spec file (`-` reads standard input; its assets, and those of a spec read from a pipe such as
    /// `<(…)`, resolve against the current folder). With `root`, a spec found in that folder (its real
    /// path), the file read must be inside it: a link out is refused.
    package static func read(_ path: String, allowingPipes: Bool = true, confinedTo root: String? = nil) throws(InfoWinError) -> SpecSource {
        let current = FileSystem.currentFolder()
        do {
            if path == "-" {
                return SpecSource(name: "<stdin>", bytes: try FileSystem.readStandardInput(limit: sizeLimit), folder: current)
            }
            let folder = FileSystem.isPipe(path) ? current : Path.normalized(Path.join(current, Path.folder(of: path)))
            if let root { return SpecSource(name: path, bytes: try readInside(root, path), folder: folder) }
            let bytes = try FileSystem.read(path, limit: sizeLimit, allowingStreams: allowingPipes)
            return SpecSource(name: path, bytes: bytes, folder: folder)
        } catch {
            throw .io(file: path == "-" ? "<stdin>" : path, message: "cannot read the spec: \(error.reason)")
        }
    }

    /// The spec file at `path`, found in the folder whose real path is `root`: a link may lead to a file
    /// inside it, and the file opened is judged on its descriptor's own path, so a link out is refused.
    private static func readInside(_ root: String, _ path: String) throws(FileSystemError) -> [UInt8] {
        guard let real = FileSystem.realPath(path) else { throw .failed(FileSystem.missingReason(path)) }
        guard let bytes = try FileSystem.read(real, limit: sizeLimit, confinedTo: [root]) else {
            throw .failed("it is a symbolic link that leads outside the folder it was found in (to \(real)); specs are read only from inside the folders given")
        }
        return bytes
    }
}
