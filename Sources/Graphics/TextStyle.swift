/// A font request: family, size in points, weight (100…900) and slant.
public struct TextStyle: Hashable, Sendable {
    /// Family name, as fontconfig knows it ("DejaVu Sans").
    public var family: String
    /// Size in points.
    public var size: Double
    /// CSS-like weight: 400 normal, 700 bold.
    public var weight: Int
    /// True for italic.
    public var italic: Bool

    /// Makes a font request.
    public init(family: String, size: Double, weight: Int = 400, italic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }
}
