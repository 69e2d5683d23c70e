import Foundation
import Graphics
import Testing
@testable import InfoWinKit

@Suite("basemap labels: placed once over the whole picture, upright, around what they avoid")
struct PaintLabelTests {
    private typealias W = PaintWorld
    private let fonts: FontLibrary

    init() throws { fonts = try paintFonts() }

    /// The top-left tile's unit `u` on the canvas (both axes).
    private func near(_ u: Double) -> Double { u / 8 - 256 }

    private func place(_ name: String, at point: Point, id: UInt64? = nil) -> VectorTileFeature {
        VectorTileFeature(id: id, kind: .point, properties: ["name": .string(name)], geometry: [[point]])
    }

    @Test("a point label is centred on its point, in the text colour, and its frame is reported")
    func pointLabel() throws {
        let layers = [W.whiteBackground, labelLayer("places", sourceLayer: "place")]
        let tiles = [W.topLeft: W.tile([W.layer("place", [place("Harbour", at: Point(x: 3000, y: 3000))])])]
        let (image, labels) = try paintWithLabels(layers, tiles, fonts: fonts)
        image.save("label-point")
        let label = try #require(labels.labels.first)
        #expect(labels.labels.count == 1)
        #expect(label.text == "Harbour" && label.layer == "places")
        #expect(abs(label.frame.x + label.frame.width / 2 - near(3000)) < 0.01)
        #expect(abs(label.frame.y + label.frame.height / 2 - near(3000)) < 0.01)
        #expect(label.frame.width > 40 && label.frame.height > 10)
        let dark = stride(from: label.frame.x, to: label.frame.maxX, by: 0.5).filter { image.rgba($0, label.frame.y + label.frame.height / 2).r < 80 }
        #expect(!dark.isEmpty, "the text's ink")
    }

    @Test("text-anchor and text-offset (ems) move the text's box from its point")
    func anchorAndOffset() throws {
        let layer = labelLayer("places", sourceLayer: "place", layout: [
            "text-anchor": .literal(.string("top-left")), "text-offset": .literal(.array([.number(1), .number(0.5)])),
        ])
        let tiles = [W.topLeft: W.tile([W.layer("place", [place("Quay", at: Point(x: 3000, y: 3000))])])]
        let label = try #require(placeLabels([layer], tiles, fonts: fonts).labels.first)
        #expect(abs(label.frame.x - (near(3000) + 14)) < 0.01)
        #expect(abs(label.frame.y - (near(3000) + 7)) < 0.01)
    }

    @Test("a label the canvas's edge would cut is not placed")
    func canvasEdge() throws {
        let layers = [labelLayer("places", sourceLayer: "place")]
        let tiles = [W.topLeft: W.tile([W.layer("place", [place("Edge", at: Point(x: 2060, y: 3000)), place("Inside", at: Point(x: 3000, y: 3000))])])]
        #expect(placeLabels(layers, tiles, fonts: fonts).labels.map(\.text) == ["Inside"])
    }

    @Test("a point in a neighbour's buffer is that neighbour's: one label, not two")
    func noDuplicateAcrossTiles() throws {
        let layers = [labelLayer("places", sourceLayer: "place", layout: ["text-allow-overlap": .literal(.bool(true))])]
        let tiles = [
            W.topLeft: W.tile([W.layer("place", [place("Old Town", at: Point(x: 4000, y: 3000), id: 7)])]),
            W.topRight: W.tile([W.layer("place", [place("Old Town", at: Point(x: -96, y: 3000), id: 7)])]),
        ]
        let labels = placeLabels(layers, tiles, fonts: fonts)
        #expect(labels.labels.map(\.text) == ["Old Town"])
    }

    @Test("a label overlapping an avoided rectangle is not placed; elsewhere it is")
    func avoidRectangles() throws {
        let layers = [labelLayer("places", sourceLayer: "place")]
        let tiles = [W.topLeft: W.tile([W.layer("place", [place("Market", at: Point(x: 3000, y: 3000)), place("Mill", at: Point(x: 2400, y: 2400))])])]
        let window = Rect(x: near(3000) - 5, y: near(3000) - 40, width: 60, height: 36)
        let labels = placeLabels(layers, tiles, avoid: [window], fonts: fonts)
        #expect(labels.labels.map(\.text) == ["Mill"])
        #expect(labels.labels.allSatisfy { !$0.frame.intersects(window) })
        #expect(placeLabels(layers, tiles, fonts: fonts).labels.map(\.text).sorted() == ["Market", "Mill"])
    }

