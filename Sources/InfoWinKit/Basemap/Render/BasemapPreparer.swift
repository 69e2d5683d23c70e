import Graphics
import TileIO

/// Makes a spec's `map.basemap` ready for one picture (SPEC.md, "Vector basemaps"): reads the style, opens
/// the tileset and fetches the tiles the camera needs at `floor(zoom − 1)`, then places the labels round
/// what `avoid` names (the open windows, the markers' icons, the attribution, the shapes).
struct BasemapPreparer {
    let spec: Spec
    let basemap: BasemapSpec
    let scene: Scene
    /// Opens each tileset once for every picture it serves (a batch, a service), keeping decoded tiles.
    let provider: TileProvider
    let fonts: FontLibrary

    private var path: JSONPath { .root.appending("map").appending("basemap") }

    func prepare() throws(InfoWinError) -> PreparedBasemap {
        let loader = BasemapStyleLoader(spec: spec, basemap: basemap)
        let view = BasemapView(projection: spec.map.projection(scene.camera), width: scene.width, height: scene.height)
        var budget = VectorTileBudget()
        switch basemap.style {
        case .builtIn(let name):
            // `source` is required with a built-in style (the decoder says so).
            guard let source = basemap.source else { throw .invalid(file: spec.file, path: path.appending("source"), message: "is required with a built-in style") }
            let tileset = try provider.vectorTileSet(source, file: spec.file, path: path.appending("source"))
            let (plan, fetched) = try fetch(tileset, zooms: tileset.metadata.zooms, budget: &budget)
            let style = loader.builtInStyle(name)
            let (mapStyle, schema, digest) = try loader.readBuiltIn(style, tileset: tileset, firstTile: fetched.firstTile)
            return finish(
                style: try restyled(mapStyle, schema: BuiltInStyle.Schema(rawValue: schema)), name: style.rawValue, schema: schema,
                digest: digest, language: labelLanguage(builtIn: true),
                view: view, plan: plan, fetched: fetched, rasters: BasemapRasters(), problems: tileset.metadata.problems)
        case .file(let file, let allowedFolders):
            let (mapStyle, digest) = try loader.readFile(file)
            let (source, styleSource) = try loader.vectorSource(of: mapStyle, allowedFolders: allowedFolders)
            let tileset = try provider.vectorTileSet(
                source, scheme: styleSource?.isTMS == true ? .tms : .xyz, file: spec.file, path: path.appending("source"))
            var zooms = tileset.metadata.zooms
            // A template says nothing of its levels: the style's source does.
            if basemap.source == nil, let styleSource, case .tiles = styleSource.location {
                zooms = styleSource.minZoom...max(styleSource.minZoom, styleSource.maxZoom)
            }
            var sprite: SpriteSheet?
            if let base = mapStyle.sprite {
                sprite = try SpriteLoader(styleFile: file, allowedFolders: allowedFolders).load(base, scale: scene.scale)
            }
            let (plan, fetched) = try fetch(tileset, zooms: zooms, budget: &budget)
            let rasters = try BasemapRasters(
                style: mapStyle, loader: loader, allowedFolders: allowedFolders, view: view, scene: scene, provider: provider)
            return finish(
                style: try restyled(mapStyle, schema: mapStyle.sourceLayerSchema), name: Path.lastComponent(of: file), schema: "custom",
                digest: digest,
                language: labelLanguage(builtIn: false), view: view, plan: plan, fetched: fetched, rasters: rasters,
                problems: tileset.metadata.problems, sprite: sprite)
        }
    }

    /// `style` with the basemap's Google styles applied; a rule naming a feature type when the style's
    /// layers follow neither schema is an error naming it (it could select nothing it means).
    private func restyled(_ style: MapStyle, schema: BuiltInStyle.Schema?) throws(InfoWinError) -> MapStyle {
        if schema == nil, let rule = basemap.googleStyles.first(where: { $0.feature != .all }) {
            throw .invalid(
                file: spec.file, path: path.appending("style"),
                message: "\(Path.lastComponent(of: style.file)): Google's style feature:\(rule.feature.rawValue) is found by the source layers of the OpenMapTiles or Protomaps schema, and this style's layers follow neither; only feature:all applies to it")
        }
        return style.applyingGoogleStyles(basemap.googleStyles, schema: schema)
    }

