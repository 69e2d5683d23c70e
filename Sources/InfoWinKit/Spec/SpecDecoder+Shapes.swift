import Graphics

/// How many coordinates the shapes of one spec have used, against `SpecDecoder.coordinateLimit`.
final class CoordinateBudget {
    private(set) var used = 0
    let file: String

    init(file: String) { self.file = file }

    /// Counts `count` more coordinates at `path`; past the limit, an error naming it.
    func take(_ count: Int, at path: JSONPath) throws(InfoWinError) {
        used += count
        guard used <= SpecDecoder.coordinateLimit else {
            throw .invalid(
                file: file, path: path,
                message: "the spec's shapes have more than \(SpecDecoder.coordinateLimit.formatted) coordinates, the limit")
        }
    }

    /// How many may still be taken.
    var left: Int { max(0, SpecDecoder.coordinateLimit - used) }
}

extension Int {
    /// `100000` as `100,000`.
    fileprivate var formatted: String {
        let digits = Array(String(self))
        return String(digits.enumerated().flatMap { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
        })
    }
}

extension SpecDecoder {
    /// The most coordinates the shapes of a spec may have (GeoJSON's included).
    package static let coordinateLimit = 100_000

    /// The top-level shape keys (`polylines`, `polygons`, `circles`, `groundOverlays`) in the order the spec
    /// writes them, each key's shapes in their order: the shapes' input order.
    func decodeShapes(_ top: ObjectReader, budget: CoordinateBudget) throws(InfoWinError) -> (shapes: [ShapeSpec], points: [GeoJSONReader.Point]) {
        let kinds: [String: (declared: SpecObject, decode: (JSONValue, JSONPath, CoordinateBudget) throws(InfoWinError) -> ShapeGeometry)] = [
            "polylines": (SpecDescription.polyline, decodePolyline), "polygons": (SpecDescription.polygon, decodePolygon),
            "circles": (SpecDescription.circle, decodeCircle), "groundOverlays": (SpecDescription.groundOverlay, decodeGroundOverlay),
        ]
        var shapes: [ShapeSpec] = []
        var points: [GeoJSONReader.Point] = []
        for key in top.members.map(\.key) {
            if key == "geojson", let value = top.value(key) {
                let read = try decodeGeoJSON(value, top.path.appending(key), budget: budget)
                shapes += read.shapes
                points += read.points
                continue
            }
            guard let kind = kinds[key], let value = top.value(key) else { continue }
            let path = top.path.appending(key)
            for (index, element) in try reader.array(value, path).enumerated() {
                shapes.append(try decodeShape(element, path.appending(index), declared: kind.declared, budget: budget, geometry: kind.decode))
            }
        }
        try checkShapeIDs(shapes)
        return (shapes, points)
    }

    /// The largest `.geojson` file read, in bytes.
    package static let geoJSONSizeLimit = 64 << 20

    /// `geojson`: a sandboxed file (its errors name it and the JSON path inside it) or an inline collection.
    private func decodeGeoJSON(_ value: JSONValue, _ path: JSONPath, budget: CoordinateBudget) throws(InfoWinError) -> GeoJSONReader {
        guard case .string = value.kind else {
            guard case .object = value.kind else {
                throw reader.mismatch(value, path, expected: "a .geojson file or an inline FeatureCollection (RFC 7946)")
            }
            var geoJSON = GeoJSONReader(reader: reader, budget: budget, pinColor: look.pin.color, userData: decodeUserData)
            try geoJSON.read(value, path)
            return geoJSON
        }
        let loaded = try sandbox.read(value, path, limit: Self.geoJSONSizeLimit)
        var fileDecoder = self
        fileDecoder.reader = ValueReader(file: loaded.written)
        fileDecoder.reader.traits = reader.traits
        var geoJSON = GeoJSONReader(reader: fileDecoder.reader, budget: budget, pinColor: look.pin.color, userData: fileDecoder.decodeUserData)
        try geoJSON.read(try JSONParser.parse(loaded.bytes, file: loaded.written), .root)
        return geoJSON
    }