    @Test("collisions as MapLibre's: a higher layer first, then a lower symbol-sort-key, then the tile's order; text-allow-overlap places anyway")
    func collisionOrder() throws {
        let spot = Point(x: 3000, y: 3000)
        let features = [
            VectorTileFeature(id: nil, kind: .point, properties: ["name": .string("First"), "rank": .number(5)], geometry: [[spot]]),
            VectorTileFeature(id: nil, kind: .point, properties: ["name": .string("Second"), "rank": .number(1)], geometry: [[spot]]),
        ]
        let tiles = [W.topLeft: W.tile([W.layer("place", features), W.layer("poi", [place("Cafe", at: spot)])])]
        let bottom = labelLayer("places", sourceLayer: "place")
        #expect(placeLabels([bottom], tiles, fonts: fonts).labels.map(\.text) == ["First"], "the tile's order")
        // A sort key read from the feature: a constant here stands for it, the lower first.
        var sorted = bottom
        sorted.layout["symbol-sort-key"] = W.number(3)
        #expect(placeLabels([sorted], tiles, fonts: fonts).labels.map(\.text) == ["First"])
        let top = labelLayer("pois", sourceLayer: "poi")
        #expect(placeLabels([bottom, top], tiles, fonts: fonts).labels.map(\.text) == ["Cafe"], "the higher layer wins")
        var overlapping = bottom
        overlapping.layout["text-allow-overlap"] = .literal(.bool(true))
        #expect(placeLabels([overlapping, top], tiles, fonts: fonts).labels.map(\.text) == ["Cafe", "First", "Second"])
    }

    @Test("text-padding keeps labels apart: two labels 4 points apart collide with padding 2.5, not with padding 1")
    func padding() throws {
        let layer = labelLayer("places", sourceLayer: "place", layout: ["text-anchor": .literal(.string("left"))])
        let first = try #require(placeLabels([layer], [W.topLeft: W.tile([W.layer("place", [place("Aa", at: Point(x: 3000, y: 3000))])])], fonts: fonts).labels.first)
        // The second text starts 4 points right of the first's end.
        let secondX = 3000 + (first.frame.width + 4) * 8
        let tiles = [W.topLeft: W.tile([W.layer("place", [place("Aa", at: Point(x: 3000, y: 3000)), place("Bb", at: Point(x: secondX, y: 3000))])])]
        var loose = layer, tight = layer
        loose.layout["text-padding"] = W.number(2.5)
        tight.layout["text-padding"] = W.number(1)
        #expect(placeLabels([loose], tiles, fonts: fonts).labels.count == 1)
        #expect(placeLabels([tight], tiles, fonts: fonts).labels.count == 2)
    }

    @Test("a road label follows the road glyph by glyph and reads left to right on a road drawn westwards")
    func alongRoadUpright() throws {
        // Drawn from east to west, a little slanted.
        let road = W.line([Point(x: 4000, y: 3200), Point(x: 2100, y: 2800)], properties: ["name": .string("Harbour Road")])
        let layers = [
            W.whiteBackground, StyleLayer(id: "road", type: .line, source: "city", sourceLayer: "roads", paint: ["line-color": W.color(0xF0C040), "line-width": W.number(12)]),
            labelLayer("road-names", sourceLayer: "roads", placement: "line", layout: ["text-size": W.number(11)]),
        ]
        let (image, labels) = try paintWithLabels(layers, [W.topLeft: W.tile([W.layer("roads", [road])])], fonts: fonts)
        image.save("label-road")
        let label = try #require(labels.labels.first)
        guard case .line(_, let glyphs) = label.shape else { Issue.record("not along the line"); return }
        let xs = glyphs.map(\.transform.tx)
        #expect(xs == xs.sorted(), "left to right")
        let angle = atan2(glyphs[0].transform.b, glyphs[0].transform.a) * 180 / .pi
        let road_ = atan2(-400.0, -1900.0) * 180 / .pi + 180
        #expect(abs(angle - road_) < 0.01, "turned with the road, upright: \(angle)° against \(road_)°")
        // Every glyph's centre lies on the road's course.
        for glyph in glyphs {
            let centre = glyph.transform.apply(Point(x: glyph.cluster.advance / 2, y: 0))
            let u = (centre.x + 256) * 8, v = (centre.y + 256) * 8
            let onCourse = 3200 - (4000 - u) * 400 / 1900
            #expect(abs(v - onCourse) < 8 * 11, "within the text's height of the road")
        }
    }

