/// One marker (`GMSMarker`): `var marker = Marker(id: "london", position: .init(latitude: 51.5, longitude: -0.127))`,
/// then `marker.title = "London"`. Each field is the spec key of the same name (SPEC.md, "Markers"); nil
/// leaves the spec's default. Keys without a field go in `extraJSON`.
public struct Marker: Sendable, Equatable {
    /// The marker's unique id (what `MapView.selectedMarker` names).
    public var id: String
    /// Where the marker stands.
    public var position: Coordinate
    /// The window's title (`{{title}}` in a custom view).
    public var title: String?
    /// The window's snippet, under the title.
    public var snippet: String?
    /// The marker's image file, instead of the look's pin (`icon`: a path, relative to the current folder).
    public var icon: String?
    /// The pin's colours and glyph (`pin`, `GMSPinImage`), as JSON: `##"{ "background": "#34A853" }"##`.
    public var pin: RawJSON?
    /// The point of the image at the position (`groundAnchor`).
    public var groundAnchor: Anchor?
    /// The point of the image the window's tail points at (`infoWindowAnchor`).
    public var infoWindowAnchor: Anchor?
    /// Drawing order among markers: higher on top (`zIndex`).
    public var zIndex: Int?
    /// Values for templates such as `{{userData.rank}}` (`userData`), each as JSON: `["rank": "3", "name": #""Big Ben""#]`.
    public var userData: [String: RawJSON] = [:]
    /// This marker's own info window (`infoWindow`), or nil for the map's.
    public var infoWindow: InfoWindow?
    /// More keys of the marker's JSON object (`#"{ "opacity": 0.5 }"#`), replacing fields of the same key.
    public var extraJSON: RawJSON?

    /// A marker at `position`.
    public init(id: String, position: Coordinate) {
        self.id = id
        self.position = position
    }

    /// The marker's object in the spec format; errors name `field` (`markers[2]`).
    func json(field: String) throws(InfoWinError) -> JSONValue.Kind {
        var object = JSONObjectBuilder()
        object.set("id", id)
        object.set("position", position.json)
        object.set("title", title)
        object.set("snippet", snippet)
        object.set("icon", icon)
        object.set("pin", try pin?.value(for: field + ".pin"))
        object.set("groundAnchor", groundAnchor?.json)
        object.set("infoWindowAnchor", infoWindowAnchor?.json)
        object.set("zIndex", zIndex.map(Double.init))
        if !userData.isEmpty {
            var data = JSONObjectBuilder()
            for key in userData.keys.sorted() {
                data.set(key, try userData[key]?.value(for: field + ".userData." + key))
            }
            object.set("userData", data.kind)
        }
        object.set("infoWindow", try infoWindow?.json(field: field + ".infoWindow"))
        return try object.kind(adding: extraJSON, field: field + ".extraJSON")
    }
}

/// An info window's content and style (the spec's `infoWindow`): the look's default window with its
/// style changed, or a custom view (`markerInfoWindow(_:)`/`markerInfoContents(_:)` in the SDK).
public struct InfoWindow: Sendable, Equatable {
    /// A custom view for the whole window (`window`), as JSON: `#"{ "vstack": [{ "text": "{{title}}" }] }"#`.
    public var window: RawJSON?
    /// A custom view inside the default frame (`contents`), as JSON.
    public var contents: RawJSON?
    /// More keys of the `infoWindow` object: style keys such as `maxWidth`, `titleColor`, `cornerRadius`.
    public var extraJSON: RawJSON?

    /// The default window, or one with the custom `window` view, or the custom `contents` in the default frame.
    public init(window: RawJSON? = nil, contents: RawJSON? = nil, extraJSON: RawJSON? = nil) {
        self.window = window
        self.contents = contents
        self.extraJSON = extraJSON
    }

    func json(field: String) throws(InfoWinError) -> JSONValue.Kind {
        var object = JSONObjectBuilder()
        object.set("window", try window?.value(for: field + ".window"))
        object.set("contents", try contents?.value(for: field + ".contents"))
        return try object.kind(adding: extraJSON, field: field + ".extraJSON")
    }
}
