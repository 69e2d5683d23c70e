import Foundation
import InfoWinTestSupport
import Testing
@testable import InfoWinKit
import TileIO

/// Where `map.basemap.source` is, for the messages.
private let sourcePath = JSONPath.root.appending("map").appending("basemap").appending("source")

/// A tile of one layer `name` with one line feature, its class `tag`: told apart after decoding.
private func taggedTile(_ tag: String, layer: String = "water") -> [UInt8] {
    oneLayerTile([.init(type: .lineString, properties: [("class", .string(tag))], parts: [[(x: 0, y: 0), (x: 10, y: 10)]])], name: layer)
}

private func tag(_ tile: VectorTile?) -> String? {
    if case .string(let text)? = tile?.layers.first?.features.first?.properties["class"] { return text }
    return nil
}

/// A folder of tilesets for one test.
private final class TileSetFolder {
    let folder: TemporaryFolder
    /// The folder's real path (the sandbox compares real paths).
    var path: String { folder.url.resolvingSymlinksInPath().path }

    init() throws { folder = try TemporaryFolder() }

    /// A PMTiles archive of `tiles` (by z/x/y), written as `name`; its spec.
    func pmtiles(_ name: String, _ tiles: [TileID: [UInt8]], tileType: UInt8 = 1, compression: UInt8 = 1, zooms: ClosedRange<UInt8> = 0...14, metadata: String = "{}") throws -> TileSourceSpec {
        var byID: [UInt64: [UInt8]] = [:]
        for (tile, bytes) in tiles { byID[PMTilesReader.tileID(z: tile.z, x: tile.x, y: tile.y)] = bytes }
        let archive = PMTilesWriter.archive(tiles: byID, tileType: tileType, tileCompression: compression, minZoom: zooms.lowerBound, maxZoom: zooms.upperBound, metadata: metadata)
        try folder.write(archive, to: name)
        return .pmtiles(file: path + "/" + name)
    }

    /// An MBTiles file of `tiles` (rows in TMS order) and `metadata` rows, written with Python's sqlite3.
    func mbtiles(_ name: String, _ tiles: [TileID: [UInt8]], metadata: [String: String]) throws -> TileSourceSpec {
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
        var sql = "CREATE TABLE metadata (name TEXT, value TEXT); CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);"
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) { sql += "INSERT INTO metadata VALUES (\(quoted(key)), \(quoted(value)));" }
        for (tile, bytes) in tiles {
            let hex = bytes.map { String(format: "%02x", $0) }.joined()
            sql += "INSERT INTO tiles VALUES (\(tile.z), \(tile.x), \((1 << tile.z) - 1 - tile.y), X'\(hex)');"
        }
        try #require(try Tools.sqlite(path + "/" + name, script: sql) == 0)
        return .mbtiles(file: path + "/" + name)
    }

    /// Tile files under `tiles/` named `{z}/{x}/{y}.EXTENSION`; the spec of that template.
    func folderTemplate(_ tiles: [TileID: [UInt8]], extension suffix: String = "pbf") throws -> TileSourceSpec {
        for (tile, bytes) in tiles { try folder.write(bytes, to: "tiles/\(tile.z)/\(tile.x)/\(tile.y).\(suffix)") }
        return .folder(template: "tiles/{z}/{x}/{y}.\(suffix)", baseFolder: path, allowedFolders: [path])
    }
}

private func open(_ source: TileSourceSpec) throws -> VectorTileSet {
    try VectorTileSet.open(source, settings: TileSettings(offline: true), file: "spec.json", path: sourcePath)
}

