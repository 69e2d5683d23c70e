import Graphics

/// A value a style expression gives (MapLibre's expression types): colours are resolved, so a painter never
/// parses a colour string while drawing.
package enum StyleValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case color(RGBA)
    case array([StyleValue])
    case object([String: StyleValue])
}
