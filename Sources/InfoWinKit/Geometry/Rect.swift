/// An axis-aligned rectangle, origin top-left.
package struct Rect: Hashable, Sendable {
    /// Left edge.
    package var x: Double
    /// Top edge.
    package var y: Double
    /// Width.
    package var width: Double
    /// Height.
    package var height: Double

    /// Makes a rectangle.
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Right edge.
    var maxX: Double { x + width }
    /// Bottom edge.
    var maxY: Double { y + height }

    /// The smallest rectangle holding every point.
    package init(bounding points: [Point]) {
        guard let first = points.first else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        // One pass, nothing allocated: a 10,000-point polyline is bounded several times a render.
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for point in points.dropFirst() {
            minX = Swift.min(minX, point.x); maxX = Swift.max(maxX, point.x)
            minY = Swift.min(minY, point.y); maxY = Swift.max(maxY, point.y)
        }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// This rectangle with every number multiplied by `factor`.
    package func scaled(by factor: Double) -> Rect {
        Rect(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
    }

    /// True when the two rectangles share more than an edge.
    func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The smallest rectangle holding both.
    func union(_ other: Rect) -> Rect {
        Rect(bounding: [Point(x: x, y: y), Point(x: maxX, y: maxY), Point(x: other.x, y: other.y), Point(x: other.maxX, y: other.maxY)])
    }

    /// True when `point` is inside or on the edge.
    package func contains(_ point: Point) -> Bool {
        point.x >= x && point.x <= maxX && point.y >= y && point.y <= maxY
    }

    /// True when `other` lies wholly inside this rectangle, edges included (within a millionth of a point).
    package func contains(_ other: Rect) -> Bool {
        let epsilon = 1e-6
        return other.x >= x - epsilon && other.y >= y - epsilon && other.maxX <= maxX + epsilon && other.maxY <= maxY + epsilon
    }
}
