import Graphics

/// One overlay of the map (SPEC.md, "Shapes"), decoded: what every `GMSOverlay` has, and its own geometry
/// and style.
struct ShapeSpec: Sendable {
    /// The overlay's kind, as the report and `check` name it.
    package enum Kind: String, Sendable, CaseIterable {
        case polyline, polygon, circle, groundOverlay
    }

    /// The given `id`, or where it is declared (`polylines[0]`, `geojson.features[3]`).
    var id: String
    /// Higher draws later, among the shapes only.
    var zIndex: Int
    /// Taps and `hit` report it.
    var tappable: Bool
    var geometry: ShapeGeometry
    /// Where the spec declares it, for messages.
    var path: JSONPath
    /// A hash of what the shape draws (`ShapeDigest`), so that the layout report, and with it the
    /// fingerprint, changes when its looks do.
    var digest = ""

    var kind: Kind {
        switch geometry {
        case .polyline: .polyline
        case .polygon: .polygon
        case .circle: .circle
        case .groundOverlay: .groundOverlay
        }
    }
}

/// What an overlay draws.
enum ShapeGeometry: Sendable {
    case polyline(PolylineSpec)
    case polygon(PolygonSpec)
    case circle(CircleSpec)
    case groundOverlay(GroundOverlaySpec)

    /// Half the stroke, by which the drawing reaches beyond the lines.
    var strokeReach: Double {
        switch self {
        case .polyline(let line): line.stroke.width / 2
        case .polygon(let area): area.stroke.width / 2
        case .circle(let circle): circle.stroke.width / 2
        case .groundOverlay: 0
        }
    }
}

/// A line's width and colour.
struct StrokeSpec: Sendable, Hashable {
    /// Points.
    var width: Double
    var color: RGBA
}

/// `GMSPolyline`.
struct PolylineSpec: Sendable {
    var path: [Coordinate]
    var stroke = StrokeSpec(width: 1, color: RGBA(hex: 0x0000FF))
    var geodesic = false
    /// `GMSStyleSpan`s over the segments, in order; empty: `stroke.color` all along.
    var spans: [StyleSpan] = []
    /// Dashes, gaps and dots repeated along the line; empty: solid.
    var pattern: [PatternItem] = []
}

/// `GMSStyleSpan`: a style over a number of segments.
struct StyleSpan: Sendable, Hashable {
    enum Style: Sendable, Hashable {
        case color(RGBA)
        /// From the first colour at the span's start to the second at its end.
        case gradient(from: RGBA, to: RGBA)
    }

    var style: Style
    /// How many segments it covers (a fraction of one too).
    var segments: Double
}

/// One item of a stroke pattern, lengths in points.
enum PatternItem: Sendable, Hashable {
    case dash(Double)
    case gap(Double)
    /// A round dot as wide as the stroke.
    case dot
}

/// `GMSPolygon`.
struct PolygonSpec: Sendable {
    var path: [Coordinate]
    var holes: [[Coordinate]] = []
    var fill: RGBA? = RGBA(hex: 0x0000FF).withAlpha(0x40 / 255)
    var stroke = StrokeSpec(width: 1, color: RGBA(hex: 0x000000))
    var geodesic = false
}

/// `GMSCircle`: the geodesic circle of `radius` metres around `position`.
struct CircleSpec: Sendable {
    var position: Coordinate
    var radius: Double
    var fill: RGBA?
    var stroke = StrokeSpec(width: 1, color: RGBA(hex: 0x000000))
}

/// `GMSGroundOverlay`: an image laid on the map.
struct GroundOverlaySpec: Sendable {
    /// Where it lies: between two corners, or at a point at the size it has at a zoom.
    enum Placement: Sendable {
        case bounds(southWest: Coordinate, northEast: Coordinate)
        case position(Coordinate, zoomLevel: Double)
    }

    var file: String
    var bytes: [UInt8]
    /// A hash of `bytes`, made once.
    var imageDigest: String
    /// Where the spec names the image.
    var source: JSONPath
    var placement: Placement
    /// The image point at `position`, and the one it turns about.
    var anchor = UnitPoint(x: 0.5, y: 0.5)
    /// Degrees clockwise from north.
    var bearing: Double = 0
    var opacity: Double = 1
}
