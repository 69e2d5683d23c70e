/// Where Google's feature types are in one tile schema (SPEC.md, "The render service, round two": "Google's
/// feature and element names mapped onto the basemap's layers for both schemas"): each source layer, and
/// within it the features of a class (OpenMapTiles' `class`, Protomaps' `kind`), with a type for the rest.
/// The table is by source layer, so it serves any style drawing the schema, a style file's too.
struct GoogleStyleFeatureTable: Sendable {
    /// Features of one source layer that one feature type stands for: those whose properties hold all the
    /// conditions (every feature without any).
    struct Target: Sendable {
        var feature: GoogleStyleFeature
        /// The source layer; `""` is the style's `background` layer.
        var sourceLayer: String
        var conditions: [Condition]
    }

    /// A test of one property of a feature.
    struct Condition: Sendable {
        var key: String
        var values: [StyleValue]
        /// True for "the property is none of the values" (a missing property is none of them).
        var negated = false

        /// The condition as an expression that gives true or false for any feature (never an error).
        var expression: StyleExpression {
            let branch = StyleMatchBranch(labels: values, output: .literal(.bool(!negated)))
            return .match(.get(.literal(.string(key)), object: nil), StyleMatchTable([branch]), fallback: .literal(.bool(negated)))
        }
    }

    let targets: [Target]

    /// Which of `layer`'s features `feature` selects: nil for none, `.some(nil)` for all of them, else an
    /// expression that is true for those it selects.
    func selection(_ feature: GoogleStyleFeature, in layer: StyleLayer) -> StyleExpression?? {
        let sourceLayer = layer.type == .background ? "" : layer.sourceLayer
        let matching = targets.filter { $0.sourceLayer == sourceLayer && feature.covers($0.feature) }
        guard !matching.isEmpty else { return nil }
        if matching.contains(where: \.conditions.isEmpty) { return .some(nil) }
        let tests = matching.map { target in
            target.conditions.count == 1 ? target.conditions[0].expression : .operation(.all, target.conditions.map(\.expression))
        }
        return .some(tests.count == 1 ? tests[0] : .operation(.any, tests))
    }

    /// The table for `schema`.
    static func table(for schema: BuiltInStyle.Schema) -> GoogleStyleFeatureTable {
        switch schema {
        case .openMapTiles: openMapTiles
        case .protomaps: protomaps
        }
    }

    // MARK: The tables

    static let openMapTiles = GoogleStyleFeatureTable(targets: [
        whole("", .landscapeNatural), whole("water", .water), whole("waterway", .water), whole("water_name", .water),
        whole("landcover", .landscapeNaturalLandcover), whole("park", .poiPark), whole("building", .landscapeManMade),
        whole("aeroway", .transitStationAirport), whole("aerodrome_label", .transitStationAirport),
        whole("housenumber", .administrativeLandParcel), whole("mountain_peak", .landscapeNaturalTerrain),
    ] + classified("landuse", "class", areaKinds, rest: .landscapeManMade)
      + classified("transportation", "class", openMapTilesRoads, rest: .roadLocal)
      + classified("transportation_name", "class", openMapTilesRoads, rest: .roadLocal)
      + classified("place", "class", placeKinds, rest: .administrative)
      + classified("boundary", "admin_level", adminLevels, rest: .administrative)
      + classified("poi", "class", poiKinds, rest: .poi))

    static let protomaps = GoogleStyleFeatureTable(targets: [
        // Protomaps draws the land as `earth` over a background of sea.
        whole("", .water), whole("earth", .landscapeNatural), whole("water", .water),
        whole("landcover", .landscapeNaturalLandcover), whole("natural", .landscapeNaturalLandcover), whole("transit", .transitLine),
        Target(feature: .roadHighwayControlledAccess, sourceLayer: "roads", conditions: [oneOf("kind", ["highway"]), oneOf("kind_detail", controlledAccess)]),
        Target(feature: .roadHighway, sourceLayer: "roads", conditions: [oneOf("kind", ["highway"]), noneOf("kind_detail", controlledAccess)]),
    ] + classified("landuse", "kind", areaKinds, rest: .landscapeManMade)
      + classified("roads", "kind", [(.roadArterial, ["major_road"]), (.roadLocal, ["minor_road", "path", "other"]),
                                     (.transitLine, ["rail", "ferry"]), (.transitStationAirport, ["aeroway"])],
                   rest: .road, alsoLeaving: ["highway"])
      + classified("buildings", "kind", [(.administrativeLandParcel, ["address"])], rest: .landscapeManMade)
      + classified("places", "kind", placeKinds, rest: .administrative)
      + classified("boundaries", "kind", [(.administrativeCountry, ["country"]), (.administrativeProvince, ["region"]),
                                          (.administrativeLocality, ["county", "locality"])], rest: .administrative)
      + classified("pois", "kind", poiKinds, rest: .poi))

    /// Every feature of a source layer.
    private static func whole(_ sourceLayer: String, _ feature: GoogleStyleFeature) -> Target {
        Target(feature: feature, sourceLayer: sourceLayer, conditions: [])
    }

    private static func oneOf(_ key: String, _ values: [String]) -> Condition {
        Condition(key: key, values: values.map(StyleValue.string))
    }

    private static func noneOf(_ key: String, _ values: [String]) -> Condition {
        Condition(key: key, values: values.map(StyleValue.string), negated: true)
    }

    /// A source layer's features by the class in `key`: each list's to its type, the rest (classes in no
    /// list, nor in `alsoLeaving`, which other targets take) to `rest`.
    private static func classified(
        _ sourceLayer: String, _ key: String, _ kinds: [(GoogleStyleFeature, [String])], rest: GoogleStyleFeature, alsoLeaving: [String] = []
    ) -> [Target] {
        classified(sourceLayer, key, kinds.map { ($0.0, $0.1.map(StyleValue.string)) }, rest: rest, alsoLeaving: alsoLeaving.map(StyleValue.string))
    }

