/// Reads a MapLibre style file (version 8) into a `MapStyle`. A style that is not valid, or over a limit,
/// is an error naming the file, the JSON path and what was expected; what is valid but outside infowin's
/// subset is a warning, and not drawn.
package struct MapStyleReader {
    /// The largest style file read (SPEC.md: a style file 4 MB).
    package static let sizeLimit = 4 << 20
    /// The most layers a style may have (SPEC.md: 1,000 layers a style).
    package static let layerLimit = 1_000
    /// The warnings kept; past it one more says how many were left out.
    package static let warningLimit = 100
    /// JSON nesting read from a style file: twice an expression's 64 levels, so that an expression too deep
    /// is reported at its JSON path by the expression's own check, and `[[[[…` 100,000 deep is refused at once.
    package static let jsonDepthLimit = StyleExpressionParser.depthLimit * 2

    let file: String
    let folder: String?
    var parser = StyleExpressionParser()
    var warnings: [String] = []
    var warningsLeftOut = 0

    /// Reads the style `bytes` of `file` (named so in messages); paths in it are resolved against `folder`.
    package static func read(_ bytes: [UInt8], file: String, folder: String? = nil) throws(InfoWinError) -> MapStyle {
        guard bytes.count <= sizeLimit else {
            throw .io(file: file, message: "the style file is \(Format.grouped(bytes.count)) bytes: at most \(Format.bytes(sizeLimit)) is read")
        }
        let json = try JSONParser.parse(bytes, file: file, maxDepth: jsonDepthLimit)
        var reader = MapStyleReader(file: file, folder: folder)
        return try reader.readStyle(json)
    }

    func failure(_ path: JSONPath, _ message: String) -> InfoWinError {
        .invalid(file: file, path: path, message: message)
    }

    func mismatch(_ json: JSONValue, _ path: JSONPath, expected: String) -> InfoWinError {
        failure(path, "expected \(expected), got \(StyleExpressionParser.describeJSON(json))")
    }

    /// Records a warning: `style.json: layer "x": what was left out`.
    mutating func warn(_ subject: String, _ message: String) {
        guard warnings.count < Self.warningLimit else {
            warningsLeftOut += 1
            return
        }
        warnings.append("\(file): \(subject): \(message)")
    }

    private mutating func readStyle(_ json: JSONValue) throws(InfoWinError) -> MapStyle {
        guard case .object(let members) = json.kind else { throw mismatch(json, .root, expected: "a style (a JSON object)") }
        var style = MapStyle(file: file)
        var layersJSON: JSONValue?
        var sawVersion = false
        var sawSources = false
        for member in members {
            let path = JSONPath.root.appending(member.key)
            switch member.key {
            case "version":
                guard case .number(8) = member.value.kind else { throw mismatch(member.value, path, expected: "8 (MapLibre style version 8)") }
                sawVersion = true
            case "name":
                guard case .string(let name) = member.value.kind else { throw mismatch(member.value, path, expected: "a string") }
                style.name = name
            case "sources":
                style.sources = try readSources(member.value, path)
                sawSources = true
            case "sprite":
                style.sprite = try readSprite(member.value, path)
            case "glyphs":
                // SPEC.md: glyphs are ignored, as text is shaped by Pango.
                guard case .string = member.value.kind else { throw mismatch(member.value, path, expected: "a string") }
            case "layers":
                layersJSON = member.value
            case "metadata", "center", "zoom", "bearing", "pitch", "roll", "centerAltitude", "transition", "light":
                // Free-form data, the camera (the spec's own camera places the map), animation and the
                // lighting of extrusions (not drawn): none changes what a still picture of these layers shows.
                break
            case "sky", "terrain", "projection", "state", "font-faces":
                warn(JSONWriter.quoted(member.key), "the style's \(member.key) is not drawn")
            default:
                warn(JSONWriter.quoted(member.key.abbreviated(60)), "unknown key: not read")
            }
        }
        guard sawVersion else { throw failure(.root, "expected \"version\": 8 (a MapLibre style), got no version") }
        guard sawSources else { throw failure(.root, "expected \"sources\" (an object), got none") }
        guard let layersJSON else { throw failure(.root, "expected \"layers\" (an array), got none") }
        style.layers = try readLayers(layersJSON, sources: style.sources)
        if warningsLeftOut > 0 { warnings.append("\(file): and \(Format.grouped(warningsLeftOut)) more warnings") }
        style.warnings = warnings
        return style
    }

    private func readSprite(_ json: JSONValue, _ path: JSONPath) throws(InfoWinError) -> String {
        guard case .string(let sprite) = json.kind, !sprite.isEmpty else {
            throw mismatch(json, path, expected: "the sprite's local path (a string; several sprites are not read)")
        }
        guard !sprite.contains("://") else { throw mismatch(json, path, expected: "a local path (infowin fetches no sprite)") }
        return resolve(sprite)
    }

    /// A path in the style, against the style file's folder.
    func resolve(_ path: String) -> String {
        guard let folder, !path.hasPrefix("/") else { return path }
        return folder + "/" + path
    }
}
