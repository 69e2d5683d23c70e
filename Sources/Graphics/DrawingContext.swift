import CCairo

/// A Cairo drawing context on one drawing target (an image's pixels or a vector document's page); owns
/// its `cairo_t` and keeps the target alive. Painters draw the same way whatever the target.
package final class DrawingContext {
    let pointer: OpaquePointer
    /// What is drawn on, kept alive as long as the context.
    let target: AnyObject
    /// Cairo 1.16's SVG surface places a mask surface without its transform: masks are painted as images.
    private let masksAsImages: Bool

    /// Starts drawing on `surface`.
    package convenience init(surface: ImageSurface) {
        self.init(target: surface, pointer: surface.pointer, masksAsImages: false)
    }

    /// Starts drawing on `document`'s page.
    package convenience init(document: VectorDocument) {
        self.init(target: document, pointer: document.pointer, masksAsImages: document.format == .svg)
    }

    private init(target: AnyObject, pointer surface: OpaquePointer, masksAsImages: Bool) {
        self.target = target
        self.masksAsImages = masksAsImages
        pointer = cairo_create(surface)
        cairo_set_antialias(pointer, CAIRO_ANTIALIAS_GRAY)
    }

    deinit {
        cairo_destroy(pointer)
    }

    /// Runs `body` with the state (transform, colour, clip) saved before and restored after.
    package func withSavedState<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        return try body()
    }

    /// Scales user units (points) to device units (pixels).
    package func scale(by factor: Double) { cairo_scale(pointer, factor, factor) }
    /// Moves the origin.
    package func translate(x: Double, y: Double) { cairo_translate(pointer, x, y) }
    /// Turns the axes clockwise by `radians`.
    package func rotate(radians: Double) { cairo_rotate(pointer, radians) }

    /// Multiplies the current transform by (x, y) ↦ (a·x + c·y + tx, b·x + d·y + ty).
    package func transform(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        var matrix = cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty)
        cairo_transform(pointer, &matrix)
    }

    /// Draws what `body` draws as one layer, then lays it down at `opacity` (overlaps do not show through);
    /// at full opacity it draws directly. The layer is as large as the clip: clip first.
    package func withOpacityGroup(_ opacity: Double, _ body: () -> Void) {
        guard opacity < 1 else { return body() }
        cairo_push_group(pointer)
        body()
        cairo_pop_group_to_source(pointer)
        cairo_paint_with_alpha(pointer, opacity)
    }

    /// Clips to the whole device pixels around the rectangle `x, y, width, height` of user space (turned
    /// as the transform turns it). A clip on whole pixels, set without the transform, changes no pixel
    /// inside it: it only bounds what follows, such as an opacity group's layer.
    package func clip(toPixelsAround x: Double, y: Double, width: Double, height: Double) {
        var xs: [Double] = []
        var ys: [Double] = []
        for (cornerX, cornerY) in [(x, y), (x + width, y), (x, y + height), (x + width, y + height)] {
            var deviceX = cornerX, deviceY = cornerY
            cairo_user_to_device(pointer, &deviceX, &deviceY)
            xs.append(deviceX)
            ys.append(deviceY)
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(pointer, &matrix)
        cairo_identity_matrix(pointer)
        let left = xs.min()!.rounded(.down), top = ys.min()!.rounded(.down)
        cairo_new_path(pointer)
        cairo_rectangle(pointer, left, top, xs.max()!.rounded(.up) - left, ys.max()!.rounded(.up) - top)
        cairo_clip(pointer)
        cairo_set_matrix(pointer, &matrix)
    }

    /// Sets the source to a plain colour.
    package func setColor(_ color: RGBA) {
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
    }

    /// Fills the whole clip with the source.
    package func paint() { cairo_paint(pointer) }

    /// Starts a new path and moves to a point.
    package func move(toX x: Double, y: Double) { cairo_move_to(pointer, x, y) }
    /// Adds a straight segment.
    package func line(toX x: Double, y: Double) { cairo_line_to(pointer, x, y) }
    /// Adds a cubic Bézier segment.
    package func curve(c1x: Double, c1y: Double, c2x: Double, c2y: Double, toX x: Double, y: Double) {
        cairo_curve_to(pointer, c1x, c1y, c2x, c2y, x, y)
    }
    /// Adds a circular arc, angles in radians, clockwise on screen.
    package func arc(centerX: Double, centerY: Double, radius: Double, from start: Double, to end: Double) {
        cairo_arc(pointer, centerX, centerY, radius, start, end)
    }
    /// Closes the current sub-path.
    package func closePath() { cairo_close_path(pointer) }
    /// Forgets the current path.
    package func newPath() { cairo_new_path(pointer) }

    /// Fills the current path with the source, keeping the path when `preserve` is true.
    package func fill(preserve: Bool = false) {
        if preserve { cairo_fill_preserve(pointer) } else { cairo_fill(pointer) }
    }

    /// Strokes the current path with the source.
    package func stroke(width: Double) {
        cairo_set_line_width(pointer, width)
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(pointer)
    }

    /// Limits drawing to the current path (cleared), until the saved state is restored.
    package func clip() { cairo_clip(pointer) }

    /// Fills the current path with a linear gradient from `from` at (x0, y0) to `to` at (x1, y1).
    package func fillLinearGradient(from: RGBA, to: RGBA, x0: Double, y0: Double, x1: Double, y1: Double) {
        let pattern = cairo_pattern_create_linear(x0, y0, x1, y1)
        cairo_pattern_add_color_stop_rgba(pattern, 0, from.red, from.green, from.blue, from.alpha)
        cairo_pattern_add_color_stop_rgba(pattern, 1, to.red, to.green, to.blue, to.alpha)
        cairo_set_source(pointer, pattern)
        cairo_pattern_destroy(pattern)
        cairo_fill(pointer)
    }

    /// Draws an image stretched into the rectangle (x, y, width, height) at `opacity`.
    package func drawImage(_ image: ImageSurface, x: Double, y: Double, width: Double, height: Double, opacity: Double = 1) {
        guard image.width > 0, image.height > 0, width > 0, height > 0 else { return }
        withSavedState {
            cairo_translate(pointer, x, y)
            cairo_scale(pointer, width / Double(image.width), height / Double(image.height))
            cairo_set_source_surface(pointer, image.pointer, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(pointer), CAIRO_FILTER_GOOD)
            cairo_paint_with_alpha(pointer, opacity)
        }
    }

    /// Draws an image with its top-left corner at the origin, scaled by `scale`, at `opacity`.
    package func drawImage(_ image: ImageSurface, scale: Double, opacity: Double) {
        withSavedState {
            cairo_scale(pointer, scale, scale)
            cairo_set_source_surface(pointer, image.pointer, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(pointer), CAIRO_FILTER_GOOD)
            cairo_paint_with_alpha(pointer, opacity)
        }
    }

    /// Paints `color` through an alpha mask whose top-left corner is at (x, y), scaled by `scale`.
    package func paint(_ color: RGBA, mask: ImageSurface, x: Double, y: Double, scale: Double) {
        withSavedState {
            setColor(color)
            cairo_translate(pointer, x, y)
            cairo_scale(pointer, scale, scale)
            if masksAsImages, let image = try? mask.tinted(color) {
                cairo_set_source_surface(pointer, image.pointer, 0, 0)
                cairo_paint(pointer)
            } else {
                cairo_mask_surface(pointer, mask.pointer, 0, 0)
            }
        }
    }
}
