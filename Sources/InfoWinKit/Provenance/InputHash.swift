import Graphics
import ICUText

/// A hash of everything a render's bytes depend on (SPEC.md, "Unchanged specs" and "Comparing, round
/// four"): the build, the library versions, fontconfig's configuration files and rendering properties, the
/// environment variables the drawing libraries read, the spec as rendered after its variants and the files its decoding read, the text drawn and
/// the font files it was drawn with (as fontconfig chose them), the icon, photo and overlay files, the map
/// tiles' bytes, the layout, and the options that change the output. Written as `infowin:inputs`, it lets
/// `check` pass an unchanged spec without drawing it, and `serve` answer `If-None-Match` the same way.
///
/// `infowin:inputs-before-layout` is the part known before layout, with every font matching can choose from
/// (hermetic fonts: the files given, by name and content) in place of those it chose: the same spec, files,
/// fonts and options lay out the same, so when it equals the golden's, `check` need not even lay the spec
/// out. A spec drawn with the machine's fonts has none (hashing every font of the machine would cost more
/// than the layout it saves), nor one with map tiles or a basemap (known only once the camera is placed), nor one with
/// catalog strings that shared views fill as they are laid out.
enum InputHash {
    /// 32 hexadecimal digits of the SHA-256 of the inputs after layout.
    static func of(
        _ spec: Spec, scene: Scene, tiles: FetchedTiles?, basemap: PreparedBasemap?, options: RenderOptions, fonts: [FontFileHash], fontConfiguration: [String],
        layout: String
    ) -> String {
        var lines = common(spec, options: options, scale: scene.scale, window: scene.infoWindow?.markerID, fontConfiguration: fontConfiguration)
        lines += fonts.map { "font \($0.hash) \($0.name)" }
        // Each face with the rendering properties fontconfig's rules gave it (embolden, antialias, hinting…).
        lines += scene.texts.map { text in
            "text \(Fingerprint.digest(text.text.displayText.utf8)) "
                + text.layout.fontFaces.map { "\(Path.lastComponent(of: $0.file)) [\($0.rendering)]" }.joined(separator: " ")
        }
        lines += scene.imageFiles.map { "file \($0.line)" }
        lines.append("tiles \(tiles?.digest ?? "none")")
        if let basemap { lines.append("basemap style \(basemap.styleDigest) tiles \(basemap.tiles.digest)") }
        lines.append("crop " + (scene.crop.map { "\($0.x) \($0.y) \($0.width) \($0.height)" } ?? "none"))
        lines.append("layout \(layout)")
        return digest(lines)
    }

    /// The inputs known before layout, with `fonts` (each hermetic font file as `NAME HASH`, in order); nil
    /// for a spec with map tiles, a basemap or late catalog strings, or a scenario's frame showing a window as it opened.
    static func beforeLayout(_ spec: Spec, options: RenderOptions, selected: String?, fonts: [String], fontConfiguration: [String]) -> String? {
        guard spec.map.tiles == nil, spec.map.basemap == nil, options.windowContent == nil, !spec.hasCatalog else { return nil }
        var lines = common(spec, options: options, scale: options.scale ?? spec.map.scale, window: selected, fontConfiguration: fontConfiguration)
        lines += fonts.map { "hermetic font \($0)" }
        let crop = switch options.crop {
        case .fromSpec: "spec"
        case .none: "none"
        case .to(let crop): "\(crop.target.rawValue) \(JSONWriter.format(crop.margin))"
        }
        lines.append("crop choice \(crop)")
        return digest(lines)
    }

    /// What both hashes start with: the build (named by its source code, not its binary's bytes), the
    /// libraries, fontconfig's configuration and the drawing libraries' environment, the spec and the files
    /// its decoding read, the fonts it asks for, and the options.
    private static func common(_ spec: Spec, options: RenderOptions, scale: Double, window: String?, fontConfiguration: [String]) -> [String] {
        let libraries = LibraryVersions.current
        // ICU makes no text but a catalog's plurals and numbers: its versions are an input of a spec drawn
        // with a catalog, and only such a spec opens it (2.7 ms of a cold render, measured, when every
        // render did).
        let icu = spec.hasCatalog ? " icu \(icuVersions)" : ""
        var lines = [
            "infowin \(InfoWin.build)",
            "libraries cairo \(libraries.cairo) pango \(libraries.pango) harfbuzz \(libraries.harfbuzz) freetype \(libraries.freetype)" + icu,
            "spec \(spec.canonicalDigest)",
        ] + fontConfiguration
        lines += spec.filesRead.map { "read \($0)" }
        lines.append("fonts \(spec.fonts.hermetic ? "hermetic" : "machine") " + spec.fonts.files.map { Path.lastComponent(of: $0) }.joined(separator: " "))
        lines.append("scale \(JSONWriter.format(scale))")
        lines.append("window " + (window ?? "none") + (options.windowContent == nil ? "" : " as it opened"))
        lines.append("frame \(options.frame.map(String.init) ?? "none")")
        lines.append("format \(options.format.rawValue) quality \(options.quality) compression \(options.compression.rawValue)")
        return lines
    }

    /// 32 hexadecimal digits of the SHA-256 of the lines.
    private static func digest(_ lines: [String]) -> String {
        String(SHA256.hex(Array(lines.joined(separator: "\n").utf8)).prefix(32))
    }
}
