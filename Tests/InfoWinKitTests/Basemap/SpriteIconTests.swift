import Foundation
import Graphics
import Testing
@testable import InfoWinKit

@Suite("basemap sprites: icons and fill patterns from a style's local sprite (SPEC.md, Vector basemaps)")
struct SpriteIconTests {
    private typealias W = PaintWorld
    private let fonts: FontLibrary

    init() throws { fonts = try paintFonts() }

    /// The top-left tile's unit `u` on the canvas (both axes): unit 3,000 is canvas point 119.
    private func near(_ u: Double) -> Double { u / 8 - 256 }

    private func pin(at point: Point, kind: String = "red", name: String? = nil) -> VectorTileFeature {
        var properties: [String: FeatureValue] = ["kind": .string(kind)]
        if let name { properties["name"] = .string(name) }
        return VectorTileFeature(id: nil, kind: .point, properties: properties, geometry: [[point]])
    }

    /// A symbol layer of icons only (no text), reading `layout`.
    private func iconLayer(_ id: String = "pins", layout: [String: StyleExpression], paint: [String: StyleExpression] = [:]) -> StyleLayer {
        StyleLayer(id: id, type: .symbol, source: "city", sourceLayer: "poi", paint: paint, layout: layout)
    }

    private func redAndBlue() throws -> TestSprite {
        let sprite = try TestSprite()
        try sprite.write(images: [("red", 0xFFFF_0000), ("blue", 0xFF00_00FF)])
        return sprite
    }

    @Test("an icon is drawn centred on its point, in its own pixels, at its size in points")
    func iconAtItsPoint() throws {
        let sheet = try redAndBlue().load()
        let layers = [W.whiteBackground, iconLayer(layout: ["icon-image": .literal(.string("red"))])]
        let tiles = [W.topLeft: W.tile([W.layer("poi", [pin(at: Point(x: 3000, y: 3000))])])]
        let (image, labels) = try paintWithSprite(layers, tiles, sprite: sheet, fonts: fonts)
        image.save("sprite-icon")
        let icon = try #require(labels.labels.first?.icon)
        #expect(icon.frame == Rect(x: 111, y: 111, width: 16, height: 16))
        let inside = image.rgba(119, 119), corner = image.rgba(111.5, 126.5), outside = image.rgba(130, 119)
        #expect(inside.r == 255 && inside.g == 0 && inside.b == 0, "\(inside)")
        #expect(corner.r == 255 && corner.b == 0, "\(corner)")
        #expect(outside.r == 255 && outside.g == 255 && outside.b == 255, "\(outside)")
        #expect(labels.texts.isEmpty, "an icon alone is not a text label in the report")
    }

    @Test("icon-image reads {field} tokens and expressions: each feature its own image")
    func iconImageFromTheFeature() throws {
        let sheet = try redAndBlue().load()
        let layers = [W.whiteBackground, iconLayer(layout: ["icon-image": StyleExpressionParser.tokens("{kind}")])]
        let tiles = [W.topLeft: W.tile([W.layer("poi", [pin(at: Point(x: 2400, y: 3000), kind: "red"), pin(at: Point(x: 3600, y: 3000), kind: "blue")])])]
        let (image, labels) = try paintWithSprite(layers, tiles, sprite: sheet, fonts: fonts)
        #expect(labels.labels.count == 2)
        let left = image.rgba(near(2400), near(3000)), right = image.rgba(near(3600), near(3000))
        #expect(left.r == 255 && left.b == 0, "\(left)")
        #expect(right.b == 255 && right.r == 0, "\(right)")
    }

    @Test("icon-size scales the image, icon-anchor puts that corner on the point, icon-offset (image pixels × size) moves it")
    func sizeAnchorAndOffset() throws {
        let sheet = try redAndBlue().load()
        let layer = iconLayer(layout: [
            "icon-image": .literal(.string("red")), "icon-size": W.number(2), "icon-anchor": .literal(.string("top-left")),
            "icon-offset": .literal(.array([.number(4), .number(-2)])),
        ])
        let tiles = [W.topLeft: W.tile([W.layer("poi", [pin(at: Point(x: 3000, y: 3000))])])]
        let icon = try #require(try paintWithSprite([layer], tiles, sprite: sheet, fonts: fonts).labels.labels.first?.icon)
        #expect(icon.frame == Rect(x: 119 + 8, y: 119 - 4, width: 32, height: 32))
    }

