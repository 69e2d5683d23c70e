extension SpecDescription {
    /// One event of a scenario: each kind's key (`SpecEventKind`), and `handled` beside the taps.
    static let event = SpecObject(
        "one event of a scenario",
        keys: SpecEventKind.allCases.flatMap { kind in
            [SpecKey(name: kind.rawValue, type: kind.type)]
                + (kind == .tapMarker ? [SpecKey(name: handled, type: .bool("the delegate returns YES: nothing else happens"), default: false)] : [])
        })

    /// The key that may stand beside a tap's kind.
    static let handled = "handled"

    static let moveCamera = SpecObject("the app sets the camera (willMove with gesture false); parts left out keep their values", [
        "target": .reference(.coordinate), "zoom": .number("Web Mercator zoom", 0...22), "bearing": .number("degrees clockwise from north"),
    ])

    static let pan = shift("a user drags the map by this many points (willMove with gesture true)", range: -100_000...100_000)

    static func canvasPoint(_ description: String) -> SpecObject {
        SpecObject(description, ["x": .number("points"), "y": .number("points")], required: ["x", "y"])
    }
}
