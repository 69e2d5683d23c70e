import Foundation
import InfoWinTestSupport
import Testing
@testable import InfoWinKit
import TileIO

/// A Python with PyPI's `mapbox-vector-tile` (an independent MVT encoder and decoder): `INFOWIN_MVT_PYTHON`,
/// or a venv in /tmp/mvt-venv (`python3 -m venv /tmp/mvt-venv && /tmp/mvt-venv/bin/pip install
/// mapbox-vector-tile`), or Debian's Python when it has the module.
private let referencePython: String? = {
    let candidates = [ProcessInfo.processInfo.environment["INFOWIN_MVT_PYTHON"], "/tmp/mvt-venv/bin/python3", Tools.python]
    return candidates.compactMap { $0 }.first { python in
        (try? Tools.run([python, "-c", "import mapbox_vector_tile"]))?.status == 0
    }
}()

/// Encodes layers with `mapbox-vector-tile` and decodes them back with it: the tile's hex and the
/// reference decoding as JSON, one a line.
private let referenceScript = """
    import json, mapbox_vector_tile as m
    options = {"y_coord_down": True}
    layers = [
        {"name": "water", "features": [
            {"geometry": "POLYGON ((0 0, 100 0, 100 100, 0 100, 0 0), (20 20, 40 20, 40 40, 20 40, 20 20))",
             "properties": {"name": "Lake", "depth": 3.5, "n": 7, "neg": -4, "ok": True}, "id": 12},
            {"geometry": "MULTIPOLYGON (((200 200, 300 200, 300 300, 200 300, 200 200)), ((400 400, 500 400, 450 500, 400 400)))",
             "properties": {"name:de": "Seen"}}]},
        {"name": "transportation", "extent": 512, "features": [
            {"geometry": "MULTIPOINT ((1 2), (30 40))", "properties": {}},
            {"geometry": "LINESTRING (0 0, 10 5, 20 30, -40 600)", "properties": {"class": "primary", "big": 12345678901}},
            {"geometry": "MULTILINESTRING ((0 0, 5 5), (100 100, 90 80))", "properties": {"class": "path"}}]},
    ]
    tile = m.encode(layers, default_options=options)
    print(tile.hex())
    print(json.dumps(m.decode(tile, default_options=options)))
    """

/// The parts a GeoJSON geometry of the reference decoder draws, as `VectorTileFeature.geometry` holds them
/// (rings without their closing point).
private func referenceParts(_ geometry: [String: Any]) -> [[[Int]]] {
    let type = geometry["type"] as! String
    let coordinates = geometry["coordinates"]!
    func point(_ value: Any) -> [Int] { (value as! [NSNumber]).map(\.intValue) }
    func line(_ value: Any) -> [[Int]] { (value as! [Any]).map(point) }
    func rings(_ value: Any) -> [[[Int]]] { (value as! [Any]).map { Array(line($0).dropLast()) } }
    switch type {
    case "Point": return [[point(coordinates)]]
    case "MultiPoint": return line(coordinates).map { [$0] }
    case "LineString": return [line(coordinates)]
    case "MultiLineString": return (coordinates as! [Any]).map(line)
    case "Polygon": return rings(coordinates)
    default: return (coordinates as! [Any]).flatMap(rings)
    }
}

/// The reference Python when it also has PyPI's `pmtiles` (the PMTiles project's own writer).
private let pmtilesPython: String? = referencePython.flatMap { python in
    (try? Tools.run([python, "-c", "import pmtiles.writer"]))?.status == 0 ? python : nil
}

/// Writes a PMTiles archive with the `pmtiles` package (directories and metadata gzip-compressed, as it
/// always writes them) of one gzip tile at 3/4/2, to the path given.
private let pmtilesScript = """
    import gzip, sys, mapbox_vector_tile as m
    from pmtiles.writer import Writer
    from pmtiles.tile import zxy_to_tileid, TileType, Compression
    layers = [{"name": "roads", "features": [{"geometry": "LINESTRING (0 0, 10 5)", "properties": {"kind": "major_road"}}]}]
    tile = gzip.compress(m.encode(layers, default_options={"y_coord_down": True}), mtime=0)
    with open(sys.argv[1], "wb") as f:
        w = Writer(f)
        w.write_tile(zxy_to_tileid(3, 4, 2), tile)
        header = {"tile_type": TileType.MVT, "tile_compression": Compression.GZIP, "min_zoom": 3, "max_zoom": 3, "center_zoom": 3,
                  "min_lon_e7": 0, "min_lat_e7": 0, "max_lon_e7": 0, "max_lat_e7": 0, "center_lon_e7": 0, "center_lat_e7": 0}
        w.finalize(header, {"attribution": "© Made up", "vector_layers": [{"id": "earth"}, {"id": "roads"}, {"id": "places"}]})
    """

