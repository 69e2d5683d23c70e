import CDeflate
import CWebP

/// One frame of an animation: its pixels and how long it is shown.
package struct AnimationFrame: Sendable {
    /// The frame's pixels; every frame of an animation has the same size.
    package let pixels: StraightPixels
    /// How long it is shown, in milliseconds.
    package let milliseconds: Int

    /// A frame shown for `milliseconds`.
    package init(pixels: StraightPixels, milliseconds: Int) {
        self.pixels = pixels
        self.milliseconds = milliseconds
    }
}

/// Animated images that loop forever, the same bytes on every run: APNG (written here, its frames
/// deflated as PNG's are) and WebP (each frame lossless with libwebp, the exact pixels kept, assembled by
/// libwebpmux). Every frame is whole: one read back frame by frame gives each as it was drawn.
package enum AnimatedImage {
    /// The frames as an APNG: `acTL` (loop count 0), then for each frame an `fcTL` and its data (`IDAT`
    /// for the first, which is also the still image, `fdAT` after), RGB when every frame is opaque.
    package static func apng(_ frames: [AnimationFrame]) throws(GraphicsError) -> [UInt8] {
        let (width, height) = try size(of: frames)
        let channels = frames.allSatisfy(\.pixels.isOpaque) ? 3 : 4
        let be = PNGEncoder.bigEndian
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += PNGEncoder.chunk("IHDR", be(UInt32(width)) + be(UInt32(height)) + [8, channels == 4 ? 6 : 2, 0, 0, 0])
        file += PNGEncoder.chunk("acTL", be(UInt32(frames.count)) + be(0))
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            // Full-canvas frames at the origin, replacing what was there (APNG_DISPOSE_OP_NONE, APNG_BLEND_OP_SOURCE).
            let delay = [UInt8(frame.milliseconds >> 8 & 0xFF), UInt8(frame.milliseconds & 0xFF), 0x03, 0xE8]
            file += PNGEncoder.chunk("fcTL", be(sequence) + be(UInt32(width)) + be(UInt32(height)) + be(0) + be(0) + delay + [0, 0])
            sequence += 1
            let data = try PNGEncoder.libdeflateCompress(upFiltered(frame.pixels, channels: channels), level: 6)
            if index == 0 {
                file += PNGEncoder.chunk("IDAT", data)
            } else {
                file += PNGEncoder.chunk("fdAT", be(sequence) + data)
                sequence += 1
            }
        }
        return file + PNGEncoder.chunk("IEND", [])
    }

    /// The frames as an animated WebP: each frame lossless (exact RGB under transparent pixels too), whole,
    /// not blended, loop count 0.
    package static func webp(_ frames: [AnimationFrame]) throws(GraphicsError) -> [UInt8] {
        let (width, height) = try size(of: frames)
        guard let mux = WebPMuxNew() else { throw .cairo("cannot start the WebP animation (no memory)") }
        defer { WebPMuxDelete(mux) }
        for frame in frames {
            let still = try losslessWebP(frame.pixels)
            let status = still.withUnsafeBufferPointer { buffer in
                var info = WebPMuxFrameInfo()
                info.bitstream = WebPData(bytes: buffer.baseAddress, size: buffer.count)
                info.duration = Int32(frame.milliseconds)
                info.id = WEBP_CHUNK_ANMF
                info.dispose_method = WEBP_MUX_DISPOSE_NONE
                info.blend_method = WEBP_MUX_NO_BLEND
                return WebPMuxPushFrame(mux, &info, 1)
            }
            guard status == WEBP_MUX_OK else { throw .cairo("cannot add a frame to the WebP animation (\(status.rawValue))") }
        }
        var parameters = WebPMuxAnimParams(bgcolor: 0xFFFF_FFFF, loop_count: 0)
        guard WebPMuxSetAnimationParams(mux, &parameters) == WEBP_MUX_OK, WebPMuxSetCanvasSize(mux, Int32(width), Int32(height)) == WEBP_MUX_OK
        else { throw .cairo("cannot set the WebP animation's loop and size") }
        var assembled = WebPData()
        guard WebPMuxAssemble(mux, &assembled) == WEBP_MUX_OK, let bytes = assembled.bytes else {
            throw .cairo("cannot assemble the WebP animation")
        }
        defer { WebPDataClear(&assembled) }
        return Array(UnsafeBufferPointer(start: bytes, count: assembled.size))
    }

    /// The frames' common size; frames of different sizes cannot make one animation.
    private static func size(of frames: [AnimationFrame]) throws(GraphicsError) -> (Int, Int) {
        guard let first = frames.first else { throw .cairo("an animation needs at least one frame") }
        for (index, frame) in frames.enumerated() where frame.pixels.width != first.pixels.width || frame.pixels.height != first.pixels.height {
            throw .cairo(
                "frame \(index) is \(frame.pixels.width) × \(frame.pixels.height) pixels, frame 0 \(first.pixels.width) × \(first.pixels.height): "
                    + "an animation's frames have one size")
        }
        guard frames.allSatisfy({ (1...0xFFFF).contains($0.milliseconds) }) else { throw .cairo("a frame is held 1 to 65,535 ms") }
        return (first.pixels.width, first.pixels.height)
    }

    /// PNG rows, each behind its filter byte: "up" (2), which takes a still map and its window well.
    private static func upFiltered(_ pixels: StraightPixels, channels: Int) -> [UInt8] {
        let rowBytes = pixels.width * channels
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * pixels.height)
        var previous = [UInt8](repeating: 0, count: rowBytes), row = previous
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                for channel in 0..<channels { row[x * channels + channel] = pixels.rgba[(y * pixels.width + x) * 4 + channel] }
            }
            let start = y * (rowBytes + 1)
            out[start] = 2
            for index in 0..<rowBytes { out[start + 1 + index] = row[index] &- previous[index] }
            swap(&previous, &row)
        }
        return out
    }

    /// One frame as a lossless WebP file with the exact pixels (`exact`: transparent pixels keep their RGB).
    private static func losslessWebP(_ pixels: StraightPixels) throws(GraphicsError) -> [UInt8] {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw .cairo("libwebp's configuration does not match this build") }
        config.lossless = 1
        config.exact = 1
        config.quality = 75
        config.method = 4
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw .cairo("libwebp's picture does not match this build") }
        picture.width = Int32(pixels.width)
        picture.height = Int32(pixels.height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        let imported = pixels.rgba.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(pixels.width * 4)) }
        guard imported != 0 else { throw .cairo("cannot hand a \(pixels.width) × \(pixels.height) frame to libwebp (no memory)") }
        // The writer lives on the heap: libwebp keeps its address for the whole encoding.
        let writer = UnsafeMutablePointer<WebPMemoryWriter>.allocate(capacity: 1)
        writer.initialize(to: WebPMemoryWriter())
        WebPMemoryWriterInit(writer)
        defer {
            WebPMemoryWriterClear(writer)
            writer.deallocate()
        }
        picture.writer = WebPMemoryWrite
        picture.custom_ptr = UnsafeMutableRawPointer(writer)
        guard WebPEncode(&config, &picture) != 0, let memory = writer.pointee.mem else {
            throw .cairo("cannot encode a \(pixels.width) × \(pixels.height) frame as WebP (error \(picture.error_code.rawValue))")
        }
        return Array(UnsafeBufferPointer(start: memory, count: writer.pointee.size))
    }
}
