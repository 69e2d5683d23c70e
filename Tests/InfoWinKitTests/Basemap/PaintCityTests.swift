import Foundation
import Graphics
import Testing
import TileIO
@testable import InfoWinKit

/// A small style of our own for the made-up city's OpenMapTiles tiles.
private let cityStyle = #"""
{"version": 8, "sources": {"city": {"type": "vector", "url": "mbtiles://city-openmaptiles.mbtiles"}},
 "layers": [
  {"id": "background", "type": "background", "paint": {"background-color": "#f3efe6"}},
  {"id": "landcover", "type": "fill", "source": "city", "source-layer": "landcover", "paint": {"fill-color": "#d8ead0"}},
  {"id": "park", "type": "fill", "source": "city", "source-layer": "park", "paint": {"fill-color": "#c6e3b5", "fill-opacity": 0.8}},
  {"id": "water", "type": "fill", "source": "city", "source-layer": "water", "paint": {"fill-color": "#a8c8e8"}},
  {"id": "waterway", "type": "line", "source": "city", "source-layer": "waterway", "paint": {"line-color": "#a8c8e8", "line-width": 3}},
  {"id": "building", "type": "fill", "source": "city", "source-layer": "building", "paint": {"fill-color": "#ddd6ca", "fill-outline-color": "#c8bfb0"}},
  {"id": "road-casing", "type": "line", "source": "city", "source-layer": "transportation",
   "layout": {"line-cap": "round", "line-join": "round"},
   "paint": {"line-color": "#c9b99a", "line-width": ["match", ["get", "class"], ["primary", "secondary"], 9, 5]}},
  {"id": "road", "type": "line", "source": "city", "source-layer": "transportation",
   "layout": {"line-cap": "round", "line-join": "round"},
   "paint": {"line-color": "#ffffff", "line-width": ["match", ["get", "class"], ["primary", "secondary"], 7, 3]}},
  {"id": "road-name", "type": "symbol", "source": "city", "source-layer": "transportation_name",
   "layout": {"symbol-placement": "line", "text-field": "{name}", "text-font": ["DejaVu Sans Book"], "text-size": 11},
   "paint": {"text-color": "#555044", "text-halo-color": "#ffffff", "text-halo-width": 1.2}},
  {"id": "poi", "type": "symbol", "source": "city", "source-layer": "poi",
   "layout": {"text-field": "{name}", "text-size": 11, "text-max-width": 8, "text-anchor": "top", "text-offset": [0, 0.4], "symbol-sort-key": ["get", "rank"]},
   "paint": {"text-color": "#7a5030", "text-halo-color": "#ffffff", "text-halo-width": 1}},
  {"id": "poi-dot", "type": "circle", "source": "city", "source-layer": "poi", "paint": {"circle-radius": 3, "circle-color": "#b07040", "circle-stroke-width": 1, "circle-stroke-color": "#ffffff"}},
  {"id": "place", "type": "symbol", "source": "city", "source-layer": "place",
   "layout": {"text-field": "{name}", "text-font": ["DejaVu Sans Bold"], "text-size": 15, "text-transform": "uppercase", "text-letter-spacing": 0.1},
   "paint": {"text-color": "#333333", "text-halo-color": "#ffffff", "text-halo-width": 2}}
 ]}
