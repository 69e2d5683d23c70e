import Graphics

/// Places a vector basemap's labels (SPEC.md, "Vector basemaps", labels) once over the whole picture:
/// candidates from every tile in canvas points, none cut at a tile's edge; collisions resolved as MapLibre
/// resolves them (layers higher in the style first; within a layer a lower `symbol-sort-key` first, then
/// the tiles' feature order), `text-padding` kept around each; a label over an avoided rectangle (open
/// windows, markers' icons, the attribution, shapes) is not placed, and neither is an icon (at a point, or
/// along a line turned with it). Point labels are laid out by Pango;
/// labels along lines are shaped once and put down glyph cluster by glyph cluster along the line, turned
/// to stay upright, refused where the line bends too sharply or is too short. A label the canvas's edge
/// would cut is not placed.
package struct LabelPlacer {
    package let layers: [StyleLayer]
    package let tiles: [TileID: VectorTile]
    package let view: BasemapView
    /// Rectangles no label may overlap, in canvas points.
    let avoid: [Rect]
    /// The label language (`name:LANG` before `name`), or nil for the tiles' `name`.
    package let language: String?
    package let fonts: FontLibrary
    /// The render's own font family, after `text-font`'s.
    let fallbackFamily: String
    /// The style's sprite, for `icon-image`; nil when the style has none.
    let sprite: SpriteSheet?

    /// The most label candidates one picture considers (anchors along lines included).
    package static let candidateLimit = 50_000

    package init(
        layers: [StyleLayer], tiles: [TileID: VectorTile], view: BasemapView, avoid: [Rect], language: String?, fonts: FontLibrary,
        fallbackFamily: String, sprite: SpriteSheet? = nil
    ) {
        self.sprite = sprite
        self.layers = layers
        self.tiles = tiles
        self.view = view
        self.avoid = avoid
        self.language = language
        self.fonts = fonts
        self.fallbackFamily = fallbackFamily
    }

    var painter: BasemapPainter { BasemapPainter(layers: layers, tiles: tiles, view: view, sprite: sprite) }

    /// Places every symbol layer's labels, the top layer first. A symbol with text and an icon is placed
    /// as MapLibre places it: both or neither, unless `text-optional` lets the icon go alone or
    /// `icon-optional` the text.
    package func place() -> BasemapLabels {
        var result = BasemapLabels()
        var warnings = BasemapWarnings()
        var missing = MissingSpriteImages(sprite: sprite)
        var index = LabelCollisionIndex()
        var shaper = LabelShaper(fonts: fonts, language: language ?? "en")
        var budget = Self.candidateLimit
        for (layerIndex, layer) in layers.enumerated().reversed() where layer.type == .symbol && layer.isDrawn(atZoom: view.styleZoom) {
            let candidates = candidates(of: layer, index: layerIndex, budget: &budget, warnings: &warnings, missing: &missing)
                .sorted { ($0.style.sortKey, $0.sequence) < ($1.style.sortKey, $1.sequence) }
            // Anchors of a text already met along this layer's lines: the same road in two tiles' buffers.
            var lineAnchors: [String: [Point]] = [:]
            for candidate in candidates {
                for label in shapes(of: candidate, shaper: &shaper, lineAnchors: &lineAnchors) {
                    let textBoxes = label.boxes.map { $0.insetBy(-candidate.style.padding) }
                    // An icon turned with a line collides with symbols by its box turned by `icon-rotate`
                    // only, as MapLibre's, and keeps what `avoid` names clear by the box round it as drawn.
                    let iconBox = label.placed.icon?.collisionBox
                    let hasText = !textBoxes.isEmpty
                    // A picture is never panned: a label the canvas's edge would cut is never read whole.
                    var placesText = hasText && view.canvas.contains(label.placed.frame)
                        && fits(textBoxes, allowOverlap: candidate.style.allowOverlap, index: index)
                    var placesIcon = false
                    if let icon = label.placed.icon, let iconBox {
                        placesIcon = view.canvas.contains(icon.frame) && !avoids(icon.frame)
                            && fits([iconBox], allowOverlap: icon.allowOverlap, index: index)
                        if hasText {
                            // MapLibre's rule: each needs the other unless its partner is optional.
                            let textNeedsIcon = !candidate.style.iconOptional, iconNeedsText = !candidate.style.optional
                            let both = placesText && placesIcon
                            if textNeedsIcon { placesText = both }
                            if iconNeedsText { placesIcon = both }
                        }
                    }
                    guard placesText || placesIcon else { continue }
                    if placesText { for box in textBoxes { index.insert(box) } }
                    if placesIcon, let iconBox { index.insert(iconBox) }
                    result.labels.append(label.placed.keeping(text: placesText, icon: placesIcon))
                }
            }
        }
        result.warnings = warnings.messages + missing.warnings
        return result
    }

    /// True when `boxes` overlap nothing `avoid` names and, unless overlap is allowed, no box placed before.
    private func fits(_ boxes: [Rect], allowOverlap: Bool, index: LabelCollisionIndex) -> Bool {
        !boxes.contains(where: avoids) && (allowOverlap || !boxes.contains(where: index.overlapsAny))
    }

    /// True when `box` overlaps something `avoid` names.
    private func avoids(_ box: Rect) -> Bool {
        avoid.contains { LabelCollisionIndex.overlap($0, box) }
    }
}

extension Rect {
    /// The rectangle grown by `amount` on every side (shrunk when negative).
    func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }
}
