import Graphics
import InfoWinCheck
import InfoWinKit

/// Options every rendering command shares, with their checks.
enum CommonOptions {
    /// The options that change how a spec is read and laid out: the ones `hit` takes.
    static let layout = [
        OptionSpec(names: ["--asset-root"], valueName: "DIR", help: "also allow icons and fonts from inside DIR", repeatable: true),
        OptionSpec(names: ["--font"], valueName: "FILE", help: "add a font file to every spec's fonts", repeatable: true),
        OptionSpec(names: ["--hermetic-fonts"], valueName: nil, help: "use only the specs' fonts and --font files, never the machine's"),
        OptionSpec(names: ["--scale"], valueName: "N", help: "output pixels per point, 1 to 4 (overrides map.scale); render and batch take a list, 1,2,3"),
    ]

    /// Every option of the commands that render.
    static let rendering = layout + [
        OptionSpec(names: ["--png-compression"], valueName: "LEVEL", help: "fast (default), default or small: speed against file size"),
        OptionSpec(
            names: ["--fail-on"], valueName: "LIST",
            help: "fail a spec whose text was cut (truncated), whose window the canvas cuts or text its box clips (clipped), with a missing glyph or map tile, or a catalog string from a fallback: truncated,clipped,missing-glyphs,missing-tiles,untranslated"),
        OptionSpec(
            names: ["--strings"], valueName: "PATH",
            help: "a String Catalog (.xcstrings), an Android res/ folder or a folder of *.lproj for {{strings.KEY(ARG, …)}} (with --locale)"),
        OptionSpec(
            names: ["--locale"], valueName: "L",
            help: "the catalog's locale to render in; a list (de,fr) or 'all': one render per locale, named <spec>.<locale>"),
        OptionSpec(names: ["--data"], valueName: "FILE", help: "JSON Lines, a JSON array or CSV: one render per row, {{data.COLUMN}} filled"),
        OptionSpec(names: ["--pseudo-locale"], valueName: "L", help: "Android's en-XA (accented, longer) or ar-XB (right to left) on every text; outputs named <spec>.en-XA, <spec>.ar-XB"),
        OptionSpec(
            names: ["--traits"], valueName: "LIST",
            help: "draw in these traits: dark, light, a Dynamic Type size (XS…XXXL, AX1…AX5) or both (dark.AX3), comma-separated, or all (light and dark × L, XXXL, AX5); outputs named <spec>.dark, <spec>.AX3, <spec>.dark.AX3"),
        OptionSpec(
            names: ["--quiet"], valueName: "KINDS",
            help: "print no warning of these kinds, counting the lines silenced: off-canvas, missing-tiles, large-window, basemap-style, comma-separated"),
        OptionSpec(names: ["--crop"], valueName: "WHAT", help: "write only the window, the markers (and window), the shapes, or none (the whole canvas)"),
        OptionSpec(names: ["--crop-margin"], valueName: "N", help: "points kept around what --crop keeps (default 8)"),
    ] + tileOptions

    /// The variants `--strings`/`--locale`, `--data`, `--pseudo-locale` and `--traits` ask for: every row in
    /// every locale and trait; one plain variant without them (`VariantRequest`, which the Swift snapshot
    /// helpers share).
    static func variants(_ arguments: ParsedArguments) throws(UsageError) -> [SpecVariant] {
        let request = VariantRequest(
            strings: arguments.value("--strings"), locale: arguments.value("--locale"), data: arguments.value("--data"),
            pseudoLocale: arguments.value("--pseudo-locale"), traits: arguments.value("--traits"))
        do throws(VariantRequestError) { return try request.variants(note: Console.note) } catch {
            throw UsageError(message: error.message, status: error.isInput ? .usage : .failure)
        }
    }

    /// `--quiet off-canvas,missing-tiles,large-window,basemap-style`, checked: an unknown kind is a usage
    /// error naming the option and the kinds.
    static func quiet(_ arguments: ParsedArguments) throws(UsageError) -> Set<WarningKind> {
        guard let text = arguments.value("--quiet") else { return [] }
        switch WarningKind.parse(list: text) {
        case .success(let kinds): return kinds
        case .failure(let error): throw UsageError(message: "--quiet: \(error.message)")
        }
    }

    /// `, 291 warnings silenced (--quiet off-canvas)` for a command's closing line; empty when none was.
    static func silencedNote(_ count: Int, _ kinds: Set<WarningKind>) -> String {
        guard count > 0 else { return "" }
        let names = WarningKind.allCases.filter(kinds.contains).map(\.rawValue).joined(separator: ",")
        return ", \(Format.count(count, "warning")) silenced (--quiet \(names))"
    }