@Suite("vector tiles against mapbox-vector-tile")
struct MVTReferenceTests {
    @Test(.enabled(if: referencePython != nil, "PyPI mapbox-vector-tile is not installed (see referencePython)"))
    func tilesWrittenByMapboxVectorTileDecodeAsItDecodesThem() throws {
        let output = try Tools.run([referencePython!, "-c", referenceScript])
        try #require(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        let bytes = stride(from: 0, to: lines[0].count, by: 2).map { offset in
            UInt8(lines[0].dropFirst(offset).prefix(2), radix: 16)!
        }
        let reference = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as! [String: [String: Any]]
        let tile = try decodeAlone(bytes)
        #expect(Set(tile.layers.map(\.name)) == Set(reference.keys))
        for layer in tile.layers {
            let expected = try #require(reference[layer.name])
            #expect(layer.extent == expected["extent"] as? Int)
            let features = expected["features"] as! [[String: Any]]
            try #require(layer.features.count == features.count, "\(layer.name)")
            for (feature, wanted) in zip(layer.features, features) {
                #expect(integerParts(feature) == referenceParts(wanted["geometry"] as! [String: Any]), "\(layer.name)")
                let kinds: [String: VectorTileFeature.Kind] = [
                    "Point": .point, "MultiPoint": .point, "LineString": .lineString, "MultiLineString": .lineString, "Polygon": .polygon, "MultiPolygon": .polygon,
                ]
                #expect(feature.kind == kinds[(wanted["geometry"] as! [String: Any])["type"] as! String])
                #expect(feature.id ?? 0 == ((wanted["id"] as? NSNumber)?.uint64Value ?? 0))
                let properties = wanted["properties"] as! [String: Any]
                #expect(feature.properties.dictionary.count == properties.count)
                for (key, value) in properties {
                    switch (feature.properties[key], value) {
                    case (.string(let text)?, let want as String): #expect(text == want)
                    case (.bool(let flag)?, _): #expect(flag == value as? Bool, "\(key)")
                    case (.number(let number)?, let want as NSNumber): #expect(number == want.doubleValue, "\(key)")
                    default: Issue.record("\(layer.name).\(key): \(String(describing: feature.properties[key])) is not \(value)")
                    }
                }
            }
        }
    }

    @Test(.enabled(if: pmtilesPython != nil, "PyPI mapbox-vector-tile and pmtiles are not installed (see referencePython)"))
    func aPMTilesArchiveWrittenByThePMTilesPackageOpensWithItsGzipMetadata() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.resolvingSymlinksInPath().path + "/reference.pmtiles"
        try #require(try Tools.run([pmtilesPython!, "-c", pmtilesScript, file]).status == 0)
        let tileset = try VectorTileSet.open(
            .pmtiles(file: file), settings: TileSettings(offline: true), file: "spec.json", path: JSONPath.root.appending("source"))
        #expect(tileset.metadata.attribution == "© Made up")
        #expect(tileset.metadata.layerNames == ["earth", "roads", "places"])
        #expect(tileset.schema(firstTile: nil) == .protomaps)
        var budget = VectorTileBudget()
        let fetched = try tileset.fetch([TileID(z: 3, x: 4, y: 2)], deadline: Deadline(seconds: 60), budget: &budget, file: "spec.json", path: .root)
        let feature = try #require(fetched.tiles[TileID(z: 3, x: 4, y: 2)]?.layer(named: "roads")?.features.first)
        #expect(feature.properties == ["kind": .string("major_road")] && integerParts(feature) == [[[0, 0], [10, 5]]])
    }
}
