import CCairo

extension ImageSurface {
    /// Decodes a PNG file's bytes; `header` limits were already checked by `PNGHeader`.
    package convenience init(pngData bytes: [UInt8]) throws(GraphicsError) {
        let reader = ByteReader(bytes: bytes)
        let made = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                let reader = Unmanaged<ByteReader>.fromOpaque(closure!).takeUnretainedValue()
                return reader.read(into: data!, count: Int(length))
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        self.init(owning: made!)
        let status = cairo_surface_status(pointer)
        if status != CAIRO_STATUS_SUCCESS {
            throw .unreadableImage(Self.pngFailure(status))
        }
    }

    /// What a failed PNG decoding means. Cairo 1.16 turns every warning libpng gives while reading
    /// (a bad checksum, image data that is cut short or does not inflate) into `CAIRO_STATUS_NO_MEMORY`,
    /// so that status, coming from the decoder, says the file is damaged: the header was checked first,
    /// and an image of at most 4096 × 4096 pixels asks for at most 64 MB.
    static func pngFailure(_ status: cairo_status_t) -> String {
        switch status {
        case CAIRO_STATUS_NO_MEMORY, CAIRO_STATUS_PNG_ERROR: "a damaged PNG (its image data is corrupt or incomplete)"
        case CAIRO_STATUS_READ_ERROR: "a damaged PNG (it ends too soon: truncated)"
        default: "a damaged PNG (\(String(cString: cairo_status_to_string(status))))"
        }
    }

    /// Encodes the surface as PNG (deterministic: no time stamp is written).
    package func pngData(compression: PNGCompression = .fast) throws(GraphicsError) -> [UInt8] {
        try PNGEncoder.encode(self, compression: compression)
    }
}

private final class ByteReader {
    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) -> cairo_status_t {
        guard count <= bytes.count - offset else { return CAIRO_STATUS_READ_ERROR }
        bytes.withUnsafeBufferPointer { source in
            destination.update(from: source.baseAddress! + offset, count: count)
        }
        offset += count
        return CAIRO_STATUS_SUCCESS
    }
}

