import HTTPServer
import InfoWinKit

/// What `GET /staticmap` asks for: a spec made from Google Static Maps' parameters (and ours for the
/// window), or a template from the first asset root filled with `data.KEY` values.
package enum StaticMapQuery: Equatable {
    /// The spec's JSON text.
    case spec(String)
    /// `NAME.json` and the row of values `{{data.KEY}}` takes.
    case template(name: String, data: [QueryParameter])
    /// A spec whose markers draw custom icons, written once the icons are read (an `X,Y` anchor needs
    /// its icon's size).
    case withIcons(StaticMapDraft)

    /// Google Static Maps parameters infowin does not draw yet: each is refused by name, never accepted and
    /// ignored (a route URL must not render without its route).
    static let undrawnGoogle: Set<String> = [
        "signature", "client", "channel",
    ]
    /// Google parameters taken and not used: `key` is Google's API key, meaningless here (SPEC: "`key`
    /// (ignored)"), so that a Google URL works unchanged.
    static let ignoredGoogle: Set<String> = ["key"]
    static let names: Set<String> = [
        "center", "zoom", "size", "markers", "selected", "title", "snippet", "look", "locale", "template", "maptype", "language", "region", "path", "visible",
        "map_id",
        "style",
    ]
    /// The parameters that may be given more than once.
    static let repeatable: Set<String> = ["markers", "path", "visible", "style"]

    /// The request `parameters` make, or a 400 naming the parameter that is wrong; `mapTypes` are the
    /// `maptype`s the server names besides `roadmap` (`--maptype NAME=SOURCE`), `iconHosts` the hosts icons
    /// may come from (`--allow-icon-host`), `mapIds` the styles `map_id` may name (`--map-id`), which
    /// restyle the server's basemap when it has one (`hasBasemap`).
    package static func parse(
        _ parameters: [QueryParameter], mapTypes: Set<String> = [], iconHosts: Set<String> = [], mapIds: Set<String> = [], hasBasemap: Bool = false
    ) throws(Problem) -> StaticMapQuery {
        let parameters = parameters.filter { !ignoredGoogle.contains($0.name) }
        for parameter in parameters where !names.contains(parameter.name) && !OutputChoice.names.contains(parameter.name)
            && !parameter.name.hasPrefix("data.") {
            if undrawnGoogle.contains(parameter.name) { throw undrawn(parameter.name) }
            let known = (names.union(OutputChoice.names)).sorted()
            let hint = closestName(to: parameter.name, among: known).map { " (did you mean \($0)?)" } ?? ""
            throw Problem(400, "unknown parameter \(JSONWriter.quoted(parameter.name))\(hint); the parameters are \(known.joined(separator: ", ")) and data.KEY")
        }
        let single = try singles(parameters)
        if single["region"] != nil {
            throw Problem(400, "region is not supported: borders are the basemap tileset's own; remove region=… from the URL")
        }
        if let maptype = single["maptype"], maptype != "roadmap", !mapTypes.contains(maptype) {
            let others = mapTypes.sorted().joined(separator: ", ")
            throw Problem(400, "maptype: \(JSONWriter.quoted(maptype)) is not drawn here; "
                + (others.isEmpty ? "roadmap (the server's --basemap) is the one map type" : "the map types are roadmap (the server's --basemap) and \(others) (--maptype)"))
        }
        _ = try basemapLanguage(parameters)
        if let mapId = single["map_id"] { try checkMapId(mapId, maptype: single["maptype"], mapIds: mapIds, hasBasemap: hasBasemap) }
        _ = try StaticMapStyleRules.rules(parameters)
        if let name = single["template"] {
            guard Self.isTemplateName(name) else {
                throw Problem(400, "template: expected the name of a spec in the first asset root (letters, digits, -, _ and ., no folder), got \(JSONWriter.quoted(name))")
            }
            let data = parameters.filter { $0.name.hasPrefix("data.") }.map { QueryParameter(String($0.name.dropFirst(5)), $0.value) }
            if let empty = data.first(where: { $0.name.isEmpty }) { throw Problem(400, "data.: expected data.KEY=VALUE, got an empty KEY (value \(JSONWriter.quoted(empty.value)))") }
            if let extra = parameters.first(where: { names.contains($0.name) && $0.name != "template" }) {
                throw Problem(400, "\(extra.name): a template's spec says it; with template only data.KEY and \(OutputChoice.names.sorted().joined(separator: ", ")) are taken")
            }
            return .template(name: name, data: data)
        }
        if let data = parameters.first(where: { $0.name.hasPrefix("data.") }) {
            throw Problem(400, "\(data.name): data values fill a template; give template=NAME")
        }
        var markers: [StaticMapMarker] = []
        for parameter in parameters where parameter.name == "markers" {
            markers += try StaticMapMarkers.parse(parameter.value, after: markers.count, iconHosts: iconHosts)
        }
        let shapes = try StaticMapPaths.members(
            parameters.filter { $0.name == "path" }.map(\.value), visible: parameters.filter { $0.name == "visible" }.map(\.value))
        // Written now without the icons' sizes, so that every fault but a read icon's is found before any is read.
        let text = try spec(single, markers: markers, shapes: shapes, iconSizes: nil)
        let draft = StaticMapDraft(values: single, markers: markers, shapes: shapes)
        guard draft.icons.count <= StaticMapIcon.distinctLimit else {
            throw Problem(400, "markers: icon: \(draft.icons.count) different custom icons, more than the limit of \(StaticMapIcon.distinctLimit) in one request (as Google's)")
        }
        return draft.icons.isEmpty ? .spec(text) : .withIcons(draft)
    }

    /// `map_id` names one of the server's map ids, drawn as its basemap restyled.
    private static func checkMapId(_ mapId: String, maptype: String?, mapIds: Set<String>, hasBasemap: Bool) throws(Problem) {
        guard hasBasemap else {
            throw Problem(400, "map_id: a map id restyles the server's basemap, and this server draws none; start serve with --basemap SOURCE and --map-id NAME=STYLE, or remove map_id=… from the URL")
        }
        guard mapIds.contains(mapId) else {
            let known = mapIds.isEmpty ? "this server names none" : "the map ids are \(mapIds.sorted().joined(separator: ", "))"
            throw Problem(400, "map_id: no map id \(JSONWriter.quoted(mapId)); \(known) (serve --map-id NAME=STYLE, or mapIds in infowin.json)")
        }
        if let maptype, maptype != "roadmap" {
            throw Problem(400, "map_id: a map id restyles roadmap (the server's --basemap), not maptype=\(maptype); give one of them")
        }
    }

    /// Every parameter but the repeatable ones and `data.KEY` given at most once.
    private static func singles(_ parameters: [QueryParameter]) throws(Problem) -> [String: String] {
        var values: [String: String] = [:]
        for parameter in parameters where !repeatable.contains(parameter.name) && !parameter.name.hasPrefix("data.") {
            guard values[parameter.name] == nil else { throw Problem(400, "\(parameter.name): given more than once") }
            values[parameter.name] = parameter.value
        }
        return values
    }

    /// The 400 for a Google parameter that is not drawn: it says so, and that the request is refused rather
    /// than drawn without it.
    static func undrawn(_ name: String) -> Problem {
        let why = switch name {
        // Taken and ignored, a signature would look checked when it is not: the server must be told to check it.
        case "signature": "this server checks no URL signature (start serve with --signing-secret FILE to take signed URLs)"
        case "client", "channel": "Google's credentials are not used here (give --token-file's bearer token in Authorization)"
        default: "Google's parameter is not drawn by infowin yet, and a map drawn without it would be another map"
        }
        return Problem(400, "\(name): \(why); remove \(name)=… from the URL")
    }

    /// The language `language=` asks the basemap's labels in, or nil when it is not given; a tag that is
    /// not BCP 47 is a 400.
    package static func basemapLanguage(_ parameters: [QueryParameter]) throws(Problem) -> BasemapLanguage? {
        guard let text = parameters.last(where: { $0.name == "language" })?.value else { return nil }
        guard let tag = LocaleTag(parsing: text) else {
            throw Problem(400, "language: expected a BCP 47 language tag such as en, de or zh-Hant, got \(JSONWriter.quoted(text))")
        }
        return .tag(tag)
    }

    static func isTemplateName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 200 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
    }

    /// The spec's text; `iconSizes` are the custom icons' sizes in pixels (nil before they are read: `X,Y`
    /// anchors are then left out), an icon missing from them one that cannot be read (the decoder says why).
    static func spec(
        _ values: [String: String], markers: [StaticMapMarker], shapes: String, iconSizes: [StaticMapIcon: (width: Int, height: Int)]?
    ) throws(Problem) -> String {
        guard let sizeText = values["size"] else { throw Problem(400, "size: required, WIDTHxHEIGHT in points such as 600x400") }
        let size = sizeText.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]), (1...4096).contains(width), (1...4096).contains(height) else {
            throw Problem(400, "size: expected WIDTHxHEIGHT, each a whole number of points from 1 to 4096, got \(JSONWriter.quoted(sizeText))")
        }
        var map = "\"width\": \(width), \"height\": \(height)"
        if let scale = values["scale"] { map += ", \"scale\": \(try number(scale, "scale"))" }
        if let center = values["center"] {
            let (latitude, longitude) = try StaticMapMarkers.location(center, parameter: "center")
            guard let zoom = values["zoom"] else { throw Problem(400, "zoom: required with center, a number from 0 to 22") }
            map += ", \"camera\": {\"target\": \(coordinate(latitude, longitude)), \"zoom\": \(try number(zoom, "zoom"))}"
        } else {
            guard !markers.isEmpty || !shapes.isEmpty else { throw Problem(400, "center: required unless markers, paths or visible places are given (the map then fits them)") }
            let maxZoom = try values["zoom"].map { text throws(Problem) in ", \"maxZoom\": \(try number(text, "zoom"))" } ?? ""
            let withShapes = shapes.isEmpty ? "" : ", \"shapes\": true"
            map += ", \"camera\": {\"fit\": {\"markers\": \"all\", \"padding\": 24, \"includeInfoWindow\": true\(withShapes)\(maxZoom)}}"
        }
        // Only the web look's pin has sizes (PinElement.scale). A Google URL with sizes and no look of ours is
        // drawn in the web look, whose balloon pin is Static Maps' own; another look asked for cannot draw them.
        var values = values
        if markers.contains(where: { $0.pinScale != nil && $0.icon == nil }) {
            if values["look"] == nil { values["look"] = "web" }
            guard values["look"] == "web" else {
                throw Problem(400, "markers: size: Google's marker sizes are drawn by the web look's pin only (its scale); leave look out or give look=web")
            }
        }
        let selected = values["selected"] ?? markers.first?.id
        if let selected, !markers.contains(where: { $0.id == selected }) {
            throw Problem(400, "selected: no marker has the id \(JSONWriter.quoted(selected)); the markers are \(markers.map(\.id).joined(separator: ", "))")
        }
        if selected == nil, let text = values["title"] ?? values["snippet"] {
            throw Problem(400, "title and snippet belong to a marker, and there is none for \(JSONWriter.quoted(text)); add markers=LAT,LNG")
        }
        let markerTexts = try markers.map { marker throws(Problem) in
            var text = "{\"id\": \(JSONWriter.quoted(marker.id)), \"position\": \(coordinate(marker.latitude, marker.longitude))"
            // A custom icon replaces the pin, as Google's does: its colour, size and label are the pin's.
            if let icon = marker.icon {
                text += ", \"icon\": {\"image\": \(JSONWriter.quoted(icon.reference)), \"scale\": \(marker.iconScale)}"
            } else if marker.color != nil || marker.label != nil || marker.pinScale != nil {
                let parts = [
                    marker.color.map { "\"background\": \(JSONWriter.quoted($0))" }, marker.label.map { "\"glyph\": \(JSONWriter.quoted($0))" },
                    marker.pinScale.map { "\"scale\": \(JSONWriter.format($0))" },
                ]
                text += ", \"pin\": {\(parts.compactMap { $0 }.joined(separator: ", "))}"
            }
            if let anchor = try groundAnchor(of: marker, iconSizes: iconSizes) {
                text += ", \"groundAnchor\": {\"x\": \(JSONWriter.format(anchor.x)), \"y\": \(JSONWriter.format(anchor.y))}"
            }
            if marker.id == selected {
                for key in ["title", "snippet"] { if let value = values[key] { text += ", \"\(key)\": \(JSONWriter.quoted(value))" } }
            }
            return text + "}"
        }
        var spec = "{\"version\": 1, \"map\": {\(map)}, \"markers\": [\(markerTexts.joined(separator: ", "))]\(shapes)"
        if let selected { spec += ", \"selectedMarker\": \(JSONWriter.quoted(selected))" }
        for key in ["look", "locale"] { if let value = values[key] { spec += ", \"\(key)\": \(JSONWriter.quoted(value))" } }
        // Google's language is the window's language too, unless ours (locale) says another.
        if values["locale"] == nil, let language = values["language"] { spec += ", \"locale\": \(JSONWriter.quoted(language))" }
        return spec + "}"
    }

    /// The marker's anchor as a point of its icon's unit square: an `X,Y` anchor divided by its icon's
    /// size; nil for the look's own, or while the size is not known.
    private static func groundAnchor(of marker: StaticMapMarker, iconSizes: [StaticMapIcon: (width: Int, height: Int)]?) throws(Problem) -> StaticMapAnchor? {
        guard let anchor = marker.anchor, anchor.inPixels else { return marker.anchor }
        guard let icon = marker.icon, let size = iconSizes?[icon], size.width > 0, size.height > 0 else { return nil }
        guard anchor.x <= Double(size.width), anchor.y <= Double(size.height) else {
            throw Problem(400, "markers: anchor: \(Int(anchor.x)),\(Int(anchor.y)) is outside the icon \(icon.reference), which is \(size.width) × \(size.height) pixels")
        }
        return StaticMapAnchor(x: anchor.x / Double(size.width), y: anchor.y / Double(size.height))
    }

    private static func number(_ text: String, _ name: String) throws(Problem) -> String {
        guard let value = Double(text), value.isFinite else { throw Problem(400, "\(name): expected a number, got \(JSONWriter.quoted(text))") }
        return JSONWriter.format(value)
    }

    private static func coordinate(_ latitude: Double, _ longitude: Double) -> String {
        "{\"latitude\": \(JSONWriter.format(latitude)), \"longitude\": \(JSONWriter.format(longitude))}"
    }
}
