import Graphics

/// PNG, encoded by FastPNG (or Cairo) at the render's compression; the renderer adds the fingerprint's
/// text chunks to what it writes.
struct PNGOutput: ImageEncoder {
    let format = OutputFormat.png
    let displayName = "PNG"
    let mediaType = "image/png"

    func encode(_ image: ImageSurface, _ settings: EncodingSettings) throws(GraphicsError) -> [UInt8] {
        try image.pngData(compression: settings.compression)
    }
}
