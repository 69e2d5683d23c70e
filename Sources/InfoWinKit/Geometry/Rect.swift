/// An axis-aligned rectangle, origin top-left.
public struct Rect: Hashable, Sendable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// Makes a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Right edge.
    public var maxX: Double { x + width }
    /// Bottom edge.
    public var maxY: Double { y + height }

    /// The smallest rectangle holding every point.
    public init(bounding points: [Point]) {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        self.init(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// This rectangle with every number multiplied by `factor`.
    public func scaled(by factor: Double) -> Rect {
        Rect(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
    }

    /// True when the two rectangles share more than an edge.
    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        Rect(bounding: [Point(x: x, y: y), Point(x: maxX, y: maxY), Point(x: other.x, y: other.y), Point(x: other.maxX, y: other.maxY)])
    }

    /// True when `point` is inside or on the edge.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x <= maxX && point.y >= y && point.y <= maxY
    }

    /// True when `other` lies wholly inside this rectangle, edges included (within a millionth of a point).
    public func contains(_ other: Rect) -> Bool {
        let epsilon = 1e-6
        return other.x >= x - epsilon && other.y >= y - epsilon && other.maxX <= maxX + epsilon && other.maxY <= maxY + epsilon
    }
}
