import Graphics

/// Turns a spec's JSON into a validated `Spec` (SPEC.md "Top level", "Marker", "Info window").
package struct SpecDecoder {
    var reader: ValueReader
    let sandbox: AssetSandbox
    /// The variant's catalog, for `{{strings.KEY(userData.x)}}` in shared views.
    var strings: StringsFiller?
    /// The spec's look: its window style and pin are the defaults of everything decoded after it.
    var look = Look.ios
    /// The top-level `infoWindow` when it holds data-driven values: each marker fills it with its own.
    var dataDrivenWindow: JSONValue?
    /// Top-level windows filled for markers, kept for the markers that fill them alike.
    let dataDrivenMemo = DataDrivenMemo()

    /// The format versions this build reads.
    static let supportedVersions = [1]
    /// The most markers a spec may have.
    package static let markerLimit = 10_000
    /// The most pixels an output may have (8192 × 8192).
    package static let pixelLimit = 8192 * 8192
    /// The largest image file read, in bytes.
    package static let imageSizeLimit = 32 << 20

    /// Decodes and validates `source`; files it names must be inside its folder or one of `assetRoots`.
    package static func decode(_ source: SpecSource, assetRoots: [String] = []) throws(InfoWinError) -> Spec {
        var reader = ValueReader(file: source.name)
        let root = try JSONParser.parse(source.bytes, file: source.name)
        reader.traits = try decodeTraits(try reader.object(root, .root, allowed: Self.topLevelKeys), reader: reader)
        var decoder = SpecDecoder(
            reader: reader, sandbox: AssetSandbox(reader: reader, baseFolder: source.folder, assetRoots: assetRoots, fetched: source.fetchedFiles))
        let top = try reader.object(root, .root, declared: SpecDescription.topLevel)
        decoder.strings = source.strings
        try decoder.checkVersion(top)
        decoder.look = try top.choice("look", as: Look.self)
        decoder.dataDrivenWindow = top.value("infoWindow").flatMap { holdsTypedTemplate($0, key: "infoWindow") ? $0 : nil }
        var spec = try decoder.decodeSpec(top)
        spec.untranslated = source.untranslated
        spec.jsonBytes = source.bytes
        spec.folder = source.folder
        spec.filesRead = decoder.sandbox.filesRead
        spec.canonicalDigest = root.canonicalDigest
        spec.keyDigests = source.writtenKeyDigests ?? SpecKeyDigests.lines(of: root)
        spec.catalogKeyDigests = source.catalogKeyDigests
        spec.hasCatalog = source.strings != nil
        return spec
    }

    static let topLevelKeys = SpecDescription.topLevel.names

    private func decodeSpec(_ top: ObjectReader) throws(InfoWinError) -> Spec {
        let map = try top.required("map", decodeMap)
        let fonts = try decodeFonts(top)
        let infoWindow = try top.optional("infoWindow") { value, path throws(InfoWinError) in
            dataDrivenWindow == nil ? try decodeInfoWindow(value, path, base: look.windowStyle) : decodeSharedDataDrivenWindow(value)
        } ?? InfoWindowSpec(style: look.windowStyle)
        let drawn = try decodeShapes(top, budget: CoordinateBudget(file: reader.file))
        let markers = try adding(try decodePoints(drawn.points, defaultWindow: infoWindow), to: try top.optional("markers") { value, path throws(InfoWinError) in
            try decodeMarkers(value, path, defaultWindow: infoWindow)
        } ?? [])
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
        if let fit = map.fit, let ids = fit.markers {
            for (index, id) in ids.enumerated() where !markers.contains(where: { $0.id == id }) {
                throw reader.failure(
                    .root.appending("map").appending("camera").appending("fit").appending("markers").appending(index),
                    "no marker has the id \(JSONWriter.quoted(id))")
            }
        }
        var spec = Spec(
            file: reader.file, map: map, fonts: fonts, infoWindow: infoWindow, markers: markers, selectedMarker: selected,
            look: look, locale: try top.decoded("locale", by: decodeLocale), events: events,
            templatedImages: try loadTemplatedImages(of: markers, defaultWindow: infoWindow))
        spec.showInfoWindows = try top.optional("showInfoWindows") { value, path throws(InfoWinError) in
            try decodeShownWindows(value, path, markers: markers)
        } ?? []
        spec.listsInfoWindows = top.contains("showInfoWindows")
        // The windows the spec itself draws: what the top-level window's templates lack in them is an error
        // now (the others' only if a --select or a scenario draws them).
        for id in [selected].compactMap({ $0 }) + spec.showInfoWindows {
            if let error = markers.first(where: { $0.id == id })?.topLevelWindowError { throw error }
        }
        spec.traits = reader.traits
        spec.shapes = drawn.shapes
        spec.crop = try top.optional("crop") { value, path throws(InfoWinError) in
            let crop = try reader.object(value, path, declared: SpecDescription.crop)
            return CropSpec(target: try crop.requiredChoice("to", as: CropSpec.Target.self), margin: try crop.number("margin"))
        }
        return spec
    }

    private func checkVersion(_ top: ObjectReader) throws(InfoWinError) {
        let supported = Self.supportedVersions.map(String.init).joined(separator: ", ")
        guard let value = top.value("version") else { return }
        guard case .number(let version) = value.kind, Self.supportedVersions.contains(where: { Double($0) == version }) else {
            throw reader.mismatch(value, .root.appending("version"), expected: "a supported format version (\(supported))")
        }
    }

    private func decodeMap(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> MapSpec {
        let map = try reader.object(value, path, declared: SpecDescription.map)
        let width = try map.requiredNumber("width")
        let height = try map.requiredNumber("height")
        let scale = try map.number("scale")
        let (camera, fit) = try map.required("camera", decodeCamera)
        var spec = MapSpec(
            width: width, height: height, scale: scale, camera: camera,
            background: try map.optional("background", reader.color) ?? look.mapBackground(for: reader.traits.style),
            tiles: try map.optional("tiles", decodeTiles))
        spec.fit = fit
        spec.basemap = try map.optional("basemap", decodeBasemap)
        if spec.basemap != nil, spec.tiles != nil {
            throw reader.failure(path.appending("basemap"), "cannot be given with map.tiles: a basemap draws the map itself (a style may still hold raster layers)")
        }
        spec.padding = EdgeInsets(sides: try map.lengths("padding"))
        if spec.padding.horizontal >= width || spec.padding.vertical >= height {
            throw reader.failure(path.appending("padding"), "leaves no room: it is as wide or as tall as the canvas")
        }
        spec.autoPanPadding = try map.optional("autoPan") { value, path throws(InfoWinError) -> Double? in
            if case .bool(let on) = value.kind { return on ? MapSpec.defaultPanPadding : nil }
            let pan = try reader.object(value, path, declared: SpecDescription.autoPan)
            return try pan.number("padding")
        } ?? nil
        if case .bool(false)? = map.value("autoPan")?.kind { spec.autoPanTurnedOff = true }
        try Self.checkPixelCount(spec, scale: scale, file: reader.file, path: path.appending("scale"))
        return spec
    }

    /// Fails when the output at `scale` would have more pixels than `pixelLimit`.
    static func checkPixelCount(_ map: MapSpec, scale: Double, file: String, path: JSONPath) throws(InfoWinError) {
        let pixels = CanvasSize(map: map, scale: scale)
        guard pixels.width * pixels.height <= pixelLimit else {
            throw .invalid(
                file: file, path: path,
                message: "the image would be \(pixels.width) × \(pixels.height) pixels, more than the limit of 8192 × 8192 = 67,108,864 pixels")
        }
    }

    /// The camera, and its `fit` when it has one instead of `target` and `zoom`.
    private func decodeCamera(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> (CameraSpec, CameraFit?) {
        let camera = try reader.object(value, path, declared: SpecDescription.camera)
        let bearing = try camera.number("bearing")
        if let fit = try camera.optional("fit", decodeFit) {
            for key in ["target", "zoom"] where camera.contains(key) {
                throw reader.failure(path.appending(key), "cannot be given with \"fit\", which chooses the target and the zoom")
            }
            return (CameraSpec(target: Coordinate(latitude: 0, longitude: 0), zoom: 0, bearing: bearing), fit)
        }
        return (CameraSpec(
            target: try camera.required("target", decodeCoordinate),
            zoom: try camera.requiredNumber("zoom"),
            bearing: bearing), nil)
    }

    private func decodeFit(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> CameraFit {
        let fit = try reader.object(value, path, declared: SpecDescription.fit)
        let markers = try fit.optional("markers") { value, path throws(InfoWinError) -> [String]? in
            if case .string("all") = value.kind { return nil }
            guard case .array(let elements) = value.kind, !elements.isEmpty else {
                throw reader.mismatch(value, path, expected: "\"all\" or a non-empty array of marker ids")
            }
            return try elements.enumerated().map { index, element throws(InfoWinError) in try reader.string(element, path.appending(index)) }
        } ?? nil
        var spec = CameraFit(
            markers: markers,
            padding: EdgeInsets(sides: try fit.lengths("padding")),
            includeInfoWindow: try fit.bool("includeInfoWindow"),
            maxZoom: try fit.number("maxZoom"))
        spec.shapes = try fit.bool("shapes")
        return spec
    }

    /// A BCP 47 language tag.
    func decodeLocale(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> LocaleTag {
        guard case .string(let text) = value.kind, let locale = LocaleTag(parsing: text) else {
            throw reader.mismatch(value, path, expected: "a BCP 47 language tag like \"en-US\", \"ja\" or \"zh-Hant\"")
        }
        return locale
    }

    func decodeCoordinate(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> Coordinate {
        let coordinate = try reader.object(value, path, declared: SpecDescription.coordinate)
        return Coordinate(latitude: try coordinate.requiredNumber("latitude"), longitude: try coordinate.requiredNumber("longitude"))
    }

    private func decodeFonts(_ top: ObjectReader) throws(InfoWinError) -> FontSetup {
        let files = try top.optional("fonts") { value, path throws(InfoWinError) in
            try reader.array(value, path).enumerated().map { index, element throws(InfoWinError) in
                try sandbox.resolve(element, path.appending(index))
            }
        } ?? []
        let hermetic = try top.bool("hermeticFonts")
        if hermetic && files.isEmpty {
            throw reader.failure(.root.appending("hermeticFonts"), "is true, but \"fonts\" names no font file to use")
        }
        return FontSetup(files: files, hermetic: hermetic)
    }
}

extension EdgeInsets {
    /// Insets of lengths in the order the declaration names the sides (`SpecObject.sides`): top, left, bottom, right.
    init(sides: [Double]) { self.init(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3]) }
}

/// The size of the output in whole pixels.
struct CanvasSize: Equatable, Sendable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int

    /// The pixel size of `map` drawn at `scale`.
    package init(map: MapSpec, scale: Double) {
        width = Int((map.width * scale).rounded())
        height = Int((map.height * scale).rounded())
    }
}
