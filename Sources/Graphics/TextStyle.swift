/// A font request: family, size in points, weight (100…900) and slant.
package struct TextStyle: Hashable, Sendable {
    /// Family name, as fontconfig knows it ("DejaVu Sans").
    package var family: String
    /// Size in points.
    package var size: Double
    /// CSS-like weight: 400 normal, 700 bold.
    package var weight: Int
    /// True for italic.
    package var italic: Bool

    /// Makes a font request.
    package init(family: String, size: Double, weight: Int = 400, italic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }
}
