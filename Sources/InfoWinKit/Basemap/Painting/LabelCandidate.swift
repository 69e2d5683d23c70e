/// A place a label may go, before its text is shaped: a feature's point (a point, a polygon's pole of
/// inaccessibility, a line's start) or a line it follows, with its layer, text, style and order.
struct LabelCandidate {
    enum Site {
        /// An anchor already in the tile's own square, in canvas points.
        case point(Point)
        /// A line, in canvas points and tile units.
        case line(LabelPath, placement: TilePlacement)
    }

    let layerIndex: Int
    let layer: StyleLayer
    /// Empty for an icon alone.
    let text: String
    let style: LabelStyle
    /// The symbol's icon, when it has one the sprite holds.
    let icon: LabelIcon?
    let site: Site
    /// The feature's id, when the tile gives one (the same feature in two tiles' buffers).
    let featureID: UInt64?
    /// Its place in the tiles' order (tile, then feature, then part).
    let sequence: Int
}
