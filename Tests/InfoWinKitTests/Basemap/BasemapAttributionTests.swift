import Foundation
import Graphics
import InfoWinTestSupport
import Testing
@testable import InfoWinKit

@Suite("basemap attribution: the style's sources gathered as MapLibre's attribution control gathers them (SPEC.md, Vector basemaps)")
struct BasemapAttributionTests {
    private typealias Source = BasemapAttribution.Source
    private let everywhere = [-Double.infinity..<Double.infinity]

    @Test("the spec's own text first, then each source's once, blanks left out, shortest first, one inside a longer one dropped, joined with |")
    func composedAsMapLibreComposesIt() {
        let gathered = BasemapAttribution(sources: [
            Source(text: "© OpenStreetMap contributors", zooms: everywhere), Source(text: "Hillshade © Terrain Co", zooms: everywhere),
            Source(text: "© OpenStreetMap contributors", zooms: everywhere), Source(text: "  ", zooms: everywhere),
            Source(text: "OpenStreetMap", zooms: everywhere),
        ])
        #expect(gathered.text(own: nil, zoom: 14) == "Hillshade © Terrain Co | © OpenStreetMap contributors")
        #expect(gathered.text(own: "Acme Couriers", zoom: 14) == "Acme Couriers | Hillshade © Terrain Co | © OpenStreetMap contributors")
        // Equal lengths keep the style's order.
        let even = BasemapAttribution(sources: [Source(text: "© Bbb", zooms: everywhere), Source(text: "© Aaa", zooms: everywhere)])
        #expect(even.text(own: nil, zoom: 3) == "© Bbb | © Aaa")
        #expect(BasemapAttribution().text(own: nil, zoom: 3) == nil)
        #expect(BasemapAttribution().text(own: "© us", zoom: 3) == "© us")
    }

    @Test("a source only layers hidden at the zoom read (minzoom, maxzoom) is not credited there, as MapLibre's unused sources")
    func onlySourcesDrawnAtTheZoom() {
        let gathered = BasemapAttribution(sources: [
            Source(text: "© Streets", zooms: [0..<24]), Source(text: "© Relief", zooms: [8..<12, 15..<16]),
        ])
        #expect(gathered.text(own: nil, zoom: 10) == "© Relief | © Streets")
        #expect(gathered.text(own: nil, zoom: 13) == "© Streets")
        #expect(gathered.text(own: nil, zoom: 12) == "© Streets", "maxzoom is not drawn")
        #expect(BasemapAttribution(sources: [Source(text: "© Unread", zooms: [])]).text(own: nil, zoom: 10) == nil)
    }

