import Foundation
import Graphics
import Testing
@testable import InfoWinKit

@Suite("basemap sprites: icons along lines (one-way arrows, shields), as MapLibre places them (SPEC.md, Vector basemaps)")
struct SpriteLineIconTests {
    private typealias W = PaintWorld
    private let fonts: FontLibrary

    init() throws { fonts = try paintFonts() }

    /// Canvas point `c` of the top-left tile in its units (both axes): canvas 119 is unit 3,000.
    private func unit(_ c: Double) -> Double { (c + 256) * 8 }

    /// A sprite with "arrow": 16 × 16 points, its left half red (the tail), its right half blue (the head),
    /// and "red": a flat red square.
    private func arrowSprite() throws -> SpriteSheet {
        let sprite = try TestSprite()
        let pixels = (0..<(32 * 16)).map { index -> UInt32 in
            let x = index % 32
            return x < 16 ? (x < 8 ? 0xFFFF_0000 : 0xFF00_00FF) : 0xFFFF_0000
        }
        try sprite.writeSheet("sprite", pixels: pixels, width: 32, height: 16)
        try sprite.folder.write(
            #"{"arrow": {"x": 0, "y": 0, "width": 16, "height": 16, "pixelRatio": 1}, "red": {"x": 16, "y": 0, "width": 16, "height": 16, "pixelRatio": 1}}"#,
            to: "sprite.json")
        return try sprite.load()
    }

    /// A symbol layer of arrows along the lines of "road".
    private func arrows(_ id: String = "oneway", layout: [String: StyleExpression] = [:]) -> StyleLayer {
        var full: [String: StyleExpression] = ["icon-image": .literal(.string("arrow")), "symbol-placement": .literal(.string("line"))]
        full.merge(layout) { $1 }
        return StyleLayer(id: id, type: .symbol, source: "city", sourceLayer: "road", layout: full)
    }

    /// A line of the top-left tile between canvas points.
    private func road(_ points: [(Double, Double)], name: String? = nil) -> VectorTileFeature {
        W.line(points.map { Point(x: unit($0.0), y: unit($0.1)) }, properties: name.map { ["name": .string($0)] } ?? [:])
    }

    private func tiles(_ features: [VectorTileFeature], poi: [VectorTileFeature] = []) -> [TileID: VectorTile] {
        [W.topLeft: W.tile([W.layer("road", features), W.layer("poi", poi)])]
    }

    private func centres(_ labels: BasemapLabels) -> [Point] {
        labels.labels.compactMap(\.icon).map { Point(x: $0.rect.x + $0.rect.width / 2, y: $0.rect.y + $0.rect.height / 2) }
    }

