import Graphics

/// A custom view laid out: its box on the canvas (border included), its modifiers and what it holds.
struct PlacedView {
    /// The whole box, padding and border included, in canvas points.
    let frame: Rect
    let modifiers: ViewModifiers
    let content: PlacedContent

    /// The box inside the border and padding.
    var contentFrame: Rect { frame.inset(by: modifiers.chrome) }

    /// Everything the view draws may cover: its frame and its children's, which an `offset` may move out.
    var drawnBounds: Rect {
        guard case .stack(let children) = content else { return frame }
        return children.reduce(frame) { $0.union($1.drawnBounds) }
    }

    /// True when the content is larger than the box and must be clipped to it: a text whose box is
    /// lower than its first line, or narrower than a character.
    var clipsContent: Bool {
        guard case .text(let text) = content else { return false }
        return text.clipped
    }

    /// Every text in the tree, in order.
    var texts: [PlacedText] {
        switch content {
        case .text(let text): [text]
        case .stack(let children): children.flatMap(\.texts)
        case .image, .divider, .empty: []
        }
    }
}

extension PlacedView {
    /// The view mirrored about the vertical line at `axis` (canvas points), as UIKit mirrors a view
    /// hierarchy in a right-to-left locale: frames, padding and children change sides; text and images
    /// are not flipped, and lines keep the alignment their paragraphs' direction gives them.
    func mirrored(about axis: Double) -> PlacedView {
        func flip(_ rect: Rect) -> Rect { Rect(x: 2 * axis - rect.maxX, y: rect.y, width: rect.width, height: rect.height) }
        var modifiers = self.modifiers
        modifiers.padding = EdgeInsets(
            top: modifiers.padding.top, left: modifiers.padding.right, bottom: modifiers.padding.bottom, right: modifiers.padding.left)
        modifiers.cornerRadius = modifiers.cornerRadius.mirrored
        let content: PlacedContent
        switch self.content {
        case .text(let text):
            let box = flip(contentFrame)
            content = .text(PlacedText(
                text: text.text, layout: text.layout, origin: Point(x: box.x, y: text.origin.y), color: text.color,
                box: text.box.map(flip), clipped: text.clipped))
        case .image(let image, let drawn):
            content = .image(image, drawn: flip(drawn))
        case .stack(let children):
            content = .stack(children.map { $0.mirrored(about: axis) })
        case .divider, .empty:
            content = self.content
        }
        return PlacedView(frame: flip(frame), modifiers: modifiers, content: content)
    }

    /// The view mirrored about `axis` when `condition` holds, else itself.
    func mirrored(if condition: Bool, about axis: Double) -> PlacedView {
        condition ? mirrored(about: axis) : self
    }
}

/// What a placed view holds.
enum PlacedContent {
    case text(PlacedText)
    /// An image and where it is drawn (for `fill`, larger than the box, which clips it).
    case image(ImageSurface, drawn: Rect)
    case stack([PlacedView])
    case divider(RGBA)
    case empty
}

extension ViewModifiers {
    /// Border and padding on each side.
    var chrome: EdgeInsets {
        let border = self.border?.width ?? 0
        return EdgeInsets(
            top: padding.top + border, left: padding.left + border, bottom: padding.bottom + border,
            right: padding.right + border)
    }
}

extension EdgeInsets {
    var horizontal: Double { left + right }
    var vertical: Double { top + bottom }
}

extension Rect {
    /// This rectangle made smaller by `insets` (never below zero size).
    func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: x + insets.left, y: y + insets.top, width: max(0, width - insets.horizontal),
            height: max(0, height - insets.vertical))
    }
}
