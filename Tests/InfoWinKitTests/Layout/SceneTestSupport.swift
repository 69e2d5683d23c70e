import Foundation
import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

/// A spec from JSON text, its relative paths starting at a folder holding `icon.png` and `icon@2x.png`
/// (16 × 8 pixels each).
func testSpec(_ json: String) throws -> Spec {
    try SpecDecoder.decode(SpecSource(name: "scene-test.json", bytes: Array(json.utf8), folder: TestAssets.folder))
}

/// A folder of small test images, made once per test run.
enum TestAssets {
    static let folder: String = {
        let folder = NSTemporaryDirectory() + "infowin-test-assets-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let pixels = [UInt32](repeating: 0xFF33_6699, count: 16 * 8)
        let png = try! PixelImage(width: 16, height: 8, pixels: pixels).pngData()
        for name in ["icon.png", "icon@2x.png"] {
            FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(png))
        }
        return folder
    }()
}

/// A 390 × 300 pt map at `scale` looking at (0, 0) at zoom 10, with these markers and top-level members.
func testSpecJSON(markers: [String], selected: String? = "a", scale: Double = 2, bearing: Double = 0, extra: String = "") -> String {
    let selection = selected.map { #", "selectedMarker": "\#($0)""# } ?? ""
    return #"""
        {"map": {"width": 390, "height": 300, "scale": \#(scale),
                 "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 10, "bearing": \#(bearing)}},
         "markers": [\#(markers.joined(separator: ","))]\#(selection)\#(extra)}
        """#
}

/// A marker at (latitude, longitude) with extra members (starting with a comma).
func testMarker(_ id: String = "a", latitude: Double = 0, longitude: Double = 0, _ rest: String = "") -> String {
    #"{"id": "\#(id)", "position": {"latitude": \#(latitude), "longitude": \#(longitude)}\#(rest)}"#
}

/// Lays out a spec with the pinned fonts only, so that text metrics do not depend on the machine.
func layOut(_ spec: Spec, selection: String? = nil) throws -> Scene {
    let library = try FontLibrary(setup: FontSetup(files: Repository.pinnedFonts, hermetic: true))
    return try SceneBuilder(
        spec: spec, scale: spec.map.scale, selectedMarker: selection ?? spec.selectedMarker, library: library, crop: spec.crop
    ).build()
}

/// Renders a spec with the pinned fonts only.
func renderPinned(_ spec: Spec) throws -> (result: RenderResult, image: PixelImage) {
    var pinned = spec
    pinned.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
    let result = try Renderer().render(pinned)
    return (result, try #require(PixelImage(png: result.png)))
}

extension PixelImage {
    /// The straight (not premultiplied) colour at a pixel as 0xRRGGBB, and its alpha.
    func color(x: Int, y: Int) -> (rgb: UInt32, alpha: UInt32) {
        let pixel = pixels[y * width + x]
        return (pixel & 0xFFFFFF, pixel >> 24)
    }
}

/// True when two colours differ by at most `tolerance` in every channel.
func colorsAreClose(_ a: UInt32, _ b: UInt32, tolerance: Int = 2) -> Bool {
    [16, 8, 0].allSatisfy { shift in abs(Int(a >> UInt32(shift) & 0xFF) - Int(b >> UInt32(shift) & 0xFF)) <= tolerance }
}
