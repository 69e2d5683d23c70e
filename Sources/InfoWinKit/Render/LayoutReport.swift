/// What a render drew, in output pixels (SPEC.md, "Layout report"): the renderer's answer, written out as
/// `*.layout.json` and read back from golden reports. Lengths are rounded to a thousandth of a pixel;
/// positions count from the written image's top-left corner.
public struct LayoutReport: Sendable, Equatable {
    /// The written image's size and scale, and the crop it was cut from.
    public let image: Image
    /// Every marker, in input order.
    public let markers: [Marker]
    /// The selected marker's window, or nil when none is shown.
    public let infoWindow: InfoWindow?
    /// Characters no font could draw, each drawn as a box.
    public let missingGlyphs: [MissingGlyph]
    /// Warnings, each also printed on standard error (the map tiles' among them).
    public let warnings: [String]
    /// Each warning's kind (`--quiet`), known for a report made by this run only.
    var warningKinds = WarningKinds()
    /// The look drawn (`ios`, `android`, `web`).
    public let look: String
    /// The locale drawn, as a BCP 47 tag.
    public let locale: String
    /// The camera the markers were placed with (after framing).
    package let camera: CameraSpec
    /// The markers collisions hid, or nil when no marker's `collisionBehavior` can hide one.
    package let hiddenByCollision: [String]?
    /// Every window shown, the selected marker's first, or nil when the spec does not give `showInfoWindows`.
    public let infoWindows: [InfoWindow]?
    /// The map tiles drawn, or nil when there is no tile map.
    package let tiles: Tiles?
    /// The map tiles' attribution box, or nil when there is none.
    let attribution: Frame?
    /// The catalog strings shown from a fallback. Their reasons are not in the JSON: a report read back
    /// from a file lists none.
    package let untranslated: [UntranslatedString]
    /// The map tiles the source does not have with the source and reasons, or nil when it has them all
    /// (or there is no map). Not in the JSON beyond `tiles.missing`: nil in a report read back.
    let missingTiles: MissingTiles?
    /// Every shape in drawing order, or nil when the spec has none (SPEC.md, "Shapes").
    package let shapes: [Shape]?
    /// The vector basemap drawn, or nil when the map has none (SPEC.md, "Vector basemaps").
    package let basemap: Basemap?

    /// The report as pretty-printed JSON text, written once: it is hashed into the fingerprint and written
    /// out, and with 10,000 markers it is most of a frame's cost in `play`.
    public private(set) var text = ""

    init(
        image: Image, markers: [Marker], infoWindow: InfoWindow?, missingGlyphs: [MissingGlyph], warnings: [String], look: String,
        locale: String, camera: CameraSpec, hiddenByCollision: [String]?, infoWindows: [InfoWindow]?, tiles: Tiles?,
        attribution: Frame?, untranslated: [UntranslatedString], missingTiles: MissingTiles?, shapes: [Shape]? = nil,
        basemap: Basemap? = nil
    ) {
        self.image = image
        self.markers = markers
        self.infoWindow = infoWindow
        self.missingGlyphs = missingGlyphs
        self.warnings = warnings
        self.look = look
        self.locale = locale
        self.camera = camera
        self.hiddenByCollision = hiddenByCollision
        self.infoWindows = infoWindows
        self.tiles = tiles
        self.attribution = attribution
        self.untranslated = untranslated
        self.missingTiles = missingTiles
        self.shapes = shapes
        self.basemap = basemap
        text = JSONWriter.write(LayoutReportWriter.json(of: self))
    }
}

extension LayoutReport {
    /// A rectangle in output pixels.
    public struct Frame: Sendable, Equatable {
        /// The left edge.
        public var x: Double
        /// The top edge.
        public var y: Double
        /// The width.
        public var width: Double
        /// The height.
        public var height: Double
    }

    /// A point in output pixels.
    public struct Position: Sendable, Equatable {
        /// From the left edge.
        public var x: Double
        /// From the top edge.
        public var y: Double
    }

