import Graphics
import Testing
@testable import InfoWinKit

/// A 390 × `height` pt canvas at scale 2, camera on (0, 0) at zoom 10, with `markers` and more top-level members.
private func cameraSpec(height: Double = 300, look: String = "ios", markers: [String], extra: String = "") throws -> Spec {
    var spec = try testSpec(#"""
        {"look": "\#(look)", "map": {"width": 390, "height": \#(height), "scale": 2,
                 "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 10}\#(height < 300 ? #", "autoPan": true"# : "")},
         "markers": [\#(markers.joined(separator: ","))]\#(extra)}
        """#)
    spec.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
    return spec
}

private func play(_ spec: Spec) throws -> ScenarioRun {
    try ScenarioPlayer(renderer: Renderer()).play(spec)
}

/// `callback` or `callback:marker` or `willMove(gesture)` for each call of `step`.
private func summary(_ run: ScenarioRun, step: Int) -> [String] {
    run.callbacks.filter { $0.step == step }.map { call in
        if let gesture = call.gesture { return "\(call.name)(\(gesture))" }
        return call.marker.map { "\(call.name):\($0)" } ?? call.name
    }
}

private func cameraTarget(_ frame: RenderResult) -> (Double, Double) {
    let target = frame.report.camera.target
    return (target.latitude, target.longitude)
}

private let move = ["didChangeCameraPosition", "idleAtCameraPosition"]

@Suite("camera moves: willMove, didChangeCameraPosition, idleAtCameraPosition")
struct CameraMoveTests {
    @Test("a tapped marker is centred by a gesture: willMove(true), then the camera at the marker, then idle there")
    func tapCentres() throws {
        let run = try play(try cameraSpec(markers: [testMarker("a", longitude: 0.1, #", "title": "A""#)], extra: #", "events": [{"tapMarker": "a"}]"#))
        #expect(summary(run, step: 1) == ["didTapMarker:a", "markerInfoWindow:a", "markerInfoContents:a", "willMove(true)"] + move)
        let calls = run.callbacks.filter { $0.step == 1 }
        let centred = CameraSpec(target: Coordinate(latitude: 0, longitude: 0.1), zoom: 10, bearing: 0)
        #expect(calls[4].camera == centred && calls[5].camera == centred)
        #expect(cameraTarget(run.frames[1]) == (0, 0.1))
    }

    @Test("android centres a tapped marker the same way, in the SDK's order")
    func androidCentres() throws {
        let run = try play(try cameraSpec(
            look: "android", markers: [testMarker("a", latitude: 0.05, longitude: -0.1, #", "title": "A""#)], extra: #", "events": [{"tapMarker": "a"}]"#))
        #expect(summary(run, step: 1) == ["didTapMarker:a", "markerInfoWindow:a", "markerInfoContents:a", "willMove(true)"] + move)
        #expect(cameraTarget(run.frames[1]) == (0.05, -0.1))
        let anchor = try #require(run.frames[1].report.markers.first).groundAnchor
        #expect(anchor.x == 390 && anchor.y == 300)
    }

    @Test("a tapped marker already centred moves nothing; a handled tap moves nothing")
    func noMove() throws {
        let run = try play(try cameraSpec(
            markers: [testMarker("a", #", "title": "A""#), testMarker("b", longitude: 0.1, #", "title": "B""#)],
            extra: #", "events": [{"tapMarker": "a"}, {"tapMarker": "b", "handled": true}]"#))
        #expect(!run.callbacks.contains { $0.name == "willMove" })
    }

    @Test("auto-pan after a window opens is a move the app made: willMove(false), after the tap's own move")
    func autoPanIsNotAGesture() throws {
        // 120 pt tall: a window over a centred pin is cut at the top, so auto-pan moves the camera.
        let run = try play(try cameraSpec(
            height: 120, markers: [testMarker("a", longitude: 0.1, #", "title": "A", "snippet": "Two lines\nof snippet""#)],
            extra: #", "events": [{"tapMarker": "a"}]"#))
        #expect(summary(run, step: 1) == [
            "didTapMarker:a", "markerInfoWindow:a", "markerInfoContents:a", "willMove(true)", "didChangeCameraPosition", "idleAtCameraPosition",
            "willMove(false)", "didChangeCameraPosition", "idleAtCameraPosition",
        ])
        let panned = try #require(run.callbacks.last { $0.name == "idleAtCameraPosition" }?.camera)
        #expect(panned.target.latitude > 0 && abs(panned.target.longitude - 0.1) < 1e-9)
        #expect(run.frames[1].report.infoWindow?.clipped.isEmpty == true)
        #expect(cameraTarget(run.frames[1]) == (panned.target.latitude, panned.target.longitude))
    }

    @Test("select opens a window and auto-pans it into view (willMove false); closing it leaves the camera where it is")
    func selectPans() throws {
        let run = try play(try cameraSpec(
            height: 120, markers: [testMarker("a", latitude: 0.02, #", "title": "A""#)],
            extra: #", "events": [{"select": "a"}, {"select": null}]"#))
        #expect(summary(run, step: 1) == ["markerInfoWindow:a", "markerInfoContents:a", "willMove(false)"] + move)
        #expect(summary(run, step: 2) == ["didCloseInfoWindowOfMarker:a"])
        #expect(cameraTarget(run.frames[2]) == cameraTarget(run.frames[1]))
    }

    @Test("moveCamera sets the camera as the app does (willMove false); its parts left out keep their values")
    func moveCamera() throws {
        let run = try play(try cameraSpec(
            markers: [testMarker("a", #", "title": "A""#)],
            extra: #", "events": [{"moveCamera": {"zoom": 12}}, {"moveCamera": {"target": {"latitude": 1, "longitude": 2}, "bearing": 30}}]"#))
        #expect(summary(run, step: 1) == ["willMove(false)"] + move)
        #expect(run.callbacks.filter { $0.step == 1 }[1].camera == CameraSpec(target: Coordinate(latitude: 0, longitude: 0), zoom: 12, bearing: 0))
        #expect(run.callbacks.filter { $0.step == 2 }[2].camera == CameraSpec(target: Coordinate(latitude: 1, longitude: 2), zoom: 12, bearing: 30))
        #expect(run.frames[2].report.camera.zoom == 12 && run.frames[2].report.camera.bearing == 30)
    }

    @Test("a pan is a gesture (willMove true) that moves every marker by exactly the drag")
    func pan() throws {
        let run = try play(try cameraSpec(markers: [testMarker("a", #", "title": "A""#)], extra: #", "events": [{"pan": {"x": -40, "y": 25}}]"#))
        #expect(summary(run, step: 1) == ["willMove(true)"] + move)
        let before = try #require(run.frames[0].report.markers.first).groundAnchor
        let after = try #require(run.frames[1].report.markers.first).groundAnchor
        #expect(abs(after.x - before.x + 80) < 0.01)
        #expect(abs(after.y - before.y - 50) < 0.01)
    }

    @Test("a long press on the map gives didLongPressAtCoordinate and leaves the window open; on the window, its long press")
    func longPressMap() throws {
        var spec = try cameraSpec(markers: [testMarker("a", #", "title": "A""#)], extra: #", "selectedMarker": "a""#)
        let window = try #require(try layOut(spec).infoWindow).frame
        spec = try cameraSpec(
            markers: [testMarker("a", #", "title": "A""#)],
            extra: #", "selectedMarker": "a", "events": [{"longPressMap": {"x": 20, "y": 280}}, {"longPressMap": {"x": \#(window.midX), "y": \#(window.midY)}}]"#)
        let run = try play(spec)
        #expect(summary(run, step: 1) == ["didLongPressAtCoordinate"])
        let expected = spec.map.projection().coordinate(at: Point(x: 20, y: 280))
        #expect(run.callbacks.first { $0.step == 1 }?.coordinate == expected)
        #expect(run.frames[1].report.infoWindow != nil)
        #expect(summary(run, step: 2) == ["didLongPressInfoWindowOfMarker:a"])
        #expect(run.callbacks.first { $0.step == 1 }?.jsonLine.contains(#""coordinate":{"latitude":"#) == true)
    }

    @Test("willMove's line is {step, callback, gesture}; idle's has the camera")
    func jsonLines() {
        let camera = CameraSpec(target: Coordinate(latitude: 1, longitude: 2), zoom: 3, bearing: 0)
        let lines = DelegateCallback.cameraMove(to: camera, gesture: false, step: 2).map(\.jsonLine)
        #expect(lines[0] == #"{"step":2,"callback":"willMove","gesture":false}"#)
        #expect(lines[2] == #"{"step":2,"callback":"idleAtCameraPosition","camera":{"target":{"latitude":1,"longitude":2},"zoom":3,"bearing":0}}"#)
    }

    @Test("bad camera events are errors naming their path")
    func badEvents() throws {
        let cases = [
            (#"{"moveCamera": {}}"#, "events[0].moveCamera"), (#"{"moveCamera": {"zoom": 30}}"#, "events[0].moveCamera.zoom"),
            (#"{"longPressMap": {"x": 900, "y": 1}}"#, "events[0].longPressMap.x"), (#"{"pan": {"z": 1}}"#, "events[0].pan"),
        ]
        for (event, path) in cases {
            let error = #expect(throws: InfoWinError.self) { try cameraSpec(markers: [testMarker("a")], extra: #", "events": [\#(event)]"#) }
            #expect(error?.message.contains(path) == true, "\(event): \(error?.message ?? "")")
        }
    }
}

private extension Rect {
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }
}
