import Foundation
import InfoWinTestSupport
import Testing
@testable import InfoWinKit

/// A folder holding an empty `city.pmtiles`, `style.json` and `tiles/`, where specs with `map.basemap`
/// are decoded.
private final class BasemapFolder {
    private let folder: TemporaryFolder
    var path: String { folder.url.path }

    init() throws {
        folder = try TemporaryFolder()
        try folder.write([], to: "city.pmtiles")
        try folder.write("{}", to: "style.json")
        try folder.write([], to: "tiles/0/0/0.pbf")
    }

    /// The spec whose `map` has these extra members (starting with a comma), decoded here.
    func decode(_ members: String, top: String = "") throws(InfoWinError) -> Spec {
        let json = #"{"map": {"width": 100, "height": 100, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1}\#(members)}\#(top)}"#
        return try SpecDecoder.decode(SpecSource(name: "spec.json", bytes: Array(json.utf8), folder: path))
    }

    /// The message of the error decoding gives, or "no error".
    func message(_ members: String) -> String {
        do throws(InfoWinError) {
            _ = try decode(members)
            return "no error"
        } catch {
            return error.message
        }
    }
}

@Suite("map.basemap: decoding (SPEC.md, Vector basemaps)")
struct BasemapSpecTests {
    @Test("a built-in style over a PMTiles file, with SPEC's defaults: auto style and language, avoid all but shapes")
    func defaults() throws {
        let folder = try BasemapFolder()
        let basemap = try #require(try folder.decode(#", "basemap": {"source": "city.pmtiles"}"#).map.basemap)
        #expect(basemap.style == .builtIn(.auto))
        #expect(basemap.language == .auto)
        #expect(basemap.avoid == [.windows, .markers, .attribution])
        #expect(basemap.attribution == nil)
        #expect(basemap.source?.kind.name == "pmtiles")
    }

    @Test("every key is read: a style file, a language tag, what to avoid, an attribution")
    func everyKey() throws {
        let folder = try BasemapFolder()
        let basemap = try #require(try folder.decode(
            #", "basemap": {"source": "tiles/{z}/{x}/{y}.pbf", "style": "style.json", "language": "ar", "avoid": ["windows", "shapes"], "attribution": "© us"}"#
        ).map.basemap)
        guard case .file(let file, _) = basemap.style else { Issue.record("not a style file: \(basemap.style)"); return }
        #expect(file.hasSuffix("/style.json"))
        #expect(basemap.language == .tag(LocaleTag(parsing: "ar")!))
        #expect(basemap.avoid == [.windows, .shapes])
        #expect(basemap.attribution == "© us")
        #expect(basemap.source?.kind.isTemplate == true)
    }

    @Test("map.tiles and map.basemap together are an error naming map.basemap")
    func notWithTiles() throws {
        let folder = try BasemapFolder()
        let message = folder.message(#", "tiles": {"source": "tiles/{z}/{x}/{y}.png"}, "basemap": {"source": "city.pmtiles"}"#)
        #expect(message.contains("map.basemap") && message.contains("cannot be given with map.tiles"), "\(message)")
    }

    @Test("a built-in style needs a source; a style file may name its own")
    func sourceRequiredWithABuiltInStyle() throws {
        let folder = try BasemapFolder()
        let message = folder.message(#", "basemap": {"style": "dark"}"#)
        #expect(message.contains("map.basemap.source") && message.contains("is required with the built-in style \"dark\""), "\(message)")
        #expect(try folder.decode(#", "basemap": {"style": "style.json"}"#).map.basemap?.source == nil)
    }

    @Test("a misspelt style name is named with the one meant; a raster template is sent to map.tiles")
    func wrongStyleAndRasterTemplate() throws {
        let folder = try BasemapFolder()
        let style = folder.message(#", "basemap": {"source": "city.pmtiles", "style": "lihgt"}"#)
        #expect(style.contains("map.basemap.style") && style.contains("did you mean \"light\"?"), "\(style)")
        let raster = folder.message(#", "basemap": {"source": "tiles/{z}/{x}/{y}.png"}"#)
        #expect(raster.contains("map.basemap.source") && raster.contains("ending in .pbf or .mvt") && raster.contains("map.tiles"), "\(raster)")
    }

    @Test("wrong types and values are errors naming their JSON path", arguments: [
        (#"{"source": "city.pmtiles", "language": "not a tag!"}"#, "map.basemap.language"),
        (#"{"source": "city.pmtiles", "avoid": ["windows", "roads"]}"#, "map.basemap.avoid[1]"),
        (#"{"source": "city.pmtiles", "avoid": "windows"}"#, "map.basemap.avoid"),
        (#"{"source": 3}"#, "map.basemap.source"),
        (#"{"source": "city.pmtiles", "sauce": 1}"#, "map.basemap"),
        (#"{"source": "missing.pmtiles"}"#, "map.basemap.source"),
        (#"{"source": "city.pmtiles", "style": "../outside.json"}"#, "map.basemap.style"),
    ])
    func wrongValues(basemap: String, path: String) throws {
        let folder = try BasemapFolder()
        let message = folder.message(#", "basemap": "# + basemap)
        #expect(message.contains(path), "\(message)")
    }
}
