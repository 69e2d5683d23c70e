import Graphics

/// WebP, by libwebp.
struct WebPOutput: ImageEncoder {
    let format = OutputFormat.webp
    let takesQuality = true
    let displayName = "WebP"
    let mediaType = "image/webp"

    func encode(_ image: ImageSurface, _ settings: EncodingSettings) throws(GraphicsError) -> [UInt8] {
        // Quality 100 asks libwebp for its lossless encoding, not the best lossy one.
        return try image.webpData(quality: settings.quality)
    }
}
