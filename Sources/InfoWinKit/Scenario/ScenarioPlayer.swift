import Graphics

/// A scenario played: a frame for the initial state and one per event, and the delegate calls in order.
package struct ScenarioRun: Sendable {
    /// Frame 0 is the state before any event; frame N the state after event N.
    package let frames: [RenderResult]
    /// Every delegate call, in order.
    package let callbacks: [DelegateCallback]
    /// Events that did nothing a user would expect (a long press with no window open).
    package let warnings: [String]
}

/// Plays a spec's events on the map state machine and renders each state (`infowin play`), and tells
/// what a tap hits (`infowin hit`).
package struct ScenarioPlayer {
    let renderer: Renderer
    let scale: Double?
    let compression: PNGCompression

    /// A player drawing with `renderer` at `scale` (nil: the spec's).
    package init(renderer: Renderer, scale: Double? = nil, compression: PNGCompression = .fast) {
        self.renderer = renderer
        self.scale = scale
        self.compression = compression
    }

    /// The most pixels the frames of one scenario may have in all: a few seconds of drawing.
    package static let framePixelLimit = 2_000_000_000

    /// The most icon views one scenario may lay out and draw in all. A frame that moves the camera or sets a
    /// marker lays out every icon view again (one that changes only the window reuses them): 10,000 icon
    /// views moved by 1,000 taps would be 10 million layouts, minutes of work; 100,000 take seconds.
    package static let iconViewLayoutLimit = 100_000

    /// Plays every event of `spec`.
    package func play(_ spec: Spec) throws(InfoWinError) -> ScenarioRun {
        let size = CanvasSize(map: spec.map, scale: scale ?? spec.map.scale)
        let pixels = (spec.events.count + 1) * size.width * size.height
        guard pixels <= Self.framePixelLimit else {
            throw .invalid(
                file: spec.file, path: .root.appending("events"),
                message: "\(spec.events.count + 1) frames of \(size.width) × \(size.height) pixels are "
                    + "\(Format.grouped(pixels)) pixels, more than the limit of \(Format.grouped(Self.framePixelLimit)) for one scenario")
        }
        var state = MapState(spec: spec)
        var callbacks = state.initialCallbacks
        var warnings: [String] = []
        var map: KeptMap?
        var iconViewsLaidOut = 0
        var frames = [try render(&state, step: 0, over: &map, counting: &iconViewsLaidOut, for: .root.appending("markers"), calls: &callbacks)]
        for (index, event) in spec.events.enumerated() {
            let step = index + 1
            switch event.action {
            case .tapMarker(let id, let handled):
                if state.marker(id)?.tappable == false {
                    // The SDK never reports a tap on it; a tap with a point (`tapMap`) reaches what is below.
                    warnings.append("\(event.source): marker \(JSONWriter.quoted(id)) is not tappable (tappable: false); nothing happens")
                } else {
                    callbacks += state.tapMarker(id, handled: handled, step: step)
                }
            case .tapMap(let x, let y, let handled):
                let hit = try self.hit(state, at: Point(x: x, y: y), placedMarkers: map.flatMap { reusable($0, for: state) }?.markers)
                switch (hit.kind, hit.marker) {
                case (.infoWindow, let id?): callbacks += state.tapWindow(of: id, step: step)
                case (.closeButton, let id?): callbacks += state.tapCloseButton(of: id, step: step)
                case (.marker, let id?): callbacks += state.tapMarker(id, handled: handled, step: step)
                case (.shape, _): callbacks += hit.shape.map { [DelegateCallback(step: step, "didTapOverlay", overlay: $0)] } ?? []
                default: callbacks += state.tapMap(at: hit.coordinate, step: step)
                }
            case .longPressMap(let x, let y):
                let hit = try self.hit(state, at: Point(x: x, y: y), placedMarkers: map.flatMap { reusable($0, for: state) }?.markers)
                switch (hit.kind, hit.marker) {
                case (.infoWindow, let id?), (.closeButton, let id?): callbacks += state.longPressWindow(of: id, step: step)
                default: callbacks += state.longPressMap(at: hit.coordinate, step: step)
                }
            case .moveCamera(let target, let zoom, let bearing):
                var camera = state.spec.map.camera
                camera.target = target ?? camera.target
                camera.zoom = zoom ?? camera.zoom
                camera.bearing = bearing ?? camera.bearing
                callbacks += state.moveCamera(to: camera, gesture: false, step: step)
            case .pan(let x, let y):
                let camera = Framing(map: state.spec.map, scale: 1).dragged(state.spec.map.camera, by: Point(x: x, y: y))
                callbacks += state.moveCamera(to: camera, gesture: true, step: step)
            case .longPressInfoWindow:
                let calls = state.longPressWindow(step: step)
                if calls.isEmpty { warnings.append("\(event.source): no info window is open to long-press; nothing happens") }
                callbacks += calls
            case .select(let id):
                callbacks += state.select(id, step: step)
            case .set(let marker):
                state.set(marker)
            }
            frames.append(try render(
                &state, step: step, over: &map, counting: &iconViewsLaidOut, for: .root.appending("events").appending(index), calls: &callbacks))
        }
        return ScenarioRun(frames: frames, callbacks: callbacks, warnings: warnings)
    }

    /// What a tap at `point` (canvas points) hits in the state the spec describes, its window shown for
    /// `selection`.
    package func hit(_ spec: Spec, at point: Point, selection: Selection = .fromSpec) throws(InfoWinError) -> HitResult {
        var state = MapState(spec: spec)
        if selection != .fromSpec { _ = state.select(try selection.markerID(in: spec), step: 0) }
        return try hit(state.spec, options: state.renderOptions, at: point)
    }

    /// What a tap hits in the state `render` drew last (its camera as it is). `placedMarkers`: the markers as
    /// the last frame placed them, when they are the state's.
    private func hit(_ state: MapState, at point: Point, placedMarkers: [PlacedMarker]? = nil) throws(InfoWinError) -> HitResult {
        try hit(state.spec.withCameraAsIs, options: state.renderOptions, at: point, placedMarkers: placedMarkers)
    }

    private func hit(_ spec: Spec, options: RenderOptions, at point: Point, placedMarkers: [PlacedMarker]? = nil) throws(InfoWinError) -> HitResult {
        var options = options
        options.scale = scale
        let scene = try renderer.layOut(spec, options: options, placedMarkers: placedMarkers)
        return scene.hit(point, projection: spec.map.projection(scene.camera))
    }

    /// The map layer of the last frame and what it was drawn for.
    private struct KeptMap {
        let markerChanges: Int
        let camera: CameraSpec
        let layer: DrawnMap
    }

    /// Renders the frame of `step`; when its markers and camera are those of `map`, only the window is laid
    /// out and drawn, over the kept layer (10,000 icon views are not laid out and drawn again for each event,
    /// nor for each tap's hit test). First, in the first frame and when a window has just opened, the camera
    /// is framed (`fit`, auto-pan) and kept in the state, its move added to `calls`. Icon views laid out anew
    /// are added to `iconViewsLaidOut`, within the limit; `source` is the event the frame shows.
    private func render(
        _ state: inout MapState, step: Int, over map: inout KeptMap?, counting iconViewsLaidOut: inout Int, for source: JSONPath,
        calls: inout [DelegateCallback]
    ) throws(InfoWinError) -> RenderResult {
        var options = state.renderOptions
        options.scale = scale
        options.compression = compression
        // The first frame is the spec as it is, the state its JSON says: drawn as `render` draws it, with
        // the same input hash and so the same bytes. Later frames are states the JSON alone does not say.
        if step == 0 {
            options.windowContent = nil
        } else {
            options.frame = step
        }
        if step == 0 || state.windowOpened {
            let spec = state.spec
            if spec.map.fit != nil || spec.autoPanPadding(forWindowOf: spec.selectedMarker) != nil {
                try count(spec, laidOutBy: source, in: &iconViewsLaidOut)
                calls += state.framed(as: try renderer.layOut(spec, options: options).camera, step: step)
            } else {
                calls += state.framed(as: spec.map.camera, step: step)
            }
        }
        let kept = map.flatMap { reusable($0, for: state) }
        if kept == nil { try count(state.spec, laidOutBy: source, in: &iconViewsLaidOut) }
        let (result, layer) = try renderer.render(state.spec.withCameraAsIs, options: options, over: kept)
        map = KeptMap(markerChanges: state.markerChanges, camera: state.spec.map.camera, layer: layer)
        return result
    }

    /// Adds the icon views of `spec` to `iconViewsLaidOut`, within the limit.
    private func count(_ spec: Spec, laidOutBy source: JSONPath, in iconViewsLaidOut: inout Int) throws(InfoWinError) {
        iconViewsLaidOut += spec.markers.count { $0.iconView != nil }
        guard iconViewsLaidOut <= Self.iconViewLayoutLimit else {
            throw .invalid(
                file: spec.file, path: source,
                message: "the scenario has laid out \(Format.grouped(iconViewsLaidOut)) icon views by this event, more than the limit of "
                    + "\(Format.grouped(Self.iconViewLayoutLimit)) (each event that moves the camera or sets a marker lays every icon view out again)")
        }
    }

    /// The kept map layer when it shows the markers of `state` as they are: no marker was set since, and
    /// the camera has not moved.
    private func reusable(_ map: KeptMap, for state: MapState) -> DrawnMap? {
        map.markerChanges == state.markerChanges && map.camera == state.spec.map.camera ? map.layer : nil
    }
}
