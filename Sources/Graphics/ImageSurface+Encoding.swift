import CTurboJPEG
import CWebP

extension ImageSurface {
    /// Encodes the surface as a baseline JPEG of `quality` (1…100) with libjpeg-turbo, composited over
    /// `matte` where it is not opaque (JPEG has no transparency). Chroma is not subsampled (4:4:4), so
    /// that the thin coloured edges of text and pins stay sharp.
    package func jpegData(quality: Int, matte: RGBA) throws(GraphicsError) -> [UInt8] {
        precondition((1...100).contains(quality))
        let width = width, height = height
        // Cairo's ARGB32 is BGRA in memory on little-endian machines, which is what TurboJPEG reads.
        let pixels = straightBGRA(over: matte)
        guard let encoder = tjInitCompress() else { throw .cairo("libjpeg-turbo could not start") }
        defer { tjDestroy(encoder) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer { buffer in
            tjCompress2(
                encoder, buffer.baseAddress, Int32(width), Int32(width * 4), Int32(height), Int32(TJPF_BGRA.rawValue),
                &output, &size, Int32(TJSAMP_444.rawValue), Int32(quality), TJFLAG_ACCURATEDCT)
        }
        defer { tjFree(output) }
        guard status == 0, let output else { throw .cairo("cannot encode the JPEG: \(String(cString: tjGetErrorStr2(encoder)))") }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// Encodes the surface as WebP with libwebp: lossy at `quality` 1…99, lossless at 100 (the exact pixels,
    /// transparency kept).
    package func webpData(quality: Int) throws(GraphicsError) -> [UInt8] {
        precondition((1...100).contains(quality))
        let width = Int32(width), height = Int32(height)
        let pixels = straightBGRA(over: nil)
        var output: UnsafeMutablePointer<UInt8>?
        let size = pixels.withUnsafeBufferPointer { buffer in
            quality == 100
                ? WebPEncodeLosslessBGRA(buffer.baseAddress, width, height, width * 4, &output)
                : WebPEncodeBGRA(buffer.baseAddress, width, height, width * 4, Float(quality), &output)
        }
        defer { WebPFree(output) }
        guard size > 0, let output else { throw .cairo("cannot encode the WebP image (\(width) × \(height))") }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// The pixels as tightly packed straight-alpha BGRA bytes, rounded as the PNG writer rounds them; with a
    /// `matte`, composited over it (opaque).
    private func straightBGRA(over matte: RGBA?) -> [UInt8] {
        let width = width, height = height
        let under = matte.map { [$0.blue, $0.green, $0.red].map { UInt32(($0 * 255).rounded()) } }
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            withPixelRows { rows, stride in
                for y in 0..<height {
                    let row = (rows + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width {
                        let pixel = row[x], alpha = pixel >> 24, index = (y * width + x) * 4
                        for channel in 0..<3 {
                            let value = pixel >> (8 * channel) & 0xFF
                            out[index + channel] = UInt8(truncatingIfNeeded: {
                                if let under { return value + (under[channel] * (255 - alpha) + 127) / 255 }
                                return alpha == 0 || alpha == 255 ? value : (value * 255 + alpha / 2) / alpha
                            }())
                        }
                        out[index + 3] = under == nil ? UInt8(alpha) : 255
                    }
                }
            }
            count = width * height * 4
        }
    }
}
