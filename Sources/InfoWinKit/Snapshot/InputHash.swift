import Graphics

/// A hash of everything a render's bytes depend on (SPEC.md, "Unchanged specs"): the build, the library
/// versions, the spec as rendered after its variants and the files its decoding read, the text drawn and
/// the font files it was drawn with (as fontconfig chose them), the icon, photo and overlay files, the map
/// tiles' bytes, the layout, and the options that change the output. Written as `infowin:inputs`, it lets
/// `check` pass an unchanged spec without drawing it, and `serve` answer `If-None-Match` the same way.
package enum InputHash {
    /// 32 hexadecimal digits of the SHA-256 of `lines(…)`.
    static func of(_ spec: Spec, scene: Scene, tiles: FetchedTiles?, options: RenderOptions, fonts: [FontFileHash], layout: String) -> String {
        let text = lines(spec, scene: scene, tiles: tiles, options: options, fonts: fonts, layout: layout).joined(separator: "\n")
        return String(SHA256.hex(Array(text.utf8)).prefix(32))
    }

    /// The inputs, one fact a line, in a fixed order.
    static func lines(_ spec: Spec, scene: Scene, tiles: FetchedTiles?, options: RenderOptions, fonts: [FontFileHash], layout: String) -> [String] {
        let libraries = LibraryVersions.current
        var lines = [
            "infowin \(InfoWin.version) \(InfoWin.commit)", "binary \(ContentHash.binary)",
            "libraries cairo \(libraries.cairo) pango \(libraries.pango) harfbuzz \(libraries.harfbuzz) freetype \(libraries.freetype)",
            "spec \(spec.canonicalDigest)",
        ]
        lines += spec.filesRead.map { "read \($0)" }
        lines.append("fonts \(spec.fonts.hermetic ? "hermetic" : "machine") " + spec.fonts.files.map { Path.lastComponent(of: $0) }.joined(separator: " "))
        lines += fonts.map { "font \($0.hash) \($0.name)" }
        lines += scene.texts.map { "text \(Fingerprint.digest($0.text.displayText.utf8)) " + $0.layout.fontFiles.map { Path.lastComponent(of: $0) }.joined(separator: " ") }
        lines += scene.imageFiles.map { "file \($0.line)" }
        lines.append("tiles \(tiles?.digest ?? "none")")
        lines.append("scale \(JSONWriter.format(scene.scale))")
        lines.append("window " + (scene.infoWindow.map { "\($0.markerID)" } ?? "none") + (options.windowContent == nil ? "" : " as it opened"))
        lines.append("frame \(options.frame.map(String.init) ?? "none")")
        lines.append("crop " + (scene.crop.map { "\($0.x) \($0.y) \($0.width) \($0.height)" } ?? "none"))
        lines.append("format \(options.format.rawValue) quality \(options.quality) compression \(options.compression.rawValue)")
        lines.append("layout \(layout)")
        return lines
    }
}