    /// GeoJSON's points as markers: each shows the top-level window (filled with its own values when that
    /// window has data-driven ones), whose templates must find what they name in the point's properties
    /// when the point's window is drawn (`topLevelWindowError`).
    func decodePoints(_ points: [GeoJSONReader.Point], defaultWindow: InfoWindowSpec) throws(InfoWinError) -> [MarkerSpec] {
        try points.map { point throws(InfoWinError) in
            var marker = point.marker
            do throws(InfoWinError) {
                marker.infoWindow = try filledWindow(for: marker)
            } catch {
                marker.topLevelWindowError = error
            }
            return try checkTemplates(of: marker, owner: point.owner, defaultWindow: defaultWindow, sharesWindow: true)
        }
    }

    /// The spec's markers and then GeoJSON's points, their ids unique and at most `markerLimit` of them.
    func adding(_ points: [MarkerSpec], to markers: [MarkerSpec]) throws(InfoWinError) -> [MarkerSpec] {
        guard !points.isEmpty else { return markers }
        let path = JSONPath.root.appending("geojson")
        guard markers.count + points.count <= Self.markerLimit else {
            throw reader.failure(path, "adds \(points.count) points to \(markers.count) markers, more than the limit of \(Self.markerLimit)")
        }
        var ids = Set(markers.map(\.id))
        for point in points where !ids.insert(point.id).inserted {
            throw reader.failure(path, "a point's id \(JSONWriter.quoted(point.id)) is already a marker's id")
        }
        return markers + points
    }

    /// Fails when two shapes have one id.
    func checkShapeIDs(_ shapes: [ShapeSpec]) throws(InfoWinError) {
        var first: [String: JSONPath] = [:]
        for shape in shapes {
            if let earlier = first[shape.id] {
                throw reader.failure(shape.path.appending("id"), "the id \(JSONWriter.quoted(shape.id)) is already used by \(earlier)")
            }
            first[shape.id] = shape.path
        }
    }

    private func decodeShape(
        _ value: JSONValue, _ path: JSONPath, declared: SpecObject, budget: CoordinateBudget,
        geometry: (JSONValue, JSONPath, CoordinateBudget) throws(InfoWinError) -> ShapeGeometry
    ) throws(InfoWinError) -> ShapeSpec {
        guard case .object(let members) = value.kind else { throw reader.mismatch(value, path, expected: "an object") }
        // The keys are checked by `geometry`, which reads the object again.
        let overlay = ObjectReader(reader: reader, path: path, members: members, declaration: declared)
        let id = try overlay.optional("id") { value, path throws(InfoWinError) in
            let id = try reader.string(value, path)
            if id.isEmpty { throw reader.failure(path, "expected a non-empty string, got \"\"") }
            return id
        } ?? path.description
        var shape = ShapeSpec(
            id: id,
            zIndex: try overlay.integer("zIndex"),
            tappable: try overlay.bool("tappable"),
            geometry: try geometry(value, path, budget), path: path)
        shape.digest = ShapeDigest.of(shape)
        return shape
    }

    /// `coordinates` of at least `minimum`, counted against the budget before they are read.
    func decodeCoordinates(_ value: JSONValue, _ path: JSONPath, minimum: Int, budget: CoordinateBudget) throws(InfoWinError) -> [Coordinate] {
        let elements = try reader.array(value, path)
        try budget.take(elements.count, at: path)
        guard elements.count >= minimum else { throw reader.failure(path, "expected at least \(minimum) coordinates, got \(elements.count)") }
        return try elements.enumerated().map { index, element throws(InfoWinError) in
            // The common case read directly (a route has thousands); anything else gets the full checks and their errors.
            if case .object(let members) = element.kind, members.count == 2, case .number(let latitude) = members[0].value.kind,
               case .number(let longitude) = members[1].value.kind, members[0].key == "latitude", members[1].key == "longitude",
               (-90...90).contains(latitude), (-180...180).contains(longitude) {
                return Coordinate(latitude: latitude, longitude: longitude)
            }
            return try decodeCoordinate(element, path.appending(index))
        }
    }

