import Foundation
import Graphics
import InfoWinTestSupport
import InfoWinCheck
import Testing
@testable import InfoWinKit

/// The made-up city with a folder of raster tiles beside it (`raster/{z}/{x}/{y}.png`), each tile of one
/// colour, covering the canvas round the city's centre at levels 12 and 13.
private final class RasterCity {
    let city: CityFolder
    /// Red tiles at level 13 (a 256-pixel source's level at camera zoom 13), blue ones at level 12.
    static let colours = [12: UInt32(0x0000FF), 13: UInt32(0xFF0000)]

    init() throws {
        city = try CityFolder()
        for (level, colour) in Self.colours {
            let centre = Self.tile(level: level)
            for x in centre.x - 2...centre.x + 2 {
                for y in centre.y - 2...centre.y + 2 { try writeTile(level, x, y, colour: colour) }
            }
        }
    }

    /// The tile of `level` holding the city's centre.
    static func tile(level: Int) -> (x: Int, y: Int) {
        let n = pow(2, Double(level)), latitude = CityTilesets.centre.latitude * .pi / 180
        let x = (CityTilesets.centre.longitude + 180) / 360 * n
        let y = (1 - log(tan(latitude) + 1 / cos(latitude)) / .pi) / 2 * n
        return (Int(x), Int(y))
    }

    func writeTile(_ level: Int, _ x: Int, _ y: Int, colour: UInt32) throws {
        let png = try PixelImage(width: 256, height: 256, pixels: [UInt32](repeating: 0xFF00_0000 | colour, count: 256 * 256)).pngData()
        try city.folder.write(png, to: "raster/\(level)/\(x)/\(y).png")
    }

