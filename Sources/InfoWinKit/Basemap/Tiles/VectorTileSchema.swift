/// Which schema a vector tileset follows, told by its layer names (SPEC.md, "Vector basemaps"): the
/// built-in styles draw OpenMapTiles and Protomaps basemaps.
enum VectorTileSchema: Sendable, Equatable {
    case openMapTiles
    case protomaps
    /// Another schema: the layer names found.
    case other([String])

    /// OpenMapTiles' layers.
    static let openMapTilesLayers = [
        "water", "landcover", "landuse", "park", "waterway", "transportation", "transportation_name", "building", "place", "poi",
        "boundary", "aeroway", "water_name", "housenumber",
    ]
    /// Protomaps basemaps' layers.
    static let protomapsLayers = [
        "earth", "water", "landuse", "landcover", "natural", "roads", "buildings", "places", "pois", "boundaries", "transit",
    ]

    /// The schema whose own layers (those the other schema does not share: `water`, `landuse` and
    /// `landcover` are in both) the names hold more of; neither when they hold none or as many of each.
    package init(layerNames: [String]) {
        let names = Set(layerNames)
        let shared = Set(Self.openMapTilesLayers).intersection(Self.protomapsLayers)
        let openMapTiles = Set(Self.openMapTilesLayers).subtracting(shared).intersection(names).count
        let protomaps = Set(Self.protomapsLayers).subtracting(shared).intersection(names).count
        if openMapTiles > protomaps {
            self = .openMapTiles
        } else if protomaps > openMapTiles {
            self = .protomaps
        } else {
            self = .other(layerNames)
        }
    }

    /// As the layout report names it: `openmaptiles`, `protomaps`, or `other`.
    package var name: String {
        switch self {
        case .openMapTiles: "openmaptiles"
        case .protomaps: "protomaps"
        case .other: "other"
        }
    }
}
