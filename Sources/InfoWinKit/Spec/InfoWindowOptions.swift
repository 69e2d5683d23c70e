/// The Maps JavaScript `InfoWindowOptions` an `infoWindow` may give (SPEC.md, "The SDK, round two": looks'
/// own rules): honoured in every look, though only the web one has them natively.
package struct InfoWindowOptions: Sendable, Equatable {
    /// `disableAutoPan`: the `web` look does not pan to show this window when it opens.
    var disableAutoPan = false
    /// `pixelOffset`: the whole window (body, tail and tip) moved by this many points, y down.
    var pixelOffset = Point(x: 0, y: 0)
    /// `minWidth`: the window's content is at least this wide, in points.
    var minWidth: Double?
    /// `maxWidth`: the window's content is offered at most this width, in points (text wraps there).
    var maxWidth: Double?

    /// No option given: the window as the look makes it.
    package init() {}
}
