import CCairo

/// A Cairo ARGB32 image surface; owns its `cairo_surface_t` and releases it in `deinit`.
package final class ImageSurface {
    let pointer: OpaquePointer

    /// The width in pixels.
    package var width: Int { Int(cairo_image_surface_get_width(pointer)) }
    /// The height in pixels.
    package var height: Int { Int(cairo_image_surface_get_height(pointer)) }

    /// Makes a transparent surface of `width` × `height` pixels.
    package init(width: Int, height: Int, format: PixelFormat = .argb32) throws(GraphicsError) {
        guard let made = cairo_image_surface_create(format.cairoFormat, Int32(width), Int32(height)) else {
            throw .cairo("cannot create a \(width) × \(height) image")
        }
        pointer = made
        try checkStatus(context: "cannot create a \(width) × \(height) image")
    }

    /// Takes ownership of a surface reference that the caller already holds.
    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    /// A new surface with the same pixels (a frame drawn over a layer that later frames reuse).
    package func copy() throws(GraphicsError) -> ImageSurface {
        let copy = try ImageSurface(width: width, height: height)
        let context = cairo_create(copy.pointer)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(context, pointer, 0, 0)
        cairo_paint(context)
        cairo_destroy(context)
        return copy
    }

    /// An ARGB32 image of `color` seen through this alpha mask.
    func tinted(_ color: RGBA) throws(GraphicsError) -> ImageSurface {
        let image = try ImageSurface(width: width, height: height)
        let context = cairo_create(image.pointer)
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        cairo_mask_surface(context, pointer, 0, 0)
        cairo_destroy(context)
        return image
    }

    func checkStatus(context: String) throws(GraphicsError) {
        let status = cairo_surface_status(pointer)
        if status != CAIRO_STATUS_SUCCESS {
            throw .cairo("\(context): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// Reads the pixels row by row: `body` gets each row's bytes (native-endian premultiplied ARGB32, or A8).
    package func withPixelRows<Result>(_ body: (_ rows: UnsafeMutableRawPointer, _ stride: Int) throws -> Result) rethrows -> Result {
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(pointer)!)
        defer { cairo_surface_mark_dirty(pointer) }
        return try body(data, stride)
    }
}

/// The pixel formats infowin draws into.
package enum PixelFormat: Sendable {
    /// 32 bits a pixel, premultiplied alpha.
    case argb32
    /// 8 bits a pixel, alpha only (masks and shadows).
    case a8

    var cairoFormat: cairo_format_t {
        switch self {
        case .argb32: CAIRO_FORMAT_ARGB32
        case .a8: CAIRO_FORMAT_A8
        }
    }
}
