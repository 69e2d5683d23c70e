extension MapStyle {
    /// The style with Google's map styles applied to its layers (`GoogleStyleRestyler`), their feature types
    /// found by `schema`'s source layers; without a schema only `feature:all` rules can apply.
    package func applyingGoogleStyles(_ rules: [GoogleStyleRule], schema: BuiltInStyle.Schema?) -> MapStyle {
        guard !rules.isEmpty else { return self }
        let restyler = GoogleStyleRestyler(rules: rules, table: schema.map(GoogleStyleFeatureTable.table(for:)))
        var style = self
        style.layers = layers.map(restyler.restyled)
        return style
    }

    /// The schema a style file's layers follow, told by their source layers' names as a tileset's schema is
    /// told by its own; nil for neither.
    var sourceLayerSchema: BuiltInStyle.Schema? {
        var seen = Set<String>()
        let names = layers.compactMap(\.sourceLayer).filter { seen.insert($0).inserted }
        return switch VectorTileSchema(layerNames: names) {
        case .openMapTiles: .openMapTiles
        case .protomaps: .protomaps
        case .other: nil
        }
    }
}
