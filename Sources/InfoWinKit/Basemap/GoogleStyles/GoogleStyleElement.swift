/// Google's element types (the `element:` of a map style): which part of the selected features a style
/// changes. A type stands for the leaves under it (`labels` for the text's fill and stroke and the icon).
package enum GoogleStyleElement: String, Sendable, Hashable, CaseIterable {
    case all
    case geometry
    case geometryFill = "geometry.fill"
    case geometryStroke = "geometry.stroke"
    case labels
    case labelsIcon = "labels.icon"
    case labelsText = "labels.text"
    case labelsTextFill = "labels.text.fill"
    case labelsTextStroke = "labels.text.stroke"

    /// The leaves this type stands for.
    package var leaves: Set<GoogleStyleElement> {
        let leaves: [GoogleStyleElement] = [.geometryFill, .geometryStroke, .labelsIcon, .labelsTextFill, .labelsTextStroke]
        return Set(leaves.filter { self == .all || $0 == self || $0.rawValue.hasPrefix(rawValue + ".") })
    }
}
