import Graphics

extension OutputFormat {
    /// WebP (libwebp): lossy, or lossless at quality 100.
    public static let webp = OutputFormat(named: "webp")
}

/// WebP, by libwebp.
struct WebPOutput: ImageEncoder {
    let format = OutputFormat.webp
    let displayName = "WebP"
    let mediaType = "image/webp"
    let takesQuality = true

    func encode(_ image: ImageSurface, _ settings: EncodingSettings) throws(GraphicsError) -> [UInt8] {
        try image.webpData(quality: settings.quality)
    }
}
