import Foundation
import Graphics
import Testing
@testable import InfoWinKit

/// A render's budget: a shadow's blur × mask pixels is capped, and so are the pixels windows, their
/// shadows and shapes cover in all; a spec past either is refused before anything is drawn, naming where.
@Suite struct DrawingBudgetTests {
    /// A 4096-pt map at `scale` with `count` markers whose custom windows are `size` points square with this
    /// shadow, all shown.
    private func windows(_ count: Int, size: Int, blur: Double, spread: Double = 0, scale: Double = 2) throws -> Spec {
        let markers = (0..<count).map { index in
            #"{"id": "m\#(index)", "position": {"latitude": \#(index % 40 - 20), "longitude": \#(index % 60 - 30)}, "title": "T", "infoWindow": {"window": {"text": "a", "width": \#(size), "height": \#(size), "shadow": {"color": "\#u{23}000", "blur": \#(blur), "spread": \#(spread)}}}}"#
        }
        let shown = (1..<max(1, count)).map { #""m\#($0)""# }.joined(separator: ", ")
        return try testSpec(#"""
            {"version": 1, "map": {"width": 4096, "height": 4096, "scale": \#(scale), "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 2}},
             "markers": [\#(markers.joined(separator: ", "))], "selectedMarker": "m0", "showInfoWindows": [\#(shown)]}
            """#)
    }

    private func refusal(_ spec: Spec) -> InfoWinError? {
        do {
            _ = try Renderer().report(spec)
            return nil
        } catch {
            return error
        }
    }

    /// The JSON path and message of `spec`'s refusal as invalid; records an issue when it is not refused so.
    private func invalid(_ spec: Spec, sourceLocation: SourceLocation = #_sourceLocation) -> (path: String, message: String)? {
        let error = refusal(spec)
        guard case .invalid(_, let path, let message)? = error else {
            Issue.record("expected the spec to be refused as invalid, got \(String(describing: error))", sourceLocation: sourceLocation)
            return nil
        }
        return (path.description, message)
    }

    @Test func aHugeWindowWithAWideShadowIsRefusedNamingItsWindowAndTheLimit() throws {
        // The hostile repro's 1 KB spec: four 4096-pt windows, blur 100, spread 100 (16 s of CPU before).
        guard case let (path, message)? = invalid(try windows(4, size: 4096, blur: 100, spread: 100)) else { return }
        #expect(path == "markers[0].infoWindow")
        #expect(message.contains("blur 100"))
        #expect(message.contains("more than the limit of 1,000,000,000"))
    }

    @Test func aLargeWindowWithAWideShadowWithinTheLimitIsDrawn() throws {
        // 1,500 points square at blur 100: about 300 million, under the limit.
        let result = try Renderer().render(try windows(1, size: 1500, blur: 100, scale: 1))
        #expect(!result.bytes.isEmpty)
    }

    @Test func shadowsEachWithinTheLimitAreRefusedWhereTogetherTheyPassIt() throws {
        // 500 points at blur 100: about 64 million each; the 16th passes a billion.
        guard case let (path, message)? = invalid(try windows(20, size: 500, blur: 100)) else { return }
        #expect(path == "markers[15].infoWindow")
        #expect(message.contains("blur × pixels of the image's shadows comes to"))
        #expect(refusal(try windows(10, size: 500, blur: 100)) == nil)
    }

    @Test func manyLargeWindowsPastThePaintedPixelLimitAreRefusedAtTheWindowThatPassesIt() throws {
        // No blur at all (no blur cost), but 30 windows of 3,000 points square at 2× cover 2.1 billion pixels.
        guard case let (path, message)? = invalid(try windows(30, size: 3000, blur: 0)) else { return }
        #expect(path.hasPrefix("markers["))
        #expect(path.hasSuffix("].infoWindow"))
        #expect(message.contains("more than the limit of 2,000,000,000"))
    }

    @Test func shapesFillingTheCanvasManyTimesAreRefusedNamingShapes() throws {
        // At zoom 5 the world is 8,192 points wide: each polygon covers most of the 8,192-pixel canvas.
        let corners = [(-60, -89), (-60, 0), (-60, 89), (60, 89), (60, 0), (60, -89)].map { #"{"latitude": \#($0.0), "longitude": \#($0.1)}"# }
        let polygon = #"{"path": [\#(corners.joined(separator: ", "))], "fillColor": "\#u{23}00FF00"}"#
        let spec = try testSpec(#"""
            {"version": 1, "map": {"width": 4096, "height": 4096, "scale": 2, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 5}},
             "polygons": [\#(Array(repeating: polygon, count: 40).joined(separator: ", "))]}
            """#)
        guard case let (path, message)? = invalid(spec) else { return }
        #expect(path == "shapes")
        #expect(message.contains("the info windows, their shadows, the views inside icon views and the shapes cover"))
    }

    @Test func anIconViewOfManyCanvasSizedViewsIsRefusedNamingItsMarker() throws {
        let layer = #"{"spacer": 0, "width": 4096, "height": 4096, "background": "\#u{23}0000FF"}"#
        let spec = try testSpec(#"""
            {"version": 1, "map": {"width": 4096, "height": 4096, "scale": 2, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 2}},
             "markers": [{"id": "m", "position": {"latitude": 0, "longitude": 0}, "groundAnchor": {"x": 0.5, "y": 0.5},
                          "iconView": {"zstack": [\#(Array(repeating: layer, count: 100).joined(separator: ", "))]}}]}
            """#)
        guard case let (path, message)? = invalid(spec) else { return }
        #expect(path == "markers[0]")
        #expect(message.contains("more than the limit of 2,000,000,000"))
    }

    @Test func longThinLinesAcrossTheCanvasCountTheirStrokeNotTheirBox() throws {
        // 100 diagonals across an 8192-pixel canvas: 100 boxes would be 6.7 billion pixels, their strokes a few million.
        let line = #"{"path": [{"latitude": -60, "longitude": -170}, {"latitude": 60, "longitude": 170}], "strokeWidth": 2}"#
        let spec = try testSpec(#"""
            {"version": 1, "map": {"width": 4096, "height": 4096, "scale": 2, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 2}},
             "polylines": [\#(Array(repeating: line, count: 100).joined(separator: ", "))]}
            """#)
        #expect(refusal(spec) == nil)
    }

    @Test func aShadowMaskIsWholeOnTheCanvasAndCutToWhatReachesItOffTheCanvas() {
        let shadow = ShadowStyle(color: RGBA(red: 0, green: 0, blue: 0), blur: 40, offsetX: 0, offsetY: 0)
        let canvas = Rect(x: 0, y: 0, width: 400, height: 300)
        let inside = ShadowGeometry(shadow: shadow, shape: Rect(x: 150, y: 100, width: 50, height: 40), visible: canvas)
        // σ ≈ 20, margin 61: the whole mask, as before the cut existed.
        #expect(inside.maskArea == Rect(x: 150 - 61, y: 100 - 61, width: 50 + 2 * 61, height: 40 + 2 * 61), "\(String(describing: inside.maskArea))")
        let huge = ShadowGeometry(shadow: shadow, shape: Rect(x: -5000, y: -5000, width: 10000, height: 10000), visible: canvas)
        let area = huge.maskArea!
        #expect(area.width < 400 + 2 * 100 && area.height < 300 + 2 * 100)
        // Cut at whole pixels from the uncut mask's origin, so no drawn pixel moves.
        #expect((area.x - (-5000 - 61)).truncatingRemainder(dividingBy: 1) == 0)
        let away = ShadowGeometry(shadow: shadow, shape: Rect(x: 2000, y: 2000, width: 10, height: 10), visible: canvas)
        #expect(away.maskArea == nil)
    }
}
