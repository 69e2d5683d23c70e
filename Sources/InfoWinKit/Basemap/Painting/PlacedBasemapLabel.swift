import Graphics

/// A basemap label placed on the canvas: what the layout report lists (`text`, `layer`, `frame`) and how
/// it is drawn.
package struct PlacedBasemapLabel {
    /// The text shown (after `text-transform`).
    package let text: String
    /// The style layer's id.
    package let layer: String
    /// Where its glyphs' boxes are, in canvas points (for a label along a line, the box around them all;
    /// for an icon alone, the icon's).
    package let frame: Rect
    /// The layer's place in the style: labels draw bottom layer first.
    let layerIndex: Int
    /// The text as put down; nil for an icon placed without its text.
    let shape: Shape?
    /// The symbol's icon, when it has one and it was placed.
    let icon: PlacedSymbolIcon?
    let color: RGBA
    let haloColor: RGBA
    let haloWidth: Double

    /// How the text is put down.
    enum Shape {
        /// The laid-out text with its top-left corner at `origin`.
        case point(TextLayout, origin: Point)
        /// Each glyph cluster with the transform that puts its baseline's left end on the line.
        case line(TextLayout, glyphs: [(cluster: GlyphCluster, transform: AffineTransform)])
    }

    /// The same symbol with only what was placed of it: its text, its icon or both.
    func keeping(text: Bool, icon keepsIcon: Bool) -> PlacedBasemapLabel {
        PlacedBasemapLabel(
            text: text ? self.text : "", layer: layer, frame: text ? frame : icon?.frame ?? frame, layerIndex: layerIndex,
            shape: text ? shape : nil, icon: keepsIcon ? icon : nil, color: color, haloColor: haloColor, haloWidth: haloWidth)
    }

    func drawHalo(in context: DrawingContext) {
        guard haloWidth > 0, haloColor.alpha > 0, let shape else { return }
        switch shape {
        case .point(let layout, let origin):
            layout.drawHalo(in: context, x: origin.x, y: origin.y, color: haloColor, width: haloWidth)
        case .line(let layout, let glyphs):
            for glyph in glyphs {
                context.withSavedState {
                    Self.apply(glyph.transform, to: context)
                    layout.drawClusterHalo(glyph.cluster, in: context, color: haloColor, width: haloWidth)
                }
            }
        }
    }

    func drawText(in context: DrawingContext) {
        guard color.alpha > 0, let shape else { return }
        switch shape {
        case .point(let layout, let origin):
            layout.draw(in: context, x: origin.x, y: origin.y, color: color)
        case .line(let layout, let glyphs):
            for glyph in glyphs {
                context.withSavedState {
                    Self.apply(glyph.transform, to: context)
                    layout.drawCluster(glyph.cluster, in: context, color: color)
                }
            }
        }
    }

    private static func apply(_ transform: AffineTransform, to context: DrawingContext) {
        context.transform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: transform.tx, ty: transform.ty)
    }
}

/// The labels of a basemap, placed once over the whole picture, and what was left out.
package struct BasemapLabels {
    /// In the order they were placed (top layer first, then by `symbol-sort-key` and the tiles' order);
    /// icons placed without text among them.
    package var labels: [PlacedBasemapLabel] = []

    /// The labels with text, as the layout report lists them.
    package var texts: [PlacedBasemapLabel] { labels.filter { $0.shape != nil } }
    /// Warnings naming the layer and what was left out, each once.
    package var warnings: [String] = []

    /// Draws the labels over the basemap's other layers: layer by layer from the bottom of the style, each
    /// layer's icons under its halos and its halos under all of its text, as MapLibre draws them.
    package func draw(in context: DrawingContext) {
        let byLayer = Dictionary(grouping: labels, by: \.layerIndex)
        for index in byLayer.keys.sorted() {
            let layerLabels = byLayer[index]!
            for label in layerLabels { label.icon?.draw(in: context) }
            for label in layerLabels { label.drawHalo(in: context) }
            for label in layerLabels { label.drawText(in: context) }
        }
    }
}
