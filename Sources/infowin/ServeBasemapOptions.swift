import InfoWinKit
import InfoWinServe

/// `serve --basemap SOURCE [--style NAME|FILE]`: the basemap every `/staticmap` request and every posted
/// spec with neither `map.tiles` nor `map.basemap` is drawn on, resolved once when the server starts.
enum ServeBasemapOptions {
    static let options = [
        OptionSpec(names: ["--basemap"], valueName: "SOURCE", help: "a vector tileset (.pmtiles, .mbtiles, or a .pbf/.mvt template) inside an --asset-root: the map under every /staticmap and every posted spec without map.tiles or map.basemap"),
        OptionSpec(names: ["--style"], valueName: "NAME|FILE", help: "--basemap's style: light, dark, auto (the default) or a MapLibre style file inside an --asset-root"),
        OptionSpec(names: ["--maptype"], valueName: "NAME=SOURCE", help: "a map /staticmap's maptype=NAME draws: a vector tileset (in the auto style) or raster tiles (.mbtiles, .pmtiles, a template) inside an --asset-root", repeatable: true),
        OptionSpec(names: ["--map-id"], valueName: "NAME=STYLE", help: "a style /staticmap's map_id=NAME draws --basemap in: light, dark, auto or a MapLibre style file inside an --asset-root", repeatable: true),
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

    /// The basemaps `--map-id NAME=STYLE` names: `--basemap` in each style, its style file inside the asset
    /// roots and read once; without `--basemap` the styles are checked and none is kept (`map_id` is then a
    /// 400). A name given twice or a style that cannot be drawn is a usage error naming the option.
    static func mapIds(_ arguments: ParsedArguments, settings: RenderSettings) throws(UsageError) -> [String: BasemapSpec] {
        var mapIds: [String: BasemapSpec] = [:], names: Set<String> = []
        for value in arguments.values["--map-id"] ?? [] {
            guard let equals = value.firstIndex(of: "="), case let name = String(value[..<equals]), !name.isEmpty, name.count <= 100,
                name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw UsageError(message: "--map-id: expected NAME=STYLE (a name of letters, digits, - and _, as 8e0a97af9386fef=night.json), got '\(value)'")
            }
            let style = String(value[value.index(after: equals)...])
            guard names.insert(name).inserted else { throw UsageError(message: "--map-id: \(name) is given more than once") }
            guard !style.isEmpty else { throw UsageError(message: "--map-id \(name): expected a style after =: light, dark, auto or a MapLibre style file") }
            if let source = arguments.value("--basemap") {
                // A fault found opening the style names its file: the option is named before it.
                do throws(UsageError) {
                    mapIds[name] = try basemap(source: source, style: style, settings: settings, option: "--map-id " + name, styleOption: nil)
                } catch {
                    throw error.message.hasPrefix("--map-id") ? error : UsageError(message: "--map-id \(name): \(error.message)")
                }
            } else if BuiltInStyleName(rawValue: style) == nil {
                try checkStyleFile(style, settings: settings, option: "--map-id " + name)
            }
        }
        return mapIds
    }

    /// A style file named without `--basemap`: it must be a file inside an asset root.
    private static func checkStyleFile(_ style: String, settings: RenderSettings, option: String) throws(UsageError) {
        let roots = settings.assetRoots.compactMap(FileSystem.realPath)
        guard let real = FileSystem.realPath(Path.join(FileSystem.currentFolder(), style)), FileSystem.isRegularFile(real) else {
            throw UsageError(message: "\(option): the style '\(style)' is neither light, dark, auto nor a file that exists")
        }
        guard roots.contains(where: { Path.isInside(real, folder: $0) }) else {
            throw UsageError(message: "\(option): the style file '\(style)' is outside the asset roots (give the --asset-root that holds it)")
        }
    }

    /// The basemap of `source` in `style`, its files inside the asset roots and its tileset opened; a
    /// fault in the style is named `styleOption` as well as `option` when it has its own (`--style`).
    private static func basemap(
        source: String, style: String?, settings: RenderSettings, option: String, styleOption: String? = "--style"
    ) throws(UsageError) -> BasemapSpec? {
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
        let styleOptionPrefix = { (error: InfoWinError) -> String in
            guard let styleOption else { return "" }
            return error.message.contains("basemap.style") || style.map { error.message.contains(Path.lastComponent(of: $0)) } == true ? styleOption + ": " : ""
        }
        do throws(InfoWinError) {
            let spec = try SpecDecoder.decode(SpecSource(name: option, bytes: Array(text.utf8), folder: folder), assetRoots: settings.assetRoots)
            guard let basemap = spec.map.basemap else { return nil }
            try basemap.open(with: settings.tiles, file: option)
            return basemap
        } catch {
            throw UsageError(message: "\(styleOptionPrefix(error))\(error.message)\(settings.assetRoots.isEmpty ? " (give the --asset-root that holds it)" : "")")
        }
    }
}
