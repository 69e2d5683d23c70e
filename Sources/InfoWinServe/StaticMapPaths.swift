import HTTPServer
import InfoWinKit

/// Google Static Maps' `path` parameter: style items then points separated by `|`
/// (`weight:3|color:0xff0000ff|fillcolor:0xffff0033|geodesic:true|51.5,-0.12|48.85,2.35`, or `enc:POLYLINE`),
/// drawn as the spec's `polylines` (or `polygons` with a `fillcolor`).
package enum StaticMapPaths {
    /// The most `path` parameters a request may have.
    package static let pathLimit = 100
    /// The most points all of a request's paths may have together (an encoded polyline counted by its text).
    package static let pointLimit = 10_000

    /// One path's shape: the JSON object and whether it goes in `polygons` (it has a fill).
    struct Shape {
        var json: String
        var isPolygon: Bool
        /// Points in it (for an encoded path, at most its characters / 2: each point takes at least two).
        var points: Int
    }

    /// The shape of one `path` value, the `index`th.
    static func parse(_ value: String, index: Int) throws(Problem) -> Shape {
        var members = ["\"id\": \"path\(index + 1)\""]
        var fill: String?
        var points: [String] = []
        // An encoded polyline is the rest of the value: its characters include `|`, as Google's do.
        var encoded: String?, items = value
        if value.hasPrefix("enc:") {
            (items, encoded) = ("", String(value.dropFirst(4)))
        } else if let range = value.firstRange(of: "|enc:") {
            (items, encoded) = (String(value[..<range.lowerBound]), String(value[range.upperBound...]))
        }
        for item in items.split(separator: "|", omittingEmptySubsequences: true).map(String.init) {
            let colon = item.firstIndex(of: ":")
            if let colon, Double(item[..<colon]) == nil {
                let key = String(item[..<colon]), text = String(item[item.index(after: colon)...])
                switch key {
                case "weight":
                    guard let weight = Double(text), weight.isFinite, (0...100).contains(weight) else {
                        throw Problem(400, "path: weight: expected a number of pixels from 0 to 100, got \(JSONWriter.quoted(text))")
                    }
                    members.append("\"strokeWidth\": \(JSONWriter.format(weight))")
                case "color": members.append("\"strokeColor\": \(JSONWriter.quoted(try StaticMapMarkers.color(text, parameter: "path: color")))")
                case "fillcolor": fill = try StaticMapMarkers.color(text, parameter: "path: fillcolor")
                case "geodesic":
                    guard text == "true" || text == "false" else { throw Problem(400, "path: geodesic: expected true or false, got \(JSONWriter.quoted(text))") }
                    members.append("\"geodesic\": \(text)")
                default:
                    throw Problem(400, "path: unknown style \(JSONWriter.quoted(key)); the styles drawn are weight, color, fillcolor and geodesic")
                }
            } else {
                guard encoded == nil else { throw Problem(400, "path: give points or one enc: polyline (last), not both") }
                let (latitude, longitude) = try StaticMapMarkers.location(item, parameter: "path")
                points.append("{\"latitude\": \(JSONWriter.format(latitude)), \"longitude\": \(JSONWriter.format(longitude))}")
            }
        }
        if let encoded {
            guard !encoded.isEmpty else { throw Problem(400, "path: enc: expected an encoded polyline, got an empty one") }
            members.append("\"encodedPath\": \(JSONWriter.quoted(encoded))")
        } else {
            guard points.count >= 2 else { throw Problem(400, "path: expected at least two points LAT,LNG (or enc:POLYLINE) in \(JSONWriter.quoted(String(value.prefix(200))))") }
            members.append("\"path\": [\(points.joined(separator: ", "))]")
        }
        if let fill { members.append("\"fillColor\": \(JSONWriter.quoted(fill))") }
        return Shape(json: "{" + members.joined(separator: ", ") + "}", isPolygon: fill != nil, points: encoded.map { ($0.count + 1) / 2 } ?? points.count)
    }

    /// The spec members (`"polylines": […], "polygons": […]`) the request's `path` and `visible` values
    /// make, or "".
    static func members(_ values: [String], visible: [String]) throws(Problem) -> String {
        guard values.count <= pathLimit else { throw Problem(400, "path: at most \(pathLimit) paths a request, got \(values.count)") }
        var shapes: [Shape] = []
        var total = 0
        for (index, value) in values.enumerated() {
            let shape = try parse(value, index: index)
            total += shape.points
            guard total <= pointLimit else { throw Problem(400, "path: at most \(pointLimit) points in a request's paths together") }
            shapes.append(shape)
        }
        if let places = try Self.visible(visible) { shapes.append(places) }
        var members = ""
        for (key, polygon) in [("polylines", false), ("polygons", true)] {
            let some = shapes.filter { $0.isPolygon == polygon }
            if !some.isEmpty { members += ", \"\(key)\": [\(some.map(\.json).joined(separator: ", "))]" }
        }
        return members
    }

    /// The most places `visible` may name in a request.
    package static let visibleLimit = 1_000

    /// `visible`'s places (`LAT,LNG|LAT,LNG…`, repeatable) as a polyline no one sees, `visible`, that the
    /// camera's fit takes in with the paths; "" when there are none. (The spec's fit knows markers and
    /// shapes; an unstroked line is how a place with neither is fitted, and the report lists it.)
    static func visible(_ values: [String]) throws(Problem) -> Shape? {
        var places: [String] = []
        for item in values.flatMap({ $0.split(separator: "|", omittingEmptySubsequences: true) }) {
            guard places.count < visibleLimit else { throw Problem(400, "visible: at most \(visibleLimit) places a request") }
            let (latitude, longitude) = try StaticMapMarkers.location(String(item), parameter: "visible")
            places.append("{\"latitude\": \(JSONWriter.format(latitude)), \"longitude\": \(JSONWriter.format(longitude))}")
        }
        guard let first = places.first else {
            if values.isEmpty { return nil }
            throw Problem(400, "visible: expected locations LAT,LNG separated by |")
        }
        if places.count == 1 { places.append(first) }
        return Shape(json: "{\"id\": \"visible\", \"path\": [\(places.joined(separator: ", "))], \"strokeColor\": \"#00000000\"}", isPolygon: false, points: places.count)
    }
}
