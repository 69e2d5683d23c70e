import Graphics

/// Lays custom views out the way SwiftUI would: a view is offered a width (and, when its container is
/// bounded, a height), takes what it needs of it (text wraps at the width offered and shows the lines
/// that fit the height), and its parent places it. See Documentation/views.md, "Custom views".
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

    /// What a view is offered: a width, and a height when its container is bounded.
    struct Offer: Hashable {
        var width: Double
        var height: Double?
    }

    /// A measured view: its size and, for a text, an image or a stack, what measuring found.
    struct Measured {
        let view: ViewSpec
        let size: Size
        let inner: Inner

        enum Inner {
            case text(FittedText, color: RGBA, align: Alignment)
            case image(ImageSurface, mode: ContentMode)
            case stack([Measured], spacing: Double, align: Alignment, axis: StackAxis)
            case zstack([Measured], align: ZAlignment)
            case divider(RGBA, thickness: Double)
            case spacer(flexible: Bool)
        }
    }

    /// A stack's direction.
    enum StackAxis {
        case vertical, horizontal
    }

    /// Measurements already made: an hstack that does not fit measures its children again, and nested
    /// ones would otherwise do so at every level (2^depth).
    private let cache = MeasureCache()

    /// Measures `view` offered `width` points.
    func measure(_ view: ViewSpec, offered width: Double) throws(InfoWinError) -> Measured {
        try measure(view, offered: Offer(width: width, height: nil), item: nil)
    }

    /// Measures `view` (drawn for `item` of an enclosing `forEach`) offered `offer`.
    func measure(_ view: ViewSpec, offered offer: Offer, item: RepeatItem?) throws(InfoWinError) -> Measured {
        let key = MeasureCache.Key(view: view.source, offer: offer, item: item?.path ?? [])
        if let measured = cache.measured[key] { return measured }
        let measured = try measureUncached(view, offered: offer, item: item)
        cache.measured[key] = measured
        return measured
    }

    private func measureUncached(_ view: ViewSpec, offered offer: Offer, item: RepeatItem?) throws(InfoWinError) -> Measured {
        let modifiers = view.modifiers
        let chrome = modifiers.chrome
        let outerWidthLimit = modifiers.width ?? min(offer.width, modifiers.maxWidth ?? .infinity)
        let outerHeightLimit = modifiers.height ?? min(offer.height ?? .infinity, modifiers.maxHeight ?? .infinity)
        let inside = Offer(
            width: max(0, outerWidthLimit - chrome.horizontal),
            height: outerHeightLimit.isFinite ? max(0, outerHeightLimit - chrome.vertical) : nil)
        let inner: Measured.Inner
        var content: Size
        switch view.kind {
        case .text(let text):
            let fitted = try fitText(text, offered: inside, item: item, at: view.source)
            inner = .text(fitted, color: text.color, align: text.align)
            content = Size(width: fitted.width, height: min(fitted.height, inside.height ?? .infinity))
        case .image(let image):
            let asset = try self.asset(of: image, at: view.source.appending("image"), item: item)
            let surface = try images.image(asset.file, bytes: asset.bytes, source: view.source.appending("image"), kind: .photo)
            inner = .image(surface, mode: image.contentMode)
            content = imageSize(
                natural: Size(width: Double(surface.width) / asset.scale, height: Double(surface.height) / asset.scale),
                width: modifiers.width.map { max(0, $0 - chrome.horizontal) },
                height: modifiers.height.map { max(0, $0 - chrome.vertical) }, offer: inside.width)
        case .vstack(let stack), .hstack(let stack):
            let axis: StackAxis = if case .vstack = view.kind { .vertical } else { .horizontal }
            let children = stack.shownChildren(for: marker, item: item)
            let measured = axis == .vertical
                ? try measureColumn(children, spacing: stack.spacing, offered: inside)
                : try measureRow(children, spacing: stack.spacing, offered: inside)
            inner = .stack(measured, spacing: stack.spacing, align: stack.align, axis: axis)
            content = stackSize(measured, spacing: stack.spacing, axis: axis, offered: inside)
        case .zstack(let stack):
            let children = try stack.shownChildren(for: marker, item: item).map { child throws(InfoWinError) in
                try measure(child.view, offered: inside, item: child.item)
            }
            inner = .zstack(children, align: stack.zAlign)
            content = Size(width: children.map(\.size.width).max() ?? 0, height: children.map(\.size.height).max() ?? 0)
        case .spacer(let length):
            inner = .spacer(flexible: length == nil)
            content = Size(width: length ?? 0, height: length ?? 0)
        case .divider(let color, let thickness):
            inner = .divider(color, thickness: thickness)
            content = Size(width: thickness, height: thickness)
        }
        let width = modifiers.width ?? clamp(content.width + chrome.horizontal, modifiers.minWidth, modifiers.maxWidth)
        let height = modifiers.height ?? clamp(content.height + chrome.vertical, modifiers.minHeight, modifiers.maxHeight)
        return Measured(view: view, size: Size(width: width, height: height), inner: inner)
    }

    /// An image view's file: its own, or its templated path filled for this marker, read when the spec
    /// was decoded.
    private func asset(of image: ImageViewSpec, at source: JSONPath, item: RepeatItem?) throws(InfoWinError) -> ImageAsset {
        if let asset = image.asset { return asset }
        let path = image.pathTemplate?.filled(for: marker, item: item) ?? ""
        guard let asset = images.templatedAssets[path] else {
            throw .invalid(
                file: file, path: source,
                message: "the image path \(JSONWriter.quoted(path)) of marker \(JSONWriter.quoted(marker.id)) was not read with the spec (its userData changed after decoding)")
        }
        return asset
    }

    private func clamp(_ length: Double, _ minimum: Double?, _ maximum: Double?) -> Double {
        min(max(length, minimum ?? 0), maximum ?? .infinity)
    }

    /// A text fitted to the width offered and, when a height is offered, to as many lines as fit in it;
    /// when not even one line fits, the first line is kept (drawn clipped, as `UILabel` clips it), and it
    /// is `truncated` only when more text follows it.
    private func fitText(_ text: TextViewSpec, offered offer: Offer, item: RepeatItem?, at source: JSONPath) throws(InfoWinError) -> FittedText {
        // Filled against the render's budget as each value is added: long userData repeated is refused, not built.
        func filled(_ template: Template) throws(InfoWinError) -> String {
            do throws(TemplateError) {
                return try template.filled(for: marker, item: item, budget: &fitter.budget.expansion)
            } catch {
                throw .invalid(file: file, path: source, message: "the text of marker \(JSONWriter.quoted(marker.id)): \(error.message)")
            }
        }
        let spans = text.spans.isEmpty
            ? [TextSpan(text: try filled(text.template), style: text.font, color: text.color)]
            : try text.spans.map { span throws(InfoWinError) in TextSpan(text: try filled(span.template), style: span.font, color: span.color) }
        var lines = text.maxLines ?? Self.defaultLineLimit
        func fit() throws(InfoWinError) -> FittedText {
            try fitter.fit(spans, maxWidth: max(offer.width, 1), maxLines: lines, locale: text.locale ?? locale, lineSpacing: text.lineSpacing)
        }
        var fitted = try fit()
        guard let height = offer.height, fitted.height > height + 1e-6 else { return fitted }
        let lineHeight = fitted.height / Double(max(1, fitted.lines.count))
        lines = max(1, min(fitted.lines.count - 1, Int((height + text.lineSpacing + 1e-6) / (lineHeight + text.lineSpacing))))
        fitted = try fit()
        while fitted.height > height + 1e-6 && lines > 1 {
            lines -= 1
            fitted = try fit()
        }
        // Not even one line fits: the first is drawn clipped, and it is cut only if an ellipsis ends it.
        return fitted
    }

    /// A vstack's children measured offered its width; when its height is bounded and they are taller,
    /// the texts give up lines, the last one first, until they fit.
    private func measureColumn(
        _ children: [(view: ViewSpec, item: RepeatItem?)], spacing: Double, offered offer: Offer
    ) throws(InfoWinError) -> [Measured] {
        let loose = Offer(width: offer.width, height: nil)
        var measured = try children.map { child throws(InfoWinError) in try measure(child.view, offered: loose, item: child.item) }
        guard let height = offer.height else { return measured }
        var overflow = measured.reduce(0) { $0 + $1.size.height } + spacing * Double(max(0, measured.count - 1)) - height
        for index in measured.indices.reversed() where overflow > 1e-6 {
            let before = measured[index].size.height
            let offered = Offer(width: offer.width, height: max(0, before - overflow))
            measured[index] = try measure(children[index].view, offered: offered, item: children[index].item)
            overflow -= before - measured[index].size.height
        }
        return measured
    }

    /// An hstack's children: each first measured at its ideal width; when they do not fit, the width left
    /// after spacers and dividers is shared out, narrowest first, each taking no more than it needs.
    private func measureRow(
        _ children: [(view: ViewSpec, item: RepeatItem?)], spacing: Double, offered offer: Offer
    ) throws(InfoWinError) -> [Measured] {
        func measureChild(_ index: Int, width: Double) throws(InfoWinError) -> Measured {
            try measure(children[index].view, offered: Offer(width: width, height: offer.height), item: children[index].item)
        }
        var measured = try children.indices.map { index throws(InfoWinError) in try measureChild(index, width: offer.width) }
        let gaps = spacing * Double(max(0, measured.count - 1))
        let total = measured.reduce(0) { $0 + $1.size.width } + gaps
        guard total > offer.width + 1e-9 else { return measured }
        let rigid = measured.indices.filter { measured[$0].isRigidInRow }
        var remaining = offer.width - gaps - rigid.reduce(0) { $0 + measured[$1].size.width }
        var flexible = measured.indices.filter { !measured[$0].isRigidInRow }.sorted { measured[$0].size.width < measured[$1].size.width }
        while let index = flexible.first {
            flexible.removeFirst()
            let share = max(0, remaining / Double(flexible.count + 1))
            if measured[index].size.width > share {
                measured[index] = try measureChild(index, width: share)
            }
            remaining -= measured[index].size.width
        }
        return measured
    }

    /// A stack's content size; one with a flexible spacer takes all the length offered along its axis.
    private func stackSize(_ children: [Measured], spacing: Double, axis: StackAxis, offered offer: Offer) -> Size {
        let vertical = axis == .vertical
        let gaps = spacing * Double(max(0, children.count - 1))
        var along = children.reduce(0) { $0 + (vertical ? $1.size.height : $1.size.width) } + gaps
        if children.contains(where: \.isFlexibleSpacer), let offered = vertical ? offer.height : offer.width, offered.isFinite {
            along = max(along, offered)
        }
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

    /// Places a measured view with its box's top-left corner at `origin` (moved by its `offset`), at
    /// `size` (its own, or what its stack gives it).
    func place(_ measured: Measured, at origin: Point, size: Size) -> PlacedView {
        let modifiers = measured.view.modifiers
        let frame = Rect(x: origin.x + modifiers.offset.x, y: origin.y + modifiers.offset.y, width: size.width, height: size.height)
        let box = frame.inset(by: modifiers.chrome)
        let content: PlacedContent
        switch measured.inner {
        case .text(let fitted, let color, let align):
            let layout = fitted.layout(width: box.width, alignment: align.textAlignment, library: library)
            // Centred in its box; a first line taller than the box is centred on it and clipped.
            let top = box.y + (box.height - fitted.height) / 2
            let clipped = fitted.height > box.height + 1e-6 || fitted.naturalWidth > box.width + 1e-6
            content = .text(PlacedText(text: fitted, layout: layout, origin: Point(x: box.x, y: top), color: color, box: frame, clipped: clipped))
        case .image(let surface, let mode):
            content = .image(surface, drawn: imageRect(surface, mode: mode, in: box))
        case .stack(let children, let spacing, let align, let axis):
            content = .stack(placeStack(children, spacing: spacing, align: align, axis: axis, in: box))
        case .zstack(let children, let align):
            content = .stack(children.map { child in
                let width = min(child.size.width, box.width), height = min(child.size.height, box.height)
                let x = box.x + (box.width - width) * align.horizontal, y = box.y + (box.height - height) * align.vertical
                return place(child, at: Point(x: x, y: y), size: Size(width: width, height: height))
            })
        case .divider(let color, _):
            content = .divider(color)
        case .spacer:
            content = .empty
        }
        return PlacedView(frame: frame, modifiers: modifiers, content: content)
    }

    private func placeStack(_ children: [Measured], spacing: Double, align: Alignment, axis: StackAxis, in box: Rect) -> [PlacedView] {
        let vertical = axis == .vertical
        let along = children.reduce(0) { $0 + (vertical ? $1.size.height : $1.size.width) } + spacing * Double(max(0, children.count - 1))
        let free = max(0, (vertical ? box.height : box.width) - along)
        let flexibleCount = children.filter(\.isFlexibleSpacer).count
        // Free length goes to flexible spacers; without one, a column is centred in a taller box.
        let spacerLength = flexibleCount > 0 ? free / Double(flexibleCount) : 0
        var cursor = vertical ? box.y + (flexibleCount > 0 ? 0 : free / 2) : box.x
        return children.map { child in
            let across = vertical ? box.width : box.height
            let childAcross = child.stretchesAcross ? across : min(vertical ? child.size.width : child.size.height, across)
            let offset: Double = switch align {
            case .start: 0
            case .center: (across - childAcross) / 2
            case .end: across - childAcross
            }
            let extra = child.isFlexibleSpacer ? spacerLength : 0
            let placed: PlacedView
            if vertical {
                placed = place(child, at: Point(x: box.x + offset, y: cursor), size: Size(width: childAcross, height: child.size.height + extra))
                cursor += child.size.height + extra + spacing
            } else {
                placed = place(child, at: Point(x: cursor, y: box.y + offset), size: Size(width: child.size.width + extra, height: childAcross))
                cursor += child.size.width + extra + spacing
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

    /// A `{ "spacer": null }`: it takes the free length along its stack.
    var isFlexibleSpacer: Bool {
        if case .spacer(flexible: true) = inner { return true }
        return false
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

/// Measured views of one layout, by where the view is written, what it was offered and which `forEach`
/// copy it is.
private final class MeasureCache {
    package struct Key: Hashable {
        let view: JSONPath
        let offer: ViewLayout.Offer
        let item: [Int]
    }

    var measured: [Key: ViewLayout.Measured] = [:]
}
