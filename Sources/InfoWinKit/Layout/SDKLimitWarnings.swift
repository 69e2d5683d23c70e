/// Warnings for what the Maps SDK documents as a limit or leaves out, though infowin draws it: a custom
/// window or contents over 500 pt either way, and `pin.scale` on a look whose pin has no scale.
enum SDKLimitWarnings {
    /// The SDK's documented limit on a custom info window (`markerInfoWindow`) or its contents, in points.
    static let customWindowLimit = 500.0

    /// The warning for a custom window or contents larger than the SDK allows, else nil. A custom window
    /// is measured by its body, custom contents by their view.
    static func windowSize(_ window: PlacedWindow) -> String? {
        let what: String, frame: Rect
        switch window.kind {
        case .standard: return nil
        case .window: (what, frame) = ("custom info window", window.frame)
        case .contents:
            guard let view = window.view else { return nil }
            (what, frame) = ("custom info window contents", view.frame)
        }
        guard frame.width > customWindowLimit || frame.height > customWindowLimit else { return nil }
        return "marker \(JSONWriter.quoted(window.markerID)): the \(what) is \(points(frame.width)) × \(points(frame.height)) pt, "
            + "larger than the \(Int(customWindowLimit)) pt the Maps SDK allows either way; drawn as laid out"
    }

    /// The warning for markers whose `pin.scale` the look ignores, else nil: only the JavaScript pin scales.
    static func pinScales(_ markers: [MarkerSpec], look: Look) -> String? {
        guard !look.rules.pinHasScale else { return nil }
        let scaled = markers.filter { ($0.pin?.scale ?? 1) != 1 }.map { JSONWriter.quoted($0.id) }
        guard let first = scaled.first else { return nil }
        let names = scaled.count == 1 ? "marker \(first)" : "markers \(scaled.prefix(OffCanvasWarnings.namedLimit).joined(separator: ", "))"
            + (scaled.count > OffCanvasWarnings.namedLimit ? ", and \(Format.grouped(scaled.count - OffCanvasWarnings.namedLimit)) more" : "")
        return "\(names): pin.scale is ignored with look \"\(look.rawValue)\" (only the web pin, PinElement, has a scale)"
    }

    private static func points(_ length: Double) -> String {
        JSONWriter.format((length * 10).rounded() / 10)
    }
}
