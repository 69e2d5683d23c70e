import Foundation
import Graphics
import Testing
@testable import InfoWinKit

@Suite("a style file's sprite in a whole render: icons drawn, and the input hash covering the sprite's files")
struct SpriteRenderTests {
    /// A style drawing the city's places as red squares with their names below.
    private static let style = #"""
        {"version": 8, "sprite": "icons/sprite", "sources": {"city": {"type": "vector", "url": "pmtiles://city-openmaptiles.pmtiles"}},
         "layers": [{"id": "land", "type": "background", "paint": {"background-color": "#F4F1EA"}},
                    {"id": "places", "type": "symbol", "source": "city", "source-layer": "place",
                     "layout": {"icon-image": "dot", "text-field": "{name}", "text-anchor": "top", "text-offset": [0, 0.8], "text-size": 12},
                     "paint": {"text-color": "#333333"}}]}
        """#

    private func writeSprite(in city: CityFolder, color: UInt32) throws {
        let surface = try ImageSurface(width: 12, height: 12, argbPixels: [UInt32](repeating: color, count: 144))
        try city.folder.write(try surface.pngData(), to: "icons/sprite.png")
        try city.folder.write(#"{"dot": {"x": 0, "y": 0, "width": 12, "height": 12, "pixelRatio": 1}}"#, to: "icons/sprite.json")
    }

    @Test("icons are drawn where the places are, and a changed sprite PNG changes the input hash and the style's fingerprint")
    func iconsAndTheInputHash() throws {
        let city = try CityFolder()
        try city.folder.write(Self.style, to: "mine.json")
        try writeSprite(in: city, color: 0xFFE0_2020)
        let first = try city.render(city.json(#""style": "mine.json""#, zoom: 14))
        let folder = URL(fileURLWithPath: ".build/paint-tests")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(first.bytes).write(to: folder.appendingPathComponent("sprite-city.png"))
        let basemap = try #require(first.report.basemap)
        #expect(!basemap.warnings.contains { $0.contains("icon") || $0.contains("sprite") }, "\(basemap.warnings)")
        let red = try ImageSurface(encoded: first.bytes).argbPixels().filter { argb in
            argb >> 16 & 0xFF > 200 && argb >> 8 & 0xFF < 60 && argb & 0xFF < 60
        }.count
        #expect(red >= 100, "at least one 12 × 12 icon's red pixels: \(red)")
        let again = try city.render(city.json(#""style": "mine.json""#, zoom: 14))
        #expect(again.fingerprint.inputs == first.fingerprint.inputs && again.bytes == first.bytes)
        try writeSprite(in: city, color: 0xFF20_20E0)
        let changed = try city.render(city.json(#""style": "mine.json""#, zoom: 14))
        #expect(changed.fingerprint.inputs != first.fingerprint.inputs)
        #expect(changed.fingerprint.differences(from: first.fingerprint).contains("basemap style changed"))
    }

    @Test("a sprite index that is not valid fails the render and validate alike, naming the index and its JSON path")
    func hostileSpriteFailsValidate() throws {
        let city = try CityFolder()
        try city.folder.write(Self.style, to: "mine.json")
        try writeSprite(in: city, color: 0xFFE0_2020)
        try city.folder.write(#"{"dot": {"x": 0, "y": 0, "width": "12", "height": 12}}"#, to: "icons/sprite.json")
        let rendered = try #require(throws: InfoWinError.self) { try city.render(city.json(#""style": "mine.json""#, zoom: 14)) }
        #expect(rendered.message.contains("sprite.json") && rendered.message.contains("dot.width"), "\(rendered.message)")
        let spec = try SpecDecoder.decode(try SpecSource.read(city.folder.url.appendingPathComponent("spec.json").path))
        let validated = try #require(throws: InfoWinError.self) { try Renderer().report(spec) }
        #expect(validated.message == rendered.message)
    }
}