    @Test("icon-opacity fades the icon over what is under it")
    func opacity() throws {
        let sheet = try redAndBlue().load()
        let layers = [W.whiteBackground, iconLayer(layout: ["icon-image": .literal(.string("blue"))], paint: ["icon-opacity": W.number(0.5)])]
        let tiles = [W.topLeft: W.tile([W.layer("poi", [pin(at: Point(x: 3000, y: 3000))])])]
        let pixel = try paintWithSprite(layers, tiles, sprite: sheet, fonts: fonts).image.rgba(119, 119)
        #expect(abs(pixel.r - 128) <= 2 && pixel.b == 255, "\(pixel)")
    }

    @Test("icons collide as labels do: the second on the same spot is not placed, unless icon-allow-overlap")
    func iconsCollide() throws {
        let sheet = try redAndBlue().load()
        let tiles = [W.topLeft: W.tile([W.layer("poi", [pin(at: Point(x: 3000, y: 3000)), pin(at: Point(x: 3040, y: 3000))])])]
        let alone = try paintWithSprite([iconLayer(layout: ["icon-image": .literal(.string("red"))])], tiles, sprite: sheet, fonts: fonts)
        #expect(alone.labels.labels.count == 1)
        let overlapping = iconLayer(layout: ["icon-image": .literal(.string("red")), "icon-allow-overlap": .literal(.bool(true))])
        #expect(try paintWithSprite([overlapping], tiles, sprite: sheet, fonts: fonts).labels.labels.count == 2)
    }

    @Test("an icon is never placed under what avoid names, icon-allow-overlap or not")
    func iconAvoidsTheWindow() throws {
        let sheet = try redAndBlue().load()
        let layer = iconLayer(layout: ["icon-image": .literal(.string("red")), "icon-allow-overlap": .literal(.bool(true))])
        let tiles = [W.topLeft: W.tile([W.layer("poi", [pin(at: Point(x: 3000, y: 3000))])])]
        let window = Rect(x: 100, y: 100, width: 15, height: 15)
        let (image, labels) = try paintWithSprite([W.whiteBackground, layer], tiles, sprite: sheet, avoid: [window], fonts: fonts)
        #expect(labels.labels.isEmpty)
        #expect(image.rgba(119, 119).g == 255, "nothing drawn")
    }

    @Test("text and icon are placed both or neither; with text-optional the icon goes alone")
    func textAndIconTogether() throws {
        let sheet = try redAndBlue().load()
        // A wide blocker placed first (the higher layer) where the second symbol's text would go, not its icon.
        let blocker = iconLayer("blocker", layout: ["icon-image": .literal(.string("blue")), "icon-size": W.number(2)])
        let blockerTiles = W.layer("block", [pin(at: Point(x: 3000, y: 2600))])
        func symbol(optional: Bool) -> StyleLayer {
            labelLayer("named", sourceLayer: "poi", layout: [
                "icon-image": .literal(.string("red")), "text-anchor": .literal(.string("bottom")), "text-offset": .literal(.array([.number(0), .number(-1)])),
                "text-optional": .literal(.bool(optional)),
            ])
        }
        var blockerLayer = blocker
        blockerLayer.sourceLayer = "block"
        let tiles = [W.topLeft: W.tile([W.layer("poi", [pin(at: Point(x: 3000, y: 3000), name: "Harbour Market")]), blockerTiles])]
        let strict = try paintWithSprite([symbol(optional: false), blockerLayer], tiles, sprite: sheet, fonts: fonts).labels
        #expect(strict.labels.map(\.layer) == ["blocker"], "\(strict.labels.map(\.layer))")
        let optional = try paintWithSprite([symbol(optional: true), blockerLayer], tiles, sprite: sheet, fonts: fonts).labels
        let named = try #require(optional.labels.first { $0.layer == "named" })
        #expect(named.icon != nil && named.shape == nil)
        // Nothing in the way: the text and its icon both, the text reported.
        let free = try paintWithSprite([symbol(optional: false)], tiles, sprite: sheet, fonts: fonts).labels
        #expect(free.texts.map(\.text) == ["Harbour Market"] && free.labels.first?.icon != nil)
    }

