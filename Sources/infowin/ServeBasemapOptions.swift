import InfoWinKit

/// `serve --basemap SOURCE [--style NAME|FILE]`: the basemap every `/staticmap` request and every posted
/// spec with neither `map.tiles` nor `map.basemap` is drawn on, resolved once when the server starts.
enum ServeBasemapOptions {
    static let options = [
        OptionSpec(
            names: ["--basemap"], valueName: "SOURCE",
            help: "a vector tileset (.pmtiles, .mbtiles, or a .pbf/.mvt template) inside an --asset-root: the map under every /staticmap and every posted spec without map.tiles or map.basemap"),
        OptionSpec(names: ["--style"], valueName: "NAME|FILE", help: "--basemap's style: light, dark, auto (the default) or a MapLibre style file inside an --asset-root"),
    ]

    /// The default basemap `--basemap` and `--style` give, its files inside the asset roots and its tileset
    /// opened (kept open in `settings`' tile provider); nil without `--basemap`. A source or style that
    /// cannot be drawn is a usage error naming it.
    static func basemap(_ arguments: ParsedArguments, settings: RenderSettings) throws(UsageError) -> BasemapSpec? {
        let style = arguments.value("--style")
        guard let source = arguments.value("--basemap") else {
            if style != nil { throw UsageError(message: "--style: it is the style of --basemap's map; give --basemap SOURCE as well") }
            return nil
        }
        // Command-line paths start from the current folder; the sandbox then holds them inside the asset roots.
        let here = FileSystem.currentFolder()
        let isTemplate = source.hasPrefix("http://") || source.hasPrefix("https://")
        var members = ["\"source\": " + JSONWriter.quoted(isTemplate ? source : Path.join(here, source))]
        if let style {
            members.append("\"style\": " + JSONWriter.quoted(BuiltInStyleName(rawValue: style) != nil ? style : Path.join(here, style)))
        }
        let text = "{\"version\": 1, \"map\": {\"width\": 1, \"height\": 1, \"camera\": {\"target\": {\"latitude\": 0, \"longitude\": 0}, \"zoom\": 1}, \"basemap\": {\(members.joined(separator: ", "))}}}"
        let folder = settings.assetRoots.first ?? "/nonexistent/infowin-serve"
        // The spec is named --basemap in messages; one about the style says --style too.
        let option = { (error: InfoWinError) -> String in
            error.message.contains("basemap.style") || style.map { error.message.contains(Path.lastComponent(of: $0)) } == true ? "--style: " : ""
        }
        do throws(InfoWinError) {
            let spec = try SpecDecoder.decode(SpecSource(name: "--basemap", bytes: Array(text.utf8), folder: folder), assetRoots: settings.assetRoots)
            guard let basemap = spec.map.basemap else { return nil }
            try basemap.open(with: settings.tiles, file: "--basemap")
            return basemap
        } catch {
            throw UsageError(message: "\(option(error))\(error.message)\(settings.assetRoots.isEmpty ? " (give the --asset-root that holds it)" : "")")
        }
    }
}
