import Graphics

/// GeoJSON (RFC 7946) as the map's markers and shapes: Points become markers (`title` and `snippet` from
/// the properties, else simplestyle-spec's `name` and `description`; every property their `userData`;
/// `marker-color` their pin's colour), LineStrings polylines and Polygons polygons (and their Multi- forms
/// one of each per part), styled by the simplestyle-spec properties Mapbox and GitHub read, with that
/// spec's defaults. A FeatureCollection, a single Feature or a bare geometry is read.
package struct GeoJSONReader {
    /// A point read as a marker, and the feature it came from, for messages.
    package struct Point {
        let marker: MarkerSpec
        /// `point "id" of bikes.geojson ($.features[3])`.
        let owner: String
    }

    /// The file named in errors: the `.geojson` file, or the spec for an inline collection.
    let reader: ValueReader
    let budget: CoordinateBudget
    /// The look's pin colour, for a point without `marker-color`.
    let pinColor: RGBA
    /// Reads a feature's properties as a marker's `userData` (its limits and errors).
    let decodeUserData: (JSONValue, JSONPath) throws(InfoWinError) -> [UserDataEntry]
    private(set) var shapes: [ShapeSpec] = []
    private(set) var points: [Point] = []

    /// simplestyle-spec's defaults.
    static let defaultStroke = RGBA(hex: 0x555555), defaultStrokeWidth = 2.0, defaultFill = RGBA(hex: 0x555555), defaultFillOpacity = 0.6
    /// The most GeometryCollections one may hold inside another (RFC 7946 asks for none).
    package static let nestingLimit = 8

    init(
        reader: ValueReader, budget: CoordinateBudget, pinColor: RGBA,
        userData: @escaping (JSONValue, JSONPath) throws(InfoWinError) -> [UserDataEntry]
    ) {
        self.reader = reader
        self.budget = budget
        self.pinColor = pinColor
        decodeUserData = userData
    }

    /// Reads a FeatureCollection, a Feature or a geometry at `path`.
    mutating func read(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) {
        let object = try self.object(value, path)
        switch try type(of: object) {
        case "FeatureCollection":
            let features = try object.required("features", reader.array)
            for (index, feature) in features.enumerated() {
                try readFeature(feature, path.appending("features").appending(index), index: index)
            }
        case "Feature":
            try readFeature(value, path, index: 0)
        default:
            try readGeometry(value, path, id: "0", style: try Style(ObjectReader(reader: reader, path: path, members: []), reader: reader),
                             feature: Feature(title: nil, snippet: nil, userData: [], path: path), depth: 0)
        }
    }

    /// What a feature's points take from its properties.
    private struct Feature {
        var title: String?
        var snippet: String?
        /// Every property but the null ones (a null property is one the feature does not have).
        var userData: [UserDataEntry]
        /// Where the feature is, for messages.
        var path: JSONPath
    }

    /// The simplestyle-spec properties of a feature.
    private struct Style {
        var stroke: StrokeSpec
        var fill: RGBA
        var markerColor: RGBA?

        init(_ properties: ObjectReader, reader: ValueReader) throws(InfoWinError) {
            let opacity = { (value: JSONValue, path: JSONPath) throws(InfoWinError) in try reader.number(value, path, in: 0...1) }
            let strokeColor = try properties.optional("stroke", reader.color) ?? GeoJSONReader.defaultStroke
            let strokeOpacity = try properties.optional("stroke-opacity", opacity) ?? 1
            stroke = StrokeSpec(
                width: try properties.optional("stroke-width") { value, path throws(InfoWinError) in try reader.number(value, path, in: 0...1000) }
                    ?? GeoJSONReader.defaultStrokeWidth,
                color: strokeColor.withAlpha(strokeColor.alpha * strokeOpacity))
            let fillColor = try properties.optional("fill", reader.color) ?? GeoJSONReader.defaultFill
            fill = fillColor.withAlpha(fillColor.alpha * (try properties.optional("fill-opacity", opacity) ?? GeoJSONReader.defaultFillOpacity))
            markerColor = try properties.optional("marker-color", reader.color)
        }
    }

    private mutating func readFeature(_ value: JSONValue, _ path: JSONPath, index: Int) throws(InfoWinError) {
        let feature = try object(value, path)
        guard try type(of: feature) == "Feature" else {
            throw reader.failure(path.appending("type"), "expected \"Feature\" in a FeatureCollection's features")
        }
        let id = try feature.optional("id") { value, path throws(InfoWinError) -> String in
            switch value.kind {
            case .string(let text) where !text.isEmpty: return text
            case .number(let number): return JSONWriter.format(number)
            default: throw reader.mismatch(value, path, expected: "a non-empty string or a number (RFC 7946)")
            }
        } ?? String(index)
        let propertiesPath = path.appending("properties")
        let properties: ObjectReader
        if let written = feature.value("properties") {
            properties = try object(written, propertiesPath)
        } else {
            properties = ObjectReader(reader: reader, path: propertiesPath, members: [])
        }
        let text = { (value: JSONValue, path: JSONPath) throws(InfoWinError) in try reader.string(value, path) }
        // simplestyle-spec names a point's title `name` and its text `description`; `title` and `snippet`
        // (the SDK's words) win where a file has both.
        var title = try properties.optional("title", text), snippet = try properties.optional("snippet", text)
        if title == nil { title = try properties.optional("name", text) }
        if snippet == nil { snippet = try properties.optional("description", text) }
        let userData = try decodeUserData(
            Self.withoutNullMembers(JSONValue(kind: .object(properties.members), offset: feature.value("properties")?.offset ?? 0)),
            propertiesPath)
        let about = Feature(title: title, snippet: snippet, userData: userData, path: path)
        // A feature without a geometry (null) is allowed and draws nothing.
        guard let geometry = feature.value("geometry") else { return }
        try readGeometry(geometry, path.appending("geometry"), id: id, style: try Style(properties, reader: reader), feature: about, depth: 0)
    }

    private mutating func readGeometry(
        _ value: JSONValue, _ path: JSONPath, id: String, style: Style, feature: Feature, depth: Int
    ) throws(InfoWinError) {
        let geometry = try object(value, path)
        let kind = try type(of: geometry)
        if kind == "GeometryCollection" {
            guard depth < Self.nestingLimit else {
                throw reader.failure(path, "GeometryCollections are nested more than \(Self.nestingLimit) deep")
            }
            let parts = try geometry.required("geometries", reader.array)
            for (index, part) in parts.enumerated() {
                try readGeometry(part, path.appending("geometries").appending(index), id: "\(id)[\(index)]", style: style, feature: feature, depth: depth + 1)
            }
            return
        }
        let coordinatesPath = path.appending("coordinates")
        guard let coordinates = geometry.value("coordinates") else { throw reader.failure(coordinatesPath, "is required") }
        switch kind {
        case "Point":
            try addMarker(id: id, position: try position(coordinates, coordinatesPath), style: style, feature: feature)
        case "MultiPoint":
            for (index, point) in try positions(coordinates, coordinatesPath, minimum: 0).enumerated() {
                try addMarker(id: "\(id)[\(index)]", position: point, style: style, feature: feature)
            }
        case "LineString":
            addShape(id: id, path: path, .polyline(line(try positions(coordinates, coordinatesPath, minimum: 2), style)), feature)
        case "MultiLineString":
            for (index, part) in try reader.array(coordinates, coordinatesPath).enumerated() {
                let points = try positions(part, coordinatesPath.appending(index), minimum: 2)
                addShape(id: "\(id)[\(index)]", path: path, .polyline(line(points, style)), feature)
            }
        case "Polygon":
            addShape(id: id, path: path, .polygon(try polygon(coordinates, coordinatesPath, style)), feature)
        case "MultiPolygon":
            for (index, part) in try reader.array(coordinates, coordinatesPath).enumerated() {
                addShape(id: "\(id)[\(index)]", path: path, .polygon(try polygon(part, coordinatesPath.appending(index), style)), feature)
            }
        default:
            throw reader.failure(
                path.appending("type"),
                "expected a GeoJSON geometry type (Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon, GeometryCollection), got \(JSONWriter.quoted(kind.abbreviated(40)))")
        }
    }

    private func line(_ points: [Coordinate], _ style: Style) -> PolylineSpec {
        var line = PolylineSpec(path: points)
        line.stroke = style.stroke
        return line
    }

    private func polygon(_ value: JSONValue, _ path: JSONPath, _ style: Style) throws(InfoWinError) -> PolygonSpec {
        let rings = try reader.array(value, path)
        guard !rings.isEmpty else { throw reader.failure(path, "expected at least one linear ring (the outer one), got none") }
        var polygon = PolygonSpec(path: try positions(rings[0], path.appending(0), minimum: 3))
        for index in rings.indices.dropFirst() {
            polygon.holes.append(try positions(rings[index], path.appending(index), minimum: 3))
        }
        polygon.fill = style.fill
        polygon.stroke = style.stroke
        return polygon
    }

    private mutating func addShape(id: String, path: JSONPath, _ geometry: ShapeGeometry, _ feature: Feature) {
        var shape = ShapeSpec(id: id, zIndex: 0, tappable: false, geometry: geometry, path: path)
        shape.digest = ShapeDigest.of(shape)
        shapes.append(shape)
    }

    private mutating func addMarker(id: String, position: Coordinate, style: Style, feature: Feature) throws(InfoWinError) {
        let marker = MarkerSpec(
            id: id, position: position, title: feature.title, snippet: feature.snippet, icon: .pin(color: style.markerColor ?? pinColor),
            iconView: nil, groundAnchor: UnitPoint(x: 0.5, y: 1), infoWindowAnchor: UnitPoint(x: 0.5, y: 0), rotation: 0, flat: false,
            opacity: 1, zIndex: 0, tracksInfoWindowChanges: false, userData: feature.userData, infoWindow: nil)
        points.append(Point(marker: marker, owner: "point \(JSONWriter.quoted(id)) of \(reader.file) (\(feature.path))"))
    }

    /// `value` with the null members of its objects, at every depth, left out: GeoJSON writes null for a
    /// property a feature does not have, so a template naming it fails as for a missing key.
    private static func withoutNullMembers(_ value: JSONValue) -> JSONValue {
        switch value.kind {
        case .object(let members):
            let kept = members.compactMap { member -> JSONMember? in
                if case .null = member.value.kind { return nil }
                return JSONMember(key: member.key, value: withoutNullMembers(member.value))
            }
            return JSONValue(kind: .object(kept), offset: value.offset)
        case .array(let elements):
            return JSONValue(kind: .array(elements.map(withoutNullMembers)), offset: value.offset)
        default:
            return value
        }
    }

    /// An array of positions, counted against the coordinate budget before they are read.
    private func positions(_ value: JSONValue, _ path: JSONPath, minimum: Int) throws(InfoWinError) -> [Coordinate] {
        let elements = try reader.array(value, path)
        try budget.take(elements.count, at: path)
        guard elements.count >= minimum else { throw reader.failure(path, "expected at least \(minimum) positions, got \(elements.count)") }
        return try elements.enumerated().map { index, element throws(InfoWinError) in
            // The common case read directly (a line has thousands), without a JSON path for each number;
            // anything else gets the full checks and their errors.
            if case .array(let numbers) = element.kind, numbers.count == 2, case .number(let longitude) = numbers[0].kind,
               case .number(let latitude) = numbers[1].kind, (-180...180).contains(longitude), (-90...90).contains(latitude) {
                return Coordinate(latitude: latitude, longitude: longitude)
            }
            return try position(element, path.appending(index))
        }
    }

    /// `[longitude, latitude]` (an altitude after them is allowed and not used).
    private func position(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> Coordinate {
        let expected = "a position [longitude, latitude] of numbers"
        guard case .array(let numbers) = value.kind, (2...3).contains(numbers.count) else { throw reader.mismatch(value, path, expected: expected) }
        let longitude = try reader.number(numbers[0], path.appending(0), in: -180...180)
        let latitude = try reader.number(numbers[1], path.appending(1), in: -90...90)
        if numbers.count == 3 { _ = try reader.number(numbers[2], path.appending(2)) }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// An object whose members are read by key: GeoJSON allows members beyond the ones it names.
    private func object(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> ObjectReader {
        guard case .object(let members) = value.kind else { throw reader.mismatch(value, path, expected: "an object") }
        return ObjectReader(reader: reader, path: path, members: members)
    }

    private func type(of object: ObjectReader) throws(InfoWinError) -> String {
        try object.required("type", reader.string)
    }
}