    /// The written image.
    public struct Image: Sendable, Equatable {
        /// Its width in pixels.
        public var width: Double
        /// Its height in pixels.
        public var height: Double
        /// Output pixels per point.
        public var scale: Double
        /// The part of the canvas it was cut from, or nil for the whole canvas.
        package var crop: Frame?
    }

    /// Shown text: its lines as drawn and whether anything was cut.
    public struct Text: Sendable, Equatable {
        /// The lines drawn, a cut one ending in "…".
        public var lines: [String]
        /// True when characters were left out.
        public var truncated: Bool
        /// Its frame; nil for an icon view's texts, which are in the icon's own points.
        public var frame: Frame?
        /// True when the text is drawn whole but its box cannot hold it.
        public var clipped: Bool
    }

    /// One marker's icon and anchors.
    public struct Marker: Sendable, Equatable {
        /// The marker's `id`.
        public var id: String
        /// The icon's bounding box.
        public var icon: Frame
        /// Where the icon touches the map.
        public var groundAnchor: Position
        /// Where its window's tail points.
        public var infoWindowAnchor: Position
        /// An icon view's texts, or nil for an icon that is not a view.
        public var texts: [Text]?
        /// A pin image's scale and glyph, or nil for other icons.
        package var pin: Pin?
    }

    /// A pin image (`GMSPinImage`).
    package struct Pin: Sendable, Equatable {
        /// The pin's scale.
        public var scale: Double
        /// What its head shows.
        package var glyph: PinGlyph
    }

    /// What a pin's head shows.
    package enum PinGlyph: Sendable, Equatable {
        /// The plain dot.
        case dot
        /// One bold line, its font size in points; the text's frame is the glyph's.
        case text(Text, fontSize: Double)
        /// An image, drawn in `frame`.
        case image(frame: Frame?)
    }

    /// One info window.
    public struct InfoWindow: Sendable, Equatable {
        /// The id of the marker it belongs to.
        public var marker: String
        /// `default` (title and snippet), `contents` (a view in the default frame) or `window` (a view as the whole window).
        public var kind: String
        /// Its frame, the tail left out.
        public var frame: Frame
        /// The tip of its tail.
        public var tailTip: Position
        /// The canvas edges that cut it (`top`, `left`, `bottom`, `right`).
        public var clipped: [String]
        /// The title, or nil.
        public var title: Text?
        /// The snippet, or nil.
        public var snippet: Text?
        /// A view's texts, in drawing order.
        public var texts: [Text]
        /// The close button's frame, or nil when it has none.
        public var closeButton: Frame?
    }

    /// A character drawn as a box.
    public struct MissingGlyph: Sendable, Equatable {
        /// The id of the marker whose text has it.
        public var marker: String
        /// The character as `U+1F600`.
        public var character: String
    }

    /// The vector basemap of a render: its style, schema, level, tiles and every label placed.
    package struct Basemap: Sendable, Equatable {
        /// The built-in style's name (`light`, `dark`) or the style file's name.
        package var style: String
        /// `openmaptiles`, `protomaps`, or `custom` with a style file.
        package var schema: String
        /// The tile level drawn.
        package var level: Int
        /// How many tiles were drawn, and the missing ones as `z/x/y`.
        package var drawn: Int
        package var missing: [String]
        /// Every label placed, in the order they were placed.
        package var labels: [Label]
        /// The basemap's own warnings (also among the report's warnings).
        package var warnings: [String]
    }

    /// A basemap label where it was placed.
    package struct Label: Sendable, Equatable {
        package var text: String
        /// The style layer's id.
        package var layer: String
        package var frame: Frame
    }

    /// The map tiles of a render.
    package struct Tiles: Sendable, Equatable {
        /// The zoom level fetched.
        package var level: Int
        /// How many tiles were drawn.
        package var drawn: Int
        /// The missing tiles as `z/x/y`.
        package var missing: [String]
    }
}
