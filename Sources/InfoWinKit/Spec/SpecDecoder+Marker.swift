import Graphics

extension SpecDecoder {
    static let markerKeys = SpecDescription.marker.names

    func decodeMarkers(_ value: JSONValue, _ path: JSONPath, defaultWindow: InfoWindowSpec) throws(InfoWinError) -> [MarkerSpec] {
        let defaultStyle = defaultWindow.style
        let elements = try reader.array(value, path)
        guard elements.count <= Self.markerLimit else {
            throw reader.failure(path, "has \(elements.count) markers, more than the limit of \(Self.markerLimit)")
        }
        var markers: [MarkerSpec] = []
        var indexOfID: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            var marker = try decodeMarker(element, path.appending(index), defaultStyle: defaultStyle)
            if let first = indexOfID[marker.id] {
                throw reader.failure(
                    path.appending(index).appending("id"),
                    "the id \(JSONWriter.quoted(marker.id)) is already used by \(path.appending(first))")
            }
            indexOfID[marker.id] = index
            marker = try checkTemplates(of: marker, at: path.appending(index), defaultWindow: defaultWindow, sharesWindow: marker.sharesTopLevelWindow)
            markers.append(marker)
        }
        return markers
    }

    func decodeMarkerFields(_ value: JSONValue, _ path: JSONPath, defaultStyle: WindowStyle) throws(InfoWinError) -> MarkerSpec {
        let marker = try reader.object(value, path, declared: SpecDescription.marker)
        let id = try marker.required("id") { value, path throws(InfoWinError) in
            let id = try reader.string(value, path)
            if id.isEmpty { throw reader.failure(path, "expected a non-empty string, got \"\"") }
            return id
        }
        try checkPinConflicts(marker)
        var spec = MarkerSpec(
            id: id,
            position: try marker.required("position", decodeCoordinate),
            title: try marker.optional("title", reader.string),
            snippet: try marker.optional("snippet", reader.string),
            icon: try marker.optional("icon", decodeIcon) ?? .pin(color: look.pin.color),
            iconView: try marker.optional("iconView") { value, path throws(InfoWinError) in try decodeView(value, path, isIconViewRoot: true) },
            groundAnchor: try marker.decoded("groundAnchor", by: decodeUnitPoint),
            infoWindowAnchor: try marker.decoded("infoWindowAnchor", by: decodeUnitPoint),
            rotation: try marker.number("rotation"),
            flat: try marker.bool("flat"),
            opacity: try marker.number("opacity"),
            zIndex: try marker.integer("zIndex"),
            tracksInfoWindowChanges: try marker.bool("tracksInfoWindowChanges"),
            userData: try marker.decoded("userData", by: decodeUserData),
            infoWindow: try marker.optional("infoWindow") { value, path throws(InfoWinError) in
                try decodeInfoWindow(value, path, base: defaultStyle)
            })
        let decoded = spec
        spec.pin = try marker.optional("pin") { value, path throws(InfoWinError) in try decodePin(value, path, for: decoded) }
        spec.collisionBehavior = try marker.choice("collisionBehavior", as: CollisionBehavior.self)
        spec.tappable = try marker.bool("tappable")
        // The root's keys were checked with the view; only its `clipsToBounds` is the marker's.
        if case .object(let members)? = marker.value("iconView")?.kind {
            let root = ObjectReader(reader: reader, path: marker.path.appending("iconView"), members: members,
                allowed: SpecDescription.iconViewRootKeys.names, declaration: SpecDescription.iconViewRootKeys)
            spec.iconViewClipsToBounds = try root.bool("clipsToBounds")
        }
        return spec
    }

    /// `pin` is drawn as the marker's icon: an `icon` (the same `GMSMarker.icon`) or an `iconView` (which
    /// the SDK draws instead of any icon) with it would leave it unseen, so either is an error.
    private func checkPinConflicts(_ marker: ObjectReader) throws(InfoWinError) {
        guard marker.value("pin") != nil else { return }
        if marker.value("icon") != nil {
            throw reader.failure(
                marker.path.appending("pin"), "a marker has one icon: \"pin\" and \"icon\" both set it (GMSMarker.icon); give one of them")
        }
        if marker.value("iconView") != nil {
            throw reader.failure(
                marker.path.appending("pin"), "\"iconView\" is drawn instead of any icon, so this pin would never show; give one of them")
        }
    }

    func decodeUnitPoint(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> UnitPoint {
        let point = try reader.object(value, path, declared: SpecDescription.unitPoint)
        return UnitPoint(x: try point.requiredNumber("x"), y: try point.requiredNumber("y"))
    }

    private func decodeIcon(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> IconSpec {
        if case .string = value.kind {
            return try loadIconImage(value, path, scale: nil)
        }
        let icon = try reader.object(value, path, declared: SpecDescription.icon.declaredObject)
        if let color = try icon.optional("color", reader.color) {
            if icon.contains("image") || icon.contains("scale") {
                throw reader.failure(path, "has both \"color\" (a tinted default pin) and \"image\": give one of them")
            }
            return .pin(color: color)
        }
        let scale = try icon.numberIfPresent("scale")
        guard let image = icon.value("image") else {
            throw reader.failure(path, "expected \"image\" (a PNG file) or \"color\" (a tinted default pin)")
        }
        return try loadIconImage(image, path.appending("image"), scale: scale)
    }

    private func loadIconImage(_ value: JSONValue, _ path: JSONPath, scale: Double?) throws(InfoWinError) -> IconSpec {
        let (file, written, bytes) = try loadImage(value, path)
        return .image(file: file, bytes: bytes, scale: scale ?? Self.impliedScale(ofImageNamed: written), source: path)
    }

    /// A PNG, JPEG or WebP file's real path, the name the spec wrote and its bytes, its format and size
    /// checked from its header.
    func loadImage(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> (file: String, written: String, bytes: [UInt8]) {
        let loaded = try sandbox.read(value, path, limit: Self.imageSizeLimit)
        let header: ImageHeader
        do throws(GraphicsError) { header = try ImageHeader(bytes: loaded.bytes) } catch {
            throw reader.failure(path, "\(loaded.file) is \(error.message)")
        }
        guard header.width <= 4096, header.height <= 4096 else {
            throw reader.failure(
                path, "\(loaded.file) is \(header.width) × \(header.height) pixels, more than the limit of 4096 × 4096")
        }
        return loaded
    }

    /// 2 or 3 for a file named `…@2x.png` or `…@3x.jpg` (whatever its extension), else 1.
    static func impliedScale(ofImageNamed file: String) -> Double {
        let name = Path.lastComponent(of: file).lowercased()
        let stem = name.lastIndex(of: ".").map { name[..<$0] } ?? Substring(name)
        if stem.hasSuffix("@2x") { return 2 }
        if stem.hasSuffix("@3x") { return 3 }
        return 1
    }
}
