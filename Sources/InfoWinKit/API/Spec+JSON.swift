extension Spec {
    /// Decodes and validates a spec in the JSON format (SPEC.md), as `infowin render` does; relative
    /// asset paths start from `folder` (the current folder by default), and `file` names it in errors.
    /// Files it names must be inside `folder` or one of `assetRoots` (`--asset-root`).
    public init(json: String, file: String = "<json>", folder: String? = nil, assetRoots: [String] = []) throws(InfoWinError) {
        let base = folder ?? FileSystem.currentFolder()
        self = try SpecDecoder.decode(SpecSource(name: file, bytes: Array(json.utf8), folder: base), assetRoots: assetRoots)
    }
}

extension Renderer {
    /// Draws `map` in `format` (`try Renderer().render(map, format: .png)`).
    public func render(_ map: MapView, format: OutputFormat = .png) throws(InfoWinError) -> RenderResult {
        try render(try map.spec, format: format)
    }

    /// Draws a spec made with `Spec(json:)` in `format`, as `infowin render` draws it (one render job of
    /// one version: the spec as it is, at its own scale).
    public func render(_ spec: Spec, format: OutputFormat) throws(InfoWinError) -> RenderResult {
        var settings = RenderSettings()
        settings.drawing.format = format
        settings.drawing.tiles = nil  // the renderer's own tiles, shared by its renders
        guard let render = try RenderJob(settings: settings).draw(spec, in: SpecVariant(), with: self).renders.first else {
            preconditionFailure("a job with no scale list draws one render")
        }
        return render.result
    }
}

extension Renderer {
    /// A renderer with no fonts loaded yet and map tiles fetched with the default settings; keep one per
    /// thread for its fonts' sake.
    public convenience init() {
        self.init(tiles: TileProvider())
    }
}
