import Foundation
import Graphics
import InfoWinTestSupport
import Testing
import InfoWinCheck
@testable import InfoWinKit

/// The made-up city's tilesets (`make basemap-fixtures`), in both schemas and both containers.
enum CityTilesets {
    static let folder = Repository.root.appendingPathComponent("Tests/InfoWinKitTests/Fixtures/basemap")
    static let files = ["city-openmaptiles.pmtiles", "city-openmaptiles.mbtiles", "city-protomaps.pmtiles", "city-protomaps.mbtiles"]
    /// Port Aurel's centre; the sea lies south of about 1,750 m below it.
    static let centre = (latitude: 34.0, longitude: -40.0)
    static let sea = (latitude: 33.9730, longitude: -40.0)
}

/// A folder holding the city's tilesets, where basemap specs are written and drawn with the pinned fonts.
final class CityFolder {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        for file in CityTilesets.files {
            try folder.write(Array(try Data(contentsOf: CityTilesets.folder.appendingPathComponent(file))), to: file)
        }
    }

    /// The JSON of a 390 × 300 spec at scale 1 over the city with `basemap` (an object's members), a marker
    /// `m` at the centre whose window is open, and these extra top-level members (starting with a comma).
    func json(_ basemap: String, zoom: Double = 15, bearing: Double = 0, extra: String = "") -> String {
        #"""
        {"map": {"width": 390, "height": 300, "scale": 1,
                 "camera": {"target": {"latitude": \#(CityTilesets.centre.latitude), "longitude": \#(CityTilesets.centre.longitude)}, "zoom": \#(zoom), "bearing": \#(bearing)},
                 "basemap": {\#(basemap)}},
         "markers": [{"id": "m", "position": {"latitude": \#(CityTilesets.centre.latitude), "longitude": \#(CityTilesets.centre.longitude)},
                      "title": "Port Aurel depot", "snippet": "Open until 22:00"}],
         "selectedMarker": "m"\#(extra)}
        """#
    }

    func render(_ json: String, name: String = "spec.json") throws -> RenderResult {
        try folder.write(json, to: name)
        var spec = try SpecDecoder.decode(try SpecSource.read(folder.url.appendingPathComponent(name).path))
        spec.fonts = FontSetup(files: spec.fonts.files + Repository.pinnedFonts, hermetic: true)
        return try Renderer().render(spec)
    }
}

/// The colour at (x, y) of a PNG, each channel 0…255.
func pixel(_ png: [UInt8], x: Int, y: Int) throws -> (r: Int, g: Int, b: Int) {
    let rgb = try #require(PixelImage(png: png)).color(x: x, y: y).rgb
    return (Int(rgb >> 16 & 0xFF), Int(rgb >> 8 & 0xFF), Int(rgb & 0xFF))
}

@Suite("vector basemaps drawn over the made-up city (SPEC.md, Vector basemaps)")
struct BasemapRenderTests {
    @Test("every tileset draws with the built-in light style: its schema named, tiles drawn, labels placed, none missing",
          arguments: CityTilesets.files)
    func builtInStyleOverEachTileset(file: String) throws {
        let city = try CityFolder()
        let result = try city.render(city.json(#""source": "\#(file)", "style": "light""#))
        let basemap = try #require(result.report.basemap)
        #expect(basemap.style == "light")
        #expect(basemap.schema == (file.contains("protomaps") ? "protomaps" : "openmaptiles"))
        #expect(basemap.level == 14)
        #expect(basemap.drawn >= 1 && basemap.missing.isEmpty)
        #expect(!basemap.labels.isEmpty, "the city's streets and places have names")
        #expect(result.report.text.contains("\"basemap\""))
    }

    @Test("a vector tileset given as map.tiles is an error naming map.tiles.source and saying it is map.basemap's",
          arguments: CityTilesets.files)
    func aVectorTilesetAsRasterTilesIsRefused(file: String) throws {
        let city = try CityFolder()
        let json = city.json(#""source": "\#(file)""#).replacingOccurrences(of: #""basemap": {"source": "\#(file)"}"#, with: #""tiles": {"source": "\#(file)"}"#)
        #expect(json.contains(#""tiles""#))
        let error = try #require(throws: InfoWinError.self) { try city.render(json) }
        #expect(error.message.contains("map.tiles.source") && error.message.contains("vector tiles") && error.message.contains("map.basemap.source"), "\(error.message)")
    }

    @Test("no label is placed under the open window or the marker's pin")
    func labelsMakeRoomForTheWindowAndThePin() throws {
        let city = try CityFolder()
        let result = try city.render(city.json(#""source": "city-openmaptiles.pmtiles""#, zoom: 16))
        let report = result.report
        let window = try #require(report.infoWindow?.frame)
        let pin = try #require(report.markers.first?.icon)
        for label in try #require(report.basemap).labels {
            for avoided in [window, pin] {
                let apart = label.frame.x >= avoided.x + avoided.width || avoided.x >= label.frame.x + label.frame.width
                    || label.frame.y >= avoided.y + avoided.height || avoided.y >= label.frame.y + label.frame.height
                #expect(apart, "label \(label.text) at \(label.frame) overlaps \(avoided)")
            }
        }
    }

    @Test("the sea is drawn blue and the same spec draws the same bytes twice")
    func seaIsBlueAndBytesRepeat() throws {
        let city = try CityFolder()
        let json = city.json(#""source": "city-protomaps.pmtiles", "style": "light""#, zoom: 13)
        let first = try city.render(json), second = try city.render(json)
        #expect(first.bytes == second.bytes)
        // The sea lies at the bottom of a zoom-13 view of the centre: blue is its strongest channel.
        let sea = try pixel(first.bytes, x: 30, y: 290)
        #expect(sea.b > sea.r + 20 && sea.b > sea.g, "\(sea)")
    }

    @Test("auto is dark in dark mode: the map is darker than the light style's")
    func autoFollowsTheInterfaceStyle() throws {
        let city = try CityFolder()
        let light = try city.render(city.json(#""source": "city-openmaptiles.pmtiles""#, zoom: 13))
        let dark = try city.render(city.json(#""source": "city-openmaptiles.pmtiles""#, zoom: 13, extra: #", "traits": {"userInterfaceStyle": "dark"}"#))
        #expect(try #require(dark.report.basemap).style == "dark")
        let (l, d) = (try pixel(light.bytes, x: 10, y: 10), try pixel(dark.bytes, x: 10, y: 10))
        #expect(d.r + d.g + d.b < l.r + l.g + l.b - 150, "light \(l), dark \(d)")
    }

    @Test("labels read name:LANG in the spec's locale (Arabic street names in an ar card)")
    func labelsInTheLocale() throws {
        let city = try CityFolder()
        let result = try city.render(city.json(#""source": "city-openmaptiles.pmtiles""#, zoom: 15, extra: #", "locale": "ar""#))
        let texts = try #require(result.report.basemap).labels.map(\.text)
        #expect(texts.contains { $0.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) } }, "\(texts)")
    }

    @Test("a style file of one's own: its own colours, the schema custom, its source from pmtiles://")
    func ownStyleFile() throws {
        let city = try CityFolder()
        try city.folder.write(#"""
            {"version": 8, "sources": {"city": {"type": "vector", "url": "pmtiles://city-openmaptiles.pmtiles"}},
             "layers": [{"id": "land", "type": "background", "paint": {"background-color": "#FF00FF"}},
                        {"id": "sea", "type": "fill", "source": "city", "source-layer": "water", "paint": {"fill-color": "#00FF00"}}]}
            """#, to: "mine.json")
        let result = try city.render(city.json(#""style": "mine.json""#, zoom: 13))
        let basemap = try #require(result.report.basemap)
        #expect(basemap.schema == "custom" && basemap.style == "mine.json")
        let land = try pixel(result.bytes, x: 10, y: 10), sea = try pixel(result.bytes, x: 30, y: 290)
        #expect(land.r > 240 && land.g < 15 && land.b > 240, "\(land)")
        #expect(sea.g > 240 && sea.r < 15, "\(sea)")
    }

    @Test("a style outside the subset is drawn with a warning naming the layer, never silently")
    func unsupportedLayerIsAWarning() throws {
        let city = try CityFolder()
        try city.folder.write(#"""
            {"version": 8, "sources": {"city": {"type": "vector", "url": "mbtiles://city-openmaptiles.mbtiles"}},
             "layers": [{"id": "land", "type": "background", "paint": {"background-color": "#EEEEEE"}},
                        {"id": "towers", "type": "fill-extrusion", "source": "city", "source-layer": "building"}]}
            """#, to: "mine.json")
        let result = try city.render(city.json(#""style": "mine.json""#))
        #expect(result.report.warnings.contains { $0.contains("towers") && $0.contains("fill-extrusion") }, "\(result.report.warnings)")
    }

    @Test("the fingerprint holds the style and the tiles; another style is named by check's words")
    func fingerprintNamesTheBasemap() throws {
        let city = try CityFolder()
        let light = try city.render(city.json(#""source": "city-openmaptiles.pmtiles", "style": "light""#))
        let dark = try city.render(city.json(#""source": "city-openmaptiles.pmtiles", "style": "dark""#))
        #expect(light.fingerprint.basemapStyle != nil && light.fingerprint.basemapTiles != nil)
        #expect(dark.fingerprint.differences(from: light.fingerprint).contains("basemap style changed"))
        #expect(light.fingerprint.inputs != dark.fingerprint.inputs)
    }

    @Test("a tileset of another schema with a built-in style is an error listing its layers")
    func otherSchemaIsAnError() throws {
        let city = try CityFolder()
        // A style file is needed for a schema the built-in styles do not know: here, none at all.
        try city.folder.write([], to: "empty/0/0/0.pbf")
        #expect(throws: InfoWinError.self) { try city.render(city.json(#""source": "empty/{z}/{x}/{y}.pbf""#, zoom: 1)) }
    }
}