"""#

@Suite("basemap painting of the made-up city: its tiles, a style of our own, labels over the whole picture")
struct PaintCityTests {
    private let fonts: FontLibrary
    private let layers: [StyleLayer]
    private let tiles: [TileID: VectorTile]

    init() throws {
        fonts = try paintFonts()
        let folder = Repository.root.appendingPathComponent("Tests/InfoWinKitTests/Fixtures/basemap").path
        let style = try MapStyleReader.read(Array(cityStyle.utf8), file: "city-style.json", folder: folder)
        layers = style.layers
        let reader = try MBTilesReader(path: folder + "/city-openmaptiles.mbtiles")
        var tiles: [TileID: VectorTile] = [:]
        var budget = VectorTileBudget()
        for x in 6367...6375 {
            for y in ((1 << 14) - 1 - 9842)...((1 << 14) - 1 - 9835) {
                guard let bytes = try reader.tile(z: 14, x: x, y: y) else { continue }
                tiles[TileID(z: 14, x: x, y: y)] = try VectorTileDecoder.decode(bytes, budget: &budget)
            }
        }
        self.tiles = tiles
    }

    private func view(bearing: Double) -> BasemapView {
        let camera = CameraSpec(target: Coordinate(latitude: 34.0, longitude: -40.0), zoom: 15.3, bearing: bearing)
        return BasemapView(projection: MapProjection(camera: camera, width: 600, height: 400), width: 600, height: 400)
    }

    private func draw(on context: DrawingContext, view: BasemapView, avoid: [Rect] = []) -> (warnings: [String], labels: BasemapLabels) {
        let warnings = BasemapPainter(layers: layers, tiles: tiles, view: view).draw(in: context)
        let labels = LabelPlacer(layers: layers, tiles: tiles, view: view, avoid: avoid, language: nil, fonts: fonts, fallbackFamily: "Inter").place()
        labels.draw(in: context)
        return (warnings, labels)
    }

    @Test("the city draws without warnings, its labels do not overlap, none lies under the avoided window, the same twice")
    func city() throws {
        #expect(tiles.count > 20)
        let window = Rect(x: 220, y: 120, width: 160, height: 90)
        for bearing in [0.0, 30] {
            let surface = try ImageSurface(width: 1200, height: 800)
            let context = DrawingContext(surface: surface)
            context.scale(by: 2)
            let (warnings, labels) = draw(on: context, view: view(bearing: bearing), avoid: [window])
            context.setColor(RGBA(red: 0, green: 0, blue: 0, alpha: 0.25))
            context.move(toX: window.x, y: window.y)
            for corner in [(window.maxX, window.y), (window.maxX, window.maxY), (window.x, window.maxY)] { context.line(toX: corner.0, y: corner.1) }
            context.closePath()
            context.fill()
            PaintedImage(surface: surface, scale: 2).save("city-bearing-\(Int(bearing))")
            #expect(warnings.isEmpty, "\(warnings)")
            #expect(labels.labels.count >= 5, "\(labels.labels.map(\.text))")
            #expect(labels.labels.contains { $0.layer == "road-name" })
            #expect(labels.labels.allSatisfy { !$0.frame.intersects(window) })
            let point = labels.labels.filter { $0.layer != "road-name" }
            for (index, label) in point.enumerated() {
                for other in point[(index + 1)...] { #expect(!LabelCollisionIndex.overlap(label.frame, other.frame), "\(label.text) over \(other.text)") }
            }
            // Road labels read left to right whatever the bearing.
            for label in labels.labels {
                guard case .line(_, let glyphs) = label.shape, let first = glyphs.first, let last = glyphs.last else { continue }
                let from = first.transform.apply(Point(x: 0, y: 0)), to = last.transform.apply(Point(x: last.cluster.advance, y: 0))
                #expect(to.x >= from.x, "\(label.text) upright")
            }
        }
        let once = try ImageSurface(width: 600, height: 400), twice = try ImageSurface(width: 600, height: 400)
        _ = draw(on: DrawingContext(surface: once), view: view(bearing: 30))
        _ = draw(on: DrawingContext(surface: twice), view: view(bearing: 30))
        #expect(try once.pngData() == twice.pngData())
    }

    @Test("SVG keeps the basemap as paths and its labels as outlines; PDF keeps labels as text")
    func vectors() throws {
        let svg = try VectorDocument(.svg, width: 600, height: 400)
        _ = draw(on: DrawingContext(document: svg), view: view(bearing: 0))
        let svgText = String(decoding: try svg.finish(), as: UTF8.self)
        #expect(svgText.contains("<path"))
        #expect(!svgText.contains("<image"), "no pixels in the SVG")
        #expect(svgText.contains("<symbol") || svgText.contains("glyph"), "glyph outlines")
        let pdf = try VectorDocument(.pdf, width: 600, height: 400)
        _ = draw(on: DrawingContext(document: pdf), view: view(bearing: 0))
        let pdfText = String(decoding: try pdf.finish(), as: UTF8.self)
        #expect(pdfText.contains("/FontFile") && !pdfText.contains("/Subtype /Image"))
    }
}
