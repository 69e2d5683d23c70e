import Graphics
import Testing
@testable import InfoWinKit

// MARK: - Support

/// `callback:marker` for each call (`callback` alone when it names no marker), to compare orders at a glance.
private func names(_ calls: [DelegateCallback]) -> [String] {
    calls.map { call in call.marker.map { "\(call.name):\($0)" } ?? call.name }
}

/// The calls of one step.
private func calls(_ run: ScenarioRun, step: Int) -> [DelegateCallback] {
    run.callbacks.filter { $0.step == step }
}

/// A spec with the pinned fonts only, so that rendered frames do not depend on the machine.
private func pinnedSpec(_ json: String) throws -> Spec {
    var spec = try testSpec(json)
    spec.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
    return spec
}

/// Plays a spec with the pinned fonts.
private func play(_ json: String) throws -> ScenarioRun {
    try ScenarioPlayer(renderer: Renderer()).play(try pinnedSpec(json))
}

/// `, "events": [...]` for `testSpecJSON(extra:)`.
private func events(_ items: String...) -> String {
    #", "events": [\#(items.joined(separator: ", "))]"#
}

private let titled = #", "title": "A""#
/// Marker `b`, 0.1° east of the camera target (about 73 pt right of the centre at zoom 10).
private let markerB = testMarker("b", longitude: 0.1, #", "title": "B""#)

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

// MARK: - Tests

@Suite("map state machine (scenarios)")
struct MapStateTests {
    // MARK: Initial state

    @Test("a selected marker in the initial state is asked for its window at step 0; no selection asks nothing")
    func initialSelection() throws {
        let state = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a", titled)])))
        #expect(state.initialCallbacks == [
            DelegateCallback(step: 0, "markerInfoWindow", marker: "a"),
            DelegateCallback(step: 0, "markerInfoContents", marker: "a"),
        ])
        #expect(state.isWindowOpen)

        let none = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a", titled)], selected: nil)))
        #expect(none.initialCallbacks.isEmpty)
        #expect(!none.isWindowOpen)

        let run = try play(testSpecJSON(markers: [testMarker("a", titled)]))
        #expect(run.callbacks.map(\.step) == [0, 0])
        #expect(run.frames.count == 1)
    }

    // MARK: tapMarker

    @Test("a tap on an unselected marker: didTapMarker, the old window closes, the new one is asked for, the camera centres it")
    func tapUnselectedMarker() throws {
        var state = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a", titled), markerB])))
        let calls = state.tapMarker("b", handled: false, step: 1)
        #expect(names(calls) == [
            "didTapMarker:b", "didCloseInfoWindowOfMarker:a", "markerInfoWindow:b", "markerInfoContents:b", "willMove", "didChangeCameraPosition", "idleAtCameraPosition",
        ])
        #expect(calls.allSatisfy { $0.step == 1 })
        let target = Coordinate(latitude: 0, longitude: 0.1)
        let camera = try #require(calls.last?.camera)
        #expect(camera.target == target)
        #expect(camera.zoom == 10 && camera.bearing == 0)
        // The camera really moved, and the window is b's.
        #expect(state.spec.map.camera.target == target)
        #expect(state.spec.selectedMarker == "b")
        #expect(state.windowContent?.id == "b")
        #expect(state.isWindowOpen)
    }

    @Test("with no window open, a tap makes no didCloseInfoWindowOfMarker")
    func tapWithNoWindowOpen() throws {
        var state = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a", titled), markerB], selected: nil)))
        #expect(names(state.tapMarker("b", handled: false, step: 1)) == [
            "didTapMarker:b", "markerInfoWindow:b", "markerInfoContents:b", "willMove", "didChangeCameraPosition", "idleAtCameraPosition",
        ])
    }

    @Test("a tap on a marker already at the camera target does not move the camera and makes no camera callback")
    func tapMarkerAtCameraTarget() throws {
        var state = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a", titled)], selected: nil)))
        let calls = state.tapMarker("a", handled: false, step: 1)
        #expect(names(calls) == ["didTapMarker:a", "markerInfoWindow:a", "markerInfoContents:a"])
        #expect(!calls.contains { $0.camera != nil })
        #expect(state.spec.map.camera.target == Coordinate(latitude: 0, longitude: 0))
    }

    @Test("a tap on the marker whose window is open closes the window and opens it again")
    func tapOpenMarker() throws {
        var state = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a", titled)])))
        #expect(names(state.tapMarker("a", handled: false, step: 3)) == [
            "didTapMarker:a", "didCloseInfoWindowOfMarker:a", "markerInfoWindow:a", "markerInfoContents:a",
        ])
        #expect(state.spec.selectedMarker == "a")
        #expect(state.isWindowOpen)
    }

    @Test("\"handled\": true makes only didTapMarker; selection, window and camera stay")
    func handledTap() throws {
        var state = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a", titled), markerB])))
        #expect(state.tapMarker("b", handled: true, step: 1) == [DelegateCallback(step: 1, "didTapMarker", marker: "b")])
        #expect(state.spec.selectedMarker == "a")
        #expect(state.windowContent?.id == "a")
        #expect(state.spec.map.camera.target == Coordinate(latitude: 0, longitude: 0))

        // The same through a played spec: frame 1 is frame 0.
        let run = try play(testSpecJSON(markers: [testMarker("a", titled), markerB], extra: events(#"{"tapMarker": "b", "handled": true}"#)))
        #expect(names(calls(run, step: 1)) == ["didTapMarker:b"])
        #expect(run.frames[1].report.text == run.frames[0].report.text)
    }

    // MARK: Which delegate methods are asked

    @Test("a `window` custom view answers markerInfoWindow, so markerInfoContents is not asked")
    func customWindowAsksOnce() throws {
        let window = ##", "infoWindow": {"window": {"text": "{{title}}", "padding": 8, "background": "#FFFFFF"}}"##
        var state = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a", titled)], selected: nil, extra: window)))
        #expect(names(state.tapMarker("a", handled: false, step: 1)) == ["didTapMarker:a", "markerInfoWindow:a"])

        // A marker's own window wins over the top-level one.
        let own = testMarker("b", #", "title": "B", "infoWindow": {"window": {"text": "{{title}}"}}"#)
        var mixed = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a", titled), own], selected: "b")))
        #expect(names(mixed.initialCallbacks) == ["markerInfoWindow:b"])
        #expect(names(mixed.select("a", step: 1)) == [
            "didCloseInfoWindowOfMarker:b", "markerInfoWindow:a", "markerInfoContents:a",
        ])
    }

    @Test("`contents` (and the default window) are asked markerInfoWindow first, then markerInfoContents")
    func contentsAsksBoth() throws {
        let contents = #", "infoWindow": {"contents": {"text": "{{title}}"}}"#
        let state = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a", titled)], extra: contents)))
        #expect(names(state.initialCallbacks) == ["markerInfoWindow:a", "markerInfoContents:a"])
    }

    // MARK: Closing

    @Test("a default window with an empty title and snippet is never shown, so 'closing' it makes no didClose")
    func emptyDefaultWindowNeverCloses() throws {
        var state = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a", #", "title": "", "snippet": """#), markerB])))
        #expect(!state.isWindowOpen)
        #expect(names(state.tapMarker("b", handled: false, step: 1)) == [
            "didTapMarker:b", "markerInfoWindow:b", "markerInfoContents:b", "willMove", "didChangeCameraPosition", "idleAtCameraPosition",
        ])

        var deselect = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a")])))
        #expect(deselect.select(nil, step: 1).isEmpty)
        #expect(deselect.spec.selectedMarker == nil)

        // A custom window is shown whatever the title, so it does close.
        let contents = #", "infoWindow": {"contents": {"text": "{{id}}"}}"#
        var custom = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a")], extra: contents)))
        #expect(custom.isWindowOpen)
        #expect(names(custom.select(nil, step: 1)) == ["didCloseInfoWindowOfMarker:a"])
    }

    // MARK: tapMap

    @Test("tapMap on the open window: didTapInfoWindowOfMarker only; the window stays open")
    func tapMapOnWindow() throws {
        let base = testSpecJSON(markers: [testMarker("a", titled), markerB])
        let window = try #require(try layOut(try testSpec(base)).infoWindow)
        let point = Point(x: window.frame.x + window.frame.width / 2, y: window.frame.y + window.frame.height / 2)
        let run = try play(testSpecJSON(
            markers: [testMarker("a", titled), markerB], extra: events(#"{"tapMap": {"x": \#(point.x), "y": \#(point.y)}}"#)))
        #expect(calls(run, step: 1) == [DelegateCallback(step: 1, "didTapInfoWindowOfMarker", marker: "a")])
        #expect(run.frames[1].report.infoWindow?.marker == "a")
    }

    @Test("tapMap on a marker acts as tapMarker, `handled` included")
    func tapMapOnMarker() throws {
        // b's pin: tip at (195 + 72.8, 150), 27 × 43 pt; (268, 130) is on it.
        let run = try play(testSpecJSON(
            markers: [testMarker("a", titled), markerB],
            extra: events(#"{"tapMap": {"x": 268, "y": 130}}"#, #"{"tapMap": {"x": 195, "y": 130}, "handled": true}"#)))
        #expect(names(calls(run, step: 1)) == [
            "didTapMarker:b", "didCloseInfoWindowOfMarker:a", "markerInfoWindow:b", "markerInfoContents:b", "willMove", "didChangeCameraPosition", "idleAtCameraPosition",
        ])
        #expect(run.frames[1].report.infoWindow?.marker == "b")
        // The frame is drawn from the moved camera: b's tip is at the canvas centre (390, 300 px at scale 2).
        let b = try #require(run.frames[1].report.json["markers"].elements.first { $0["id"].string == "b" })
        #expect(close(b["groundAnchor"]["x"].number ?? 0, 390, 0.01) && close(b["groundAnchor"]["y"].number ?? 0, 300, 0.01))
        // After the camera moved to b, b is at the centre: (195, 130) is on b, and the delegate handles the tap.
        #expect(names(calls(run, step: 2)) == ["didTapMarker:b"])
        #expect(run.frames[2].report.infoWindow?.marker == "b")
    }

    @Test("tapMap elsewhere: didTapAtCoordinate with the coordinate under the point, then the window closes")
    func tapMapOnMap() throws {
        let run = try play(testSpecJSON(markers: [testMarker("a", titled)], extra: events(#"{"tapMap": {"x": 20, "y": 280}}"#)))
        let step = calls(run, step: 1)
        #expect(names(step) == ["didTapAtCoordinate", "didCloseInfoWindowOfMarker:a"])
        let expected = MapProjection(camera: CameraSpec(target: Coordinate(latitude: 0, longitude: 0), zoom: 10, bearing: 0), width: 390, height: 300)
            .coordinate(at: Point(x: 20, y: 280))
        let coordinate = try #require(step.first?.coordinate)
        #expect(close(coordinate.latitude, expected.latitude) && close(coordinate.longitude, expected.longitude))
        #expect(coordinate.longitude < 0 && coordinate.latitude < 0)
        #expect(run.frames[1].report.infoWindow == nil)

        // With no window open, only the coordinate is reported.
        let closed = try play(testSpecJSON(markers: [testMarker("a", titled)], selected: nil, extra: events(#"{"tapMap": {"x": 20, "y": 280}}"#)))
        #expect(names(closed.callbacks) == ["didTapAtCoordinate"])
    }

    // MARK: longPressInfoWindow

    @Test("longPressInfoWindow with a window open: didLongPressInfoWindowOfMarker; the window stays")
    func longPressWithWindow() throws {
        let run = try play(testSpecJSON(markers: [testMarker("a", titled)], extra: events(#"{"longPressInfoWindow": true}"#)))
        #expect(calls(run, step: 1) == [DelegateCallback(step: 1, "didLongPressInfoWindowOfMarker", marker: "a")])
        #expect(run.warnings.isEmpty)
        #expect(run.frames[1].report.infoWindow?.marker == "a")
    }

    @Test("longPressInfoWindow with no window open: no callback, and a warning naming the event")
    func longPressWithoutWindow() throws {
        let run = try play(testSpecJSON(markers: [testMarker("a", titled)], selected: nil, extra: events(#"{"longPressInfoWindow": true}"#)))
        #expect(run.callbacks.isEmpty)
        #expect(run.warnings.count == 1)
        #expect(run.warnings.first?.contains("events[0]") == true)

        // A selected marker whose default window is empty shows no window either.
        let empty = try play(testSpecJSON(markers: [testMarker("a")], extra: events(#"{"longPressInfoWindow": true}"#)))
        #expect(calls(empty, step: 1).isEmpty)
        #expect(empty.warnings.count == 1)
    }

    // MARK: select

    @Test("select another marker: the old window closes and the new one is asked for; the camera does not move")
    func selectOther() throws {
        var state = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a", titled), markerB])))
        #expect(names(state.select("b", step: 2)) == ["didCloseInfoWindowOfMarker:a", "markerInfoWindow:b", "markerInfoContents:b"])
        #expect(state.spec.selectedMarker == "b")
        #expect(state.spec.map.camera.target == Coordinate(latitude: 0, longitude: 0))
    }

    @Test("select the selected marker again changes nothing")
    func selectSame() throws {
        var state = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a", titled), markerB])))
        #expect(state.select("a", step: 1).isEmpty)
        #expect(state.spec.selectedMarker == "a")
        #expect(state.isWindowOpen)
    }

    @Test("select null closes the window; select from no selection only asks")
    func selectNull() throws {
        var state = MapState(spec: try testSpec(testSpecJSON(markers: [testMarker("a", titled), markerB])))
        #expect(names(state.select(nil, step: 1)) == ["didCloseInfoWindowOfMarker:a"])
        #expect(state.spec.selectedMarker == nil)
        #expect(!state.isWindowOpen)
        #expect(state.select(nil, step: 2).isEmpty)
        #expect(names(state.select("b", step: 3)) == ["markerInfoWindow:b", "markerInfoContents:b"])

        let run = try play(testSpecJSON(markers: [testMarker("a", titled)], extra: events(#"{"select": null}"#)))
        #expect(run.frames[1].report.infoWindow == nil)
    }

    // MARK: set

    @Test("set with tracksInfoWindowChanges false: the open window keeps its old contents until it is reopened")
    func setStaleContent() throws {
        let marker = testMarker("a", #", "title": "Old", "snippet": "Before", "tracksInfoWindowChanges": false"#)
        let run = try play(testSpecJSON(
            markers: [marker],
            extra: events(#"{"set": {"marker": "a", "title": "New", "snippet": "After"}}"#, #"{"tapMarker": "a"}"#)))
        let window = { (frame: Int) in run.frames[frame].report.json["infoWindow"] }
        #expect(window(0)["title"]["lines"].strings == ["Old"])
        #expect(window(1)["title"]["lines"].strings == ["Old"])
        #expect(window(1)["snippet"]["lines"].strings == ["Before"])
        #expect(calls(run, step: 1).isEmpty)
        // Reopened by the tap: the new contents.
        #expect(window(2)["title"]["lines"].strings == ["New"])
        #expect(window(2)["snippet"]["lines"].strings == ["After"])
    }

    @Test("set with tracksInfoWindowChanges true: the open window shows the change at once")
    func setLiveContent() throws {
        let marker = testMarker("a", #", "title": "Old", "tracksInfoWindowChanges": true"#)
        let run = try play(testSpecJSON(markers: [marker], extra: events(#"{"set": {"marker": "a", "title": "New"}}"#)))
        #expect(run.frames[1].report.infoWindow?.title?.lines == ["New"])
        #expect(calls(run, step: 1).isEmpty)
    }

    @Test("set of an unselected marker's title shows when it is selected later")
    func setUnselectedMarker() throws {
        let run = try play(testSpecJSON(
            markers: [testMarker("a", titled), markerB],
            extra: events(#"{"set": {"marker": "b", "title": "B2"}}"#, #"{"select": "b"}"#)))
        #expect(run.frames[2].report.infoWindow?.title?.lines == ["B2"])
    }

    @Test("set moves the marker, and its open window follows it even when its contents are stale")
    func setMovesMarkerAndWindow() throws {
        let marker = testMarker("a", #", "title": "Old", "tracksInfoWindowChanges": false"#)
        let run = try play(testSpecJSON(
            markers: [marker],
            extra: events(#"{"set": {"marker": "a", "title": "New", "position": {"latitude": 0.05, "longitude": 0.05}}}"#)))
        let before = run.frames[0].report.json, after = run.frames[1].report.json
        let oldAnchor = before["markers"].elements[0]["infoWindowAnchor"], newAnchor = after["markers"].elements[0]["infoWindowAnchor"]
        #expect(newAnchor["x"].number != oldAnchor["x"].number)
        #expect(newAnchor["y"].number != oldAnchor["y"].number)
        #expect(after["infoWindow"]["tailTip"]["x"].number == newAnchor["x"].number)
        #expect(after["infoWindow"]["tailTip"]["y"].number == newAnchor["y"].number)
        #expect(after["infoWindow"]["title"]["lines"].strings == ["Old"])
        // A set does not move the camera.
        #expect(calls(run, step: 1).isEmpty)
    }

    @Test("a set after another keeps the earlier change")
    func setAfterSet() throws {
        let marker = testMarker("a", #", "title": "T1", "snippet": "S1", "tracksInfoWindowChanges": true"#)
        let run = try play(testSpecJSON(
            markers: [marker],
            extra: events(#"{"set": {"marker": "a", "title": "T2"}}"#, #"{"set": {"marker": "a", "snippet": "S2"}}"#)))
        let window = run.frames[2].report.json["infoWindow"]
        #expect(window["title"]["lines"].strings == ["T2"])
        #expect(window["snippet"]["lines"].strings == ["S2"])
    }

    // MARK: Output format

    @Test("jsonLine is compact JSON with step, callback, marker, and coordinate or camera, as SPEC.md shows")
    func jsonLineFormat() {
        #expect(DelegateCallback(step: 1, "didTapMarker", marker: "london").jsonLine == #"{"step":1,"callback":"didTapMarker","marker":"london"}"#)
        #expect(DelegateCallback(step: 0, "markerInfoWindow", marker: "a").jsonLine == #"{"step":0,"callback":"markerInfoWindow","marker":"a"}"#)
        let tap = DelegateCallback(step: 4, "didTapAtCoordinate", coordinate: Coordinate(latitude: 51.5, longitude: -0.127))
        #expect(tap.jsonLine == #"{"step":4,"callback":"didTapAtCoordinate","coordinate":{"latitude":51.5,"longitude":-0.127}}"#)
        let camera = CameraSpec(target: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 5.6, bearing: 0)
        #expect(DelegateCallback(step: 2, "didChangeCameraPosition", camera: camera).jsonLine
            == #"{"step":2,"callback":"didChangeCameraPosition","camera":{"target":{"latitude":48.8566,"longitude":2.3522},"zoom":5.6,"bearing":0}}"#)
    }

    @Test("the callbacks of a whole scenario come in event order with increasing steps")
    func wholeScenarioOrder() throws {
        let run = try play(testSpecJSON(
            markers: [testMarker("a", titled), markerB],
            extra: events(#"{"tapMarker": "b"}"#, #"{"tapMarker": "b"}"#, #"{"select": null}"#)))
        #expect(names(run.callbacks) == [
            "markerInfoWindow:a", "markerInfoContents:a",
            "didTapMarker:b", "didCloseInfoWindowOfMarker:a", "markerInfoWindow:b", "markerInfoContents:b", "willMove", "didChangeCameraPosition", "idleAtCameraPosition",
            "didTapMarker:b", "didCloseInfoWindowOfMarker:b", "markerInfoWindow:b", "markerInfoContents:b",
            "didCloseInfoWindowOfMarker:b",
        ])
        #expect(run.callbacks.map(\.step) == [0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3])
        #expect(run.frames.count == 4)
    }
}
