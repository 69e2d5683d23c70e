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
    /// The device's locale: Han forms, and in right-to-left locales every paragraph and view mirrored.
    let locale: LocaleTag

    private var library: FontLibrary { fitter.library }

    /// Space between the title's last line and the snippet's first, in points.
    static let titleSnippetSpacing = 2.0

    private var style: WindowStyle { window.style }

    /// The widest text of the default frame: the style's `maxWidth`, narrowed so that the body stays
    /// within the window's `maxWidth` (`InfoWindowOptions`) when it has one.
    private var textWidthLimit: Double {
        guard let maxWidth = window.options.maxWidth else { return style.maxWidth }
        let insets = defaultFrameInsets
        return max(1, min(style.maxWidth, maxWidth - insets.left - insets.right))
    }

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
            try fitter.fit(text, style: style.titleFont, maxWidth: textWidthLimit, maxLines: style.titleMaxLines, locale: locale)
        }
        let snippet = try nonEmpty(marker.snippet).map { text throws(InfoWinError) in
            try fitter.fit(text, style: style.snippetFont, maxWidth: textWidthLimit, maxLines: style.snippetMaxLines, locale: locale)
        }
        guard title != nil || snippet != nil else { return nil }
        let spacing = title != nil && snippet != nil ? Self.titleSnippetSpacing : 0
        // As wide as the widest line drawn: a `maxWidth` narrower than one character widens the window.
        let content = Size(
            width: max(title?.naturalWidth ?? 0, snippet?.naturalWidth ?? 0),
            height: (title?.height ?? 0) + spacing + (snippet?.height ?? 0))
        let chrome = WindowChrome(style: style)
        let frame = body(around: content, insets: defaultFrameInsets, chrome: chrome)
        let alignWidth = frame.width - defaultFrameInsets.left - defaultFrameInsets.right
        let left = frame.x + defaultFrameInsets.left, titleTop = frame.y + style.padding
        let placedTitle = title.map { place($0, at: Point(x: left, y: titleTop), width: alignWidth, color: style.titleColor) }
        let snippetTop = titleTop + (title?.height ?? 0) + spacing
        let placedSnippet = snippet.map { place($0, at: Point(x: left, y: snippetTop), width: alignWidth, color: style.snippetColor) }
        return placed(.standard, frame: frame, chrome: chrome, title: placedTitle, snippet: placedSnippet, view: nil)
    }

    private func placeContents(_ view: ViewSpec) throws(InfoWinError) -> PlacedWindow {
        let layout = viewLayout
        let measured = try layout.measure(view, offered: textWidthLimit)
        let insets = defaultFrameInsets
        let frame = body(around: measured.size, insets: insets, chrome: WindowChrome(style: style))
        let placedView = layout.place(measured, at: Point(x: frame.x + insets.left, y: frame.y + insets.top), size: measured.size)
            .mirrored(if: locale.isRightToLeft, about: frame.x + frame.width / 2)
        return placed(.contents, frame: frame, chrome: WindowChrome(style: style), title: nil, snippet: nil, view: placedView)
    }

    private func placeWindow(_ view: ViewSpec) throws(InfoWinError) -> PlacedWindow {
        let layout = viewLayout
        let measured = try layout.measure(view, offered: min(canvas.width, window.options.maxWidth ?? canvas.width))
        let chrome = WindowChrome(root: view.modifiers)
        let frame = body(around: measured.size, insets: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0), chrome: chrome)
        let placedView = layout.place(measured, at: Point(x: frame.x, y: frame.y), size: Size(width: frame.width, height: frame.height))
            .mirrored(if: locale.isRightToLeft, about: frame.x + frame.width / 2)
        return placed(.window, frame: frame, chrome: chrome, title: nil, snippet: nil, view: placedView)
    }

    private var viewLayout: ViewLayout {
        ViewLayout(marker: marker, fitter: fitter, images: images, file: file, locale: locale)
    }

    /// Space between the default frame's body and what it holds: `padding`, and at the end (the right,
    /// or the left in a right-to-left locale) the close button's column when the look has one.
    private var defaultFrameInsets: EdgeInsets {
        let end = style.closeButton.map { max(style.padding, $0.size + $0.inset) } ?? style.padding
        return locale.isRightToLeft
            ? EdgeInsets(top: style.padding, left: end, bottom: style.padding, right: style.padding)
            : EdgeInsets(top: style.padding, left: style.padding, bottom: style.padding, right: end)
    }

    /// The body around content of `content` size plus `insets`: whole output pixels, at least `minWidth`
    /// wide (the style's for default frames, and the window's `minWidth` for every kind) and wide enough for
    /// the tail and both corners, tall enough for the close button, centred on the anchor, its bottom a
    /// tail's height above it.
    private func body(around content: Size, insets: EdgeInsets, chrome: WindowChrome) -> Rect {
        let tail = chrome.tail ?? TailStyle(width: 0, height: 0)
        let minWidth = max(window.content.isCustomWindow ? 0 : style.minWidth, window.options.minWidth ?? 0)
        let button = window.content.isCustomWindow ? 0 : style.closeButton.map { 2 * $0.inset + $0.size } ?? 0
        let radii = chrome.cornerRadius
        let width = snapUp(max(content.width + insets.left + insets.right, tail.width + radii.bottomLeft + radii.bottomRight, minWidth))
        let height = snapUp(max(content.height + insets.top + insets.bottom, radii.topLeft + radii.bottomLeft, button))
        return Rect(x: snap(anchor.x - width / 2), y: snap(anchor.y - tail.height) - height, width: width, height: height)
    }

    private func placed(
        _ kind: WindowKind, frame: Rect, chrome: WindowChrome, title: PlacedText?, snippet: PlacedText?, view: PlacedView?
    ) -> PlacedWindow {
        PlacedWindow(
            markerID: marker.id, kind: kind, frame: frame, tailTip: anchor, chrome: chrome, title: title, snippet: snippet,
            view: view, closeButton: kind == .window ? nil : closeButton(in: frame), clipped: clippedEdges(of: frame))
    }

    /// The close button's square in the body's top-right corner (top-left in a right-to-left locale),
    /// when the look has one.
    private func closeButton(in frame: Rect) -> PlacedCloseButton? {
        style.closeButton.map { button in
            let x = locale.isRightToLeft ? frame.x + button.inset : frame.maxX - button.inset - button.size
            return PlacedCloseButton(frame: Rect(x: x, y: frame.y + button.inset, width: button.size, height: button.size), style: button)
        }
    }

    private func place(_ text: FittedText, at origin: Point, width: Double, color: RGBA) -> PlacedText {
        PlacedText(
            text: text,
            layout: text.layout(width: width, alignment: style.textAlign.alignment, library: library),
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