    /// The plan of the tiles the camera needs, and those tiles fetched and decoded.
    private func fetch(_ tileset: VectorTileSet, zooms: ClosedRange<Int>, budget: inout VectorTileBudget) throws(InfoWinError) -> (VectorTilePlan, FetchedVectorTiles) {
        let plan = VectorTilePlan(
            camera: scene.camera, width: spec.map.width, height: spec.map.height, padding: spec.map.padding, zooms: zooms, source: tileset.name)
        let deadline = Deadline(seconds: provider.settings.deadline)
        let fetched = try tileset.fetch(plan.tiles, deadline: deadline, budget: &budget, file: spec.file, path: path.appending("source"))
        return (plan, fetched)
    }

    /// Labels read `name:LANG` before `name`: with a built-in style in the language `language` says
    /// (`auto` the spec's locale's), with a style file only when a language is given explicitly.
    private func labelLanguage(builtIn: Bool) -> String? {
        switch basemap.language {
        case .auto: builtIn ? spec.locale.language : nil
        case .local: nil
        case .tag(let tag): tag.language
        }
    }

    /// What labels make room for, in canvas points.
    private var avoided: [Rect] {
        var rectangles: [Rect] = []
        if basemap.avoid.contains(.windows) {
            rectangles += scene.windows.map { $0.frame.union(Rect(x: $0.tailTip.x, y: $0.tailTip.y, width: 0, height: 0)) }
        }
        if basemap.avoid.contains(.markers) { rectangles += scene.drawingOrder.map(\.bounds) }
        if basemap.avoid.contains(.attribution), let attribution = scene.attribution { rectangles.append(attribution.box) }
        if basemap.avoid.contains(.shapes) { rectangles += scene.shapes.map(\.bounds) }
        return rectangles
    }

    private func finish(
        style: MapStyle, name: String, schema: String, digest: String, language: String?, view: BasemapView, plan: VectorTilePlan,
        fetched: FetchedVectorTiles, rasters: BasemapRasters, problems: [String], sprite: SpriteSheet? = nil
    ) -> PreparedBasemap {
        let labels = LabelPlacer(
            layers: style.layers, tiles: fetched.tiles, view: view, avoid: avoided, language: language, fonts: fonts,
            fallbackFamily: Look.defaultFamily, sprite: sprite
        ).place()
        // Tiles not drawn are `missing-tiles` for --quiet; the rest is the style's (`basemap-style`).
        var warnings = style.warnings, kinds: [WarningKind] = []
        warnings += problems.map { "\(fetched.source): \($0)" }
        if let warning = plan.warning { warnings.append(warning) }
        warnings += BasemapPainter.leftOut(style.layers)
        kinds += warnings.map { _ in .basemapStyle } + fetched.warnings.map { _ in .missingTiles }
        warnings += fetched.warnings
        warnings += sprite?.warnings ?? []
        warnings += BasemapPainter(layers: style.layers, tiles: fetched.tiles, view: view, sprite: sprite).missingPatterns()
        kinds += warnings.dropFirst(kinds.count).map { _ in .basemapStyle } + rasters.warnings.map { _ in .missingTiles }
        warnings += rasters.warnings
        warnings += labels.warnings
        kinds += labels.warnings.map { _ in .basemapStyle }
        // The sprite's files are part of the style: a changed icon is a changed style.
        var styleDigest = sprite.map { Fingerprint.digest("\(digest) sprite \($0.digest)".utf8) } ?? digest
        // Google's styles change the layers: another list of them is another style.
        if !basemap.googleStyles.isEmpty {
            styleDigest = Fingerprint.digest(([styleDigest] + basemap.googleStyles.map(\.canonicalText)).joined(separator: "\n").utf8)
        }
        return PreparedBasemap(
            styleName: name, schema: schema, layers: style.layers, view: view, level: plan.level, tiles: fetched, rasters: rasters, labels: labels,
            sprite: sprite, warnings: warnings, warningKinds: kinds, styleDigest: styleDigest)
    }
}