    /// `--fail-on truncated,clipped,missing-glyphs,missing-tiles,untranslated`, checked.
    static func failOn(_ arguments: ParsedArguments) throws(UsageError) -> FailOn {
        guard let text = arguments.value("--fail-on") else { return FailOn() }
        switch FailOn.parse(text) {
        case .success(let failOn):
            return failOn
        case .failure(let error):
            throw UsageError(message: "--fail-on: unknown problem '\(error.name)'\(UsageError.didYouMean(error.suggestion)); expected truncated, clipped, missing-glyphs, missing-tiles or untranslated, comma-separated")
        }
    }

    /// `--crop` and `--crop-margin`, checked.
    static func crop(_ arguments: ParsedArguments) throws(UsageError) -> CropChoice {
        var margin: Double?
        if let text = arguments.value("--crop-margin") {
            guard let value = Double(text), value.isFinite, (0...4096).contains(value) else {
                throw UsageError(message: "--crop-margin: expected a number of points from 0 to 4096, got '\(text)'")
            }
            margin = value
        }
        guard let text = arguments.value("--crop") else {
            if margin != nil { throw UsageError(message: "--crop-margin needs --crop window, markers or shapes") }
            return .fromSpec
        }
        if text == "none" { return .none }
        guard let target = CropSpec.Target(rawValue: text) else {
            throw UsageError(message: "--crop: expected window, markers, shapes or none, got '\(text)'")
        }
        return .to(CropSpec(target: target, margin: margin ?? 8))
    }

    static let tileOptions = [
        OptionSpec(names: ["--tile-cache"], valueName: "DIR", help: "keep fetched map tiles in DIR (default $XDG_CACHE_HOME/infowin/tiles)"),
        OptionSpec(names: ["--offline"], valueName: nil, help: "take map tiles from the tile cache only, never from the network"),
        OptionSpec(names: ["--tile-timeout"], valueName: "S", help: "seconds a map tile may take to fetch (default 10)"),
        OptionSpec(
            names: ["--tiles-deadline"], valueName: "S",
            help: "seconds all the map tiles of one image may take, fetched and decoded (default 60)"),
        OptionSpec(names: ["--tile-cache-size"], valueName: "MB", help: "the most the tile cache may hold (default 1024)"),
        OptionSpec(
            names: ["--allow-private-network"], valueName: nil,
            help: "let specs fetch tiles from loopback, private, link-local and other special-purpose addresses"),
    ]

    /// `--tile-cache`, `--offline`, `--tile-timeout`, `--tiles-deadline`, `--tile-cache-size` and
    /// `--allow-private-network`, checked.
    static func tileSettings(_ arguments: ParsedArguments) throws(UsageError) -> TileSettings {
        var settings = TileSettings(
            cacheFolder: arguments.value("--tile-cache"), offline: arguments.flags.contains("--offline"),
            allowPrivateNetwork: arguments.flags.contains("--allow-private-network"))
        settings.timeout = try seconds(arguments, "--tile-timeout", in: 0.1...600) ?? settings.timeout
        settings.deadline = try seconds(arguments, "--tiles-deadline", in: 0.1...86_400) ?? settings.deadline
        if let text = arguments.value("--tile-cache-size") {
            guard let value = Int(text), (1...1_048_576).contains(value) else {
                throw UsageError(message: "--tile-cache-size: expected a number of megabytes from 1 to 1048576, got '\(text)'")
            }
            settings.cacheMegabytes = value
        }
        if let folder = settings.cacheFolder, folder.isEmpty {
            throw UsageError(message: "--tile-cache: expected a folder, got an empty string")
        }
        return settings
    }

