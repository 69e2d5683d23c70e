import Graphics

/// The file formats a render writes (SPEC.md, "Output formats").
public enum OutputFormat: String, Sendable, CaseIterable {
    /// PNG, with the fingerprint in text chunks.
    case png
    /// JPEG (libjpeg-turbo), composited over the map's background, or white where that is transparent.
    case jpeg
    /// WebP (libwebp): lossy, or lossless at quality 100.
    case webp
    /// SVG (Cairo): shapes as paths, text as outlines.
    case svg
    /// PDF (Cairo): shapes as paths, text as real text with embedded font subsets.
    case pdf

    /// The extension files of this format take, without the dot (`jpg` for JPEG).
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The format a file name's extension names (`.png`, `.jpg`, `.jpeg`, `.webp`, `.svg`, `.pdf`, in any
    /// case), or nil for any other extension or none.
    package init?(extensionOf path: String) {
        let name = Path.lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = String(name[name.index(after: dot)...]).lowercased()
        guard let format = ext == "jpg" ? .jpeg : OutputFormat(rawValue: ext) else { return nil }
        self = format
    }

    /// The vector format Cairo draws this one as, or nil for an image format.
    var vector: VectorFormat? {
        switch self {
        case .svg: .svg
        case .pdf: .pdf
        case .png, .jpeg, .webp: nil
        }
    }
}
