import Graphics

/// A custom view (SPEC.md, "Views"): one kind and the modifiers shared by all kinds.
package struct ViewSpec: Sendable {
    /// What the view is.
    package var kind: ViewKind
    /// Padding, background, corners, border and size bounds.
    package var modifiers: ViewModifiers
    /// Where the view is written in the spec, for messages.
    package var source: JSONPath
    /// `if`: the view is shown only when this holds for the marker.
    var condition: ViewCondition?
    /// `forEach`: in a stack, the view is repeated once per element of this userData array.
    package var forEach: String?
    /// The one element of `forEach` this copy is drawn for, when its data-driven values were filled from
    /// that element (`"color": "{{item.color}}"`); nil for every element.
    var forEachElement: Int?
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
/// `0`, `""` or `[]` (negated: only when it does not). `"if": "traits.…"` tests the traits the spec is
/// drawn with, known when it is decoded (`TraitCondition`): its answer is kept as `fixed`.
struct ViewCondition: Sendable, Equatable {
    /// The userData key (empty for a traits condition).
    package var key: String
    /// True for `!userData.key`.
    var negated: Bool
    /// A traits condition's answer, or nil for a userData condition.
    package var fixed: Bool? = nil

    /// True when a marker with this userData shows the view.
    func holds(for userData: [UserDataEntry]) -> Bool {
        if let fixed { return fixed }
        let truthy = userData.value(at: key)?.isTruthy ?? false
        return truthy != negated
    }
}

/// The kinds of view.
package indirect enum ViewKind: Sendable {
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
package struct TextViewSpec: Sendable {
    /// The text, with `{{title}}`, `{{snippet}}`, `{{id}}` and `{{userData.key}}` not yet filled in; for
    /// `spans`, their texts one after the other.
    package var template: Template
    /// `spans`: runs with their own font and colour, in order; empty for a plain text.
    package var spans: [TextSpanSpec] = []
    /// Extra space between lines, in points.
    package var lineSpacing: Double = 0
    /// The font.
    package var font: TextStyle
    /// The colour.
    package var color: RGBA
    /// Lines before "…", or nil for no limit.
    var maxLines: Int?
    /// Where lines align in the view's width.
    package var align: Alignment
    /// This text's own locale, or nil for the spec's.
    package var locale: LocaleTag?
}

/// One run of a `spans` text.
package struct TextSpanSpec: Sendable {
    /// Its text, templates not yet filled in.
    package var template: Template
    /// Its font.
    package var font: TextStyle
    /// Its colour.
    package var color: RGBA
}

/// An image view.
package struct ImageViewSpec: Sendable {
    /// The PNG file, or nil when its path is a template filled per marker.
    package var asset: ImageAsset?
    /// A path with `{{userData.key}}` (or `{{item}}`) in it, resolved per marker from `Spec.templatedImages`.
    var pathTemplate: Template?
    /// How the image fills its box.
    var contentMode: ContentMode
}

/// A PNG file a spec names, read and checked.
package struct ImageAsset: Sendable {
    /// The real path of the PNG file.
    package var file: String
    /// Its bytes.
    package var bytes: [UInt8]
    /// Pixels per point (2 for `…@2x.png`).
    package var scale: Double
}

/// How an image fills a box of another shape.
enum ContentMode: String, Sendable, CaseIterable {
    /// All of the image, as large as fits, centred.
    case fit
    /// The whole box, the image cropped, centred.
    case fill
    /// The whole box, the image distorted.
    case stretch
}

/// A stack's children, the space between them, and how they line up across it.
package struct StackSpec: Sendable {
    /// The children in order.
    package var children: [ViewSpec]
    /// Space between two children, in points.
    var spacing: Double
    /// How children narrower (vstack) or shorter (hstack) than the stack line up.
    package var align: Alignment
    /// How a zstack's children line up in it.
    var zAlign: ZAlignment = .center
}

/// SwiftUI's `Alignment` for a zstack: where each child sits in the stack's box.
enum ZAlignment: String, Sendable, CaseIterable {
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
package enum Alignment: String, Sendable, CaseIterable {
    case start, center, end
}

/// The modifiers every view may have.
package struct ViewModifiers: Sendable {
    /// Space inside the border.
    package var padding = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    /// The fill behind the view.
    package var background: Fill?
    /// Radii of the box's corners; content is clipped to them.
    var cornerRadius = CornerRadii(uniform: 0)
    /// A line inside the box's edge.
    package var border: Border?
    /// The whole box's width, padding and border included.
    package var width: Double?
    /// The whole box's height.
    package var height: Double?
    /// The least width of the box.
    var minWidth: Double?
    /// The most width of the box.
    var maxWidth: Double?
    /// The least height of the box.
    var minHeight: Double?
    /// The most height of the box: text in it shows the lines that fit.
    var maxHeight: Double?
    /// 0…1, applied to the view and everything in it.
    package var opacity: Double = 1
    /// Moves the drawn view from where its container put it, without changing the layout.
    package var offset = Point(x: 0, y: 0)
    /// The tail under a `window` root, or nil.
    package var tail: TailStyle?
    /// The shadow under a `window` root, or nil.
    package var shadow: ShadowStyle?
}

/// The radius of each corner, left and right as drawn (a right-to-left locale swaps them).
struct CornerRadii: Sendable, Equatable {
    package var topLeft, topRight, bottomLeft, bottomRight: Double

    /// The same radius at every corner.
    package init(uniform radius: Double) {
        topLeft = radius
        topRight = radius
        bottomLeft = radius
        bottomRight = radius
    }

    /// Each corner its own radius.
    package init(topLeft: Double, topRight: Double, bottomLeft: Double, bottomRight: Double) {
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
package struct EdgeInsets: Sendable, Equatable {
    package var top, left, bottom, right: Double

    /// Makes insets.
    package init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any side.
    package static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A plain colour or a linear gradient.
package enum Fill: Sendable {
    case color(RGBA)
    /// From `from` to `to` along `angle` degrees (CSS: 0 upwards, 90 to the right, 180 downwards).
    case gradient(from: RGBA, to: RGBA, angle: Double)
}

/// A border's colour and width.
package struct Border: Sendable {
    package var color: RGBA
    package var width: Double
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
