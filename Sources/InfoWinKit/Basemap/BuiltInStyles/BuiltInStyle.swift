/// The built-in basemap styles, `light` and `dark` (SPEC.md, "Vector basemaps"), each written for both
/// common tile schemas: four MapLibre style documents (version 8) made from one recipe, one palette a look
/// and one vocabulary a schema. Their single vector source is named `basemap` (`sourceName`); the tileset
/// the spec's `map.basemap.source` names replaces its URL.
package enum BuiltInStyle: String, CaseIterable, Sendable {
    case light, dark

    /// The tile schemas the built-in styles know, told apart by a tileset's layer names.
    package enum Schema: String, CaseIterable, Sendable {
        case openMapTiles = "openmaptiles"
        case protomaps

        /// The layer names SPEC.md lists for the schema.
        var layerNames: [String] {
            switch self {
            case .openMapTiles:
                ["water", "landcover", "landuse", "park", "waterway", "transportation", "transportation_name", "building",
                 "place", "poi", "boundary", "aeroway", "water_name", "housenumber"]
            case .protomaps:
                ["earth", "water", "landuse", "landcover", "natural", "roads", "buildings", "places", "pois", "boundaries",
                 "transit"]
            }
        }

        var vocabulary: BuiltInStyleVocabulary {
            switch self {
            case .openMapTiles: .openMapTiles
            case .protomaps: .protomaps
            }
        }
    }

    /// The name of the documents' single vector source.
    static let sourceName = "basemap"
    /// The source URL the documents carry until a tileset replaces it.
    static let placeholderSourceURL = "pmtiles://basemap.pmtiles"

    var palette: BuiltInStylePalette {
        switch self {
        case .light: .light
        case .dark: .dark
        }
    }

    /// The style document for `schema`, its source reading `sourceURL`.
    package func document(for schema: Schema, sourceURL: String = placeholderSourceURL) -> StyleJSON {
        let recipe = BuiltInStyleRecipe(palette: palette, vocabulary: schema.vocabulary, source: Self.sourceName)
        let source: StyleJSON = ["type": "vector", "url": .string(sourceURL)]
        return [
            "version": 8,
            "name": .string("infowin \(rawValue) (\(schema.rawValue))"),
            "sources": .object([(key: Self.sourceName, value: source)]),
            "layers": .array(recipe.layers),
        ]
    }

    /// The style document for `schema` as JSON text (pretty-printed, the same bytes every time).
    package func text(for schema: Schema, sourceURL: String = placeholderSourceURL) -> String {
        JSONWriter.write(document(for: schema, sourceURL: sourceURL).json)
    }
}
