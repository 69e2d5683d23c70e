/// What a render drew, in output pixels (SPEC.md, "Layout report"), as a JSON document.
public struct LayoutReport: Sendable {
    /// The report as a JSON tree, keys in SPEC.md's order.
    public let json: JSONValue.Kind
    /// Warnings, each also printed on standard error.
    public let warnings: [String]
    /// The map tiles the source does not have, or nil when it has them all (or there is no map).
    public let missingTiles: MissingTiles?
    /// The catalog strings shown from a fallback.
    public let untranslated: [UntranslatedString]

    /// The report as pretty-printed JSON text, written once: it is hashed into the fingerprint and written
    /// out, and with 10,000 markers it is most of a frame's cost in `play`.
    public let text: String

    /// The written image's size and scale, and the crop it was cut from.
    private static func imageEntry(_ scene: Scene) -> JSONValue.Kind {
        let width = scene.crop?.width ?? scene.canvas.width, height = scene.crop?.height ?? scene.canvas.height
        var image = JSONValue.Kind.members([
            "width": .number(Double(width)), "height": .number(Double(height)), "scale": .number(scene.scale),
        ])
        if let crop = scene.crop {
            image = image.adding("crop", .members([
                "x": .number(Double(crop.x)), "y": .number(Double(crop.y)), "width": .number(Double(crop.width)),
                "height": .number(Double(crop.height)),
            ]))
        }
        return image
    }

    init(scene: Scene, tiles: FetchedTiles? = nil) {
        let scale = scene.scale
        // Positions count from the written image's top-left corner: a crop's, or the canvas's.
        let originX = Double(scene.crop?.x ?? 0), originY = Double(scene.crop?.y ?? 0)
        func pixels(_ value: Double, from origin: Double = 0) -> JSONValue.Kind {
            .number(((value * scale - origin) * 1000).rounded() / 1000)
        }
        func point(_ point: Point) -> JSONValue.Kind {
            .members(["x": pixels(point.x, from: originX), "y": pixels(point.y, from: originY)])
        }
        func rect(_ rect: Rect) -> JSONValue.Kind {
            .members([
                "x": pixels(rect.x, from: originX), "y": pixels(rect.y, from: originY), "width": pixels(rect.width),
                "height": pixels(rect.height),
            ])
        }
        func text(_ text: PlacedText?) -> JSONValue.Kind {
            guard let text else { return .null }
            return .members([
                "lines": .list(text.text.lines.map { .string($0) }), "truncated": .bool(text.text.truncated),
                "frame": rect(text.reportedFrame),
            ]).addingClipped(text)
        }
        let markers: [JSONValue.Kind] = scene.markers.map { marker in
            var entry = JSONValue.Kind.members([
                "id": .string(marker.id), "icon": rect(marker.bounds), "groundAnchor": point(marker.groundAnchor),
                "infoWindowAnchor": point(marker.infoWindowAnchor),
            ])
            if case .view(let view, _) = marker.icon {
                // An icon view's texts are in the icon's own points: report their lines and cuts only.
                let texts = view.texts.map { text -> JSONValue.Kind in
                    JSONValue.Kind.members(["lines": .list(text.text.lines.map { .string($0) }), "truncated": .bool(text.text.truncated)])
                        .addingClipped(text)
                }
                entry = entry.adding("texts", .list(texts))
            }
            if case .pin(let pin) = marker.icon, pin.isPinImage {
                entry = entry.adding("pin", pin.reportEntry(frame: marker.pinGlyphFrame.map(rect)))
            }
            return entry
        }
        func windowEntry(_ window: PlacedWindow) -> JSONValue.Kind {
            var entry = JSONValue.Kind.members([
                "marker": .string(window.markerID), "kind": .string(window.kind.rawValue), "frame": rect(window.frame),
                "tailTip": point(window.tailTip), "clipped": .list(window.clipped.map { .string($0.rawValue) }),
                "title": text(window.title), "snippet": text(window.snippet),
                "texts": .list(window.view?.texts.map(text) ?? []),
            ])
            if let button = window.closeButton {
                entry = entry.adding("closeButton", rect(button.frame))
            }
            return entry
        }
        let window = scene.infoWindow.map(windowEntry) ?? .null
        var json = JSONValue.Kind.members([
            "image": Self.imageEntry(scene),
            "markers": .list(markers),
            "infoWindow": window,
            "missingGlyphs": .list(scene.missingGlyphs.map {
                .members(["marker": .string($0.markerID), "character": .string($0.code)])
            }),
            "warnings": .list(scene.warnings.map { .string($0) }),
            "look": .string(scene.look.rawValue),
            "locale": .string(scene.locale.tag),
            "camera": scene.camera.json,
        ])
        if scene.collisionsDecided {
            json = json.adding("hiddenByCollision", .list(scene.hiddenByCollision.map { .string($0) }))
        }
        if scene.listsInfoWindows {
            // Every window, the selected marker's first (`infoWindow` is that one), in drawing order.
            json = json.adding("infoWindows", .list(scene.windows.map(windowEntry)))
        }
        var warnings = scene.warnings
        if let tiles {
            json = json.adding("tiles", .members([
                "level": .number(Double(tiles.plan.level)), "drawn": .number(Double(tiles.images.count)),
                "missing": .list((tiles.missing?.tiles ?? []).map { .string($0.name) }),
            ]))
            warnings += tiles.warnings
            json = json.replacing("warnings", with: .list(warnings.map { .string($0) }))
        }
        if let attribution = scene.attribution {
            json = json.adding("attribution", .members(["frame": rect(attribution.box)]))
        }
        if !scene.untranslated.isEmpty {
            json = json.adding("untranslated", .list(scene.untranslated.map { string in
                .members(["key": .string(string.key), "locale": .string(string.locale), "path": .string(string.path.description)])
            }))
        }
        self.json = json
        self.warnings = warnings
        missingTiles = tiles?.missing
        untranslated = scene.untranslated
        self.text = JSONWriter.write(json)
    }
}

extension JSONValue.Kind {
    /// A text entry with `"clipped": true` when its box cuts it; left out otherwise, as in earlier reports.
    fileprivate func addingClipped(_ text: PlacedText) -> JSONValue.Kind {
        text.clipped ? adding("clipped", .bool(true)) : self
    }
}
