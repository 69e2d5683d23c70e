import Foundation
import Graphics
import InfoWinTestSupport
@testable import InfoWinKit

/// A sprite made by a test: a sheet of flat squares, written as `NAME.json` and `NAME.png` (PNG by the
/// graphics module's own writer) in a temporary folder.
struct TestSprite {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// Writes `NAME.json` and `NAME.png`: each image a flat square of `side` pixels, left to right.
    func write(_ name: String = "sprite", images: [(name: String, color: UInt32)], side: Int = 16, pixelRatio: Double = 1) throws {
        let width = side * images.count
        var pixels = [UInt32](repeating: 0, count: width * side)
        for (slot, image) in images.enumerated() {
            for y in 0..<side { for x in 0..<side { pixels[y * width + slot * side + x] = image.color } }
        }
        try writeSheet(name, pixels: pixels, width: width, height: side)
        let entries = images.enumerated().map { slot, image in
            "\(JSONWriter.quoted(image.name)): {\"x\": \(slot * side), \"y\": 0, \"width\": \(side), \"height\": \(side), \"pixelRatio\": \(pixelRatio)}"
        }
        try folder.write("{" + entries.joined(separator: ", ") + "}", to: name + ".json")
    }

    /// Writes `NAME.png` holding `pixels` (premultiplied ARGB, row by row).
    func writeSheet(_ name: String, pixels: [UInt32], width: Int, height: Int) throws {
        try folder.write(try ImageSurface(width: width, height: height, argbPixels: pixels).pngData(), to: name + ".png")
    }

    /// The folder, as the sandbox names it.
    var root: String { FileSystem.realPath(folder.url.path) ?? folder.url.path }

    /// The sprite loaded as a style in this folder loads it, for a picture at `scale`.
    func load(_ name: String = "sprite", scale: Double = 1) throws -> SpriteSheet {
        try SpriteLoader(styleFile: root + "/style.json", allowedFolders: [root]).load(root + "/" + name, scale: scale)
    }
}

/// Draws `layers` over `tiles` with `sprite`, then places and draws their symbols, as the renderer does.
func paintWithSprite(
    _ layers: [StyleLayer], _ tiles: [TileID: VectorTile], sprite: SpriteSheet?, avoid: [Rect] = [], scale: Double = 1, fonts: FontLibrary
) throws -> (image: PaintedImage, labels: BasemapLabels) {
    let view = PaintWorld.view()
    let surface = try ImageSurface(width: Int(view.width * scale), height: Int(view.height * scale))
    let context = DrawingContext(surface: surface)
    context.scale(by: scale)
    _ = BasemapPainter(layers: layers, tiles: tiles, view: view, sprite: sprite).draw(in: context)
    let labels = LabelPlacer(layers: layers, tiles: tiles, view: view, avoid: avoid, language: nil, fonts: fonts, fallbackFamily: "Inter", sprite: sprite).place()
    labels.draw(in: context)
    return (PaintedImage(surface: surface, scale: scale), labels)
}
