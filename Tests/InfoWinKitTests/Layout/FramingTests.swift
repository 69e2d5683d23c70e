import Foundation
import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

// MARK: - Support

/// A 390 × 300 pt map at scale 2 with `markers`, `camera` (JSON members) and more top-level members.
private func framingSpec(markers: [String], camera: String, selected: String? = "m0", map: String = "", extra: String = "") throws -> Spec {
    let selection = selected.map { #", "selectedMarker": "\#($0)""# } ?? ""
    var spec = try testSpec(#"""
        {"map": {"width": 390, "height": 300, "scale": 2, "camera": {\#(camera)}\#(map)},
         "markers": [\#(markers.joined(separator: ","))]\#(selection)\#(extra)}
        """#)
    spec.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
    return spec
}

/// Everything a fit must show, on the canvas: the icons and the window with its tail and shadow.
private func shown(_ scene: Scene) -> Rect {
    let parts = scene.markers.map(\.bounds) + (scene.infoWindow.map { [$0.extentWithShadow] } ?? [])
    return parts.dropFirst().reduce(parts[0]) { $0.union($1) }
}

private func randomMarkers(_ rng: inout some RandomNumberGenerator, count: Int) -> [String] {
    (0..<count).map { index in
        let latitude = Double.random(in: -60...60, using: &rng), longitude = Double.random(in: -170...170, using: &rng)
        let spread = Double.random(in: 0.0001...2, using: &rng)
        return testMarker(
            "m\(index)", latitude: latitude * spread / 60, longitude: longitude * spread / 170,
            index == 0 ? #", "title": "Window \#(index)", "snippet": "A snippet long enough to wrap, wrap and wrap again""# : "")
    }
}

// MARK: - Tests

@Suite("framing: fit, padding, auto-pan and crop")
struct FramingTests {
    @Test("fit shows every marker and the window inside the canvas less padding, centred, and one step more zoom would not fit")
    func fitIsTightAndContains() throws {
        var rng = SplitMix(state: 2026)
        for round in 0..<25 {
            let count = Int.random(in: 1...6, using: &rng)
            let markers = randomMarkers(&rng, count: count)
            let padding = Double(Int.random(in: 0...30, using: &rng))
            let bearing = round % 3 == 0 ? 30.0 : 0
            let spec = try framingSpec(
                markers: markers, camera: #""fit": {"markers": "all", "padding": \#(padding)}, "bearing": \#(bearing)"#,
                map: #", "padding": {"top": 10, "left": 0, "bottom": 20, "right": 5}"#)
            let scene = try layOut(spec)
            let area = Rect(x: padding, y: 10 + padding, width: 390 - 5 - 2 * padding, height: 300 - 30 - 2 * padding)
            let box = shown(scene)
            #expect(box.x >= area.x - 1e-6 && box.maxX <= area.maxX + 1e-6 && box.y >= area.y - 1e-6 && box.maxY <= area.maxY + 1e-6,
                    "round \(round): \(box) outside \(area)")
            // The window's edges sit on whole output pixels: it may move by half a pixel (a quarter point at 2×).
            if scene.camera.zoom < 21 {
                // Tight: the box touches the area on one axis, and a little more zoom overflows it.
                let touches = abs(box.width - area.width) < 1.01 || abs(box.height - area.height) < 1.01
                #expect(touches, "round \(round): \(box) in \(area) at zoom \(scene.camera.zoom)")
                var closer = spec
                closer.map.fit = nil
                closer.map.camera = CameraSpec(target: scene.camera.target, zoom: scene.camera.zoom + 0.01, bearing: bearing)
                let wider = shown(try layOut(closer))
                #expect(wider.width > area.width || wider.height > area.height, "round \(round): zoom + 0.01 still fits")
            }
            // Centred in the area.
            #expect(abs((box.x + box.width / 2) - (area.x + area.width / 2)) <= 0.5, "round \(round)")
            #expect(abs((box.y + box.height / 2) - (area.y + area.height / 2)) <= 0.5, "round \(round)")
            let report = LayoutReport(scene: scene).json
            #expect(report["camera"]["zoom"].number == scene.camera.zoom)
        }
    }

    @Test("fit gives the same camera for the same spec, and a listed subset ignores the other markers")
    func fitIsStableAndListsMarkers() throws {
        let markers = [testMarker("m0", #", "title": "A""#), testMarker("m1", latitude: 1, longitude: 1), testMarker("far", latitude: -40, longitude: 100)]
        let spec = try framingSpec(markers: markers, camera: #""fit": {"markers": ["m0", "m1"], "padding": 20}"#)
        let first = try layOut(spec).camera, second = try layOut(spec).camera
        #expect(first == second)
        #expect(first.zoom > 5, "the far marker is not listed, so the camera stays close: \(first.zoom)")
        let all = try layOut(try framingSpec(markers: markers, camera: #""fit": {"markers": "all"}"#)).camera
        #expect(all.zoom < first.zoom)
    }

    @Test("fit without the window fits the icons only; maxZoom caps a single marker")
    func fitOptions() throws {
        let one = try layOut(try framingSpec(markers: [testMarker("m0")], camera: #""fit": {"markers": "all", "maxZoom": 15}"#, selected: nil))
        #expect(one.camera.zoom == 15)
        let markers = [testMarker("m0", #", "title": "A window with a long title to make it wide""#), testMarker("m1", latitude: 0.5, longitude: 0.5)]
        let with = try layOut(try framingSpec(markers: markers, camera: #""fit": {"markers": "all"}"#)).camera.zoom
        let without = try layOut(try framingSpec(markers: markers, camera: #""fit": {"markers": "all", "includeInfoWindow": false}"#)).camera.zoom
        #expect(without > with)
    }

    @Test("map.padding puts the camera target at the centre of the canvas less padding")
    func padding() throws {
        let spec = try framingSpec(
            markers: [testMarker("m0")], camera: #""target": {"latitude": 0, "longitude": 0}, "zoom": 10"#, selected: nil,
            map: #", "padding": {"top": 100, "left": 40, "bottom": 0, "right": 0}"#)
        let marker = try #require(try layOut(spec).markers.first)
        #expect(abs(marker.groundAnchor.x - (40 + 350.0 / 2)) < 1e-9 && abs(marker.groundAnchor.y - (100 + 200.0 / 2)) < 1e-9)
    }

    @Test("autoPan moves the camera the least distance that shows the window and its icon, inside the pan padding")
    func autoPan() throws {
        // The marker sits 40 pt below the top edge: its window is cut at the top.
        let markers = [testMarker("m0", latitude: 0.4, #", "title": "Near the top", "snippet": "The window is cut here""#)]
        let camera = #""target": {"latitude": 0, "longitude": 0}, "zoom": 9"#
        let plain = try layOut(try framingSpec(markers: markers, camera: camera))
        #expect(try #require(plain.infoWindow).clipped.contains(.top))
        let panned = try layOut(try framingSpec(markers: markers, camera: camera, map: #", "autoPan": true"#))
        let window = try #require(panned.infoWindow)
        #expect(window.clipped.isEmpty)
        #expect(abs(window.extentWithShadow.y - 12) <= 0.25, "moved just enough: the top is at the pan padding")
        #expect(panned.camera.target.latitude > 0 && abs(panned.camera.target.longitude) < 1e-9)
        let custom = try layOut(try framingSpec(markers: markers, camera: camera, map: #", "autoPan": {"padding": 30}"#))
        #expect(abs(try #require(custom.infoWindow).extentWithShadow.y - 30) <= 0.25)
        // A window that is not cut does not move the camera.
        let centred = try layOut(try framingSpec(markers: [testMarker("m0", #", "title": "Fine""#)], camera: camera, map: #", "autoPan": true"#))
        #expect(centred.camera == CameraSpec(target: Coordinate(latitude: 0, longitude: 0), zoom: 9, bearing: 0))
    }

    @Test("a window larger than the area is aligned to its top and leading edges")
    func autoPanLargeWindow() throws {
        let long = String(repeating: "A very long snippet. ", count: 40)
        let markers = [testMarker("m0", #", "title": "Big", "snippet": "\#(long)", "infoWindow": {"style": {"maxWidth": 500, "snippetMaxLines": 100}}"#)]
        let panned = try layOut(try framingSpec(
            markers: markers, camera: #""target": {"latitude": 0, "longitude": 0}, "zoom": 9"#, map: #", "autoPan": true"#))
        let extent = try #require(panned.infoWindow).extentWithShadow
        // Within half an output pixel: the window's edges are rounded to whole pixels.
        #expect(abs(extent.x - 12) <= 0.25 && abs(extent.y - 12) <= 0.25)
    }

    @Test("crop to the window keeps it with its tail, shadow and margin, in whole pixels, and the report counts from there")
    func cropWindow() throws {
        let markers = [testMarker("m0", #", "title": "London", "snippet": "Population: 8,174,100""#)]
        let spec = try framingSpec(
            markers: markers, camera: #""target": {"latitude": 0, "longitude": 0}, "zoom": 9"#,
            extra: #", "crop": {"to": "window", "margin": 4}"#)
        let scene = try layOut(spec)
        let crop = try #require(scene.crop)
        let extent = try #require(scene.infoWindow).extentWithShadow
        #expect(crop.x == Int(((extent.x - 4) * 2).rounded(.down)) && crop.y == Int(((extent.y - 4) * 2).rounded(.down)))
        #expect(crop.x + crop.width == Int(((extent.maxX + 4) * 2).rounded(.up)))
        let (result, image) = try renderPinned(spec)
        #expect(image.width == crop.width && image.height == crop.height)
        let report = result.report.json
        #expect(report["image"]["width"].number == Double(crop.width))
        #expect(report["image"]["crop"]["x"].number == Double(crop.x))
        let frame = try #require(scene.infoWindow).frame
        #expect(report["infoWindow"]["frame"]["x"].number == frame.x * 2 - Double(crop.x))
    }

    @Test("with a transparent map the crop is a cut-out callout with its shadow")
    func cutOut() throws {
        let spec = try framingSpec(
            markers: [testMarker("m0", #", "title": "Cut out""#)], camera: #""target": {"latitude": 0, "longitude": 0}, "zoom": 9"#,
            map: ##", "background": "#00000000""##, extra: #", "crop": {"to": "window"}"#)
        let image = try renderPinned(spec).image
        #expect(image.color(x: 0, y: 0).alpha == 0)
        let middle = image.color(x: image.width / 2, y: image.height / 3)
        #expect(middle.alpha == 255 && middle.rgb == 0xFFFFFF)
        // Just beside the body, the shadow: partly transparent black.
        let crop = try #require(try layOut(spec).crop), frame = try #require(try layOut(spec).infoWindow).frame
        let shadow = image.color(x: Int(frame.x * 2) - crop.x - 2, y: image.height / 3)
        #expect(shadow.alpha > 0 && shadow.alpha < 255, "alpha \(shadow.alpha)")
    }

    @Test("crop to the markers keeps every icon on the canvas and the window")
    func cropMarkers() throws {
        let markers = [testMarker("m0", #", "title": "A""#), testMarker("m1", latitude: -0.2, longitude: 0.3)]
        let scene = try layOut(try framingSpec(
            markers: markers, camera: #""target": {"latitude": 0, "longitude": 0}, "zoom": 9"#, extra: #", "crop": {"to": "markers"}"#))
        let crop = try #require(scene.crop)
        let icon = scene.markers[1].bounds
        #expect(Double(crop.x + crop.width) >= icon.maxX * 2 && Double(crop.y + crop.height) >= icon.maxY * 2)
    }

    @Test("crop to the window with no window open is an error; fit with a target, or an unknown marker, is an error")
    func errors() throws {
        let noWindow = try framingSpec(
            markers: [testMarker("m0")], camera: #""target": {"latitude": 0, "longitude": 0}, "zoom": 9"#, selected: nil,
            extra: #", "crop": {"to": "window"}"#)
        let error = #expect(throws: InfoWinError.self) { try layOut(noWindow) }
        #expect(error?.message.contains("crop") == true && error?.message.contains("no info window") == true)
        let both = #expect(throws: InfoWinError.self) {
            try framingSpec(markers: [testMarker("m0")], camera: #""fit": {"markers": "all"}, "zoom": 3"#)
        }
        #expect(both?.message.contains("map.camera.zoom") == true)
        let unknown = #expect(throws: InfoWinError.self) {
            try framingSpec(markers: [testMarker("m0")], camera: #""fit": {"markers": ["nope"]}"#)
        }
        #expect(unknown?.message.contains("map.camera.fit.markers[0]") == true)
    }
}
