import Foundation
import Graphics
import InfoWinTestSupport
import Testing
@testable import InfoWinKit

/// Photos and icons in JPEG and WebP as well as PNG, told by their bytes: the kinds real apps ship
/// (baseline, progressive, CMYK and greyscale JPEG; lossy and lossless WebP with alpha), made by Pillow,
/// an encoder that is not ours; an animated WebP or a GIF is an error naming the path and the format.
@Suite("photos and icons in PNG, JPEG and WebP", .enabled(if: Tools.pillow, "Pillow (python3-pil) is not installed (make test installs it)"))
struct PhotoFormatTests {
    /// Writes the test images with Pillow (python3-pil, which `make test` installs) into a new folder.
    private static func makePhotos() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("infowin-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = """
            import sys
            from PIL import Image
            folder = sys.argv[1]
            rgb = Image.new("RGB", (40, 20), (200, 40, 40))
            rgb.save(folder + "/photo.jpg", quality=95)
            rgb.save(folder + "/progressive.jpg", quality=95, progressive=True)
            rgb.convert("CMYK").save(folder + "/cmyk.jpg", quality=95)
            Image.new("L", (40, 20), 128).save(folder + "/grey.jpg", quality=95)
            rgb.save(folder + "/photo.webp", quality=95)
            Image.new("RGBA", (40, 20), (40, 200, 40, 128)).save(folder + "/alpha.webp", lossless=True)
            frames = [Image.new("RGB", (40, 20), colour) for colour in [(255, 0, 0), (0, 0, 255)]]
            frames[0].save(folder + "/animated.webp", save_all=True, append_images=frames[1:], duration=100, loop=0)
            rgb.save(folder + "/picture.gif")
            """
        let status = try Tools.run([Tools.python, "-c", script, folder.path]).status
        #expect(status == 0, "Pillow could not write the test images")
        return folder
    }

    /// A 100 × 100 pt white map with one marker centred, its icon `icon`.
    private func spec(icon: String, folder: URL) throws -> Spec {
        let json = #"""
            {"map": {"width": 100, "height": 100, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 10}, "background": "#FFFFFF"},
             "markers": [{"id": "a", "position": {"latitude": 0, "longitude": 0}, "icon": "\#(icon)", "groundAnchor": {"x": 0.5, "y": 0.5}}]}
            """#
        return try SpecDecoder.decode(SpecSource(name: "photo.json", bytes: Array(json.utf8), folder: folder.path))
    }

    @Test("every kind of JPEG and WebP is drawn with its colours, as an icon and in an image view")
    func everyKindIsDrawn() throws {
        let folder = try Self.makePhotos()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected: [(String, UInt32)] = [
            ("photo.jpg", 0xC82828), ("progressive.jpg", 0xC82828), ("cmyk.jpg", 0xC82828), ("grey.jpg", 0x808080),
            ("photo.webp", 0xC82828), ("alpha.webp", 0x94E394),
        ]
        for (file, colour) in expected {
            let (result, image) = try renderPinned(try spec(icon: file, folder: folder))
            #expect(image.width == 100 && result.report.warnings.isEmpty)
            let centre = image.color(x: 50, y: 50)
            #expect(colorsAreClose(centre.rgb, colour, tolerance: 8), "\(file): \(String(centre.rgb, radix: 16)) is not \(String(colour, radix: 16))")
        }
        let view = #"{"image": "photo.jpg", "width": 40, "height": 20}"#
        let json = testSpecJSON(markers: [testMarker("a", #", "title": "A""#)], extra: #", "infoWindow": {"contents": \#(view)}"#)
        let placed = try #require(try layOut(try SpecDecoder.decode(SpecSource(name: "v.json", bytes: Array(json.utf8), folder: folder.path))).infoWindow?.view)
        guard case .image(let surface, _) = placed.content else {
            Issue.record("the JPEG is not an image view")
            return
        }
        #expect(surface.width == 40 && surface.height == 20)
    }

    @Test("an animated WebP, a GIF and a text file are errors naming the path and the format")
    func otherFormatsAreNamed() throws {
        let folder = try Self.makePhotos()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("notes.png"))
        let cases = [("animated.webp", "an animated WebP image"), ("picture.gif", "it is a GIF image"), ("notes.png", "not a PNG, JPEG or WebP image")]
        for (file, words) in cases {
            let error = #expect(throws: InfoWinError.self) { try spec(icon: file, folder: folder) }
            let message = error?.message ?? ""
            #expect(message.contains("markers[0].icon") && message.contains(file) && message.contains(words), "\(message)")
        }
    }

    @Test("a JPEG or WebP named @2x or @3x has that scale, whatever its extension")
    func scaleFromTheName() {
        #expect(SpecDecoder.impliedScale(ofImageNamed: "photos/house@2x.jpg") == 2)
        #expect(SpecDecoder.impliedScale(ofImageNamed: "house@3x.WEBP") == 3)
        #expect(SpecDecoder.impliedScale(ofImageNamed: "house.jpeg") == 1)
    }
}
