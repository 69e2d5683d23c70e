/// What a look's map does on its own (SPEC.md, "The SDK, round two": looks' own rules). The Maps JavaScript
/// `InfoWindow` pans into view when it opens and stays open on a map click; the iOS and Android SDKs pan
/// only as `map.autoPan` asks and close the window on a map tap. Every look centres a tapped marker.
extension Look {
    /// True when a tap on the map (not on a marker or a window) closes the open window.
    var mapTapClosesWindow: Bool { self != .web }

    /// True when the window auto-pans into view on opening unless told not to (`web`).
    var pansToOpenWindow: Bool { self == .web }
}

extension Spec {
    /// The pan padding of auto-pan when `markerID`'s window is open, or nil for no panning: `map.autoPan`'s;
    /// in the web look also the default 12 pt unless `map.autoPan` is `false` or the window's
    /// `disableAutoPan` is true.
    func autoPanPadding(forWindowOf markerID: String?) -> Double? {
        guard look.pansToOpenWindow else { return map.autoPanPadding }
        guard let markerID, let marker = markers.first(where: { $0.id == markerID }),
            !marker.shownInfoWindow(default: infoWindow).options.disableAutoPan, !map.autoPanTurnedOff
        else { return nil }
        return map.autoPanPadding ?? MapSpec.defaultPanPadding
    }

    /// The spec with no framing left to do: the camera it has is the one drawn (`play`, after the camera
    /// was chosen once and kept in the map's state).
    var withCameraAsIs: Spec {
        var spec = self
        spec.map.fit = nil
        spec.map.autoPanPadding = nil
        spec.map.autoPanTurnedOff = true
        return spec
    }
}

extension MapSpec {
    /// The pan padding of `"autoPan": true`, in points.
    static let defaultPanPadding = 12.0
}
