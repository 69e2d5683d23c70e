import Foundation
import Graphics
import Testing
@testable import InfoWinKit

@Suite("basemap world copies: a canvas wider than the world shows it repeated, labels in each copy, as MapLibre's renderWorldCopies")
struct WorldCopiesTests {
    private typealias W = PaintWorld
    private let fonts: FontLibrary

    init() throws { fonts = try paintFonts() }

    /// The camera at (0°, 0°), zoom 1 (MapLibre's 0: the world is one level-0 tile, 512 points wide), on a
    /// 1,400 × 300 canvas: the tile's own copy spans x 444…956, its copies west −68…444 and east 956…1,468.
    private func wideView(bearing: Double = 0) -> BasemapView {
        let camera = CameraSpec(target: Coordinate(latitude: 0, longitude: 0), zoom: 1, bearing: bearing)
        return BasemapView(projection: MapProjection(camera: camera, width: 1400, height: 300), width: 1400, height: 300)
    }

    private let world = TileID(z: 0, x: 0, y: 0)

    @Test("a fill is drawn in the world's own copy and in the copies east and west of it, and nowhere between")
    func fillInEveryCopy() throws {
        let fill = StyleLayer(id: "land", type: .fill, source: "city", sourceLayer: "land", paint: ["fill-color": W.color(0x00AA00)])
        // Units 1,024…2,048 across (8 units a point): canvas x 572…700 in the own copy, less and more 512 in the others.
        let tiles = [world: W.tile([W.layer("land", [W.polygon([W.box(1024, 1024, 2048, 3072)])])])]
        let (image, _) = try paint([W.whiteBackground, fill], tiles, view: wideView())
        image.save("world-copies-fill")
        for x: Double in [630, 118, 1142] {
            let pixel = image.rgba(x, 150)
            #expect(pixel.g == 0xAA && pixel.r == 0, "green at \(x): \(pixel)")
        }
        for x: Double in [300, 812, 1324] {
            #expect(image.rgba(x, 150).r == 255, "white between the copies at \(x)")
        }
    }

    @Test("a point label is placed once in each copy of the world the canvas shows")
    func labelInEveryCopy() throws {
        let tiles = [world: W.tile([W.layer("places", [W.point(Point(x: 2048, y: 2048), properties: ["name": .string("Null Island")])])])]
        let layers = [W.whiteBackground, labelLayer("names", sourceLayer: "places")]
        let (image, labels) = try paintWithLabels(layers, tiles, view: wideView(), scale: 1, fonts: fonts)
        image.save("world-copies-labels")
        let centres = labels.texts.map { ($0.frame.x + $0.frame.width / 2).rounded() }.sorted()
        #expect(labels.texts.map(\.text) == ["Null Island", "Null Island", "Null Island"], "\(labels.texts.map(\.text))")
        #expect(centres == [188, 700, 1212], "\(centres)")
        for x in centres {
            let dark = (Int(x) - 40..<Int(x) + 40).contains { column in image.rgba(Double(column) + 0.5, 150).r < 100 }
            #expect(dark, "text drawn round \(x)")
        }
    }

    @Test("copies the canvas does not reach are not drawn: a canvas narrower than the world draws the one copy")
    func onlyCopiesTheCanvasReaches() {
        let wide = wideView()
        #expect(wide.placements(of: world, extent: 4096).count == 3)
        let narrow = BasemapView(
            projection: MapProjection(camera: CameraSpec(target: Coordinate(latitude: 0, longitude: 0), zoom: 1, bearing: 0), width: 400, height: 300),
            width: 400, height: 300)
        #expect(narrow.placements(of: world, extent: 4096).count == 1)
        // Turned by the bearing, a copy is still found where its square reaches the canvas.
        #expect(wideView(bearing: 30).placements(of: world, extent: 4096).count == 3)
    }

    @Test("the vector plan asks for the world's tiles once per column the canvas shows, wrapped, as raster tiles do")
    func planWrapsLikeRasterTiles() {
        let camera = CameraSpec(target: Coordinate(latitude: 0, longitude: 0), zoom: 1, bearing: 0)
        let plan = VectorTilePlan(camera: camera, width: 1400, height: 300, zooms: 0...14, source: "city.pmtiles")
        #expect(Set(plan.tiles) == [world] && plan.tiles.count == 3, "\(plan.tiles)")
    }
}
