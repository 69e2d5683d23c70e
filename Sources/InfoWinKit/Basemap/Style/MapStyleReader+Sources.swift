/// The style's `sources`: `vector` and `raster` ones are read; other types are reported and not drawn.
extension MapStyleReader {
    /// The longest `attribution` a source may give, in characters of its HTML (links included).
    package static let attributionLimit = 2_000

    mutating func readSources(_ json: JSONValue, _ path: JSONPath) throws(InfoWinError) -> [MapStyleSource] {
        guard case .object(let members) = json.kind else { throw mismatch(json, path, expected: "an object of sources") }
        var sources: [MapStyleSource] = []
        for member in members {
            if let source = try readSource(member.key, member.value, path.appending(member.key)) { sources.append(source) }
        }
        return sources
    }

    private mutating func readSource(_ name: String, _ json: JSONValue, _ path: JSONPath) throws(InfoWinError) -> MapStyleSource? {
        guard case .object(let members) = json.kind else { throw mismatch(json, path, expected: "a source (an object)") }
        guard let typeJSON = members.first(where: { $0.key == "type" })?.value else { throw failure(path, "expected a \"type\", got none") }
        guard case .string(let type) = typeJSON.kind else { throw mismatch(typeJSON, path.appending("type"), expected: "a string") }
        guard let kind = MapStyleSource.Kind(rawValue: type) else {
            warn("source \(JSONWriter.quoted(name.abbreviated(60)))", "source type \(JSONWriter.quoted(type.abbreviated(60))) is not drawn")
            return nil
        }
        var source = MapStyleSource(name: name, kind: kind, location: .tiles([]))
        var location: MapStyleSource.Location?
        for member in members {
            let memberPath = path.appending(member.key)
            switch member.key {
            case "type": break
            case "url":
                guard case .string(let url) = member.value.kind else { throw mismatch(member.value, memberPath, expected: "a string") }
                location = try readURL(url, memberPath)
            case "tiles":
                guard case .array(let elements) = member.value.kind, !elements.isEmpty else { throw mismatch(member.value, memberPath, expected: "a non-empty array of URL templates") }
                var templates: [String] = []
                for (index, element) in elements.enumerated() {
                    guard case .string(let template) = element.kind else { throw mismatch(element, memberPath.appending(index), expected: "a URL template (a string)") }
                    templates.append(template)
                }
                if location == nil { location = .tiles(templates) }
            case "minzoom": source.minZoom = try zoom(member.value, memberPath)
            case "maxzoom": source.maxZoom = try zoom(member.value, memberPath)
            case "tileSize":
                guard case .number(let size) = member.value.kind, size == size.rounded(), (1...4096).contains(size) else {
                    throw mismatch(member.value, memberPath, expected: "a whole number of pixels from 1 to 4096")
                }
                source.tileSize = Int(size)
            case "scheme":
                guard case .string(let scheme) = member.value.kind, scheme == "xyz" || scheme == "tms" else {
                    throw mismatch(member.value, memberPath, expected: "\"xyz\" or \"tms\"")
                }
                source.isTMS = scheme == "tms"
            case "attribution":
                guard case .string(let attribution) = member.value.kind else { throw mismatch(member.value, memberPath, expected: "a string") }
                guard attribution.unicodeScalars.count <= Self.attributionLimit else {
                    throw failure(memberPath, "is longer than \(Format.grouped(Self.attributionLimit)) characters (a source's attribution, its HTML counted)")
                }
                source.attribution = attribution
            case "bounds", "volatile":
                // Where tiles exist (a missing tile is reported anyway) and caching advice: nothing to draw.
                break
            case "encoding":
                guard case .string("mvt") = member.value.kind else {
                    warn("source \(JSONWriter.quoted(name.abbreviated(60)))", "encoding \(StyleExpressionParser.describeJSON(member.value)) is not read: the source is not drawn")
                    return nil
                }
            default:
                warn("source \(JSONWriter.quoted(name.abbreviated(60)))", "\(JSONWriter.quoted(member.key.abbreviated(60))) is not read")
            }
        }
        guard let location else { throw failure(path, "expected \"url\" (pmtiles://PATH or mbtiles://PATH) or \"tiles\" (templates), got neither") }
        guard source.minZoom <= source.maxZoom else { throw failure(path.appending("minzoom"), "expected minzoom \(source.minZoom) at most maxzoom \(source.maxZoom)") }
        source.location = location
        return source
    }

    private func readURL(_ url: String, _ path: JSONPath) throws(InfoWinError) -> MapStyleSource.Location {
        for (scheme, make) in [("pmtiles://", MapStyleSource.Location.pmtiles), ("mbtiles://", MapStyleSource.Location.mbtiles)] where url.hasPrefix(scheme) {
            let rest = String(url.dropFirst(scheme.count))
            guard !rest.isEmpty else { throw failure(path, "expected \(scheme)PATH, got no path") }
            if rest.hasPrefix("http://") || rest.hasPrefix("https://") { return .url(url) }
            return make(resolve(rest))
        }
        return .url(url)
    }

    private func zoom(_ json: JSONValue, _ path: JSONPath) throws(InfoWinError) -> Int {
        guard case .number(let zoom) = json.kind, zoom == zoom.rounded(), (0...30).contains(zoom) else {
            throw mismatch(json, path, expected: "a whole zoom from 0 to 30")
        }
        return Int(zoom)
    }
}
