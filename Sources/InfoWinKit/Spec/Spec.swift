import Graphics

/// A validated spec (SPEC.md, "Top level"): every default filled in, every path resolved.
public struct Spec: Sendable {
    /// The name of the spec file in messages (`-` is shown as `<stdin>`).
    package var file: String
    /// The canvas and camera.
    package var map: MapSpec
    /// Which fonts to use.
    package var fonts: FontSetup
    /// The info window of every marker without its own.
    package var infoWindow: InfoWindowSpec
    /// The markers, in input order.
    package var markers: [MarkerSpec]
    /// The id of the marker whose window is shown, if any.
    package var selectedMarker: String?
    /// `showInfoWindows`: more markers whose windows are shown at once, after the selected one's, later on top.
    package var showInfoWindows: [String] = []
    /// True when the spec gives `showInfoWindows` (the report then lists every window in `infoWindows`).
    var listsInfoWindows = false
    /// Whose default window and pin are drawn.
    package var look: Look = .ios
    /// The device's language and region.
    package var locale = LocaleTag.unitedStatesEnglish
    /// A scenario played from this state by `infowin play`; other commands draw the state before it.
    package var events: [EventSpec] = []
    /// The images of templated image paths, by the path as filled for each marker (and forEach element).
    var templatedImages: [String: ImageAsset] = [:]
    /// Write only the window or the markers, or nil for the whole canvas.
    package var crop: CropSpec?
    /// The interface style and content size category the spec is drawn in (`traits`, or `--traits`).
    package var traits = Traits.standard
    /// The catalog strings shown from a fallback (`--strings`): warnings, and failures with
    /// `--fail-on untranslated`.
    package var untranslated: [UntranslatedString] = []
    /// The JSON text the spec was decoded from (`Spec(json:)` and back).
    public var json: String { String(decoding: jsonBytes, as: UTF8.self) }
    /// Its bytes, kept as read: made text only when asked for (a 10,000-point path is 700 kB to check).
    var jsonBytes: [UInt8] = []
    /// The absolute folder its relative asset paths started from (the spec file's, or the first asset root
    /// for a posted spec): files read are named from it in the fingerprint.
    package var folder = ""
    /// Every file decoding read (icons, GeoJSON), as `HASH NAME` with the name from `folder`, in the order
    /// read: with `json`, what the spec is made of (its input hash).
    var filesRead: [String] = []
    /// A digest of `json` in a canonical form (`JSONValue.canonicalDigest`): specs that differ only in
    /// spacing, member order or how numbers are written have the same input hash.
    var canonicalDigest = ""
    /// Each key path's digest (`SpecKeyDigests`), written into the image so that a failed check can name
    /// the spec key that changed; nil for a spec with too many.
    var keyDigests: [String]?
    /// Each catalog key the variant filled in, with a digest of what it filled (`DIGEST KEY`), so that a
    /// failed check can name the catalog string that changed; nil without a catalog.
    var catalogKeyDigests: [String]?
    /// True when the spec was decoded with a catalog (`--strings`): shared views fill its strings per
    /// marker as they are laid out (what they show is then known only after layout), and ICU formats its
    /// plurals and numbers (the only text ICU makes).
    var hasCatalog = false
    /// The overlays (SPEC.md, "Shapes"), in input order.
    var shapes: [ShapeSpec] = []
}

/// The canvas: size in points, pixel scale, camera and background.
package struct MapSpec: Sendable {
    /// Canvas width in points.
    package var width: Double
    /// Canvas height in points.
    package var height: Double
    /// Output pixels per point.
    package var scale: Double
    /// Where the map looks.
    package var camera: CameraSpec
    /// The map's fill.
    package var background: RGBA
    /// A real map under the markers, or nil for the plain background.
    package var tiles: TilesSpec?
    /// A vector basemap under the markers (never with `tiles`), or nil.
    package var basemap: BasemapSpec?
    /// `GMSMapView.padding`: the camera target sits at the centre of the canvas less this.
    package var padding = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    /// `camera.fit`: the camera is chosen to show these markers (and the window), or nil.
    package var fit: CameraFit?
    /// `autoPan`: the pan padding in points when the camera moves to show the open window, or nil for no panning.
    var autoPanPadding: Double?
    /// True when `autoPan` is `false` in the spec: no panning even in a look that pans by default (`web`).
    var autoPanTurnedOff = false
}

extension MapSpec {
    /// The projection of `camera` (the map's own by default) on this canvas, padding included.
    func projection(_ camera: CameraSpec? = nil) -> MapProjection {
        MapProjection(camera: camera ?? self.camera, width: width, height: height, padding: padding)
    }
}

