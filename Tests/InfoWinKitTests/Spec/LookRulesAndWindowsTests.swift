import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

/// A 390 × 300 pt canvas at scale 2 in `look`, camera on (0, 0) at zoom 10, with `markers`, a top-level
/// `infoWindow` of `window` members and more top-level members; pinned fonts.
private func lookSpec(look: String = "web", window: String = "", map: String = "", markers: [String], extra: String = "") throws -> Spec {
    var spec = try testSpec(#"""
        {"look": "\#(look)", "map": {"width": 390, "height": 300, "scale": 2,
                 "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 10}\#(map)},
         "infoWindow": {\#(window)}, "markers": [\#(markers.joined(separator: ","))]\#(extra)}
        """#)
    spec.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
    return spec
}

private func report(_ spec: Spec) throws -> JSONValue.Kind {
    try Renderer().report(spec).json
}

private func frame(_ window: JSONValue.Kind) -> Rect {
    let frame = window["frame"]
    return Rect(x: frame["x"].number ?? .nan, y: frame["y"].number ?? .nan, width: frame["width"].number ?? .nan, height: frame["height"].number ?? .nan)
}

/// A marker 0.215° north of the camera: its pin's top about 10 pt below the canvas top, its window above it cut.
private let nearTop = testMarker("a", latitude: 0.215, #", "title": "Near the top", "snippet": "Cut unless the map pans""#)

@Suite("looks' own rules: web auto-pan, map clicks, pixelOffset, minWidth, maxWidth")
struct LookRulesTests {
    @Test("web pans a cut window into view by default; disableAutoPan or autoPan false leave it cut; ios does not pan")
    func webAutoPan() throws {
        let selected = #", "selectedMarker": "a""#
        let web = try report(try lookSpec(markers: [nearTop], extra: selected))
        #expect(web["infoWindow"]["clipped"].strings.isEmpty)
        #expect((web["camera"]["target"]["latitude"].number ?? 0) > 0)
        for (look, window, map) in [("web", #""disableAutoPan": true"#, ""), ("web", "", #", "autoPan": false"#), ("ios", "", "")] {
            let still = try report(try lookSpec(look: look, window: window, map: map, markers: [nearTop], extra: selected))
            #expect(still["infoWindow"]["clipped"].strings == ["top"], "\(look) \(window) \(map)")
            #expect(still["camera"]["target"]["latitude"].number == 0)
        }
        let padded = try report(try lookSpec(map: #", "autoPan": {"padding": 40}"#, markers: [nearTop], extra: selected))
        let top = (padded["infoWindow"]["frame"]["y"].number ?? 0) / 2
        #expect(top >= 40 - 1e-6 - 8, "the window and its shadow start at least the pan padding from the top")
    }

    @Test("web: a map click does not close the window (only the close button does); ios closes it")
    func webMapClick() throws {
        let marker = testMarker("a", #", "title": "A""#)
        let events = #", "selectedMarker": "a", "events": [{"tapMap": {"x": 20, "y": 280}}]"#
        let web = try ScenarioPlayer(renderer: Renderer()).play(try lookSpec(markers: [marker], extra: events))
        #expect(web.callbacks.filter { $0.step == 1 }.map(\.name) == ["didTapAtCoordinate"])
        #expect(web.frames[1].report.infoWindow?.marker == "a")
        let ios = try ScenarioPlayer(renderer: Renderer()).play(try lookSpec(look: "ios", markers: [marker], extra: events))
        #expect(ios.callbacks.filter { $0.step == 1 }.map(\.name) == ["didTapAtCoordinate", "didCloseInfoWindowOfMarker"])
        #expect(ios.frames[1].report.infoWindow == nil)
    }

    @Test("pixelOffset moves the whole window, tail tip and close button, by exactly the offset", arguments: ["web", "ios", "android"])
    func pixelOffset(look: String) throws {
        let marker = testMarker("a", #", "title": "Offset", "snippet": "by 15 and -7""#)
        let plain = try report(try lookSpec(look: look, markers: [marker], extra: #", "selectedMarker": "a""#))["infoWindow"]
        let moved = try report(try lookSpec(
            look: look, window: #""pixelOffset": {"x": 15, "y": -7}"#, markers: [marker], extra: #", "selectedMarker": "a""#))["infoWindow"]
        let (a, b) = (frame(plain), frame(moved))
        #expect(b.x - a.x == 30 && b.y - a.y == -14 && b.width == a.width && b.height == a.height)
        #expect((moved["tailTip"]["x"].number ?? 0) - (plain["tailTip"]["x"].number ?? 0) == 30)
        #expect((moved["tailTip"]["y"].number ?? 0) - (plain["tailTip"]["y"].number ?? 0) == -14)
        if look == "web" { #expect((moved["closeButton"]["x"].number ?? 0) - (plain["closeButton"]["x"].number ?? 0) == 30) }
    }

    @Test("minWidth widens a short window; maxWidth narrows a long one, its text wrapping inside")
    func widths() throws {
        let short = testMarker("a", #", "title": "Hi""#)
        let wide = frame(try report(try lookSpec(window: #""minWidth": 220"#, markers: [short], extra: #", "selectedMarker": "a""#))["infoWindow"])
        #expect(wide.width == 440)
        let long = testMarker("a", #", "title": "A rather long title", "snippet": "A snippet long enough to wrap over several lines when narrow""#)
        let free = try report(try lookSpec(markers: [long], extra: #", "selectedMarker": "a""#))["infoWindow"]
        let narrow = try report(try lookSpec(window: #""maxWidth": 150"#, markers: [long], extra: #", "selectedMarker": "a""#))["infoWindow"]
        #expect(frame(free).width > 300 && frame(narrow).width <= 300)
        #expect(narrow["snippet"]["lines"].strings.count > free["snippet"]["lines"].strings.count)
        let error = #expect(throws: InfoWinError.self) {
            try lookSpec(window: #""minWidth": 200, "maxWidth": 100"#, markers: [short])
        }
        #expect(error?.message.contains("infoWindow.minWidth") == true)
    }
}

@Suite("showInfoWindows: several windows at once")
struct SeveralWindowsTests {
    private let markers = [
        testMarker("a", #", "title": "A""#), testMarker("b", longitude: 0.01, #", "title": "B overlaps A""#),
        testMarker("c", longitude: 0.3, #", "title": "C""#), testMarker("empty", longitude: -0.3),
    ]

    @Test("the selected marker's window first, then the listed ones in order; infoWindow stays the selected one's")
    func order() throws {
        let json = try report(try lookSpec(
            look: "ios", markers: markers, extra: #", "selectedMarker": "c", "showInfoWindows": ["b", "a", "empty", "c"]"#))
        #expect(json["infoWindows"].elements.map { $0["marker"].string ?? "?" } == ["c", "b", "a"])
        #expect(json["infoWindow"]["marker"].string == "c")
        #expect(frame(json["infoWindows"].elements[0]) == frame(json["infoWindow"]))
        let none = try report(try lookSpec(look: "ios", markers: markers, extra: #", "showInfoWindows": ["a"]"#))
        #expect(none["infoWindow"].isNull && none["infoWindows"].elements.count == 1)
        #expect(try report(try lookSpec(look: "ios", markers: markers, extra: #", "selectedMarker": "a""#))["infoWindows"].isNull)
    }

    @Test("a tap where windows overlap hits the later one, drawn on top; tapping it gives its didTapInfoWindowOfMarker")
    func topmostFirst() throws {
        let spec = try lookSpec(look: "ios", markers: markers, extra: #", "showInfoWindows": ["b", "a"]"#)
        let scene = try layOut(spec)
        let (a, b) = (scene.shownWindows[1].frame, scene.shownWindows[0].frame)
        let left = max(a.x, b.x), right = min(a.maxX, b.maxX), top = max(a.y, b.y), bottom = min(a.maxY, b.maxY)
        #expect(left < right && top < bottom, "the two windows overlap")
        let point = Point(x: (left + right) / 2, y: (top + bottom) / 2)
        #expect(try ScenarioPlayer(renderer: Renderer()).hit(spec, at: point).marker == "a")
        let played = try ScenarioPlayer(renderer: Renderer()).play(try lookSpec(
            look: "ios", markers: markers, extra: #", "showInfoWindows": ["b", "a"], "events": [{"tapMap": {"x": \#(point.x), "y": \#(point.y)}}]"#))
        #expect(played.callbacks.map(\.name) == ["didTapInfoWindowOfMarker"] && played.callbacks[0].marker == "a")
    }

    @Test("the web close button of a shown window closes that window only")
    func closeShown() throws {
        let spec = try lookSpec(markers: markers, extra: #", "selectedMarker": "c", "showInfoWindows": ["a"]"#)
        let button = try #require(try layOut(spec).shownWindows.first?.closeButton).frame
        let run = try ScenarioPlayer(renderer: Renderer()).play(try lookSpec(
            markers: markers, extra: #", "selectedMarker": "c", "showInfoWindows": ["a"], "events": [{"tapMap": {"x": \#(button.x + 10), "y": \#(button.y + 10)}}]"#))
        #expect(run.callbacks.filter { $0.step == 1 }.map { "\($0.name):\($0.marker ?? "")" } == ["didCloseInfoWindowOfMarker:a"])
        #expect(run.frames[1].report.infoWindows?.map(\.marker) == ["c"])
    }

    @Test("crop to the window keeps every window; fit with includeInfoWindow fits them all")
    func framing() throws {
        let cropped = try report(try lookSpec(
            look: "ios", markers: markers, extra: #", "selectedMarker": "a", "showInfoWindows": ["c"], "crop": {"to": "window"}"#))
        let single = try report(try lookSpec(look: "ios", markers: markers, extra: #", "selectedMarker": "a", "crop": {"to": "window"}"#))
        #expect((cropped["image"]["width"].number ?? 0) > (single["image"]["width"].number ?? 0) + 100)
        let fitted = try report(try lookSpec(
            look: "ios", map: "", markers: markers, extra: #", "showInfoWindows": ["a", "c"]"#).withFit())
        for window in fitted["infoWindows"].elements { #expect(window["clipped"].strings.isEmpty) }
    }

    @Test("an unknown id is an error naming its path with a did-you-mean; a repeated id is an error")
    func errors() throws {
        let unknown = #expect(throws: InfoWinError.self) { try lookSpec(markers: markers, extra: #", "showInfoWindows": ["a", "bb"]"#) }
        #expect(unknown?.message.contains("showInfoWindows[1]") == true && unknown?.message.contains(#"did you mean "b""#) == true)
        let twice = #expect(throws: InfoWinError.self) { try lookSpec(markers: markers, extra: #", "showInfoWindows": ["a", "a"]"#) }
        #expect(twice?.message.contains("showInfoWindows[1]") == true)
    }
}

private extension Spec {
    /// The spec with `camera.fit` over every marker and the windows.
    func withFit() -> Spec {
        var spec = self
        spec.map.fit = CameraFit(markers: nil, padding: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0), includeInfoWindow: true, maxZoom: 21)
        return spec
    }
}
