import Graphics

/// Turns a spec's JSON into a validated `Spec` (SPEC.md "Top level", "Marker", "Info window").
public struct SpecDecoder {
    let reader: ValueReader
    let sandbox: AssetSandbox
    /// The spec's look: its window style and pin are the defaults of everything decoded after it.
    var look = Look.ios

    /// The format versions this build reads.
    public static let supportedVersions = [1]
    /// The most markers a spec may have.
    public static let markerLimit = 10_000
    /// The most pixels an output may have (8192 × 8192).
    public static let pixelLimit = 8192 * 8192
    /// The largest image file read, in bytes.
    static let imageSizeLimit = 32 << 20

    /// Decodes and validates `source`; files it names must be inside its folder or `assetRoot`.
    public static func decode(_ source: SpecSource, assetRoot: String? = nil) throws(InfoWinError) -> Spec {
        let reader = ValueReader(file: source.name)
        let root: JSONValue
        do {
            root = try JSONParser.parse(source.bytes)
        } catch {
            throw .syntax(file: source.name, line: error.line, column: error.column, path: error.path, message: error.message)
        }
        var decoder = SpecDecoder(
            reader: reader, sandbox: AssetSandbox(reader: reader, baseFolder: source.folder, assetRoot: assetRoot))
        let top = try reader.object(root, .root, allowed: Self.topLevelKeys)
        try decoder.checkVersion(top)
        decoder.look = try top.optional("look") { value, path throws(InfoWinError) in
            try reader.choice(value, path, among: Look.self)
        } ?? .ios
        return try decoder.decodeSpec(top)
    }

    static let topLevelKeys = [
        "version", "map", "fonts", "hermeticFonts", "infoWindow", "markers", "selectedMarker", "events", "look", "locale",
    ]

    private func decodeSpec(_ top: ObjectReader) throws(InfoWinError) -> Spec {
        let map = try top.required("map", decodeMap)
        let fonts = try decodeFonts(top)
        let infoWindow = try top.optional("infoWindow") { value, path throws(InfoWinError) in
            try decodeInfoWindow(value, path, base: look.windowStyle)
        } ?? InfoWindowSpec(style: look.windowStyle)
        let markers = try top.optional("markers") { value, path throws(InfoWinError) in
            try decodeMarkers(value, path, defaultWindow: infoWindow)
        } ?? []
        let selected = try top.optional("selectedMarker", reader.string)
        if let selected, !markers.contains(where: { $0.id == selected }) {
            throw reader.failure(.root.appending("selectedMarker"), "no marker has the id \(JSONWriter.quoted(selected))")
        }
        var markersJSON: [JSONValue] = []
        if let value = top.value("markers"), case .array(let elements) = value.kind { markersJSON = elements }
        let events = try top.optional("events") { value, path throws(InfoWinError) in
            try decodeEvents(
                value, path, markersJSON: markersJSON, markers: markers, defaultWindow: infoWindow,
                canvas: Size(width: map.width, height: map.height))
        } ?? []
        return Spec(
            file: reader.file, map: map, fonts: fonts, infoWindow: infoWindow, markers: markers, selectedMarker: selected,
            look: look, locale: try top.optional("locale", decodeLocale) ?? .unitedStatesEnglish, events: events,
            templatedImages: try loadTemplatedImages(of: markers, defaultWindow: infoWindow))
    }

    private func checkVersion(_ top: ObjectReader) throws(InfoWinError) {
        let supported = Self.supportedVersions.map(String.init).joined(separator: ", ")
        guard let value = top.value("version") else { return }
        guard case .number(let version) = value.kind, Self.supportedVersions.contains(where: { Double($0) == version }) else {
            throw reader.mismatch(value, .root.appending("version"), expected: "a supported format version (\(supported))")
        }
    }

    private func decodeMap(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> MapSpec {
        let map = try reader.object(value, path, allowed: ["width", "height", "scale", "camera", "background", "tiles"])
        let size = { (value: JSONValue, path: JSONPath) throws(InfoWinError) in try reader.number(value, path, in: 1...4096) }
        let width = try map.required("width", size)
        let height = try map.required("height", size)
        let scale = try map.optional("scale") { value, path throws(InfoWinError) in try reader.number(value, path, in: 1...4) } ?? 1
        let spec = MapSpec(
            width: width, height: height, scale: scale,
            camera: try map.required("camera", decodeCamera),
            background: try map.optional("background", reader.color) ?? RGBA(hex: 0xE9E5DC),
            tiles: try map.optional("tiles", decodeTiles))
        try Self.checkPixelCount(spec, scale: scale, file: reader.file, path: path.appending("scale"))
        return spec
    }

    /// Fails when the output at `scale` would have more pixels than `pixelLimit`.
    public static func checkPixelCount(_ map: MapSpec, scale: Double, file: String, path: JSONPath) throws(InfoWinError) {
        let pixels = CanvasSize(map: map, scale: scale)
        guard pixels.width * pixels.height <= pixelLimit else {
            throw .invalid(
                file: file, path: path,
                message: "the image would be \(pixels.width) × \(pixels.height) pixels, more than the limit of 8192 × 8192 = 67,108,864 pixels")
        }
    }

    private func decodeCamera(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> CameraSpec {
        let camera = try reader.object(value, path, allowed: ["target", "zoom", "bearing"])
        return CameraSpec(
            target: try camera.required("target", decodeCoordinate),
            zoom: try camera.required("zoom") { value, path throws(InfoWinError) in try reader.number(value, path, in: 0...22) },
            bearing: try camera.optional("bearing") { value, path throws(InfoWinError) in try reader.number(value, path) } ?? 0)
    }

    /// A BCP 47 language tag.
    func decodeLocale(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> LocaleTag {
        guard case .string(let text) = value.kind, let locale = LocaleTag(parsing: text) else {
            throw reader.mismatch(value, path, expected: "a BCP 47 language tag like \"en-US\", \"ja\" or \"zh-Hant\"")
        }
        return locale
    }

    func decodeCoordinate(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> Coordinate {
        let coordinate = try reader.object(value, path, allowed: ["latitude", "longitude"])
        return Coordinate(
            latitude: try coordinate.required("latitude") { value, path throws(InfoWinError) in try reader.number(value, path, in: -90...90) },
            longitude: try coordinate.required("longitude") { value, path throws(InfoWinError) in try reader.number(value, path, in: -180...180) })
    }

    private func decodeFonts(_ top: ObjectReader) throws(InfoWinError) -> FontSetup {
        let files = try top.optional("fonts") { value, path throws(InfoWinError) in
            try reader.array(value, path).enumerated().map { index, element throws(InfoWinError) in
                try sandbox.resolve(element, path.appending(index))
            }
        } ?? []
        let hermetic = try top.optional("hermeticFonts", reader.bool) ?? false
        if hermetic && files.isEmpty {
            throw reader.failure(.root.appending("hermeticFonts"), "is true, but \"fonts\" names no font file to use")
        }
        return FontSetup(files: files, hermetic: hermetic)
    }
}

/// The size of the output in whole pixels.
public struct CanvasSize: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// The pixel size of `map` drawn at `scale`.
    public init(map: MapSpec, scale: Double) {
        width = Int((map.width * scale).rounded())
        height = Int((map.height * scale).rounded())
    }
}
