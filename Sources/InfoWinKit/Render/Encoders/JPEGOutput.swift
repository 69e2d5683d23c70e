import Graphics

/// JPEG, by libjpeg-turbo.
struct JPEGOutput: ImageEncoder {
    let format = OutputFormat.jpeg
    let aliases = ["jpg"]
    let fileExtensions = ["jpg", "jpeg"]
    let takesQuality = true
    let displayName = "JPEG"
    let mediaType = "image/jpeg"

    func encode(_ image: ImageSurface, _ settings: EncodingSettings) throws(GraphicsError) -> [UInt8] {
        // JPEG has no transparency: what shows through is the map's own colour, or white.
        let background = settings.background
        let matte = background.alpha > 0
            ? RGBA(red: background.red, green: background.green, blue: background.blue) : RGBA(red: 1, green: 1, blue: 1)
        return try image.jpegData(quality: settings.quality, matte: matte)
    }
}
