import InfoWinKit

/// Shapes (SPEC.md, "Shapes") as a user could write them: every kind, every key, a handful of each, near
/// the camera (markers sit within 0.01° of it), with inline GeoJSON beside them.
extension SpecGenerator {
    /// The shape keys of a spec, some of them.
    mutating func shapes() -> [(String, GeneratedJSON)] {
        var members: [(String, GeneratedJSON)] = []
        if chance(2) { members.append(("polylines", .array((0..<1 + int(below: 3)).map { polyline($0) }))) }
        if chance(2) { members.append(("polygons", .array((0..<1 + int(below: 2)).map { polygon($0) }))) }
        if chance(2) { members.append(("circles", .array([circle()]))) }
        if chance(3) { members.append(("groundOverlays", .array([groundOverlay()]))) }
        if chance(3) { members.append(("geojson", geoJSON())) }
        return members
    }

    /// `members` with what every overlay takes; `declared`, when given, adds its other plain keys now and
    /// then (a ground overlay's are written by hand: `zoomLevel` with `bounds` would be an error).
    private mutating func overlay(_ members: [(String, GeneratedJSON)], id: String, declared: DeclaredObject?) -> GeneratedJSON {
        var all = members
        if chance(2) { all.append(("id", .string(id))) }
        if chance(3) { all.append(("zIndex", .number(Double(int(below: 5) - 2)))) }
        if chance(3) { all.append(("tappable", .bool(true))) }
        return declared.map { object(all, withDeclaredKeysOf: $0) } ?? .object(all)
    }

    private mutating func path(_ count: Int) -> GeneratedJSON {
        .array((0..<count).map { _ in coordinate(spread: 0.02) })
    }

    /// A colour with no template in it: shapes, and keys only the declaration knows, take no `{{userData…}}`.
    mutating func plainColor() -> GeneratedJSON {
        .string(pick(["#4285F4", "#EA433580", "#000", "#34A853CC", "#00000000", "systemBlue", "rgba(251, 188, 5, 0.6)"]))
    }

    private mutating func polyline(_ index: Int) -> GeneratedJSON {
        var members: [(String, GeneratedJSON)] = chance(4)
            ? [("encodedPath", .string(pick(["_p~iF~ps|U_ulLnnqC_mqNvxq`@", "??_ibE_ibE", "?????@?A"])))]
            : [("path", path(2 + int(below: 6)))]
        if chance(2) { members.append(("strokeWidth", .number(pick([0, 1, 3.5, 12])))) }
        if chance(2) { members.append(("strokeColor", plainColor())) }
        if chance(3) { members.append(("geodesic", .bool(true))) }
        if chance(3) {
            members.append(("spans", .array((0..<1 + int(below: 3)).map { _ in
                var span: [(String, GeneratedJSON)] = chance(2)
                    ? [("color", plainColor())] : [("gradient", .object([("from", plainColor()), ("to", plainColor())]))]
                if chance(2) { span.append(("segments", .number(pick([0.5, 1, 2, 40])))) }
                return GeneratedJSON.object(span)
            })))
        }
        if chance(3) {
            members.append(("strokePattern", .array([
                .object([("dash", .number(pick([0, 4, 10])))]), .object([("gap", .number(pick([2, 6])))]), .object([("dot", .bool(true))]),
            ].filter { _ in !chance(4) } + [.object([("gap", .number(3))])])))
        }
        return overlay(members, id: "line\(index)", declared: .polyline)
    }

    private mutating func polygon(_ index: Int) -> GeneratedJSON {
        var members: [(String, GeneratedJSON)] = [("path", path(3 + int(below: 5)))]
        if chance(2) { members.append(("holes", .array([path(3)]))) }
        if chance(2) { members.append(("fillColor", plainColor())) }
        if chance(2) { members.append(("strokeColor", plainColor())) }
        if chance(3) { members.append(("strokeWidth", .number(pick([0, 2, 8])))) }
        if chance(3) { members.append(("geodesic", .bool(true))) }
        return overlay(members, id: "area\(index)", declared: .polygon)
    }

    private mutating func circle() -> GeneratedJSON {
        var members: [(String, GeneratedJSON)] = [("position", coordinate(spread: 0.01)), ("radius", .number(pick([0, 50, 800, 20_000_000])))]
        if chance(2) { members.append(("fillColor", plainColor())) }
        if chance(2) { members.append(("strokeWidth", .number(pick([0, 1, 6])))) }
        return overlay(members, id: "fence", declared: .circle)
    }

    private mutating func groundOverlay() -> GeneratedJSON {
        var members: [(String, GeneratedJSON)] = [("image", .string(pick(["icon.png", "icon@2x.png"])))]
        if chance(2) {
            members.append(("bounds", .object([
                ("southWest", .object([("latitude", .number(-0.01)), ("longitude", .number(-0.01))])),
                ("northEast", .object([("latitude", .number(0.01)), ("longitude", .number(pick([0.01, -170]))) ])),
            ])))
        } else {
            members += [("position", coordinate(spread: 0.01)), ("zoomLevel", .number(pick([8, 12, 16])))]
        }
        if chance(3) { members.append(("anchor", .object([("x", .number(pick([0, 0.5, 1]))), ("y", .number(pick([0, 1])))]))) }
        if chance(3) { members.append(("bearing", .number(pick([30, 90, 359])))) }
        if chance(3) { members.append(("opacity", declaredNumber("opacity", of: .groundOverlay))) }
        return overlay(members, id: "plan", declared: nil)
    }

    private mutating func geoJSON() -> GeneratedJSON {
        let position = { (generator: inout Self) in
            GeneratedJSON.array([.number(generator.fraction(0.01)), .number(generator.fraction(0.01))])
        }
        let geometries: [GeneratedJSON] = [
            .object([("type", .string("Point")), ("coordinates", position(&self))]),
            .object([("type", .string("LineString")), ("coordinates", .array([position(&self), position(&self)]))]),
            .object([("type", .string("Polygon")), ("coordinates", .array([.array([position(&self), position(&self), position(&self)])]))]),
            .object([("type", .string("MultiLineString")), ("coordinates", .array([.array([position(&self), position(&self)])]))]),
        ]
        let features = (0..<1 + int(below: 4)).map { index in
            // A point's properties are its userData: the keys the top-level window's templates name, and
            // simplestyle-spec's `description` (the snippet when there is none).
            var properties: [(String, GeneratedJSON)] = []
            if case .object(let values) = userData() { properties = values }
            if chance(2) { properties.append(("title", .string("Station \(index)"))) }
            if chance(3) { properties.append(("description", chance(4) ? .null : .string(shortText()))) }
            if chance(2) { properties.append(("stroke", .string(pick(["#FF0000", "#0A0"])))) }
            if chance(2) { properties.append(("stroke-width", .number(pick([1, 4])))) }
            if chance(3) { properties.append(("fill-opacity", .number(pick([0, 0.3, 1])))) }
            if chance(3) { properties.append(("marker-color", .string("#7E7E7E"))) }
            return GeneratedJSON.object([
                ("type", .string("Feature")), ("id", .string("g\(index)")), ("geometry", pick(geometries)), ("properties", .object(properties)),
            ])
        }
        return .object([("type", .string("FeatureCollection")), ("features", .array(features))])
    }
}
