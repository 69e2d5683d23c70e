/// The layout report as SPEC.md's JSON, keys in its order; optional members are left out as earlier
/// reports left them out, so that goldens stay byte for byte the same.
enum LayoutReportWriter {
    /// The whole report as a JSON tree.
    static func json(of report: LayoutReport) -> JSONValue.Kind {
        var json = JSONValue.Kind.members([
            "image": image(report.image),
            "markers": .list(report.markers.map(marker)),
            "infoWindow": report.infoWindow.map(window) ?? .null,
            "missingGlyphs": .list(report.missingGlyphs.map { .members(["marker": .string($0.marker), "character": .string($0.character)]) }),
            "warnings": strings(report.warnings),
            "look": .string(report.look),
            "locale": .string(report.locale),
            "camera": report.camera.json,
        ])
        if let hidden = report.hiddenByCollision { json = json.adding("hiddenByCollision", strings(hidden)) }
        if let windows = report.infoWindows { json = json.adding("infoWindows", .list(windows.map(window))) }
        if let tiles = report.tiles {
            json = json.adding("tiles", .members([
                "level": .number(Double(tiles.level)), "drawn": .number(Double(tiles.drawn)), "missing": strings(tiles.missing),
            ]))
        }
        if let basemap = report.basemap { json = json.adding("basemap", self.basemap(basemap)) }
        if let attribution = report.attribution { json = json.adding("attribution", .members(["frame": frame(attribution)])) }
        if let shapes = report.shapes {
            json = json.adding("shapes", .list(shapes.map { shape in
                .members(["id": .string(shape.id), "kind": .string(shape.kind), "frame": frame(shape.frame), "digest": .string(shape.digest)])
            }))
        }
        if !report.untranslated.isEmpty {
            json = json.adding("untranslated", .list(report.untranslated.map { string in
                .members(["key": .string(string.key), "locale": .string(string.locale), "path": .string(string.path.description)])
            }))
        }
        return json
    }

    private static func basemap(_ basemap: LayoutReport.Basemap) -> JSONValue.Kind {
        .members([
            "style": .string(basemap.style), "schema": .string(basemap.schema), "level": .number(Double(basemap.level)),
            "tiles": .members(["drawn": .number(Double(basemap.drawn)), "missing": strings(basemap.missing)]),
            "labels": .list(basemap.labels.map { label in
                .members(["text": .string(label.text), "layer": .string(label.layer), "frame": frame(label.frame)])
            }),
            "warnings": strings(basemap.warnings),
        ])
    }

    private static func strings(_ strings: [String]) -> JSONValue.Kind { .list(strings.map { .string($0) }) }

    private static func frame(_ frame: LayoutReport.Frame) -> JSONValue.Kind {
        .members(["x": .number(frame.x), "y": .number(frame.y), "width": .number(frame.width), "height": .number(frame.height)])
    }

    private static func position(_ position: LayoutReport.Position) -> JSONValue.Kind {
        .members(["x": .number(position.x), "y": .number(position.y)])
    }

    private static func image(_ image: LayoutReport.Image) -> JSONValue.Kind {
        let json = JSONValue.Kind.members(["width": .number(image.width), "height": .number(image.height), "scale": .number(image.scale)])
        return image.crop.map { json.adding("crop", frame($0)) } ?? json
    }

    /// A text's lines and cut, its frame when it has one, and `"clipped": true` only when its box cuts it.
    private static func text(_ text: LayoutReport.Text) -> JSONValue.Kind {
        var json = JSONValue.Kind.members(["lines": strings(text.lines), "truncated": .bool(text.truncated)])
        if let box = text.frame { json = json.adding("frame", frame(box)) }
        return text.clipped ? json.adding("clipped", .bool(true)) : json
    }

    private static func marker(_ marker: LayoutReport.Marker) -> JSONValue.Kind {
        var json = JSONValue.Kind.members([
            "id": .string(marker.id), "icon": frame(marker.icon), "groundAnchor": position(marker.groundAnchor),
            "infoWindowAnchor": position(marker.infoWindowAnchor),
        ])
        if let texts = marker.texts { json = json.adding("texts", .list(texts.map(text))) }
        if let pin = marker.pin { json = json.adding("pin", .members(["scale": .number(pin.scale), "glyph": glyph(pin.glyph)])) }
        return json
    }

    private static func glyph(_ glyph: LayoutReport.PinGlyph) -> JSONValue.Kind {
        switch glyph {
        case .dot:
            return .members(["kind": .string("dot")])
        case .text(let text, let fontSize):
            let json = JSONValue.Kind.members([
                "kind": .string("text"), "lines": strings(text.lines), "truncated": .bool(text.truncated), "fontSize": .number(fontSize),
            ])
            return text.frame.map { json.adding("frame", frame($0)) } ?? json
        case .image(let box):
            let json = JSONValue.Kind.members(["kind": .string("image")])
            return box.map { json.adding("frame", frame($0)) } ?? json
        }
    }

    private static func window(_ window: LayoutReport.InfoWindow) -> JSONValue.Kind {
        let json = JSONValue.Kind.members([
            "marker": .string(window.marker), "kind": .string(window.kind), "frame": frame(window.frame),
            "tailTip": position(window.tailTip), "clipped": strings(window.clipped),
            "title": window.title.map(text) ?? .null, "snippet": window.snippet.map(text) ?? .null,
            "texts": .list(window.texts.map(text)),
        ])
        return window.closeButton.map { json.adding("closeButton", frame($0)) } ?? json
    }
}
