import Graphics

/// Lays custom views out the way SwiftUI would: a view is offered a width, takes what it needs of it
/// (text wraps at the width it is offered), and its parent places it. See README, "Custom views".
struct ViewLayout {
    let marker: MarkerSpec
    let fitter: TextFitter
    let images: ImageCache
    let file: String
    /// The spec's locale; a text view's own `locale` wins for its text.
    let locale: LocaleTag

    private var library: FontLibrary { fitter.library }

    /// Lines of a text view without `maxLines` at most: more can never fit an info window.
    static let defaultLineLimit = 200

    /// A measured view: its size and, for a text, an image or a stack, what measuring found.
    struct Measured {
        let view: ViewSpec
        let size: Size
        let inner: Inner

        enum Inner {
            case text(FittedText, color: RGBA, align: Alignment)
            case image(ImageSurface, mode: ContentMode)
            case stack([Measured], spacing: Double, align: Alignment, vertical: Bool)
            case divider(RGBA, thickness: Double)
            case spacer
        }
    }

    /// Measurements already made: an hstack that does not fit measures its children again, and nested
    /// ones would otherwise do so at every level (2^depth).
    private let cache = MeasureCache()

    /// Measures `view` offered `width` points.
    func measure(_ view: ViewSpec, offered width: Double) throws(InfoWinError) -> Measured {
        let key = MeasureCache.Key(view: view.source, offer: width)
        if let measured = cache.measured[key] { return measured }
        let measured = try measureUncached(view, offered: width)
        cache.measured[key] = measured
        return measured
    }

    private func measureUncached(_ view: ViewSpec, offered width: Double) throws(InfoWinError) -> Measured {
        let modifiers = view.modifiers
        let chrome = modifiers.chrome
        let outerLimit = modifiers.width ?? min(width, modifiers.maxWidth ?? .infinity)
        let offer = max(0, outerLimit - chrome.horizontal)
        let fixedContentHeight = modifiers.height.map { max(0, $0 - chrome.vertical) }
        let inner: Measured.Inner
        var content: Size
        switch view.kind {
        case .text(let text):
            let fitted = try fitter.fit(
                text.template.filled(for: marker), style: text.font, maxWidth: max(offer, 1),
                maxLines: text.maxLines ?? Self.defaultLineLimit, locale: text.locale ?? locale)
            inner = .text(fitted, color: text.color, align: text.align)
            content = Size(width: fitted.width, height: fitted.height)
        case .image(let image):
            let surface = try images.image(image.file, bytes: image.bytes, source: view.source.appending("image"))
            inner = .image(surface, mode: image.contentMode)
            content = imageSize(
                natural: Size(width: Double(surface.width) / image.scale, height: Double(surface.height) / image.scale),
                width: modifiers.width.map { max(0, $0 - chrome.horizontal) }, height: fixedContentHeight, offer: offer)
        case .vstack(let stack), .hstack(let stack):
            let vertical = if case .vstack = view.kind { true } else { false }
            let children = vertical
                ? try stack.children.map { child throws(InfoWinError) in try measure(child, offered: offer) }
                : try measureRow(stack, offered: offer)
            inner = .stack(children, spacing: stack.spacing, align: stack.align, vertical: vertical)
            content = stackSize(children, spacing: stack.spacing, vertical: vertical)
        case .spacer(let length):
            inner = .spacer
            content = Size(width: length, height: length)
        case .divider(let color, let thickness):
            inner = .divider(color, thickness: thickness)
            content = Size(width: thickness, height: thickness)
        }
        var outerWidth = modifiers.width ?? content.width + chrome.horizontal
        if modifiers.width == nil {
            outerWidth = max(outerWidth, modifiers.minWidth ?? 0)
            outerWidth = min(outerWidth, modifiers.maxWidth ?? .infinity)
        }
        let outerHeight = modifiers.height ?? content.height + chrome.vertical
        return Measured(view: view, size: Size(width: outerWidth, height: outerHeight), inner: inner)
    }

    /// An hstack's children: each first measured at its ideal width; when they do not fit, the width left
    /// after spacers and dividers is shared out, narrowest first, each taking no more than it needs.
    private func measureRow(_ stack: StackSpec, offered width: Double) throws(InfoWinError) -> [Measured] {
        var measured = try stack.children.map { child throws(InfoWinError) in try measure(child, offered: width) }
        let spacing = stack.spacing * Double(max(0, measured.count - 1))
        let total = measured.reduce(0) { $0 + $1.size.width } + spacing
        guard total > width + 1e-9 else { return measured }
        let rigid = measured.indices.filter { measured[$0].isRigidInRow }
        var remaining = width - spacing - rigid.reduce(0) { $0 + measured[$1].size.width }
        var flexible = measured.indices.filter { !measured[$0].isRigidInRow }.sorted { measured[$0].size.width < measured[$1].size.width }
        while let index = flexible.first {
            flexible.removeFirst()
            let share = max(0, remaining / Double(flexible.count + 1))
            if measured[index].size.width > share {
                measured[index] = try measure(stack.children[index], offered: share)
            }
            remaining -= measured[index].size.width
        }
        return measured
    }

