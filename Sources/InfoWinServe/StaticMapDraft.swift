import InfoWinKit

/// A `/staticmap` request whose markers draw custom icons: its spec is written once the icons are read,
/// an `X,Y` anchor made a point of its icon's unit square by the icon's size.
package struct StaticMapDraft: Equatable {
    /// The parameters given once.
    let values: [String: String]
    let markers: [StaticMapMarker]
    /// The spec's members for `path` and `visible`.
    let shapes: String

    /// The different icons, in the order the markers name them.
    package var icons: [StaticMapIcon] {
        var seen: Set<StaticMapIcon> = [], icons: [StaticMapIcon] = []
        for case let icon? in markers.map(\.icon) where seen.insert(icon).inserted { icons.append(icon) }
        return icons
    }

    /// The spec's text, with each icon's size in pixels (an icon left out is one that could not be read:
    /// the decoder says why).
    package func spec(iconSizes: [StaticMapIcon: (width: Int, height: Int)]) throws(Problem) -> String {
        try StaticMapQuery.spec(values, markers: markers, shapes: shapes, iconSizes: iconSizes)
    }
}
