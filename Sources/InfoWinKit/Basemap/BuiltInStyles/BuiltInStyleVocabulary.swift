/// Which features of one tileset a built-in style layer draws: its source layer and filter (legacy filter
/// syntax, as most hand-written styles use it; `$type` always names the base geometry type).
struct BuiltInStyleSelection: Sendable {
    var sourceLayer: String
    var filter: StyleJSON?
}

/// What one tile schema calls the parts of a map: the source layers, the filters and the property names the
/// built-in styles read. The recipe (`BuiltInStyleRecipe`) is written once against these parts, so the
/// OpenMapTiles and Protomaps documents differ only where the schemas do.
struct BuiltInStyleVocabulary: Sendable {
    /// The property a feature's class is in: `class` (OpenMapTiles) or `kind` (Protomaps).
    var kindKey: String
    /// Land drawn as polygons over a background of sea (Protomaps' `earth`); nil where the background is
    /// land and the sea is a water polygon (OpenMapTiles).
    var earth: BuiltInStyleSelection?
    /// Areas coloured by their class through the surface table, in drawing order.
    var surfaces: [(id: String, selection: BuiltInStyleSelection)]
    var waterAreas: BuiltInStyleSelection
    var waterLines: BuiltInStyleSelection
    var runways: BuiltInStyleSelection
    var buildings: BuiltInStyleSelection
    var boundaries: BuiltInStyleSelection
    /// Each class of road, and the railways.
    var roads: [BuiltInStyleRoadClass: BuiltInStyleSelection]
    var railways: BuiltInStyleSelection
    var roadNames: BuiltInStyleSelection
    var waterLineNames: BuiltInStyleSelection
    var waterPointNames: BuiltInStyleSelection
    /// Cities and towns.
    var cities: BuiltInStyleSelection
    /// Villages, suburbs and neighbourhoods.
    var districts: BuiltInStyleSelection
    var pois: BuiltInStyleSelection
    /// The number ordering points of interest (lower first: `symbol-sort-key`).
    var poiRankKey: String
    var houseNumbers: BuiltInStyleSelection
    var houseNumberKey: String

    static let polygons: StyleJSON = ["==", "$type", "Polygon"]
    static let lines: StyleJSON = ["==", "$type", "LineString"]
    static let points: StyleJSON = ["==", "$type", "Point"]
    static let named: StyleJSON = ["has", "name"]

    /// A legacy `in` filter: `key` is one of `values`.
    static func isIn(_ key: String, _ values: [String], negated: Bool = false) -> StyleJSON {
        .array([.string(negated ? "!in" : "in"), .string(key)] + values.map(StyleJSON.string))
    }

    static func all(_ filters: StyleJSON...) -> StyleJSON { .array(["all"] + filters) }

    static func select(_ sourceLayer: String, _ filters: StyleJSON...) -> BuiltInStyleSelection {
        BuiltInStyleSelection(sourceLayer: sourceLayer, filter: filters.isEmpty ? nil : filters.count == 1 ? filters[0] : .array(["all"] + filters))
    }

    /// OpenMapTiles (v3 layer and field names), as tilemaker and OpenMapTiles' own tools write it.
    static let openMapTiles = BuiltInStyleVocabulary(
        kindKey: "class",
        earth: nil,
        surfaces: [("landuse", select("landuse", polygons)), ("landcover", select("landcover", polygons)),
                   ("park", select("park", polygons)), ("aeroway-area", select("aeroway", polygons))],
        waterAreas: select("water", polygons),
        waterLines: select("waterway", lines),
        runways: select("aeroway", lines, isIn("class", ["runway", "taxiway"])),
        buildings: select("building", polygons),
        boundaries: select("boundary", lines),
        roads: [
            .motorway: select("transportation", lines, isIn("class", ["motorway", "trunk"])),
            .arterial: select("transportation", lines, isIn("class", ["primary"])),
            .street: select("transportation", lines, isIn("class", ["secondary", "tertiary"])),
            .minor: select("transportation", lines, isIn("class", ["minor", "service", "unclassified", "residential",
                                                                  "living_street", "busway", "raceway"])),
            .path: select("transportation", lines, isIn("class", ["path", "track", "pedestrian", "footway", "cycleway",
                                                                 "steps", "bridleway"])),
        ],
        railways: select("transportation", lines, isIn("class", ["rail", "transit"])),
        roadNames: select("transportation_name", lines, named),
        waterLineNames: select("water_name", lines, named),
        waterPointNames: select("water_name", points, named),
        cities: select("place", isIn("class", ["city", "town"]), named),
        districts: select("place", isIn("class", ["village", "hamlet", "suburb", "quarter", "neighbourhood"]), named),
        pois: select("poi", points, named),
        poiRankKey: "rank",
        houseNumbers: select("housenumber", points),
        houseNumberKey: "housenumber")

    /// Protomaps basemaps (v4 layer and field names).
    static let protomaps = BuiltInStyleVocabulary(
        kindKey: "kind",
        earth: select("earth", polygons),
        surfaces: [("landcover", select("landcover", polygons)), ("landuse", select("landuse", polygons)),
                   ("natural", select("natural", polygons))],
        waterAreas: select("water", polygons),
        waterLines: select("water", lines),
        runways: select("roads", lines, ["==", "kind", "aeroway"]),
        buildings: select("buildings", polygons, isIn("kind", ["building", "building_part"])),
        boundaries: select("boundaries", lines),
        roads: [
            .motorway: select("roads", lines, ["==", "kind", "highway"]),
            .arterial: select("roads", lines, ["==", "kind", "major_road"], isIn("kind_detail", arterials)),
            .street: select("roads", lines, ["==", "kind", "major_road"], isIn("kind_detail", arterials, negated: true)),
            .minor: select("roads", lines, ["==", "kind", "minor_road"]),
            .path: select("roads", lines, ["==", "kind", "path"]),
        ],
        railways: select("roads", lines, ["==", "kind", "rail"]),
        roadNames: select("roads", lines, isIn("kind", ["highway", "major_road", "minor_road", "path"]), named),
        waterLineNames: select("water", lines, named),
        waterPointNames: select("water", points, named),
        cities: select("places", ["==", "kind", "locality"], isIn("kind_detail", ["city", "town"]), named),
        districts: select("places", ["any", isIn("kind", ["neighbourhood", "macrohood"]),
                                     all(["==", "kind", "locality"], isIn("kind_detail", ["city", "town"], negated: true))], named),
        pois: select("pois", points, named),
        poiRankKey: "min_zoom",
        houseNumbers: select("buildings", points, ["==", "kind", "address"]),
        houseNumberKey: "addr_housenumber")

    private static let arterials = ["primary", "primary_link", "trunk", "trunk_link"]
}
