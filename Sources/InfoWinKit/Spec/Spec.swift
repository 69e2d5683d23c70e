import Graphics

/// A validated spec (SPEC.md, "Top level"): every default filled in, every path resolved.
public struct Spec: Sendable {
    /// The name of the spec file in messages (`-` is shown as `<stdin>`).
    public var file: String
    /// The canvas and camera.
    public var map: MapSpec
    /// Which fonts to use.
    public var fonts: FontSetup
    /// The info window of every marker without its own.
    public var infoWindow: InfoWindowSpec
    /// The markers, in input order.
    public var markers: [MarkerSpec]
    /// The id of the marker whose window is shown, if any.
    public var selectedMarker: String?
    /// `showInfoWindows`: more markers whose windows are shown at once, after the selected one's, later on top.
    public var showInfoWindows: [String] = []
    /// True when the spec gives `showInfoWindows` (the report then lists every window in `infoWindows`).
    public var listsInfoWindows = false
    /// Whose default window and pin are drawn.
    public var look: Look = .ios
    /// The device's language and region.
    public var locale = LocaleTag.unitedStatesEnglish
    /// A scenario played from this state by `infowin play`; other commands draw the state before it.
    public var events: [EventSpec] = []
    /// The images of templated image paths, by the path as filled for each marker (and forEach element).
    public var templatedImages: [String: ImageAsset] = [:]
    /// Write only the window or the markers, or nil for the whole canvas.
    public var crop: CropSpec?
    /// The interface style and content size category the spec is drawn in (`traits`, or `--traits`).
    public var traits = Traits.standard
    /// The catalog strings shown from a fallback (`--strings`): warnings, and failures with
    /// `--fail-on untranslated`.
    public var untranslated: [UntranslatedString] = []
    /// The JSON text the spec was decoded from (`Spec(json:)` and back).
    public var json = ""
    /// The overlays (SPEC.md, "Shapes"), in input order.
    var shapes: [ShapeSpec] = []
}

/// The canvas: size in points, pixel scale, camera and background.
public struct MapSpec: Sendable {
    /// Canvas width in points.
    public var width: Double
    /// Canvas height in points.
    public var height: Double
    /// Output pixels per point.
    public var scale: Double
    /// Where the map looks.
    public var camera: CameraSpec
    /// The map's fill.
    public var background: RGBA
    /// A real map under the markers, or nil for the plain background.
    public var tiles: TilesSpec?
    /// `GMSMapView.padding`: the camera target sits at the centre of the canvas less this.
    public var padding = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    /// `camera.fit`: the camera is chosen to show these markers (and the window), or nil.
    public var fit: CameraFit?
    /// `autoPan`: the pan padding in points when the camera moves to show the open window, or nil for no panning.
    public var autoPanPadding: Double?
    /// True when `autoPan` is `false` in the spec: no panning even in a look that pans by default (`web`).
    public var autoPanTurnedOff = false
}

extension MapSpec {
    /// The projection of `camera` (the map's own by default) on this canvas, padding included.
    func projection(_ camera: CameraSpec? = nil) -> MapProjection {
        MapProjection(camera: camera ?? self.camera, width: width, height: height, padding: padding)
    }
}

/// `map.camera.fit` (SPEC.md, "Framing").
public struct CameraFit: Sendable {
    /// The markers to show, or nil for all.
    public var markers: [String]?
    /// Space kept free inside the canvas (and `map.padding`).
    public var padding: EdgeInsets
    /// Whether the open window (tail and shadow included) must be shown too.
    public var includeInfoWindow: Bool
    /// The highest zoom chosen.
    public var maxZoom: Double
    /// Whether every shape's extent must be shown too.
    public var shapes = false
}

/// `crop` (SPEC.md, "Framing"): write only part of the canvas.
public struct CropSpec: Sendable, Equatable {
    /// What to keep.
    public enum Target: String, Sendable, CaseIterable {
        case window, markers, shapes
    }

    /// What to keep.
    public var target: Target
    /// Points around it.
    public var margin: Double

    /// Keeps `target` with `margin` points around it.
    public init(target: Target, margin: Double = 8) {
        self.target = target
        self.margin = margin
    }
}

