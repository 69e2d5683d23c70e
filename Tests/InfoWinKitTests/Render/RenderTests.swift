import Testing
@testable import InfoWinKit

@Suite("drawing")
struct RenderTests {
    @Test("the same spec gives the same PNG bytes every time")
    func deterministic() throws {
        let spec = try testSpec(testSpecJSON(markers: [testMarker("a", #", "title": "London 😀 北京", "snippet": "Population: 8,174,100""#)]))
        let first = try renderPinned(spec).result.png, second = try renderPinned(spec).result.png
        #expect(first == second)
    }

    @Test("the image is the canvas times the scale, filled with the map background")
    func canvas() throws {
        let spec = try testSpec(#"""
            {"map": {"width": 100, "height": 50, "scale": 3, "background": "#123456",
                     "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1}}}
            """#)
        let (result, image) = try renderPinned(spec)
        #expect(image.width == 300 && image.height == 150)
        #expect(image.color(x: 0, y: 0).rgb == 0x123456 && image.color(x: 0, y: 0).alpha == 255)
        #expect(result.report.infoWindow == nil)
    }

    @Test("the default pin is red, a tinted pin takes its colour, and opacity 0 hides it")
    func pins() throws {
        let json = testSpecJSON(
            markers: [
                testMarker("red", longitude: -0.05), testMarker("blue", longitude: 0, ##", "icon": {"color": "#0000FF"}"##),
                testMarker("hidden", longitude: 0.05, #", "opacity": 0"#),
            ], selected: nil, scale: 1)
        let image = try renderPinned(try testSpec(json)).image
        let scene = try layOut(try testSpec(json))
        func headColor(_ index: Int) -> UInt32 {
            let bounds = scene.markers[index].bounds
            // Between the dark dot and the outline, on the pin's head.
            return image.color(x: Int(bounds.x + 6), y: Int(bounds.y + 13)).rgb
        }
        #expect(colorsAreClose(headColor(0), 0xEA4335))
        #expect(colorsAreClose(headColor(1), 0x0000FF))
        #expect(headColor(2) == 0xE9E5DC)
    }

    @Test("the info window is drawn above every marker, whatever their zIndex")
    func windowOnTop() throws {
        let json = testSpecJSON(markers: [
            testMarker("a", #", "title": "A window over another marker", "snippet": "second line of text""#),
            testMarker("b", latitude: 0.06, ##", "zIndex": 1000, "icon": {"color": "#00FF00"}"##),
        ], scale: 1)
        let spec = try testSpec(json)
        let window = try #require(try layOut(spec).infoWindow)
        let other = try layOut(spec).markers[1].bounds
        #expect(window.frame.contains(Point(x: other.x + 6, y: other.y + 13)))
        let image = try renderPinned(spec).image
        #expect(image.color(x: Int(other.x + 6), y: Int(other.y + 13)).rgb == 0xFFFFFF)
    }

    @Test("the window body takes the style's background and casts a shadow below it")
    func bodyAndShadow() throws {
        let json = testSpecJSON(markers: [testMarker("a", #", "title": "Styled""#)], scale: 1,
                                extra: ##", "infoWindow": {"style": {"background": "#336699", "shadow": {"color": "#000000", "blur": 0, "offsetY": 3}}}"##)
        let spec = try testSpec(json)
        let frame = try #require(try layOut(spec).infoWindow).frame
        let image = try renderPinned(spec).image
        #expect(image.color(x: Int(frame.x + 2), y: Int(frame.y + frame.height / 2)).rgb == 0x336699)
        #expect(image.color(x: Int(frame.x + 20), y: Int(frame.maxY + 1)).rgb == 0x000000)
        #expect(image.color(x: Int(frame.x + 20), y: Int(frame.y - 2)).rgb == 0xE9E5DC)
    }

    @Test("a transparent background gives transparent pixels")
    func transparency() throws {
        let spec = try testSpec(#"""
            {"map": {"width": 10, "height": 10, "background": "#00000000",
                     "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1}}}
            """#)
        #expect(try renderPinned(spec).image.color(x: 5, y: 5).alpha == 0)
    }

    @Test("a multi-megabyte snippet is cut before shaping and still truncated with an ellipsis")
    func hugeText() throws {
        let huge = String(repeating: "word 北京 ", count: 300_000)
        let spec = try testSpec(testSpecJSON(markers: [testMarker("a", #", "snippet": "\#(huge)""#)]))
        let window = try #require(try layOut(spec).infoWindow)
        #expect(window.snippet?.text.lines.count == 5)
        #expect(window.snippet?.text.truncated == true)
    }
}
