/// A layout report read back from its JSON (a golden's `*.layout.json`), for comparing with a new one.
/// Tolerant as `check` has always been of reports older than a key: a member that is missing or of
/// another type reads as empty, zero or absent, never as an error.
package enum LayoutReportReader {
    /// The report in `json`; what the JSON does not hold (untranslated strings' reasons, the missing
    /// tiles' source) is left empty.
    package static func report(_ json: JSONValue.Kind) -> LayoutReport {
        let image = json["image"], camera = json["camera"], tiles = json["tiles"]
        return LayoutReport(
            image: LayoutReport.Image(
                width: image["width"].number ?? 0, height: image["height"].number ?? 0, scale: image["scale"].number ?? 1,
                crop: frame(image["crop"])),
            markers: json["markers"].elements.map(marker),
            infoWindow: window(json["infoWindow"]),
            missingGlyphs: json["missingGlyphs"].elements.map {
                LayoutReport.MissingGlyph(marker: $0["marker"].string ?? "", character: $0["character"].string ?? "")
            },
            warnings: json["warnings"].strings, look: json["look"].string ?? "", locale: json["locale"].string ?? "",
            camera: CameraSpec(
                target: Coordinate(latitude: camera["target"]["latitude"].number ?? 0, longitude: camera["target"]["longitude"].number ?? 0),
                zoom: camera["zoom"].number ?? 0, bearing: camera["bearing"].number ?? 0),
            hiddenByCollision: json["hiddenByCollision"].isNull ? nil : json["hiddenByCollision"].strings,
            infoWindows: json["infoWindows"].isNull ? nil : json["infoWindows"].elements.compactMap(window),
            tiles: tiles.isNull ? nil : LayoutReport.Tiles(
                level: Int(exactly: tiles["level"].number ?? 0) ?? 0, drawn: Int(exactly: tiles["drawn"].number ?? 0) ?? 0,
                missing: tiles["missing"].strings),
            attribution: frame(json["attribution"]["frame"]), untranslated: [], missingTiles: nil,
            shapes: json["shapes"].isNull ? nil : json["shapes"].elements.map { shape in
                LayoutReport.Shape(
                    id: shape["id"].string ?? "", kind: shape["kind"].string ?? "", frame: frame(shape["frame"]) ?? zeroFrame,
                    digest: shape["digest"].string ?? "")
            },
            basemap: basemap(json["basemap"]))
    }

    private static func basemap(_ json: JSONValue.Kind) -> LayoutReport.Basemap? {
        guard !json.isNull else { return nil }
        return LayoutReport.Basemap(
            style: json["style"].string ?? "", schema: json["schema"].string ?? "", level: Int(exactly: json["level"].number ?? 0) ?? 0,
            drawn: Int(exactly: json["tiles"]["drawn"].number ?? 0) ?? 0, missing: json["tiles"]["missing"].strings,
            labels: json["labels"].elements.map { label in
                LayoutReport.Label(text: label["text"].string ?? "", layer: label["layer"].string ?? "", frame: frame(label["frame"]) ?? zeroFrame)
            },
            warnings: json["warnings"].strings)
    }

    /// A `{x, y, width, height}` object, or nil when any of them is missing.
    private static func frame(_ json: JSONValue.Kind) -> LayoutReport.Frame? {
        guard let x = json["x"].number, let y = json["y"].number, let width = json["width"].number, let height = json["height"].number
        else { return nil }
        return LayoutReport.Frame(x: x, y: y, width: width, height: height)
    }

    private static let zeroFrame = LayoutReport.Frame(x: 0, y: 0, width: 0, height: 0)

    private static func position(_ json: JSONValue.Kind) -> LayoutReport.Position {
        LayoutReport.Position(x: json["x"].number ?? 0, y: json["y"].number ?? 0)
    }

    private static func text(_ json: JSONValue.Kind) -> LayoutReport.Text? {
        guard !json.isNull else { return nil }
        return LayoutReport.Text(
            lines: json["lines"].strings, truncated: json["truncated"].bool ?? false, frame: frame(json["frame"]),
            clipped: json["clipped"].bool ?? false)
    }

    private static func marker(_ json: JSONValue.Kind) -> LayoutReport.Marker {
        LayoutReport.Marker(
            id: json["id"].string ?? "", icon: frame(json["icon"]) ?? zeroFrame, groundAnchor: position(json["groundAnchor"]),
            infoWindowAnchor: position(json["infoWindowAnchor"]),
            texts: json["texts"].isNull ? nil : json["texts"].elements.compactMap(text), pin: pin(json["pin"]))
    }

    private static func pin(_ json: JSONValue.Kind) -> LayoutReport.Pin? {
        guard !json.isNull else { return nil }
        let glyph = json["glyph"]
        let kind: LayoutReport.PinGlyph = switch glyph["kind"].string {
        case "text": .text(text(glyph) ?? LayoutReport.Text(lines: [], truncated: false, frame: nil, clipped: false),
                           fontSize: glyph["fontSize"].number ?? 0)
        case "image": .image(frame: frame(glyph["frame"]))
        default: .dot
        }
        return LayoutReport.Pin(scale: json["scale"].number ?? 1, glyph: kind)
    }

    private static func window(_ json: JSONValue.Kind) -> LayoutReport.InfoWindow? {
        guard !json.isNull else { return nil }
        return LayoutReport.InfoWindow(
            marker: json["marker"].string ?? "", kind: json["kind"].string ?? "", frame: frame(json["frame"]) ?? zeroFrame,
            tailTip: position(json["tailTip"]), clipped: json["clipped"].strings, title: text(json["title"]),
            snippet: text(json["snippet"]), texts: json["texts"].elements.compactMap(text), closeButton: frame(json["closeButton"]))
    }
}

extension LayoutReport {
    /// The report as a JSON tree, keys in SPEC.md's order.
    package var json: JSONValue.Kind { LayoutReportWriter.json(of: self) }
}
