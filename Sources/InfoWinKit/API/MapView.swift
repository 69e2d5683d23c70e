/// A map with markers and at most one open info window (`GMSMapView`), built in code:
/// `var map = MapView(width: 390, height: 300, camera: Camera(target: london, zoom: 12))`,
/// `map.markers = [marker]`, `map.selectedMarker = "london"`.
///
/// The facade has no model of its own: `spec` writes its fields as the JSON spec format (SPEC.md) and
/// decodes that with the same decoder as `infowin render`, so every rule and error message is the
/// command line's. Keys without a field go in `extraJSON`.
public struct MapView: Sendable, Equatable {
    /// Canvas width in points.
    public var width: Double
    /// Canvas height in points.
    public var height: Double
    /// Output pixels per point (`map.scale`), or nil for the spec's default.
    public var scale: Double?
    /// Where the map looks.
    public var camera: Camera
    /// The map's fill colour (`map.background`, `#RRGGBB[AA]`), or nil for the default.
    public var background: String?
    /// Map tiles under the markers (`map.tiles`), as JSON: `#"{ "source": "tiles/{z}/{x}/{y}.png" }"#`.
    public var tiles: RawJSON?
    /// The markers, drawn in order (then by `zIndex`).
    public var markers: [Marker] = []
    /// The id of the marker whose info window is open, or nil for none.
    public var selectedMarker: String?
    /// Whose window and pin are drawn: the iOS SDK's, Android's or the JavaScript API's (`look`).
    public var look: Look?
    /// The device's language and region (`locale`, a BCP 47 tag such as `de-DE`).
    public var locale: String?
    /// The trait collection (`traits`), as JSON: `#"{ "userInterfaceStyle": "dark" }"#`.
    public var traits: RawJSON?
    /// The info window of every marker without its own (`infoWindow`).
    public var infoWindow: InfoWindow?
    /// Font files to draw with (`fonts`: paths).
    public var fonts: [String] = []
    /// True to draw with `fonts` only, whatever the machine has (`hermeticFonts`).
    public var hermeticFonts = false
    /// More top-level keys of the spec (`#"{ "crop": "window" }"#`), replacing fields of the same key.
    public var extraJSON: RawJSON?

    /// A map of `width` × `height` points looking through `camera`.
    public init(width: Double, height: Double, camera: Camera) {
        self.width = width
        self.height = height
        self.camera = camera
    }

    /// The map as a spec in the JSON format, validated: throws the command line's error for a bad value.
    /// A map built in code is the program's own, so its files (icons, fonts, tiles) may be anywhere.
    public var spec: Spec {
        get throws(InfoWinError) { try Spec(json: try jsonText, assetRoots: Self.assetRoots) }
    }

    /// The asset roots of a map built in code: the whole file system.
    public static let assetRoots = ["/"]

    /// The map's JSON spec text (not yet validated: `spec` does that).
    public var jsonText: String {
        get throws(InfoWinError) { JSONWriter.write(try json) }
    }

    private var json: JSONValue.Kind {
        get throws(InfoWinError) {
            var map = JSONObjectBuilder()
            map.set("width", width)
            map.set("height", height)
            map.set("scale", scale)
            map.set("camera", camera.json)
            map.set("background", background)
            map.set("tiles", try tiles?.value(for: "map.tiles"))
            var top = JSONObjectBuilder()
            top.set("version", 1)
            top.set("map", map.kind)
            if !fonts.isEmpty { top.set("fonts", .list(fonts.map(JSONValue.Kind.string))) }
            if hermeticFonts { top.set("hermeticFonts", .bool(true)) }
            top.set("look", look?.rawValue)
            top.set("locale", locale)
            top.set("traits", try traits?.value(for: "traits"))
            top.set("infoWindow", try infoWindow?.json(field: "infoWindow"))
            var list: [JSONValue.Kind] = []
            for (index, marker) in markers.enumerated() {
                list.append(try marker.json(field: "markers[\(index)]"))
            }
            if !list.isEmpty { top.set("markers", .list(list)) }
            top.set("selectedMarker", selectedMarker)
            return try top.kind(adding: extraJSON, field: "extraJSON")
        }
    }
}
