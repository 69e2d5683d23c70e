import Foundation
import InfoWinTestSupport
import Testing
@testable import InfoWinKit

/// The level drawn of `source` at zoom 2 over the colour-coded tiles, and the colour at the canvas's centre.
private func drawn(_ source: String, scale: Double, zoom: Double = 2) throws -> (level: Double?, centre: UInt32) {
    let tiles = try ColourTiles.shared.get()
    let (result, image) = try renderPinned(try tiles.spec(tiles: source, zoom: zoom, scale: scale))
    return (result.report.tiles.map { Double($0.level) }, image.color(x: 100 * Int(scale), y: 100 * Int(scale)).rgb)
}

/// SPEC.md, "Map tiles, round two": `detectRetina` and double-density archives.
@Suite("map tiles at scale 2 and more")
struct MapRetinaTests {
    @Test("detectRetina draws one level deeper at scale 2 and 3, not at 1; the report's level is the one drawn",
          arguments: ["\"tiles/{z}/{x}/{y}.png\"", "\"tiles.mbtiles\"", "\"tiles.pmtiles\""])
    func oneLevelDeeper(source: String) throws {
        let deeper = tileUnder(latitude: 10, longitude: 10, z: 3), usual = tileUnder(latitude: 10, longitude: 10, z: 2)
        for scale in [1.0, 2, 3] {
            let (level, centre) = try drawn(#"{"source": \#(source), "detectRetina": true}"#, scale: scale)
            let z = scale >= 2 ? 3 : 2, tile = scale >= 2 ? deeper : usual
            #expect(level == Double(z), "scale \(scale)")
            #expect(colorsAreClose(centre, ColourTiles.colour(z, tile.x, tile.y), tolerance: 3), "scale \(scale)")
        }
        let (plain, _) = try drawn(#"{"source": \#(source)}"#, scale: 2)
        #expect(plain == 2, "without detectRetina, the usual level")
    }

    @Test("detectRetina goes no deeper than maxZoom, nor when the template has {r}")
    func cappedAndRetinaTemplates() throws {
        #expect(try drawn(#"{"source": "tiles/{z}/{x}/{y}.png", "detectRetina": true, "maxZoom": 2}"#, scale: 2).level == 2)
        let (level, centre) = try drawn(#"{"source": "tiles/{z}/{x}/{y}{r}.png", "detectRetina": true}"#, scale: 2, zoom: 3)
        let tile = tileUnder(latitude: 10, longitude: 10, z: 3)
        #expect(level == 3)
        #expect(colorsAreClose(centre, ColourTiles.colour(3, tile.x, tile.y) ^ 0xFFFFFF, tolerance: 3), "the @2x tile")
    }

    @Test("an MBTiles archive whose metadata says scale 2 is drawn at its own level: detectRetina goes no deeper")
    func doubleDensityArchive() throws {
        let tiles = try ColourTiles()
        try #require(try Tools.sqlite("\(tiles.folder)/tiles.mbtiles", script: "INSERT INTO metadata VALUES ('scale', '2')") == 0)
        let (result, _) = try renderPinned(try tiles.spec(tiles: #"{"source": "tiles.mbtiles", "detectRetina": true}"#, zoom: 2, scale: 2))
        #expect(result.report.tiles.map { Double($0.level) } == 2)
    }

    @Test("detectRetina is decoded, and must be true or false")
    func decoded() throws {
        let tiles = try ColourTiles.shared.get()
        #expect(try tiles.spec(tiles: #"{"source": "tiles.mbtiles", "detectRetina": true}"#, zoom: 2).map.tiles?.detectRetina == true)
        #expect(try tiles.spec(tiles: #"{"source": "tiles.mbtiles"}"#, zoom: 2).map.tiles?.detectRetina == false)
        #expect(throws: InfoWinError.self) { try tiles.spec(tiles: #"{"source": "tiles.mbtiles", "detectRetina": 1}"#, zoom: 2) }
    }
}
