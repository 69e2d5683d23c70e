import Graphics
import Testing
@testable import InfoWinKit

/// Canvas x (or y) of tile unit `u` in a left (top) tile of `PaintWorld`, and in a right (bottom) one.
private func nearSide(_ u: Double) -> Double { u / 8 - 256 }
private func farSide(_ u: Double) -> Double { u / 8 + 256 }

@Suite("basemap painting: fills, lines and circles where Web Mercator puts them")
struct PaintLayerTests {
    private typealias W = PaintWorld

    @Test("a fill's colour is inside its polygon and the background outside, a hole shows the background")
    func fillInsidePolygon() throws {
        let park = W.polygon([W.box(2400, 2400, 3600, 3600), W.box(2800, 2800, 3200, 3200).reversed()])
        let layers = [W.whiteBackground, StyleLayer(id: "park", type: .fill, source: "city", sourceLayer: "park", paint: ["fill-color": W.color(0x00A000)])]
        let (image, warnings) = try paint(layers, [W.topLeft: W.tile([W.layer("park", [park])])])
        image.save("fill")
        #expect(warnings.isEmpty)
        #expect(image.rgba(nearSide(2500), nearSide(2500)) == (0, 160, 0, 255))
        #expect(image.rgba(nearSide(3000), nearSide(3000)) == (255, 255, 255, 255), "the hole")
        #expect(image.rgba(nearSide(2300), nearSide(2500)) == (255, 255, 255, 255))
        #expect(image.rgba(farSide(100), farSide(100)) == (255, 255, 255, 255))
    }

    @Test("a polygon in a tile's buffer is drawn by its own tile only: a translucent fill across the edge has one alpha")
    func bufferDrawsOnce() throws {
        // The same area in both tiles, as encoders write it: each copy runs 512 units into the other tile.
        let left = W.polygon([W.box(3000, 3000, 4096 + 512, 3600)])
        let right = W.polygon([W.box(-1096, 3000, 512, 3600)])
        let layers = [StyleLayer(id: "water", type: .fill, source: "city", sourceLayer: "water", paint: ["fill-color": W.color(0x0000FF), "fill-opacity": W.number(0.5)])]
        let tiles = [W.topLeft: W.tile([W.layer("water", [left])]), W.topRight: W.tile([W.layer("water", [right])])]
        let (image, _) = try paint(layers, tiles)
        image.save("buffer-once")
        let alphas = stride(from: 240.0, through: 272, by: 1).map { image.rgba($0 + 0.5, nearSide(3300)).a }
        #expect(Set(alphas) == [128], "one alpha on both sides of the tiles' edge, at x 240…272: \(alphas)")
        #expect(image.rgba(farSide(600), nearSide(3300)).a == 0, "nothing past the polygon")
    }

    @Test("a line is line-width points wide at every scale and zoom, and its colour is line-color")
    func lineWidth() throws {
        let road = W.line([Point(x: 2200, y: 3000), Point(x: 4096 + 300, y: 3000)])
        let layers = [StyleLayer(id: "road", type: .line, source: "city", sourceLayer: "roads", paint: ["line-color": W.color(0xFF0000), "line-width": W.number(6)])]
        for (zoom, scale) in [(15.0, 1.0), (15.0, 2.0), (15.5, 1.0)] {
            let view = W.view(zoom: zoom)
            let placement = view.placement(of: W.topLeft, extent: W.extent)
            let middle = placement.canvasPoint(Point(x: 3000, y: 3000))
            let (image, _) = try paint(layers, [W.topLeft: W.tile([W.layer("roads", [road])])], view: view, scale: scale)
            image.save("line-\(zoom)-\(scale)")
            let covered = stride(from: middle.y - 10, to: middle.y + 10, by: 1 / scale).filter { image.rgba(middle.x, $0).a > 127 }
            #expect(Double(covered.count) / scale == 6, "at zoom \(zoom), scale \(scale)")
            #expect(image.rgba(middle.x, middle.y) == (255, 0, 0, 255))
        }
    }

    @Test("fractional zoom scales geometry, not widths: a square of 512 units is 64 points at zoom 15 and 64·√2 at 15.5")
    func fractionalZoom() throws {
        let block = W.polygon([W.box(3584, 3584, 4096, 4096)])
        let layers = [StyleLayer(id: "block", type: .fill, source: "city", sourceLayer: "b", paint: ["fill-color": W.color(0x000000)])]
        let tiles = [W.topLeft: W.tile([W.layer("b", [block])])]
        for (zoom, side) in [(15.0, 64.0), (15.5, 64 * 2.0.squareRoot())] {
            let (image, _) = try paint(layers, tiles, view: W.view(zoom: zoom))
            let filled = stride(from: 0.5, to: 256, by: 1).filter { image.rgba($0, 250).a > 127 }
            #expect(abs(Double(filled.count) - side) <= 1, "zoom \(zoom): \(filled.count) points")
        }
    }

    @Test("bearing turns the map: a north–south road is drawn east–west at bearing 90")
    func bearingTurns() throws {
        // A road down the middle of the right tiles' left part, 800 units east of the target.
        let road = W.line([Point(x: 800, y: 2000), Point(x: 800, y: 4096)])
        let layers = [StyleLayer(id: "road", type: .line, source: "city", sourceLayer: "roads", paint: ["line-width": W.number(4)])]
        let tiles = [W.topRight: W.tile([W.layer("roads", [road])])]
        let (north, _) = try paint(layers, tiles)
        #expect(north.rgba(256 + 100, 200).a == 255)
        // Turned by 90°: east is up, so the road runs east–west 100 points above the centre, to the right.
        let (turned, _) = try paint(layers, tiles, view: W.view(bearing: 90))
        turned.save("bearing-90")
        #expect(turned.rgba(200, 256 - 100).a == 255)
        #expect(turned.rgba(256 + 100, 200).a == 0)
    }

