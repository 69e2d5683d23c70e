/// The built-in styles' one recipe: the layers of a map, in drawing order, written once against a palette
/// (the look) and a vocabulary (the schema). Four documents come out of it, none copied from another.
///
/// Only the style subset infowin draws is used (SPEC.md, "Vector basemaps"): `background`, `fill`, `line`,
/// `circle` and `symbol` layers, legacy filters, and `match`, `interpolate`, `get` and `zoom` expressions.
/// Labels read `["get", "name"]`, which a spec's `language` rewrites to prefer `name:LANG`. Zooms are
/// MapLibre's (the camera's zoom − 1). Symbol layers come last and the most important last of all, as
/// MapLibre places the labels of higher layers first.
struct BuiltInStyleRecipe {
    let palette: BuiltInStylePalette
    let vocabulary: BuiltInStyleVocabulary
    /// The name of the style's single vector source.
    let source: String

    private static let regular: StyleJSON = ["Noto Sans Regular"]
    private static let bold: StyleJSON = ["Noto Sans Bold"]
    private static let italic: StyleJSON = ["Noto Sans Italic"]
    private static let name: StyleJSON = ["get", "name"]

    /// Every layer, bottom first.
    var layers: [StyleJSON] {
        var layers: [StyleJSON] = [background]
        if let earth = vocabulary.earth {
            layers.append(layer("earth", "fill", earth, paint: ["fill-color": .string(palette.land)]))
        }
        layers += vocabulary.surfaces.map { surface($0.id, $0.selection) }
        layers += [
            layer("water", "fill", vocabulary.waterAreas, paint: ["fill-color": .string(palette.water)]),
            layer("waterway", "line", vocabulary.waterLines, minZoom: 10, layout: ["line-cap": "round", "line-join": "round"],
                  paint: ["line-color": .string(palette.water), "line-width": Self.widths([(10, 0.6), (14, 2), (18, 8)])]),
            layer("runway", "line", vocabulary.runways, minZoom: 11,
                  paint: ["line-color": .string(palette.runway), "line-width": Self.widths([(11, 1), (14, 6), (18, 48)])]),
            layer("building", "fill", vocabulary.buildings, minZoom: 14,
                  paint: ["fill-color": .string(palette.building), "fill-outline-color": .string(palette.buildingOutline),
                          "fill-opacity": ["interpolate", ["linear"], ["zoom"], 14, 0.5, 15.5, 1]]),
            layer("boundary", "line", vocabulary.boundaries, minZoom: 8,
                  paint: ["line-color": .string(palette.boundary), "line-width": Self.widths([(8, 0.6), (14, 1.4)]),
                          "line-dasharray": [3, 2]]),
        ]
        layers += BuiltInStyleRoadClass.allCases.compactMap(casing)
        layers += BuiltInStyleRoadClass.allCases.map(road)
        layers += railways
        layers += labels
        return layers
    }

    private var background: StyleJSON {
        // Protomaps draws the land as `earth` over the sea; OpenMapTiles the sea as water over the land.
        ["id": "background", "type": "background",
         "paint": ["background-color": .string(vocabulary.earth == nil ? palette.land : palette.water)]]
    }

    /// An area layer coloured by its class: parks green, woods darker, hospitals pink, …; classes the table
    /// does not know are not drawn.
    private func surface(_ id: String, _ selection: BuiltInStyleSelection) -> StyleJSON {
        let table = surfaceColours
        var colour: [StyleJSON] = ["match", ["get", .string(vocabulary.kindKey)]]
        for (values, value) in table {
            colour += [.strings(values), .string(value)]
        }
        colour.append(.string(palette.land))
        let known = BuiltInStyleVocabulary.isIn(vocabulary.kindKey, table.flatMap(\.values))
        var filtered = selection
        filtered.filter = selection.filter.map { BuiltInStyleVocabulary.all($0, known) } ?? known
        return layer(id, "fill", filtered, paint: ["fill-color": .array(colour)])
    }

    /// Which classes of area take which colour (the same names serve both schemas).
    private var surfaceColours: [(values: [String], colour: String)] {
        [
            (["residential", "suburb", "quarter", "neighbourhood", "urban_area"], palette.residential),
            (["commercial", "retail"], palette.commercial),
            (["industrial", "railway", "garages", "quarry", "military"], palette.industrial),
            (["hospital"], palette.hospital),
            (["school", "university", "college", "kindergarten"], palette.school),
            (["cemetery", "grave_yard"], palette.cemetery),
            (["aerodrome", "airfield", "apron"], palette.aerodrome),
            (["runway", "taxiway"], palette.runway),
            (["park", "garden", "grass", "grassland", "meadow", "golf_course", "recreation_ground", "playground", "pitch",
              "village_green", "dog_park", "nature_reserve", "national_park", "protected_area", "farmland", "scrub",
              "allotments", "orchard"], palette.park),
            (["wood", "forest"], palette.wood),
            (["sand", "beach", "barren", "bare_rock", "rock"], palette.sand),
            (["glacier", "ice"], palette.ice),
            (["wetland"], palette.wetland),
        ]
    }

    private func casing(_ road: BuiltInStyleRoadClass) -> StyleJSON? {
        guard let minZoom = road.casingMinZoom, let selection = vocabulary.roads[road] else { return nil }
        // The casing shows a hairline either side of the fill: wider by about 1 px at mid zooms, 2.5 px close up.
        let widths = road.widths.map { (zoom: $0.zoom, width: $0.width + min(2.5, max(0.8, ($0.zoom - 11) * 0.45))) }
        return layer("road-\(road.rawValue)-casing", "line", selection, minZoom: minZoom,
                     layout: ["line-cap": "round", "line-join": "round"],
                     paint: ["line-color": .string(road.casing(in: palette)), "line-width": Self.widths(widths)])
    }

