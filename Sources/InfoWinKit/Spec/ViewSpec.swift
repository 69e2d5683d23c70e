import Graphics

/// A custom view (SPEC.md, "Views"): one kind and the modifiers shared by all kinds.
public struct ViewSpec: Sendable {
    /// What the view is.
    public var kind: ViewKind
    /// Padding, background, corners, border and size bounds.
    public var modifiers: ViewModifiers
    /// Where the view is written in the spec, for messages.
    public var source: JSONPath
}

extension ViewSpec {
    /// Every text view in this tree, in order.
    var textViews: [ViewSpec] {
        switch kind {
        case .text: [self]
        case .vstack(let stack), .hstack(let stack): stack.children.flatMap(\.textViews)
        default: []
        }
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
    /// Empty space of a fixed length along its stack.
    case spacer(Double)
    /// A line across its stack.
    case divider(color: RGBA, thickness: Double)
}

/// A text view.
public struct TextViewSpec: Sendable {
    /// The text, with `{{title}}`, `{{snippet}}`, `{{id}}` and `{{userData.key}}` not yet filled in.
    public var template: Template
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

/// An image view.
public struct ImageViewSpec: Sendable {
    /// The real path of the PNG file.
    public var file: String
    /// Its bytes.
    public var bytes: [UInt8]
    /// Pixels per point (2 for `…@2x.png`).
    public var scale: Double
    /// How the image fills its box.
    public var contentMode: ContentMode
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
    /// Radius of the box's corners; content is clipped to them.
    public var cornerRadius: Double = 0
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
    /// The tail under a `window` root, or nil.
    public var tail: TailStyle?
    /// The shadow under a `window` root, or nil.
    public var shadow: ShadowStyle?
}

/// Lengths on each side.
public struct EdgeInsets: Sendable, Equatable {
    public var top, left, bottom, right: Double
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