/// `map.camera.fit` (SPEC.md, "Framing").
package struct CameraFit: Sendable {
    /// The markers to show, or nil for all.
    package var markers: [String]?
    /// Space kept free inside the canvas (and `map.padding`).
    package var padding: EdgeInsets
    /// Whether the open window (tail and shadow included) must be shown too.
    var includeInfoWindow: Bool
    /// The highest zoom chosen.
    package var maxZoom: Double
    /// Whether every shape's extent must be shown too.
    package var shapes = false
}

/// `crop` (SPEC.md, "Framing"): write only part of the canvas.
package struct CropSpec: Sendable, Equatable {
    /// What to keep.
    package enum Target: String, Sendable, CaseIterable {
        case window, markers, shapes
    }

    /// What to keep.
    package var target: Target
    /// Points around it.
    var margin: Double

    /// Keeps `target` with `margin` points around it.
    package init(target: Target, margin: Double = 8) {
        self.target = target
        self.margin = margin
    }
}

/// `GMSCameraPosition`: target, zoom and bearing.
package struct CameraSpec: Sendable, Equatable {
    /// The coordinate at the canvas centre.
    package var target: Coordinate
    /// Web Mercator zoom (256 pt world at zoom 0).
    package var zoom: Double
    /// Degrees clockwise from north.
    var bearing: Double
}

/// A latitude and longitude in degrees.
public struct Coordinate: Hashable, Sendable {
    /// −90…90.
    public var latitude: Double
    /// −180…180.
    public var longitude: Double

