import Graphics

/// A custom view (SPEC.md, "Views"): one kind and the modifiers shared by all kinds.
public struct ViewSpec: Sendable {
    /// What the view is.
    public var kind: ViewKind
    /// Padding, background, corners, border and size bounds.
    public var modifiers: ViewModifiers
    /// Where the view is written in the spec, for messages.
    public var source: JSONPath
    /// `if`: the view is shown only when this holds for the marker.
    public var condition: ViewCondition?
    /// `forEach`: in a stack, the view is repeated once per element of this userData array.
    public var forEach: String?
    /// The one element of `forEach` this copy is drawn for, when its data-driven values were filled from
    /// that element (`"color": "{{item.color}}"`); nil for every element.
    public var forEachElement: Int?
}

extension ViewSpec {
    /// Every text view in this tree, in order, leaving out views whose `if` does not hold for `userData`
    /// (they are never shown for such a marker, so their templates may name what it lacks).
    func textViews(shownWith userData: [UserDataEntry]) -> [ViewSpec] {
        if let condition, !condition.holds(for: userData) { return [] }
        switch kind {
        case .text: return [self]
        case .vstack(let stack), .hstack(let stack), .zstack(let stack): return stack.children.flatMap { $0.textViews(shownWith: userData) }
        default: return []
        }
    }
}

extension ViewSpec {
    /// This view and every view in it, in order.
    var descendants: [ViewSpec] {
        switch kind {
        case .vstack(let stack), .hstack(let stack), .zstack(let stack): [self] + stack.children.flatMap(\.descendants)
        default: [self]
        }
    }
}

extension StackSpec {
    /// The children as shown for `marker` (inside the `forEach` element `item`, if any): those whose `if`
    /// holds, a `forEach` repeated once per element of its array (none when the marker lacks it).
    func shownChildren(for marker: MarkerSpec, item: RepeatItem?) -> [(view: ViewSpec, item: RepeatItem?)] {
        var shown: [(view: ViewSpec, item: RepeatItem?)] = []
        for child in children where child.condition?.holds(for: marker.userData) ?? true {
            guard let key = child.forEach else {
                shown.append((child, item))
                continue
            }
            let elements = marker.userData.value(at: key)?.elements ?? []
            for (index, element) in elements.enumerated() where child.forEachElement.map({ $0 == index }) ?? true {
                shown.append((child, RepeatItem(value: element.text ?? "", element: element, index: index, path: (item?.path ?? []) + [index])))
            }
        }
        return shown
    }
}

/// `"if": "userData.key"` (or `"!userData.key"`): shown only when the value exists and is not `false`,
/// `0`, `""` or `[]` (negated: only when it does not).
public struct ViewCondition: Sendable, Equatable {
    /// The userData key.
    public var key: String
    /// True for `!userData.key`.
    public var negated: Bool

    /// True when a marker with this userData shows the view.
    func holds(for userData: [UserDataEntry]) -> Bool {
        let truthy = userData.value(at: key)?.isTruthy ?? false
        return truthy != negated
    }
}

/// The kinds of view.
public indirect enum ViewKind: Sendable {
    /// Text with templates, wrapped at the width offered and cut after `maxLines` with "…".
    case text(TextViewSpec)
    /// A PNG image.
    case image(ImageViewSpec)
    /// Children one under the other.
    case vstack(StackSpec)
    /// Children side by side.
    case hstack(StackSpec)
    /// Children over each other, later on top, lined up by the stack's `zAlign`.
    case zstack(StackSpec)
    /// Empty space of a fixed length along its stack, or nil: all the free length (shared by such spacers).
    case spacer(Double?)
    /// A line across its stack.
    case divider(color: RGBA, thickness: Double)
}

/// A text view.
public struct TextViewSpec: Sendable {
    /// The text, with `{{title}}`, `{{snippet}}`, `{{id}}` and `{{userData.key}}` not yet filled in; for
    /// `spans`, their texts one after the other.
    public var template: Template
    /// `spans`: runs with their own font and colour, in order; empty for a plain text.
    public var spans: [TextSpanSpec] = []
    /// Extra space between lines, in points.
    public var lineSpacing: Double = 0
    /// The font.
    public var font: TextStyle
    /// The colour.
    public var color: RGBA
    /// Lines before "…", or nil for no limit.
    public var maxLines: Int?
    /// Where lines align in the view's width.
    public var align: Alignment
    /// This text's own locale, or nil for the spec's.
    public var locale: LocaleTag?
}

/// One run of a `spans` text.
public struct TextSpanSpec: Sendable {
    /// Its text, templates not yet filled in.
    public var template: Template
    /// Its font.
    public var font: TextStyle
    /// Its colour.
    public var color: RGBA
}

/// An image view.
public struct ImageViewSpec: Sendable {
    /// The PNG file, or nil when its path is a template filled per marker.
    public var asset: ImageAsset?
    /// A path with `{{userData.key}}` (or `{{item}}`) in it, resolved per marker from `Spec.templatedImages`.
    public var pathTemplate: Template?
    /// How the image fills its box.
    public var contentMode: ContentMode
}

/// A PNG file a spec names, read and checked.
public struct ImageAsset: Sendable {
    /// The real path of the PNG file.
    public var file: String
    /// Its bytes.
    public var bytes: [UInt8]
    /// Pixels per point (2 for `…@2x.png`).
    public var scale: Double
}

/// How an image fills a box of another shape.
public enum ContentMode: String, Sendable, CaseIterable {
    /// All of the image, as large as fits, centred.
    case fit
    /// The whole box, the image cropped, centred.
    case fill
    /// The whole box, the image distorted.
    case stretch
}

