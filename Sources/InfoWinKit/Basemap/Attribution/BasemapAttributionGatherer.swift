/// Gathers a basemap's attributions before the scene is laid out (the attribution's box is part of it):
/// with a built-in style, the tileset's metadata `attribution`; with a style file, every source's
/// `attribution` in the style's order (a raster source's too), the vector source's taken from its tileset's
/// metadata when the style gives none or `map.basemap.source` replaces it. The tileset's metadata is the
/// default the spec's own `attribution` replaces (SPEC.md); a style's own strings join it. Each is made
/// plain text (`AttributionHTML`).
struct BasemapAttributionGatherer {
    let spec: Spec
    let basemap: BasemapSpec
    let provider: TileProvider

    private var path: JSONPath { .root.appending("map").appending("basemap") }

    func gather() throws(InfoWinError) -> BasemapAttribution {
        switch basemap.style {
        case .builtIn:
            guard basemap.attribution == nil, let source = basemap.source else { return BasemapAttribution() }
            let tileset = try provider.vectorTileSet(source, file: spec.file, path: path.appending("source"))
            return BasemapAttribution(sources: [tileset.metadata.attribution].compactMap { $0 }.map {
                BasemapAttribution.Source(text: AttributionHTML.plainText($0), zooms: [-Double.infinity..<Double.infinity])
            })
        case .file(let file, let allowedFolders):
            let loader = BasemapStyleLoader(spec: spec, basemap: basemap)
            let (style, _) = try loader.readFile(file)
            var sources: [BasemapAttribution.Source] = []
            for source in style.sources {
                var html = source.attribution
                if source.kind == .vector, html == nil || basemap.source != nil {
                    html = basemap.attribution == nil ? try metadataAttribution(of: style, loader: loader, allowedFolders: allowedFolders) : nil
                }
                guard let html else { continue }
                let zooms: [Range<Double>] = style.layers.filter { $0.source == source.name && $0.isVisible }.compactMap { layer in
                    let lower = layer.minZoom ?? 0, upper = layer.maxZoom ?? 24.000_001
                    return lower < upper ? lower..<upper : nil
                }
                sources.append(BasemapAttribution.Source(text: AttributionHTML.plainText(html), zooms: zooms))
            }
            return BasemapAttribution(sources: sources)
        }
    }

    /// The `attribution` of the metadata of the vector tileset a style file draws, as the preparer opens it.
    private func metadataAttribution(of style: MapStyle, loader: BasemapStyleLoader, allowedFolders: [String]) throws(InfoWinError) -> String? {
        let (source, styleSource) = try loader.vectorSource(of: style, allowedFolders: allowedFolders)
        return try provider.vectorTileSet(
            source, scheme: styleSource?.isTMS == true ? .tms : .xyz, file: spec.file, path: path.appending("source")
        ).metadata.attribution
    }
}