    @Test("a road turning 90° under its label, or shorter than its label, gets none")
    func sharpBendsAndShortRoads() throws {
        let bend = W.line([Point(x: 2100, y: 3000), Point(x: 2700, y: 3000), Point(x: 2700, y: 2400)], properties: ["name": .string("Long Corner Street")])
        let short = W.line([Point(x: 3000, y: 3600), Point(x: 3200, y: 3600)], properties: ["name": .string("Long Short Street")])
        let layer = labelLayer("road-names", sourceLayer: "roads", placement: "line")
        #expect(placeLabels([layer], [W.topLeft: W.tile([W.layer("roads", [bend, short])])], fonts: fonts).labels.isEmpty)
        let gentle = W.line([Point(x: 2100, y: 3000), Point(x: 2700, y: 3000), Point(x: 3300, y: 2900), Point(x: 4000, y: 2900)], properties: ["name": .string("Long Corner Street")])
        #expect(placeLabels([layer], [W.topLeft: W.tile([W.layer("roads", [gentle])])], fonts: fonts).labels.count == 1)
    }

    @Test("a road crossing two tiles, each with the other's part in its buffer, is labelled once, not cut at the edge")
    func roadAcrossTiles() throws {
        let name: [String: FeatureValue] = ["name": .string("Bridge Street")]
        let left = W.line([Point(x: 3400, y: 3000), Point(x: 4096 + 700, y: 3000)], properties: name)
        let right = W.line([Point(x: -696, y: 3000), Point(x: 700, y: 3000)], properties: name)
        let layer = labelLayer("road-names", sourceLayer: "roads", placement: "line-center")
        let labels = placeLabels([layer], [W.topLeft: W.tile([W.layer("roads", [left])]), W.topRight: W.tile([W.layer("roads", [right])])], fonts: fonts)
        #expect(labels.labels.count == 1)
        let frame = try #require(labels.labels.first?.frame)
        #expect(frame.x < 256 && frame.maxX > 256, "across the tiles' edge, whole: \(frame)")
    }

    @Test("the same picture twice gives the same bytes")
    func deterministic() throws {
        let road = W.line([Point(x: 2100, y: 2200), Point(x: 3000, y: 2600), Point(x: 4000, y: 2500)], properties: ["name": .string("Canal Walk")])
        let tiles = [W.topLeft: W.tile([W.layer("roads", [road]), W.layer("place", [place("Harbour", at: Point(x: 3000, y: 3300))])])]
        let layers = [
            W.whiteBackground, StyleLayer(id: "road", type: .line, source: "city", sourceLayer: "roads", paint: ["line-width": W.number(3)]),
            labelLayer("road-names", sourceLayer: "roads", placement: "line"), labelLayer("places", sourceLayer: "place"),
        ]
        let first = try paintWithLabels(layers, tiles, fonts: fonts).image.surface.pngData()
        let second = try paintWithLabels(layers, tiles, fonts: fonts).image.surface.pngData()
        #expect(first == second)
    }

    @Test("text-field tokens read the feature's attributes, name prefers name:LANG, text-transform applies")
    func textField() throws {
        let feature = VectorTileFeature(id: nil, kind: .point, properties: ["name": .string("Hafen"), "name:en": .string("Harbour"), "ref": .number(12)], geometry: [[Point(x: 4000, y: 3000)]])
        func text(_ field: String, language: String? = nil, transform: String? = nil) -> String {
            let value = StyleExpressionParser.tokens(field).evaluate(in: StyleEvaluationContext(zoom: 14, feature: LabelText.feature(feature, in: language)))
            return LabelText.resolve(value, transform: transform)
        }
        #expect(text("{name} ({ref})") == "Hafen (12)")
        #expect(text("{name}", language: "en", transform: "uppercase") == "HARBOUR")
        #expect(text("{name}", language: "fr") == "Hafen")
        #expect(text("{missing}x") == "x")
        // Placed: the language reaches the label.
        let layers = [labelLayer("places", sourceLayer: "place", layout: ["text-field": StyleExpressionParser.tokens("{name}")])]
        let labels = placeLabels(layers, [W.topLeft: W.tile([W.layer("place", [feature])])], language: "en", fonts: fonts)
        #expect(labels.labels.map(\.text) == ["Harbour"])
    }