    private func road(_ road: BuiltInStyleRoadClass) -> StyleJSON {
        var paint: StyleJSON = ["line-color": .string(road.fill(in: palette)), "line-width": Self.widths(road.widths)]
        if road == .path {
            paint = paint.setting("line-dasharray", [2, 1.5])
        }
        return layer("road-\(road.rawValue)", "line", vocabulary.roads[road]!, minZoom: road.minZoom,
                     layout: road == .path ? [:] : ["line-cap": "round", "line-join": "round"], paint: paint)
    }

    /// A grey line with a dashed line of the land's colour along it: the hatched look of a railway.
    private var railways: [StyleJSON] {
        let widths: [(zoom: Double, width: Double)] = [(11, 0.6), (14, 1.5), (18, 3)]
        return [
            layer("railway", "line", vocabulary.railways, minZoom: 11,
                  paint: ["line-color": .string(palette.rail), "line-width": Self.widths(widths)]),
            layer("railway-hatching", "line", vocabulary.railways, minZoom: 14,
                  paint: ["line-color": .string(palette.land), "line-width": Self.widths(widths.map { ($0.zoom, $0.width * 0.5) }),
                          "line-dasharray": [3, 3]]),
        ]
    }

    private var labels: [StyleJSON] {
        [
            layer("poi-dot", "circle", vocabulary.pois, minZoom: 15,
                  paint: ["circle-radius": Self.widths([(15, 2.5), (18, 4)]), "circle-color": .string(palette.poiDot),
                          "circle-stroke-width": 1, "circle-stroke-color": .string(palette.halo)]),
            label("housenumber", vocabulary.houseNumbers, minZoom: 16, text: ["get", .string(vocabulary.houseNumberKey)],
                  size: 10, colour: palette.poiText),
            label("poi-label", vocabulary.pois, minZoom: 15, size: 11, colour: palette.poiText, extra: [
                "text-anchor": "top", "text-offset": [0, 0.6], "text-max-width": 8,
                "symbol-sort-key": ["get", .string(vocabulary.poiRankKey)],
            ]),
            label("road-label", vocabulary.roadNames, minZoom: 13, size: Self.sizes([(13, 10), (17, 13)]),
                  colour: palette.roadText, extra: ["symbol-placement": "line", "symbol-spacing": 300]),
            label("waterway-label", vocabulary.waterLineNames, minZoom: 12, font: Self.italic, size: 12,
                  colour: palette.waterText, extra: ["symbol-placement": "line", "text-letter-spacing": 0.1]),
            label("water-label", vocabulary.waterPointNames, minZoom: 10, font: Self.italic, size: Self.sizes([(10, 11), (14, 15)]),
                  colour: palette.waterText, extra: ["text-max-width": 7]),
            label("district-label", vocabulary.districts, minZoom: 11, size: Self.sizes([(11, 10), (15, 12)]),
                  colour: palette.text, extra: ["text-transform": "uppercase", "text-letter-spacing": 0.1, "text-max-width": 7]),
            label("city-label", vocabulary.cities, minZoom: 5, font: Self.bold, size: Self.sizes([(8, 12), (12, 16), (15, 20)]),
                  colour: palette.placeText, haloWidth: 2, extra: ["text-max-width": 8]),
        ]
    }

    private func label(
        _ id: String, _ selection: BuiltInStyleSelection, minZoom: Double, text: StyleJSON = name,
        font: StyleJSON = regular, size: StyleJSON, colour: String, haloWidth: Double = 1.5, extra: StyleJSON = [:]
    ) -> StyleJSON {
        var layout: StyleJSON = ["text-field": text, "text-font": font, "text-size": size, "text-padding": 2]
        if case .object(let members) = extra {
            for member in members { layout = layout.setting(member.key, member.value) }
        }
        return layer(id, "symbol", selection, minZoom: minZoom, layout: layout, paint: [
            "text-color": .string(colour), "text-halo-color": .string(palette.halo), "text-halo-width": .number(haloWidth),
        ])
    }

    private func layer(
        _ id: String, _ type: String, _ selection: BuiltInStyleSelection, minZoom: Double? = nil,
        layout: StyleJSON = [:], paint: StyleJSON
    ) -> StyleJSON {
        var layer: StyleJSON = ["id": .string(id), "type": .string(type), "source": .string(source),
                                "source-layer": .string(selection.sourceLayer)]
        if let minZoom { layer = layer.setting("minzoom", .number(minZoom)) }
        if let filter = selection.filter { layer = layer.setting("filter", filter) }
        if case .object(let members) = layout, !members.isEmpty { layer = layer.setting("layout", layout) }
        return layer.setting("paint", paint)
    }

    /// Widths by zoom, growing exponentially (base 1.5) as MapLibre's road widths do.
    private static func widths(_ stops: [(zoom: Double, width: Double)]) -> StyleJSON {
        .array(["interpolate", ["exponential", 1.5], ["zoom"]] + stops.flatMap { [StyleJSON.number($0.zoom), .number(rounded($0.width))] })
    }

    /// Text sizes by zoom, growing linearly.
    private static func sizes(_ stops: [(zoom: Double, size: Double)]) -> StyleJSON {
        .array(["interpolate", ["linear"], ["zoom"]] + stops.flatMap { [StyleJSON.number($0.zoom), .number($0.size)] })
    }

    private static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
