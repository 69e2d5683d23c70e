import Graphics

/// One output format: its names, and how a render becomes a file of it. A raster format encodes the drawn
/// image (`encode`); a document format (SVG, PDF) names the vector document Cairo draws the scene into
/// instead (`document`). A new format is one type conforming to this and one line in `ImageEncoders.builtIn`.
package protocol ImageEncoder: Sendable {
    /// The format's name (`--format`, serve's `format`), in lower case.
    var format: OutputFormat { get }
    /// How messages name it: `PNG`, `JPEG`, `WebP`.
    var displayName: String { get }
    /// Other names `--format` and serve's `format` take for it (`jpg`), in lower case.
    var aliases: [String] { get }
    /// The extensions of its files, without the dot, in lower case: the first is the one written.
    var fileExtensions: [String] { get }
    /// Its media type (serve's `Content-Type` and `Accept`).
    var mediaType: String { get }
    /// Whether `--quality` (serve's `quality`) applies to it.
    var takesQuality: Bool { get }
    /// The vector document Cairo draws it as, or nil for a format encoded from the drawn image.
    var document: VectorFormat? { get }

    /// The file's bytes for `image`, drawn as a raster format is; not called for a document format.
    func encode(_ image: ImageSurface, _ settings: EncodingSettings) throws(GraphicsError) -> [UInt8]
}

extension ImageEncoder {
    var aliases: [String] { [] }
    var fileExtensions: [String] { [format.rawValue] }
    var takesQuality: Bool { false }
    package var document: VectorFormat? { nil }

    func encode(_ image: ImageSurface, _ settings: EncodingSettings) throws(GraphicsError) -> [UInt8] {
        preconditionFailure("\(displayName) is drawn as a document, not encoded from an image")
    }
}

/// What an encoder may need besides the image: the render's options and the map's own colour.
package struct EncodingSettings: Sendable {
    /// JPEG's and WebP's quality, 1…100.
    package var quality: Int
    /// How hard a PNG is compressed.
    package var compression: PNGCompression
    /// The map's background colour, for a format with no transparency to show through to.
    package var background: RGBA
}