    /// Draws the city at `zoom` with a style file of a vector source (the city's OpenMapTiles tileset) and
    /// the raster source `source` (its members), its layers `layers` (a JSON array's members).
    func render(source: String = #""tiles": ["raster/{z}/{x}/{y}.png"], "tileSize": 256"#, layers: String, zoom: Double = 13) throws -> RenderResult {
        try city.folder.write(#"""
            {"version": 8, "sources": {"city": {"type": "vector", "url": "pmtiles://city-openmaptiles.pmtiles"},
                                       "shade": {"type": "raster", \#(source)}},
             "layers": [\#(layers)]}
            """#, to: "raster-style.json")
        return try city.render(city.json(#""style": "raster-style.json""#, zoom: zoom))
    }
}

private let background = ##"{"id": "land", "type": "background", "paint": {"background-color": "#FFFFFF"}}"##
private let sea = ##"{"id": "sea", "type": "fill", "source": "city", "source-layer": "water", "paint": {"fill-color": "#00FF00"}}"##

private func raster(_ paint: String = "") -> String {
    #"{"id": "shade", "type": "raster", "source": "shade", "paint": {\#(paint)}}"#
}

@Suite("raster sources and raster layers in a style file (SPEC.md, Vector basemaps)")
struct BasemapRasterTests {
    @Test("a raster layer lies over the background and under a vector fill drawn after it")
    func rasterUnderTheFillOverTheBackground() throws {
        let result = try RasterCity().render(layers: [background, raster(), sea].joined(separator: ","))
        let land = try pixel(result.bytes, x: 10, y: 10), water = try pixel(result.bytes, x: 30, y: 290)
        #expect(land.r > 240 && land.g < 15 && land.b < 15, "the raster's red over the white background: \(land)")
        #expect(water.g > 240 && water.r < 15, "the sea's green over the raster: \(water)")
        let basemap = try #require(result.report.basemap)
        #expect(basemap.missing.isEmpty && basemap.drawn > 1)
        #expect(!basemap.warnings.contains { $0.contains("raster") }, "\(basemap.warnings)")
    }

    @Test("a raster layer after the vector fill covers it: the style's order is kept")
    func rasterOverTheFillWhenLaterInTheStyle() throws {
        let result = try RasterCity().render(layers: [background, sea, raster()].joined(separator: ","))
        let water = try pixel(result.bytes, x: 30, y: 290)
        #expect(water.r > 240 && water.g < 15, "the raster's red over the sea: \(water)")
    }

    @Test("raster-opacity as a constant, legacy stops or an interpolate expression of the zoom (0.5 at style zoom 12)",
          arguments: ["0.5", #"{"stops": [[10, 0], [14, 1]]}"#, #"["interpolate", ["linear"], ["zoom"], 10, 0, 14, 1]"#])
    func rasterOpacity(value: String) throws {
        let result = try RasterCity().render(layers: [background, raster(#""raster-opacity": \#(value)"#)].joined(separator: ","))
        let land = try pixel(result.bytes, x: 10, y: 10)
        #expect(land.r > 240 && (118...138).contains(land.g) && (118...138).contains(land.b), "half red over white: \(land)")
    }

    @Test("a raster layer hidden by its visibility or maxzoom draws nothing and fetches nothing")
    func hiddenRasterLayer() throws {
        for layer in [#"{"id": "shade", "type": "raster", "source": "shade", "layout": {"visibility": "none"}}"#,
                      #"{"id": "shade", "type": "raster", "source": "shade", "maxzoom": 10}"#] {
            let result = try RasterCity().render(layers: [background, layer].joined(separator: ","))
            let land = try pixel(result.bytes, x: 10, y: 10)
            #expect(land.r > 240 && land.g > 240 && land.b > 240, "\(layer): \(land)")
        }
    }

    @Test("tileSize 512 draws MapLibre's level round(zoom − 1), and 256 round(zoom); a fractional zoom scales the tiles")
    func tileSizeChoosesTheLevel() throws {
        let city = try RasterCity()
        let large = try city.render(source: #""tiles": ["raster/{z}/{x}/{y}.png"], "tileSize": 512"#, layers: [background, raster()].joined(separator: ","))
        let blue = try pixel(large.bytes, x: 10, y: 10)
        #expect(blue.b > 240 && blue.r < 15, "level 12's blue: \(blue)")
        let fractional = try city.render(layers: [background, raster()].joined(separator: ","), zoom: 13.3)
        let red = try pixel(fractional.bytes, x: 10, y: 10)
        #expect(red.r > 240 && red.b < 15, "level 13's red at zoom 13.3: \(red)")
    }

    @Test("at a zoom that shrinks the tiles (12.7 draws level 13) the tiles meet with no seam across the picture")
    func shrunkTilesMeetWithoutSeams() throws {
        let result = try RasterCity().render(layers: [background, raster()].joined(separator: ","), zoom: 12.7)
        for x in stride(from: 0, to: 390, by: 3) {
            let colour = try pixel(result.bytes, x: x, y: 5)
            #expect(colour.r > 240 && colour.g < 15 && colour.b < 15, "x \(x): \(colour)")
        }
    }

    @Test("below the source's minzoom the raster is not drawn and a warning says so")
    func belowTheSourcesMinzoom() throws {
        let result = try RasterCity().render(
            source: #""tiles": ["raster/{z}/{x}/{y}.png"], "tileSize": 256, "minzoom": 15"#, layers: [background, raster()].joined(separator: ","))
        let warnings = try #require(result.report.basemap).warnings
        #expect(warnings.contains { $0.contains("raster source \"shade\"") && $0.contains("below its levels") }, "\(warnings)")
        let land = try pixel(result.bytes, x: 10, y: 10)
        #expect(land.r > 240 && land.g > 240, "\(land)")
    }

    @Test("a missing raster tile is named in tiles.missing and in a warning, as a vector tile is")
    func missingRasterTile() throws {
        let city = try RasterCity()
        let centre = RasterCity.tile(level: 13)
        try FileManager.default.removeItem(atPath: city.city.folder.path("raster/13/\(centre.x)/\(centre.y).png"))
        let result = try city.render(layers: [background, raster()].joined(separator: ","))
        let basemap = try #require(result.report.basemap)
        #expect(basemap.missing == ["13/\(centre.x)/\(centre.y)"])
        #expect(basemap.warnings.contains { $0.hasPrefix("1 map tile missing from") && $0.contains("13/\(centre.x)/\(centre.y)") }, "\(basemap.warnings)")
        #expect(result.report.missingTiles?.tiles.map(\.name) == ["13/\(centre.x)/\(centre.y)"], "--fail-on missing-tiles sees it")
    }

    @Test("the input hash covers the raster tiles' bytes")
    func inputHashCoversRasterTiles() throws {
        let city = try RasterCity()
        let layers = [background, raster()].joined(separator: ",")
        let before = try city.render(layers: layers).fingerprint.basemapTiles
        let centre = RasterCity.tile(level: 13)
        try city.writeTile(13, centre.x, centre.y, colour: 0xFF0001)
        let after = try city.render(layers: layers).fingerprint.basemapTiles
        #expect(before != nil && before != after)
    }

    @Test("a raster source's file outside the sandbox is refused, naming the style file and the source's url")
    func rasterSourceOutsideTheSandbox() throws {
        let outside = try TemporaryFolder()
        try outside.write(Array("not read".utf8), to: "elsewhere.mbtiles")
        let city = try RasterCity()
        #expect {
            try city.render(source: #""url": "mbtiles://\#(outside.path("elsewhere.mbtiles"))""#, layers: [background, raster()].joined(separator: ","))
        } throws: { error in
            let message = "\(error)"
            return message.contains("raster-style.json") && message.contains("sources.shade.url") && message.contains("outside the folders")
        }
    }

    @Test("a raster source given as a TileJSON url is refused naming it, not skipped")
    func rasterSourceOfAnotherURL() throws {
        #expect {
            try RasterCity().render(source: #""url": "https://example.com/tiles.json""#, layers: [background, raster()].joined(separator: ","))
        } throws: { error in
            "\(error)".contains("sources.shade.url") && "\(error)".contains("is read by no infowin source")
        }
    }
}
