import CCairo

/// The vector formats Cairo writes.
package enum VectorFormat: Sendable {
    /// Scalable Vector Graphics: shapes as paths, text as glyph outlines.
    case svg
    /// Portable Document Format: shapes as paths, text as real text with embedded font subsets.
    case pdf
}

/// A one-page SVG or PDF document drawn through a `DrawingContext` and written to memory; owns its
/// `cairo_surface_t` and releases it in `deinit`.
package final class VectorDocument {
    let pointer: OpaquePointer
    /// SVG or PDF.
    package let format: VectorFormat
    private let sink: ByteSink

    /// A document of `width` × `height` units (one unit an output pixel: a point in PDF, a `px` in SVG).
    package init(_ format: VectorFormat, width: Double, height: Double) throws(GraphicsError) {
        let sink = ByteSink()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let write: cairo_write_func_t = { closure, data, length in
            Unmanaged<ByteSink>.fromOpaque(closure!).takeUnretainedValue().append(data!, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
        let made: OpaquePointer? = switch format {
        case .svg: cairo_svg_surface_create_for_stream(write, closure, width, height)
        case .pdf: cairo_pdf_surface_create_for_stream(write, closure, width, height)
        }
        guard let made else { throw .cairo("cannot create a \(width) × \(height) document") }
        self.sink = sink
        self.format = format
        pointer = made
        if format == .pdf {
            // Cairo stamps the time of the run otherwise: the same spec must give the same bytes.
            cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_CREATE_DATE, "")
            cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_CREATOR, "infowin")
        } else {
            cairo_svg_surface_set_document_unit(pointer, CAIRO_SVG_UNIT_PX)
        }
        let status = cairo_surface_status(pointer)
        if status != CAIRO_STATUS_SUCCESS {
            throw .cairo("cannot create a \(width) × \(height) document: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    /// Ends the document and returns its bytes; draw nothing on it afterwards.
    package func finish() throws(GraphicsError) -> [UInt8] {
        cairo_surface_finish(pointer)
        let status = cairo_surface_status(pointer)
        if status != CAIRO_STATUS_SUCCESS {
            throw .cairo("cannot write the document: \(String(cString: cairo_status_to_string(status)))")
        }
        return format == .svg ? SVGIdentifiers.renumbered(sink.bytes) : sink.bytes
    }
}

/// Collects what Cairo writes to a stream.
private final class ByteSink {
    var bytes: [UInt8] = []

    func append(_ data: UnsafePointer<UInt8>, count: Int) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: count))
    }
}