    @Test("an image the sprite lacks draws no icon and one warning names the layer and the image")
    func missingImageWarnsOnce() throws {
        let sheet = try redAndBlue().load()
        let layer = iconLayer(layout: ["icon-image": .literal(.string("ferry"))])
        let tiles = [W.topLeft: W.tile([W.layer("poi", [pin(at: Point(x: 2400, y: 3000)), pin(at: Point(x: 3600, y: 3000))])])]
        let labels = try paintWithSprite([layer], tiles, sprite: sheet, fonts: fonts).labels
        #expect(labels.labels.isEmpty)
        #expect(labels.warnings.filter { $0.contains("ferry") }.count == 1, "\(labels.warnings)")
        #expect(labels.warnings.contains { $0.contains("layer pins") && $0.contains("sprite.json has no image \"ferry\"") }, "\(labels.warnings)")
        let none = try paintWithSprite([layer], tiles, sprite: nil, fonts: fonts).labels
        #expect(none.warnings.contains { $0.contains("layer pins") && $0.contains("no sprite") }, "\(none.warnings)")
    }

    @Test("at scale 2 the @2x sheet is chosen and drawn at the same size in points; without one the 1x sheet is scaled")
    func retinaSheetAtScaleTwo() throws {
        let sprite = try TestSprite()
        try sprite.write(images: [("pin", 0xFFFF_0000)])
        try sprite.write("sprite@2x", images: [("pin", 0xFF00_FF00)], side: 32, pixelRatio: 2)
        #expect(try sprite.load(scale: 1).file == "sprite.json")
        let retina = try sprite.load(scale: 2)
        #expect(retina.file == "sprite@2x.json")
        let layers = [W.whiteBackground, iconLayer(layout: ["icon-image": .literal(.string("pin"))])]
        let tiles = [W.topLeft: W.tile([W.layer("poi", [pin(at: Point(x: 3000, y: 3000))])])]
        let (image, labels) = try paintWithSprite(layers, tiles, sprite: retina, scale: 2, fonts: fonts)
        #expect(labels.labels.first?.icon?.frame == Rect(x: 111, y: 111, width: 16, height: 16))
        let pixel = image.rgba(119, 119)
        #expect(pixel.g == 255 && pixel.r == 0, "the @2x sheet's green: \(pixel)")
        let plain = try TestSprite()
        try plain.write(images: [("pin", 0xFFFF_0000)])
        let scaled = try plain.load(scale: 2)
        #expect(scaled.file == "sprite.json")
        let fallback = try paintWithSprite(layers, tiles, sprite: scaled, scale: 2, fonts: fonts)
        #expect(fallback.labels.labels.first?.icon?.frame == Rect(x: 111, y: 111, width: 16, height: 16))
        #expect(fallback.image.rgba(119, 119).r == 255)
    }