/// The message opening `source` fails with.
private func openingError(_ source: TileSourceSpec) -> String? {
    (#expect(throws: InfoWinError.self) { try open(source) })?.message
}

private func fetch(_ tileset: VectorTileSet, _ tiles: [TileID], budget: VectorTileBudget = VectorTileBudget()) throws -> FetchedVectorTiles {
    var budget = budget
    return try tileset.fetch(tiles, deadline: Deadline(seconds: 60), budget: &budget, file: "spec.json", path: sourcePath)
}

@Suite("vector tilesets")
struct MVTTileSetTests {
    @Test func aPMTilesArchiveOfVectorTilesGivesItsTilesMetadataAndSchema() throws {
        let folder = try TileSetFolder()
        let metadata = #"{"attribution": "© Test city", "vector_layers": [{"id": "water"}, {"id": "transportation"}, {"id": "place"}]}"#
        let source = try folder.pmtiles("city.pmtiles", [
            TileID(z: 2, x: 1, y: 1): taggedTile("plain"), TileID(z: 2, x: 2, y: 1): gzipped(taggedTile("gzip")),
            TileID(z: 2, x: 1, y: 2): [0x1A, 0x05, 0x01],
        ], compression: 2, zooms: 1...5, metadata: metadata)
        let tileset = try open(source)
        #expect(tileset.metadata.zooms == 1...5)
        #expect(tileset.metadata.attribution == "© Test city")
        #expect(tileset.metadata.layerNames == ["water", "transportation", "place"])
        #expect(tileset.schema(firstTile: nil) == .openMapTiles)
        let wanted = [TileID(z: 2, x: 1, y: 1), TileID(z: 2, x: 2, y: 1), TileID(z: 2, x: 1, y: 2), TileID(z: 2, x: 3, y: 3)]
        let fetched = try fetch(tileset, wanted)
        #expect(tag(fetched.tiles[wanted[0]]) == "plain" && tag(fetched.tiles[wanted[1]]) == "gzip")
        #expect(fetched.missing.map(\.tile) == [wanted[2], wanted[3]])
        #expect(fetched.missing.map(\.reason) == ["it is truncated (it ends inside a layer)", "not in the tileset"])
        #expect(fetched.warnings == [
            "map tile 2/1/2 of city.pmtiles is not drawn: it is truncated (it ends inside a layer)", "1 map tile missing from city.pmtiles: 2/3/3",
        ])
        #expect(fetched.missingTiles?.tiles == [wanted[2], wanted[3]])
        #expect(tag(fetched.firstTile) == "plain")
    }

    @Test func theDigestChangesWithATilesBytes() throws {
        let folder = try TileSetFolder()
        let one = try fetch(try open(try folder.pmtiles("a.pmtiles", [TileID(z: 0, x: 0, y: 0): taggedTile("a")])), [TileID(z: 0, x: 0, y: 0)])
        let other = try fetch(try open(try folder.pmtiles("b.pmtiles", [TileID(z: 0, x: 0, y: 0): taggedTile("b")])), [TileID(z: 0, x: 0, y: 0)])
        let again = try fetch(try open(try folder.pmtiles("a.pmtiles", [TileID(z: 0, x: 0, y: 0): taggedTile("a")])), [TileID(z: 0, x: 0, y: 0)])
        #expect(one.digest != other.digest)
        #expect(one.digest == again.digest)
    }

    @Test func aRasterOrBrotliPMTilesArchiveIsRefusedSayingWhy() throws {
        let folder = try TileSetFolder()
        let raster = openingError(try folder.pmtiles("raster.pmtiles", [:], tileType: 2))
        #expect(raster == "spec.json: map.basemap.source: raster.pmtiles cannot be opened as a vector tileset: its tiles are of type PNG, not vector tiles (MVT, tile type 1): a basemap needs vector tiles; raster tiles go in map.tiles")
        let brotli = openingError(try folder.pmtiles("brotli.pmtiles", [:], compression: 3))
        #expect(brotli?.hasSuffix("its tiles are compressed with brotli; gzip or none is read") == true)
    }

    @Test(.enabled(if: Tools.pythonHas("sqlite3"), "Python's sqlite3 writes the MBTiles files"))
    func anMBTilesFileOfFormatPbfGivesItsTilesMetadataAndSchema() throws {
        let folder = try TileSetFolder()
        let json = #"{"vector_layers": [{"id": "earth", "fields": {}}, {"id": "roads"}, {"id": "places"}, {"id": "water"}]}"#
        let source = try folder.mbtiles("pm.mbtiles", [TileID(z: 3, x: 2, y: 1): gzipped(taggedTile("gz", layer: "roads")), TileID(z: 3, x: 2, y: 6): taggedTile("plain", layer: "roads")], metadata: [
            "format": "pbf", "minzoom": "0", "maxzoom": "3", "attribution": "© Someone", "json": json,
        ])
        let tileset = try open(source)
        #expect(tileset.metadata.zooms == 0...3 && tileset.metadata.attribution == "© Someone")
        #expect(tileset.schema(firstTile: nil) == .protomaps)
        let fetched = try fetch(tileset, [TileID(z: 3, x: 2, y: 1), TileID(z: 3, x: 2, y: 6), TileID(z: 3, x: 0, y: 0)])
        #expect(tag(fetched.tiles[TileID(z: 3, x: 2, y: 1)]) == "gz" && tag(fetched.tiles[TileID(z: 3, x: 2, y: 6)]) == "plain", "rows counted from the bottom")
        #expect(fetched.missing.map(\.tile) == [TileID(z: 3, x: 0, y: 0)])
    }

    @Test(.enabled(if: Tools.pythonHas("sqlite3"), "Python's sqlite3 writes the MBTiles files"))
    func anMBTilesFileOfRasterTilesOrNoFormatIsRefusedSayingWhy() throws {
        let folder = try TileSetFolder()
        #expect(openingError(try folder.mbtiles("png.mbtiles", [:], metadata: ["format": "png"]))?.hasSuffix(
            #"png.mbtiles cannot be opened as a vector tileset: its metadata format is "png", not pbf: a basemap needs vector tiles; raster tiles go in map.tiles"#) == true)
        #expect(openingError(try folder.mbtiles("none.mbtiles", [:], metadata: [:]))?.hasSuffix(
            "its metadata has no format: a basemap's MBTiles file says format pbf (vector tiles)") == true)
    }

    @Test func aFolderTemplateOfPbfFilesIsReadInsideTheSandboxAndItsSchemaToldByTheFirstTile() throws {
        let folder = try TileSetFolder()
        let source = try folder.folderTemplate([TileID(z: 1, x: 0, y: 1): taggedTile("a", layer: "contours"), TileID(z: 1, x: 1, y: 1): taggedTile("b", layer: "roads")])
        let tileset = try open(source)
        #expect(tileset.metadata == VectorTileSetMetadata())
        let fetched = try fetch(tileset, [TileID(z: 1, x: 0, y: 0), TileID(z: 1, x: 0, y: 1), TileID(z: 1, x: 1, y: 1)])
        #expect(fetched.tiles.count == 2 && fetched.missing.map(\.tile) == [TileID(z: 1, x: 0, y: 0)])
        #expect(tileset.schema(firstTile: fetched.firstTile) == .other(["contours"]), "the first tile's layers, not the second's")
        #expect(tileset.check() == nil)
        let outside = TileSourceSpec.folder(template: "../{z}/{x}/{y}.pbf", baseFolder: folder.path, allowedFolders: [folder.path])
        #expect(try open(outside).check()?.contains("is outside the allowed folder") == true)
        let escaping = #expect(throws: InfoWinError.self) { try fetch(try open(outside), [TileID(z: 0, x: 0, y: 0)]) }
        #expect(escaping?.message.contains("map.basemap.source: ../0/0/0.pbf is outside the allowed folder") == true)
    }

    @Test func aTemplateEndsInPbfOrMvt() throws {
        #expect(VectorTileSet.templateProblem("tiles/{z}/{x}/{y}.pbf") == nil)
        #expect(VectorTileSet.templateProblem("tiles/{z}/{x}/{y}.MVT") == nil)
        #expect(VectorTileSet.templateProblem("https://tiles.example/{z}/{x}/{y}.pbf?key=abc") == nil)
        #expect(VectorTileSet.templateProblem("tiles/{z}/{x}/{y}.png") == #"a vector tile template ends in .pbf or .mvt ("tiles/{z}/{x}/{y}.png" does not)"#)
        let folder = try TileSetFolder()
        #expect(openingError(try folder.folderTemplate([:], extension: "png"))?.hasSuffix(#"ends in .pbf or .mvt ("tiles/{z}/{x}/{y}.png" does not)"#) == true)
        #expect(openingError(.http(template: "https://tiles.example/{z}/{x}/{y}.png"))?.contains("cannot be opened as a vector tileset") == true)
    }

    @Test func aTileOverThePictureBudgetIsMissingWithAWarningNamingTheLimit() throws {
        let folder = try TileSetFolder()
        let tileset = try open(try folder.folderTemplate([TileID(z: 1, x: 0, y: 0): taggedTile("a"), TileID(z: 1, x: 1, y: 0): taggedTile("b")]))
        let fetched = try fetch(tileset, [TileID(z: 1, x: 0, y: 0), TileID(z: 1, x: 1, y: 0)], budget: VectorTileBudget(featureLimit: 1))
        #expect(fetched.tiles.keys.map(\.name) == ["1/0/0"])
        #expect(fetched.warnings == ["map tile 1/1/0 of tiles/{z}/{x}/{y}.pbf is not drawn: it is over a limit: the picture's tiles hold more than 1 features"])
    }

    @Test func tilesAreDecodedOnceForEveryPictureAndChargedToEachPicturesBudget() throws {
        let folder = try TileSetFolder()
        let provider = TileProvider(settings: TileSettings(offline: true))
        let source = try folder.folderTemplate([TileID(z: 1, x: 0, y: 0): taggedTile("a"), TileID(z: 1, x: 1, y: 0): taggedTile("b")])
        let tileset = try provider.vectorTileSet(source, file: "spec.json", path: sourcePath)
        #expect(try provider.vectorTileSet(source, file: "spec.json", path: sourcePath) === tileset)
        let wanted = [TileID(z: 1, x: 0, y: 0), TileID(z: 1, x: 1, y: 0), TileID(z: 1, x: 0, y: 1)]
        let first = try fetch(tileset, wanted)
        try FileManager.default.removeItem(atPath: folder.path + "/tiles")
        let second = try fetch(tileset, wanted)
        #expect(tag(second.tiles[wanted[0]]) == "a" && tag(second.tiles[wanted[1]]) == "b", "kept in memory: the files are gone")
        #expect(second.missing.map(\.tile) == [wanted[2]] && second.digest == first.digest)
        let small = try fetch(tileset, wanted, budget: VectorTileBudget(featureLimit: 1))
        #expect(small.tiles.count == 1 && small.missing.map(\.tile) == [wanted[1], wanted[2]], "a kept tile costs a picture what it held")
    }

    @Test func aPassedDeadlineFailsTheFetchNamingTheSource() throws {
        let folder = try TileSetFolder()
        let tileset = try open(try folder.folderTemplate([TileID(z: 0, x: 0, y: 0): taggedTile("a")]))
        var budget = VectorTileBudget()
        let error = #expect(throws: InfoWinError.self) {
            try tileset.fetch([TileID(z: 0, x: 0, y: 0)], deadline: Deadline(seconds: -1), budget: &budget, file: "spec.json", path: sourcePath)
        }
        #expect(error?.message == "spec.json: map.basemap.source: vector tiles took longer than 60 s in all (--tiles-deadline)")
    }

    @Test func metadataThatIsNoLevelOrNotJSONIsLeftOutWithAProblemNamed() {
        let rows = VectorTileSetMetadata(mbtiles: ["minzoom": "abc", "maxzoom": "12", "json": "{not json"])
        #expect(rows.zooms == 0...12 && rows.layerNames == nil)
        #expect(rows.problems.count == 2)
        #expect(rows.problems[0] == #"its metadata minzoom "abc" is not a level 0…30; it is left out"#)
        #expect(rows.problems[1].hasPrefix("its metadata json is not JSON (line 1, column 2"))
        let upsideDown = VectorTileSetMetadata(mbtiles: ["minzoom": "9", "maxzoom": "3"])
        #expect(upsideDown.zooms == 0...22 && upsideDown.problems == ["its metadata minzoom 9 is above its maxzoom 3; levels 0…22 are assumed"])
        let noIDs = VectorTileSetMetadata(pmtilesZooms: 0...4, json: Array(#"{"vector_layers": [{"id": "water"}, {"fields": {}}]}"#.utf8))
        #expect(noIDs.layerNames == nil && noIDs.problems == ["its JSON metadata has vector_layers without an id; its layers are told from the first tile"])
    }

    @Test func theDiskCacheOfTileServersKeepsVectorTilesButNotErrorPages() throws {
        let folder = try TileSetFolder()
        let cache = TileDiskCache(folder: folder.path + "/cache", limit: 1 << 20)
        let plain = taggedTile("plain"), compressed = gzipped(taggedTile("gzip"))
        cache.write(plain, for: "https://tiles.example/0/0/0.pbf")
        cache.write(compressed, for: "https://tiles.example/1/0/0.pbf")
        cache.write(Array("<html>502 Bad Gateway</html>".utf8), for: "https://tiles.example/1/1/0.pbf")
        #expect(cache.read("https://tiles.example/0/0/0.pbf") == plain)
        #expect(cache.read("https://tiles.example/1/0/0.pbf") == compressed)
        #expect(cache.read("https://tiles.example/1/1/0.pbf") == nil)
    }

    @Test func theSchemaIsToldByTheLayersEachSchemaHasAlone() {
        #expect(VectorTileSchema(layerNames: VectorTileSchema.openMapTilesLayers) == .openMapTiles)
        #expect(VectorTileSchema(layerNames: VectorTileSchema.protomapsLayers) == .protomaps)
        #expect(VectorTileSchema(layerNames: ["water", "transportation", "building"]) == .openMapTiles)
        #expect(VectorTileSchema(layerNames: ["earth", "water", "roads"]) == .protomaps)
        #expect(VectorTileSchema(layerNames: ["water", "landuse"]) == .other(["water", "landuse"]), "shared layers tell nothing")
        #expect(VectorTileSchema(layerNames: ["contours", "hillshade"]) == .other(["contours", "hillshade"]))
        #expect(VectorTileSchema.openMapTiles.name == "openmaptiles" && VectorTileSchema.protomaps.name == "protomaps")
    }
}

@Suite("vector tile plan")
struct MVTPlanTests {
    private func plan(zoom: Double, zooms: ClosedRange<Int> = 0...14) -> VectorTilePlan {
        let camera = CameraSpec(target: Coordinate(latitude: 47.37, longitude: 8.54), zoom: zoom, bearing: 0)
        return VectorTilePlan(camera: camera, width: 600, height: 400, zooms: zooms, source: "city.pmtiles")
    }

    @Test func theLevelIsFloorOfZoomMinusOneClampedToTheTilesetsLevels() {
        #expect(plan(zoom: 14).level == 13 && plan(zoom: 14.99).level == 13 && plan(zoom: 13).level == 12 && plan(zoom: 12.5).level == 11)
        #expect(plan(zoom: 0.5).level == 0, "no level below 0")
        #expect(plan(zoom: 18, zooms: 0...14).level == 14, "overzoomed beyond maxzoom")
    }

    @Test func aTileIs512PointsAtAWholeMapLibreZoomAndLargerWhenOverzoomed() {
        #expect(plan(zoom: 14).tilePoints == 512)
        #expect(plan(zoom: 14.5).tilePoints == 512 * pow(2, 0.5))
        #expect(plan(zoom: 17, zooms: 0...14).tilePoints == 2048)
        let tiles = plan(zoom: 14).tiles
        #expect(!tiles.isEmpty && tiles.allSatisfy { $0.z == 13 })
        #expect(tiles.count == 6 || tiles.count == 4 || tiles.count == 9, "600 × 400 points of 512-point tiles: \(tiles.count)")
    }

    @Test func belowTheTilesetsMinzoomNothingIsDrawnAndAWarningSaysSo() {
        let below = plan(zoom: 5.5, zooms: 6...14)
        #expect(below.level == nil && below.tiles.isEmpty)
        #expect(below.warning == "the basemap is not drawn: zoom 5.5 is below the levels of city.pmtiles (its tiles start at level 6, drawn from zoom 7)")
        #expect(plan(zoom: 7, zooms: 6...14).level == 6 && plan(zoom: 7, zooms: 6...14).warning == nil)
    }
}
