extension SpecDescription {
    /// One event of a scenario: each kind's key, and `handled` beside the taps.
    static let event = SpecObject("one event of a scenario", [
        "tapMarker": .string("a marker id"), "handled": .bool("the delegate returns YES: nothing else happens"),
        "tapMap": .object(canvasPoint("a tap at a canvas point")),
        "longPressInfoWindow": .bool("a long press on the open window"),
        "longPressMap": .object(canvasPoint("a long press at a canvas point: didLongPressAtCoordinate")),
        "moveCamera": .object(moveCamera),
        "pan": .object(shift("a user drags the map by this many points (willMove with gesture true)")),
        "select": .anyOf("sets selectedMarker", [.string("a marker id"), .null]),
        "set": .keysOf("changes marker properties; \"marker\" names it"),
    ])

    /// The event keys that may stand beside an event's kind.
    static let eventOptions = ["handled"]

    static let moveCamera = SpecObject("the app sets the camera (willMove with gesture false); parts left out keep their values", [
        "target": .reference(.coordinate), "zoom": .number("Web Mercator zoom", 0...22), "bearing": .number("degrees clockwise from north"),
    ])

    static func canvasPoint(_ description: String) -> SpecObject {
        SpecObject(description, ["x": .number("points"), "y": .number("points")], required: ["x", "y"])
    }
}
