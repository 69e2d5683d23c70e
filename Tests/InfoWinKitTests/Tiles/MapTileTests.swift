import Foundation
import InfoWinTestSupport
import Graphics
import Testing
import TileIO
import InfoWinCheck
@testable import InfoWinKit

// MARK: - A colour-coded tile set

/// Tiles of one flat colour each, coded from their level, column and row, written as a folder tree
/// (`{z}/{x}/{y}.png`, and `@2x` tiles of another colour), an MBTiles file and a PMTiles archive
/// (packed by Examples/map-tiles/make-tiles.py, the examples' own tile writer).
final class ColourTiles: @unchecked Sendable {
    let folder: String
    static let levels = 0...3
    /// One set for the tests that only read it.
    static let shared = Result { try ColourTiles() }

    init() throws {
        folder = NSTemporaryDirectory() + "infowin-tiles-\(UUID().uuidString)"
        for z in Self.levels {
            for x in 0..<(1 << z) {
                try FileManager.default.createDirectory(atPath: "\(folder)/tiles/\(z)/\(x)", withIntermediateDirectories: true)
                for y in 0..<(1 << z) {
                    try write(Self.colour(z, x, y), size: 256, to: "\(folder)/tiles/\(z)/\(x)/\(y).png")
                    if z == 3 { try write(Self.colour(z, x, y) ^ 0xFFFFFF, size: 512, to: "\(folder)/tiles/\(z)/\(x)/\(y)@2x.png") }
                }
            }
        }
        let script = Repository.root.appendingPathComponent("Examples/map-tiles/make-tiles.py").path
        guard try Tools.run([Tools.python, script, "--pack", "tiles", "tiles"], in: URL(fileURLWithPath: folder)).status == 0 else {
            throw TileTestError.packingFailed
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A colour no other tile of levels 0…3 has.
    static func colour(_ z: Int, _ x: Int, _ y: Int) -> UInt32 {
        UInt32(40 + z * 50) << 16 | UInt32(8 + x * 15) << 8 | UInt32(8 + y * 15)
    }

    private func write(_ rgb: UInt32, size: Int, to path: String) throws {
        let png = try PixelImage(width: size, height: size, pixels: [UInt32](repeating: 0xFF00_0000 | rgb, count: size * size)).pngData()
        FileManager.default.createFile(atPath: path, contents: Data(png))
    }

    /// A spec in this folder: a 200 × 200 pt map with `tiles`, no markers.
    func spec(tiles: String, zoom: Double, latitude: Double = 10, longitude: Double = 10, bearing: Double = 0, scale: Double = 1) throws -> Spec {
        let json = #"""
            {"map": {"width": 200, "height": 200, "scale": \#(scale), "background": "#000000",
                     "camera": {"target": {"latitude": \#(latitude), "longitude": \#(longitude)}, "zoom": \#(zoom), "bearing": \#(bearing)},
                     "tiles": \#(tiles)}}
            """#
        return try SpecDecoder.decode(SpecSource(name: "tiles.json", bytes: Array(json.utf8), folder: folder))
    }
}

enum TileTestError: Error { case packingFailed }

/// The tile of level `z` under a coordinate, in XYZ.
func tileUnder(latitude: Double, longitude: Double, z: Int) -> (x: Int, y: Int) {
    let world = MapProjection.worldPoint(Coordinate(latitude: latitude, longitude: longitude), worldSize: 256 * pow(2, Double(z)))
    return (Int(world.x / 256), Int(world.y / 256))
}

private func render(_ spec: Spec) throws -> (image: PixelImage, report: JSONValue.Kind) {
    let (result, image) = try renderPinned(spec)
    return (image, result.report.json)
}

// MARK: - Tests

@Suite("map tiles")
struct MapTileTests {
    @Test("PMTiles tile ids follow the Hilbert curve of the PMTiles reference")
    func hilbertIDs() {
        let reference: [(Int, Int, Int, UInt64)] = [
            (0, 0, 0, 0), (1, 0, 0, 1), (1, 1, 0, 4), (1, 1, 1, 3), (1, 0, 1, 2), (2, 1, 3, 11), (5, 17, 9, 1213),
            (12, 2046, 1362, 8_108_973), (15, 16372, 10895, 518_974_234),
        ]
        for (z, x, y, id) in reference {
            #expect(PMTilesReader.tileID(z: z, x: x, y: y) == id, "\(z)/\(x)/\(y)")
        }
    }

    @Test("the level is round(zoom − log2(tileSize/256)), halves up, clamped to minZoom…maxZoom")
    func level() {
        func level(_ zoom: Double, tileSize: Int = 256, min: Int = 0, max: Int = 22) -> Int {
            var tiles = TilesSpec(source: .http(template: "https://x/{z}/{x}/{y}.png"))
            tiles.tileSize = tileSize
            tiles.minZoom = min
            tiles.maxZoom = max
            let camera = CameraSpec(target: Coordinate(latitude: 0, longitude: 0), zoom: zoom, bearing: 0)
            return TilePlan(tiles: tiles, camera: camera, width: 100, height: 100).level
        }
        #expect(level(12) == 12 && level(12.49) == 12 && level(12.5) == 13 && level(12.51) == 13)
        #expect(level(12, tileSize: 512) == 11 && level(12.5, tileSize: 512) == 12)
        #expect(level(3, min: 5) == 5 && level(18, max: 15) == 15)
    }

    @Test("folder, MBTiles and PMTiles sources draw the same tiles, each at its place, for every level and scale",
          arguments: ["\"tiles/{z}/{x}/{y}.png\"", "\"tiles.mbtiles\"", "\"tiles.pmtiles\""])
    func sources(source: String) throws {
        let tiles = try ColourTiles.shared.get()
        for (zoom, scale) in [(2.0, 1.0), (3.0, 2.0), (3.4, 1.0), (2.6, 3.0)] {
            let (image, report) = try render(try tiles.spec(tiles: #"{"source": \#(source)}"#, zoom: zoom, scale: scale))
            let z = Int((zoom + 0.5).rounded(.down))
            #expect(report["tiles"]["level"].number == Double(z))
            let tile = tileUnder(latitude: 10, longitude: 10, z: z)
            let centre = image.color(x: image.width / 2, y: image.height / 2).rgb
            #expect(colorsAreClose(centre, ColourTiles.colour(z, tile.x, tile.y), tolerance: 3), "\(source) at zoom \(zoom) ×\(scale)")
            #expect(report["tiles"]["missing"].elements.isEmpty)
        }
    }

    @Test("tiles turn with the bearing: a point east of the target is drawn up the canvas at bearing 90")
    func bearing() throws {
        let tiles = try ColourTiles.shared.get()
        // At zoom 3 the target (10, 40) is in column 4 (longitudes 0…45), 28 pt from its east edge; 10° east
        // (57 pt) is in column 5.
        let (image, _) = try render(try tiles.spec(tiles: #"{"source": "tiles/{z}/{x}/{y}.png"}"#, zoom: 3, longitude: 40, bearing: 90))
        let east = tileUnder(latitude: 10, longitude: 50, z: 3)
        #expect(east.x == 5)
        let pointsEast = (MapProjection.worldPoint(Coordinate(latitude: 10, longitude: 50), worldSize: 2048).x
            - MapProjection.worldPoint(Coordinate(latitude: 10, longitude: 40), worldSize: 2048).x)
        // With the camera facing east, east is up.
        let sample = image.color(x: 100, y: Int(100 - pointsEast)).rgb
        #expect(colorsAreClose(sample, ColourTiles.colour(3, east.x, east.y), tolerance: 3))
    }

    @Test("scheme tms flips {y}; {-y} is the TMS row in any scheme")
    func schemes() throws {
        let tiles = try ColourTiles()
        // Write the tiles' XYZ folder as a TMS one by renaming rows: a TMS template must find them.
        let tms = tiles.folder + "/tms"
        for z in ColourTiles.levels {
            for x in 0..<(1 << z) {
                try FileManager.default.createDirectory(atPath: "\(tms)/\(z)/\(x)", withIntermediateDirectories: true)
                for y in 0..<(1 << z) {
                    try FileManager.default.copyItem(atPath: "\(tiles.folder)/tiles/\(z)/\(x)/\(y).png", toPath: "\(tms)/\(z)/\(x)/\((1 << z) - 1 - y).png")
                }
            }
        }
        let tile = tileUnder(latitude: 10, longitude: 10, z: 3)
        for source in [#"{"source": "tms/{z}/{x}/{y}.png", "scheme": "tms"}"#, #"{"source": "tms/{z}/{x}/{-y}.png"}"#.replacingOccurrences(of: "tms/{z}/{x}/{-y}", with: "tiles/{z}/{x}/{y}")] {
            let (image, _) = try render(try tiles.spec(tiles: source, zoom: 3))
            #expect(colorsAreClose(image.color(x: 100, y: 100).rgb, ColourTiles.colour(3, tile.x, tile.y), tolerance: 3), "\(source)")
        }
        let (flipped, _) = try render(try tiles.spec(tiles: #"{"source": "tms/{z}/{x}/{-y}.png"}"#, zoom: 3))
        #expect(colorsAreClose(flipped.color(x: 100, y: 100).rgb, ColourTiles.colour(3, tile.x, tile.y), tolerance: 3))
    }

    @Test("{r} takes the @2x tiles at scale 2 and more, the plain ones at scale 1")
    func retina() throws {
        let tiles = try ColourTiles.shared.get()
        let tile = tileUnder(latitude: 10, longitude: 10, z: 3)
        let source = #"{"source": "tiles/{z}/{x}/{y}{r}.png"}"#
        let (plain, _) = try render(try tiles.spec(tiles: source, zoom: 3, scale: 1))
        #expect(colorsAreClose(plain.color(x: 100, y: 100).rgb, ColourTiles.colour(3, tile.x, tile.y), tolerance: 3))
        let (retina, _) = try render(try tiles.spec(tiles: source, zoom: 3, scale: 2))
        #expect(colorsAreClose(retina.color(x: 200, y: 200).rgb, ColourTiles.colour(3, tile.x, tile.y) ^ 0xFFFFFF, tolerance: 3))
    }

    @Test("512 pt tiles are drawn a level lower; past maxZoom the last level is enlarged")
    func tileSizeAndMaxZoom() throws {
        let tiles = try ColourTiles.shared.get()
        let (large, report) = try render(try tiles.spec(tiles: #"{"source": "tiles/{z}/{x}/{y}.png", "tileSize": 512}"#, zoom: 4))
        #expect(report["tiles"]["level"].number == 3)
        let tile = tileUnder(latitude: 10, longitude: 10, z: 3)
        #expect(colorsAreClose(large.color(x: 100, y: 100).rgb, ColourTiles.colour(3, tile.x, tile.y), tolerance: 3))
        let (enlarged, enlargedReport) = try render(try tiles.spec(tiles: #"{"source": "tiles.mbtiles", "maxZoom": 2}"#, zoom: 6))
        #expect(enlargedReport["tiles"]["level"].number == 2)
        let low = tileUnder(latitude: 10, longitude: 10, z: 2)
        #expect(colorsAreClose(enlarged.color(x: 100, y: 100).rgb, ColourTiles.colour(2, low.x, low.y), tolerance: 3))
    }

    @Test("a missing tile leaves the background, is listed as z/x/y and warned; a tile that is no image is warned by name")
    func missingAndBroken() throws {
        let tiles = try ColourTiles()
        let tile = tileUnder(latitude: 10, longitude: 10, z: 3)
        try FileManager.default.removeItem(atPath: "\(tiles.folder)/tiles/3/\(tile.x)/\(tile.y).png")
        let (image, report) = try render(try tiles.spec(tiles: #"{"source": "tiles/{z}/{x}/{y}.png"}"#, zoom: 3))
        #expect(image.color(x: 100, y: 100).rgb == 0x000000)
        #expect(report["tiles"]["missing"].strings == ["3/\(tile.x)/\(tile.y)"])
        #expect(report["warnings"].strings.contains("1 map tile missing from tiles/{z}/{x}/{y}.png: 3/\(tile.x)/\(tile.y)"))
        FileManager.default.createFile(atPath: "\(tiles.folder)/tiles/3/\(tile.x)/\(tile.y).png", contents: Data("not a png".utf8))
        let (_, broken) = try render(try tiles.spec(tiles: #"{"source": "tiles/{z}/{x}/{y}.png"}"#, zoom: 3))
        #expect(broken["warnings"].strings.contains { $0.contains("3/\(tile.x)/\(tile.y)") && $0.contains("not an image") })
        #expect(broken["tiles"]["missing"].elements.isEmpty)
    }

    @Test("a source that cannot be opened is an error naming map.tiles.source")
    func badSources() throws {
        let tiles = try ColourTiles.shared.get()
        FileManager.default.createFile(atPath: tiles.folder + "/bad.mbtiles", contents: Data("not sqlite".utf8))
        FileManager.default.createFile(atPath: tiles.folder + "/bad.pmtiles", contents: Data(repeating: 7, count: 200))
        for source in ["bad.mbtiles", "bad.pmtiles"] {
            let error = #expect(throws: InfoWinError.self) { try render(try tiles.spec(tiles: #"{"source": "\#(source)"}"#, zoom: 3)) }
            #expect(error?.message.contains("map.tiles.source") == true, "\(String(describing: error?.message))")
        }
        for template in ["tiles/{x}/{y}.png", "tiles/{z}/{x}/{y}/{w}.png", "ftp://host/{z}/{x}/{y}.png"] {
            let error = #expect(throws: InfoWinError.self) { try tiles.spec(tiles: #"{"source": "\#(template)"}"#, zoom: 3) }
            #expect(error?.message.contains("map.tiles.source") == true)
        }
        let outside = #expect(throws: InfoWinError.self) { try tiles.spec(tiles: #"{"source": "../elsewhere.mbtiles"}"#, zoom: 3) }
        #expect(outside?.message.contains("outside the allowed folder") == true)
    }

    @Test("the attribution is drawn in the bottom-right corner on a translucent white box, its frame in the report")
    func attribution() throws {
        let tiles = try ColourTiles.shared.get()
        let (image, report) = try render(try tiles.spec(tiles: #"{"source": "tiles.pmtiles", "attribution": "© Test tiles"}"#, zoom: 3, scale: 2))
        let frame = report["attribution"]["frame"]
        let x = try #require(frame["x"].number), y = try #require(frame["y"].number)
        let width = try #require(frame["width"].number), height = try #require(frame["height"].number)
        #expect(x + width == 400 && y + height == 400)
        #expect(width > 40 && height > 10 && height < 40)
        let corner = image.color(x: Int(x) + 1, y: Int(y) + 1).rgb
        #expect(corner >> 16 & 0xFF > 150, "the box lightens the tile under it")
    }

    @Test("the fingerprint covers the tiles: a changed tile is named in what changed")
    func fingerprint() throws {
        let tiles = try ColourTiles()
        let spec = try tiles.spec(tiles: #"{"source": "tiles/{z}/{x}/{y}.png"}"#, zoom: 3)
        let before = try Renderer().render(spec).fingerprint
        let tile = tileUnder(latitude: 10, longitude: 10, z: 3)
        let png = try PixelImage(width: 256, height: 256, pixels: [UInt32](repeating: 0xFF12_3456, count: 65536)).pngData()
        FileManager.default.createFile(atPath: "\(tiles.folder)/tiles/3/\(tile.x)/\(tile.y).png", contents: Data(png))
        let after = try Renderer().render(spec).fingerprint
        #expect(before.tiles != nil && before.tiles != after.tiles)
        #expect(after.differences(from: before).contains("map tiles changed"))
    }

    @Test("a PMTiles archive whose entries point past any file is refused, not a crash (a fuzzing find)")
    func pmtilesOffsetOverflow() throws {
        let path = Repository.root.appendingPathComponent("Tests/InfoWinKitTests/Fixtures/fuzz-pmtiles-offset-overflow.pmtiles").path
        if let archive = try? PMTilesReader(path: path) {
            for (z, x, y) in [(0, 0, 0), (1, 1, 0), (2, 3, 1), (3, 5, 6), (12, 2046, 1362)] {
                _ = try? archive.tile(z: z, x: x, y: y)
            }
        }
    }

    @Test("JPEG and WebP tiles are told by their bytes")
    func encodings() throws {
        #expect(ImageEncoding(sniffing: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageEncoding(sniffing: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageEncoding(sniffing: Array("GIF89a".utf8)) == nil)
        #expect(throws: GraphicsError.self) { try ImageSurface(encoded: [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]) }
    }
}
