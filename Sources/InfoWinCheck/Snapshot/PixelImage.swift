import Graphics
import InfoWinKit

/// A decoded image: premultiplied 0xAARRGGBB pixels, row by row.
package struct PixelImage: Equatable, Sendable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// The pixels, row by row.
    package let pixels: [UInt32]

    /// Makes an image from its pixels.
    package init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes PNG bytes; nil when they are not a readable PNG.
    package init?(png bytes: [UInt8]) {
        guard PNGHeader(bytes: bytes) != nil, let surface = try? ImageSurface(pngData: bytes) else { return nil }
        self.init(width: surface.width, height: surface.height, pixels: surface.argbPixels())
    }

    /// The image as PNG bytes.
    package func pngData() throws(InfoWinError) -> [UInt8] {
        do {
            return try ImageSurface(width: width, height: height, argbPixels: pixels).pngData()
        } catch {
            throw .io(file: "image", message: error.message)
        }
    }
}
