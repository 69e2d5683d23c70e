import InfoWinKit

extension ProjectConfig {
    /// Every key the file may hold, in the order the reference page's table and the schema list them. A key gives a
    /// default value to its option in every command that has that option; the others ignore it.
    package static var keys: [ProjectConfigKey] {
        [
            .schemaReference,
            .paths(
                "fonts", \.fonts, role: .fontFile, option: "--font", alsoSets: ["--hermetic-fonts"], minimum: 1,
                help: "font files, and the only fonts every render uses (as --hermetic-fonts --font FILE…)"),
            .paths("assetRoots", \.assetRoots, role: .folder, option: "--asset-root", help: "folders specs may also read icons, images and fonts from"),
            .path("golden", \.golden, role: .outputFolder, option: "--golden", help: "the folder of golden images check compares with"),
            .path("base", \.base, role: .folder, option: "--base", help: "name outputs and goldens by their path relative to this folder"),
            .path("report", \.report, role: .outputFolder, option: "--report", help: "the folder check writes its HTML report into"),
            .path("junit", \.junit, role: .outputFile, option: "--junit", help: "the JUnit XML file check writes"),
            .path("summary", \.summary, role: .outputFile, option: "--summary", help: "the Markdown summary file check writes"),
            .names(
                "failOn", \.failOn, allowed: FailOn.names.map(\.0), option: "--fail-on",
                help: "problems that fail a spec that rendered: " + FailOn.names.map(\.0).joined(separator: ", ")),
            .names(
                "quiet", \.quiet, allowed: WarningKind.allCases.map(\.rawValue), option: "--quiet",
                help: "kinds of warning not printed, each silenced line counted: " + WarningKind.allCases.map(\.rawValue).joined(separator: ", ")),
            .path("strings", \.strings, role: .input, option: "--strings", help: "a String Catalog (.xcstrings), an Android res/ folder or a folder of .lproj folders"),
            .words("locales", \.locales, of: "locales", only: "all", option: "--locale", help: "the catalog's locales to render in, each output named by its locale (spec.de.png); \"all\" for every one"),
            .words("traits", \.traits, of: "traits", only: nil, option: "--traits", help: "trait variants to render (dark, a content size, dark.AX3, all)"),
            .number("threshold", \.threshold, option: "--threshold", help: "colour distance under which pixels are equal"),
            .wholeNumber("maxDiffPixels", \.maxDiffPixels, option: "--max-diff-pixels", help: "differing pixels allowed"),
            .number("maxDiffRatio", \.maxDiffRatio, option: "--max-diff-ratio", help: "differing pixels allowed, as a share of all"),
            .path("tileCache", \.tileCache, role: .outputFolder, option: "--tile-cache", help: "the folder fetched map tiles are kept in"),
            .flag("offline", \.offline, option: "--offline", help: "take map tiles from the tile cache only"),
            .flag(
                "allowPrivateNetwork", \.allowPrivateNetwork, option: "--allow-private-network",
                help: "let specs fetch tiles from private and other special-purpose addresses (false unless given)"),
            .wholeNumber("jobs", \.jobs, option: "--jobs", help: "worker processes that render at once"),
            .path("basemap", \.basemap, role: .input, option: "--basemap", help: "serve's basemap: a .pmtiles or .mbtiles file of vector tiles under every /staticmap and posted spec without a map"),
            .nameOrPath(
                "style", \.style, names: BuiltInStyleName.allCases.map(\.rawValue), option: "--style",
                help: "serve's basemap style: light, dark, auto or a MapLibre style file"),
            .repeated(
                "allowIconHosts", \.allowIconHosts, of: "HOST or HOST:PORT names", option: "--allow-icon-host",
                help: "hosts serve's /staticmap may fetch markers=icon:URL icons from (HOST or HOST:PORT)"),
            .namedStyles(
                "mapIds", \.mapIds, names: BuiltInStyleName.allCases.map(\.rawValue), option: "--map-id",
                help: "serve's map ids: each name /staticmap's map_id may give, and the style (light, dark, auto or a MapLibre style file) it draws the basemap in"),
        ]
    }
}
