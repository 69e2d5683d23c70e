import InfoWinKit
import InfoWinServe

/// `serve --basemap SOURCE [--style NAME|FILE]`: the basemap every `/staticmap` request and every posted
/// spec with neither `map.tiles` nor `map.basemap` is drawn on, resolved once when the server starts.
enum ServeBasemapOptions {
    static let options = [
        OptionSpec(names: ["--basemap"], valueName: "SOURCE", help: "a vector tileset (.pmtiles, .mbtiles, or a .pbf/.mvt template) inside an --asset-root: the map under every /staticmap and every posted spec without map.tiles or map.basemap"),
        OptionSpec(names: ["--style"], valueName: "NAME|FILE", help: "--basemap's style: light, dark, auto (the default) or a MapLibre style file inside an --asset-root"),
        OptionSpec(names: ["--maptype"], valueName: "NAME=SOURCE", help: "a map /staticmap's maptype=NAME draws: a vector tileset (in the auto style) or raster tiles (.mbtiles, .pmtiles, a template) inside an --asset-root", repeatable: true),
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
        return try basemap(source: source, style: style, settings: settings, option: "--basemap")
    }

    /// The maps `--maptype NAME=SOURCE` names, each opened once: a vector tileset as a basemap in the
    /// `auto` style, else raster tiles as `map.tiles` draws them. A name given twice, `roadmap` (the
    /// `--basemap`'s), or a source that is neither is a usage error naming the option.
    static func mapTypes(_ arguments: ParsedArguments, settings: RenderSettings) throws(UsageError) -> [String: MapTypeSource] {
        var mapTypes: [String: MapTypeSource] = [:]
        for value in arguments.values["--maptype"] ?? [] {
            guard let equals = value.firstIndex(of: "="), case let name = String(value[..<equals]),
                !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw UsageError(message: "--maptype: expected NAME=SOURCE (a name of letters, digits, - and _, as satellite=sat.mbtiles), got '\(value)'")
            }
            let source = String(value[value.index(after: equals)...])
            guard name != "roadmap" else { throw UsageError(message: "--maptype: roadmap is --basemap's map; give --basemap \(source) instead") }
            guard mapTypes[name] == nil else { throw UsageError(message: "--maptype: \(name) is given more than once") }
            do throws(UsageError) {
                if let basemap = try basemap(source: source, style: nil, settings: settings, option: "--maptype " + name) {
                    mapTypes[name] = .basemap(basemap)
                }
            } catch let vectorFailure {
                guard let tiles = rasterTiles(source: source, settings: settings) else { throw vectorFailure }
                mapTypes[name] = .tiles(tiles)
            }
        }
        return mapTypes
    }

    /// `source` as raster tiles `map.tiles` draws, checked as a spec's are, or nil when it is none.
    private static func rasterTiles(source: String, settings: RenderSettings) -> TilesSpec? {
        let isTemplate = source.hasPrefix("http://") || source.hasPrefix("https://")
        let quoted = JSONWriter.quoted(isTemplate ? source : Path.join(FileSystem.currentFolder(), source))
        let text = "{\"version\": 1, \"map\": {\"width\": 1, \"height\": 1, \"camera\": {\"target\": {\"latitude\": 0, \"longitude\": 0}, \"zoom\": 1}, \"tiles\": {\"source\": \(quoted)}}}"
        let folder = settings.assetRoots.first ?? "/nonexistent/infowin-serve"
        do throws(InfoWinError) {
            let spec = try SpecDecoder.decode(SpecSource(name: "--maptype", bytes: Array(text.utf8), folder: folder), assetRoots: settings.assetRoots)
            guard let tiles = spec.map.tiles else { return nil }
            try settings.tiles.checkSource(tiles, file: "--maptype")
            return tiles
        } catch {
            return nil
        }
    }

    /// The basemap of `source` in `style`, its files inside the asset roots and its tileset opened.
    private static func basemap(source: String, style: String?, settings: RenderSettings, option: String) throws(UsageError) -> BasemapSpec? {
        // Command-line paths start from the current folder; the sandbox then holds them inside the asset roots.
        let here = FileSystem.currentFolder()
        let isTemplate = source.hasPrefix("http://") || source.hasPrefix("https://")
        var members = ["\"source\": " + JSONWriter.quoted(isTemplate ? source : Path.join(here, source))]
        if let style {
            members.append("\"style\": " + JSONWriter.quoted(BuiltInStyleName(rawValue: style) != nil ? style : Path.join(here, style)))
        }
        let text = "{\"version\": 1, \"map\": {\"width\": 1, \"height\": 1, \"camera\": {\"target\": {\"latitude\": 0, \"longitude\": 0}, \"zoom\": 1}, \"basemap\": {\(members.joined(separator: ", "))}}}"
        let folder = settings.assetRoots.first ?? "/nonexistent/infowin-serve"
        // The spec is named by its option in messages; one about the style says --style too.
        let styleOption = { (error: InfoWinError) -> String in
            error.message.contains("basemap.style") || style.map { error.message.contains(Path.lastComponent(of: $0)) } == true ? "--style: " : ""
        }
        do throws(InfoWinError) {
            let spec = try SpecDecoder.decode(SpecSource(name: option, bytes: Array(text.utf8), folder: folder), assetRoots: settings.assetRoots)
            guard let basemap = spec.map.basemap else { return nil }
            try basemap.open(with: settings.tiles, file: option)
            return basemap
        } catch {
            throw UsageError(message: "\(styleOption(error))\(error.message)\(settings.assetRoots.isEmpty ? " (give the --asset-root that holds it)" : "")")
        }
    }
}
