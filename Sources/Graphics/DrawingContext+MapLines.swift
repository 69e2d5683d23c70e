import CCairo

/// How a map line's ends are drawn (MapLibre's `line-cap`).
package enum LineCapStyle: String, Sendable, CaseIterable {
    case butt, round, square
}

/// How a map line's corners are drawn (MapLibre's `line-join`).
package enum LineJoinStyle: String, Sendable, CaseIterable {
    case bevel, round, miter
}

extension DrawingContext {
    /// Strokes the current path (cleared) with the given ends and corners, dashed by `dashes` (on, off, …
    /// lengths in points) when not empty. The rest of the state is left as it was.
    package func stroke(
        width: Double, cap: LineCapStyle, join: LineJoinStyle, miterLimit: Double, dashes: [Double] = []
    ) {
        cairo_save(pointer)
        cairo_set_line_width(pointer, width)
        let cairoCap: cairo_line_cap_t = switch cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
        let cairoJoin: cairo_line_join_t = switch join {
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        case .round: CAIRO_LINE_JOIN_ROUND
        case .miter: CAIRO_LINE_JOIN_MITER
        }
        cairo_set_line_cap(pointer, cairoCap)
        cairo_set_line_join(pointer, cairoJoin)
        cairo_set_miter_limit(pointer, miterLimit)
        if !dashes.isEmpty { cairo_set_dash(pointer, dashes, Int32(dashes.count), 0) }
        cairo_stroke(pointer)
        cairo_restore(pointer)
    }

    /// Limits drawing to the current path (cleared), whole pixels in or out by their centres, until the
    /// saved state is restored: neighbouring squares clipped so share their edge pixels exactly, none drawn
    /// twice and none left half covered (the seams an antialiased clip leaves between map tiles).
    package func clipAliased() {
        let previous = cairo_get_antialias(pointer)
        cairo_set_antialias(pointer, CAIRO_ANTIALIAS_NONE)
        cairo_clip(pointer)
        cairo_set_antialias(pointer, previous)
    }

    /// Fills the current path (cleared) by the even-odd rule, its edges antialiased or not (MapLibre's
    /// `fill-antialias`).
    package func fillEvenOdd(antialiased: Bool) {
        let previous = cairo_get_antialias(pointer)
        if !antialiased { cairo_set_antialias(pointer, CAIRO_ANTIALIAS_NONE) }
        fillEvenOdd()
        cairo_set_antialias(pointer, previous)
    }

    /// The size of one device pixel in user units (points), for hairlines of one pixel whatever the scale.
    package var devicePixel: Double {
        var x = 1.0, y = 0.0
        cairo_user_to_device_distance(pointer, &x, &y)
        let length = (x * x + y * y).squareRoot()
        return length > 0 ? 1 / length : 1
    }
}

extension DrawingContext {
    /// Fills the current path (even-odd) with `image` repeated: one copy's top-left corner at (`x`, `y`),
    /// turned by `angle` radians and scaled by `scale`, at `opacity`. SVG and PDF keep the image as an
    /// embedded picture repeated by the format's own pattern.
    package func fillEvenOddRepeating(_ image: ImageSurface, x: Double, y: Double, angle: Double, scale: Double, opacity: Double, antialiased: Bool) {
        guard image.width > 0, image.height > 0, scale > 0, opacity > 0 else {
            newPath()
            return
        }
        withSavedState {
            if !antialiased { cairo_set_antialias(pointer, CAIRO_ANTIALIAS_NONE) }
            cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_clip(pointer)
            cairo_translate(pointer, x, y)
            cairo_rotate(pointer, angle)
            cairo_scale(pointer, scale, scale)
            cairo_set_source_surface(pointer, image.pointer, 0, 0)
            cairo_pattern_set_extend(cairo_get_source(pointer), CAIRO_EXTEND_REPEAT)
            cairo_pattern_set_filter(cairo_get_source(pointer), CAIRO_FILTER_GOOD)
            cairo_paint_with_alpha(pointer, opacity)
        }
    }
}