    private func stackSize(_ children: [Measured], spacing: Double, vertical: Bool) -> Size {
        let gaps = spacing * Double(max(0, children.count - 1))
        let along = children.reduce(0) { $0 + (vertical ? $1.size.height : $1.size.width) } + gaps
        let across = children.filter { !$0.stretchesAcross }.map { vertical ? $0.size.width : $0.size.height }.max() ?? 0
        return vertical ? Size(width: across, height: along) : Size(width: along, height: across)
    }

    /// An image's content size: its natural size in points, or the size the modifiers give with the other
    /// side following the image's aspect ratio; scaled down to the width offered.
    private func imageSize(natural: Size, width: Double?, height: Double?, offer: Double) -> Size {
        let aspect = natural.width > 0 ? natural.height / natural.width : 1
        switch (width, height) {
        case (let width?, let height?): return Size(width: width, height: height)
        case (let width?, nil): return Size(width: width, height: width * aspect)
        case (nil, let height?): return Size(width: aspect > 0 ? height / aspect : 0, height: height)
        case (nil, nil):
            guard natural.width > offer, offer > 0 else { return natural }
            return Size(width: offer, height: offer * aspect)
        }
    }

    /// Places a measured view with its box's top-left corner at `origin`, at `size` (its own, or a stack's width).
    func place(_ measured: Measured, at origin: Point, size: Size) -> PlacedView {
        let frame = Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        let modifiers = measured.view.modifiers
        let box = frame.inset(by: modifiers.chrome)
        let content: PlacedContent
        switch measured.inner {
        case .text(let fitted, let color, let align):
            let layout = fitted.layout(width: box.width, alignment: align.textAlignment, library: library)
            let top = box.y + max(0, (box.height - fitted.height) / 2)
            content = .text(PlacedText(text: fitted, layout: layout, origin: Point(x: box.x, y: top), color: color))
        case .image(let surface, let mode):
            content = .image(surface, drawn: imageRect(surface, mode: mode, in: box))
        case .stack(let children, let spacing, let align, let vertical):
            content = .stack(placeStack(children, spacing: spacing, align: align, vertical: vertical, in: box))
        case .divider(let color, _):
            content = .divider(color)
        case .spacer:
            content = .empty
        }
        return PlacedView(frame: frame, modifiers: modifiers, content: content)
    }

    private func placeStack(_ children: [Measured], spacing: Double, align: Alignment, vertical: Bool, in box: Rect) -> [PlacedView] {
        let along = children.reduce(0) { $0 + (vertical ? $1.size.height : $1.size.width) } + spacing * Double(max(0, children.count - 1))
        var cursor = vertical ? box.y + max(0, (box.height - along) / 2) : box.x
        return children.map { child in
            let across = vertical ? box.width : box.height
            let childAcross = child.stretchesAcross ? across : min(vertical ? child.size.width : child.size.height, across)
            let offset: Double = switch align {
            case .start: 0
            case .center: (across - childAcross) / 2
            case .end: across - childAcross
            }
            let placed: PlacedView
            if vertical {
                placed = place(child, at: Point(x: box.x + offset, y: cursor), size: Size(width: childAcross, height: child.size.height))
                cursor += child.size.height + spacing
            } else {
                placed = place(child, at: Point(x: cursor, y: box.y + offset), size: Size(width: child.size.width, height: childAcross))
                cursor += child.size.width + spacing
            }
            return placed
        }
    }

    /// Where an image is drawn in `box`: all of it as large as fits (fit), all of the box (fill, cropped),
    /// or the box exactly (stretch); centred.
    private func imageRect(_ surface: ImageSurface, mode: ContentMode, in box: Rect) -> Rect {
        let width = Double(surface.width), height = Double(surface.height)
        guard width > 0, height > 0, mode != .stretch else { return box }
        let scales = (box.width / width, box.height / height)
        let scale = mode == .fit ? min(scales.0, scales.1) : max(scales.0, scales.1)
        let drawn = Size(width: width * scale, height: height * scale)
        return Rect(x: box.x + (box.width - drawn.width) / 2, y: box.y + (box.height - drawn.height) / 2, width: drawn.width, height: drawn.height)
    }
}

extension ViewLayout.Measured {
    /// Dividers span their stack across; they do not make it wider or taller.
    var stretchesAcross: Bool {
        if case .divider = inner { return view.modifiers.width == nil && view.modifiers.height == nil }
        return false
    }

    /// Spacers and dividers keep their length in a row; the rest share what is left.
    var isRigidInRow: Bool {
        switch inner {
        case .spacer, .divider: true
        default: view.modifiers.width != nil
        }
    }
}

extension Alignment {
    var textAlignment: TextAlignment {
        switch self {
        case .start: .start
        case .center: .center
        case .end: .end
        }
    }
}

/// Measured views of one layout, by where the view is written and the width it was offered.
private final class MeasureCache {
    struct Key: Hashable {
        let view: JSONPath
        let offer: Double
    }

    var measured: [Key: ViewLayout.Measured] = [:]
}
