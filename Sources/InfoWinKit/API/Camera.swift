// The model's Coordinate (Spec.swift) is the facade's too (the SDK's `CLLocationCoordinate2D`); its JSON
// is written in Scenario/DelegateCallback.swift.

/// A point of a marker's image in unit coordinates (the `CGPoint` of `groundAnchor` and
/// `infoWindowAnchor`): (0, 0) the top left, (0.5, 1) the bottom centre.
public struct Anchor: Sendable, Equatable {
    /// 0 at the left edge, 1 at the right.
    public var x: Double
    /// 0 at the top edge, 1 at the bottom.
    public var y: Double

    /// An anchor.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    var json: JSONValue.Kind { .members(["x": .number(x), "y": .number(y)]) }
}

/// Where the map looks (`GMSCameraPosition`): the spec's `map.camera`.
public struct Camera: Sendable, Equatable {
    /// The point at the centre of the map.
    public var target: Coordinate
    /// The zoom level (0 the whole world; each level doubles the scale).
    public var zoom: Double
    /// Degrees clockwise from north, or nil for north up.
    public var bearing: Double?

    /// A camera looking at `target` at `zoom`.
    public init(target: Coordinate, zoom: Double, bearing: Double? = nil) {
        self.target = target
        self.zoom = zoom
        self.bearing = bearing
    }

    var json: JSONValue.Kind {
        var object = JSONObjectBuilder()
        object.set("target", target.json)
        object.set("zoom", zoom)
        object.set("bearing", bearing)
        return object.kind
    }
}
