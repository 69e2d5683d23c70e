import CCairo
import CPango

/// One cluster of glyphs of a laid-out line (a character with its marks, a ligature, a conjunct): the
/// smallest piece a label along a road is turned on its own.
package struct GlyphCluster: Sendable, Equatable {
    /// Its left edge, in points from the layout's left edge.
    package let x: Double
    /// How far it moves the pen, in points.
    package let advance: Double
    /// Which glyph run of the first line holds it, and which of that run's glyphs it is.
    let run: Int
    let glyphs: Range<Int>
}

extension TextLayout {
    /// The first line's glyph clusters, left to right as drawn (a right-to-left run's clusters come in
    /// the order they are seen).
    package var glyphClusters: [GlyphCluster] {
        TextLayout.pangoLock.withLock {
            var clusters: [GlyphCluster] = []
            let iterator = pango_layout_get_iter(pointer)
            defer { pango_layout_iter_free(iterator) }
            var runIndex = 0
            repeat {
                guard let run = pango_layout_iter_get_run_readonly(iterator) else { continue }
                var logical = PangoRectangle()
                pango_layout_iter_get_run_extents(iterator, nil, &logical)
                let glyphs = run.pointee.glyphs.pointee
                var penX = Double(logical.x) / Double(PANGO_SCALE)
                var start = 0
                while start < Int(glyphs.num_glyphs) {
                    var end = start + 1
                    while end < Int(glyphs.num_glyphs), glyphs.log_clusters[end] == glyphs.log_clusters[start] { end += 1 }
                    let advance = (start..<end).reduce(0.0) { $0 + Double(glyphs.glyphs[$1].geometry.width) / Double(PANGO_SCALE) }
                    clusters.append(GlyphCluster(x: penX, advance: advance, run: runIndex, glyphs: start..<end))
                    penX += advance
                    start = end
                }
                runIndex += 1
            } while pango_layout_iter_next_run(iterator) != 0 && pango_layout_iter_get_line_readonly(iterator) == pango_layout_get_line_readonly(pointer, 0)
            return clusters
        }
    }

    /// The first line's baseline, in points from the layout's top.
    package var baseline: Double {
        Double(TextLayout.pangoLock.withLock { pango_layout_get_baseline(pointer) }) / Double(PANGO_SCALE)
    }

    /// Draws one cluster with the left end of its baseline at the origin of the current transform, in
    /// `color`.
    package func drawCluster(_ cluster: GlyphCluster, in context: DrawingContext, color: RGBA) {
        withClusterGlyphs(cluster, in: context) { font, glyphs in
            cairo_new_path(context.pointer)
            cairo_move_to(context.pointer, 0, 0)
            context.setColor(color)
            pango_cairo_show_glyph_string(context.pointer, font, glyphs)
        }
    }

    /// How far, in output pixels, a halo's outline may leave the glyphs' curves when Cairo flattens them
    /// (Cairo's default is 0.1): a round-joined stroke costs a join at every flat piece, and at 0.1 halos
    /// take a quarter of a labelled map's time. At 0.25 the whole render is about 15 % faster; a halo's
    /// edge pixels move by a few levels (at most 60 of 255, on a light halo over a dark map), too little to see.
    static let haloTolerance = 0.25

    /// Draws an outline `width` points wide around one cluster's glyphs, placed as `drawCluster` places
    /// them: a label's halo, drawn before its text.
    package func drawClusterHalo(_ cluster: GlyphCluster, in context: DrawingContext, color: RGBA, width: Double) {
        guard width > 0, color.alpha > 0 else { return }
        withClusterGlyphs(cluster, in: context) { font, glyphs in
            cairo_new_path(context.pointer)
            cairo_set_tolerance(context.pointer, TextLayout.haloTolerance)
            cairo_move_to(context.pointer, 0, 0)
            pango_cairo_glyph_string_path(context.pointer, font, glyphs)
            context.setColor(color)
            context.stroke(width: width * 2, cap: .round, join: .round, miterLimit: 2)
        }
    }

    /// Calls `body` with the font and a glyph string of the cluster's glyphs only, under the Pango lock,
    /// the context's state saved around it.
    private func withClusterGlyphs(
        _ cluster: GlyphCluster, in context: DrawingContext, _ body: (UnsafeMutablePointer<PangoFont>, UnsafeMutablePointer<PangoGlyphString>) -> Void) {
        TextLayout.pangoLock.withLock {
            guard let line = pango_layout_get_line_readonly(pointer, 0) else { return }
            var node = line.pointee.runs
            for _ in 0..<cluster.run { node = node?.pointee.next }
            guard let item = node?.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee,
                  let font = item.item.pointee.analysis.font else { return }
            let source = item.glyphs.pointee
            let piece = pango_glyph_string_new()!
            defer { pango_glyph_string_free(piece) }
            pango_glyph_string_set_size(piece, Int32(cluster.glyphs.count))
            for (index, glyph) in cluster.glyphs.enumerated() {
                piece.pointee.glyphs[index] = source.glyphs[glyph]
                piece.pointee.log_clusters[index] = 0
            }
            context.withSavedState { body(font, piece) }
        }
    }

    /// Draws an outline `width` points wide around every glyph, with the layout's top-left corner at
    /// (x, y), in `color`: a label's halo, drawn before its text.
    package func drawHalo(in context: DrawingContext, x: Double, y: Double, color: RGBA, width: Double) {
        guard width > 0, color.alpha > 0 else { return }
        context.withSavedState {
            cairo_new_path(context.pointer)
            cairo_set_tolerance(context.pointer, TextLayout.haloTolerance)
            cairo_move_to(context.pointer, x, y)
            TextLayout.pangoLock.withLock { pango_cairo_layout_path(context.pointer, pointer) }
            context.setColor(color)
            context.stroke(width: width * 2, cap: .round, join: .round, miterLimit: 2)
        }
    }
}