    @Test("HTML in an attribution: tags taken out, character references decoded, white space made single")
    func htmlMadePlain() {
        #expect(AttributionHTML.plainText(#"<a href="https://www.openstreetmap.org/copyright" target="_blank">&copy; OpenStreetMap</a> contributors"#)
            == "© OpenStreetMap contributors")
        #expect(AttributionHTML.plainText("Tiles &amp; style &#169; Acme&#x2122;<br/>Data&nbsp;&lt;ODbL&gt;") == "Tiles & style © Acme™ Data <ODbL>")
        #expect(AttributionHTML.plainText("&bogus; & &#0; &#xZZ; a < b") == "&bogus; & &#0; &#xZZ; a < b", "what is no reference is kept as written")
        #expect(AttributionHTML.plainText("<b>\n  Bold </b>   text ") == "Bold text")
        #expect(AttributionHTML.plainText("&#x1F5FA;") == "🗺")
        // Hostile: references past Unicode, surrogates, unclosed tags and a long run of brackets.
        #expect(AttributionHTML.plainText("&#99999999999; &#xD800; &#x110000;") == "&#99999999999; &#xD800; &#x110000;")
        #expect(AttributionHTML.plainText("© Us <a href=") == "© Us <a href=")
        #expect(AttributionHTML.plainText(String(repeating: "<", count: 2_000)) == String(repeating: "<", count: 2_000))
        #expect(AttributionHTML.plainText(String(repeating: "<>", count: 1_000)) == "")
    }

    /// A style over the city: a vector source and a raster one (each with `extra` members), a layer each.
    private func style(vector: String = "", raster: String = "", rasterLayer: String = "") -> String {
        #"""
        {"version": 8,
         "sources": {"city": {"type": "vector", "url": "pmtiles://city-openmaptiles.pmtiles"\#(vector)},
                     "relief": {"type": "raster", "tiles": ["relief/{z}/{x}/{y}.png"], "tileSize": 256\#(raster)}},
         "layers": [{"id": "land", "type": "background", "paint": {"background-color": "#EEEEEE"}},
                    {"id": "hills", "type": "raster", "source": "relief"\#(rasterLayer)},
                    {"id": "sea", "type": "fill", "source": "city", "source-layer": "water", "paint": {"fill-color": "#99CCFF"}}]}
        """#
    }

    /// The attribution the scene draws for a spec over the city with `basemap`, and its frame in the report.
    private func attribution(_ city: CityFolder, _ basemap: String, zoom: Double = 13) throws -> (text: String?, frame: Bool) {
        try city.folder.write(city.json(basemap, zoom: zoom), to: "spec.json")
        var spec = try SpecDecoder.decode(try SpecSource.read(city.folder.url.appendingPathComponent("spec.json").path))
        spec.fonts = FontSetup(files: spec.fonts.files + Repository.pinnedFonts, hermetic: true)
        let scene = try Renderer().layOut(spec, options: RenderOptions())
        return (scene.attribution?.text.text.lines.joined(separator: " "), LayoutReport(scene: scene).attribution != nil)
    }

    @Test("a style file's raster and vector sources' attributions are drawn with the spec's own, plain, and framed in the report")
    func styleSourcesAreCredited() throws {
        let city = try CityFolder()
        try city.folder.write(style(
            vector: #", "attribution": "<a href=\"https://openstreetmap.org/copyright\">&copy; OpenStreetMap</a>""#,
            raster: #", "attribution": "Relief &copy; Terrain Co""#), to: "mine.json")
        let drawn = try attribution(city, #""style": "mine.json""#)
        #expect(drawn.text == "© OpenStreetMap | Relief © Terrain Co" && drawn.frame, "\(drawn)")
        let joined = try attribution(city, #""style": "mine.json", "attribution": "Acme Couriers""#)
        #expect(joined.text == "Acme Couriers | © OpenStreetMap | Relief © Terrain Co", "\(joined)")
    }

    @Test("a raster layer hidden by visibility or its zoom range does not credit its source")
    func hiddenLayersSourceIsNotCredited() throws {
        let city = try CityFolder()
        try city.folder.write(style(
            vector: #", "attribution": "© Streets""#, raster: #", "attribution": "© Relief""#,
            rasterLayer: #", "layout": {"visibility": "none"}"#), to: "hidden.json")
        #expect(try attribution(city, #""style": "hidden.json""#).text == "© Streets")
        try city.folder.write(style(vector: #", "attribution": "© Streets""#, raster: #", "attribution": "© Relief""#,
            rasterLayer: #", "minzoom": 14"#), to: "deeper.json")
        #expect(try attribution(city, #""style": "deeper.json""#, zoom: 13).text == "© Streets", "MapLibre's zoom 12 is under minzoom 14")
        #expect(try attribution(city, #""style": "deeper.json""#, zoom: 15.5).text == "© Relief | © Streets")
    }

    @Test("a source's attribution longer than 2,000 characters is an error naming the style file and its JSON path")
    func overlongSourceAttributionIsRefused() throws {
        let city = try CityFolder()
        let long = String(repeating: "©", count: MapStyleReader.attributionLimit + 1)
        try city.folder.write(style(raster: #", "attribution": "\#(long)""#), to: "long.json")
        let error = #expect(throws: InfoWinError.self) { try attribution(city, #""style": "long.json""#) }
        let message = error?.message ?? ""
        #expect(message.contains("long.json") && message.contains("sources.relief.attribution") && message.contains("2,000"), "\(message)")
    }
}
