import Graphics

/// What a look's map does on its own (SPEC.md, "The SDK, round two": looks' own rules), one row a look: a
/// new look is a new row, never a default some `== .web` test elsewhere would give it. The Maps JavaScript
/// `InfoWindow` pans into view when it opens and stays open on a map click; the iOS and Android SDKs pan
/// only as `map.autoPan` asks and close the window on a map tap. Every look centres a tapped marker. Only
/// the JavaScript `PinElement` has a scale. The Maps SDK for iOS draws its map in dark colours when the
/// device is in dark mode (`GMSMapView` follows the trait collection's `userInterfaceStyle`); the Android
/// SDK and the JavaScript API keep their light map unless the app asks for a dark colour scheme.
struct LookRules {
    /// True when a tap on the map (not on a marker or a window) closes the open window.
    var mapTapClosesWindow: Bool
    /// True when the window auto-pans into view on opening unless told not to.
    var pansToOpenWindow: Bool
    /// True when `pin.scale` scales the default pin.
    var pinHasScale: Bool
    /// The plain map's fill in dark mode, or nil when the map stays light.
    var darkMapBackground: RGBA?

    /// The plain map's fill in light mode (every look).
    static let lightMapBackground = RGBA(hex: 0xE9E5DC)
    /// The land colour of Google's own "night" style sample.
    static let nightMapBackground = RGBA(hex: 0x242F3E)
}

extension Look {
    /// This look's row of rules.
    var rules: LookRules {
        switch self {
        case .ios: LookRules(mapTapClosesWindow: true, pansToOpenWindow: false, pinHasScale: false, darkMapBackground: LookRules.nightMapBackground)
        case .android: LookRules(mapTapClosesWindow: true, pansToOpenWindow: false, pinHasScale: false, darkMapBackground: nil)
        case .web: LookRules(mapTapClosesWindow: false, pansToOpenWindow: true, pinHasScale: true, darkMapBackground: nil)
        }
    }

    /// True when a tap on the map (not on a marker or a window) closes the open window.
    var mapTapClosesWindow: Bool { rules.mapTapClosesWindow }

    /// True when the window auto-pans into view on opening unless told not to (`web`).
    var pansToOpenWindow: Bool { rules.pansToOpenWindow }
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