    @Test("fill-pattern repeats the sprite's image from the tile's corner instead of the fill's colour")
    func fillPatternRepeats() throws {
        let sprite = try TestSprite()
        // An 8 × 8 image: its left half red, its right half blue.
        let stripes = (0..<64).map { $0 % 8 < 4 ? UInt32(0xFFFF_0000) : 0xFF00_00FF }
        try sprite.writeSheet("sprite", pixels: stripes, width: 8, height: 8)
        try sprite.folder.write(#"{"stripes": {"x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1}}"#, to: "sprite.json")
        let sheet = try sprite.load()
        let layer = StyleLayer(id: "park", type: .fill, source: "city", sourceLayer: "park", paint: [
            "fill-pattern": .literal(.string("stripes")), "fill-color": W.color(0x00FF00),
        ])
        let tiles = [W.topLeft: W.tile([W.layer("park", [W.polygon([W.box(2048, 2048, 4096, 4096)])])])]
        let (image, _) = try paintWithSprite([W.whiteBackground, layer], tiles, sprite: sheet, fonts: fonts)
        image.save("sprite-fill-pattern")
        // The tile's corner is at canvas (−256, −256), a multiple of 8: each 8 points, 4 red then 4 blue.
        for x in [0.5, 2.5, 8.5, 104.5, 200.5] {
            let pixel = image.rgba(x, 50.5)
            #expect(pixel.r == 255 && pixel.b == 0 && pixel.g == 0, "red at \(x): \(pixel)")
        }
        for x in [4.5, 6.5, 12.5, 108.5, 204.5] {
            let pixel = image.rgba(x, 50.5)
            #expect(pixel.b == 255 && pixel.r == 0 && pixel.g == 0, "blue at \(x): \(pixel)")
        }
        let outside = image.rgba(300, 50)
        #expect(outside.r == 255 && outside.g == 255, "outside the polygon: \(outside)")
    }

    @Test("a fill-pattern the sprite lacks fills nothing and is named in one warning")
    func missingPatternWarns() throws {
        let sheet = try redAndBlue().load()
        let layer = StyleLayer(id: "park", type: .fill, source: "city", sourceLayer: "park", paint: [
            "fill-pattern": .literal(.string("grass")), "fill-color": W.color(0x00FF00),
        ])
        let tiles = [W.topLeft: W.tile([W.layer("park", [W.polygon([W.box(2048, 2048, 3000, 3000)]), W.polygon([W.box(3100, 3100, 4096, 4096)])])])]
        let (image, _) = try paintWithSprite([W.whiteBackground, layer], tiles, sprite: sheet, fonts: fonts)
        #expect(image.rgba(50, 50).r == 255 && image.rgba(50, 50).b == 255, "nothing filled")
        let warnings = BasemapPainter(layers: [layer], tiles: tiles, view: W.view(), sprite: sheet).missingPatterns()
        #expect(warnings.count == 1 && warnings[0].contains("layer park") && warnings[0].contains("\"grass\""), "\(warnings)")
    }

    @Test("SVG and PDF keep an icon and a fill-pattern as embedded images")
    func vectorDocumentsEmbedImages() throws {
        let sheet = try redAndBlue().load()
        let layers = [
            StyleLayer(id: "park", type: .fill, source: "city", sourceLayer: "park", paint: ["fill-pattern": .literal(.string("blue"))]),
            iconLayer(layout: ["icon-image": .literal(.string("red"))]),
        ]
        let tiles = [W.topLeft: W.tile([W.layer("park", [W.polygon([W.box(2048, 2048, 2800, 2800)])]), W.layer("poi", [pin(at: Point(x: 3000, y: 3000))])])]
        let view = W.view()
        let labels = LabelPlacer(layers: layers, tiles: tiles, view: view, avoid: [], language: nil, fonts: fonts, fallbackFamily: "Inter", sprite: sheet).place()
        #expect(labels.labels.count == 1)
        for format in [VectorFormat.svg, .pdf] {
            let document = try VectorDocument(format, width: 512, height: 512)
            let context = DrawingContext(document: document)
            _ = BasemapPainter(layers: layers, tiles: tiles, view: view, sprite: sheet).draw(in: context)
            labels.draw(in: context)
            let bytes = try document.finish()
            let text = String(decoding: bytes, as: UTF8.self)
            if format == .svg {
                #expect(text.components(separatedBy: "<image").count - 1 >= 2, "the icon and the pattern's tile")
                #expect(text.contains("<pattern"), "the fill repeats by SVG's own pattern")
            } else {
                #expect(text.contains("/Subtype /Image"), "an image XObject in the PDF")
            }
        }
    }

    @Test("an SDF image is drawn as its own pixels, with a warning saying icon-color is not of the subset")
    func sdfImagesWarn() throws {
        let sprite = try TestSprite()
        try sprite.write(images: [("dot", 0xFF00_0000)])
        try sprite.folder.write(#"{"dot": {"x": 0, "y": 0, "width": 16, "height": 16, "sdf": true}}"#, to: "sprite.json")
        let sheet = try sprite.load()
        #expect(sheet.images["dot"] != nil)
        #expect(sheet.warnings == ["sprite.json: 1 SDF image is drawn as their own pixels (icon-color, which tints them in MapLibre, is not of infowin's subset)"])
    }
}
