import Graphics

/// Decoded images of one render by file, so that markers sharing an icon (or views sharing a picture)
/// decode it once: 10,000 markers naming one 4096 × 4096 PNG need 64 MB, not 640 GB. It also keeps a
/// hash of every file read, for the fingerprint (`check` names an icon or photo that changed).
final class ImageCache {
    private var images: [String: ImageSurface] = [:]
    private var hashes: [String: InputFileHash] = [:]
    /// The spec, for messages.
    let file: String
    /// The folder the spec's relative paths start from, which files read are named from.
    let folder: String
    /// The files of templated image paths, by the path as filled (`Spec.templatedImages`).
    let templatedAssets: [String: ImageAsset]

    init(file: String, folder: String, templatedAssets: [String: ImageAsset] = [:]) {
        self.file = file
        self.folder = folder
        self.templatedAssets = templatedAssets
    }

    /// The decoded image of `path`, whose bytes are `bytes`; an error names `source` in the spec.
    func image(_ path: String, bytes: [UInt8], source: JSONPath, kind: InputFileHash.Kind) throws(InfoWinError) -> ImageSurface {
        if hashes[path] == nil {
            hashes[path] = InputFileHash(kind: kind, name: InputFileHash.name(of: path, inside: folder), hash: Fingerprint.digest(bytes))
        }
        if let image = images[path] { return image }
        do {
            let image = try ImageSurface(encoded: bytes)
            images[path] = image
            return image
        } catch {
            if case .tooLargeForMemory = error {
                throw .machine(file: file, path: source, message: "\(path) is too large for the memory cap: \(error.message)")
            }
            throw .invalid(file: file, path: source, message: "\(path) is damaged or truncated: \(error.message)")
        }
    }

    /// Every image file read so far, by name.
    var readFiles: [InputFileHash] {
        hashes.values.sorted { ($0.name, $0.kind.rawValue) < ($1.name, $1.kind.rawValue) }
    }
}