    private func decodePolyline(_ value: JSONValue, _ path: JSONPath, budget: CoordinateBudget) throws(InfoWinError) -> ShapeGeometry {
        let line = try reader.object(value, path, declared: SpecDescription.polyline)
        let coordinates: [Coordinate]
        switch (line.value("path"), line.value("encodedPath")) {
        case (let written?, nil):
            coordinates = try decodeCoordinates(written, path.appending("path"), minimum: 2, budget: budget)
        case (nil, let encoded?):
            coordinates = try decodeEncodedPath(encoded, path.appending("encodedPath"), budget: budget)
        case (.some, .some):
            throw reader.failure(path.appending("encodedPath"), "cannot be given with \"path\": give one of them")
        case (nil, nil):
            throw reader.failure(path, "needs \"path\" (coordinates) or \"encodedPath\" (Google's encoded polyline format)")
        }
        var polyline = PolylineSpec(path: coordinates)
        polyline.stroke.width = try line.number("strokeWidth")
        polyline.stroke.color = try line.color("strokeColor")
        polyline.geodesic = try line.bool("geodesic")
        polyline.spans = try line.optional("spans") { value, path throws(InfoWinError) in
            try reader.array(value, path).enumerated().map { index, element throws(InfoWinError) in try decodeSpan(element, path.appending(index)) }
        } ?? []
        polyline.pattern = try line.optional("strokePattern", decodePattern) ?? []
        return .polyline(polyline)
    }

    private func decodeEncodedPath(_ value: JSONValue, _ path: JSONPath, budget: CoordinateBudget) throws(InfoWinError) -> [Coordinate] {
        let text = try reader.string(value, path)
        let expected = "in Google's encoded polyline format"
        switch EncodedPolyline.decode(text, limit: budget.left + 1) {
        case .success(let coordinates):
            try budget.take(coordinates.count, at: path)
            guard coordinates.count >= 2 else { throw reader.failure(path, "expected at least 2 coordinates, got \(coordinates.count)") }
            return coordinates
        case .failure(.badCharacter(let offset)):
            throw reader.failure(path, "is not \(expected): character \(offset + 1) is outside \"?\" … \"~\"")
        case .failure(.cutShort):
            throw reader.failure(path, "is not \(expected): it ends inside a coordinate")
        case .failure(.tooLong(let offset)):
            throw reader.failure(path, "is not \(expected): the number ending at character \(offset + 1) is too large for a coordinate")
        case .failure(.outOfRange(let index)):
            throw reader.failure(path, "is not \(expected): coordinate \(index + 1) is beyond latitude −90…90 or longitude −180…180")
        case .failure(.tooMany):
            try budget.take(budget.left + 1, at: path)
            return []
        }
    }