    /// Makes a coordinate.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A point in an icon's unit square (0,0 top-left, 1,1 bottom-right).
package struct UnitPoint: Hashable, Sendable {
    /// 0…1 from the left.
    package var x: Double
    /// 0…1 from the top.
    package var y: Double
}

/// One `GMSMarker`.
package struct MarkerSpec: Sendable {
    /// Unique, non-empty id.
    package var id: String
    /// Where the ground anchor sits.
    package var position: Coordinate
    /// The bold first line of the window.
    package var title: String?
    /// The smaller text under the title.
    package var snippet: String?
    /// What is drawn as the marker.
    package var icon: IconSpec
    /// A view drawn as the marker instead of `icon`.
    package var iconView: ViewSpec?
    /// The icon point placed on `position`.
    package var groundAnchor: UnitPoint
    /// The icon point the window's tail touches.
    var infoWindowAnchor: UnitPoint
    /// Degrees clockwise about the ground anchor.
    package var rotation: Double
    /// True: the icon turns with the map's bearing.
    var flat: Bool
    /// 0…1.
    package var opacity: Double
    /// Higher draws later.
    package var zIndex: Int
    /// Whether an open window shows changes at once (scenarios).
    var tracksInfoWindowChanges: Bool
    /// Values for templates, in input order.
    package var userData: [UserDataEntry]
    /// This marker's window, or the spec's when nil.
    package var infoWindow: InfoWindowSpec?
    /// `pin` (`GMSPinImage`): the look's pin in other colours and with a glyph, or nil for the look's own.
    package var pin: PinImageSpec? = nil
    /// Whether the marker may be hidden where it overlaps others.
    var collisionBehavior = CollisionBehavior.required
    /// False: taps and `hit` pass through the marker to what is below it.
    package var tappable = true
    /// The icon view's root `clipsToBounds`: false lets its views draw outside its frame.
    var iconViewClipsToBounds = true
    /// What drawing this marker's window would fail with when it shows the top-level window (a template
    /// naming a userData value the marker lacks): raised only when the window is drawn (SPEC.md, "Shards
    /// by render, causes, CI engines": a top-level template is checked only against the markers drawn
    /// with it), by the decoder for `selectedMarker` and `showInfoWindows`, by the layout for the rest.
    var topLevelWindowError: InfoWinError? = nil
    /// True when `infoWindow` is the top-level window filled with this marker's data-driven values, not
    /// a window of its own.
    var sharesTopLevelWindow = false
}

/// One `userData` value, kept as the text a template shows, and as written when it nests.
package struct UserDataEntry: Hashable, Sendable {
    /// The key.
    package var key: String
    /// The value as text (`12`, `true`, `Paris`; an array's elements joined by ", "; "" for an object).
    package var text: String
    /// An array's elements as text, for `forEach`; nil for a single value (or an array of objects).
    package var items: [String]? = nil
    /// The value, objects and arrays of objects included.
    package var value: UserDataValue

    /// A scalar (`items` nil) or an array of scalars.
    package init(key: String, text: String, items: [String]? = nil) {
        self.key = key
        self.text = text
        self.items = items
        value = items.map { .list($0.map(UserDataValue.text)) } ?? .text(text)
    }

    /// Any value, nested ones included.
    package init(key: String, value: UserDataValue) {
        self.key = key
        self.value = value
        text = value.text ?? ""
        items = value.elements?.compactMap(\.text).count == value.elements?.count ? value.elements?.compactMap(\.text) : nil
    }
}

/// A marker's icon.
package enum IconSpec: Sendable {
    /// The default pin, tinted when a colour is given.
    case pin(color: RGBA)
    /// A PNG image: its real path, its bytes, how many pixels make a point, and where the spec names it.
    case image(file: String, bytes: [UInt8], scale: Double, source: JSONPath)
}

/// How a marker's info window is made (the map's delegate, or the marker's own).
package struct InfoWindowSpec: Sendable {
    /// The default frame and text.
    package var style: WindowStyle
    /// The default title and snippet, a custom view inside the default frame, or a whole custom window.
    package var content: InfoWindowContent = .standard
    /// The Maps JavaScript `InfoWindowOptions` keys: `disableAutoPan`, `pixelOffset`, `minWidth`, `maxWidth`.
    package var options = InfoWindowOptions()
}

/// What fills an info window (`mapView:markerInfoWindow:` is asked first, then `markerInfoContents`).
package enum InfoWindowContent: Sendable {
    /// The default window: bold title, smaller snippet.
    case standard
    /// `contents`: a custom view inside the default frame, tail and shadow.
    case contents(ViewSpec)
    /// `window`: a custom view is the whole window, its own frame, background, tail and shadow.
    case window(ViewSpec)

    /// True for a custom view that is the whole window (no default frame, padding or close button).
    var isCustomWindow: Bool {
        if case .window = self { return true }
        return false
    }

    /// The view, for custom content.
    var view: ViewSpec? {
        switch self {
        case .standard: nil
        case .contents(let view), .window(let view): view
        }
    }
}

/// SPEC.md's `style` keys; `init()` gives the `ios` look's defaults, measured from the SDK's own art.
package struct WindowStyle: Sendable {
    /// Text width limit.
    var maxWidth: Double = 250
    /// The narrowest the body may be (the SDK's bubble art is 52 pt wide without its stretchable middle).
    var minWidth: Double = 52
    /// Space between the frame and the text.
    package var padding: Double = 12
    /// Radius of the body's corners.
    var cornerRadius: Double = 1
    /// The body's fill.
    package var background = RGBA(red: 1, green: 1, blue: 1)
    /// The tail, or nil for none: a right-angle tip (45° sides).
    package var tail: TailStyle? = TailStyle(width: 11.3, height: 5.7)
    /// The shadow, or nil for none: near-black, σ 2.2 pt, 0.6 pt down.
    package var shadow: ShadowStyle? = ShadowStyle(
        color: RGBA(red: 0, green: 0, blue: 0, alpha: 0xA1 / 255.0), blur: 4.4, offsetX: 0, offsetY: 0.6)
    /// The title's font.
    package var titleFont = TextStyle(family: Look.defaultFamily, size: 15, weight: 700)
    /// The title's colour.
    var titleColor = RGBA(hex: 0x202124)
    /// Lines of title before "…".
    var titleMaxLines = 2
    /// The snippet's font.
    package var snippetFont = TextStyle(family: Look.defaultFamily, size: 13)
    /// The snippet's colour.
    var snippetColor = RGBA(hex: 0x5F6368)
    /// Lines of snippet before "…".
    var snippetMaxLines = 5
    /// Where title and snippet lines sit in the window's width.
    var textAlign = TextAlign.start
    /// A close button in the top-right corner (the web look's), or nil for none.
    var closeButton: CloseButtonStyle?

    /// The `ios` look's defaults.
    package init() {}
}

/// The triangle under the window body.
package struct TailStyle: Sendable {
    /// Width of its base in points.
    package var width: Double
    /// Height from base to tip in points.
    package var height: Double
}

/// A blurred shadow under the window.
package struct ShadowStyle: Sendable {
    /// Colour and opacity.
    package var color: RGBA
    /// Blur radius in points.
    package var blur: Double
    /// Horizontal offset in points.
    var offsetX: Double
    /// Vertical offset in points.
    var offsetY: Double
    /// How far the shape is grown before it is blurred, in points (CSS `box-shadow`'s spread).
    package var spread: Double = 0
}

extension RGBA {
    /// An opaque colour from 0xRRGGBB.
    init(hex: UInt32) {
        self.init(
            red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: 1)
    }
}