    /// The number of seconds `name` gives, within `range`; nil when it is not given.
    private static func seconds(_ arguments: ParsedArguments, _ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = arguments.value(name) else { return nil }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw UsageError(message: "\(name): expected a number of seconds from \(Format.number(range.lowerBound)) to \(Format.number(range.upperBound)), got '\(text)'")
        }
        return value
    }

    /// `--asset-root`, `--font`, `--hermetic-fonts` and `--scale`, checked; `scaleLists` lets `--scale` be a
    /// list (`1,2,3`, read by `OutputOptions.scaleList`), which leaves the settings' scale nil.
    static func settings(_ arguments: ParsedArguments, scaleLists: Bool = false) throws(UsageError) -> RenderSettings {
        let assetRoots = arguments.values["--asset-root"] ?? []
        for assetRoot in assetRoots where !FileSystem.isFolder(assetRoot) {
            throw UsageError(message: "--asset-root: '\(assetRoot)' is not a folder")
        }
        let fonts = try FontOptions.files(arguments)
        var scale: Double?
        if let text = arguments.value("--scale"), !(scaleLists && text.contains(",")) {
            guard let value = Double(text), value.isFinite, (1...4).contains(value) else {
                let lists = text.contains(",") ? " (a list of scales is for render and batch)" : ""
                throw UsageError(message: "--scale: expected a number from 1 to 4, got '\(text)'\(lists)")
            }
            scale = value
        }
        var compression = PNGCompression.fast
        if let text = arguments.value("--png-compression") {
            guard let level = PNGCompression(rawValue: text) else {
                throw UsageError(message: "--png-compression: expected fast, default or small, got '\(text)'")
            }
            compression = level
        }
        var settings = RenderSettings(
            assetRoots: assetRoots, extraFonts: fonts, hermeticFonts: arguments.flags.contains("--hermetic-fonts"), scale: scale,
            compression: compression, tiles: TileProvider(settings: try tileSettings(arguments)), crop: try crop(arguments))
        settings.failOn = try failOn(arguments)
        settings.quiet = try quiet(arguments)
        settings.variants = try variants(arguments)
        return settings
    }

    /// The window `--select ID` asks for; nil (after saying so) when the spec has no such marker.
    static func selection(_ select: String?, in spec: Spec, command: String) -> Selection? {
        guard let select else { return .fromSpec }
        guard spec.markers.contains(where: { $0.id == select }) else {
            Console.error("infowin \(command): --select: \(spec.file) has no marker with the id '\(select)'")
            return nil
        }
        return .marker(select)
    }

    /// The SPEC_OR_DIR arguments of `batch` and `check`: at least one, and not standard input.
    static func specInputs(_ arguments: ParsedArguments, command: String) throws(UsageError) -> [String] {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(message: "missing SPEC_OR_DIR (spec files or folders of specs)")
        }
        if arguments.positionals.contains("-") {
            throw UsageError(message: "\(command) cannot read a spec from standard input; give files or folders")
        }
        return arguments.positionals
    }

    /// The specs found in `inputs` (files, and folders searched), named relative to `base` when given, or
    /// nil after saying why there are none.
    static func findSpecs(_ inputs: [String], base: String? = nil) -> SpecList? {
        do {
            let specs = try SpecDiscovery.find(inputs, base: base)
            guard !specs.isEmpty else {
                Console.error("no *.json spec found in \(inputs.joined(separator: ", "))")
                return nil
            }
            return specs
        } catch {
            Console.error(error.message)
            return nil
        }
    }

    /// `--jobs N` (default: the number of processors).
    static func jobs(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        guard let text = arguments.value("--jobs") else { return FileSystem.processorCount }
        guard let jobs = Int(text), (1...256).contains(jobs) else {
            throw UsageError(message: "--jobs: expected a whole number from 1 to 256, got '\(text)'")
        }
        return jobs
    }

    static let toleranceOptions = [
        OptionSpec(names: ["--threshold"], valueName: "T", help: "colour distance under which pixels are equal, 0 to 1 (default 0.1; check compares goldens of this very build exactly unless a tolerance option is given)"),
        OptionSpec(names: ["--max-diff-pixels"], valueName: "N", help: "differing pixels allowed (default 0)"),
        OptionSpec(names: ["--max-diff-ratio"], valueName: "R", help: "differing pixels allowed as a share of all, 0 to 1 (default 0)"),
        OptionSpec(names: ["--include-aa"], valueName: nil, help: "count anti-aliased pixels too (with --threshold 0: pixel-exact)"),
    ]

    /// `--threshold`, `--max-diff-pixels` and `--max-diff-ratio`, checked.
    static func tolerance(_ arguments: ParsedArguments) throws(UsageError) -> DiffTolerance {
        var tolerance = DiffTolerance()
        if let text = arguments.value("--threshold") {
            guard let value = Double(text), (0...1).contains(value) else {
                throw UsageError(message: "--threshold: expected a number from 0 to 1, got '\(text)'")
            }
            tolerance.threshold = value
        }
        if let text = arguments.value("--max-diff-pixels") {
            guard let value = Int(text), value >= 0 else {
                throw UsageError(message: "--max-diff-pixels: expected a whole number of 0 or more, got '\(text)'")
            }
            tolerance.maxDiffPixels = value
        }
        if let text = arguments.value("--max-diff-ratio") {
            guard let value = Double(text), (0...1).contains(value) else {
                throw UsageError(message: "--max-diff-ratio: expected a number from 0 to 1, got '\(text)'")
            }
            tolerance.maxDiffRatio = value
        }
        tolerance.includeAntiAliasing = arguments.flags.contains("--include-aa")
        // Chosen by the user: it then applies to goldens of this very build too, which are otherwise exact.
        tolerance.isExplicit = ["--threshold", "--max-diff-pixels", "--max-diff-ratio"].contains { arguments.value($0) != nil }
            || tolerance.includeAntiAliasing
        return tolerance
    }

    static let batchOptions = [
        OptionSpec(names: ["--base"], valueName: "DIR", help: "name outputs and goldens by their path relative to DIR, for folders and single specs alike"),
        OptionSpec(names: ["--jobs"], valueName: "N", help: "render in N worker processes at once, one thread each (default: the number of processors)"),
    ] + ShardOptions.options
}