    private func isRed(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Bool { p.r == 255 && p.g == 0 && p.b == 0 }
    private func isBlue(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Bool { p.b == 255 && p.g == 0 && p.r == 0 }

    @Test("arrows along a straight line: every symbol-spacing from MapLibre's first anchor, pointing the way the line runs")
    func arrowsAlongAStraightLine() throws {
        let sheet = try arrowSprite()
        let layer = arrows(layout: ["symbol-spacing": W.number(60)])
        let (image, labels) = try paintWithSprite([W.whiteBackground, layer], tiles([road([(10, 119), (250, 119)])]), sprite: sheet, fonts: fonts)
        image.save("sprite-line-arrows")
        // MapLibre's first anchor on a line that starts in the tile: (half the icon's length, measured as
        // 16-point text is: 16 × 16 ÷ 24, plus two ems of the default 16-point text) = 37.33 in, then every 60.
        let expected = [37.333, 97.333, 157.333, 217.333].map { 10 + $0 }
        let found = centres(labels)
        #expect(found.count == expected.count, "\(found)")
        for (point, x) in zip(found, expected) {
            #expect(abs(point.x - x) < 0.01 && abs(point.y - 119) < 0.01, "\(point) against \(x)")
        }
        #expect(labels.labels.allSatisfy { $0.icon?.rotation == 0 && $0.shape == nil })
        for x in expected {
            #expect(isRed(image.rgba(x - 4, 119)), "the tail before the anchor at \(x): \(image.rgba(x - 4, 119))")
            #expect(isBlue(image.rgba(x + 4, 119)), "the head after the anchor at \(x): \(image.rgba(x + 4, 119))")
        }
        #expect(image.rgba(70, 119).g == 255, "white between arrows")
        #expect(labels.texts.isEmpty && labels.warnings.isEmpty, "\(labels.warnings)")
    }

    @Test("a line drawn right to left turns its arrows round (icon-keep-upright is false for icons); a line downwards turns them a quarter")
    func arrowsTurnWithTheLine() throws {
        let sheet = try arrowSprite()
        let layer = arrows(layout: ["symbol-spacing": W.number(1000)])
        let (leftward, leftLabels) = try paintWithSprite([W.whiteBackground, layer], tiles([road([(250, 119), (10, 119)])]), sprite: sheet, fonts: fonts)
        leftward.save("sprite-line-arrows-leftward")
        let left = try #require(centres(leftLabels).first)
        #expect(abs(left.x - (250 - 37.333)) < 0.01, "\(left)")
        #expect(isBlue(leftward.rgba(left.x - 4, 119)) && isRed(leftward.rgba(left.x + 4, 119)), "the head points left")
        let (downward, downLabels) = try paintWithSprite([W.whiteBackground, layer], tiles([road([(119, 10), (119, 250)])]), sprite: sheet, fonts: fonts)
        downward.save("sprite-line-arrows-downward")
        let down = try #require(downLabels.labels.first?.icon)
        #expect(abs(down.rotation - .pi / 2) < 1e-9)
        let centre = 10 + 37.333
        #expect(isRed(downward.rgba(119, centre - 4)) && isBlue(downward.rgba(119, centre + 4)), "the head points down")
        #expect(downward.rgba(119 + 7, centre + 4).b == 255, "the turned image's column 2 points right of the line")
        #expect(abs(down.frame.width - 16) < 1e-9 && abs(down.frame.height - 16) < 1e-9)
    }

    @Test("a diagonal arrow collides with symbols by its box unturned (as MapLibre's) and keeps avoid clear by the box round it as drawn")
    func turnedIconBoxes() throws {
        let sheet = try arrowSprite()
        let layer = arrows(layout: ["symbol-spacing": W.number(1000)])
        let world = tiles([road([(20, 20), (200, 200)])])
        let labels = try paintWithSprite([layer], world, sprite: sheet, fonts: fonts).labels
        let icon = try #require(labels.labels.first?.icon)
        #expect(abs(icon.rotation - .pi / 4) < 1e-9)
        let side = 16 * 2.0.squareRoot()
        #expect(abs(icon.frame.width - side) < 1e-9 && abs(icon.frame.height - side) < 1e-9, "\(icon.frame)")
        #expect(icon.rect.width == 16 && icon.rect.height == 16)
        #expect(labels.labels.first?.frame == icon.frame, "an icon alone is reported by the box it covers")
        // A window over a corner of the turned box that the image does not reach still keeps the arrow off.
        let corner = Rect(x: icon.frame.x, y: icon.frame.y, width: 1, height: 1)
        #expect(!LabelCollisionIndex.overlap(corner, icon.rect.insetBy(-LabelIcon.padding)))
        let avoided = try paintWithSprite([layer], world, sprite: sheet, avoid: [corner], fonts: fonts).labels
        #expect(avoided.labels.isEmpty)
    }

    @Test("a line coming in over the tile's edge starts its arrows half a spacing in from the edge, as MapLibre clips lines to their tile")
    func lineFromANeighbouringTile() throws {
        let sheet = try arrowSprite()
        // The top-right tile (canvas 256…512): a line from its left neighbour's side (unit −400) to unit 2,000.
        let line = W.line([Point(x: -400, y: 3000), Point(x: 2000, y: 3000)])
        let world = [W.topRight: W.tile([W.layer("road", [line])])]
        let labels = try paintWithSprite([arrows(layout: ["symbol-spacing": W.number(100)])], world, sprite: sheet, fonts: fonts).labels
        #expect(centres(labels).map { ($0.x * 1000).rounded() / 1000 } == [306, 406], "\(centres(labels))")
    }

    @Test("symbol-spacing sets the distance between arrows; a line shorter than the icon gets none")
    func spacingBetweenArrows() throws {
        let sheet = try arrowSprite()
        let line = tiles([road([(10, 119), (250, 119)])])
        for spacing in [30.0, 45, 100] {
            let found = centres(try paintWithSprite([arrows(layout: ["symbol-spacing": W.number(spacing)])], line, sprite: sheet, fonts: fonts).labels)
            #expect(found.count >= 2)
            for (a, b) in zip(found, found.dropFirst()) { #expect(abs((b.x - a.x) - spacing) < 0.01, "spacing \(spacing): \(found)") }
        }
        let short = try paintWithSprite([arrows()], tiles([road([(100, 119), (108, 119)])]), sprite: sheet, fonts: fonts).labels
        #expect(short.labels.isEmpty, "8 points of line hold no 10.7-point icon")
    }

    @Test("an arrow collides with a label placed before it (a higher layer) and is not drawn under it; icon-allow-overlap draws it")
    func arrowsCollideWithALabel() throws {
        let sheet = try arrowSprite()
        let label = labelLayer("places", sourceLayer: "poi")
        let placeName = W.point(Point(x: unit(107.333), y: unit(119)), properties: ["name": .string("Harbour Market")])
        let world = tiles([road([(10, 119), (250, 119)])], poi: [placeName])
        let layout: [String: StyleExpression] = ["symbol-spacing": W.number(60)]
        let (image, labels) = try paintWithSprite([W.whiteBackground, arrows(layout: layout), label], world, sprite: sheet, fonts: fonts)
        image.save("sprite-line-arrows-under-label")
        let market = try #require(labels.texts.first)
        let arrowsPlaced = labels.labels.compactMap(\.icon)
        #expect(!arrowsPlaced.isEmpty)
        #expect(arrowsPlaced.allSatisfy { !LabelCollisionIndex.overlap($0.frame, market.frame) }, "\(arrowsPlaced.map(\.frame)) \(market.frame)")
        #expect(centres(labels).allSatisfy { abs($0.x - 107.333) > 1 }, "the arrow under the name is not placed")
        var overlapping = layout
        overlapping["icon-allow-overlap"] = .literal(.bool(true))
        let all = try paintWithSprite([arrows(layout: overlapping), label], world, sprite: sheet, fonts: fonts).labels
        #expect(all.labels.compactMap(\.icon).count == 4)
    }

    @Test("an arrow is never placed under what avoid names, icon-allow-overlap or not")
    func arrowsAvoidTheWindow() throws {
        let sheet = try arrowSprite()
        let layer = arrows(layout: ["symbol-spacing": W.number(60), "icon-allow-overlap": .literal(.bool(true))])
        let window = Rect(x: 90, y: 100, width: 30, height: 10)
        let (image, labels) = try paintWithSprite([W.whiteBackground, layer], tiles([road([(10, 119), (250, 119)])]), sprite: sheet, avoid: [window], fonts: fonts)
        let found = centres(labels).map(\.x)
        #expect(found.count == 3 && !found.contains { abs($0 - 107.333) < 1 }, "\(found)")
        #expect(image.rgba(107.333 + 4, 119).g == 255, "nothing drawn under the window")
    }

    @Test("a road's name and its shield along the line: both or neither; icon-optional lets the name go alone")
    func textAndIconAlongALine() throws {
        let sheet = try arrowSprite()
        func shielded(_ extra: [String: StyleExpression] = [:]) -> StyleLayer {
            var layout: [String: StyleExpression] = ["icon-image": .literal(.string("red")), "icon-size": W.number(2), "symbol-spacing": W.number(1000)]
            layout.merge(extra) { $1 }
            return labelLayer("road-name", sourceLayer: "road", placement: "line", layout: layout)
        }
        let world = tiles([road([(10, 119), (250, 119)], name: "Quay Street")])
        let (image, free) = try paintWithSprite([W.whiteBackground, shielded()], world, sprite: sheet, fonts: fonts)
        image.save("sprite-line-shield")
        let both = try #require(free.labels.first)
        #expect(free.labels.count == 1 && both.text == "Quay Street" && both.icon != nil, "\(free.labels.map(\.text))")
        let icon = try #require(both.icon)
        // The shield sits on the text's anchor, at the middle of the text.
        #expect(abs((icon.rect.x + 16) - (both.frame.x + both.frame.width / 2)) < 1.5, "\(icon.rect) \(both.frame)")
        #expect(icon.rect.maxY > both.frame.maxY + 3, "the 32-point shield reaches below the text: \(icon.rect) \(both.frame)")
        // A window over the shield's foot only: neither is placed, unless icon-optional.
        let window = Rect(x: icon.rect.x + 12, y: icon.rect.maxY - 2, width: 8, height: 4)
        let blocked = try paintWithSprite([shielded()], world, sprite: sheet, avoid: [window], fonts: fonts).labels
        #expect(blocked.labels.isEmpty, "\(blocked.labels.map(\.text))")
        let optional = try paintWithSprite([shielded(["icon-optional": .literal(.bool(true))])], world, sprite: sheet, avoid: [window], fonts: fonts).labels
        #expect(optional.texts.map(\.text) == ["Quay Street"] && optional.labels.first?.icon == nil)
    }

    @Test("icon-rotate turns the icon on top of the line's turn (OSM Bright's up-pointing arrow with 90°), its collision box with it")
    func iconRotateAddsToTheLine() throws {
        let sheet = try arrowSprite()
        let layer = arrows(layout: ["symbol-spacing": W.number(1000), "icon-rotate": W.number(90)])
        let (image, labels) = try paintWithSprite([W.whiteBackground, layer], tiles([road([(10, 119), (250, 119)])]), sprite: sheet, fonts: fonts)
        let icon = try #require(labels.labels.first?.icon)
        #expect(abs(icon.rotation - .pi / 2) < 1e-9 && abs(icon.ownRotation - .pi / 2) < 1e-9 && icon.alignedRotation == 0)
        let x = 10 + 37.333
        #expect(isRed(image.rgba(x, 119 - 4)) && isBlue(image.rgba(x, 119 + 4)), "the head turned to point down")
    }

    @Test("icon-rotation-alignment viewport keeps a line's icon unturned; icon-keep-upright turns round one that would point left")
    func alignmentAndKeepUpright() throws {
        let sheet = try arrowSprite()
        let leftward = tiles([road([(250, 119), (10, 119)])])
        let viewport = arrows(layout: ["symbol-spacing": W.number(1000), "icon-rotation-alignment": .literal(.string("viewport"))])
        let flat = try #require(try paintWithSprite([viewport], leftward, sprite: sheet, fonts: fonts).labels.labels.first?.icon)
        #expect(flat.rotation == 0)
        let upright = arrows(layout: ["symbol-spacing": W.number(1000), "icon-keep-upright": .literal(.bool(true))])
        let (image, labels) = try paintWithSprite([W.whiteBackground, upright], leftward, sprite: sheet, fonts: fonts)
        let icon = try #require(labels.labels.first?.icon)
        #expect(abs(cos(icon.rotation) - 1) < 1e-9, "turned round to point right: \(icon.rotation)")
        let x = 250 - 37.333
        #expect(isRed(image.rgba(x - 4, 119)) && isBlue(image.rgba(x + 4, 119)))
    }

    @Test("at a point, icon-rotation-alignment map turns the icon with the map's bearing; auto and viewport do not")
    func pointIconAlignedWithTheMap() throws {
        let sheet = try arrowSprite()
        let point = W.point(Point(x: unit(119), y: unit(119)))
        let world = [W.topLeft: W.tile([W.layer("poi", [point])])]
        func icon(_ alignment: String?) throws -> PlacedSymbolIcon? {
            var layout: [String: StyleExpression] = ["icon-image": .literal(.string("arrow"))]
            if let alignment { layout["icon-rotation-alignment"] = .literal(.string(alignment)) }
            let layer = StyleLayer(id: "pins", type: .symbol, source: "city", sourceLayer: "poi", layout: layout)
            return LabelPlacer(layers: [layer], tiles: world, view: W.view(bearing: 30), avoid: [], language: nil, fonts: fonts, fallbackFamily: "Inter", sprite: sheet)
                .place().labels.first?.icon
        }
        #expect(abs(try #require(try icon("map")).rotation + 30 * .pi / 180) < 1e-9, "north turns 30° anticlockwise on screen")
        #expect(try #require(try icon(nil)).rotation == 0)
        #expect(try #require(try icon("viewport")).rotation == 0)
    }

    @Test("icon-padding widens the room an icon keeps from other symbols")
    func iconPaddingKeepsRoom() throws {
        let sheet = try arrowSprite()
        // Arrows every 20 points: 16-point icons 4 apart just fit with MapLibre's default padding 2, not with 3.
        func count(_ padding: Double?) throws -> Int {
            var layout: [String: StyleExpression] = ["symbol-spacing": W.number(20)]
            if let padding { layout["icon-padding"] = W.number(padding) }
            return try paintWithSprite([arrows(layout: layout)], tiles([road([(10, 119), (250, 119)])]), sprite: sheet, fonts: fonts).labels.labels.count
        }
        let standard = try count(nil), roomy = try count(3)
        #expect(standard == 11 && roomy < standard && roomy > 0, "\(standard) \(roomy)")
    }

    @Test("OSM Bright's one-way layer reads without a warning (icon-rotate, icon-rotation-alignment, icon-keep-upright, icon-padding, icon-optional); a wrong alignment is an error naming it")
    func oneWayLayerOfOSMBrightReads() throws {
        let style = try readStyle(styleJSON(layers: #"""
            {"id": "road_oneway", "type": "symbol", "source": "city", "source-layer": "transportation", "minzoom": 15,
             "filter": ["all", ["==", "oneway", 1]],
             "layout": {"icon-image": "oneway", "icon-padding": 2, "icon-rotate": 90, "icon-rotation-alignment": "map",
                        "icon-keep-upright": false, "icon-optional": false, "icon-size": {"stops": [[15, 0.5], [19, 1]]},
                        "symbol-placement": "line", "symbol-spacing": 75},
             "paint": {"icon-opacity": 0.5}}
            """#))
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        #expect(style.layers.first?.layout.keys.sorted().contains("icon-rotation-alignment") == true)
        let wrong = styleError(styleJSON(layers: #"""
            {"id": "arrows", "type": "symbol", "source": "city", "source-layer": "transportation", "layout": {"icon-rotation-alignment": "sideways"}}
            """#))
        #expect(wrong?.contains("icon-rotation-alignment") == true && wrong?.contains("\"map\", \"viewport\" or \"auto\"") == true, "\(wrong ?? "")")
    }

    @Test("hostile icon values: a huge icon-rotate is taken modulo a turn, an infinite one as none, a huge icon-padding stays bounded")
    func hostileIconValues() throws {
        let sheet = try arrowSprite()
        let line = tiles([road([(10, 119), (250, 119)])])
        let huge = try paintWithSprite([arrows(layout: ["symbol-spacing": W.number(1000), "icon-rotate": W.number(1e300)])], line, sprite: sheet, fonts: fonts)
        let rotation = try #require(huge.labels.labels.first?.icon?.ownRotation)
        #expect(rotation.isFinite && abs(rotation) < 2 * .pi)
        let infinite = try paintWithSprite([arrows(layout: ["symbol-spacing": W.number(1000), "icon-rotate": W.number(.infinity)])], line, sprite: sheet, fonts: fonts)
        #expect(infinite.labels.labels.first?.icon?.ownRotation == 0)
        let padded = try paintWithSprite([arrows(layout: ["symbol-spacing": W.number(60), "icon-padding": W.number(1e300)])], line, sprite: sheet, fonts: fonts)
        #expect(padded.labels.labels.count == 1, "one icon, its room keeping every other off")
    }
}
