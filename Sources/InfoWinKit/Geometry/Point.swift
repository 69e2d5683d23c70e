/// A point in canvas points (or pixels, where a name says so), origin top-left, y down.
public struct Point: Hashable, Sendable {
    /// Horizontal position.
    public var x: Double
    /// Vertical position.
    public var y: Double

    /// Makes a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// This point with both coordinates multiplied by `factor`.
    public func scaled(by factor: Double) -> Point {
        Point(x: x * factor, y: y * factor)
    }
}
