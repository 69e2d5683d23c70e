/// A colour with straight (not premultiplied) components from 0 to 1.
package struct RGBA: Hashable, Sendable {
    /// Red, 0…1.
    package var red: Double
    /// Green, 0…1.
    package var green: Double
    /// Blue, 0…1.
    package var blue: Double
    /// Opacity, 0…1.
    package var alpha: Double

    /// Makes a colour from its components, each 0…1.
    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The same colour mixed towards black by `amount` (0 keeps it, 1 makes it black).
    package func darkened(by amount: Double) -> RGBA {
        let keep = 1 - amount
        return RGBA(red: red * keep, green: green * keep, blue: blue * keep, alpha: alpha)
    }
}
