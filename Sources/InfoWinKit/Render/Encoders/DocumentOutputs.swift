import Graphics

extension OutputFormat {
    /// SVG (Cairo): shapes as paths, text as outlines.
    public static let svg = OutputFormat(named: "svg")
    /// PDF (Cairo): shapes as paths, text as real text with embedded font subsets.
    public static let pdf = OutputFormat(named: "pdf")
}

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