    private static func classified(
        _ sourceLayer: String, _ key: String, _ kinds: [(GoogleStyleFeature, [StyleValue])], rest: GoogleStyleFeature, alsoLeaving: [StyleValue] = []
    ) -> [Target] {
        kinds.map { Target(feature: $0.0, sourceLayer: sourceLayer, conditions: [Condition(key: key, values: $0.1)]) }
            + [Target(feature: rest, sourceLayer: sourceLayer, conditions: [Condition(key: key, values: kinds.flatMap(\.1) + alsoLeaving, negated: true)])]
    }

    /// Protomaps' `kind_detail` of the highways Google calls controlled-access.
    private static let controlledAccess = ["motorway", "motorway_link"]

    /// OpenMapTiles' `transportation` classes (the rest are local roads: minor, service, track, path, …).
    private static let openMapTilesRoads: [(GoogleStyleFeature, [String])] = [
        (.roadHighwayControlledAccess, ["motorway"]), (.roadHighway, ["trunk"]), (.roadArterial, ["primary", "secondary", "tertiary"]),
        (.transitLine, ["rail", "transit", "ferry", "aerialway", "bus_guideway", "cable_car", "gondola", "funicular"]),
    ]

    /// OpenMapTiles' `boundary` levels (OpenStreetMap's `admin_level`).
    private static let adminLevels: [(GoogleStyleFeature, [StyleValue])] = [
        (.administrativeCountry, [0, 1, 2].map(StyleValue.number)), (.administrativeProvince, [3, 4].map(StyleValue.number)),
        (.administrativeLocality, [5, 6, 7, 8].map(StyleValue.number)), (.administrativeNeighborhood, [9, 10, 11].map(StyleValue.number)),
    ]

    /// Places by OpenMapTiles' `class` and Protomaps' `kind` (the names of both in one list).
    private static let placeKinds: [(GoogleStyleFeature, [String])] = [
        (.administrativeCountry, ["country"]), (.administrativeProvince, ["state", "province", "region"]),
        (.administrativeLocality, ["city", "town", "village", "hamlet", "isolated_dwelling", "locality"]),
        (.administrativeNeighborhood, ["suburb", "quarter", "neighbourhood", "macrohood"]),
    ]

    /// Land use areas by class or kind: the areas of points of interest, airports and natural cover; the
    /// rest is man-made.
    private static let areaKinds: [(GoogleStyleFeature, [String])] = [
        (.poiMedical, ["hospital", "clinic"]), (.poiSchool, ["school", "university", "college", "kindergarten"]),
        (.poiSportsComplex, ["stadium", "pitch", "sports_centre", "track"]), (.poiAttraction, ["zoo", "theme_park", "attraction"]),
        (.poiPark, ["park", "garden", "playground", "dog_park", "nature_reserve", "national_park", "protected_area", "golf_course",
                    "village_green", "recreation_ground"]),
        (.poiPlaceOfWorship, ["religious", "place_of_worship"]),
        (.transitStationAirport, ["aerodrome", "airfield", "runway", "taxiway", "apron"]),
        (.landscapeNaturalLandcover, ["forest", "wood", "grass", "grassland", "meadow", "scrub", "farmland", "orchard", "vineyard",
                                      "beach", "sand", "glacier", "wetland", "bare_rock"]),
    ]

    /// Points of interest by OpenMapTiles' `class` and Protomaps' `kind`.
    private static let poiKinds: [(GoogleStyleFeature, [String])] = [
        (.poiAttraction, ["attraction", "museum", "zoo", "theme_park", "monument", "castle", "art_gallery", "gallery", "viewpoint",
                          "memorial", "artwork", "aquarium", "historic", "ruins", "archaeological_site"]),
        (.poiBusiness, ["shop", "grocery", "supermarket", "convenience", "restaurant", "cafe", "bar", "pub", "fast_food", "beer",
                        "hotel", "motel", "hostel", "guest_house", "lodging", "bank", "atm", "ice_cream", "clothing_store", "clothes",
                        "alcohol_shop", "bakery", "car", "car_repair", "fuel", "hairdresser", "jewelry", "laundry", "mobile_phone",
                        "music", "optician", "cinema", "theatre", "marketplace", "department_store", "mall", "books", "bicycle",
                        "florist", "furniture", "hardware", "butcher", "office"]),
        (.poiGovernment, ["town_hall", "townhall", "police", "fire_station", "post", "post_office", "embassy", "prison",
                          "courthouse", "government"]),
        (.poiMedical, ["hospital", "doctors", "doctor", "dentist", "pharmacy", "chemist", "clinic", "veterinary"]),
        (.poiPark, ["park", "garden", "playground", "dog_park", "picnic_site", "nature_reserve", "national_park", "golf_course"]),
        (.poiPlaceOfWorship, ["place_of_worship", "church", "mosque", "synagogue", "temple", "shrine"]),
        (.poiSchool, ["school", "college", "university", "kindergarten"]),
        (.poiSportsComplex, ["stadium", "sports_centre", "pitch", "swimming", "swimming_pool", "golf", "ice_rink", "fitness",
                             "fitness_centre"]),
        (.transitStationRail, ["railway", "station", "train_station", "halt", "tram_stop", "subway", "light_rail"]),
        (.transitStationBus, ["bus", "bus_stop", "bus_station"]),
        (.transitStationAirport, ["airport", "aerodrome", "airfield", "helipad", "heliport"]),
        (.transitStation, ["ferry_terminal", "harbor", "aerialway"]),
    ]
}
