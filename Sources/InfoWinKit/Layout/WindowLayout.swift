import Graphics

/// Lays out the SDK's default info window: bold title over a smaller snippet, padded, in a rounded body
/// whose tail's tip sits on the marker's info-window anchor, centred on it and above it.
struct WindowLayout {
    let marker: MarkerSpec
    let style: WindowStyle
    /// The info-window anchor in canvas points.
    let anchor: Point
    let scale: Double
    let canvas: Size
    let library: FontLibrary

    /// Space between the title's last line and the snippet's first, in points.
    static let titleSnippetSpacing = 2.0

    /// The window, or nil when the title and the snippet are both empty (the SDK shows none).
    func place() -> PlacedWindow? {
        let fitter = TextFitter(library: library)
        let title = nonEmpty(marker.title).map {
            fitter.fit($0, style: style.titleFont, maxWidth: style.maxWidth, maxLines: style.titleMaxLines)
        }
        let snippet = nonEmpty(marker.snippet).map {
            fitter.fit($0, style: style.snippetFont, maxWidth: style.maxWidth, maxLines: style.snippetMaxLines)
        }
        guard title != nil || snippet != nil else { return nil }

        let contentWidth = max(title?.width ?? 0, snippet?.width ?? 0)
        let spacing = title != nil && snippet != nil ? Self.titleSnippetSpacing : 0
        let contentHeight = (title?.height ?? 0) + spacing + (snippet?.height ?? 0)
        let tail = style.tail ?? TailStyle(width: 0, height: 0)
        let bodyWidth = snapUp(max(contentWidth + 2 * style.padding, tail.width + 2 * style.cornerRadius))
        let bodyHeight = snapUp(max(contentHeight + 2 * style.padding, 2 * style.cornerRadius))
        let frame = Rect(
            x: snap(anchor.x - bodyWidth / 2), y: snap(anchor.y - tail.height) - bodyHeight,
            width: bodyWidth, height: bodyHeight)

        let alignWidth = bodyWidth - 2 * style.padding
        let textLeft = frame.x + style.padding
        let titleTop = frame.y + style.padding
        let placedTitle = title.map { place($0, at: Point(x: textLeft, y: titleTop), width: alignWidth, color: style.titleColor) }
        let snippetTop = titleTop + (title?.height ?? 0) + spacing
        let placedSnippet = snippet.map {
            place($0, at: Point(x: textLeft, y: snippetTop), width: alignWidth, color: style.snippetColor)
        }
        return PlacedWindow(
            markerID: marker.id, style: style, frame: frame, tailTip: anchor, title: placedTitle, snippet: placedSnippet,
            clipped: clippedEdges(of: frame))
    }

    private func place(_ text: FittedText, at origin: Point, width: Double, color: RGBA) -> PlacedText {
        PlacedText(
            text: text,
            layout: TextLayout(text: text.displayText, style: text.style, width: width, language: text.language, library: library),
            origin: origin, color: color)
    }

    private func clippedEdges(of frame: Rect) -> [CanvasEdge] {
        let epsilon = 1e-6
        return CanvasEdge.allCases.filter { edge in
            switch edge {
            case .top: frame.y < -epsilon
            case .left: frame.x < -epsilon
            case .bottom: frame.maxY > canvas.height + epsilon
            case .right: frame.maxX > canvas.width + epsilon
            }
        }
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// Rounds a length in points up to whole output pixels, so that the body's edges are crisp.
    private func snapUp(_ length: Double) -> Double {
        (length * scale - 1e-9).rounded(.up) / scale
    }

    /// Rounds a position in points to the nearest output pixel.
    private func snap(_ position: Double) -> Double {
        (position * scale).rounded() / scale
    }
}

extension PlacedWindow {
    /// The characters of the title and snippet that no font could draw, each once, in text order.
    var missingGlyphs: [MissingGlyph] {
        var seen = Set<Unicode.Scalar>()
        return [title, snippet].compactMap { $0 }
            .flatMap(\.layout.missingCharacters)
            .filter { seen.insert($0).inserted }
            .map { MissingGlyph(markerID: markerID, scalar: $0) }
    }
}
