import Graphics

/// Lays out a marker's info window: the SDK's default (bold title over a smaller snippet), custom
/// contents inside the default frame, or a custom view as the whole window. Whatever its kind, the window
/// is centred on the marker's info-window anchor and above it, its tail's tip on the anchor.
struct WindowLayout {
    let marker: MarkerSpec
    let window: InfoWindowSpec
    /// The info-window anchor in canvas points.
    let anchor: Point
    let scale: Double
    let canvas: Size
    let fitter: TextFitter
    let images: ImageCache
    let file: String

    private var library: FontLibrary { fitter.library }

    /// Space between the title's last line and the snippet's first, in points.
    static let titleSnippetSpacing = 2.0

    private var style: WindowStyle { window.style }

    /// The window, or nil for a default window whose title and snippet are both empty (the SDK shows none).
    func place() throws(InfoWinError) -> PlacedWindow? {
        switch window.content {
        case .standard: return try placeStandard()
        case .contents(let view): return try placeContents(view)
        case .window(let view): return try placeWindow(view)
        }
    }

    private func placeStandard() throws(InfoWinError) -> PlacedWindow? {
        let title = try nonEmpty(marker.title).map { text throws(InfoWinError) in
            try fitter.fit(text, style: style.titleFont, maxWidth: style.maxWidth, maxLines: style.titleMaxLines)
        }
        let snippet = try nonEmpty(marker.snippet).map { text throws(InfoWinError) in
            try fitter.fit(text, style: style.snippetFont, maxWidth: style.maxWidth, maxLines: style.snippetMaxLines)
        }
        guard title != nil || snippet != nil else { return nil }
        let spacing = title != nil && snippet != nil ? Self.titleSnippetSpacing : 0
        let content = Size(
            width: max(title?.width ?? 0, snippet?.width ?? 0),
            height: (title?.height ?? 0) + spacing + (snippet?.height ?? 0))
        let frame = body(around: content, padding: style.padding, chrome: WindowChrome(style: style))
        let alignWidth = frame.width - 2 * style.padding
        let left = frame.x + style.padding, titleTop = frame.y + style.padding
        let placedTitle = title.map { place($0, at: Point(x: left, y: titleTop), width: alignWidth, color: style.titleColor) }
        let snippetTop = titleTop + (title?.height ?? 0) + spacing
        let placedSnippet = snippet.map { place($0, at: Point(x: left, y: snippetTop), width: alignWidth, color: style.snippetColor) }
        return placed(.standard, frame: frame, chrome: WindowChrome(style: style), title: placedTitle, snippet: placedSnippet, view: nil)
    }

    private func placeContents(_ view: ViewSpec) throws(InfoWinError) -> PlacedWindow {
        let layout = viewLayout
        let measured = try layout.measure(view, offered: style.maxWidth)
        let frame = body(around: measured.size, padding: style.padding, chrome: WindowChrome(style: style))
        let placedView = layout.place(measured, at: Point(x: frame.x + style.padding, y: frame.y + style.padding), size: measured.size)
        return placed(.contents, frame: frame, chrome: WindowChrome(style: style), title: nil, snippet: nil, view: placedView)
    }

    private func placeWindow(_ view: ViewSpec) throws(InfoWinError) -> PlacedWindow {
        let layout = viewLayout
        let measured = try layout.measure(view, offered: canvas.width)
        let chrome = WindowChrome(root: view.modifiers)
        let frame = body(around: measured.size, padding: 0, chrome: chrome)
        let placedView = layout.place(measured, at: Point(x: frame.x, y: frame.y), size: Size(width: frame.width, height: frame.height))
        return placed(.window, frame: frame, chrome: chrome, title: nil, snippet: nil, view: placedView)
    }

    private var viewLayout: ViewLayout {
        ViewLayout(marker: marker, fitter: fitter, images: images, file: file)
    }

    /// The body around content of `content` size plus `padding`: whole output pixels, wide enough for the
    /// tail and both corners, centred on the anchor, its bottom a tail's height above it.
    private func body(around content: Size, padding: Double, chrome: WindowChrome) -> Rect {
        let tail = chrome.tail ?? TailStyle(width: 0, height: 0)
        let width = snapUp(max(content.width + 2 * padding, tail.width + 2 * chrome.cornerRadius))
        let height = snapUp(max(content.height + 2 * padding, 2 * chrome.cornerRadius))
        return Rect(x: snap(anchor.x - width / 2), y: snap(anchor.y - tail.height) - height, width: width, height: height)
    }

    private func placed(
        _ kind: WindowKind, frame: Rect, chrome: WindowChrome, title: PlacedText?, snippet: PlacedText?, view: PlacedView?
    ) -> PlacedWindow {
        PlacedWindow(
            markerID: marker.id, kind: kind, frame: frame, tailTip: anchor, chrome: chrome, title: title, snippet: snippet,
            view: view, clipped: clippedEdges(of: frame))
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
    /// The characters of the window's texts that no font could draw, each once, in text order.
    var missingGlyphs: [MissingGlyph] {
        var seen = Set<Unicode.Scalar>()
        return texts.flatMap(\.layout.missingCharacters)
            .filter { seen.insert($0).inserted }
            .map { MissingGlyph(markerID: markerID, scalar: $0) }
    }
}
