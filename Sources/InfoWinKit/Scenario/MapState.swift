/// The map as a scenario changes it, following the SDK's rules: one window at a time; a default tap
/// selects the marker, opens its window and centres the camera on it; a tap on the marker whose window
/// is open closes and reopens it; a window keeps what it showed when it opened unless its marker tracks
/// info-window changes. Each change says which delegate calls it makes, in the SDK's order.
struct MapState {
    /// The markers, camera and selection as they are now.
    private(set) var spec: Spec
    /// The marker as the open window shows it (it may be stale).
    private(set) var windowContent: MarkerSpec?
    /// How many times a marker was changed (`set`): frames with the same count and camera draw the same
    /// markers, and only their windows differ.
    private(set) var markerChanges = 0

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
        if spec.map.camera.target != marker.position {
            spec.map.camera.target = marker.position
            calls.append(DelegateCallback(step: step, "didChangeCameraPosition", camera: spec.map.camera))
        }
        return calls
    }

    /// A tap on the open window.
    func tapWindow(step: Int) -> [DelegateCallback] {
        spec.selectedMarker.map { [DelegateCallback(step: step, "didTapInfoWindowOfMarker", marker: $0)] } ?? []
    }

    /// A tap on the open window's close button (the web look's): the window closes, nothing else.
    mutating func tapCloseButton(step: Int) -> [DelegateCallback] {
        closeWindow(step: step)
    }

    /// A tap on the map itself: the coordinate is reported, then the open window closes.
    mutating func tapMap(at coordinate: Coordinate, step: Int) -> [DelegateCallback] {
        [DelegateCallback(step: step, "didTapAtCoordinate", coordinate: coordinate)] + closeWindow(step: step)
    }

    /// A long press on the open window; nothing when none is open.
    func longPressWindow(step: Int) -> [DelegateCallback] {
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
