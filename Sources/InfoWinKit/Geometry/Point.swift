/// A point in canvas points (or pixels, where a name says so), origin top-left, y down.
package struct Point: Hashable, Sendable {
    /// Horizontal position.
    package var x: Double
    /// Vertical position.
    package var y: Double

    /// Makes a point.
    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// This point with both coordinates multiplied by `factor`.
    package func scaled(by factor: Double) -> Point {
        Point(x: x * factor, y: y * factor)
    }
}