    private func decodeSpan(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> StyleSpan {
        let span = try reader.object(value, path, declared: SpecDescription.styleSpan)
        let segments = try span.number("segments")
        if let written = span.value("segments"), segments <= 0 {
            throw reader.mismatch(written, path.appending("segments"), expected: "a number of segments above 0")
        }
        switch (span.value("color"), span.value("gradient")) {
        case (let color?, nil):
            return StyleSpan(style: .color(try reader.color(color, path.appending("color"))), segments: segments)
        case (nil, let gradient?):
            let ends = try reader.object(gradient, path.appending("gradient"), allowed: SpecDescription.gradient.names)
            return StyleSpan(
                style: .gradient(from: try ends.required("from", reader.color), to: try ends.required("to", reader.color)), segments: segments)
        case (.some, .some):
            throw reader.failure(path.appending("gradient"), "cannot be given with \"color\": a span is one colour or one gradient")
        case (nil, nil):
            throw reader.failure(path, "needs \"color\" or \"gradient\"")
        }
    }

    private func decodePattern(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> [PatternItem] {
        let items = try reader.array(value, path).enumerated().map { index, element throws(InfoWinError) -> PatternItem in
            let itemPath = path.appending(index)
            let item = try reader.object(element, itemPath, declared: SpecDescription.patternItem)
            guard item.members.count == 1 else { throw reader.failure(itemPath, "expected exactly one of \"dash\", \"gap\" or \"dot\"") }
            if let dash = try item.numberIfPresent("dash") { return .dash(dash) }
            if let gap = try item.numberIfPresent("gap") { return .gap(gap) }
            guard try item.required("dot", reader.bool) else { throw reader.failure(itemPath.appending("dot"), "expected true (a dot), or leave it out") }
            return .dot
        }
        let length = items.reduce(0.0) { total, item in
            switch item {
            case .dash(let length), .gap(let length): total + length
            case .dot: total
            }
        }
        guard items.isEmpty || length > 0 else {
            throw reader.failure(path, "has no length to repeat: give a dash or a gap longer than 0")
        }
        return items
    }

    private func decodePolygon(_ value: JSONValue, _ path: JSONPath, budget: CoordinateBudget) throws(InfoWinError) -> ShapeGeometry {
        let area = try reader.object(value, path, declared: SpecDescription.polygon)
        let ring = { (value: JSONValue, path: JSONPath) throws(InfoWinError) in
            try decodeCoordinates(value, path, minimum: 3, budget: budget)
        }
        var polygon = PolygonSpec(path: try area.required("path", ring))
        polygon.holes = try area.optional("holes") { value, path throws(InfoWinError) in
            try reader.array(value, path).enumerated().map { index, element throws(InfoWinError) in try ring(element, path.appending(index)) }
        } ?? []
        polygon.fill = try area.color("fillColor")
        polygon.stroke.color = try area.color("strokeColor")
        polygon.stroke.width = try area.number("strokeWidth")
        polygon.geodesic = try area.bool("geodesic")
        return .polygon(polygon)
    }

    private func decodeCircle(_ value: JSONValue, _ path: JSONPath, budget: CoordinateBudget) throws(InfoWinError) -> ShapeGeometry {
        let circle = try reader.object(value, path, declared: SpecDescription.circle)
        try budget.take(1, at: path)
        var spec = CircleSpec(
            position: try circle.required("position", decodeCoordinate),
            radius: try circle.requiredNumber("radius"),
            fill: try circle.optional("fillColor", reader.color))
        spec.stroke.color = try circle.color("strokeColor")
        spec.stroke.width = try circle.number("strokeWidth")
        return .circle(spec)
    }

    private func decodeGroundOverlay(_ value: JSONValue, _ path: JSONPath, budget: CoordinateBudget) throws(InfoWinError) -> ShapeGeometry {
        let overlay = try reader.object(value, path, declared: SpecDescription.groundOverlay)
        let image = try overlay.required("image") { value, path throws(InfoWinError) in try loadImage(value, path) }
        let placement: GroundOverlaySpec.Placement
        switch (overlay.value("bounds"), overlay.value("position")) {
        case (let bounds?, nil):
            if overlay.contains("zoomLevel") {
                throw reader.failure(path.appending("zoomLevel"), "goes with \"position\"; \"bounds\" already gives the size")
            }
            let corners = try reader.object(bounds, path.appending("bounds"), allowed: SpecDescription.coordinateBounds.names)
            let southWest = try corners.required("southWest", decodeCoordinate), northEast = try corners.required("northEast", decodeCoordinate)
            guard southWest.latitude < northEast.latitude else {
                throw reader.failure(path.appending("bounds").appending("northEast").appending("latitude"), "must be north of southWest's latitude")
            }
            guard southWest.longitude != northEast.longitude else {
                throw reader.failure(path.appending("bounds").appending("northEast").appending("longitude"), "must differ from southWest's longitude")
            }
            try budget.take(2, at: path.appending("bounds"))
            placement = .bounds(southWest: southWest, northEast: northEast)
        case (nil, let position?):
            let zoom = try overlay.requiredNumber("zoomLevel")
            try budget.take(1, at: path.appending("position"))
            placement = .position(try decodeCoordinate(position, path.appending("position")), zoomLevel: zoom)
        case (.some, .some):
            throw reader.failure(path.appending("position"), "cannot be given with \"bounds\": give one of them")
        case (nil, nil):
            throw reader.failure(path, "needs \"bounds\" (southWest and northEast) or \"position\" with \"zoomLevel\"")
        }
        var spec = GroundOverlaySpec(
            file: image.file, bytes: image.bytes, imageDigest: Fingerprint.digest(image.bytes), source: path.appending("image"), placement: placement)
        spec.anchor = try overlay.decoded("anchor", by: decodeUnitPoint)
        spec.bearing = try overlay.number("bearing")
        spec.opacity = try overlay.number("opacity")
        return .groundOverlay(spec)
    }
}
