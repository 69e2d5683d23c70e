import CCairo

extension DrawingContext {
    /// Strokes the current path with round joins and caps (a map's lines), dashed by `dashes` (on, off, on,
    /// … lengths; an on of 0 is a round dot) from `dashOffset` along the path; keeps the path when
    /// `preserve` is true. The rest of the state is left as it was.
    package func strokeRound(width: Double, dashes: [Double] = [], dashOffset: Double = 0, preserve: Bool = false) {
        cairo_save(pointer)
        cairo_set_line_width(pointer, width)
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(pointer, CAIRO_LINE_CAP_ROUND)
        if !dashes.isEmpty { cairo_set_dash(pointer, dashes, Int32(dashes.count), dashOffset) }
        if preserve { cairo_stroke_preserve(pointer) } else { cairo_stroke(pointer) }
        cairo_restore(pointer)
    }

    /// Fills the current path by the even-odd rule (a ring inside another is a hole, whatever its
    /// direction), keeping the path when `preserve` is true.
    package func fillEvenOdd(preserve: Bool = false) {
        cairo_save(pointer)
        cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_EVEN_ODD)
        if preserve { cairo_fill_preserve(pointer) } else { cairo_fill(pointer) }
        cairo_restore(pointer)
    }

    /// Sets the source to a linear gradient from `from` at (x0, y0) to `to` at (x1, y1), padded beyond
    /// its ends with their colours.
    package func setLinearGradient(from: RGBA, to: RGBA, x0: Double, y0: Double, x1: Double, y1: Double) {
        let pattern = cairo_pattern_create_linear(x0, y0, x1, y1)
        cairo_pattern_add_color_stop_rgba(pattern, 0, from.red, from.green, from.blue, from.alpha)
        cairo_pattern_add_color_stop_rgba(pattern, 1, to.red, to.green, to.blue, to.alpha)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(pointer, pattern)
        cairo_pattern_destroy(pattern)
    }
}