/// A stack's children, the space between them, and how they line up across it.
public struct StackSpec: Sendable {
    /// The children in order.
    public var children: [ViewSpec]
    /// Space between two children, in points.
    public var spacing: Double
    /// How children narrower (vstack) or shorter (hstack) than the stack line up.
    public var align: Alignment
    /// How a zstack's children line up in it.
    public var zAlign: ZAlignment = .center
}

/// SwiftUI's `Alignment` for a zstack: where each child sits in the stack's box.
public enum ZAlignment: String, Sendable, CaseIterable {
    case center, top, bottom, leading, trailing, topLeading, topTrailing, bottomLeading, bottomTrailing

    /// The child's horizontal position: 0 leading, 0.5 centre, 1 trailing.
    var horizontal: Double {
        switch self {
        case .leading, .topLeading, .bottomLeading: 0
        case .trailing, .topTrailing, .bottomTrailing: 1
        default: 0.5
        }
    }

    /// The child's vertical position: 0 top, 0.5 centre, 1 bottom.
    var vertical: Double {
        switch self {
        case .top, .topLeading, .topTrailing: 0
        case .bottom, .bottomLeading, .bottomTrailing: 1
        default: 0.5
        }
    }
}

/// Start, centre or end of an axis (start is left, or right in right-to-left text; top in an hstack).
public enum Alignment: String, Sendable, CaseIterable {
    case start, center, end
}

/// The modifiers every view may have.
public struct ViewModifiers: Sendable {
    /// Space inside the border.
    public var padding = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    /// The fill behind the view.
    public var background: Fill?
    /// Radii of the box's corners; content is clipped to them.
    public var cornerRadius = CornerRadii(uniform: 0)
    /// A line inside the box's edge.
    public var border: Border?
    /// The whole box's width, padding and border included.
    public var width: Double?
    /// The whole box's height.
    public var height: Double?
    /// The least width of the box.
    public var minWidth: Double?
    /// The most width of the box.
    public var maxWidth: Double?
    /// The least height of the box.
    public var minHeight: Double?
    /// The most height of the box: text in it shows the lines that fit.
    public var maxHeight: Double?
    /// 0…1, applied to the view and everything in it.
    public var opacity: Double = 1
    /// Moves the drawn view from where its container put it, without changing the layout.
    public var offset = Point(x: 0, y: 0)
    /// The tail under a `window` root, or nil.
    public var tail: TailStyle?
    /// The shadow under a `window` root, or nil.
    public var shadow: ShadowStyle?
}

/// The radius of each corner, left and right as drawn (a right-to-left locale swaps them).
public struct CornerRadii: Sendable, Equatable {
    public var topLeft, topRight, bottomLeft, bottomRight: Double

    /// The same radius at every corner.
    public init(uniform radius: Double) {
        topLeft = radius
        topRight = radius
        bottomLeft = radius
        bottomRight = radius
    }

    /// Each corner its own radius.
    public init(topLeft: Double, topRight: Double, bottomLeft: Double, bottomRight: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
    }

    /// True when no corner is rounded.
    var isZero: Bool { max(topLeft, topRight, bottomLeft, bottomRight) <= 0 }

    /// Left and right corners swapped.
    var mirrored: CornerRadii {
        CornerRadii(topLeft: topRight, topRight: topLeft, bottomLeft: bottomRight, bottomRight: bottomLeft)
    }

    /// Every radius grown by `length` (a shadow's spread), square corners left square.
    func grown(by length: Double) -> CornerRadii {
        func grow(_ radius: Double) -> Double { radius > 0 ? radius + length : 0 }
        return CornerRadii(topLeft: grow(topLeft), topRight: grow(topRight), bottomLeft: grow(bottomLeft), bottomRight: grow(bottomRight))
    }

    /// Every radius shrunk by `length` (a border's inner edge), never below zero.
    func shrunk(by length: Double) -> CornerRadii {
        CornerRadii(
            topLeft: max(0, topLeft - length), topRight: max(0, topRight - length), bottomLeft: max(0, bottomLeft - length),
            bottomRight: max(0, bottomRight - length))
    }
}

/// Lengths on each side.
public struct EdgeInsets: Sendable, Equatable {
    public var top, left, bottom, right: Double

    /// Makes insets.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any side.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A plain colour or a linear gradient.
public enum Fill: Sendable {
    case color(RGBA)
    /// From `from` to `to` along `angle` degrees (CSS: 0 upwards, 90 to the right, 180 downwards).
    case gradient(from: RGBA, to: RGBA, angle: Double)
}

/// A border's colour and width.
public struct Border: Sendable {
    public var color: RGBA
    public var width: Double
}

extension ViewSpec {
    /// True when `marker` shows this view: it has no `if`, or its `if` holds for the marker's userData.
    func isShown(for marker: MarkerSpec) -> Bool {
        condition?.holds(for: marker.userData) ?? true
    }
}

extension MarkerSpec {
    /// The icon view drawn: none when its root's `if` fails, and then the icon or pin is drawn, as when
    /// an app sets `iconView` to nil.
    var shownIconView: ViewSpec? {
        iconView.flatMap { $0.isShown(for: self) ? $0 : nil }
    }

    /// The window this marker opens, from its own `infoWindow` or the map's: a custom root view whose `if`
    /// fails is no view, as a delegate that returns nil, so the SDK's default window is shown instead.
    func shownInfoWindow(default map: InfoWindowSpec) -> InfoWindowSpec {
        var window = infoWindow ?? map
        if let view = window.content.view, !view.isShown(for: self) { window.content = .standard }
        return window
    }
}
