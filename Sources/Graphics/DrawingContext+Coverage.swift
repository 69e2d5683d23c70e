import CCairo

extension DrawingContext {
    /// Draws the line through `points` (user space) `width` wide with round joins and caps in the current
    /// colour, by `RoundLineCoverage` instead of Cairo's stroker: for long lines on an image. Returns false,
    /// drawing nothing, when the target is not an image (a vector document keeps its paths) or the line is
    /// under 2 pixels wide (where a pixel's distance to the line no longer tells its coverage), or a point is
    /// not finite.
    package func strokeRoundByCoverage(_ points: [(x: Double, y: Double)], width: Double) -> Bool {
        guard let image = target as? ImageSurface else { return false }
        let device = points.map { point in
            var x = point.x, y = point.y
            cairo_user_to_device(pointer, &x, &y)
            return (x: x, y: y)
        }
        // A point that is not a number (a degenerate geodesic) is left to Cairo, which skips it.
        guard device.allSatisfy({ $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e9 && abs($0.y) < 1e9 }) else { return false }
        var widthX = width, widthY = 0.0
        cairo_user_to_device_distance(pointer, &widthX, &widthY)
        let deviceWidth = (widthX * widthX + widthY * widthY).squareRoot()
        guard deviceWidth >= 2 else { return false }
        guard var line = RoundLineCoverage(points: device, lineWidth: deviceWidth, deviceWidth: image.width, deviceHeight: image.height)
        else { return true }
        let (x, y, columns, rows, stride) = (line.x, line.y, line.width, line.height, line.stride)
        line.withCoverage { bytes in
            // A surface over the coverage's bytes, gone before they are.
            let mask = cairo_image_surface_create_for_data(bytes, CAIRO_FORMAT_A8, Int32(columns), Int32(rows), Int32(stride))
            cairo_save(pointer)
            cairo_identity_matrix(pointer)
            cairo_mask_surface(pointer, mask, Double(x), Double(y))
            cairo_restore(pointer)
            cairo_surface_destroy(mask)
        }
        return true
    }
}