    @Test("line-gap-width draws two lines either side of a gap; line-offset moves the line to the right")
    func gapAndOffset() throws {
        let road = W.line([Point(x: 2100, y: 3000), Point(x: 4000, y: 3000)])
        let cased = StyleLayer(id: "casing", type: .line, source: "city", sourceLayer: "roads", paint: ["line-width": W.number(2), "line-gap-width": W.number(10)])
        let (image, _) = try paint([cased], [W.topLeft: W.tile([W.layer("roads", [road])])])
        let y = nearSide(3000), x = nearSide(3000)
        #expect(image.rgba(x, y).a == 0, "the gap")
        #expect(image.rgba(x, y - 6).a == 255 && image.rgba(x, y + 6).a == 255, "both sides")
        #expect(image.rgba(x, y - 8).a == 0 && image.rgba(x, y + 8).a == 0)
        let moved = StyleLayer(id: "moved", type: .line, source: "city", sourceLayer: "roads", paint: ["line-width": W.number(2), "line-offset": W.number(10)])
        let (offset, _) = try paint([moved], [W.topLeft: W.tile([W.layer("roads", [road])])])
        // Walking east, the right is south (y down).
        #expect(offset.rgba(x, y + 10).a == 255)
        #expect(offset.rgba(x, y).a == 0)
    }

    @Test("a dashed line leaves gaps of dasharray × width")
    func dashes() throws {
        let road = W.line([Point(x: 2048, y: 3000), Point(x: 4096, y: 3000)])
        let layer = StyleLayer(id: "path", type: .line, source: "city", sourceLayer: "roads", paint: [
            "line-width": W.number(2), "line-dasharray": .literal(.array([.number(4), .number(4)])),
        ])
        let (image, _) = try paint([layer], [W.topLeft: W.tile([W.layer("roads", [road])])])
        let row = stride(from: 0.5, to: 32, by: 1).map { image.rgba($0, nearSide(3000)).a > 127 ? "#" : "." }.joined()
        #expect(row == "########........########........", "\(row)")
    }

    @Test("a circle belongs to the tile holding its centre: drawn once, not cut at the tile's edge")
    func circlesOnce() throws {
        // A point 40 units left of the edge, and its copy in the right tile's buffer.
        let layers = [StyleLayer(id: "poi", type: .circle, source: "city", sourceLayer: "poi", paint: [
            "circle-radius": W.number(8), "circle-color": W.color(0x0000FF), "circle-opacity": W.number(0.5),
            "circle-stroke-width": W.number(2), "circle-stroke-color": W.color(0xFF0000),
        ])]
        let tiles = [
            W.topLeft: W.tile([W.layer("poi", [W.point(Point(x: 4056, y: 3000))])]),
            W.topRight: W.tile([W.layer("poi", [W.point(Point(x: -40, y: 3000))])]),
        ]
        let (image, _) = try paint(layers, tiles)
        image.save("circle")
        let center = (x: nearSide(4056), y: nearSide(3000))
        #expect(image.rgba(center.x + 0.5, center.y + 0.5) == (0, 0, 128, 128), "one translucent blue")
        #expect(image.rgba(center.x + 5.5, center.y + 0.5) == (0, 0, 128, 128), "across the tiles' edge")
        #expect(image.rgba(center.x + 9.2, center.y + 0.5).r > 100, "the red ring outside the radius")
    }

    @Test("a filter that is not true draws nothing; a layer outside its zoom range draws nothing")
    func filterAndZoomRange() throws {
        let park = W.polygon([W.box(2048, 2048, 4096, 4096)])
        let tiles = [W.topLeft: W.tile([W.layer("park", [park])])]
        let filtered = StyleLayer(id: "park", type: .fill, source: "city", sourceLayer: "park", filter: .literal(.bool(false)))
        #expect(try paint([filtered], tiles).image.rgba(100, 100).a == 0)
        let tooLow = StyleLayer(id: "park", type: .fill, source: "city", sourceLayer: "park", minZoom: 14.5)
        #expect(try paint([tooLow], tiles).image.rgba(100, 100).a == 0)
        let drawn = StyleLayer(id: "park", type: .fill, source: "city", sourceLayer: "park", minZoom: 14)
        #expect(try paint([drawn], tiles).image.rgba(100, 100).a == 255)
    }

    @Test("a raster layer is no warning (BasemapLayer draws it); a fill-pattern with no sprite is a warning naming the layer and the image")
    func warnings() throws {
        let layers = [
            StyleLayer(id: "hillshade", type: .raster, source: "dem"),
            StyleLayer(id: "marsh", type: .fill, source: "city", sourceLayer: "park", paint: ["fill-pattern": .literal(.string("marsh"))]),
        ]
        let tiles = [W.topLeft: W.tile([W.layer("park", [W.polygon([W.box(0, 0, 10, 10)])])])]
        let (_, warnings) = try paint(layers, tiles)
        #expect(warnings.isEmpty, "\(warnings)")
        let missing = BasemapPainter(layers: layers, tiles: tiles, view: W.view()).missingPatterns()
        #expect(missing == ["layer marsh: the style has no sprite to take \"marsh\" from; features naming it draw without it"], "\(missing)")
    }
}
