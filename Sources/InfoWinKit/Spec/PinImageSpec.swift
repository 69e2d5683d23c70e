import Graphics

/// A marker's `pin` (`GMSPinImage`, the JavaScript `PinElement`): the look's pin shape in other colours,
/// with a glyph in its head. Keys left out keep the look's pin as it is.
package struct PinImageSpec: Sendable {
    /// The pin's fill, or nil for the look's.
    package var background: RGBA?
    /// The pin's outline, or nil for the look's (drawn from the fill).
    var borderColor: RGBA?
    /// What the head shows, or nil for the look's dot.
    package var glyph: PinGlyph?
    /// The web pin's size factor (`PinElement.scale`), 0.5…3; the iOS and Android pins have none.
    package var scale: Double = 1

    /// The most characters a text glyph may have: a pin's head holds a letter or a short number.
    static let glyphTextLimit = 40
    /// The range of `scale`, as the JavaScript `PinElement` takes it.
    static let scaleRange = 0.5...3.0
}

/// What a pin's head shows.
package enum PinGlyph: Sendable {
    /// Bold text centred in the head, in `color` (nil: the look's dot colour for the fill).
    case text(String, color: RGBA?)
    /// An image scaled to fit the head: its real path, its bytes, and where the spec names it.
    case image(file: String, bytes: [UInt8], source: JSONPath)
    /// The look's dot in this colour.
    case color(RGBA)
}

/// `collisionBehavior` (`GMSCollisionBehavior`): whether a marker may be hidden where it overlaps others.
enum CollisionBehavior: String, Sendable, CaseIterable {
    /// Always drawn; hides nothing (the SDK's default).
    case required
    /// Always drawn; hides every optional marker whose icon overlaps its own.
    case requiredAndHidesOptional
    /// Hidden where it overlaps a required-and-hiding marker or a shown optional one of higher priority.
    case optionalAndHidesLowerPriority
}
