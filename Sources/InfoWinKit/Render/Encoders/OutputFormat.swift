import Graphics

/// The file formats a render writes (SPEC.md, "Output formats"): the name of an encoder in `ImageEncoders`,
/// which says everything else about it (its extensions, media type, quality, how it is made).
public struct OutputFormat: RawRepresentable, Hashable, Sendable, CaseIterable {
    /// The format's name: `png`, `jpeg`, `webp`, `svg`, `pdf`.
    public let rawValue: String

    /// The built-in formats, the Swift library's names for them (their encoders are in this folder):
    /// PNG, with the fingerprint in text chunks; JPEG (libjpeg-turbo), composited over the map's
    /// background, or white where that is transparent; WebP (libwebp), lossy, or lossless at quality 100;
    /// SVG (Cairo), shapes as paths, text as outlines; PDF (Cairo), shapes as paths, text as real text
    /// with embedded font subsets. A format not in the library's API names its constant in its own file.
    public static let png = OutputFormat(named: "png"), jpeg = OutputFormat(named: "jpeg"), webp = OutputFormat(named: "webp"),
        svg = OutputFormat(named: "svg"), pdf = OutputFormat(named: "pdf")

    /// The registered format named `rawValue` exactly, or nil.
    public init?(rawValue: String) {
        guard ImageEncoders.all.contains(where: { $0.format.rawValue == rawValue }) else { return nil }
        self.rawValue = rawValue
    }

    /// The format an encoder declares as its own (its `format`), registered or not yet.
    package init(named name: String) {
        rawValue = name
    }

    /// Every registered format, in the order lists name them.
    public static var allCases: [OutputFormat] { ImageEncoders.all.map(\.format) }

    /// The encoder that writes this format.
    package var encoder: any ImageEncoder { ImageEncoders.encoder(for: self) }

    /// The extension files of this format take, without the dot (`jpg` for JPEG).
    public var fileExtension: String { encoder.fileExtensions[0] }

    /// The format a file name's extension names (`.png`, `.jpg`, `.jpeg`, `.webp`, `.svg`, `.pdf`, in any
    /// case), or nil for any other extension or none.
    package init?(extensionOf path: String) {
        let name = Path.lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        guard let encoder = ImageEncoders.encoder(forExtension: String(name[name.index(after: dot)...])) else { return nil }
        self = encoder.format
    }

    /// The vector format Cairo draws this one as, or nil for an image format.
    var vector: VectorFormat? { encoder.document }
}
