/// The map as a scenario changes it, following the SDK's rules: one window at a time (and the windows of
/// `showInfoWindows`, which only their close buttons close); a default tap selects the marker, opens its
/// window and centres the camera on it; a tap on the marker whose window is open closes and reopens it; a
/// window keeps what it showed when it opened unless its marker tracks info-window changes; every camera
/// move is `willMove`, `didChangeCameraPosition`, `idleAtCameraPosition`. Each change says which delegate
/// calls it makes, in the SDK's order. The camera is the one drawn: `fit` and auto-pan are applied to it
/// by the player (`framed(as:step:)`), auto-pan only when a window has just opened.
struct MapState {
    /// The markers, camera and selection as they are now.
    private(set) var spec: Spec
    /// The marker as the open window shows it (it may be stale).
    private(set) var windowContent: MarkerSpec?
    /// How many times a marker was changed (`set`): frames with the same count and camera draw the same
    /// markers, and only their windows differ.
    private(set) var markerChanges = 0
    /// True when a window opened since the camera was last framed: auto-pan is due.
    private(set) var windowOpened = true

    /// The state before any event.
    init(spec: Spec) {
        self.spec = spec
        windowContent = spec.selectedMarker.flatMap { id in spec.markers.first { $0.id == id } }
    }

    /// The delegate calls the initial state makes.
    var initialCallbacks: [DelegateCallback] {
        guard let selected = spec.selectedMarker, let marker = marker(selected) else { return [] }
        return asks(for: marker, step: 0)
    }

    /// The options that draw this state.
    var renderOptions: RenderOptions {
        RenderOptions(selection: spec.selectedMarker.map(Selection.marker) ?? Selection.none, windowContent: windowContent)
    }

    /// True when the selected marker shows a window (a default one needs a title or a snippet).
    var isWindowOpen: Bool {
        guard let content = windowContent else { return false }
        switch content.shownInfoWindow(default: spec.infoWindow).content {
        case .standard: return !(content.title ?? "").isEmpty || !(content.snippet ?? "").isEmpty
        case .contents, .window: return true
        }
    }

    func marker(_ id: String) -> MarkerSpec? {
        spec.markers.first { $0.id == id }
    }

    /// A tap on a marker (or a `tapMap` that hit one).
    mutating func tapMarker(_ id: String, handled: Bool, step: Int) -> [DelegateCallback] {
        var calls = [DelegateCallback(step: step, "didTapMarker", marker: id)]
        guard !handled, let marker = marker(id) else { return calls }
        calls += closeWindow(step: step)
        calls += openWindow(of: id, step: step)
        // The default tap animates the camera to the marker: a move the user's gesture started.
        var centred = spec.map.camera
        centred.target = marker.position
        return calls + moveCamera(to: centred, gesture: true, step: step)
    }

    /// A tap on a window (the selected one's or one of `showInfoWindows`).
    func tapWindow(of id: String, step: Int) -> [DelegateCallback] {
        [DelegateCallback(step: step, "didTapInfoWindowOfMarker", marker: id)]
    }

    /// A tap on a window's close button (the web look's): that window closes, nothing else.
    mutating func tapCloseButton(of id: String, step: Int) -> [DelegateCallback] {
        guard id != spec.selectedMarker else { return closeWindow(step: step) }
        guard let index = spec.showInfoWindows.firstIndex(of: id) else { return [] }
        spec.showInfoWindows.remove(at: index)
        return [DelegateCallback(step: step, "didCloseInfoWindowOfMarker", marker: id)]
    }

    /// A tap on the map itself: the coordinate is reported, then the open window closes (not in the web
    /// look, whose `InfoWindow` only its close button closes).
    mutating func tapMap(at coordinate: Coordinate, step: Int) -> [DelegateCallback] {
        let tap = DelegateCallback(step: step, "didTapAtCoordinate", coordinate: coordinate)
        return spec.look.mapTapClosesWindow ? [tap] + closeWindow(step: step) : [tap]
    }

    /// A long press on the map itself (markers do not take long presses): the coordinate is reported.
    func longPressMap(at coordinate: Coordinate, step: Int) -> [DelegateCallback] {
        [DelegateCallback(step: step, "didLongPressAtCoordinate", coordinate: coordinate)]
    }

    /// The camera set or dragged to `camera`; nothing when it is where it was.
    mutating func moveCamera(to camera: CameraSpec, gesture: Bool, step: Int) -> [DelegateCallback] {
        guard camera != spec.map.camera else { return [] }
        spec.map.camera = camera
        return DelegateCallback.cameraMove(to: camera, gesture: gesture, step: step)
    }

    /// The camera as `fit` (the first frame) or auto-pan (a window has just opened) chose it: a move the app
    /// made, not a gesture, except in the first frame, which is the initial state.
    mutating func framed(as camera: CameraSpec, step: Int) -> [DelegateCallback] {
        windowOpened = false
        spec.map.fit = nil
        guard step > 0 else {
            spec.map.camera = camera
            return []
        }
        return moveCamera(to: camera, gesture: false, step: step)
    }

    /// A long press on the open window (or on `id`'s window of `showInfoWindows`); nothing when none is open.
    func longPressWindow(of id: String? = nil, step: Int) -> [DelegateCallback] {
        if let id { return [DelegateCallback(step: step, "didLongPressInfoWindowOfMarker", marker: id)] }
        guard isWindowOpen, let selected = spec.selectedMarker else { return [] }
        return [DelegateCallback(step: step, "didLongPressInfoWindowOfMarker", marker: selected)]
    }

    /// `mapView.selectedMarker = id`: closes the open window and opens the new one; the same marker again changes nothing.
    mutating func select(_ id: String?, step: Int) -> [DelegateCallback] {
        guard id != spec.selectedMarker else { return [] }
        return closeWindow(step: step) + (id.map { openWindow(of: $0, step: step) } ?? [])
    }

    /// New properties for a marker; the open window shows them only if the marker tracks info-window changes.
    mutating func set(_ marker: MarkerSpec) {
        guard let index = spec.markers.firstIndex(where: { $0.id == marker.id }) else { return }
        spec.markers[index] = marker
        markerChanges += 1
        if marker.id == spec.selectedMarker && marker.tracksInfoWindowChanges {
            windowContent = marker
        }
    }

    private mutating func openWindow(of id: String, step: Int) -> [DelegateCallback] {
        guard let marker = marker(id) else { return [] }
        spec.selectedMarker = id
        windowContent = marker
        windowOpened = true
        return asks(for: marker, step: step)
    }

    private mutating func closeWindow(step: Int) -> [DelegateCallback] {
        guard let selected = spec.selectedMarker else { return [] }
        let wasOpen = isWindowOpen
        spec.selectedMarker = nil
        windowContent = nil
        return wasOpen ? [DelegateCallback(step: step, "didCloseInfoWindowOfMarker", marker: selected)] : []
    }

    /// The SDK asks `markerInfoWindow` first, and `markerInfoContents` only when that gives no view.
    private func asks(for marker: MarkerSpec, step: Int) -> [DelegateCallback] {
        let ask = [DelegateCallback(step: step, "markerInfoWindow", marker: marker.id)]
        if case .window = marker.shownInfoWindow(default: spec.infoWindow).content { return ask }
        return ask + [DelegateCallback(step: step, "markerInfoContents", marker: marker.id)]
    }
}
