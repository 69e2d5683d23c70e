import Testing
@testable import InfoWinKit

@Suite("labels along lines: pieces of a street of one name that meet are joined first, as MapLibre's mergeLines")
struct LabelLineMergerTests {
    private func p(_ x: Double, _ y: Double = 0) -> Point { Point(x: x, y: y) }

    @Test("a street cut at a bridge is one line: pieces joined end to start in either order; other names and gaps are kept apart")
    func piecesJoin() {
        let merged = LabelLineMerger.merge([
            ("Market Street", [p(0), p(10)]), ("Market Street", [p(20), p(30)]), ("Market Street", [p(10), p(20)]),
            ("Quay", [p(30), p(40)]), ("Garnet Street", [p(50), p(60)]), ("Garnet Street", [p(61), p(70)]), ("", [p(60), p(61)]),
        ])
        #expect(merged[0] == [p(0), p(10), p(20), p(30)], "the three pieces, the middle one met last")
        #expect(merged[1] == nil && merged[2] == nil)
        #expect(merged[3] == [p(30), p(40)], "another name is not joined")
        #expect(merged[4] == [p(50), p(60)] && merged[5] == [p(61), p(70)], "pieces that do not meet stay apart")
        #expect(merged[6] == [p(60), p(61)], "a line without text is never joined")
    }

    @Test("a piece met at its end by a line placed before it is joined in front of that line")
    func joinedInFront() {
        let merged = LabelLineMerger.merge([("Quay", [p(10), p(20)]), ("Quay", [p(0), p(10)])])
        #expect(merged[0] == [p(0), p(10), p(20)] && merged[1] == nil)
    }

    @Test("a road name on pieces that meet is spaced along the whole road, not restarted on each piece")
    func labelsSpacedAlongTheJoinedRoad() throws {
        let fonts = try paintFonts()
        typealias W = PaintWorld
        let unit = { (c: Double) in (c + 256) * 8 }
        // Three pieces meeting at canvas x 60 and 66 (a bridge): alone, none holds the name where the whole
        // road gives it its anchor.
        let pieces = [(10.0, 60.0), (60, 66), (66, 250)].map { from, to in
            W.line([Point(x: unit(from), y: unit(119)), Point(x: unit(to), y: unit(119))], properties: ["name": .string("Quay")])
        }
        let tiles = [W.topLeft: W.tile([W.layer("road", pieces)])]
        let layer = labelLayer("names", sourceLayer: "road", placement: "line", layout: ["symbol-spacing": W.number(1000)])
        let labels = placeLabels([layer], tiles, fonts: fonts)
        #expect(labels.texts.count == 1)
        let label = try #require(labels.texts.first)
        // MapLibre's first anchor on the joined line: half the label and two 14-point ems in from x 10.
        let centre = label.frame.x + label.frame.width / 2
        #expect(abs(centre - (10 + label.frame.width / 2 + 28)) < 1, "\(label.frame)")
    }
}