/// `GMSCameraPosition`: target, zoom and bearing.
public struct CameraSpec: Sendable, Equatable {
    /// The coordinate at the canvas centre.
    public var target: Coordinate
    /// Web Mercator zoom (256 pt world at zoom 0).
    public var zoom: Double
    /// Degrees clockwise from north.
    public var bearing: Double
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
public struct UnitPoint: Hashable, Sendable {
    /// 0…1 from the left.
    public var x: Double
    /// 0…1 from the top.
    public var y: Double
}

/// One `GMSMarker`.
public struct MarkerSpec: Sendable {
    /// Unique, non-empty id.
    public var id: String
    /// Where the ground anchor sits.
    public var position: Coordinate
    /// The bold first line of the window.
    public var title: String?
    /// The smaller text under the title.
    public var snippet: String?
    /// What is drawn as the marker.
    public var icon: IconSpec
    /// A view drawn as the marker instead of `icon`.
    public var iconView: ViewSpec?
    /// The icon point placed on `position`.
    public var groundAnchor: UnitPoint
    /// The icon point the window's tail touches.
    public var infoWindowAnchor: UnitPoint
    /// Degrees clockwise about the ground anchor.
    public var rotation: Double
    /// True: the icon turns with the map's bearing.
    public var flat: Bool
    /// 0…1.
    public var opacity: Double
    /// Higher draws later.
    public var zIndex: Int
    /// Whether an open window shows changes at once (scenarios).
    public var tracksInfoWindowChanges: Bool
    /// Values for templates, in input order.
    public var userData: [UserDataEntry]
    /// This marker's window, or the spec's when nil.
    public var infoWindow: InfoWindowSpec?
    /// `pin` (`GMSPinImage`): the look's pin in other colours and with a glyph, or nil for the look's own.
    public var pin: PinImageSpec? = nil
    /// Whether the marker may be hidden where it overlaps others.
    public var collisionBehavior = CollisionBehavior.required
    /// False: taps and `hit` pass through the marker to what is below it.
    public var tappable = true
    /// The icon view's root `clipsToBounds`: false lets its views draw outside its frame.
    public var iconViewClipsToBounds = true
}

/// One `userData` value, kept as the text a template shows, and as written when it nests.
public struct UserDataEntry: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The value as text (`12`, `true`, `Paris`; an array's elements joined by ", "; "" for an object).
    public var text: String
    /// An array's elements as text, for `forEach`; nil for a single value (or an array of objects).
    public var items: [String]? = nil
    /// The value, objects and arrays of objects included.
    public var value: UserDataValue

    /// A scalar (`items` nil) or an array of scalars.
    public init(key: String, text: String, items: [String]? = nil) {
        self.key = key
        self.text = text
        self.items = items
        value = items.map { .list($0.map(UserDataValue.text)) } ?? .text(text)
    }

    /// Any value, nested ones included.
    public init(key: String, value: UserDataValue) {
        self.key = key
        self.value = value
        text = value.text ?? ""
        items = value.elements?.compactMap(\.text).count == value.elements?.count ? value.elements?.compactMap(\.text) : nil
    }
}

/// A marker's icon.
public enum IconSpec: Sendable {
    /// The default pin, tinted when a colour is given.
    case pin(color: RGBA)
    /// A PNG image: its real path, its bytes, how many pixels make a point, and where the spec names it.
    case image(file: String, bytes: [UInt8], scale: Double, source: JSONPath)
}

/// How a marker's info window is made (the map's delegate, or the marker's own).
public struct InfoWindowSpec: Sendable {
    /// The default frame and text.
    public var style: WindowStyle
    /// The default title and snippet, a custom view inside the default frame, or a whole custom window.
    public var content: InfoWindowContent = .standard
    /// The Maps JavaScript `InfoWindowOptions` keys: `disableAutoPan`, `pixelOffset`, `minWidth`, `maxWidth`.
    public var options = InfoWindowOptions()
}

/// What fills an info window (`mapView:markerInfoWindow:` is asked first, then `markerInfoContents`).
public enum InfoWindowContent: Sendable {
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
public struct WindowStyle: Sendable {
    /// Text width limit.
    public var maxWidth: Double = 250
    /// The narrowest the body may be (the SDK's bubble art is 52 pt wide without its stretchable middle).
    public var minWidth: Double = 52
    /// Space between the frame and the text.
    public var padding: Double = 12
    /// Radius of the body's corners.
    public var cornerRadius: Double = 1
    /// The body's fill.
    public var background = RGBA(red: 1, green: 1, blue: 1)
    /// The tail, or nil for none: a right-angle tip (45° sides).
    public var tail: TailStyle? = TailStyle(width: 11.3, height: 5.7)
    /// The shadow, or nil for none: near-black, σ 2.2 pt, 0.6 pt down.
    public var shadow: ShadowStyle? = ShadowStyle(
        color: RGBA(red: 0, green: 0, blue: 0, alpha: 0xA1 / 255.0), blur: 4.4, offsetX: 0, offsetY: 0.6)
    /// The title's font.
    public var titleFont = TextStyle(family: Look.defaultFamily, size: 15, weight: 700)
    /// The title's colour.
    public var titleColor = RGBA(hex: 0x202124)
    /// Lines of title before "…".
    public var titleMaxLines = 2
    /// The snippet's font.
    public var snippetFont = TextStyle(family: Look.defaultFamily, size: 13)
    /// The snippet's colour.
    public var snippetColor = RGBA(hex: 0x5F6368)
    /// Lines of snippet before "…".
    public var snippetMaxLines = 5
    /// Where title and snippet lines sit in the window's width.
    public var textAlign = TextAlign.start
    /// A close button in the top-right corner (the web look's), or nil for none.
    public var closeButton: CloseButtonStyle?

    /// The `ios` look's defaults.
    public init() {}
}

/// The triangle under the window body.
public struct TailStyle: Sendable {
    /// Width of its base in points.
    public var width: Double
    /// Height from base to tip in points.
    public var height: Double
}

/// A blurred shadow under the window.
public struct ShadowStyle: Sendable {
    /// Colour and opacity.
    public var color: RGBA
    /// Blur radius in points.
    public var blur: Double
    /// Horizontal offset in points.
    public var offsetX: Double
    /// Vertical offset in points.
    public var offsetY: Double
    /// How far the shape is grown before it is blurred, in points (CSS `box-shadow`'s spread).
    public var spread: Double = 0
}

extension RGBA {
    /// An opaque colour from 0xRRGGBB.
    init(hex: UInt32) {
        self.init(
            red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: 1)
    }
}
