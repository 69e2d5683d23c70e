/// The classes of road the built-in styles tell apart, from the narrowest up: each has its widths by zoom,
/// its colours and the zoom its casing appears at.
enum BuiltInStyleRoadClass: String, CaseIterable, Sendable {
    case path, minor, street, arterial, motorway

    /// Line widths in pixels at MapLibre zooms (interpolated exponentially between).
    var widths: [(zoom: Double, width: Double)] {
        switch self {
        case .path: [(14, 0.6), (18, 1.8)]
        case .minor: [(12, 0.3), (14, 1.2), (16, 4), (18, 11)]
        case .street: [(11, 0.4), (13, 1.3), (15, 4.5), (18, 15)]
        case .arterial: [(9, 0.5), (12, 1.6), (15, 5.5), (18, 18)]
        case .motorway: [(7, 0.6), (12, 2.2), (15, 6.5), (18, 22)]
        }
    }

    /// The first zoom the road is drawn at.
    var minZoom: Double {
        switch self {
        case .path: 14
        case .minor: 12
        case .street: 11
        case .arterial: 9
        case .motorway: 7
        }
    }

    /// The first zoom its grey casing is drawn at (nil: never; paths are dashed instead).
    var casingMinZoom: Double? {
        switch self {
        case .path: nil
        case .minor: 14
        case .street: 13
        case .arterial: 12
        case .motorway: 9
        }
    }

    func fill(in palette: BuiltInStylePalette) -> String {
        switch self {
        case .path: palette.path
        case .minor, .street: palette.street
        case .arterial: palette.arterial
        case .motorway: palette.motorway
        }
    }

    func casing(in palette: BuiltInStylePalette) -> String {
        switch self {
        case .path, .minor, .street: palette.streetCasing
        case .arterial: palette.arterialCasing
        case .motorway: palette.motorwayCasing
        }
    }
}
