import Graphics

/// SVG, drawn by Cairo as a document.
struct SVGOutput: ImageEncoder {
    let format = OutputFormat.svg
    let displayName = "SVG"
    let mediaType = "image/svg+xml"
    let document: VectorFormat? = .svg
}

/// PDF, drawn by Cairo as a document.
struct PDFOutput: ImageEncoder {
    let format = OutputFormat.pdf
    let displayName = "PDF"
    let mediaType = "application/pdf"
    let document: VectorFormat? = .pdf
}
