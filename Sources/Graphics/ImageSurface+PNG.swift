import CCairo

extension ImageSurface {
    /// Decodes a PNG file's bytes; `header` limits were already checked by `PNGHeader`.
    public convenience init(pngData bytes: [UInt8]) throws(GraphicsError) {
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
            throw .unreadableImage(String(cString: cairo_status_to_string(status)))
        }
    }

    /// Encodes the surface as PNG (deterministic: no time stamp is written).
    public func pngData(compression: PNGCompression = .fast) throws(GraphicsError) -> [UInt8] {
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

