/// One step of a scenario (SPEC.md, "Scenarios"), validated, with where it is written.
package struct EventSpec: Sendable {
    /// What happens.
    package var action: EventAction
    /// `events[N]`, for messages.
    package var source: JSONPath
}

/// What a user or the app does to the map.
package enum EventAction: Sendable {
    /// A tap on a marker; `handled` stands for a delegate returning YES from `didTapMarker`.
    case tapMarker(String, handled: Bool)
    /// A tap at a canvas point, in points.
    case tapMap(x: Double, y: Double, handled: Bool)
    /// A long press on the open info window.
    case longPressInfoWindow
    /// A long press at a canvas point, in points (`didLongPressAtCoordinate`, or the window's long press).
    case longPressMap(x: Double, y: Double)
    /// The app sets the camera (`GMSMapView.moveCamera`): the parts not given keep their values.
    case moveCamera(target: Coordinate?, zoom: Double?, bearing: Double?)
    /// A user drags the map: the drawing moves by this many canvas points (y down).
    case pan(x: Double, y: Double)
    /// `mapView.selectedMarker = …`; nil deselects.
    case select(String?)
    /// New properties of a marker: the marker as it is after the change.
    case set(MarkerSpec)
}
