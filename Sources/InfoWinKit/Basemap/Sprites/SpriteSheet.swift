import Graphics

/// A style's sprite, loaded (SPEC.md, "Vector basemaps": `sprite`): each image of the sheet cut out, with
/// its pixel density, for `icon-image` and `fill-pattern`; and a digest of the files read, for the input
/// hash and the fingerprint.
package struct SpriteSheet {
    /// One image of the sprite.
    struct Image {
        let surface: ImageSurface
        /// Sheet pixels per point.
        let pixelRatio: Double
        /// Its size in points at `icon-size` 1.
        var width: Double { Double(surface.width) / pixelRatio }
        var height: Double { Double(surface.height) / pixelRatio }
    }

    let images: [String: Image]
    /// The index file read (`NAME.json` or `NAME@2x.json`), as warnings name it.
    let file: String
    /// A digest of the index's and the sheet's bytes.
    let digest: String
    /// What the sprite leaves out (SDF images drawn as their own pixels).
    let warnings: [String]

    /// The sheet `sheet` (decoded) cut into `index`'s images.
    init(index: SpriteIndex, sheet: ImageSurface, file: String, digest: String) throws(InfoWinError) {
        let pixels = sheet.argbPixels()
        var images: [String: Image] = [:]
        for (name, entry) in index.entries where entry.width > 0 && entry.height > 0 {
            var cut = [UInt32](repeating: 0, count: entry.width * entry.height)
            for row in 0..<entry.height {
                let from = (entry.y + row) * sheet.width + entry.x
                cut.replaceSubrange(row * entry.width..<(row + 1) * entry.width, with: pixels[from..<from + entry.width])
            }
            do throws(GraphicsError) {
                images[name] = Image(surface: try ImageSurface(width: entry.width, height: entry.height, argbPixels: cut), pixelRatio: entry.pixelRatio)
            } catch {
                throw .io(file: file, message: "cannot cut the sprite image \(JSONWriter.quoted(name)): \(error.message)")
            }
        }
        self.images = images
        self.file = file
        self.digest = digest
        let sdf = index.entries.values.filter(\.sdf).count
        warnings = sdf == 0 ? [] : [
            "\(file): \(sdf == 1 ? "1 SDF image is" : "\(Format.grouped(sdf)) SDF images are") drawn as their own pixels (icon-color, which tints them in MapLibre, is not of infowin's subset)"
        ]
    }
}