    @Test("text-font names become fontconfig families with their weight, then the render's own")
    func fontNames() {
        let style = LabelFont.style(names: ["Noto Sans Bold Italic", "Open Sans Regular"], size: 12, fallbackFamily: "Inter")
        #expect(style.family == "Noto Sans,Open Sans,Inter")
        #expect(style.weight == 700 && style.italic)
    }
}

@Suite("basemap painting: hostile and degenerate input")
struct PaintHostileTests {
    private typealias W = PaintWorld

    @Test("empty parts, one-point lines, two-point rings, far coordinates and a huge circle draw without failing")
    func degenerateGeometry() throws {
        let far = 2_000_000_000.0
        let features = [
            VectorTileFeature(id: nil, kind: .lineString, properties: ["name": .string("Nowhere")], geometry: [[], [Point(x: 1, y: 1)]]),
            VectorTileFeature(id: nil, kind: .polygon, properties: ["name": .string("Flat")], geometry: [[Point(x: 0, y: 0), Point(x: 10, y: 10)]]),
            VectorTileFeature(id: nil, kind: .lineString, properties: ["name": .string("Far Road")], geometry: [[Point(x: -far, y: -far), Point(x: far, y: far)]]),
            VectorTileFeature(id: nil, kind: .unknown, properties: [:], geometry: [[Point(x: 5, y: 5)]]),
            VectorTileFeature(id: nil, kind: .point, properties: [:], geometry: []),
        ]
        let layers = [
            StyleLayer(id: "fill", type: .fill, source: "city", sourceLayer: "x"),
            StyleLayer(id: "line", type: .line, source: "city", sourceLayer: "x", paint: ["line-width": W.number(1e6), "line-offset": W.number(-1e9)]),
            StyleLayer(id: "circle", type: .circle, source: "city", sourceLayer: "x", paint: ["circle-radius": W.number(1e9)]),
            labelLayer("names", sourceLayer: "x", placement: "line"), labelLayer("points", sourceLayer: "x"),
            labelLayer("huge", sourceLayer: "x", layout: [
                "text-size": W.number(1e300), "text-offset": .literal(.array([.number(1e308), .number(-1e308)])), "text-padding": W.number(1e308),
            ]),
        ]
        let tiles = [W.topLeft: W.tile([W.layer("x", features)])]
        _ = try paint(layers, tiles)
        let labels = placeLabels(layers, tiles, fonts: try paintFonts())
        #expect(labels.labels.allSatisfy { $0.frame.x.isFinite && $0.frame.y.isFinite })
    }

    @Test("more label candidates than the picture's limit: the rest are not placed, and a warning names the layer")
    func candidateLimit() throws {
        let many = (0...LabelPlacer.candidateLimit).map { _ in
            VectorTileFeature(id: nil, kind: .point, properties: ["name": .string("x")], geometry: [[Point(x: 3000, y: 3000)]])
        }
        let labels = placeLabels([labelLayer("crowd", sourceLayer: "p")], [W.topLeft: W.tile([W.layer("p", many)])], fonts: try paintFonts())
        #expect(labels.labels.count == 1)
        #expect(labels.warnings.contains { $0.contains("crowd") && $0.contains("more than \(LabelPlacer.candidateLimit) label candidates") })
    }

    @Test("an icon with no sprite to take it from is a warning naming the layer and the image, and the text is still placed")
    func iconWarning() throws {
        let layer = labelLayer("pois", sourceLayer: "p", layout: ["icon-image": .literal(.string("cafe"))])
        let labels = placeLabels([layer], [W.topLeft: W.tile([W.layer("p", [W.point(Point(x: 3000, y: 3000), properties: ["name": .string("Cafe")])])])], fonts: try paintFonts())
        #expect(labels.labels.map(\.text) == ["Cafe"])
        #expect(labels.warnings == ["layer pois: the style has no sprite to take \"cafe\" from; features naming it draw without it"])
    }
}
