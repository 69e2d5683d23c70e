import Foundation
import Graphics
@testable import InfoWinKit

/// A little world for the painter's tests: camera zoom 15 (MapLibre's 14, tiles of level 14, 512 points a
/// side, 4,096 units: 8 units a point), the camera's target on the corner shared by four tiles, so that on
/// a 512 × 512 canvas each tile shows one quarter: `topLeft` the canvas's top-left quarter (its units
/// 2,048…4,096), `topRight` the top-right one (units 0…2,048), and so on.
enum PaintWorld {
    static let level = 14
    static let column = 8_000, row = 5_000
    static let topLeft = TileID(z: level, x: column, y: row)
    static let topRight = TileID(z: level, x: column + 1, y: row)
    static let bottomLeft = TileID(z: level, x: column, y: row + 1)
    static let bottomRight = TileID(z: level, x: column + 1, y: row + 1)
    static let extent = 4096

    /// The camera at the shared corner, at `zoom` (15 unless told) and `bearing`.
    static func view(zoom: Double = 15, bearing: Double = 0, size: Double = 512) -> BasemapView {
        let worldSize = 256 * pow(2, zoom)
        let corner = Point(x: Double(column + 1) * worldSize / pow(2, Double(level)), y: Double(row + 1) * worldSize / pow(2, Double(level)))
        let target = MapProjection.coordinate(ofWorld: corner, worldSize: worldSize)
        let camera = CameraSpec(target: target, zoom: zoom, bearing: bearing)
        return BasemapView(projection: MapProjection(camera: camera, width: size, height: size), width: size, height: size)
    }

    static func tile(_ layers: [VectorTileLayer]) -> VectorTile { VectorTile(layers: layers) }

    static func layer(_ name: String, _ features: [VectorTileFeature]) -> VectorTileLayer {
        VectorTileLayer(name: name, extent: extent, features: features)
    }

    static func polygon(_ rings: [[Point]], properties: [String: FeatureValue] = [:]) -> VectorTileFeature {
        VectorTileFeature(id: nil, kind: .polygon, properties: properties, geometry: rings)
    }

    static func line(_ points: [Point], properties: [String: FeatureValue] = [:]) -> VectorTileFeature {
        VectorTileFeature(id: nil, kind: .lineString, properties: properties, geometry: [points])
    }

    static func point(_ point: Point, properties: [String: FeatureValue] = [:]) -> VectorTileFeature {
        VectorTileFeature(id: nil, kind: .point, properties: properties, geometry: [[point]])
    }

    /// A rectangle ring in tile units (clockwise on screen: positive area, an exterior ring).
    static func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Point] {
        [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
    }

    static func color(_ hex: UInt32, alpha: Double = 1) -> StyleExpression {
        .literal(.color(RGBA(
            red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255, alpha: alpha)))
    }

    static func number(_ value: Double) -> StyleExpression { .literal(.number(value)) }

    static let whiteBackground = StyleLayer(id: "background", type: .background, paint: ["background-color": color(0xFFFFFF)])
}

/// A drawn image whose pixels a test reads.
struct PaintedImage {
    let surface: ImageSurface
    let pixels: [UInt32]
    let scale: Double

    init(surface: ImageSurface, scale: Double) {
        self.surface = surface
        pixels = surface.argbPixels()
        self.scale = scale
    }

    /// The pixel under canvas point (x, y): premultiplied channels 0…255.
    func rgba(_ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int, a: Int) {
        let px = Int((x * scale).rounded(.down)), py = Int((y * scale).rounded(.down))
        let value = pixels[py * surface.width + px]
        return (Int(value >> 16 & 0xFF), Int(value >> 8 & 0xFF), Int(value & 0xFF), Int(value >> 24))
    }

    /// Writes the image for a person to look at (under .build, never in the repository).
    func save(_ name: String) {
        guard let bytes = try? surface.pngData() else { return }
        let url = URL(fileURLWithPath: ".build/paint-tests/\(name).png")
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(bytes).write(to: url)
    }
}

/// Draws `layers` over `tiles` on a canvas of `view`'s size at `scale`.
func paint(_ layers: [StyleLayer], _ tiles: [TileID: VectorTile], view: BasemapView = PaintWorld.view(), scale: Double = 1) throws -> (image: PaintedImage, warnings: [String]) {
    let surface = try ImageSurface(width: Int(view.width * scale), height: Int(view.height * scale))
    let context = DrawingContext(surface: surface)
    context.scale(by: scale)
    let warnings = BasemapPainter(layers: layers, tiles: tiles, view: view).draw(in: context)
    return (PaintedImage(surface: surface, scale: scale), warnings)
}

/// The pinned fonts, as the goldens draw with them.
func paintFonts() throws -> FontLibrary {
    try FontLibrary(setup: FontSetup(files: Repository.pinnedFonts, hermetic: true))
}

/// A symbol layer reading `{name}` from `sourceLayer`, with `layout` and `paint` added.
func labelLayer(
    _ id: String, sourceLayer: String, placement: String = "point", layout: [String: StyleExpression] = [:], paint: [String: StyleExpression] = [:]
) -> StyleLayer {
    var fullLayout: [String: StyleExpression] = [
        "text-field": StyleExpressionParser.tokens("{name}"), "symbol-placement": .literal(.string(placement)),
        "text-font": .literal(.array([.string("DejaVu Sans Bold")])), "text-size": PaintWorld.number(14),
    ]
    fullLayout.merge(layout) { $1 }
    var fullPaint: [String: StyleExpression] = ["text-color": PaintWorld.color(0x202020), "text-halo-color": PaintWorld.color(0xFFFFFF), "text-halo-width": PaintWorld.number(1.5)]
    fullPaint.merge(paint) { $1 }
    return StyleLayer(id: id, type: .symbol, source: "city", sourceLayer: sourceLayer, paint: fullPaint, layout: fullLayout)
}

/// Places the labels of `layers` over `tiles`.
func placeLabels(
    _ layers: [StyleLayer], _ tiles: [TileID: VectorTile], view: BasemapView = PaintWorld.view(), avoid: [Rect] = [], language: String? = nil,
    fonts: FontLibrary
) -> BasemapLabels {
    LabelPlacer(layers: layers, tiles: tiles, view: view, avoid: avoid, language: language, fonts: fonts, fallbackFamily: "Inter").place()
}

/// Draws the basemap and its labels, as the renderer does: layers, then labels over them.
func paintWithLabels(
    _ layers: [StyleLayer], _ tiles: [TileID: VectorTile], view: BasemapView = PaintWorld.view(), avoid: [Rect] = [], scale: Double = 2,
    fonts: FontLibrary
) throws -> (image: PaintedImage, labels: BasemapLabels) {
    let surface = try ImageSurface(width: Int(view.width * scale), height: Int(view.height * scale))
    let context = DrawingContext(surface: surface)
    context.scale(by: scale)
    _ = BasemapPainter(layers: layers, tiles: tiles, view: view).draw(in: context)
    let labels = placeLabels(layers, tiles, view: view, avoid: avoid, fonts: fonts)
    labels.draw(in: context)
    return (PaintedImage(surface: surface, scale: scale), labels)
}
