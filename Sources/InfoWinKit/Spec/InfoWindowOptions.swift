/// The Maps JavaScript `InfoWindowOptions` an `infoWindow` may give (SPEC.md, "The SDK, round two": looks'
/// own rules): honoured in every look, though only the web one has them natively.
public struct InfoWindowOptions: Sendable, Equatable {
    /// `disableAutoPan`: the `web` look does not pan to show this window when it opens.
    public var disableAutoPan = false
    /// `pixelOffset`: the whole window (body, tail and tip) moved by this many points, y down.
    public var pixelOffset = Point(x: 0, y: 0)
    /// `minWidth`: the window's content is at least this wide, in points.
    public var minWidth: Double?
    /// `maxWidth`: the window's content is offered at most this width, in points (text wraps there).
    public var maxWidth: Double?

    /// No option given: the window as the look makes it.
    public init() {}
}
