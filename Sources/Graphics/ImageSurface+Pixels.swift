extension ImageSurface {
    /// The ARGB32 pixels row by row, without row padding (premultiplied, 0xAARRGGBB).
    package func argbPixels() -> [UInt32] {
        let width = self.width, height = self.height
        return withPixelRows { rows, stride in
            var pixels = [UInt32](repeating: 0, count: width * height)
            for y in 0..<height {
                let row = (rows + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { pixels[y * width + x] = row[x] }
            }
            return pixels
        }
    }

    /// An ARGB32 surface holding `pixels` (premultiplied 0xAARRGGBB, row by row).
    package convenience init(width: Int, height: Int, argbPixels pixels: [UInt32]) throws(GraphicsError) {
        precondition(pixels.count == width * height, "pixel count does not match the size")
        try self.init(width: width, height: height)
        withPixelRows { rows, stride in
            for y in 0..<height {
                let row = (rows + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { row[x] = pixels[y * width + x] }
            }
        }
    }
}
