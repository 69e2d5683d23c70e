import CCairo

/// An image's pixels kept apart from Cairo (premultiplied ARGB32, native byte order), so that decoded
/// map tiles can be shared between the threads of a batch: each render makes its own surface from them.
package struct PixelBuffer: Sendable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// The rows, `width × 4` bytes each, top first.
    package let bytes: [UInt8]

    /// The memory the buffer holds, for cache budgets.
    package var byteCount: Int { bytes.count }
}

extension ImageSurface {
    /// A copy of an ARGB32 surface's pixels.
    package var pixelBuffer: PixelBuffer {
        let width = self.width, height = self.height
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        withPixelRows { rows, stride in
            bytes.withUnsafeMutableBytes { target in
                for y in 0..<height {
                    (target.baseAddress! + y * width * 4).copyMemory(from: rows + y * stride, byteCount: width * 4)
                }
            }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }

    /// A new surface holding a copy of `buffer`'s pixels.
    package convenience init(copying buffer: PixelBuffer) throws(GraphicsError) {
        try self.init(width: buffer.width, height: buffer.height)
        withPixelRows { rows, stride in
            buffer.bytes.withUnsafeBytes { source in
                for y in 0..<buffer.height {
                    (rows + y * stride).copyMemory(from: source.baseAddress! + y * buffer.width * 4, byteCount: buffer.width * 4)
                }
            }
        }
    }
}

extension DrawingContext {
    /// Draws `image` stretched into (x, y, width, height) in the current transform, its edge pixels padded
    /// outwards so that its edges are not blended with transparency, clipped to that rectangle: a map's
    /// block of tiles drawn at any scale and angle with no seams. `bilinear` samples it as MapLibre samples
    /// raster tiles (linear), far faster than cairo's `GOOD` filter, whose box convolution shrinking an image
    /// is sharper only when it shrinks by more than half.
    package func drawImagePadded(_ image: ImageSurface, x: Double, y: Double, width: Double, height: Double, opacity: Double, bilinear: Bool = false) {
        guard image.width > 0, image.height > 0, width > 0, height > 0 else { return }
        withSavedState {
            cairo_rectangle(pointer, x, y, width, height)
            cairo_clip(pointer)
            cairo_translate(pointer, x, y)
            cairo_scale(pointer, width / Double(image.width), height / Double(image.height))
            cairo_set_source_surface(pointer, image.pointer, 0, 0)
            cairo_pattern_set_extend(cairo_get_source(pointer), CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(cairo_get_source(pointer), bilinear ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_GOOD)
            cairo_paint_with_alpha(pointer, opacity)
        }
    }
}

extension ImageSurface {
    /// A new surface holding the pixels of the rectangle (x, y, width, height), which must lie inside this one.
    package func cropped(x: Int, y: Int, width: Int, height: Int) throws(GraphicsError) -> ImageSurface {
        precondition(x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= self.width && y + height <= self.height)
        let result = try ImageSurface(width: width, height: height)
        withPixelRows { source, sourceStride in
            result.withPixelRows { target, targetStride in
                for row in 0..<height {
                    (target + row * targetStride).copyMemory(from: source + (y + row) * sourceStride + 4 * x, byteCount: 4 * width)
                }
            }
        }
        return result
    }
}
